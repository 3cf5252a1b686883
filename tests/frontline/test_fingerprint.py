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
from their JSON hash as recorded before). And again when a unit's label number became the one it
got on coming onto the board beside a twin (`numbers` in place of `placed`) and effect events named
their source unit (`by_unit`): every hash changed, by those only (the final states with
`placed`/`numbers` cut hash alike before and after).
"""

import pytest

from games.frontline import ENGINE
from tests.fingerprint_helpers import random_game_fingerprint

RANDOM = {
    1: ('ae8decc0e995e2ed', 'f9be3e0c7a72814e'),
    2: ('29c8ce00a93e2ed8', '360abfaa74536f67'),
    3: ('9a2df6405aac3bec', '9be20320241b418b'),
    4: ('223de4ea2dd0bc85', '42a4cbda4648bf55'),
    5: ('3c317e6012593216', 'b81dcc3143dff493'),
    6: ('e34d4ba5d6a2c2a5', '7c714ea76d6e1df7'),
    7: ('53447b5ea0540f48', '45c50b8a25358bae'),
    8: ('70f284a3c9069402', '019bad4e7e1f8b5b'),
    9: ('84ccc4247dec28b3', '02f6d91211fadc42'),
    10: ('43e076f2f5ee7af8', '763e95c5c46aa613'),
    11: ('8848bed4414d179c', '7c4543578119d0a6'),
    12: ('8bdca5f13175bb5a', 'd91d46f205f1391a'),
    13: ('c67ff7c13028ffb5', 'b239f2a9ccf06e00'),
    14: ('fe52daf8e0ecdcdd', '32d3143f3984af34'),
    15: ('0785af905d938636', 'fa304b6f0f281e3c'),
    16: ('e8ed0ebb39bcd95c', '30d417f78734db06'),
    17: ('69387f038591b225', '21e18ad15f682aa4'),
    18: ('6d105b2c7c11b0c6', '47075f9ab398a427'),
    19: ('e49e3bb7f9d94be9', '2355fc225f7fd168'),
    20: ('ac1b6613392bb9a0', 'b3a648c8a71b698f'),
    21: ('a44eabfdcefbf31f', '8a610447efa5aa50'),
    22: ('3c6c56f652c1533a', '337312d87a5ed82e'),
    23: ('e4bb56a02f241c5e', 'a64d7a7ad888357e'),
    24: ('b9f3f02f67198d36', '3eb7a98789ffa859'),
    25: ('76a60f421ffbb745', 'f60192944ae0f998'),
    26: ('f4d23500e8823cb1', '73fe4c7fb1a7906b'),
    27: ('71609aba87dc3a13', '0fbe89743d364a08'),
    28: ('9fcc63c99489f782', 'df1a14f20d914f5b'),
    29: ('510f69f3ccd8e87f', '8c1c1d53f4666132'),
    30: ('562a2cc8d81074ce', '0624f6c953798a99'),
    31: ('dbab975f6652e6f8', 'e0dc7640154475d6'),
    32: ('3269fcb154463706', 'cb1709704151afd9'),
    33: ('776421377951d1b5', '6959df7e08549234'),
    34: ('86ff473e96317a0b', '8cc686ba683d2794'),
    35: ('8cfa3b99664b37e5', 'ce444115d2a9ce7d'),
    36: ('fa6f86243cb56dbf', '268712dcc5298fa8'),
    37: ('e59cd1454b374fa5', 'a146548e0aac1d22'),
    38: ('47f7e7b48e7a8aff', '603e1d7137f15e3a'),
    39: ('5efedbe3cb73ce03', '9d614db69c905261'),
    40: ('8218384d17b215d9', '5433fafc1d24e748'),
}

AGGRESSIVE = {
    1: ('1f51b768ba32e458', '047b63bb661e6dc1'),
    2: ('62e6a82c83621737', '1e399b86bafa369a'),
    3: ('c249c333ad21f176', '8869e1168d0de7a4'),
    4: ('f4903021d9d5a21d', '4556485929cc31f3'),
    5: ('0a487e976d878c73', 'cff81546cc7cb063'),
    6: ('8bef9525482cc53a', '7a591aeca5663838'),
    7: ('b76217b3ba0ba570', 'e816cda30ab05ec3'),
    8: ('7010d01f6bb08507', '928a5f788ff37aee'),
    9: ('1745910d2cda56b9', 'b29e7351c3757902'),
    10: ('4d737b5608b9e51c', '519f1d54f7942945'),
    11: ('9755d0015d5b5d86', '2ead586559ea6031'),
    12: ('2dc751668f10b042', 'e0f892e7aaad3a98'),
    13: ('1b124d0356b37190', '53aa5c2353e16e45'),
    14: ('4be87a228e8b3c47', '83f58c0331cb6ccc'),
    15: ('ef9cc42e86ce4058', '58198fd1c9d3834a'),
    16: ('956894ab6a87973f', '36c520987aac6189'),
    17: ('131174d431a4fbbf', 'fa8dedf09b700b1d'),
    18: ('f64cb40f4306e00d', '6eedf824f0045339'),
    19: ('633df470b81d6717', 'bec13e37c5c4e6d3'),
    20: ('eff19c4eeb29e62e', '77bd33ce50016c76'),
    21: ('1ef39573fe030562', '06cd9d77375f84e4'),
    22: ('e471b48884b45b03', '094290edda4ddf30'),
    23: ('672c5000dbcd8ea8', '02c5ee5df2ee0231'),
    24: ('12c3ca1946df862b', '2538016b9c3fdac9'),
    25: ('d56b99b078f714cc', 'e60636eeae7d30f9'),
    26: ('fc2b6431fece4f63', '2b0cb702c0d1bb39'),
    27: ('5f14c6ace61400ac', '896a95174cf83e10'),
    28: ('8c4f57c3902795d4', '2e053a368e852ae6'),
    29: ('497eb41b279052aa', '7c05ebdf48ce4e25'),
    30: ('a6b7060639059390', '6942fe6bff392ec1'),
    31: ('5607edfeada8dee5', 'e6a4a755f5a3fb02'),
    32: ('c5fa366cde555c48', '0aeb94736ad4198e'),
    33: ('f12dc39b59eb3530', '28068fbbbc4d17e6'),
    34: ('703dba2bdf7c31f1', 'c3dbd19f4ebc1c36'),
    35: ('8d558fe663b096d9', '35acd781b8183cca'),
    36: ('21314586e7ced753', '1c42760bc1ffa2e4'),
    37: ('85d500f87b1471e1', '4dd1df195d1ef47c'),
    38: ('5fe70ead730f06e9', 'ef7a905f39b74fc6'),
    39: ('bf1b1f111ba69eee', 'a419861f0b13845e'),
    40: ('6f292285cc42398d', '8e273354265f10fa'),
}

RELOADED = {
    1: ('59cbe184cd4cdcf1', '3926c598bd70ffec'),
    2: ('568b805e4571dbf9', '20be920756d2384d'),
    3: ('27759351ac804255', '27d361ef14af7444'),
    4: ('7042327b9d3bb9c7', '4a63801b163a3b45'),
    5: ('5939f48140ece9b9', 'e0dd0377d9ff68b1'),
    6: ('d38b829e81594e1a', '34cc0fa7c7d7ef44'),
    7: ('e2b8a21794adab6f', 'eeed701a664128da'),
    8: ('c4ea073624128e73', '3f7b104902328188'),
    9: ('098dc2ef3d6a5c22', '0ce95a9455095651'),
    10: ('6fb8992f5356b31c', '0d7885c26b877b9b'),
    11: ('cfd47b9c1ea7c708', 'ec183ec4c170a137'),
    12: ('b49da21534980a49', '48958bacd967b822'),
    13: ('1d10f9607578ba85', '006723aa3230e4e5'),
    14: ('074de4b981e651aa', '1dc5ae035d8c661b'),
    15: ('059c2bbc9e3c3921', '38fbcb0bd2add28b'),
    16: ('0d4ada50878b085f', 'fc954b09e1dd960e'),
    17: ('f061adb8d5f3582c', 'f6876a8e776e4483'),
    18: ('6f992e54d7f2db1c', 'dd4186c4897cd46e'),
    19: ('236299e0c29cc8a8', '07eafbbbb025bfe2'),
    20: ('115908216e3cc71c', '0e674bf140b58e02'),
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
