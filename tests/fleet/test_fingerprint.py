"""Speed work must not change behaviour: seeded random games end in exactly the states they
reached before the rules were optimised, through the same legal-action lists and events.

The expected hashes were recorded with the engine before the speed pass (commit 4578ad7), and
recorded again when the two flak guns lost distance 0 (range 1 is exactly one move, issue 19),
and again, rules unchanged, when the dice became keyed BLAKE2b (issue 17).
Per seed: (hash of every step's legal-action codes, events and the final state; hash of the
final `dump_state`). The chooser picks by index, so the order of legal actions matters too.
"""
import hashlib
import json
import random

import pytest

from games.core import Seat
from games.fleet import ENGINE

# early count rounds: games end by 军备竞赛 or the hard cap, not only by raid or annihilation
SHORT = {"arms_round": "3", "cap_round": "5"}

DEFAULT = {
    1: ('7cf23173d8b83862', '460c43a54c8b9e2e'),
    2: ('3389be1801cbbeff', '56734e87a4cfa096'),
    3: ('a49e75ce4efe33a3', '437011e95301b776'),
    4: ('fadc8595906a337a', '3ed6d4fa45270d05'),
    5: ('6f447a105ea7d8a3', 'afa60e8e403f5420'),
    6: ('5656f83d1e58f255', 'e95212505121c549'),
    7: ('ed6aac29541d7bb5', 'e9bed33f7f89b8f6'),
    8: ('b7b3735434faf290', 'e99347c4c9a56cdc'),
    9: ('4e3490c77f86605b', '504b1a7288209b7f'),
    10: ('d203788e1e33f12b', '4a5da49a8c0db8b5'),
    11: ('64b0b542518f8a4a', '1d28df7de832fa88'),
    12: ('8620f74238eb2312', 'eaea5e83b4f8f237'),
    13: ('a4c83b61edfbd8e3', '46db30e81ebd6baf'),
    14: ('8520ca93f7cd17e7', '0583e09cb48bca14'),
    15: ('bd8313dd4447bd98', 'd2ed4a42f6fc4127'),
    16: ('475f7fd711d6021d', '57d041d6d7cc343f'),
    17: ('b1025b6553468be0', '3314bd5682c0f707'),
    18: ('cd297da2eda46ab7', '13e49b1cb5ac765a'),
    19: ('0b52b7994da756e6', '3501cf652bbd408f'),
    20: ('ce99353598000fec', 'b7e99a870fbf120d'),
    21: ('26107b149b3844f0', 'a4d384383ce26139'),
    22: ('0c2620638469363d', '13904e8be2f28e1c'),
    23: ('e1918b3955d34894', 'b770c9d304093a5e'),
    24: ('a008b95bf037703a', 'b1dca222977c62f2'),
    25: ('a2d9d64c46a4a87c', '7e9640127b2f2a29'),
    26: ('03bf3a58d66565a1', '176bf873f436139a'),
    27: ('165c02c88c57f940', '441cd9eddea8b9d8'),
    28: ('bf0be7bfb7951caa', 'b8e891dbcd69362b'),
    29: ('8f8499a075daac65', 'b3228fdee8cfad07'),
    30: ('991efd236a7695ad', '2438c55fdd822bf1'),
}

SHORT_ROUNDS = {
    1: ('d5a62036c1aa679e', 'cb3328f0b4fce469'),
    2: ('86818bd9f1387c4b', 'cd301a04f64c8db3'),
    3: ('9adb2f1c3046c306', '40f8324211405ce2'),
    4: ('6c97dd05f27e6c55', '22a2925334f5bd7f'),
    5: ('624a2c2fdd3622f7', 'd5e6ad094d69b112'),
    6: ('2a8410740e9d3f81', 'a3195c13b1fe33aa'),
    7: ('d901b776a136de70', 'a42da6dc609a9d54'),
    8: ('870d5fa37c7affeb', '6bc219cf9680afe7'),
    9: ('4c5346540b8d5c39', '9e04e59568a3b963'),
    10: ('b35732b20dea3afa', 'ff8bd9f818b0cfc4'),
    11: ('d290ba417103049a', '50d0f10b8b3a0249'),
    12: ('f6e32423f165b426', '00757035d0736958'),
    13: ('7904c062adf5ce3d', 'e43539fb0a67ae0c'),
    14: ('740f97146eece828', '2ad5be455a836229'),
    15: ('e852e47f72757f8d', '4cde5becaf5a90ca'),
    16: ('38e59695b823b774', '215fc11fd754615d'),
    17: ('e9db79e71be79025', '19f7891e11ae22f8'),
    18: ('d3e0f3d14865d5da', 'e00836cc394bfd2d'),
    19: ('58067383f994c0b4', '882bded3ba7916a3'),
    20: ('d07556521b6009ad', '151cc66f277be037'),
}


def fingerprint(seed: int, options: dict[str, str], reload: bool = False) -> tuple[str, str]:
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
        step = ENGINE.apply(state, seat, legal[rnd.randrange(len(legal))])
        state = ENGINE.load_state(ENGINE.dump_state(step.state)) if reload else step.state
        for e in step.events:
            steps.update(json.dumps(e.model_dump(), sort_keys=True, default=str).encode())
    final = ENGINE.dump_state(state).encode()
    steps.update(final)
    return steps.hexdigest()[:16], hashlib.sha256(final).hexdigest()[:16]


@pytest.mark.parametrize("options,expected", [({}, DEFAULT), (SHORT, SHORT_ROUNDS)], ids=["default", "short_rounds"])
def test_seeded_random_games_are_unchanged(options, expected):
    got = {seed: fingerprint(seed, options) for seed in expected}
    assert got == expected


def test_games_reloaded_from_json_every_step_are_the_same_games():
    """The host applies every action to a state it has just reloaded from JSON: nothing the
    engine keeps between calls may change the game."""
    got = {seed: fingerprint(seed, {}, reload=True) for seed in range(1, 9)}
    assert got == {seed: DEFAULT[seed] for seed in range(1, 9)}
