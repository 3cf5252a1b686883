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
`placed`/`numbers` cut hash alike before and after). And again (session 16) when an attack on an HQ recorded whether it was
fortified, intel the size of the hand, combat damage its terms (`atk`, `x2`, `armour`, `cap`), a unit
destroyed by a card's damage was no longer suppressed by it, and the twin that was alone kept its
number 1 in `numbers`: every hash changed; the final states with `numbers` cut hash alike before
and after (all 100 games).
"""

import pytest

from games.frontline import ENGINE
from tests.fingerprint_helpers import random_game_fingerprint

RANDOM = {
    1: ('7b520f0319e4b835', '90990c08bc7fec92'),
    2: ('8d8dd059a92a7207', '2ac66cd4eb7e2699'),
    3: ('8fb1038cda14f85d', '760dd52cd4c80662'),
    4: ('aa6868c2bcc56b71', '800134a9286178da'),
    5: ('6610e265a7c5f1bb', '980526bbea288a9c'),
    6: ('7e620c3d74398302', '2c99753d213c9400'),
    7: ('47d58f42d4e0779b', '6e1e12c902d0960b'),
    8: ('259ed5054557ed02', 'a588c9da4421984c'),
    9: ('d4bd60c4dec89319', 'e173f08d3493642d'),
    10: ('9839f9380511f9c8', 'eba97e25d13e1429'),
    11: ('8c4e65fdb5d3394b', 'e21e5128594e131e'),
    12: ('d76efae698a0f9d4', 'c61da9c98c55282b'),
    13: ('66f362eb893ae23a', '7ec92d03e5f19cae'),
    14: ('da825018fa5805f6', '670183424d1f3b65'),
    15: ('467d22a9bfc7fb87', '9604ecd2391ae4c4'),
    16: ('76379225d871ecc6', '7360784a6f979894'),
    17: ('aa9ff467760b1582', '9f12260212ab0a2b'),
    18: ('f4c68baab258bb0e', '258e4bef53e9ed63'),
    19: ('542cd4a2318890f1', '2e3064143173436e'),
    20: ('e57a8be449fe1715', '1adc9eee2e3d548d'),
    21: ('7e38037f3920421d', '68063bb06fd4b528'),
    22: ('5d93f40d008eebcd', '24ea678324b9c125'),
    23: ('701d0e91e2d64727', '3df0e807edefdf71'),
    24: ('d4e62fe46a07d35e', 'f426db1cd940c8be'),
    25: ('69a33f5ac29c828f', '2087f4d087e28bc9'),
    26: ('4ee2a835d5fb59bd', '8eab746115d87164'),
    27: ('79d4f37fb910bca9', 'eae4ad2dfab40198'),
    28: ('61c7f5da9ee28ab8', '78220683ea4271fe'),
    29: ('5074f228cb7be0c0', '14e340386bdc6a4a'),
    30: ('d5ce08aa7be64012', 'd7344b1701421609'),
    31: ('bf162c96841cd79d', 'ceef9dfb5dc1ae67'),
    32: ('edf8a3e9123a6e85', '74178ec327cd3a14'),
    33: ('4cc8870ce8c23219', '446bc4bd95d15062'),
    34: ('bd10ad606b4c4973', 'c6f73e0df747d51d'),
    35: ('9b832c229b22ddc0', '8ff1b14afc30fc04'),
    36: ('a47f1bb2d6c30fc0', 'b24b4ea0273ec8c9'),
    37: ('ecfe706bffea7e7b', '1a73e6e4deda395b'),
    38: ('54eaa0d6d36f006f', 'd45ec10d27396199'),
    39: ('77708df5427a0764', '71870fa7e6901514'),
    40: ('242af63207cb858e', 'bffb59a2b9b69ae8'),
}

AGGRESSIVE = {
    1: ('a97adc2611bd7210', '13b98166549efcfd'),
    2: ('a6f15c2cda8eb5cc', '175098c0cedb3fa3'),
    3: ('b0975c608f141a6b', 'ab3dcf89ecf1084f'),
    4: ('d3a47a29bfb0b7e5', '6fc0fc01d5478577'),
    5: ('3bd04c7d7857b2a4', '680ed5ec617bd4ef'),
    6: ('e195aba6ea89103d', '462bffca55e12bc4'),
    7: ('d15f083d30549dbe', '558a6e65c2b89b9c'),
    8: ('a049ad49ac970da6', 'f5ec4e1b32ab9b85'),
    9: ('3258324934392797', '473583f2d467b299'),
    10: ('b171825b54b7343d', 'bc163210ce3b3042'),
    11: ('2f7588f6448338d8', '69ad4f3092740658'),
    12: ('19d3cce73853b2a7', '24918a33f830c0ed'),
    13: ('732e5115d8d45323', '69df11e512c950ad'),
    14: ('a08af61e1cfdd496', '800cc6d9e45ed6fb'),
    15: ('dbe9b52d3bdff360', '0a6202a6e510c6d6'),
    16: ('5e9fdbda7df1b11a', 'e2135ec6d2ed222f'),
    17: ('241fb997972be5fd', '07d9e89da2abf251'),
    18: ('615e33841103b110', 'c14104ef4cf5f9eb'),
    19: ('62039a63602f3154', 'e1e41229c54ec770'),
    20: ('bf3d7af9b551061f', 'a61d26e19b613685'),
    21: ('114ca11c54c81e30', '0bc5b0f2059ba3cf'),
    22: ('0ef303edafbdc663', 'b2cb00ff31c5b587'),
    23: ('75448597d3e3a505', 'e2b2664e5fb80a6d'),
    24: ('2a81c9d1551baad3', '0c3c681f5aff07bd'),
    25: ('6b4743bac76ace98', '395d26fc8a76a5a9'),
    26: ('5cc1c67e35a9183b', '3fca684a661213dc'),
    27: ('278b9d3dcaee77dc', '9957891e68d051e2'),
    28: ('8343ae7a3f0869de', '1da17d020e022a56'),
    29: ('c405811d35649cc8', '80aeee964483f410'),
    30: ('4fc0839f0d48647d', '30d42ea9d8e276d5'),
    31: ('c01c044a191644a2', '99b3db8bff6cf1e2'),
    32: ('8ed8934d9207a107', '63f66af0a13341a0'),
    33: ('c2ce05155c1f9b4c', '3dc23962ab8720ff'),
    34: ('b270294f385be54e', 'ba499fce0c0cd0c2'),
    35: ('376674013b65d88b', '81cbd09113230742'),
    36: ('ca9740215125c785', 'bc936ec2050d0de1'),
    37: ('bcb6110692766599', 'b780dacc1a54852c'),
    38: ('ad1dfc40f40bcbf1', '3412862b2338ec72'),
    39: ('f312bada8b36099c', '342e136e8cd7559a'),
    40: ('95c26e827dcb4370', 'f815b106cbaa8dae'),
}

RELOADED = {
    1: ('6897e9f6dd29e7f7', '114482d3c77899cd'),
    2: ('8d878f85471aa94d', 'b182fb2adeeb9ffd'),
    3: ('b2d39a82c2543f6d', '3f54b1b81648972a'),
    4: ('08fe0ff726c32c3e', '635168527d1bc7c5'),
    5: ('f4190e23c67c77f6', '7eed2fea359fe207'),
    6: ('bae47e6a98a1a3cf', '00d2a266bb13bdf5'),
    7: ('c07e404cbd53e481', '25114283180e3a27'),
    8: ('21333bbaeed0699b', '5064a472f2eec89b'),
    9: ('1ff9747cd0d2dc64', '2824b443edd97000'),
    10: ('5858a72a27ea7705', 'e460155862013725'),
    11: ('a0c6d7100d0c24cc', 'f3da6d87169ff904'),
    12: ('02e6b7125d808f58', '1266bce99b52e85b'),
    13: ('e7fbc5f2bc388903', '63aeb0c2d14d2e9f'),
    14: ('939a4500c1c58dd2', 'f5529b49d2a3a936'),
    15: ('74d52121411528f0', '798e3f4669eeab86'),
    16: ('2b84d723065a28a9', 'dffd1fa73f3bdf8f'),
    17: ('268743b2be4d9d86', '878d99172dc8bf31'),
    18: ('3c58e3485fe4a44e', '0234dc5925e2b398'),
    19: ('f7be2ea255118d53', 'b2c88b51c67a6843'),
    20: ('de57750d1ac0b2f0', '7a1927ab310f97d3'),
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
