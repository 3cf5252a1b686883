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
hash unchanged); and in session 17, when play changed: an arrangement names the inner row's territories
(28 choices where 12 counts were), the end of a turn discards the whole excess in one action (one
listing of the sets, not a card a step), units keep their label numbers in the state (`no`, `down`),
and a pair says Aegis's cancelling (`ca`, `cb`), a destroyed unit its number (`no`), a flip up its
face-down number (`down`): every hash changed. Per seed:
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
    1: ('0f856affb3eb4049', '38136a3c95835f2d'),
    2: ('6b775594bf10f4b5', '75d7207c5d9e3df4'),
    3: ('3e5ab5dc671b972f', '5ecad2c527d5b724'),
    4: ('8452e670545086f8', '2b450528d5159683'),
    5: ('a9c8697db56b5943', 'b0f0755269e1fcca'),
    6: ('9c3d5c3f912923dd', '197da1b0c5b41c5e'),
    7: ('6f6f8b0829d31a20', '2ad0df90ac6a4b81'),
    8: ('f39e012dd9df03c8', '5b6716a77cd5c4b5'),
    9: ('79914ca4a720afd1', 'e41feb6dfd9347b5'),
    10: ('afd9b8a009e85294', '5b1035bdad70e49a'),
    11: ('721abaa63c2eb5e2', 'ed746ccc75e32810'),
    12: ('d2b024b143805b34', 'a463190bb2ed6472'),
    13: ('886394b4b05a8493', '0228546bd2522d83'),
    14: ('28f67e49ff9a1f7d', '21d07240866324d0'),
    15: ('3e2a702165cb1193', 'e15e9d3df1025aa7'),
    16: ('599ec8ebe3c6a0b2', 'a5af89f63ecc061e'),
    17: ('b1358c3ff77bec5f', '12be31cbbd6956d5'),
    18: ('a122cd94b0d1c449', 'dd1d669e612903a2'),
    19: ('ff859999b4aff0a3', '027cb21b219d4da0'),
    20: ('5f222c27c6065cf4', '5f20ba220880c81b'),
}

TWO = {
    1: ('0d7b03d30e37d18a', 'a88b043383f3388f'),
    2: ('6195c1c09123dace', 'b57d9218e3e85574'),
    3: ('04d1ad4d70a041ec', '82d394e286ad2d9d'),
    4: ('b849153534c0479e', 'f1ca961996f599ed'),
    5: ('d136134a99b012e3', '8750dfb0276dec17'),
    6: ('c5ae3196be98d54b', 'cd902490519c6f79'),
}

SIX_SHORT = {
    1: ('a4bd100bf35abbac', '73ca83591111f080'),
    2: ('e8bcdf5dd5ff227c', '8e31b8bbdd4f9558'),
    3: ('b101cf5a685e2797', '084422240cdc7b3f'),
    4: ('f141420a2664e116', 'b12325d0180cca25'),
    5: ('b7de8c6f4e3e3982', '83815870c4e14153'),
    6: ('72f54da30ed4ee76', '0ea0edab1e69ded6'),
}

AGGRESSIVE = {
    1: ('d8288f778f711245', 'c4c01321d861ac96'),
    2: ('bacb7e3f400be181', '869bb2b4f527f5be'),
    3: ('3298b2648907a1cf', '90749a1397be4ba0'),
    4: ('d4c0e5b1bab97b6b', '94e8810e9851b069'),
    5: ('517068be74ac3ee5', 'c75aaa63672562f0'),
    6: ('2a8928bd2d2df71f', 'ca8c65c711eb7aa5'),
    7: ('5028091b5fb57d96', '90b384a3bcb4ad8f'),
    8: ('89219bb2075be4e9', '5cb4a08a41e68f2e'),
}

AGGRESSIVE_FOUR = {
    5: ('82e4a0f8edda916d', 'b9517b193ae679f6'),
    6: ('d4061b0136703c62', '58005c9f98128e11'),
    7: ('b3e9cca24a8e1c6b', 'a1149bde10a0e247'),
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
