"""Speed work must not change behaviour: seeded random games end in exactly the states they
reached before the engine was optimised, through the same legal-action lists and events.

The expected hashes were recorded with the unoptimised engine (commit 4578ad7), and again when
the Neutron Bomb was limited to cities (issue 19), and again, rules unchanged, when the dice
became keyed BLAKE2b (issue 17); the steps hashes again when fights' events gained the units'
names as the table knew them (`a_name`, `b_name`: events only, every final-state hash unchanged), and
when a bomb's event named its territory and an empty city said so (`terr`, `wiped_none`: likewise), and
when repairs, a blockaded draw and agreements named their causes and terms (`maintained`, `repaired_brain`,
`repaired_capital`, `draw_blockaded`, terms as lists, `broken`'s `other`: likewise). Per seed:
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
    1: ('2b375203c7a34713', '00d853b3f884cc7d'),
    2: ('ccb332fc44bc5ad3', '7d9041a9859da5a5'),
    3: ('48f86fa372231cb2', '5cd05c9eb7135c30'),
    4: ('3c9d174e72736f77', '85434bfc56273b9d'),
    5: ('87a2cb76f619912b', '0877cd568d7ebe09'),
    6: ('5fe9adcb0eaed64e', 'c6ccac6c70e7e5dc'),
    7: ('4fe973d6355b83be', '88ca8797c835ff5b'),
    8: ('4d54bffd762695b1', 'f334acf3d494c51f'),
    9: ('a642d0b54c5af322', '5f9489e6659f6b57'),
    10: ('6cc086f8b498ebc5', '83062d89a946019a'),
    11: ('d5ab2126059479eb', 'eccba916291f9202'),
    12: ('3111afc25ef967fe', 'a2da4ba203d18f3f'),
    13: ('c7ef4b9c38f1853a', 'e0ee312eac387061'),
    14: ('a094abed3c067d4e', '08ab0fe0d23a0c98'),
    15: ('8ae19623982eb6ad', '63ac554c6400a72e'),
    16: ('a4c2076546e57456', 'a879223da1580a2a'),
    17: ('1fcb236ec4967638', '49544bfe229a6654'),
    18: ('893ce44daaa291b0', 'beca43ed0f263449'),
    19: ('f61b095f98cb04b9', '51a2683337ceac3a'),
    20: ('67a706a3c289869e', 'e139bf4f6fe4d614'),
}

TWO = {
    1: ('4811bba0f52298d2', '2aaf6ccfd82ae9e5'),
    2: ('a341e09744b9eefb', '0b930a0a80a3ae8d'),
    3: ('3e30a4fa35526ce2', '448ac7c5b313fedf'),
    4: ('ff3a53c96a29a433', 'b7c483000e9417fe'),
    5: ('0e3a9d437ad6e51a', '4d24a666cb285aca'),
    6: ('ece13315a5bfa26b', '9e51e158d624f050'),
}

SIX_SHORT = {
    1: ('cf83790be77c272f', 'd4d71a2c92e56425'),
    2: ('ed34f6213c128597', '4b37ebe36ed21820'),
    3: ('51c1f58da618e0e7', '98e2b7f74425b974'),
    4: ('aaabb5f2716e295e', 'b2988b685c4c3e89'),
    5: ('5f3c2fcd12b26fd6', 'c45202f5bc6afab3'),
    6: ('717bd82415710bac', '925e8da63d9d5d14'),
}

AGGRESSIVE = {
    1: ('f444bbce65705dd2', '14d58e6136bf62c2'),
    2: ('921559f745c9b0f5', 'de916d5b637061f4'),
    3: ('58c0688b0081a28b', '26b6dd7e224a8281'),
    4: ('36c4a7b7d533d633', '6e1d0bd795ab0a76'),
    5: ('a4670fb715be19e0', '73d1894c5e157215'),
    6: ('2604239d331d7898', 'ec2b0cb558eb3f1b'),
    7: ('33111fb084be168d', '4c4b7d9c765b3d3f'),
    8: ('bf814e42c427f81f', '96493d74537bc5cb'),
}

AGGRESSIVE_FOUR = {
    5: ('dbc261f64650c0b2', '643d7cf2c77e8f2e'),
    6: ('838e9c06ffa76c14', '75719881db5ea660'),
    7: ('2c2fdbc1ff58db92', '715cb17bf2aa89b3'),
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
