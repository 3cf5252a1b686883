"""Speed work must not change behaviour: seeded random games end in exactly the states they
reached before the engine was optimised, through the same legal-action lists and events.

The expected hashes were recorded with the unoptimised engine (commit 4578ad7), and again when
the Neutron Bomb was limited to cities (issue 19), and again, rules unchanged, when the dice
became keyed BLAKE2b (issue 17); the steps hashes again when fights' events gained the units'
names as the table knew them (`a_name`, `b_name`: events only, every final-state hash unchanged). Per seed:
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
    1: ('d778c4364212e98a', '00d853b3f884cc7d'),
    2: ('2c2e56081fbe1cce', '7d9041a9859da5a5'),
    3: ('3c64a6586a3792f6', '5cd05c9eb7135c30'),
    4: ('c9efd209e42a47e7', '85434bfc56273b9d'),
    5: ('7700a8f31bb8134a', '0877cd568d7ebe09'),
    6: ('39e3f49117184a9d', 'c6ccac6c70e7e5dc'),
    7: ('c3dab24845a902ff', '88ca8797c835ff5b'),
    8: ('aef2ea5555b9a219', 'f334acf3d494c51f'),
    9: ('df87fbc4029a50d8', '5f9489e6659f6b57'),
    10: ('3181141485ef2231', '83062d89a946019a'),
    11: ('a3614388d98a80f9', 'eccba916291f9202'),
    12: ('3376212fb22c876e', 'a2da4ba203d18f3f'),
    13: ('58d80f445f6c7350', 'e0ee312eac387061'),
    14: ('bc418a9e7a682fed', '08ab0fe0d23a0c98'),
    15: ('3b636c9d54aafb5f', '63ac554c6400a72e'),
    16: ('420ab29b979c4207', 'a879223da1580a2a'),
    17: ('0927c5c438b250e8', '49544bfe229a6654'),
    18: ('3e3058f6e3cda2e5', 'beca43ed0f263449'),
    19: ('d13a9ceee1c6efdd', '51a2683337ceac3a'),
    20: ('52cec455378b9b06', 'e139bf4f6fe4d614'),
}

TWO = {
    1: ('a5c96b8ee680b3d0', '2aaf6ccfd82ae9e5'),
    2: ('5615b0dea95faa35', '0b930a0a80a3ae8d'),
    3: ('1b93a71da01fc321', '448ac7c5b313fedf'),
    4: ('dd74ed2c1d110d20', 'b7c483000e9417fe'),
    5: ('7fc34239cd615a61', '4d24a666cb285aca'),
    6: ('dd83a76217055508', '9e51e158d624f050'),
}

SIX_SHORT = {
    1: ('e0d6b2b2bee4cfa1', 'd4d71a2c92e56425'),
    2: ('b8a1a15d2186cbcd', '4b37ebe36ed21820'),
    3: ('b34850a04a573301', '98e2b7f74425b974'),
    4: ('02446d2a502ba934', 'b2988b685c4c3e89'),
    5: ('f95796b35df26aae', 'c45202f5bc6afab3'),
    6: ('0934377bd0c63ccf', '925e8da63d9d5d14'),
}

AGGRESSIVE = {
    1: ('7263cde4a0ae96c5', '14d58e6136bf62c2'),
    2: ('0252716228661ff6', 'de916d5b637061f4'),
    3: ('1be53741d41ed7c4', '26b6dd7e224a8281'),
    4: ('11ed7599740bd248', '6e1d0bd795ab0a76'),
    5: ('8c29b2c84bd92aa1', '73d1894c5e157215'),
    6: ('2faaec6e1f918814', 'ec2b0cb558eb3f1b'),
    7: ('ed7e95a079f747c3', '4c4b7d9c765b3d3f'),
    8: ('bb01fcb6c312bcda', '96493d74537bc5cb'),
}

AGGRESSIVE_FOUR = {
    5: ('66ef73a50eabc1f0', '643d7cf2c77e8f2e'),
    6: ('a43960ff09cc1de8', '75719881db5ea660'),
    7: ('def0afa687e9bf4c', '715cb17bf2aa89b3'),
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
