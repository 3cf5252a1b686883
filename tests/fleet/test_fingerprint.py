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
(`why` starts with base.WEAPON), a skill's DM said when it is offered and a deck pick's DM counted.
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
    1: ('0b36d4c1f007c362', '460c43a54c8b9e2e'),
    2: ('84a20819d8ee9d13', '56734e87a4cfa096'),
    3: ('603aa9f5efaaf815', '4639cc15e2b3bbbd'),
    4: ('00cf6a755d968729', 'e662536c61a15afa'),
    5: ('1b0dd41ec4392715', 'afa60e8e403f5420'),
    6: ('3cd79c9fe6e4d9fd', 'e95212505121c549'),
    7: ('1df9834870b9a51b', 'e9bed33f7f89b8f6'),
    8: ('fe82eda486a50a8f', 'e99347c4c9a56cdc'),
    9: ('bacbbf7dea2bce58', '504b1a7288209b7f'),
    10: ('6a6928c682933c76', 'afe1aa6eb6b97a3a'),
    11: ('e1b5dc7f0f70d1b7', '1d28df7de832fa88'),
    12: ('c116b9f0bb5daf3b', 'eaea5e83b4f8f237'),
    13: ('2aaab13d69159193', '46db30e81ebd6baf'),
    14: ('c4101eef4606a218', '183f33f8e21678e4'),
    15: ('1e92537516359ee9', '7ff7e2eb8fcafe8b'),
    16: ('7278f058790705cc', 'dfa4f068772cc13a'),
    17: ('e483d8d96c600146', '7a88bab8941b7d47'),
    18: ('fc28c19801286f02', '13e49b1cb5ac765a'),
    19: ('cde38961d57b0bec', '0d634d70aef7db83'),
    20: ('75d5005356c8a266', 'b7e99a870fbf120d'),
    21: ('ad6470359ce92e6a', 'd1bfa71a7f2adeeb'),
    22: ('ac378929d8780381', '13904e8be2f28e1c'),
    23: ('c5c34d6462c657d8', '99c1dc9982db1efc'),
    24: ('ed6e07e30d6cd9f9', '0d41d5906d180b11'),
    25: ('105c9b325eea43e0', '82ebbabfb9101469'),
    26: ('7be287a8ee51ac97', '176bf873f436139a'),
    27: ('11540c87bf726c56', 'f34ec069b0ff0f49'),
    28: ('503b8f48753f4f4f', 'b8e891dbcd69362b'),
    29: ('5ff02de4c9a4f594', 'b3228fdee8cfad07'),
    30: ('4f1e22a57a10a5bd', '2438c55fdd822bf1'),
}

SHORT_ROUNDS = {
    1: ('58946c5e1bb28fca', '3e9a72da0bf94b2a'),
    2: ('04897ac380e92d54', '651e94aef4a03ac5'),
    3: ('4bdf1b43b5cd87a2', '8b0ed49152521531'),
    4: ('0f5ac69c464b08c0', 'cf5d938cf7ec42bc'),
    5: ('6de4db2188cc3e79', 'd5e6ad094d69b112'),
    6: ('adce9efd96686468', 'a3195c13b1fe33aa'),
    7: ('47f73bb454719890', '390329a58ec18a33'),
    8: ('bfabc575eae3944d', '6bc219cf9680afe7'),
    9: ('7f00bb3317630a64', '9e04e59568a3b963'),
    10: ('43bb835c48821e20', 'ff8bd9f818b0cfc4'),
    11: ('8f92dbf72f2dd443', '50d0f10b8b3a0249'),
    12: ('0d64abe61282078d', 'f7cf03e6139df72f'),
    13: ('fbac71138cf8a1f3', '91e573176d09cf40'),
    14: ('4265c557490305bb', 'c27078df6ad1892b'),
    15: ('03e5d59bdc037313', '4cde5becaf5a90ca'),
    16: ('05a44139e7dfac63', '215fc11fd754615d'),
    17: ('7294bddd3e558d31', 'ef5a6884264f9f68'),
    18: ('539344d4c85048a8', '033f06f6728c0d07'),
    19: ('a5e0a77ffacdcffa', 'c80a600a041bbab1'),
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
