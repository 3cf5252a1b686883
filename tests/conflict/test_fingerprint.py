"""Speed work must not change behaviour: seeded random games end in exactly the states they
reached before the engine was optimised, through the same legal-action lists and events.

The expected hashes were recorded with the unoptimised engine (commit 4578ad7), and again when
the Neutron Bomb was limited to cities (issue 19), and again, rules unchanged, when the dice
became keyed BLAKE2b (issue 17). Per seed:
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
    2: ('fdfe9989997dbb1d', '7d9041a9859da5a5'),
    3: ('cfab3a86cd84bb87', '5cd05c9eb7135c30'),
    4: ('6dd92b0128b33e43', '85434bfc56273b9d'),
    5: ('e55f6c7e25d6d27c', '0877cd568d7ebe09'),
    6: ('9acd6a0eebabe49c', 'c6ccac6c70e7e5dc'),
    7: ('7681a1b06ee6afcd', '88ca8797c835ff5b'),
    8: ('ccbd6554a3a3ef7c', 'f334acf3d494c51f'),
    9: ('1cbda1491d93c8f0', '5f9489e6659f6b57'),
    10: ('98b16cef5f1f5487', '83062d89a946019a'),
    11: ('cf48855ec9a1e102', 'eccba916291f9202'),
    12: ('f52476d9c3b2bc11', 'a2da4ba203d18f3f'),
    13: ('ff434d5770a7743a', 'e0ee312eac387061'),
    14: ('a5d1345b033a7a32', '08ab0fe0d23a0c98'),
    15: ('3b636c9d54aafb5f', '63ac554c6400a72e'),
    16: ('eedbd7962d95286d', 'a879223da1580a2a'),
    17: ('97f34be06a63eb3d', '49544bfe229a6654'),
    18: ('91f8023187665bcc', 'beca43ed0f263449'),
    19: ('87178d1d524797c6', '51a2683337ceac3a'),
    20: ('51dec97324af25b9', 'e139bf4f6fe4d614'),
}

TWO = {
    1: ('fb440a99ac443984', '2aaf6ccfd82ae9e5'),
    2: ('800ef737881eee24', '0b930a0a80a3ae8d'),
    3: ('1b93a71da01fc321', '448ac7c5b313fedf'),
    4: ('dd74ed2c1d110d20', 'b7c483000e9417fe'),
    5: ('7fc34239cd615a61', '4d24a666cb285aca'),
    6: ('dd83a76217055508', '9e51e158d624f050'),
}

SIX_SHORT = {
    1: ('d6e6a1f07e618d85', 'd4d71a2c92e56425'),
    2: ('93436846f69b5a83', '4b37ebe36ed21820'),
    3: ('2d958e41e227c7df', '98e2b7f74425b974'),
    4: ('f9c86483c0b28b2c', 'b2988b685c4c3e89'),
    5: ('f95796b35df26aae', 'c45202f5bc6afab3'),
    6: ('03d08f1fdc8feb21', '925e8da63d9d5d14'),
}

AGGRESSIVE = {
    1: ('1f5c12925da7f426', '14d58e6136bf62c2'),
    2: ('3da31a4736aeb930', 'de916d5b637061f4'),
    3: ('5eaa7871360ce691', '26b6dd7e224a8281'),
    4: ('946e486de51fa4e7', '6e1d0bd795ab0a76'),
    5: ('46c06368c5972636', '73d1894c5e157215'),
    6: ('8ecfea1720833bf3', 'ec2b0cb558eb3f1b'),
    7: ('9e1ad99b0d8c6188', '4c4b7d9c765b3d3f'),
    8: ('3de24b38e5e19b66', '96493d74537bc5cb'),
}

AGGRESSIVE_FOUR = {
    5: ('eef9255605cf4753', '643d7cf2c77e8f2e'),
    6: ('c6d2fcd87e693bb1', '75719881db5ea660'),
    7: ('30a5f993df4a65a4', '715cb17bf2aa89b3'),
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
