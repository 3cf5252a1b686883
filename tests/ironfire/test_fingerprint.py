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
the winners of a game became lists the reader's separator joins (events only; newcomer6), and when a focus card whose target was already destroyed got its line (`ironfire.member_idle`) and a reinforcement pick its cost and what is left (`cost`, `left`, `budget`; events only, session 16: every final-state hash stayed the same). Per seed: (hash of every step's legal-action codes, events and the final
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
        1: ('c4a4158cf710c8cc', 'bf25a51a0e355aee'),
        2: ('2bdf43a9bd65a07d', '3af79928bde03c39'),
        3: ('72c0b2d153afd54a', '31dda4faef7b9033'),
        4: ('d3e08952a8eac92e', '3062da3c8a4368ca'),
        5: ('448df834179e7d8c', 'cfd9eb453c4cda25'),
        6: ('c79ddeea7960088c', '300c20b23b586696'),
        7: ('b852ed7e031a42f4', 'a302a5b1b0fdb2ce'),
        8: ('73884cf321ee02ca', '8789ca82c4ff1063'),
        9: ('20856fd1728aa585', 'f1924e3c0b65a6f7'),
        10: ('cdf3334dcc2c71fc', '05ddc3443301fc34'),
        11: ('3d02bbc056234989', '77358788ea5b0d9c'),
        12: ('d806a64bbcf33370', '122ede4a4b7c52ee'),
        13: ('ee60003e85be2e7b', 'f51f303390293af1'),
        14: ('8caa8a865a8c9acc', '80ffc61570d37a4e'),
        15: ('24c70b0784b8fb8a', '5e3a979ef8baa213'),
        16: ('303414018fb6ebe5', '19b2a1047b1bfb4f'),
        17: ('1b85ae705334ac1f', '4c2579bc81ffa9a3'),
        18: ('065a6024c4640538', '13e2c1e0486a7fbf'),
        19: ('94e3a262bc8541c4', '5201deeee5ca5594'),
        20: ('b55c593c66f4a61f', '5ff621e12f723b35'),
    },
    'three': {
        1: ('abcc5be47b60f6b0', '5995203e2f30e3b4'),
        2: ('8fa192fbcf1a0214', '34c74a40fce76286'),
        3: ('4755027f4be09f9e', 'f50235a88d8594bd'),
        4: ('80717ce01a097cce', '0fe826869922ce67'),
        5: ('1e1559f88b95c054', 'c2f7f5c35f042580'),
        6: ('cbc694bf00a2895e', '004f275c236f8475'),
        7: ('dbea0dee41b05e4e', '0c410a912abfbe04'),
        8: ('bec22493d70d4409', 'd3abf61589fe6c7b'),
    },
    'four_fog': {
        1: ('912bf81a34352e5f', 'ef61f76558af9138'),
        2: ('f8a33a97a8299466', 'ebe9b2b4a518232e'),
        3: ('aa6a778a5973cd3b', '3b070d0954fc9778'),
        4: ('06ea708055cd6051', 'e93b301647f44c61'),
        5: ('87a05b12f3894256', 'fdc6caf501b708c4'),
        6: ('747ff530318131d2', '3590264bc95cadf5'),
        7: ('0a9093a61050da88', 'd6faa1f9febe6fdd'),
        8: ('f823fe3ce025074e', 'cb7720b216de3c8e'),
    },
    'aggressive_each': {
        1: ('0eafce61d1c54d71', 'e16e62517ffabeb5'),
        2: ('8519029824a5aa66', 'dff00987652d2229'),
        3: ('8de30f127fd5a64e', '52e8448721b44766'),
        4: ('26bc160e1978dc08', '4b78600bc283a1eb'),
        5: ('836732162a1674e5', '29f80d01f98e1baf'),
        6: ('cb1287d3cf7eff8e', '67d9803b86c6d720'),
        7: ('952e905c7f066fa3', 'a1f6ac6213c4d965'),
        8: ('d37c4d775db2984d', 'a473bfef49bb1fae'),
    },
    'aggressive_fog_match': {
        1: ('56ba7f7a4f174301', 'e0cb78de2c545c17'),
        2: ('317571f7116a9cfa', '58b8967d41b46ab0'),
        3: ('d9ed4857469ab22c', 'b51df00b7d6247a7'),
        4: ('7b72fd55200a8c93', '15f614b247360eb8'),
    },
    'alt20_match': {
        1: ('84e8a1442c4aca92', 'ff5286ee4eddf7a1'),
        2: ('b6abdb8c625d19ea', '17b4ae69203a3c14'),
        3: ('2453a65033ba1cd0', '87ce0a1e4c1cbd11'),
        4: ('14bfde910725f543', '4e107e889e271e47'),
        5: ('c41b5da9cb22a43b', 'a0f9dba0007e6c23'),
        6: ('0396d99bcb58740c', 'f90df79230b6dc6d'),
        7: ('801bcfdb6c9485b6', 'a8a882fa552c63c3'),
        8: ('e122e98f8f224fec', '0387a165c640f76e'),
    },
    'long': {
        1: ('fb0eae4dfa272f4f', '2013fe49690312b2'),
        2: ('c4901f6dbf9c146c', 'a10df4f1889fd4c6'),
        3: ('0d6753acc0e480aa', 'd66c3d96d9c519a4'),
        4: ('86f214be5f8884a5', 'b152adf5d8a115f5'),
        5: ('b9dfbf4661558115', 'f1a8bb4f2ee21009'),
        6: ('8709ad5b8b132086', 'eddf61dbd0a509c2'),
    },
    'long_fog_match': {
        1: ('0744f285fbdfaf23', '946118eaa0dad978'),
        2: ('2e982bbf5141032d', 'df904e071c2821b2'),
        3: ('1eb2c42f3809094d', '96a74cc399268da2'),
        4: ('be4cdc5a543afbf0', '66d47f5fa7459392'),
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
