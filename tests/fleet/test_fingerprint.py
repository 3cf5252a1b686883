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
(`terms`, games/fleet/aim.py, issue 18: "needs ≤ 11" was evade 7 plus Awakening 4), and again,
play unchanged (all 50 final-state hashes the same), when every step a seat takes got a line: a
pass, a second twin-laser shot or a warp declined, a launch's cards done, a card kept from the
advanced weapon system (fleet.passed and the rest, issue 18, session 15), and again, play unchanged
(all 50 final-state hashes the same), when a damage line's terms began with the weapon's own damage
(`why` starts with base.WEAPON), a skill's DM said when it is offered and a deck pick's DM counted,
and again, play unchanged (all 50 final-state hashes the same), when a building step's DM came only
as the step changed.
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
    1: ('2fa91a98ab13071d', '460c43a54c8b9e2e'),
    2: ('5995802b795a07e1', '56734e87a4cfa096'),
    3: ('57c11e0567570af9', '4639cc15e2b3bbbd'),
    4: ('6df07a7313340cec', 'e662536c61a15afa'),
    5: ('40ba04532bbadc87', 'afa60e8e403f5420'),
    6: ('3cd79c9fe6e4d9fd', 'e95212505121c549'),
    7: ('7e262cbf3b165360', 'e9bed33f7f89b8f6'),
    8: ('fe82eda486a50a8f', 'e99347c4c9a56cdc'),
    9: ('56475145efd874c5', '504b1a7288209b7f'),
    10: ('585d2abcd2e2532b', 'afe1aa6eb6b97a3a'),
    11: ('43a9b225b8230e36', '1d28df7de832fa88'),
    12: ('42a916af817bc387', 'eaea5e83b4f8f237'),
    13: ('a283e327798877cb', '46db30e81ebd6baf'),
    14: ('b7132b3bce292923', '183f33f8e21678e4'),
    15: ('1e92537516359ee9', '7ff7e2eb8fcafe8b'),
    16: ('7278f058790705cc', 'dfa4f068772cc13a'),
    17: ('f8a881446b99e179', '7a88bab8941b7d47'),
    18: ('fc28c19801286f02', '13e49b1cb5ac765a'),
    19: ('048239348bec73ab', '0d634d70aef7db83'),
    20: ('75d5005356c8a266', 'b7e99a870fbf120d'),
    21: ('d00b6bc9ea094d66', 'd1bfa71a7f2adeeb'),
    22: ('dba75d0acb98eda0', '13904e8be2f28e1c'),
    23: ('4d2ec5bad0d60fe9', '99c1dc9982db1efc'),
    24: ('c82595b229fc7363', '0d41d5906d180b11'),
    25: ('06a13312ba0482da', '82ebbabfb9101469'),
    26: ('87161fb55f35ca2e', '176bf873f436139a'),
    27: ('d883e8d9e49d69db', 'f34ec069b0ff0f49'),
    28: ('8d9fed0d1f73f485', 'b8e891dbcd69362b'),
    29: ('5ff02de4c9a4f594', 'b3228fdee8cfad07'),
    30: ('2a67ca9e0f045f77', '2438c55fdd822bf1'),
}

SHORT_ROUNDS = {
    1: ('4d46018cf9cacdef', '3e9a72da0bf94b2a'),
    2: ('6201c30bc4b6fbad', '651e94aef4a03ac5'),
    3: ('916fb460d133255d', '8b0ed49152521531'),
    4: ('4fa9d551f18dd946', 'cf5d938cf7ec42bc'),
    5: ('9ad392ba132b90a5', 'd5e6ad094d69b112'),
    6: ('adce9efd96686468', 'a3195c13b1fe33aa'),
    7: ('a178a3b66d8b14ee', '390329a58ec18a33'),
    8: ('bfabc575eae3944d', '6bc219cf9680afe7'),
    9: ('3ce2a88bb75fdb62', '9e04e59568a3b963'),
    10: ('9e7161b28f20404e', 'ff8bd9f818b0cfc4'),
    11: ('21b90551714c9371', '50d0f10b8b3a0249'),
    12: ('537fc34c1b0ff5e0', 'f7cf03e6139df72f'),
    13: ('1a06cf20e65ad7a0', '91e573176d09cf40'),
    14: ('89f450f84244c258', 'c27078df6ad1892b'),
    15: ('03e5d59bdc037313', '4cde5becaf5a90ca'),
    16: ('05a44139e7dfac63', '215fc11fd754615d'),
    17: ('f1eb05a0e847e64f', 'ef5a6884264f9f68'),
    18: ('539344d4c85048a8', '033f06f6728c0d07'),
    19: ('ef81f2237e0ec1b1', 'c80a600a041bbab1'),
    20: ('aa9fb0c710c0828a', '151cc66f277be037'),
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
