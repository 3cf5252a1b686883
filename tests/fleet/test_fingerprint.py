"""Speed work must not change behaviour: seeded random games end in exactly the states they
reached before the rules were optimised, through the same legal-action lists and events.

The expected hashes were recorded with the engine before the speed pass (commit 4578ad7), and
recorded again when the two flak guns lost distance 0 (range 1 is exactly one move, issue 19),
and again, rules unchanged, when the dice became keyed BLAKE2b (issue 17).
Step hashes recorded again, play unchanged (every final-state hash the same), when an attack's
numbered strikes went into its roll and damage events and Show of Force lost its "now usable"
DM (issue 18).
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
    1: ('805d1d12ba3b9cb1', '460c43a54c8b9e2e'),
    2: ('2428e8bdb49b2d38', '56734e87a4cfa096'),
    3: ('5974f74fa00fd5be', '437011e95301b776'),
    4: ('e92531ab161d46b5', '3ed6d4fa45270d05'),
    5: ('1e0fd77adc211dd9', 'afa60e8e403f5420'),
    6: ('3ef6205918ef162c', 'e95212505121c549'),
    7: ('ed6aac29541d7bb5', 'e9bed33f7f89b8f6'),
    8: ('fbc6b7640d674f11', 'e99347c4c9a56cdc'),
    9: ('ca9bb8764c7a5399', '504b1a7288209b7f'),
    10: ('47b9b6662efb9a46', '4a5da49a8c0db8b5'),
    11: ('3a75b81fd6588e76', '1d28df7de832fa88'),
    12: ('21fb09bd873ae718', 'eaea5e83b4f8f237'),
    13: ('9071d38704f4d258', '46db30e81ebd6baf'),
    14: ('76b8f6030aac3cd5', '0583e09cb48bca14'),
    15: ('40fd8400bd08898c', 'd2ed4a42f6fc4127'),
    16: ('756fb1adb56635df', '57d041d6d7cc343f'),
    17: ('b1025b6553468be0', '3314bd5682c0f707'),
    18: ('88437b532882ae38', '13e49b1cb5ac765a'),
    19: ('f3384a8443536357', '3501cf652bbd408f'),
    20: ('5e72d56b9b424311', 'b7e99a870fbf120d'),
    21: ('fff795e33413a90b', 'a4d384383ce26139'),
    22: ('d32dfad865fb9a9f', '13904e8be2f28e1c'),
    23: ('18bb8b2a38fca6d7', 'b770c9d304093a5e'),
    24: ('7a9dbe9ddac07686', 'b1dca222977c62f2'),
    25: ('a2d9d64c46a4a87c', '7e9640127b2f2a29'),
    26: ('91d1009bd116a042', '176bf873f436139a'),
    27: ('9ecdd92e74ec6585', '441cd9eddea8b9d8'),
    28: ('42d03cc400c39b1f', 'b8e891dbcd69362b'),
    29: ('3726f6004ca92c80', 'b3228fdee8cfad07'),
    30: ('991efd236a7695ad', '2438c55fdd822bf1'),
}

SHORT_ROUNDS = {
    1: ('51ccef3a85e62e54', 'cb3328f0b4fce469'),
    2: ('1d895adba9b6c1eb', 'cd301a04f64c8db3'),
    3: ('9adb2f1c3046c306', '40f8324211405ce2'),
    4: ('08fa070c50d3e846', '22a2925334f5bd7f'),
    5: ('a0cbf2d7c64d44ef', 'd5e6ad094d69b112'),
    6: ('665d4815f3db2491', 'a3195c13b1fe33aa'),
    7: ('d901b776a136de70', 'a42da6dc609a9d54'),
    8: ('fd054d070faa8033', '6bc219cf9680afe7'),
    9: ('4c5346540b8d5c39', '9e04e59568a3b963'),
    10: ('b35732b20dea3afa', 'ff8bd9f818b0cfc4'),
    11: ('7029da14be7d5981', '50d0f10b8b3a0249'),
    12: ('9f796fd586efc6bd', '00757035d0736958'),
    13: ('fba9fa947a88c034', 'e43539fb0a67ae0c'),
    14: ('bfd6a179c8d82004', '2ad5be455a836229'),
    15: ('23c6a98bcd6a2b98', '4cde5becaf5a90ca'),
    16: ('6cd0bfa49d2ed097', '215fc11fd754615d'),
    17: ('e9db79e71be79025', '19f7891e11ae22f8'),
    18: ('d3e0f3d14865d5da', 'e00836cc394bfd2d'),
    19: ('e177099e107dbb83', '882bded3ba7916a3'),
    20: ('941eacc470d00745', '151cc66f277be037'),
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
