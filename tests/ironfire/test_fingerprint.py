"""Speed work must not change behaviour: seeded random games end in exactly the states they
reached before the engine was optimised, through the same legal-action lists and events.

The expected hashes were recorded with the engine as it stood before the second speed pass
(commit 29f98ee), and again when damage and healing rolls carried their range (`lo`, `hi`,
issue 18; rules unchanged: every final-state hash stayed the same), and again when the state began
to keep the order in which cards were turned face up (`shown_order`, so that a card keeps its
label's number; issue 18): every hash changed, by that field only (the final states with
`shown_order` cut from their JSON hash as recorded before); the steps hashes again when the
rolls for the number of attacks and targets named their dice (`notation`: events only), and when each card of a
focus strike was named before its rolls (`ironfire.member_strikes`: events only). Per seed: (hash of every step's legal-action codes, events and the final
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
        1: ('082110244cbf4e04', 'bf25a51a0e355aee'),
        2: ('8502134ce456dc63', '3af79928bde03c39'),
        3: ('2b2b17409e0e4d9c', '31dda4faef7b9033'),
        4: ('d7622a5e858e1b36', '3062da3c8a4368ca'),
        5: ('a2b6ae92108bcee1', 'cfd9eb453c4cda25'),
        6: ('c1aa1fa0326d5c1a', '300c20b23b586696'),
        7: ('139950adf297c129', 'a302a5b1b0fdb2ce'),
        8: ('2a4d2a799a793c2f', '8789ca82c4ff1063'),
        9: ('c34b45660bba4d94', 'f1924e3c0b65a6f7'),
        10: ('f4f3f74b1b071f98', '05ddc3443301fc34'),
        11: ('fabc4f07b72838b8', '77358788ea5b0d9c'),
        12: ('915fc60e0e63ffc3', '122ede4a4b7c52ee'),
        13: ('001ee160096b3822', 'f51f303390293af1'),
        14: ('5933cefa99099f13', '80ffc61570d37a4e'),
        15: ('7a2d197dfcb8f410', '5e3a979ef8baa213'),
        16: ('1eff142972311bee', '19b2a1047b1bfb4f'),
        17: ('1aa73ec7d017ba12', '4c2579bc81ffa9a3'),
        18: ('57d68f3fd9b8f822', '13e2c1e0486a7fbf'),
        19: ('6f2357f9ea702846', '5201deeee5ca5594'),
        20: ('700e1332325f91dd', '5ff621e12f723b35'),
    },
    'three': {
        1: ('814c560e72db652d', '5995203e2f30e3b4'),
        2: ('620376ca6aed96b7', '34c74a40fce76286'),
        3: ('ef09691237b80ee8', 'f50235a88d8594bd'),
        4: ('6d4d7a221c4633ee', '0fe826869922ce67'),
        5: ('cfc6d8a503144d0f', 'c2f7f5c35f042580'),
        6: ('f1e0dafab65809e7', '004f275c236f8475'),
        7: ('f589ebf14edd52b1', '0c410a912abfbe04'),
        8: ('a6eef782f50e3ac3', 'd3abf61589fe6c7b'),
    },
    'four_fog': {
        1: ('45f384057912129d', 'ef61f76558af9138'),
        2: ('23ea2d140e46af64', 'ebe9b2b4a518232e'),
        3: ('25c6ab1f17b82022', '3b070d0954fc9778'),
        4: ('cb933aa4d9cb906e', 'e93b301647f44c61'),
        5: ('4183098f67e80d0b', 'fdc6caf501b708c4'),
        6: ('a8ec743b3aa3649e', '3590264bc95cadf5'),
        7: ('c9afe58f2533a65b', 'd6faa1f9febe6fdd'),
        8: ('6fbf0dc0d5011961', 'cb7720b216de3c8e'),
    },
    'aggressive_each': {
        1: ('f20e5fee69a79175', 'e16e62517ffabeb5'),
        2: ('845671652458faf8', 'dff00987652d2229'),
        3: ('9f5afd41ee6ed8ea', '52e8448721b44766'),
        4: ('84089ce326d11e61', '4b78600bc283a1eb'),
        5: ('9b21ba0c98085b32', '29f80d01f98e1baf'),
        6: ('5a1e35d539bccc65', '67d9803b86c6d720'),
        7: ('e95d1be15b71118f', 'a1f6ac6213c4d965'),
        8: ('b72ff68063606232', 'a473bfef49bb1fae'),
    },
    'aggressive_fog_match': {
        1: ('a3ca8571ed942dc0', 'e0cb78de2c545c17'),
        2: ('767f0147d5cd871e', '58b8967d41b46ab0'),
        3: ('8c52c04cef8f81d9', 'b51df00b7d6247a7'),
        4: ('35e8792d718369e1', '15f614b247360eb8'),
    },
    'alt20_match': {
        1: ('32c28e9aa5a54411', 'ff5286ee4eddf7a1'),
        2: ('9272a86ce74855a7', '17b4ae69203a3c14'),
        3: ('6645bbdba53567af', '87ce0a1e4c1cbd11'),
        4: ('df5c509f29821e33', '4e107e889e271e47'),
        5: ('cad6c0587d050ff1', 'a0f9dba0007e6c23'),
        6: ('d94f3040bb165c2f', 'f90df79230b6dc6d'),
        7: ('7f63c2f3466f94cc', 'a8a882fa552c63c3'),
        8: ('d9ba4fa6c18297ef', '0387a165c640f76e'),
    },
    'long': {
        1: ('13816b1af9e3cf49', '2013fe49690312b2'),
        2: ('0db641dd6f05b5e5', 'a10df4f1889fd4c6'),
        3: ('3350eedb8b157036', 'd66c3d96d9c519a4'),
        4: ('93bf7bfb7efce55b', 'b152adf5d8a115f5'),
        5: ('cdbe0eaa35e9ea46', 'f1a8bb4f2ee21009'),
        6: ('8babadcef05d2008', 'eddf61dbd0a509c2'),
    },
    'long_fog_match': {
        1: ('0678aac221b1a40c', '946118eaa0dad978'),
        2: ('b93c3d1a9a0e740f', 'df904e071c2821b2'),
        3: ('ff337e6b4a1c69d5', '96a74cc399268da2'),
        4: ('66c4e8dd2fbcabdf', '66d47f5fa7459392'),
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
