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
`discarded`: likewise, every final-state
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
    1: ('ce094bff0f57cbdf', '00d853b3f884cc7d'),
    2: ('b1adb3466adf4081', '7d9041a9859da5a5'),
    3: ('ebb38d9ca9cdadac', '5cd05c9eb7135c30'),
    4: ('578d282a2a4bb495', '85434bfc56273b9d'),
    5: ('99c3d51845781bb9', '0877cd568d7ebe09'),
    6: ('540f4ade3b2f4623', 'c6ccac6c70e7e5dc'),
    7: ('1b3702fe7f05f458', '88ca8797c835ff5b'),
    8: ('d97c59836ce0de9a', 'f334acf3d494c51f'),
    9: ('5c5ee2889ef4fb03', '5f9489e6659f6b57'),
    10: ('7636b10d2de08d2c', '83062d89a946019a'),
    11: ('1188efb1d7e71300', 'eccba916291f9202'),
    12: ('9984489c0c2de4e5', 'a2da4ba203d18f3f'),
    13: ('76189bcf7073c39d', 'e0ee312eac387061'),
    14: ('fa713d4dbff39199', '08ab0fe0d23a0c98'),
    15: ('7cec7b70ff11829f', '63ac554c6400a72e'),
    16: ('64116c3f5d1f9f0b', 'a879223da1580a2a'),
    17: ('82c350bb081e88be', '49544bfe229a6654'),
    18: ('69b01c436db2866c', 'beca43ed0f263449'),
    19: ('a44ea483670cdd15', '51a2683337ceac3a'),
    20: ('64c0122aedb154e0', 'e139bf4f6fe4d614'),
}

TWO = {
    1: ('698f69b5534719f4', '2aaf6ccfd82ae9e5'),
    2: ('215ae8fe0da50ccd', '0b930a0a80a3ae8d'),
    3: ('156d6bbcfb29bf7d', '448ac7c5b313fedf'),
    4: ('cf96e1007ec3b647', 'b7c483000e9417fe'),
    5: ('e84f891050185019', '4d24a666cb285aca'),
    6: ('8e033a8337fc60c7', '9e51e158d624f050'),
}

SIX_SHORT = {
    1: ('7ccecb980c9f4ebf', 'd4d71a2c92e56425'),
    2: ('484d34c8d2f9e317', '4b37ebe36ed21820'),
    3: ('81356221e8822810', '98e2b7f74425b974'),
    4: ('c838b8b0d3a64aa9', 'b2988b685c4c3e89'),
    5: ('b82e2de6355afe34', 'c45202f5bc6afab3'),
    6: ('bbbc10a78cdfd055', '925e8da63d9d5d14'),
}

AGGRESSIVE = {
    1: ('e4b6e10197efb7df', '14d58e6136bf62c2'),
    2: ('f4351226889fe507', 'de916d5b637061f4'),
    3: ('af5ad5bc50210302', '26b6dd7e224a8281'),
    4: ('0098dc5adf1c7bfc', '6e1d0bd795ab0a76'),
    5: ('efa68cccb0dcf360', '73d1894c5e157215'),
    6: ('93423a6a4eb4b4f7', 'ec2b0cb558eb3f1b'),
    7: ('492352a0b84c6fea', '4c4b7d9c765b3d3f'),
    8: ('a0a482fb8fb83daf', '96493d74537bc5cb'),
}

AGGRESSIVE_FOUR = {
    5: ('74292eb7883d19df', '643d7cf2c77e8f2e'),
    6: ('217076f45b79dd25', '75719881db5ea660'),
    7: ('151507eaad7ed1ea', '715cb17bf2aa89b3'),
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
