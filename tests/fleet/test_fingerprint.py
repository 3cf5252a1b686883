"""Speed work must not change behaviour: seeded random games end in exactly the states they
reached before the rules were optimised, through the same legal-action lists and events.

The expected hashes were recorded with the engine before the speed pass (commit 4578ad7), and
recorded again when the two flak guns lost distance 0 (range 1 is exactly one move, issue 19),
and again, rules unchanged, when the dice became keyed BLAKE2b (issue 17).
Per seed: (hash of every step's legal-action codes, events and the final state; hash of the
final `dump_state`). The chooser picks by index, so the order of legal actions matters too.
"""
import hashlib
import json
import random

import pytest

from games.core import Seat
from games.fleet import ENGINE

# early count rounds: games end by 军备竞赛 or the hard cap, not only by raid or annihilation
SHORT = {"arms_round": "3", "cap_round": "5"}

DEFAULT = {
    1: ('6378cf9fb780cd7d', '62017925adf0e305'),
    2: ('6a0299818c242e47', 'cdcfbea7c59222b8'),
    3: ('36ab0f856cd0bb28', '058932c7711c911c'),
    4: ('4124aee896d9fe97', 'a53abf6babafd67b'),
    5: ('cae7cb3880a44e73', '82ad679480324271'),
    6: ('bde14b98aed18bf0', '4476569ef1cc5192'),
    7: ('2d820cc0694291fb', 'aef7f4dfde8e689f'),
    8: ('7cab8e7f7ca04904', '7625815331d747e6'),
    9: ('4b97747a1a44f572', '53fffafbd043e730'),
    10: ('67aac25ab8fd7f17', 'beb882cbc5f556c0'),
    11: ('83cf4a6ec9e2d60c', 'f05a34da5b5bf932'),
    12: ('29608d19841eb276', 'a92c93135b255b97'),
    13: ('a6de3f31ed89853d', 'abb839b3ec9d3e88'),
    14: ('511a7e4c3cbe54e4', '9030040cc1987eb4'),
    15: ('6e9d84d1a71725db', '06bfbc3e73ba6e1e'),
    16: ('18ab7ca100a49eed', '13fbcc2b17ee4587'),
    17: ('142453b35c649740', '3223af45cdf9aac4'),
    18: ('59984d4526b1263d', '39ddb981aa9b1e6c'),
    19: ('50a75e4259aa9522', '09c37f58ff7bc676'),
    20: ('ab1ccf0001e46be1', '89ecafb1deafcf91'),
    21: ('8dde2ac1489d71cc', 'd0c470ab60a69cfa'),
    22: ('13cb8848dc26495f', 'e79b648d6eaffb93'),
    23: ('ee16d70258f18fb8', '8e31860b912690f8'),
    24: ('2fd1a2856adce880', '89b8cad399021ed6'),
    25: ('c09fd26ff606fb3e', '5ae7ce49bcce3cc1'),
    26: ('25e224ef3fe737a0', 'e8ac70731d04eae8'),
    27: ('316e47743360a6ba', 'e3d9c9dd1add7955'),
    28: ('c48ba6da8fab446e', 'bd5fa32e313eedd5'),
    29: ('b21bcfa36cd06264', '873ac4de0b4b670c'),
    30: ('80b925e01429eba5', 'd08f40fbe8eb64dc'),
}

SHORT_ROUNDS = {
    1: ('a06b1c0b44e14f88', 'f1ae98980215fedc'),
    2: ('ee3217ec62e2d25e', '58b433207a972a72'),
    3: ('b88dcef1aa9dec16', 'bb80ed34e05ed9c2'),
    4: ('14b5bedf218370f2', '7bd66d9b2b26076a'),
    5: ('e5b89583c5c79520', '346399d66712e189'),
    6: ('0266c48ec6abd46d', '59fb74064f9985c3'),
    7: ('6dd519cd45d969be', 'fe2b865f9eb9edc8'),
    8: ('58a18b18870b11c4', '42fe7ed453c26f93'),
    9: ('dbf4af3ef691f519', '6fd58b9a41c3ee52'),
    10: ('6061897cdbbdd309', '1ba7a292eccbc1d9'),
    11: ('0223014edc1025fb', '6ba013d72dd14ca4'),
    12: ('5e44752b7925a7fc', '77f3b6c033878d51'),
    13: ('b8d3b25dace6d7cd', '17b3fab63b2ed780'),
    14: ('74fd6194ec997b54', 'db9b81790da2a0c5'),
    15: ('7a45643c0de841c4', 'dfdc31d6cebdf8d4'),
    16: ('f19245f201069cd2', 'a0f142d6f5a4dbf4'),
    17: ('751c154c7881b9c8', 'fe0f31cde78ea743'),
    18: ('3cc109b71b512ca3', '9541bffd9e645781'),
    19: ('dd783c1c1a0554bd', '55f0399792772130'),
    20: ('b0841d5ad5be308d', '2c6ebb9904f9ae99'),
}


def fingerprint(seed: int, options: dict[str, str], reload: bool = False) -> tuple[str, str]:
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
        step = ENGINE.apply(state, seat, legal[rnd.randrange(len(legal))])
        state = ENGINE.load_state(ENGINE.dump_state(step.state)) if reload else step.state
        for e in step.events:
            steps.update(json.dumps(e.model_dump(), sort_keys=True, default=str).encode())
    final = ENGINE.dump_state(state).encode()
    steps.update(final)
    return steps.hexdigest()[:16], hashlib.sha256(final).hexdigest()[:16]


@pytest.mark.parametrize("options,expected", [({}, DEFAULT), (SHORT, SHORT_ROUNDS)], ids=["default", "short_rounds"])
def test_seeded_random_games_are_unchanged(options, expected):
    got = {seed: fingerprint(seed, options) for seed in expected}
    assert got == expected


def test_games_reloaded_from_json_every_step_are_the_same_games():
    """The host applies every action to a state it has just reloaded from JSON: nothing the
    engine keeps between calls may change the game."""
    got = {seed: fingerprint(seed, {}, reload=True) for seed in range(1, 9)}
    assert got == {seed: DEFAULT[seed] for seed in range(1, 9)}
