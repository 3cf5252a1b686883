"""Speed work must not change behaviour: seeded random games end in exactly the states they
reached before the rules were optimised, through the same legal-action lists and events.

The expected hashes were recorded with the engine before the speed pass (commit 4578ad7), and
recorded again when the two flak guns lost distance 0 (range 1 is exactly one move, issue 19),
and again, rules unchanged, when the dice became keyed BLAKE2b (issue 17).
Step hashes recorded again, play unchanged (every final-state hash the same), when an attack's
numbered strikes went into its roll and damage events and Show of Force lost its "now usable"
DM (issue 18).
Recorded again, play unchanged (the same legal-action lists, winners and totals over seeds 1-40 of
both option sets, checked against main), when a count result put the winner's total first (the
outcome's parameters, so some final states too) and a joint-booster attack numbered its first strike
(issue 18, newcomer7a).
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
    1: ('805d1d12ba3b9cb1', '460c43a54c8b9e2e'),
    2: ('2428e8bdb49b2d38', '56734e87a4cfa096'),
    3: ('ba38c9ced0fdffcc', '4639cc15e2b3bbbd'),
    4: ('f37c3c580c6766b7', 'e662536c61a15afa'),
    5: ('1e0fd77adc211dd9', 'afa60e8e403f5420'),
    6: ('3ef6205918ef162c', 'e95212505121c549'),
    7: ('ed6aac29541d7bb5', 'e9bed33f7f89b8f6'),
    8: ('fbc6b7640d674f11', 'e99347c4c9a56cdc'),
    9: ('ca9bb8764c7a5399', '504b1a7288209b7f'),
    10: ('db3043c895e2abc2', 'afe1aa6eb6b97a3a'),
    11: ('3a75b81fd6588e76', '1d28df7de832fa88'),
    12: ('21fb09bd873ae718', 'eaea5e83b4f8f237'),
    13: ('9071d38704f4d258', '46db30e81ebd6baf'),
    14: ('aecca479ba1e1121', '183f33f8e21678e4'),
    15: ('f36153cb161a5eed', '7ff7e2eb8fcafe8b'),
    16: ('125466cd684a6c17', 'dfa4f068772cc13a'),
    17: ('6f6556b29d71bdaa', '7a88bab8941b7d47'),
    18: ('88437b532882ae38', '13e49b1cb5ac765a'),
    19: ('f2dce8561e95e5c7', '0d634d70aef7db83'),
    20: ('5e72d56b9b424311', 'b7e99a870fbf120d'),
    21: ('eee0c5bbd0635f8a', 'd1bfa71a7f2adeeb'),
    22: ('d32dfad865fb9a9f', '13904e8be2f28e1c'),
    23: ('bfa1384bab4ea258', '99c1dc9982db1efc'),
    24: ('3bda5f7fe304b83a', '0d41d5906d180b11'),
    25: ('2b651a44f2199df7', '82ebbabfb9101469'),
    26: ('91d1009bd116a042', '176bf873f436139a'),
    27: ('f061ef169091a38d', 'f34ec069b0ff0f49'),
    28: ('42d03cc400c39b1f', 'b8e891dbcd69362b'),
    29: ('3726f6004ca92c80', 'b3228fdee8cfad07'),
    30: ('991efd236a7695ad', '2438c55fdd822bf1'),
}

SHORT_ROUNDS = {
    1: ('d3e49816673ea494', '3e9a72da0bf94b2a'),
    2: ('a31a8693a6a69638', '651e94aef4a03ac5'),
    3: ('f81e04e1644bef79', '8b0ed49152521531'),
    4: ('41a617d15fd9d0bb', 'cf5d938cf7ec42bc'),
    5: ('a0cbf2d7c64d44ef', 'd5e6ad094d69b112'),
    6: ('665d4815f3db2491', 'a3195c13b1fe33aa'),
    7: ('90334002c38c36de', '390329a58ec18a33'),
    8: ('fd054d070faa8033', '6bc219cf9680afe7'),
    9: ('4c5346540b8d5c39', '9e04e59568a3b963'),
    10: ('b35732b20dea3afa', 'ff8bd9f818b0cfc4'),
    11: ('7029da14be7d5981', '50d0f10b8b3a0249'),
    12: ('04cf4dd46ff733e7', 'f7cf03e6139df72f'),
    13: ('41db768c2ff2415e', '91e573176d09cf40'),
    14: ('1e27ecbec3af49bc', 'c27078df6ad1892b'),
    15: ('23c6a98bcd6a2b98', '4cde5becaf5a90ca'),
    16: ('6cd0bfa49d2ed097', '215fc11fd754615d'),
    17: ('bff31300c91eb919', 'ef5a6884264f9f68'),
    18: ('70657db0a21ce22a', '033f06f6728c0d07'),
    19: ('3b02160494d5f68f', 'c80a600a041bbab1'),
    20: ('941eacc470d00745', '151cc66f277be037'),
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
