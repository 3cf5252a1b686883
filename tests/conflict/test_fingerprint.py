"""Speed work must not change behaviour: seeded random games end in exactly the states they
reached before the engine was optimised, through the same legal-action lists and events.

The expected hashes were recorded with the unoptimised engine (commit 4578ad7), and again when
the Neutron Bomb was limited to cities (issue 19), and again, rules unchanged, when the dice
became keyed BLAKE2b (issue 17); the steps hashes again when fights' events gained the units'
names as the table knew them (`a_name`, `b_name`: events only, every final-state hash unchanged), and
when a bomb's event named its territory and an empty city said so (`terr`, `wiped_none`: likewise). Per seed:
(hash of every step's legal-action codes, events and the final state; hash of the final
`dump_state`). The chooser picks by index, so the order of legal actions matters too. Every
tenth step the state is reloaded from JSON as the host does, so a cache tied to a state
object (instead of static card and territory data) would show here. Purely random games
mostly flip units and end on the round cap; the "aggressive" cases skip the passive actions
whenever another is legal, so captures, rescues, nukes and an elimination are covered too.

To re-record after a deliberate rule change: `python -m tests.conflict.test_fingerprint`.
"""

import pytest

from games.conflict import ENGINE
from tests.fingerprint_helpers import random_game_fingerprint

THREE = {
    1: ('82476eb23927f329', '00d853b3f884cc7d'),
    2: ('c385566f6f1e3a4b', '7d9041a9859da5a5'),
    3: ('ed98527c057a0848', '5cd05c9eb7135c30'),
    4: ('a50b44584bb6f72c', '85434bfc56273b9d'),
    5: ('fcc2fb7c36801981', '0877cd568d7ebe09'),
    6: ('77f7fa4f0eda5493', 'c6ccac6c70e7e5dc'),
    7: ('8353956a528cd78f', '88ca8797c835ff5b'),
    8: ('e82a3739af3abfce', 'f334acf3d494c51f'),
    9: ('3b1e96208d7137ee', '5f9489e6659f6b57'),
    10: ('bbc314dba3cf9740', '83062d89a946019a'),
    11: ('335e296952e2c377', 'eccba916291f9202'),
    12: ('b8887fb33f1486ec', 'a2da4ba203d18f3f'),
    13: ('8576673d297b8703', 'e0ee312eac387061'),
    14: ('26ba3551ac550236', '08ab0fe0d23a0c98'),
    15: ('4f8e71018a95fa5e', '63ac554c6400a72e'),
    16: ('d49c9110e1929038', 'a879223da1580a2a'),
    17: ('c29907a7a1da7297', '49544bfe229a6654'),
    18: ('802395be27ec88b2', 'beca43ed0f263449'),
    19: ('853c9282a9f7d96b', '51a2683337ceac3a'),
    20: ('078e89e7a24cd5ca', 'e139bf4f6fe4d614'),
}

TWO = {
    1: ('14d7163aae892e62', '2aaf6ccfd82ae9e5'),
    2: ('32feab8ab119cc4d', '0b930a0a80a3ae8d'),
    3: ('c9ad884de79aab2d', '448ac7c5b313fedf'),
    4: ('8b9121ef7d8ef5e2', 'b7c483000e9417fe'),
    5: ('4d4fd9c2b6e1e21a', '4d24a666cb285aca'),
    6: ('d08dd0ebaff59c4a', '9e51e158d624f050'),
}

SIX_SHORT = {
    1: ('e0d6b2b2bee4cfa1', 'd4d71a2c92e56425'),
    2: ('b8a1a15d2186cbcd', '4b37ebe36ed21820'),
    3: ('98ad1842527e6556', '98e2b7f74425b974'),
    4: ('02446d2a502ba934', 'b2988b685c4c3e89'),
    5: ('f95796b35df26aae', 'c45202f5bc6afab3'),
    6: ('0934377bd0c63ccf', '925e8da63d9d5d14'),
}

AGGRESSIVE = {
    1: ('6f10be663c348e3e', '14d58e6136bf62c2'),
    2: ('3a283861d751a263', 'de916d5b637061f4'),
    3: ('acadc49309dc85c0', '26b6dd7e224a8281'),
    4: ('84ed90ef6949ae75', '6e1d0bd795ab0a76'),
    5: ('875fd95b3d54ab85', '73d1894c5e157215'),
    6: ('cae92b4dc19fc4b6', 'ec2b0cb558eb3f1b'),
    7: ('1b46e4ae1557b25f', '4c4b7d9c765b3d3f'),
    8: ('c893a666bb9c04e7', '96493d74537bc5cb'),
}

AGGRESSIVE_FOUR = {
    5: ('02c5576aa414c954', '643d7cf2c77e8f2e'),
    6: ('65ada9b8c9ea004c', '75719881db5ea660'),
    7: ('4154bf3ab4f86a50', '715cb17bf2aa89b3'),
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
    return random_game_fingerprint(ENGINE, seed, players, options, PASSIVE if aggressive else ())


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
