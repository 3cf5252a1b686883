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
"""

import pytest

from games.frontline import ENGINE
from tests.fingerprint_helpers import random_game_fingerprint

RANDOM = {
    1: ('35c0fbeaa1be5e4e', 'd43494360fc4a1c5'),
    2: ('2874fc810d183a56', '477c165a54fa41e8'),
    3: ('a24fd57f537aec0d', '4bed9ba455b42a10'),
    4: ('5048d826635fbdf3', 'f85d07951e570918'),
    5: ('3a012f3875323d83', 'b74897529e981387'),
    6: ('ff7ae1f6bf0bc090', 'ab6a881be6a5eb2b'),
    7: ('bbd88e4378d230bd', '8c19cd2f88d5b138'),
    8: ('984100eba00c0916', 'f616d73032b7c461'),
    9: ('244f8fffd756958c', '41886f0dce895e9b'),
    10: ('e2e08f83eefbdf8c', '95379a9b3fcec998'),
    11: ('d89a0e0dba91ef44', '5c800ebb647eb8bc'),
    12: ('0fc5c9036b08a63e', '34238f97eb7ca3ad'),
    13: ('07460b2e29bc3665', 'e20e762f8f1f85e5'),
    14: ('e765512a2bc109b3', '07cfcdef75fd7aed'),
    15: ('e894b981e74bf02d', '3fe50b0bdc1ce612'),
    16: ('440e79ebfaf0741b', '2784d8f68c4128bc'),
    17: ('acafb9f496194f22', '2c32d642e7972353'),
    18: ('07a7d6df5411871d', 'fbe2aa381c56dbc3'),
    19: ('a1e748aea6f043fc', '0631fcf414dd1676'),
    20: ('e199f7ae8086755c', '129828432df2cb63'),
    21: ('df895c9349b57d24', 'df700a0ad98d7bb7'),
    22: ('c0df195afdd74c49', '69e114e522d2385e'),
    23: ('37488fabef3f047f', 'bfcffbec84097d2a'),
    24: ('af4c9dbde59c0dad', '609507ebfb74951c'),
    25: ('28a2cfa6366e63f0', '65edf23287381b2e'),
    26: ('9c2fbfdbc2190248', '26b49499ca4bb54d'),
    27: ('6e93a73ebadb05fc', '97858047827550df'),
    28: ('d3d75a12bf2ebfd5', '24564822735b6592'),
    29: ('7bd20c7f6625ccf9', 'bef5d378dfbd880a'),
    30: ('9a8827378ca803d4', '33fe7ae0b41db7dd'),
    31: ('dd0516a971111f7a', 'be094177db2bd2f6'),
    32: ('df355083e8e8b48f', '597bb72904ee60fa'),
    33: ('facbfae427bcff14', '04b138838136e216'),
    34: ('3bd8d75135ae3b55', '96a5285501f3c501'),
    35: ('4bc3f4dcc720d644', '16af0d71a46cd293'),
    36: ('b12e6e03426bbf94', 'e6ecbab7c758860f'),
    37: ('4ef79632f57fe5fe', '5f0372219c92320a'),
    38: ('6ac0714eb52278d5', 'a7f1e84f887c4a73'),
    39: ('093a0cd8bd1f61f6', '5b3b483283194133'),
    40: ('c6b04b42f80bdbb1', '2c45d382080f652b'),
}

AGGRESSIVE = {
    1: ('2671a5f31dac3c6c', 'cc2eba78aee1f81f'),
    2: ('d9b82b712dc09d3f', '10b6d2120e4cae1e'),
    3: ('4fc49afbc44e88ee', 'fd1a1e5367333ebd'),
    4: ('8e7ab50a56b56b78', '4a8fb0e6ab38095b'),
    5: ('fb45ae18bac45b5a', '5941c93660ea406b'),
    6: ('d6bf95a092ad72e3', 'a0130558a4ba6a1e'),
    7: ('4c42becaf24764b4', 'd1e3de29c7b81d28'),
    8: ('14d8293ec280062c', '817639f66399d343'),
    9: ('0291e3785d5108f0', '53da022e96072716'),
    10: ('4d88c55df65c0794', 'dce589a0f85f0305'),
    11: ('b497222d1cff4dd3', '117eb94ada302df0'),
    12: ('f1828a38852d4f24', 'd4b60740506b7e93'),
    13: ('7db71c9ccd5cbe75', '18154061fc73d376'),
    14: ('15b783de29d77ed6', 'c7dceaad36b02cb5'),
    15: ('4140e7eb7cd940d5', 'b2e0ed9a62dec8e3'),
    16: ('0814daad026c886e', '05fee0fc1b5538a4'),
    17: ('6392b8bf3484937a', 'a02c64db829485a6'),
    18: ('c50fff542fe34d94', 'eaca4a313362b6d2'),
    19: ('8351dd4d8a2a59a5', 'a79b6a86f6f4cf28'),
    20: ('a24485d4c9844239', '1cb10da507798a92'),
    21: ('179d3eb3183e57f3', '899e383c3e7f0318'),
    22: ('e6b20d72f6fa52d9', 'ceeab98a8d365b26'),
    23: ('be8400329c48e962', '2e0187b0e109fc78'),
    24: ('87cebe985b561c62', '8c708234f2b9a453'),
    25: ('47410dc0a3df3482', 'cdfc19f352f8681c'),
    26: ('dbb99f65fd935963', '0a3852f6dcb4f1df'),
    27: ('0ddcdf1f9922b523', '54c2cdbc8838aefc'),
    28: ('9bd6c10775b94e64', 'd529824edd21e4d0'),
    29: ('a970b97450ac916d', '08ea3efb31588341'),
    30: ('80a39ee8764eb9d8', '54e7b4d868b63687'),
    31: ('872a5e06ec13f0c4', '1289500bc8fe1b85'),
    32: ('71091cd3a6d97bc4', '29ef149aa8a3c312'),
    33: ('dee8fdff8b3885f1', '4a6c777891887771'),
    34: ('075c49a30d1fc2ce', '2751736089b6afb3'),
    35: ('05b8983d25a2edea', 'ad5cd7a450af37e0'),
    36: ('cbfa78e02d1d8b6e', '3d2ce93876a9436a'),
    37: ('b7f1d41f9a9e6e71', 'a1dfe75f4f1cb9f8'),
    38: ('4599097d573feeb6', '276d5f7fb211afe8'),
    39: ('6b5d524cb78b5cb1', '21b279f4e289dadf'),
    40: ('84c0454361270590', '2070bb560b5d3705'),
}

RELOADED = {
    1: ('ba625f06a8cadb47', 'ba350e939d70507d'),
    2: ('d3a49e63dd57c1b8', 'fa2aafd658cb6f8f'),
    3: ('9e4b68186ec2ee50', '249da19cb253471d'),
    4: ('7ba1b19c6b21fb84', 'ad9455acc32beaf4'),
    5: ('43a4de3a37d832d4', '813e85e55110bfbb'),
    6: ('95b6bc13d0d97e82', 'f2591790a543617e'),
    7: ('3f50f2e43c840832', 'c292e555ff3bc824'),
    8: ('b8cab433a5566a62', '36838ae0b1febd8a'),
    9: ('c92b964333c1f029', 'd8ed53eee7839646'),
    10: ('8ff7337052edb335', '0729a548b9356f12'),
    11: ('a34cca5ece1dd105', 'a00f08470ff5abf8'),
    12: ('84fcdcda4d3192e0', '6fbe5761cc8b9518'),
    13: ('78f6b23fb28e9956', '4d7845560aa75198'),
    14: ('d91b044ec0f52aee', 'aed4d53ce73b0995'),
    15: ('dfc0c040b0e412c4', 'aa2cbaf2c6f5f4fe'),
    16: ('52112c9fc4b3e110', 'a6f7f8c6272f071c'),
    17: ('d85c3866b2378bad', '935057d0a40d4a7b'),
    18: ('87a4831e2f4be4ab', '56414e883689a4b6'),
    19: ('0d56b2cfe424e377', '42db684e65f250ec'),
    20: ('fa8e3368a73d703e', '856323b7600a07ec'),
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
