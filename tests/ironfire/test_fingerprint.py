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
attack's event came after the rolls that decided it (event order only), and when the logistics, the tally and
the winners of a game became lists the reader's separator joins (events only; newcomer6). Per seed: (hash of every step's legal-action codes, events and the final
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
        1: ('dfc5c91963f86a75', 'bf25a51a0e355aee'),
        2: ('82fa8e4245fb2eec', '3af79928bde03c39'),
        3: ('ee096955d11413d5', '31dda4faef7b9033'),
        4: ('a4da67aa76fe84f6', '3062da3c8a4368ca'),
        5: ('c6cda2ce4b999f36', 'cfd9eb453c4cda25'),
        6: ('c4330fdea528938f', '300c20b23b586696'),
        7: ('944a8972a73b5dae', 'a302a5b1b0fdb2ce'),
        8: ('f82b44e801a19fd7', '8789ca82c4ff1063'),
        9: ('70f367b5ba7da634', 'f1924e3c0b65a6f7'),
        10: ('d61f36492001f118', '05ddc3443301fc34'),
        11: ('0d421d929b17f65f', '77358788ea5b0d9c'),
        12: ('e755affa78aa9aa8', '122ede4a4b7c52ee'),
        13: ('ed9a32f6dbf94d1c', 'f51f303390293af1'),
        14: ('fd3a0abdce888add', '80ffc61570d37a4e'),
        15: ('7a199e6583239165', '5e3a979ef8baa213'),
        16: ('fa02a69f8f3bbd75', '19b2a1047b1bfb4f'),
        17: ('c8ee74a404e31891', '4c2579bc81ffa9a3'),
        18: ('712c21ee750adc8a', '13e2c1e0486a7fbf'),
        19: ('e3432f637382d5b2', '5201deeee5ca5594'),
        20: ('eceb32ced888aa74', '5ff621e12f723b35'),
    },
    'three': {
        1: ('ecaa8929c78fbcf8', '5995203e2f30e3b4'),
        2: ('f6de78d1d1f13e46', '34c74a40fce76286'),
        3: ('15038ba38c252866', 'f50235a88d8594bd'),
        4: ('aad0c6cd8690a353', '0fe826869922ce67'),
        5: ('8e9569d3c36df648', 'c2f7f5c35f042580'),
        6: ('6eab9a1edaf6adb1', '004f275c236f8475'),
        7: ('7258ca36e5f1d3a6', '0c410a912abfbe04'),
        8: ('25ad6d1f7ba7f987', 'd3abf61589fe6c7b'),
    },
    'four_fog': {
        1: ('4af339bd4b9d14fc', 'ef61f76558af9138'),
        2: ('3ddfafc7ba0e36e2', 'ebe9b2b4a518232e'),
        3: ('9e11bcf40c9c336c', '3b070d0954fc9778'),
        4: ('a1e92f87ec3cef6b', 'e93b301647f44c61'),
        5: ('6a1184c927e1051b', 'fdc6caf501b708c4'),
        6: ('ffa8d85f399e7524', '3590264bc95cadf5'),
        7: ('3f220c5b4057eb30', 'd6faa1f9febe6fdd'),
        8: ('43223354382368ac', 'cb7720b216de3c8e'),
    },
    'aggressive_each': {
        1: ('e118ffacca92e175', 'e16e62517ffabeb5'),
        2: ('276266ce1fd8c734', 'dff00987652d2229'),
        3: ('ca2a690047e2a644', '52e8448721b44766'),
        4: ('f9743c0d8ca671f2', '4b78600bc283a1eb'),
        5: ('cfb0c953669718da', '29f80d01f98e1baf'),
        6: ('81c0ef4d7ebca5d1', '67d9803b86c6d720'),
        7: ('60096957da9c99dc', 'a1f6ac6213c4d965'),
        8: ('fe5f8f435fc7c7c5', 'a473bfef49bb1fae'),
    },
    'aggressive_fog_match': {
        1: ('9e6f47824c62bbfe', 'e0cb78de2c545c17'),
        2: ('b2cde7345d20cc94', '58b8967d41b46ab0'),
        3: ('afa286b2a7ef6658', 'b51df00b7d6247a7'),
        4: ('13e62aff2eef1d91', '15f614b247360eb8'),
    },
    'alt20_match': {
        1: ('03253fe4f9090f9c', 'ff5286ee4eddf7a1'),
        2: ('ec1501e01e78462d', '17b4ae69203a3c14'),
        3: ('c71f045cfb10b9da', '87ce0a1e4c1cbd11'),
        4: ('3c66af805786e7ed', '4e107e889e271e47'),
        5: ('ba7e6fe1a45e1662', 'a0f9dba0007e6c23'),
        6: ('873fc81cccff5e41', 'f90df79230b6dc6d'),
        7: ('f9fb905524c07e3b', 'a8a882fa552c63c3'),
        8: ('9ed200939cd01247', '0387a165c640f76e'),
    },
    'long': {
        1: ('bc6c416fd15b9510', '2013fe49690312b2'),
        2: ('869657e036146161', 'a10df4f1889fd4c6'),
        3: ('51c69e503d66b26c', 'd66c3d96d9c519a4'),
        4: ('693291a82f713953', 'b152adf5d8a115f5'),
        5: ('2592120ebc93a8a6', 'f1a8bb4f2ee21009'),
        6: ('7403a2315a58cf69', 'eddf61dbd0a509c2'),
    },
    'long_fog_match': {
        1: ('a88e144e1d00d7e8', '946118eaa0dad978'),
        2: ('800a83bddd1dddff', 'df904e071c2821b2'),
        3: ('f8c4338475e717c0', '96a74cc399268da2'),
        4: ('a2013a11743f4806', '66d47f5fa7459392'),
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
