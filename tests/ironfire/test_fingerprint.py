"""Speed work must not change behaviour: seeded random games end in exactly the states they
reached before the engine was optimised, through the same legal-action lists and events.

The expected hashes were recorded with the engine as it stood before the second speed pass
(commit 29f98ee), and again when damage and healing rolls carried their range (`lo`, `hi`,
issue 18; rules unchanged: every final-state hash stayed the same), and again when the state began
to keep the order in which cards were turned face up (`shown_order`, so that a card keeps its
label's number; issue 18): every hash changed, by that field only (the final states with
`shown_order` cut from their JSON hash as recorded before). Per seed: (hash of every step's legal-action codes, events and the final
state; hash of the final `dump_state`). The chooser picks by index, so the order of legal
actions matters too. Every tenth step the state is reloaded from JSON as the host does, so a
cache tied to a state object that a reload loses (or keeps wrongly) would show here. Purely
random games spend many steps picking and dropping cards; the "aggressive" cases skip the
passive actions whenever another is legal, so focus fire, answers, destruction, wipe-outs,
recounts with cut-offs and reinforcements are covered too; fog of war, three and four
players, a logistics roll per seat, the alt20 format and matches of several games as well.

To re-record after a deliberate rule change: `python -m tests.ironfire.test_fingerprint`.
"""

import pytest

from games.ironfire import ENGINE
from tests.fingerprint_helpers import random_game_fingerprint

PASSIVE = ("stop", "pass", "drop", "ready")

CASES = {  # name: (players, options, skip passive actions, seeds)
    "two": (2, {}, False, range(1, 21)),
    "three": (3, {}, False, range(1, 9)),
    "four_fog": (4, {"fog_of_war": "true"}, False, range(1, 9)),
    "aggressive_each": (3, {"logistics": "each"}, True, range(1, 9)),
    "aggressive_fog_match": (4, {"fog_of_war": "true", "match": "3"}, True, range(1, 5)),
    "alt20_match": (2, {"format": "alt20", "match": "3"}, True, range(1, 9)),
    "long": (3, {"logistics": "200"}, True, range(1, 7)),
    "long_fog_match": (2, {"logistics": "200", "fog_of_war": "true", "match": "2"}, True, range(1, 5)),
}


EXPECTED = {
    'two': {
        1: ('bd016a26778772d9', 'bf25a51a0e355aee'),
        2: ('6f9f719974ca0c1a', '3af79928bde03c39'),
        3: ('911fdb1870e8fad4', '31dda4faef7b9033'),
        4: ('4e509d26f38b76c5', '3062da3c8a4368ca'),
        5: ('05182dc60ca3e14f', 'cfd9eb453c4cda25'),
        6: ('e7d3b4f1a70bc902', '300c20b23b586696'),
        7: ('e6ca616978e21824', 'a302a5b1b0fdb2ce'),
        8: ('190c3ec0c8ec15ef', '8789ca82c4ff1063'),
        9: ('b7faa62479e69f64', 'f1924e3c0b65a6f7'),
        10: ('83b102e214257497', '05ddc3443301fc34'),
        11: ('cfff75619f885ee2', '77358788ea5b0d9c'),
        12: ('d8e609e48d97c19f', '122ede4a4b7c52ee'),
        13: ('bc21bc97ca8f12a2', 'f51f303390293af1'),
        14: ('e62d1f69c734306b', '80ffc61570d37a4e'),
        15: ('b0ad5e20688552a8', '5e3a979ef8baa213'),
        16: ('48c764724ce08124', '19b2a1047b1bfb4f'),
        17: ('654798afb07b237e', '4c2579bc81ffa9a3'),
        18: ('6f33759586fc4bb1', '13e2c1e0486a7fbf'),
        19: ('1fd1ff3efc288588', '5201deeee5ca5594'),
        20: ('749899742d332995', '5ff621e12f723b35'),
    },
    'three': {
        1: ('d5662866cece7b79', '5995203e2f30e3b4'),
        2: ('f863de1dd6bc3c12', '34c74a40fce76286'),
        3: ('5e869f226a759e47', 'f50235a88d8594bd'),
        4: ('9ff38694872bd21f', '0fe826869922ce67'),
        5: ('6e2fe3180194d528', 'c2f7f5c35f042580'),
        6: ('e4476147730e6aef', '004f275c236f8475'),
        7: ('9d97994a5dbdaefe', '0c410a912abfbe04'),
        8: ('0c31079d02080206', 'd3abf61589fe6c7b'),
    },
    'four_fog': {
        1: ('157970acca49172c', 'ef61f76558af9138'),
        2: ('a0c6b1001d407252', 'ebe9b2b4a518232e'),
        3: ('1af41ea7e1c4d891', '3b070d0954fc9778'),
        4: ('d96677faf1a08e57', 'e93b301647f44c61'),
        5: ('3522c5e469914dff', 'fdc6caf501b708c4'),
        6: ('a79a31704eb9759e', '3590264bc95cadf5'),
        7: ('1e1d8a5a3bbd9f63', 'd6faa1f9febe6fdd'),
        8: ('e2ad0a98c565ea0c', 'cb7720b216de3c8e'),
    },
    'aggressive_each': {
        1: ('daa1068c2e6e720e', 'e16e62517ffabeb5'),
        2: ('3857cde451a9ec8d', 'dff00987652d2229'),
        3: ('6d41802d207e0023', '52e8448721b44766'),
        4: ('c65f980e5d63753a', '4b78600bc283a1eb'),
        5: ('f6f37441cee674a5', '29f80d01f98e1baf'),
        6: ('6ab4d7f3e24c16a4', '67d9803b86c6d720'),
        7: ('22b535479ae2b8e3', 'a1f6ac6213c4d965'),
        8: ('2ed6bfaf8a47bf85', 'a473bfef49bb1fae'),
    },
    'aggressive_fog_match': {
        1: ('40303a18cfd60b11', 'e0cb78de2c545c17'),
        2: ('69e4bf6557a70f58', '58b8967d41b46ab0'),
        3: ('d5de9a64c1c3a41c', 'b51df00b7d6247a7'),
        4: ('a414b81417326caa', '15f614b247360eb8'),
    },
    'alt20_match': {
        1: ('b76f6ba3a47d9a3b', 'ff5286ee4eddf7a1'),
        2: ('2f92d112c9151573', '17b4ae69203a3c14'),
        3: ('d45a83b09282c296', '87ce0a1e4c1cbd11'),
        4: ('23a052653504b0ef', '4e107e889e271e47'),
        5: ('43a9948e5b2aac24', 'a0f9dba0007e6c23'),
        6: ('5cd883ba8a9f6bfc', 'f90df79230b6dc6d'),
        7: ('6dfe3c48ac1863af', 'a8a882fa552c63c3'),
        8: ('f30b3dc693107a24', '0387a165c640f76e'),
    },
    'long': {
        1: ('9f64d9a97f94e8a7', '2013fe49690312b2'),
        2: ('d5b48125658fc6da', 'a10df4f1889fd4c6'),
        3: ('c801700c96d79b65', 'd66c3d96d9c519a4'),
        4: ('bd2c504308ce8ead', 'b152adf5d8a115f5'),
        5: ('44ee69aeafc812d5', 'f1a8bb4f2ee21009'),
        6: ('1d24490d8a6c83a4', 'eddf61dbd0a509c2'),
    },
    'long_fog_match': {
        1: ('db9d1f71d4409ec0', '946118eaa0dad978'),
        2: ('c47a6afded2a3e44', 'df904e071c2821b2'),
        3: ('205d1a5cff1cf7da', '96a74cc399268da2'),
        4: ('88ae1d13416c156e', '66d47f5fa7459392'),
    },
}


def fingerprint(seed: int, players: int, options: dict[str, str], aggressive: bool = False) -> tuple[str, str]:
    return random_game_fingerprint(ENGINE, seed, players, options, PASSIVE if aggressive else ())


@pytest.mark.parametrize("name", list(CASES))
def test_seeded_random_games_are_unchanged(name):
    players, options, aggressive, seeds = CASES[name]
    got = {seed: fingerprint(seed, players, options, aggressive) for seed in seeds}
    assert got == EXPECTED[name]


if __name__ == "__main__":
    print("EXPECTED = {")
    for name, (players, options, aggressive, seeds) in CASES.items():
        print(f"    {name!r}: {{")
        for seed in seeds:
            print(f"        {seed}: {fingerprint(seed, players, options, aggressive)!r},")
        print("    },")
    print("}")
