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
advanced weapon system (fleet.passed and the rest, issue 18, session 15).
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
    1: ('652c8d365ee48b6f', '460c43a54c8b9e2e'),
    2: ('31e187c411c740b3', '56734e87a4cfa096'),
    3: ('91729c1566dbf7a6', '4639cc15e2b3bbbd'),
    4: ('2135d0b75654b650', 'e662536c61a15afa'),
    5: ('68ea4ad9d8ef7dfa', 'afa60e8e403f5420'),
    6: ('4b8bcdd69f67da14', 'e95212505121c549'),
    7: ('5a9eb63609763b00', 'e9bed33f7f89b8f6'),
    8: ('63f7e198c840df72', 'e99347c4c9a56cdc'),
    9: ('e532b77e34eeb218', '504b1a7288209b7f'),
    10: ('6e623fd4483d4398', 'afe1aa6eb6b97a3a'),
    11: ('b19a85049e3cb160', '1d28df7de832fa88'),
    12: ('a554c5a7500b84b5', 'eaea5e83b4f8f237'),
    13: ('c62272266e45be1d', '46db30e81ebd6baf'),
    14: ('af1c8104b1ca6efc', '183f33f8e21678e4'),
    15: ('d9f4164071a3dbd4', '7ff7e2eb8fcafe8b'),
    16: ('f742bd2b3322baa6', 'dfa4f068772cc13a'),
    17: ('5b142f2c4cd4628a', '7a88bab8941b7d47'),
    18: ('c440c13a75d6c022', '13e49b1cb5ac765a'),
    19: ('2cef7042b829f594', '0d634d70aef7db83'),
    20: ('7257b78fc24934f8', 'b7e99a870fbf120d'),
    21: ('1d9ea83b5b7ad2bf', 'd1bfa71a7f2adeeb'),
    22: ('e1a7993a7b97b8a8', '13904e8be2f28e1c'),
    23: ('5ad203ce0bc9e5d9', '99c1dc9982db1efc'),
    24: ('6190f6b4fe4f2c99', '0d41d5906d180b11'),
    25: ('65bb497d75107e22', '82ebbabfb9101469'),
    26: ('a598dc1b05c37395', '176bf873f436139a'),
    27: ('268a142720e4edd2', 'f34ec069b0ff0f49'),
    28: ('396e7f96108999a6', 'b8e891dbcd69362b'),
    29: ('f6ad5314a10efe9e', 'b3228fdee8cfad07'),
    30: ('0940e2312ee305d9', '2438c55fdd822bf1'),
}

SHORT_ROUNDS = {
    1: ('5e3798cb6d3d699a', '3e9a72da0bf94b2a'),
    2: ('e659eaaf54eebc0d', '651e94aef4a03ac5'),
    3: ('b2cac3e1894a2427', '8b0ed49152521531'),
    4: ('3f6e340c02bd87d7', 'cf5d938cf7ec42bc'),
    5: ('d5dfc5715978545a', 'd5e6ad094d69b112'),
    6: ('223de9659d583dd4', 'a3195c13b1fe33aa'),
    7: ('bb5e29377bf9d84e', '390329a58ec18a33'),
    8: ('cf7940265e5b7f54', '6bc219cf9680afe7'),
    9: ('54237c3277ddcbd9', '9e04e59568a3b963'),
    10: ('87465138cd48c40a', 'ff8bd9f818b0cfc4'),
    11: ('9fe5bf611664de5d', '50d0f10b8b3a0249'),
    12: ('41d3536c4ba2bede', 'f7cf03e6139df72f'),
    13: ('7b4a4c569745384d', '91e573176d09cf40'),
    14: ('9f62c4b11b3aa7b1', 'c27078df6ad1892b'),
    15: ('03e5d59bdc037313', '4cde5becaf5a90ca'),
    16: ('315d11dd86a81075', '215fc11fd754615d'),
    17: ('18d858391a3fe3a8', 'ef5a6884264f9f68'),
    18: ('e22fc8c3a0e7263b', '033f06f6728c0d07'),
    19: ('b6219d761cbdf26d', 'c80a600a041bbab1'),
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
