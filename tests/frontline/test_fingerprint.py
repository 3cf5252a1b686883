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
events only; every final-state hash stayed as it was).
"""

import pytest

from games.frontline import ENGINE
from tests.fingerprint_helpers import random_game_fingerprint

RANDOM = {
    1: ('2042946cc1e40cd5', 'd43494360fc4a1c5'),
    2: ('afde6da6e4ecc2d3', '477c165a54fa41e8'),
    3: ('90236379cfd9a5a5', '4bed9ba455b42a10'),
    4: ('f2727f50baa02f31', 'f85d07951e570918'),
    5: ('c779d66ce60f498a', 'b74897529e981387'),
    6: ('6ba6a943d474666d', 'ab6a881be6a5eb2b'),
    7: ('48a103e55cdd655d', '8c19cd2f88d5b138'),
    8: ('b60d2a48e59e791f', 'f616d73032b7c461'),
    9: ('6d5cb7622b5de131', '41886f0dce895e9b'),
    10: ('e128d301ce3216bf', '95379a9b3fcec998'),
    11: ('1b21911b52be3c4e', '5c800ebb647eb8bc'),
    12: ('9c6e4a0c23b8fde3', '34238f97eb7ca3ad'),
    13: ('f8f154596cd26752', 'e20e762f8f1f85e5'),
    14: ('492acca4e7214cab', '07cfcdef75fd7aed'),
    15: ('09ed6c7c521541e8', '3fe50b0bdc1ce612'),
    16: ('e628cb9263071d8a', '2784d8f68c4128bc'),
    17: ('527fd4baaaedb4b9', '2c32d642e7972353'),
    18: ('dfcc7e579c346829', 'fbe2aa381c56dbc3'),
    19: ('3b89822854a597ab', '0631fcf414dd1676'),
    20: ('69d557a1d67d9f85', '129828432df2cb63'),
    21: ('864c4334a7307370', 'df700a0ad98d7bb7'),
    22: ('c361caa290e42ca0', '69e114e522d2385e'),
    23: ('aba9e042ac82cb26', 'bfcffbec84097d2a'),
    24: ('779cbd2e4f838bd2', '609507ebfb74951c'),
    25: ('79eece67dad0bee9', '65edf23287381b2e'),
    26: ('be834ab4e2bbaa7d', '26b49499ca4bb54d'),
    27: ('c05f9bbbe879a70a', '97858047827550df'),
    28: ('da5a6556e3f68b93', '24564822735b6592'),
    29: ('fb4f6d99e8a83cc3', 'bef5d378dfbd880a'),
    30: ('74f448d635469d9b', '33fe7ae0b41db7dd'),
    31: ('6206a24f524198ed', 'be094177db2bd2f6'),
    32: ('37527f71948c8a9f', '597bb72904ee60fa'),
    33: ('fcaba9df223cf763', '04b138838136e216'),
    34: ('a8ed189f5a6da29d', '96a5285501f3c501'),
    35: ('97102e5e03e8a6be', '16af0d71a46cd293'),
    36: ('5cf7e2c664611f28', 'e6ecbab7c758860f'),
    37: ('472f1c07cddf3b69', '5f0372219c92320a'),
    38: ('ee9d0b62ad2924b0', 'a7f1e84f887c4a73'),
    39: ('0fe3def2c0ca9b54', '5b3b483283194133'),
    40: ('6af37cbb0f443def', '2c45d382080f652b'),
}

AGGRESSIVE = {
    1: ('9d1880645b66458d', 'cc2eba78aee1f81f'),
    2: ('902af3d3a896e72b', '10b6d2120e4cae1e'),
    3: ('d454312ae3ce3e2b', 'fd1a1e5367333ebd'),
    4: ('dace6b044a30cd44', '4a8fb0e6ab38095b'),
    5: ('e158c76d5b12a8c4', '5941c93660ea406b'),
    6: ('f699a529fc579028', 'a0130558a4ba6a1e'),
    7: ('496715614150eea6', 'd1e3de29c7b81d28'),
    8: ('d392100cc3584469', '817639f66399d343'),
    9: ('86ed093a16953014', '53da022e96072716'),
    10: ('606175602f657547', 'dce589a0f85f0305'),
    11: ('699dcb15848085e1', '117eb94ada302df0'),
    12: ('09cc788f8b0ebc52', 'd4b60740506b7e93'),
    13: ('b13a523fa770bd17', '18154061fc73d376'),
    14: ('235c3e1d9435217e', 'c7dceaad36b02cb5'),
    15: ('6e4a6df06cdfc28f', 'b2e0ed9a62dec8e3'),
    16: ('2bd414d582febec8', '05fee0fc1b5538a4'),
    17: ('5b6da30492c464a7', 'a02c64db829485a6'),
    18: ('6df3f71d7b7dc983', 'eaca4a313362b6d2'),
    19: ('c1ad30efdfefa7f3', 'a79b6a86f6f4cf28'),
    20: ('a15fb54788c5a41a', '1cb10da507798a92'),
    21: ('736ffc4d84e697ef', '899e383c3e7f0318'),
    22: ('e6885b74ab45617e', 'ceeab98a8d365b26'),
    23: ('7b9e0d929c6a7cb2', '2e0187b0e109fc78'),
    24: ('334fec8b6cda1836', '8c708234f2b9a453'),
    25: ('5200760aaafc163f', 'cdfc19f352f8681c'),
    26: ('8f1ce507888ade86', '0a3852f6dcb4f1df'),
    27: ('06e7342179791574', '54c2cdbc8838aefc'),
    28: ('8f57cef2e65bf62d', 'd529824edd21e4d0'),
    29: ('6955a57ed08bc934', '08ea3efb31588341'),
    30: ('eedf793b56ba19b8', '54e7b4d868b63687'),
    31: ('803aeeed48f9bb2a', '1289500bc8fe1b85'),
    32: ('9a52bce22a256cdc', '29ef149aa8a3c312'),
    33: ('6803bd0c1cf90099', '4a6c777891887771'),
    34: ('1f555054a379e0aa', '2751736089b6afb3'),
    35: ('5175f20baf626ef6', 'ad5cd7a450af37e0'),
    36: ('55e02a038a77d86e', '3d2ce93876a9436a'),
    37: ('0fc513aa7f7b7cf7', 'a1dfe75f4f1cb9f8'),
    38: ('99d8af6e7553e561', '276d5f7fb211afe8'),
    39: ('b24560d4ee78f29e', '21b279f4e289dadf'),
    40: ('8917997d888e096a', '2070bb560b5d3705'),
}

RELOADED = {
    1: ('52ed87a8246d16b0', 'ba350e939d70507d'),
    2: ('aade11ec981d2a23', 'fa2aafd658cb6f8f'),
    3: ('43bcf205e65f5963', '249da19cb253471d'),
    4: ('8eae225b5f689bdf', 'ad9455acc32beaf4'),
    5: ('83a9a1f0b15301aa', '813e85e55110bfbb'),
    6: ('8e5308235f0e6081', 'f2591790a543617e'),
    7: ('c5cf2cc2e2b3be27', 'c292e555ff3bc824'),
    8: ('8fcb7ab776ccf13b', '36838ae0b1febd8a'),
    9: ('321b9f575e0f40c5', 'd8ed53eee7839646'),
    10: ('dce4cff17a1d99c1', '0729a548b9356f12'),
    11: ('2da1500055ebae0d', 'a00f08470ff5abf8'),
    12: ('661a91c44c8f70f2', '6fbe5761cc8b9518'),
    13: ('f6509366c3050080', '4d7845560aa75198'),
    14: ('182d893f8cf5e8e1', 'aed4d53ce73b0995'),
    15: ('54810208ad8f0441', 'aa2cbaf2c6f5f4fe'),
    16: ('e2797da84513aff3', 'a6f7f8c6272f071c'),
    17: ('18564f27a8825b4c', '935057d0a40d4a7b'),
    18: ('8f5fc393839720b5', '56414e883689a4b6'),
    19: ('a931ec1f0f8d284a', '42db684e65f250ec'),
    20: ('96685484562977a9', '856323b7600a07ec'),
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
