"""Speed work must not change behaviour: seeded random games end in exactly the states they
reached before the rules were optimised, through the same legal-action lists and events.

The expected hashes were recorded with the unoptimised engine (commit 26b1207). Per seed:
(hash of every step's legal-action codes, events and the final state; hash of the final
`dump_state`). The chooser picks by index, so the order of legal actions matters too.
"""
import hashlib
import json
import random

import pytest

from games.core import Seat
from games.panzer import ENGINE

ALL_OPTIONS = {"map": "kuromorimine1", "opening": "armies", "veteran": "per_mode", "hybrid": "1", "unreliable": "1",
               "spotting": "1", "shortage": "1", "rounds": "4"}

DEFAULT = {
    1: ("f2447d0d0a03cb30", "556081f151f3cca6"),
    2: ("f98cf05ca7c48af2", "8f3de23aaf3f2137"),
    3: ("18c2f521ae222bf1", "b8d30c4be94b2588"),
    4: ("43c3ba6855375e0b", "50945aeab092e50e"),
    5: ("5708318503a7eae8", "b05e9f5ebaa95e55"),
    6: ("e36b6188def7126e", "6e2a0a1c84e6d52e"),
    7: ("72cf561929e1dd59", "af4c91a7064fecd5"),
    8: ("084d85ee06464c1e", "083d1c103df4143b"),
    9: ("cfa4913ed5c5b6f1", "18dff94e66724cc4"),
    10: ("7edc5b32128fbf58", "a38af11a2ddbe1ca"),
    11: ("80d7051d31cf48fe", "1eab2ad23ef04ec1"),
    12: ("778b5f6625b94bdf", "082cb9142334836b"),
    13: ("6777d61d492bb3c3", "4fc052cbde488acc"),
    14: ("1ac49b6513c47c70", "a3f102f24a5129a8"),
    15: ("562854d7dfec4447", "5d1461383708d723"),
    16: ("08e85ab3233e3d30", "23fcc34641130153"),
    17: ("67cc6292b564b51d", "1d0949ea53a81683"),
    18: ("e92921f3000b8ad4", "dea787aeaafd136c"),
    19: ("15be7ada8f6665e7", "8a3025c2229717f2"),
    20: ("ed7593912e4b737b", "285b7a9f675b458a"),
    21: ("947e810c31e47ba7", "1db1df2c5a1d617d"),
    22: ("a96b113c460e2f47", "f527d0551a7930f9"),
    23: ("b6688fc58f63103a", "3e444b4f443358a7"),
    24: ("74c7f454343b9f06", "29e1c17e3bb0e98a"),
    25: ("e6e7cf7ccba52cd8", "94b46ac8035999f9"),
    26: ("c907575392e532cc", "ec41d6ac34431624"),
    27: ("ba12cc9f0c61e041", "37c21f85a0edf14b"),
    28: ("6b4b6fca3ec0b13b", "d31d556c415eec4f"),
    29: ("baf53c776d32df9b", "19247c16c243325c"),
    30: ("6d1bb70adfce9037", "d060e484d58bf0e7"),
}

EVERY_OPTION = {
    1: ("1d8ac017c7b52f19", "1ddeff00b941d409"),
    2: ("09ebe5e58c34a482", "a7a0ab5d35be10b3"),
    3: ("2e4e27da782ff68a", "b0ea0d28f39c959e"),
    4: ("6d63797669ba0384", "ce66f877309a5b54"),
    5: ("781cadf6db352406", "e3081297ff7aea27"),
    6: ("5c127eb69c56f8ca", "5cf1cdf8ec49678a"),
    7: ("df403259ea2fb28e", "e9cba714927b47a5"),
    8: ("7f4e09147c6127d3", "7f2fe20af999551d"),
    9: ("9d3a55ee7855610e", "4d2e253db1c163d2"),
    10: ("297327479bb13de6", "250ca93ba366488e"),
    11: ("c254cca806461e6f", "dd33e35fe44dbbe9"),
    12: ("fba5a27f79f21d81", "b00087dc453e7018"),
    13: ("b4b37dced9b2a199", "3ec7049556694dcf"),
    14: ("55b11e45d94556ac", "0ef641d9cf452aae"),
    15: ("850924d2d07c35c0", "32ace5da470e087e"),
    16: ("c58dba044d850d53", "0fdf533e45cb0a20"),
    17: ("f2516b3987268cac", "dd1bf93c67d54e1b"),
    18: ("804f2867ad6fd80a", "3d59385c6ef5eb8a"),
    19: ("b317f4bd913d716a", "af7d89eed79517c8"),
    20: ("b289a5b11ac1302d", "8a609da4105c7a63"),
    21: ("ac7e0f9ef8b6396e", "13a33408adcd5210"),
    22: ("9206e17e6f37f0a3", "1c6474388543e625"),
    23: ("ddc0bbac567cd34f", "9aefb57b1da09dbc"),
    24: ("ba4ff070741c7008", "b433afb384d78362"),
    25: ("d1b3b0aba851f213", "43fd533120e75ffa"),
    26: ("aca2e1a43cb19436", "453e15ad46a7e696"),
    27: ("18a1c2c4b8878593", "038e8cd622240c4c"),
    28: ("c77b0c5f77fc2e09", "4cc70079c1f8b475"),
    29: ("4dc0c613974c04cc", "619fc2d801d45b21"),
    30: ("d97653da019e92c1", "30acb518f27baf45"),
}


def fingerprint(seed: int, options: dict[str, str]) -> tuple[str, str]:
    rnd = random.Random(seed)
    seats = [Seat(index=i, name=f"P{i + 1}", is_bot=True) for i in range(2)]
    state = ENGINE.setup(seats, ENGINE.parse_options(options), seed).state
    steps = hashlib.sha256()
    for _ in range(20_000):
        if ENGINE.outcome(state) is not None:
            break
        seat = rnd.choice(ENGINE.active_seats(state))
        legal = ENGINE.legal_actions(state, seat)
        steps.update("|".join(a.code() for a in legal).encode())
        step = ENGINE.apply(state, seat, rnd.choice(legal))
        state = step.state
        for e in step.events:
            steps.update(json.dumps(e.model_dump(), sort_keys=True, default=str).encode())
    final = ENGINE.dump_state(state).encode()
    steps.update(final)
    return steps.hexdigest()[:16], hashlib.sha256(final).hexdigest()[:16]


@pytest.mark.parametrize("options,expected", [({}, DEFAULT), (ALL_OPTIONS, EVERY_OPTION)], ids=["default", "every_option"])
def test_seeded_random_games_are_unchanged(options, expected):
    got = {seed: fingerprint(seed, options) for seed in expected}
    assert got == expected
