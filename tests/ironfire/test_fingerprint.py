"""Speed work must not change behaviour: seeded random games end in exactly the states they
reached before the engine was optimised, through the same legal-action lists and events.

The expected hashes were recorded with the engine as it stood before the second speed pass
(commit 29f98ee), and again when damage and healing rolls carried their range (`lo`, `hi`,
issue 18; rules unchanged: every final-state hash stayed the same). Per seed: (hash of every step's legal-action codes, events and the final
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
        1: ('d8b6ee15a9a28bca', '00a322492df0cf39'),
        2: ('155fc7331f9fc517', 'e1c8955a5a3d6486'),
        3: ('41b12bcdf279aad2', '4fb7fe9e94e431be'),
        4: ('45e56997d889cec6', '8627c23ac81beb31'),
        5: ('70b11a4942635395', 'f84f7bf1d75096a3'),
        6: ('941a32dcb8bfc9a2', '699d40567ae9cb6d'),
        7: ('65984e1a129bbbe0', '8b86089d0bae170b'),
        8: ('3dfc2d8c3bb05244', '175477eb8317e0ae'),
        9: ('ecde6e2663c09800', '0e48d3a5a559018b'),
        10: ('08eed7bcf414711c', 'a31902191f171fef'),
        11: ('3d9a4462e3de0826', 'ed8bc6d41d578f1b'),
        12: ('a149936baac870b4', '4972cf736e59a5d5'),
        13: ('fede6b0899cc0323', 'a1a4f99507f13d08'),
        14: ('6359e68a2803c796', '43ea1a04ebc38195'),
        15: ('3a5f3b3efb9aad7e', 'c328fd19dda9777b'),
        16: ('1e80d56a160ff23e', '6f4d88ed85e7d264'),
        17: ('b5b456da02aa3adb', '0ab65c7df0216f0e'),
        18: ('dd6a696d25696f2a', '3890c075fcb6bc62'),
        19: ('a6f569b54d169b9d', '81b47687ac770627'),
        20: ('d508635ab587e699', '0d8a153790163855'),
    },
    'three': {
        1: ('99606a56f00f1c0d', '339390026cf4cc70'),
        2: ('aa04c7b998b0e595', '6a313ebe4c6b47b2'),
        3: ('c1272156d4ece822', '47632fb9686a146f'),
        4: ('7ca42306f00f7df6', 'f1604ae500faec46'),
        5: ('9918f1ae7a653dfe', '02addac7e1cc8958'),
        6: ('b6746d18b32ebfc0', '0cb7e6fece8580f0'),
        7: ('c8a90b40d7f0426f', 'b63dc26d7bffa5fb'),
        8: ('e0e3be952e58f26b', 'd82ba45a323b7aa8'),
    },
    'four_fog': {
        1: ('e8772376d16d20b5', 'bc8a3f6b32dea823'),
        2: ('f2407eca2c48427f', 'c3c8305ec0c49303'),
        3: ('7b91ca9a36fd7d4f', 'fad9b0349e12343f'),
        4: ('3d6e7b25be6a4913', 'ff8105bf9e2289f5'),
        5: ('d03a7089543ccf72', '4ec648ce9a0c9ea2'),
        6: ('8b4376164f4fff5c', '20ae4870d5a5cd0a'),
        7: ('0cdf9fd89c02d111', '643dd07d98404c87'),
        8: ('4e735ee5c01df5ae', 'e8890f99781f1599'),
    },
    'aggressive_each': {
        1: ('bec8e4250407a46c', '4d5285ea7cf41851'),
        2: ('d1497a345c75593a', 'd8e8154dd78aba07'),
        3: ('ac26e7bd58be2f0a', 'e4471a199445ce22'),
        4: ('59bfb6cce9851e21', '5884f45567d93feb'),
        5: ('a6a81330573fb787', 'fbbbea96cef06663'),
        6: ('9b09cef8d0a747b6', '5d8246926494c9e3'),
        7: ('74808190806b4b64', 'da53a4e439d8c5d0'),
        8: ('40c969be6e86e0f9', '6449aee545888625'),
    },
    'aggressive_fog_match': {
        1: ('4f7e7e028c2f8cd4', 'b550f542e54c0877'),
        2: ('eafcd8acc98ff7fe', '516108c6c3622785'),
        3: ('ceadf9bddd40aadb', '8d45caacc259525f'),
        4: ('c29cd015f8eda157', '709edf90798df75b'),
    },
    'alt20_match': {
        1: ('6adf43996c50fc08', '62f1217d2d931924'),
        2: ('a76fff917d72d84b', '77b820d418f9be29'),
        3: ('9486e49d3dc010af', '17cab8ad916cfbfb'),
        4: ('b1a9ae142bdf1821', '23e70abdfb6807e0'),
        5: ('45697c206d2570ec', '6bf8760c7a216eb6'),
        6: ('463a178caf5fe1ee', '8fcc3d5dfca5c720'),
        7: ('713279d71c564694', 'c145687c91d43539'),
        8: ('4becbe11d257bbb1', 'e3b0700c76983e4a'),
    },
    'long': {
        1: ('e61ab72a539c227d', 'f3416dc3c1cccc46'),
        2: ('86e7933d86db1aee', '6fcd4f40f80b2450'),
        3: ('f2b66d8a10cce9ea', '1add8c000676abb3'),
        4: ('390061f1e4989b81', 'bbf85278d8ae20ec'),
        5: ('e6cc44189ab706e8', 'd2a114c8391f075a'),
        6: ('0d3c5e576a12fbeb', '9ca6c1a7345b0f53'),
    },
    'long_fog_match': {
        1: ('074f9c6bf7382e3c', '6353713ebb3a99bb'),
        2: ('08378b46a8ed22ca', 'd30178e95a5103b9'),
        3: ('51554253e2d5c586', 'dc0c8ada5d34938b'),
        4: ('d806c53007ddf0b0', 'd16cd240a7544130'),
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
