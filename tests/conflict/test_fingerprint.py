"""Speed work must not change behaviour: seeded random games end in exactly the states they
reached before the engine was optimised, through the same legal-action lists and events.

The expected hashes were recorded with the unoptimised engine (commit 4578ad7), and again when
the Neutron Bomb was limited to cities (issue 19), and again, rules unchanged, when the dice
became keyed BLAKE2b (issue 17); the steps hashes again when fights' events gained the units'
names as the table knew them (`a_name`, `b_name`: events only, every final-state hash unchanged), and
when a bomb's event named its territory and an empty city said so (`terr`, `wiped_none`: likewise), and
when repairs, a blockaded draw and agreements named their causes and terms (`maintained`, `repaired_brain`,
`repaired_capital`, `draw_blockaded`, terms as lists, `broken`'s `other`: likewise), and when a fight's
reveal recorded the power and guard it compares and a fitting the one it discards (`pa`, `ga`, `pd`, `gd`,
`equip`'s `old`: likewise, issue 18), and when every step of a seat got its line and a pair the abilities
that changed its numbers (`sell_start`, `buy_start`, `draft`, `term`, `halt`, `next_*`, `cover`, `fund`, `pass`,
`ready`, `crew_out`, `wiped_out`, `lands_returned`, the pair's `da`, `db`, `why`: likewise, every final-state
hash unchanged). Per seed:
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
    1: ('fe55db3167e9bc3f', '00d853b3f884cc7d'),
    2: ('7ed5406fc7069818', '7d9041a9859da5a5'),
    3: ('d57a5c43596d48d2', '5cd05c9eb7135c30'),
    4: ('d442612dabc39cb4', '85434bfc56273b9d'),
    5: ('db838bdc7a1d5646', '0877cd568d7ebe09'),
    6: ('b1c1b19901341c92', 'c6ccac6c70e7e5dc'),
    7: ('5860b20f0f27ff91', '88ca8797c835ff5b'),
    8: ('b9d2dc244a217b26', 'f334acf3d494c51f'),
    9: ('6eb0dc393fee99ca', '5f9489e6659f6b57'),
    10: ('6a396d56a788e348', '83062d89a946019a'),
    11: ('cbec4c27dfa8ca2a', 'eccba916291f9202'),
    12: ('97f589c295bd658b', 'a2da4ba203d18f3f'),
    13: ('2cff6ee6df49bd8b', 'e0ee312eac387061'),
    14: ('9d73c0e3601d328e', '08ab0fe0d23a0c98'),
    15: ('95e564373247a6eb', '63ac554c6400a72e'),
    16: ('4136389b2a1b1377', 'a879223da1580a2a'),
    17: ('4652b0b92eabfed3', '49544bfe229a6654'),
    18: ('124ae9aeaf0961ae', 'beca43ed0f263449'),
    19: ('8d3a7b685db45e05', '51a2683337ceac3a'),
    20: ('0148a7605bfb9888', 'e139bf4f6fe4d614'),
}

TWO = {
    1: ('eebffd5bfab5d32e', '2aaf6ccfd82ae9e5'),
    2: ('7266b2bc08f8ab16', '0b930a0a80a3ae8d'),
    3: ('e563b32109fa17e9', '448ac7c5b313fedf'),
    4: ('e129c5b9503c7ecb', 'b7c483000e9417fe'),
    5: ('15704f659812646b', '4d24a666cb285aca'),
    6: ('437e5d6d9d686eb5', '9e51e158d624f050'),
}

SIX_SHORT = {
    1: ('7dc499c8e6ba5c2b', 'd4d71a2c92e56425'),
    2: ('68848ff3df7ece35', '4b37ebe36ed21820'),
    3: ('6a320f1de5788896', '98e2b7f74425b974'),
    4: ('fc8ef6395f61800a', 'b2988b685c4c3e89'),
    5: ('3e67f76149179f2f', 'c45202f5bc6afab3'),
    6: ('9fbdb30485ecb27d', '925e8da63d9d5d14'),
}

AGGRESSIVE = {
    1: ('d48d82d54b9b4237', '14d58e6136bf62c2'),
    2: ('7846ed141000c1b9', 'de916d5b637061f4'),
    3: ('ded8c01af2b15b1a', '26b6dd7e224a8281'),
    4: ('9f4ee503b11ffa3a', '6e1d0bd795ab0a76'),
    5: ('02c6e02534647ff1', '73d1894c5e157215'),
    6: ('5ae67e34aa2dfd6e', 'ec2b0cb558eb3f1b'),
    7: ('0710ebca051ddfe8', '4c4b7d9c765b3d3f'),
    8: ('a019d4cfbec456c8', '96493d74537bc5cb'),
}

AGGRESSIVE_FOUR = {
    5: ('4a1ddf8dc4fc2490', '643d7cf2c77e8f2e'),
    6: ('3dcf3b466d605135', '75719881db5ea660'),
    7: ('209dbab00dec4e0f', '715cb17bf2aa89b3'),
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
