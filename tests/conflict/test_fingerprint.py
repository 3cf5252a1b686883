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
`ready`, `crew_out`, `wiped_out`, `lands_returned`, the pair's `da`, `db`, `why`, a special attack's `cost` and
`discarded`: likewise), and when a reveal recorded each figure's terms, a moving vehicle its rider and a
rescue whether its owner was asked (`terms`, `rider`, `own`: likewise, issue 18; every final-state
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
    1: ('1a91843210b14c37', '00d853b3f884cc7d'),
    2: ('d29b41f393ae9587', '7d9041a9859da5a5'),
    3: ('6ecedc108d859f99', '5cd05c9eb7135c30'),
    4: ('4335286d0478d76a', '85434bfc56273b9d'),
    5: ('c7972da8e254221c', '0877cd568d7ebe09'),
    6: ('881fe32c7da47615', 'c6ccac6c70e7e5dc'),
    7: ('fa967eec0d946d5d', '88ca8797c835ff5b'),
    8: ('cb5ef5161fad5dea', 'f334acf3d494c51f'),
    9: ('59e0910db0043962', '5f9489e6659f6b57'),
    10: ('bb9b2ed21149696a', '83062d89a946019a'),
    11: ('587c724845ef7f97', 'eccba916291f9202'),
    12: ('d50a549f583d7031', 'a2da4ba203d18f3f'),
    13: ('c3cf1354ed6303e4', 'e0ee312eac387061'),
    14: ('ac7bc306f8f41ed5', '08ab0fe0d23a0c98'),
    15: ('0a119b47a0901e31', '63ac554c6400a72e'),
    16: ('7e7bc3ce3614520c', 'a879223da1580a2a'),
    17: ('45d254e5dad5aab4', '49544bfe229a6654'),
    18: ('6c26beb450e5c18a', 'beca43ed0f263449'),
    19: ('bca53e536d84a299', '51a2683337ceac3a'),
    20: ('0fbfce9363ece866', 'e139bf4f6fe4d614'),
}

TWO = {
    1: ('21f8a07fc570e2eb', '2aaf6ccfd82ae9e5'),
    2: ('15ea5b2f1f3c5237', '0b930a0a80a3ae8d'),
    3: ('7d4eff2380afb42e', '448ac7c5b313fedf'),
    4: ('cf96e1007ec3b647', 'b7c483000e9417fe'),
    5: ('f7a228bb6afd5690', '4d24a666cb285aca'),
    6: ('7d447484e8ddc9eb', '9e51e158d624f050'),
}

SIX_SHORT = {
    1: ('3197fde3747ef319', 'd4d71a2c92e56425'),
    2: ('6a9ed65e61c21c02', '4b37ebe36ed21820'),
    3: ('cf79ea44228ad915', '98e2b7f74425b974'),
    4: ('54f5c75b4814db21', 'b2988b685c4c3e89'),
    5: ('12d879f8c5512d26', 'c45202f5bc6afab3'),
    6: ('a745a94ee07d3439', '925e8da63d9d5d14'),
}

AGGRESSIVE = {
    1: ('6f00285b6cfb79d8', '14d58e6136bf62c2'),
    2: ('6f134d3850973c8d', 'de916d5b637061f4'),
    3: ('f91420b60aff4a3b', '26b6dd7e224a8281'),
    4: ('a7355db5c04095c9', '6e1d0bd795ab0a76'),
    5: ('035d0ab3a96ffcf3', '73d1894c5e157215'),
    6: ('7f34571dbbd7a084', 'ec2b0cb558eb3f1b'),
    7: ('0c26712475661d43', '4c4b7d9c765b3d3f'),
    8: ('564423f650710083', '96493d74537bc5cb'),
}

AGGRESSIVE_FOUR = {
    5: ('1ddebe8e6f6f357a', '643d7cf2c77e8f2e'),
    6: ('1f8a8ece81a9dc8b', '75719881db5ea660'),
    7: ('a17a6930ec0ef46d', '715cb17bf2aa89b3'),
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
