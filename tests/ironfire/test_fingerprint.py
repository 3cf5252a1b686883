"""Speed work must not change behaviour: seeded random games end in exactly the states they
reached before the engine was optimised, through the same legal-action lists and events.

The expected hashes were recorded with the engine as it stood before the second speed pass
(commit 29f98ee), and again when damage and healing rolls carried their range (`lo`, `hi`,
issue 18; rules unchanged: every final-state hash stayed the same), and again when the state began
to keep the order in which cards were turned face up (`shown_order`, so that a card keeps its
label's number; issue 18): every hash changed, by that field only (the final states with
`shown_order` cut from their JSON hash as recorded before); the steps hashes again when the
rolls for the number of attacks and targets named their dice (`notation`: events only). Per seed: (hash of every step's legal-action codes, events and the final
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
        1: ('e9e56151b461b211', 'bf25a51a0e355aee'),
        2: ('0fd0917b0c863ecb', '3af79928bde03c39'),
        3: ('6d914e8f6221000e', '31dda4faef7b9033'),
        4: ('ccf51f5c492f3068', '3062da3c8a4368ca'),
        5: ('a40d42479ff99abe', 'cfd9eb453c4cda25'),
        6: ('b804ab574749c698', '300c20b23b586696'),
        7: ('2bca3859e8c3a9c7', 'a302a5b1b0fdb2ce'),
        8: ('5f7726ce5a6aab14', '8789ca82c4ff1063'),
        9: ('d2145f66930f6bc4', 'f1924e3c0b65a6f7'),
        10: ('90264120f7f8eb7a', '05ddc3443301fc34'),
        11: ('984da3551da09003', '77358788ea5b0d9c'),
        12: ('5527caff22d64ee9', '122ede4a4b7c52ee'),
        13: ('1ae8707c6b973fe8', 'f51f303390293af1'),
        14: ('c4e93d16da17ba52', '80ffc61570d37a4e'),
        15: ('9877385332118341', '5e3a979ef8baa213'),
        16: ('cb5c7b9351bc19ef', '19b2a1047b1bfb4f'),
        17: ('e7957722f2ec0a88', '4c2579bc81ffa9a3'),
        18: ('6f33759586fc4bb1', '13e2c1e0486a7fbf'),
        19: ('1fd1ff3efc288588', '5201deeee5ca5594'),
        20: ('5b3bc7aadba368ca', '5ff621e12f723b35'),
    },
    'three': {
        1: ('ebc52fc6bd30f1f8', '5995203e2f30e3b4'),
        2: ('00e265968145afc4', '34c74a40fce76286'),
        3: ('30f9cf95c9ff18b4', 'f50235a88d8594bd'),
        4: ('ab50c372fa529e24', '0fe826869922ce67'),
        5: ('a890d0374e269b3e', 'c2f7f5c35f042580'),
        6: ('58196579c8d66560', '004f275c236f8475'),
        7: ('e590b414c01e79da', '0c410a912abfbe04'),
        8: ('fe7b7a21521c82ed', 'd3abf61589fe6c7b'),
    },
    'four_fog': {
        1: ('08937281028e6b7b', 'ef61f76558af9138'),
        2: ('8ae1200d88de244b', 'ebe9b2b4a518232e'),
        3: ('1931aca3eeb12860', '3b070d0954fc9778'),
        4: ('b91ca686dcb56705', 'e93b301647f44c61'),
        5: ('b76bb0b4d0881e97', 'fdc6caf501b708c4'),
        6: ('246aa4f42630e0ac', '3590264bc95cadf5'),
        7: ('a4e5b64c85aeb720', 'd6faa1f9febe6fdd'),
        8: ('8c846a4c884f196f', 'cb7720b216de3c8e'),
    },
    'aggressive_each': {
        1: ('d08d9aad5bb27c21', 'e16e62517ffabeb5'),
        2: ('c88abd8a55fe84f4', 'dff00987652d2229'),
        3: ('d1c913f4345be967', '52e8448721b44766'),
        4: ('48a62f43b0947fbb', '4b78600bc283a1eb'),
        5: ('2722f6396bad0e8b', '29f80d01f98e1baf'),
        6: ('de35ed925ced5f53', '67d9803b86c6d720'),
        7: ('62f613bca95a0fcd', 'a1f6ac6213c4d965'),
        8: ('bcfcf3738491de24', 'a473bfef49bb1fae'),
    },
    'aggressive_fog_match': {
        1: ('a8cac2b6427e6ea9', 'e0cb78de2c545c17'),
        2: ('5ca848f653ca4146', '58b8967d41b46ab0'),
        3: ('da6aeeedfe04c3d4', 'b51df00b7d6247a7'),
        4: ('d49b9fda91bf6bc7', '15f614b247360eb8'),
    },
    'alt20_match': {
        1: ('8bdb4d1b6ef09bca', 'ff5286ee4eddf7a1'),
        2: ('771dc49805590a20', '17b4ae69203a3c14'),
        3: ('0d1b227c2f7b5145', '87ce0a1e4c1cbd11'),
        4: ('42bbe485a8afcbdd', '4e107e889e271e47'),
        5: ('87d3fc5977fbf395', 'a0f9dba0007e6c23'),
        6: ('90c9431e370febd1', 'f90df79230b6dc6d'),
        7: ('5a694de364057c4d', 'a8a882fa552c63c3'),
        8: ('1db725be81ccb636', '0387a165c640f76e'),
    },
    'long': {
        1: ('15663fd6aad24941', '2013fe49690312b2'),
        2: ('ae8e18713852bbea', 'a10df4f1889fd4c6'),
        3: ('1ff28ef3c4924143', 'd66c3d96d9c519a4'),
        4: ('160b5320c711ad90', 'b152adf5d8a115f5'),
        5: ('eb50b55c80f3ee8e', 'f1a8bb4f2ee21009'),
        6: ('d583243aad2d6953', 'eddf61dbd0a509c2'),
    },
    'long_fog_match': {
        1: ('49d586946317f9b7', '946118eaa0dad978'),
        2: ('01ae5a24aeab52f6', 'df904e071c2821b2'),
        3: ('9418774e2b1508e3', '96a74cc399268da2'),
        4: ('95519dfcbc44a3cd', '66d47f5fa7459392'),
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
