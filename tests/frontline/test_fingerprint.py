"""Speed work must not change behaviour: seeded random games end in exactly the states they
reached before the engine was optimised, through the same legal-action lists and events.

The expected hashes were recorded with the engine at commit 29f98ee, before legal actions
were kept between decisions. Per seed: (hash of every step's legal-action codes, events and
the final state; hash of the final `dump_state`). The chooser picks by index, so the order of
legal actions matters too. In the "reloaded" case the state is reloaded from JSON every tenth
step, as the host does, so a cache tied to a state object that a reload loses (or keeps
wrongly) shows here. Purely random games end their turns early and often; the "aggressive"
cases end a turn only when nothing else is legal, so full boards, combat, counter-orders and
HQ kills are covered too.

To re-record after a deliberate rule change: `python -m tests.frontline.test_fingerprint`.
The steps hashes were re-recorded when effect damage events gained their source (`by`, `hook`:
events only; every final-state hash stayed as it was), and again when the other effect events on
units gained it (stat, opcost, grant, silenced, repaired, pinned, doubled) and the state began to
list each card's units in the order they came into play (`placed`, so that a unit keeps its label's
ordinal): every final-state hash changed, by that field only (the final states with `placed` cut
from their JSON hash as recorded before).
"""

import pytest

from games.frontline import ENGINE
from tests.fingerprint_helpers import random_game_fingerprint

RANDOM = {
    1: ('a34aa4a7f9da8300', '9f3e4f4c5c5835b2'),
    2: ('348ad7e4da331ab0', '97f2a517585482c2'),
    3: ('3c00a6e026d81e47', 'c31ed941a733d18c'),
    4: ('6271dc0c02ad57a8', '7c5107176f481963'),
    5: ('17fd2c6fbb8e4ac9', 'b63d8765e8c75c07'),
    6: ('05235bf70eb3b965', 'b24affe88e10af62'),
    7: ('7a2586510136dd6b', 'c47416817b13ea2c'),
    8: ('3de4440f69408c38', '73955daa8c7a9f10'),
    9: ('5383cb877007383f', '139ca330b77ceaf8'),
    10: ('8fbfb0f425d022f8', '134f5e213c8135a9'),
    11: ('9463478c1083c537', '841230bb36074912'),
    12: ('0e5e46492430f207', '02c12075ebd364da'),
    13: ('bfec4b29a6c76a49', '42d1cdacf6da1ef7'),
    14: ('ac9f0e4f71bf572b', '158d2a00fc63232f'),
    15: ('8b57f5bb62584ff8', '2a8a28ddb3fa0621'),
    16: ('145e7cf0734f4e95', '97125574c5ceccf0'),
    17: ('73d4e8df63b97899', 'd8c814dbad553e7c'),
    18: ('63eb5f59c78d2b33', 'a543b2aa31610136'),
    19: ('60028e6a7bb2a69b', '6fa1220f0a8425a0'),
    20: ('e618834fac7a9775', 'd271d27738fcf706'),
    21: ('303ec5795197e167', '36d06d6d7b86248b'),
    22: ('9647b696ad478d7f', '7cc809ce63f324d0'),
    23: ('03bbcc783e071b7a', 'b753733300f572ce'),
    24: ('c22ff5fdd173bc23', '2cd0d43f4eeef4e4'),
    25: ('048af3c75a01bd28', 'ab311566fde66fac'),
    26: ('f2b20ca2f8ba4df4', '0ec98a19bfe42425'),
    27: ('26894f41110f22b1', '7e00bed1b2f9da98'),
    28: ('4c315e94fd55e946', '3a01bab772961767'),
    29: ('651ac8ab1f051287', 'bf656922eac2c0e1'),
    30: ('2c84075df5f40763', '5662be15b5635aa0'),
    31: ('31ba1a331a32ba19', '57d32e07533ad329'),
    32: ('d801ce5dc23a6934', '30f31f59955816a3'),
    33: ('b225409045865855', 'a8ae67a35d63b0bf'),
    34: ('7a82dc50332ea07d', 'afeec7573634699f'),
    35: ('2399a40dd83e4a8c', '1c72863e118ec85e'),
    36: ('94efb47a1b4efb91', '66ff9e4005eaa1d9'),
    37: ('e0646f0f9bb76783', '9aa31a7081e661e2'),
    38: ('52ec204e39668e36', 'a0572e6dc85d202c'),
    39: ('5d12a8bf2b8ebd01', 'b6c335d89eec79d8'),
    40: ('2d331272f1f9434a', '98a343a1a2d41994'),
}

AGGRESSIVE = {
    1: ('6bf22167e2d2362b', 'af4c2f6bb1d6abf4'),
    2: ('a33655f6923aafd8', 'f95dda268cd4ad0a'),
    3: ('583d41b0bd373749', '2fc4ad744bf68955'),
    4: ('3d900a30139e75f9', '45811fcdc5dcdfa9'),
    5: ('2bc68e5504c7c7b7', '53ddf752d5db9155'),
    6: ('30608ea519da295b', '1aa2bf872b8ccf7e'),
    7: ('4524dd0d6db51802', '334ca15dbfd45709'),
    8: ('ef67cc0f281730c3', '834fb5ab7ac5c0cd'),
    9: ('6401497a06c87dea', '5b698ac9ac5b5a5c'),
    10: ('ca19b57d3ac00df0', 'b2af6fca5d3cb2aa'),
    11: ('000ed5e01717cb0f', 'c026511f9b419df2'),
    12: ('8f052b37e7fcb1ce', '53d3f83f5d581a5a'),
    13: ('84fe26d5f1bb1306', '8ebf8e18d818870d'),
    14: ('9f2346e02eb595ff', '11d8a8ad8660b6fe'),
    15: ('1015c8b27bb6d717', '725e4079f3ae67d2'),
    16: ('47b7b39030dbad67', 'e9788ae1f2355c93'),
    17: ('ad4df83fce078576', '07898d72fec9b071'),
    18: ('6ee0051e3c425275', 'd5e7c0d1f5b28cba'),
    19: ('13cd969c4c449f9d', 'ec7f897a9ad65bd2'),
    20: ('c7a9f90a224fe964', '7ec5b5acecbc83a8'),
    21: ('7f1a6fb0561758bc', '5b700905fa99c808'),
    22: ('8af3acecabbf1e3d', '61c368e6d0477573'),
    23: ('6002e707f637e632', 'f6410e86ad33eac9'),
    24: ('b3fed9f3734c3715', '218050632403ab03'),
    25: ('83f215cf3295d524', '12fcf845cff0f46b'),
    26: ('1a34729951b4aac3', '65f8dec1b4f04dc7'),
    27: ('a0f85f16507f1597', 'abfaec787c201e86'),
    28: ('43e636d3aa4a37c7', '486c2de5653e2417'),
    29: ('2e52e08230e7d014', 'c43eaa8d44f889be'),
    30: ('72d275d4c58e3739', '3bf784bb513a1a42'),
    31: ('d5790c378e866ef6', '926495e85951b64a'),
    32: ('90377b6551475f65', 'd004eec832b0ba21'),
    33: ('b4c95214026cfd53', '72a5b334d1a690aa'),
    34: ('49a8bb3cb73a6e54', 'abf078b2560dbbe2'),
    35: ('21a8179e121c2cf6', 'ac79223a80a320b8'),
    36: ('0684e7ead176f5b9', '3c5c7215e50a7ef3'),
    37: ('e7f652660227c2cf', '26b24d67e004545b'),
    38: ('d615e42c097a284e', '9acf3b852c5bcda3'),
    39: ('9b4740776d7e3247', '65edeece04605b32'),
    40: ('f340cd7443cdd2f2', 'cbdffc5b9d876c1e'),
}

RELOADED = {
    1: ('fe4183c2a20f06e7', '892a1ec8ec1e73c0'),
    2: ('5682ab9ea6c58a3b', '70ac56bd9a6c52b3'),
    3: ('c0884dab833dc913', '3140a1058c561430'),
    4: ('e2fae0114382162f', '48336b4ec102fdec'),
    5: ('6953913146eebc02', '7c002b3bf6bdb025'),
    6: ('98fac7e2be15a359', 'b104b3a3625d9658'),
    7: ('fd9249e46381c451', 'e9c4bb2e0c2d7e7f'),
    8: ('5cc5034bff2d7b6d', '758c8a7eccfac776'),
    9: ('c9f637595c73e22a', '5e0bd1a9a38a62d9'),
    10: ('61cbf5048fe35fe0', '44ba92dee5c83e52'),
    11: ('22e20a6fc47b94b8', '36fe98ecf2592d7b'),
    12: ('65ffd9cd4a7e1db1', '71ec6435254f87ca'),
    13: ('637846697457f7e5', 'b14de17953342ae8'),
    14: ('0114cd6d535cc2d4', 'dd1efcecef571d08'),
    15: ('8fb07f6836468c69', '5e0c16ad7c3b0524'),
    16: ('dd05af7c434fbbc6', '154331a48fb917d6'),
    17: ('bc8aac1d0a88dbdc', '0321ed479fde3a5b'),
    18: ('b941540c1b5f8542', '8ddd7a73c484ef34'),
    19: ('b0f6aa6891defc1f', 'a313c9110b1e3d59'),
    20: ('7e68413c93a05485', 'd93e93b3404bc30d'),
}

# name: (options, end a turn only when nothing else is legal, reload every tenth step, expected)
CASES = {
    "random": ({}, False, False, RANDOM),
    "aggressive": ({"first": "1"}, True, False, AGGRESSIVE),
    "reloaded": ({"first": "0"}, False, True, RELOADED),
}


def fingerprint(seed: int, options: dict[str, str], aggressive: bool, reload: bool) -> tuple[str, str]:
    return random_game_fingerprint(ENGINE, seed, 2, options, ("end",) if aggressive else (), 10 if reload else None)


@pytest.mark.parametrize("name", list(CASES))
def test_seeded_random_games_are_unchanged(name):
    options, aggressive, reload, expected = CASES[name]
    got = {seed: fingerprint(seed, options, aggressive, reload) for seed in expected}
    assert got == expected


if __name__ == "__main__":
    for name, (options, aggressive, reload, expected) in CASES.items():
        print(f"{name}:")
        for seed in expected:
            print(f"    {seed}: {fingerprint(seed, options, aggressive, reload)!r},")
