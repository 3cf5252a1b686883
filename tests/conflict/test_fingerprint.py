"""Speed work must not change behaviour: seeded random games end in exactly the states they
reached before the engine was optimised, through the same legal-action lists and events.

The expected hashes were recorded with the unoptimised engine (commit 4578ad7), and again when
the Neutron Bomb was limited to cities (issue 19), and when reaction windows and rescues
came to ask by what the table sees (issue 17). Per seed:
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
    1: ('c9efc8b66365a944', '72b4d5650d824ffb'),
    2: ('4915b4d62442d678', 'b12a68925dfcf147'),
    3: ('a69ba0a9a78fcd8b', 'd2fc772df6c39764'),
    4: ('ec1b8e509952dfe7', '3ded41a35256fb36'),
    5: ('52f9bae9609872e5', '81021d062149f86e'),
    6: ('61080e470abd70ee', '0ed2e6793cbd518c'),
    7: ('37ef5c0d40d50ee8', 'f4d88b9f46b3f4d9'),
    8: ('84cbbc6221c9e6ca', 'dd6f424ab6b65b0b'),
    9: ('07f3dba44e85ee37', 'c87041ccd9ead12a'),
    10: ('f78f24e13a066b62', '9aac433ca9014c5e'),
    11: ('6019b4704cb535de', 'c0160ec74a7eab19'),
    12: ('be5aa365963df807', 'e66f4ba226af34e4'),
    13: ('b1ed15351b2b488a', '49bb7d8db03a5973'),
    14: ('d9ab540ca19027a9', '0d64f6d3724354d2'),
    15: ('0f344ad571fdf1be', '43df7f508ee76258'),
    16: ('5a11c2695411441d', '2a0e88b048be36b2'),
    17: ('925ce0c13a2e079d', '352e2d02dab3db50'),
    18: ('778367cbbad60a29', '157fc86354b7abb8'),
    19: ('1bc3e99d3873642e', '071f6810187970ea'),
    20: ('57c02d2261fbd22e', 'b7e0c151e8b9afc0'),
}

TWO = {
    1: ('8b6b99fb50cbeb5b', 'febf1371accadee9'),
    2: ('e6c7c8736cdf9dda', '6ece686615d8da72'),
    3: ('f4b3ba1e8052560a', 'd84e096abcdd422e'),
    4: ('4d55c2a82cbcc286', '58b4d11a7ed23626'),
    5: ('f8389983b7202e67', 'a9f0362b34e90dae'),
    6: ('8dbd2ab09813dc82', 'e7a8340f64c66f9e'),
}

SIX_SHORT = {
    1: ('27c8ad77e6d5d5a2', 'c74583949533591e'),
    2: ('ac8a3705066e70c9', '379a35ca529c3f00'),
    3: ('5f561bf5620e856c', '39dc56f2e61735b4'),
    4: ('ab6c1cc60edbaf6d', '002aefb53ad3d740'),
    5: ('b4364e9e83995990', '4ab1540ad9b84be2'),
    6: ('e3d00bd730a47423', 'eb6bc3b6b7649895'),
}

AGGRESSIVE = {
    1: ('3b8c7f5edb0a3c8b', '86e9e909b49f59a9'),
    2: ('51d66e773c3a4c90', '2b3ab6515f3570df'),
    3: ('bba2010579b5f865', 'b155806249d2de06'),
    4: ('b8b92458afe5a9a2', 'b1336df05cc876bc'),
    5: ('91e99cde36da0d7b', 'fe6b3f52df228dcf'),
    6: ('6f0651cd0e59d852', '300a24d57ac3a0d0'),
    7: ('1a1ea228a5fa9592', '42df5794f243738e'),
    8: ('2e64d1d38110985f', '22050f09c6a5cd74'),
}

AGGRESSIVE_FOUR = {
    5: ('4770b8f39125efa4', '810b2f7f42da9d74'),
    6: ('d47a6d30436928fb', 'db8eb259ea6a8b94'),
    7: ('df85a9c6b36a92c4', '7e21a6ee0a8a5565'),
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
