"""Speed work must not change behaviour: seeded random games end in exactly the states they
reached before the engine was optimised, through the same legal-action lists and events.

The expected hashes were recorded with the unoptimised engine (commit 4578ad7). Per seed:
(hash of every step's legal-action codes, events and the final state; hash of the final
`dump_state`). The chooser picks by index, so the order of legal actions matters too. Every
tenth step the state is reloaded from JSON as the host does, so a cache tied to a state
object (instead of static card and territory data) would show here. Purely random games
mostly flip units and end on the round cap; the "aggressive" cases skip the passive actions
whenever another is legal, so captures, rescues, nukes and an elimination are covered too.

To re-record after a deliberate rule change: `python -m tests.conflict.test_fingerprint`.
"""
import hashlib
import json
import random

import pytest

from games.conflict import ENGINE
from games.core import Seat

THREE = {
    1: ('b7d8600a82c54607', 'c2c126293a2d4751'),
    2: ('e0ac84a13f54135a', '65da31f58f56b53b'),
    3: ('8502aaf5c61b60e6', 'e6bac003995d7396'),
    4: ('844658b953e6cac7', 'ce1c420329b3fb8b'),
    5: ('dba5b3993ae10768', 'cd33d19781221204'),
    6: ('94f7e808f70fc528', '5f380d1849b829ca'),
    7: ('da144118fb209856', 'fda119cedac61df5'),
    8: ('dd77528f30c0e4ed', 'bcaaa7c18eee1f7b'),
    9: ('5d4c172976a8d052', '283e83851f421479'),
    10: ('fa8cb4cd35e85f2d', 'daaf87f442a1f0ef'),
    11: ('0686d16cf870f636', '71283415547e0aea'),
    12: ('ac8f3ffab11441c5', '1f7cc9d01079c785'),
    13: ('d1bd71877d5ec17e', '5b0e263f330ca833'),
    14: ('273d8bfcbfb798e0', '573aa44d9236ad32'),
    15: ('2751906f75919c72', '3568c87d0c83be11'),
    16: ('51d99f2fd45115c7', '832f87353729ba05'),
    17: ('06c5f4a4b1c351fa', 'dc330d051a1c7fd3'),
    18: ('3ca16ff9c76019d3', '387991de5bc34886'),
    19: ('c5a209c2cd8f293e', '88fdfff4995afa8f'),
    20: ('834bba15d2fc2fd6', 'b151c146ad5c9425'),
}

TWO = {
    1: ('7bccd1fc63a3100b', '362be585adef97a0'),
    2: ('32f4b4ed5b88096b', '6988bc7303f37edc'),
    3: ('935c79a066190b7a', '8ca6dc0d6ca159b5'),
    4: ('34383e21e9c0cede', '73c7593e2eda4dbb'),
    5: ('fb8aca548339caf9', '2dfbf0555aa0e988'),
    6: ('7e993df73438a242', 'd5b9e7844df414c5'),
}

SIX_SHORT = {
    1: ('ff86376fd49cf211', 'b1eb0ed17840f66b'),
    2: ('5722f14a8aaa8d9f', '44c1b902c374a149'),
    3: ('947d1483d4329f08', '993b79377ae429e9'),
    4: ('06365646c2fd8664', '1ba720d6aa6e544b'),
    5: ('55d381da63cd4dd9', '9271c64ad91350bd'),
    6: ('8a6ed79550ffa6f5', '672591a536279591'),
}

AGGRESSIVE = {
    1: ('f897784c0fd3641c', '892b76268a0e81ca'),
    2: ('ced5199b20a4b652', 'f3b9b86eda0afdb5'),
    3: ('e5a8b82abed2e0a6', '03f2324b3cfd38ef'),
    4: ('8c9a3cf2cce1f070', '144e81b34babc46c'),
    5: ('24b4b09bff148685', 'e00e1aa81f6491c3'),
    6: ('16c8f2aeb1e25d58', 'f03f7e618d4506e9'),
    7: ('566b47cbd003ffcc', '9912c581f4c82b90'),
    8: ('75b921cd4f30db95', '48b0e290ba023c7f'),
}

AGGRESSIVE_FOUR = {
    5: ('d24fea09550ef6eb', '08df831794d72992'),
    6: ('b22dd27d6e7df876', 'b1de034261fdffb7'),
    7: ('867430c7b7335fc7', 'a9330d33d485081a'),
}

PASSIVE = ("flip", "halt", "next", "no", "pass")

CASES = {  # name: (players, options, skip passive actions, expected)
    "three": (3, {}, False, THREE),
    "two": (2, {}, False, TWO),
    "six_short": (6, {"max_rounds": "8"}, False, SIX_SHORT),
    "aggressive": (3, {}, True, AGGRESSIVE),
    "aggressive_four": (4, {}, True, AGGRESSIVE_FOUR),
}


def fingerprint(seed: int, players: int, options: dict[str, str], aggressive: bool = False) -> tuple[str, str]:
    rnd = random.Random(seed)
    seats = [Seat(index=i, name=f"P{i + 1}", is_bot=True) for i in range(players)]
    state = ENGINE.setup(seats, ENGINE.parse_options(options), seed).state
    steps = hashlib.sha256()
    for n in range(20_000):
        if ENGINE.outcome(state) is not None:
            break
        if n % 10 == 9:
            state = ENGINE.load_state(ENGINE.dump_state(state))
        seat = rnd.choice(ENGINE.active_seats(state))
        legal = ENGINE.legal_actions(state, seat)
        steps.update("|".join(a.code() for a in legal).encode())
        pool = [a for a in legal if a.kind not in PASSIVE] if aggressive else []
        step = ENGINE.apply(state, seat, rnd.choice(pool or legal))
        state = step.state
        for e in step.events:
            steps.update(json.dumps(e.model_dump(), sort_keys=True, default=str).encode())
    final = ENGINE.dump_state(state).encode()
    steps.update(final)
    return steps.hexdigest()[:16], hashlib.sha256(final).hexdigest()[:16]


@pytest.mark.parametrize("name", list(CASES))
def test_seeded_random_games_are_unchanged(name):
    players, options, aggressive, expected = CASES[name]
    got = {seed: fingerprint(seed, players, options, aggressive) for seed in expected}
    assert got == expected


if __name__ == "__main__":
    for name, (players, options, aggressive, expected) in CASES.items():
        print(f"{name}:")
        for seed in expected:
            print(f"    {seed}: {fingerprint(seed, players, options, aggressive)!r},")
