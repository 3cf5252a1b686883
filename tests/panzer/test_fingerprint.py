"""Speed work must not change behaviour: seeded random games end in exactly the states they
reached before the rules were optimised, through the same legal-action lists and events.

The expected hashes were recorded with the unoptimised engine (commit 26b1207) and recorded
again for the rule changes of issue 19 (turret turns after a shot, a jump shot naming its
target, free points without defensive shooters), which change the legal lists and the state,
and again, rules unchanged, when the dice became keyed BLAKE2b (issue 17), and again when the
hit roll's event named its modifiers (`mods`, issue 18: every final-state hash unchanged), and
again when an APFSDS hit roll kept the dice as rolled with what the round added (`apfsds`: likewise), and
again when a tank destroyed by defensive fire names the hex it was leaving for (`toward`: likewise). Per seed:
(hash of every step's legal-action codes, events and the final state; hash of the final
`dump_state`). The chooser picks by index, so the order of legal actions matters too.
"""
import hashlib
import json
import random

import pytest

from games.core import Seat
from games.panzer import ENGINE

ALL_OPTIONS = {"map": "kuromorimine1", "opening": "armies", "veteran": "per_mode", "hybrid": "1", "unreliable": "1",
               "spotting": "1", "shortage": "1", "rounds": "4"}

DEFAULT = {
    1: ('bb3c6f181ab36b2d', '37951be3d2951369'),
    2: ('bc1f802b38b7abb5', '6720f676aa12532f'),
    3: ('4c3d22b11a0c028f', 'bfc9d18df277b5c0'),
    4: ('c943c87cad60182a', 'a2e9904cb88b903a'),
    5: ('d1706c9b942198f2', 'e3abc2eec1450d57'),
    6: ('4a57a4a1464f7e06', '2a6ee7f82d2c9b21'),
    7: ('c08ed7aa6fa09b26', 'c9bc756a5f1aa007'),
    8: ('5ca9ffb5242b707c', '7555a7861496e58e'),
    9: ('622cdae8c5997b96', '70d8a7c12bfe4665'),
    10: ('2e510149e356a6c4', '326e8517d0b49c44'),
    11: ('c826eca10fe92173', 'f3f8f6c8e2012f26'),
    12: ('f0a45e0c5079344e', '230110cf805c22be'),
    13: ('4431546a2885ff28', 'ec851a90e6736b3a'),
    14: ('2ebb9a1a55e41772', '101e267f607c9f58'),
    15: ('c32eb25efee13eba', 'b554bab675969aa0'),
    16: ('383ead16ef6272c1', '1883d7efba66c986'),
    17: ('ad0303eee2a82838', '17cc62d74667a86b'),
    18: ('11ab735663630b8d', '44b88d62219fed9e'),
    19: ('8c58f6c8b2e84820', 'f4bd77dbfa534f31'),
    20: ('4a30575d75735ec7', '4cbb81f12a1e13a2'),
    21: ('c98d3d4f35cd5d33', 'bc9fc3c84283ee11'),
    22: ('52396aafaf7dea4c', '51782c84753585e4'),
    23: ('ab41dbaeb3381bbf', 'eebba8efed7af80c'),
    24: ('5fe639cb998638b1', '43d1bdb6f68c25a4'),
    25: ('933fb1165306eb78', '6fd4aeb23e4ffd72'),
    26: ('b0dc65e92ff3fa78', 'd401c33c8241c418'),
    27: ('3032ff85c93142a4', 'f01e16a88aa09a24'),
    28: ('dcfd70d61187a738', 'd40aa8f89a33219e'),
    29: ('94b6fe8ea036303f', '2f61f8608298ca74'),
    30: ('0f1b4b924f232302', 'f39f9e7ec0fa12ca'),
}

EVERY_OPTION = {
    1: ('15897c976fb37ab0', '722f93cb3721c9a5'),
    2: ('794d66f33dcc8bed', 'c36db5b921363940'),
    3: ('e8fe117200e53f2d', '287552faac5c9256'),
    4: ('af7dfee06dccc8be', '8aaebc51028b5a6b'),
    5: ('87ea534da2b3bc74', '8d9a61749c1a291b'),
    6: ('8ab65eac3acfe10b', 'd958de044d193e15'),
    7: ('6c3211816b7e784d', 'b58029e02dbff488'),
    8: ('88f71ab241f3f3cd', '1f82f482f921ecde'),
    9: ('f6d0c5e4d4db8790', '9052cbe9f2e38a10'),
    10: ('7f6bafd4cf613637', '5987c1b6ce0889a7'),
    11: ('73ed4717202baa90', 'e74b9b1ae86aa955'),
    12: ('2d7bab498fcdf83f', '3c778a0c63b9c151'),
    13: ('84c6e21ca89e592e', '49593ee4af105d5d'),
    14: ('5c0151606ea34163', '5bbae911bd570245'),
    15: ('598979f5de67ca87', 'ba7334b13711d0e3'),
    16: ('2254d8d9b1196ff1', '0a249a56b2cf2f8e'),
    17: ('4ae1f5425915f1d4', 'eafd7e094a41cda9'),
    18: ('a79376f66b4f7bb7', '5c15a5120834354a'),
    19: ('11c085bfe4ec0119', 'f40c1ade3b3c7d13'),
    20: ('adfaa8cd0951e36f', 'b7f5a4b307071ad4'),
    21: ('1af44a75526b2686', '9fb7d07f7c7a9f52'),
    22: ('3a53aa6cc28bd81b', 'dc433c96d05d19c7'),
    23: ('96e5a725553ae8b9', 'c22df03c7dda4879'),
    24: ('286017d2572f6297', 'e115921f83197183'),
    25: ('6500224e9b3bb371', '459bb0a779cc8b29'),
    26: ('0f8143e4c8afd825', 'c9a44b03bf518d3c'),
    27: ('fe50ddaf2d20cdbe', '0409a8752fa748e5'),
    28: ('14cbc66d59a2785a', '1959ca1f9d608502'),
    29: ('ed8297530a296d8a', '96005474ab14c83a'),
    30: ('a427e5e4f95d3ce7', '35fc05c339d8aaa8'),
}


def fingerprint(seed: int, options: dict[str, str]) -> tuple[str, str]:
    rnd = random.Random(seed)
    seats = [Seat(index=i, name=f"P{i + 1}", is_bot=True) for i in range(2)]
    state = ENGINE.setup(seats, ENGINE.parse_options(options), seed).state
    steps = hashlib.sha256()
    for _ in range(20_000):
        if ENGINE.outcome(state) is not None:
            break
        seat = rnd.choice(ENGINE.active_seats(state))
        legal = ENGINE.legal_actions(state, seat)
        steps.update("|".join(a.code() for a in legal).encode())
        step = ENGINE.apply(state, seat, rnd.choice(legal))
        state = step.state
        for e in step.events:
            steps.update(json.dumps(e.model_dump(), sort_keys=True, default=str).encode())
    # ammo_spent (kept for determinize) came after the hashes: left out, the events it copies are hashed
    dumped = json.loads(ENGINE.dump_state(state))
    dumped.pop("ammo_spent")
    for tank in dumped["tanks"]:  # likewise each tank's last_start (for the bots), a copy of its turn_start
        tank.pop("last_start")
    final = json.dumps(dumped, separators=(",", ":"), ensure_ascii=False).encode()
    steps.update(final)
    return steps.hexdigest()[:16], hashlib.sha256(final).hexdigest()[:16]


@pytest.mark.parametrize("options,expected", [({}, DEFAULT), (ALL_OPTIONS, EVERY_OPTION)], ids=["default", "every_option"])
def test_seeded_random_games_are_unchanged(options, expected):
    got = {seed: fingerprint(seed, options) for seed in expected}
    assert got == expected
