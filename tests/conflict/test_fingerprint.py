"""Speed work must not change behaviour: seeded random games end in exactly the states they
reached before the engine was optimised, through the same legal-action lists and events.

The expected hashes were recorded with the unoptimised engine (commit 4578ad7), and again when
the Neutron Bomb was limited to cities (issue 19). Per seed:
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
    1: ('034f13c6ac4252ae', 'ca9eb05b17cd8bbb'),
    2: ('e4d6ff1f5e293905', 'a21af70907abc42a'),
    3: ('6c2488dc100fc20c', '7fe2e0314de91338'),
    4: ('0dd63f3ebaf551a2', '71b5ec4f79bd9d03'),
    5: ('3916b4e7693d7f6e', '1a9c027d67781c45'),
    6: ('608d425283b34e00', 'ef087a53ac0bdbbf'),
    7: ('5cb1a4922daa16a6', 'b5c4f2716b23a36f'),
    8: ('729fa87acacd8ce9', '261e2dd5e29967e9'),
    9: ('0dd62c2a56958abd', 'c2a04840eab9b3cf'),
    10: ('827bff8f1f0a423e', 'e24c44863e73d8cb'),
    11: ('e1b40d31659d8912', 'e38839d8806bf742'),
    12: ('6851c7b75e5ed9fa', '4b890f0a83534d30'),
    13: ('cbd8381ca24d4b5e', '20893f7a0d242ccb'),
    14: ('6fb249d74d3ebd55', 'b7e56ae6ae7afc2f'),
    15: ('f8fdb0050c6e8b89', '12579e94cb4e0601'),
    16: ('55f32ebc8a64a95c', '4c398f2ca609e9e0'),
    17: ('ebb49d3560171c5a', '3d390750574a114b'),
    18: ('3ca16ff9c76019d3', '387991de5bc34886'),
    19: ('6bfe969892322d7f', 'f9c40c9f797f3665'),
    20: ('416830e2168d0736', '1f065be7f2bd5de5'),
}

TWO = {
    1: ('5200ca0cf80f0344', '2d889322d4099c02'),
    2: ('7cebcc81cf033547', 'a38033c4fd0ffa3c'),
    3: ('b0a47da1d36bbd6e', '7cdff97ed6dd1937'),
    4: ('9633099aac8d3b43', '03cd05e4cdd96785'),
    5: ('f4f5aa05c92db562', 'deae7fd5287d1f06'),
    6: ('8f2a2a20864bf029', 'f701a41e04b9f831'),
}

SIX_SHORT = {
    1: ('ff86376fd49cf211', 'b1eb0ed17840f66b'),
    2: ('5722f14a8aaa8d9f', '44c1b902c374a149'),
    3: ('cd246c8554c20d82', '9f1f4b385d99c086'),
    4: ('06365646c2fd8664', '1ba720d6aa6e544b'),
    5: ('55d381da63cd4dd9', '9271c64ad91350bd'),
    6: ('8a6ed79550ffa6f5', '672591a536279591'),
}

AGGRESSIVE = {
    1: ('5072ccb77feb0b37', 'b28ad17f8ad2fabc'),
    2: ('444b3c2d736ee1e4', '015e20d669c26cbb'),
    3: ('8d16479e84cd05e9', '41f6e40b8f5a082a'),
    4: ('71c680f72775f5dd', '04f925ef8d62ca5c'),
    5: ('f76862ab153e6199', '777d11ae5dec4895'),
    6: ('7cfafb9d80ab7ae1', '386767c047b13a01'),
    7: ('83ea73e3ffafb782', '22773b8303709a2a'),
    8: ('a95b81f92f814040', '5e96f26ad323be4d'),
}

AGGRESSIVE_FOUR = {
    5: ('94fd3be6319831e1', '5da0d1fec16ae64f'),
    6: ('f447f4ad7014d3e0', 'bed3174869c2cb91'),
    7: ('cb1fb1cb65f784e1', '7ac5de406b5f22fe'),
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
