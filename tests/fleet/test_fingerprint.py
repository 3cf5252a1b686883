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
Step hashes recorded again, play unchanged (all 50 final-state hashes the same), when a reaction
window got its channel line (fleet.window: said alike whatever the seat holds, issue 18), and
again, play unchanged (all 50 final-state hashes the same), when an attack's damage events named
what made the damage differ from the weapon's (`why`, issue 18), and again, play unchanged (all 50
final-state hashes the same), when every hit and evade roll carried the terms its target adds up from
(`terms`, games/fleet/aim.py, issue 18: "needs ≤ 11" was evade 7 plus Awakening 4).
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
    1: ('f263bbf973e5e333', '460c43a54c8b9e2e'),
    2: ('454e2be1377c46cf', '56734e87a4cfa096'),
    3: ('679e41e8fa73da21', '4639cc15e2b3bbbd'),
    4: ('7261ef5c8f1889ef', 'e662536c61a15afa'),
    5: ('bac66e9cc9ee17a0', 'afa60e8e403f5420'),
    6: ('3e1db83a068bed75', 'e95212505121c549'),
    7: ('1642394f65fd2bd4', 'e9bed33f7f89b8f6'),
    8: ('897baac162f1b214', 'e99347c4c9a56cdc'),
    9: ('16e1e7c52ae8faab', '504b1a7288209b7f'),
    10: ('832ffb7a41a2d7bf', 'afe1aa6eb6b97a3a'),
    11: ('1c7400272a0f767b', '1d28df7de832fa88'),
    12: ('8fe3633d3b44261f', 'eaea5e83b4f8f237'),
    13: ('18f68b8167467115', '46db30e81ebd6baf'),
    14: ('13a1c17ccd404f23', '183f33f8e21678e4'),
    15: ('0e0a3d8aa45b2534', '7ff7e2eb8fcafe8b'),
    16: ('14eb9dde6933b8be', 'dfa4f068772cc13a'),
    17: ('3432f699e7e3059a', '7a88bab8941b7d47'),
    18: ('397b0a5c7eb99d99', '13e49b1cb5ac765a'),
    19: ('4a3f130665acf856', '0d634d70aef7db83'),
    20: ('0304968a59bbd865', 'b7e99a870fbf120d'),
    21: ('6b450c4b9c7f24a0', 'd1bfa71a7f2adeeb'),
    22: ('93cb7f8e16bd09f2', '13904e8be2f28e1c'),
    23: ('dd91cee7eea52206', '99c1dc9982db1efc'),
    24: ('415711a5187b2d3d', '0d41d5906d180b11'),
    25: ('05c810c90b50d0c6', '82ebbabfb9101469'),
    26: ('65afbf748c3f0338', '176bf873f436139a'),
    27: ('cd6cda7545ec2411', 'f34ec069b0ff0f49'),
    28: ('5645252d80022989', 'b8e891dbcd69362b'),
    29: ('9707b85205509def', 'b3228fdee8cfad07'),
    30: ('bbf5b0074fd58b25', '2438c55fdd822bf1'),
}

SHORT_ROUNDS = {
    1: ('0ab8c3c47159d728', '3e9a72da0bf94b2a'),
    2: ('92210033c81e7601', '651e94aef4a03ac5'),
    3: ('791d31e5c03a0b96', '8b0ed49152521531'),
    4: ('1607f225caeeb440', 'cf5d938cf7ec42bc'),
    5: ('8b0ed449696c800e', 'd5e6ad094d69b112'),
    6: ('373e3b58ef800014', 'a3195c13b1fe33aa'),
    7: ('02e9b545075ac20b', '390329a58ec18a33'),
    8: ('ba4a4127b9d773f5', '6bc219cf9680afe7'),
    9: ('5de4e7a13c42bfad', '9e04e59568a3b963'),
    10: ('8d70a3a9fa473d1b', 'ff8bd9f818b0cfc4'),
    11: ('dd0825b8058588b4', '50d0f10b8b3a0249'),
    12: ('4622b5dcf46c2d15', 'f7cf03e6139df72f'),
    13: ('f4c36ee78fee2215', '91e573176d09cf40'),
    14: ('b5ceb5c1da5e07be', 'c27078df6ad1892b'),
    15: ('72dce60080521ba4', '4cde5becaf5a90ca'),
    16: ('e9181e6255587596', '215fc11fd754615d'),
    17: ('200dbbebf134958f', 'ef5a6884264f9f68'),
    18: ('2454dcddd745a3c0', '033f06f6728c0d07'),
    19: ('7dcb78b3dda6b6e9', 'c80a600a041bbab1'),
    20: ('6d7303e753fa3005', '151cc66f277be037'),
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
