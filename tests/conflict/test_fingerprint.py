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
`equip`'s `old`: likewise, issue 18). Per seed:
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
    1: ('63b3aa14a0c895be', '00d853b3f884cc7d'),
    2: ('1f71bb4b0440825d', '7d9041a9859da5a5'),
    3: ('8f2cd1db6d1c04a7', '5cd05c9eb7135c30'),
    4: ('483f71cd0a2da540', '85434bfc56273b9d'),
    5: ('4934df9bf2e56d4e', '0877cd568d7ebe09'),
    6: ('cdd6af497d0c0add', 'c6ccac6c70e7e5dc'),
    7: ('67f098f8d064f305', '88ca8797c835ff5b'),
    8: ('9759f085d1719ee3', 'f334acf3d494c51f'),
    9: ('5350341ac2efca58', '5f9489e6659f6b57'),
    10: ('a091e0c4a0cfc961', '83062d89a946019a'),
    11: ('52f8bbecc1a75afd', 'eccba916291f9202'),
    12: ('a5166809427bde4a', 'a2da4ba203d18f3f'),
    13: ('62e96dfa752c7cf0', 'e0ee312eac387061'),
    14: ('0fab38839c0255aa', '08ab0fe0d23a0c98'),
    15: ('9914af693619bd94', '63ac554c6400a72e'),
    16: ('a2c5fc862f903562', 'a879223da1580a2a'),
    17: ('fc2f85d3672e2740', '49544bfe229a6654'),
    18: ('020b97377898889c', 'beca43ed0f263449'),
    19: ('4cbd14e445bbe082', '51a2683337ceac3a'),
    20: ('8956d9dbe985ef11', 'e139bf4f6fe4d614'),
}

TWO = {
    1: ('209c9cce55d84134', '2aaf6ccfd82ae9e5'),
    2: ('c452c6002136c27f', '0b930a0a80a3ae8d'),
    3: ('3148b450c80ca397', '448ac7c5b313fedf'),
    4: ('c7e79e1c0ba95175', 'b7c483000e9417fe'),
    5: ('95db6a2735e8f279', '4d24a666cb285aca'),
    6: ('2514b382085721a4', '9e51e158d624f050'),
}

SIX_SHORT = {
    1: ('98f477f95e3a4bd6', 'd4d71a2c92e56425'),
    2: ('55396e4ad6940814', '4b37ebe36ed21820'),
    3: ('c280692c365deb17', '98e2b7f74425b974'),
    4: ('1553e22d527f57ce', 'b2988b685c4c3e89'),
    5: ('ace2ad40493b9563', 'c45202f5bc6afab3'),
    6: ('17d79a348d3cedba', '925e8da63d9d5d14'),
}

AGGRESSIVE = {
    1: ('578ab443969cc70c', '14d58e6136bf62c2'),
    2: ('29f2f751c53a83a0', 'de916d5b637061f4'),
    3: ('091f714562db1726', '26b6dd7e224a8281'),
    4: ('8e40f751c275a1e5', '6e1d0bd795ab0a76'),
    5: ('11e299e33f2548fa', '73d1894c5e157215'),
    6: ('5b420c1370ac1e48', 'ec2b0cb558eb3f1b'),
    7: ('965e3351b6762feb', '4c4b7d9c765b3d3f'),
    8: ('bccc3a8287c9fc93', '96493d74537bc5cb'),
}

AGGRESSIVE_FOUR = {
    5: ('bfb93254997ab84c', '643d7cf2c77e8f2e'),
    6: ('2d7c726c19a8059d', '75719881db5ea660'),
    7: ('e4e890894d2f2481', '715cb17bf2aa89b3'),
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
