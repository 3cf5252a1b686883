"""Speed work must not change behaviour: seeded random games end in exactly the states they
reached before the engine was optimised, through the same legal-action lists and events.

The expected hashes were recorded with the engine as it stood before the second speed pass
(commit 29f98ee), and again when damage and healing rolls carried their range (`lo`, `hi`,
issue 18; rules unchanged: every final-state hash stayed the same), and again when the state began
to keep the order in which cards were turned face up (`shown_order`, so that a card keeps its
label's number; issue 18): every hash changed, by that field only (the final states with
`shown_order` cut from their JSON hash as recorded before); the steps hashes again when the
rolls for the number of attacks and targets named their dice (`notation`: events only), and when each card of a
focus strike was named before its rolls (`ironfire.member_strikes`: events only), and when an
attack's event came after the rolls that decided it (event order only). Per seed: (hash of every step's legal-action codes, events and the final
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
        1: ('6308f64a242d4d62', 'bf25a51a0e355aee'),
        2: ('b6ede61d0b9e1d29', '3af79928bde03c39'),
        3: ('24f990cfe1492627', '31dda4faef7b9033'),
        4: ('a2178b3f3772ece1', '3062da3c8a4368ca'),
        5: ('7cf17f9bd5365a5b', 'cfd9eb453c4cda25'),
        6: ('470b6d06cdb0abeb', '300c20b23b586696'),
        7: ('fded02f61bd32763', 'a302a5b1b0fdb2ce'),
        8: ('700eb21fdacef87e', '8789ca82c4ff1063'),
        9: ('92125fc208401bac', 'f1924e3c0b65a6f7'),
        10: ('e79437be994195e5', '05ddc3443301fc34'),
        11: ('0620f9757af11f05', '77358788ea5b0d9c'),
        12: ('93c0f5e1fd70cfee', '122ede4a4b7c52ee'),
        13: ('2832e0b563f8bd88', 'f51f303390293af1'),
        14: ('8e123ec3ebe67b95', '80ffc61570d37a4e'),
        15: ('c174689731495864', '5e3a979ef8baa213'),
        16: ('fc993c77c28c6659', '19b2a1047b1bfb4f'),
        17: ('34914e53b4ab1f55', '4c2579bc81ffa9a3'),
        18: ('57d68f3fd9b8f822', '13e2c1e0486a7fbf'),
        19: ('6f2357f9ea702846', '5201deeee5ca5594'),
        20: ('cccc7e7625a13c85', '5ff621e12f723b35'),
    },
    'three': {
        1: ('8353762d4e83ab69', '5995203e2f30e3b4'),
        2: ('ef3bc35975c8b027', '34c74a40fce76286'),
        3: ('0bc54e6feb456b58', 'f50235a88d8594bd'),
        4: ('694574e94f0235f9', '0fe826869922ce67'),
        5: ('df9117ec6ceb71ec', 'c2f7f5c35f042580'),
        6: ('e99a04a605a5eb78', '004f275c236f8475'),
        7: ('015b64248b330b90', '0c410a912abfbe04'),
        8: ('950ad16b34bc657d', 'd3abf61589fe6c7b'),
    },
    'four_fog': {
        1: ('c3080482fb4a45a8', 'ef61f76558af9138'),
        2: ('0b8e8805ea134ab9', 'ebe9b2b4a518232e'),
        3: ('4f3e0eadb5ecaa0a', '3b070d0954fc9778'),
        4: ('945b1dfac727217c', 'e93b301647f44c61'),
        5: ('dcdb49de4ee6557c', 'fdc6caf501b708c4'),
        6: ('1149ae83e0278d94', '3590264bc95cadf5'),
        7: ('2fe5ca5aa6c65d8c', 'd6faa1f9febe6fdd'),
        8: ('25f228b3cd724f24', 'cb7720b216de3c8e'),
    },
    'aggressive_each': {
        1: ('686463d1112603cd', 'e16e62517ffabeb5'),
        2: ('819e8223c9aa8ee7', 'dff00987652d2229'),
        3: ('0b5aa246e36cc753', '52e8448721b44766'),
        4: ('2d39af79cae65cc9', '4b78600bc283a1eb'),
        5: ('71f854492c73ab78', '29f80d01f98e1baf'),
        6: ('063811458717818b', '67d9803b86c6d720'),
        7: ('c1933777a9d6fdd4', 'a1f6ac6213c4d965'),
        8: ('24c954718acaaffe', 'a473bfef49bb1fae'),
    },
    'aggressive_fog_match': {
        1: ('4e9ed869fd111fe6', 'e0cb78de2c545c17'),
        2: ('f55bc13f1c616dd6', '58b8967d41b46ab0'),
        3: ('325fb936bae7cef1', 'b51df00b7d6247a7'),
        4: ('ae894f6b4b159d91', '15f614b247360eb8'),
    },
    'alt20_match': {
        1: ('4e7101b77555395f', 'ff5286ee4eddf7a1'),
        2: ('a3f8a9e9061368b7', '17b4ae69203a3c14'),
        3: ('d1d089f1797664d6', '87ce0a1e4c1cbd11'),
        4: ('49ba2f946a751b0c', '4e107e889e271e47'),
        5: ('0f3163f66edc9b91', 'a0f9dba0007e6c23'),
        6: ('536e2168204498fd', 'f90df79230b6dc6d'),
        7: ('11e2eecde2e6442e', 'a8a882fa552c63c3'),
        8: ('b55ab20330e94d67', '0387a165c640f76e'),
    },
    'long': {
        1: ('872754d06f9d88a1', '2013fe49690312b2'),
        2: ('2280313b96921c1f', 'a10df4f1889fd4c6'),
        3: ('ee71a561d9d803f7', 'd66c3d96d9c519a4'),
        4: ('c50a1573d6c8b9ed', 'b152adf5d8a115f5'),
        5: ('b8236460aec7513d', 'f1a8bb4f2ee21009'),
        6: ('960feaee495dcd55', 'eddf61dbd0a509c2'),
    },
    'long_fog_match': {
        1: ('fc96c2f8b2577df7', '946118eaa0dad978'),
        2: ('6aeaaabc9b59ca28', 'df904e071c2821b2'),
        3: ('ad377443ac3aa876', '96a74cc399268da2'),
        4: ('15f8b0cb6f3abf78', '66d47f5fa7459392'),
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
