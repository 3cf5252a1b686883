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
what made the damage differ from the weapon's (`why`, issue 18).
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
    1: ('b3f43ebc863035c7', '460c43a54c8b9e2e'),
    2: ('640cf0825f79eb3d', '56734e87a4cfa096'),
    3: ('ed3ce5ae3b0d852c', '4639cc15e2b3bbbd'),
    4: ('705a5f6a4948f275', 'e662536c61a15afa'),
    5: ('68920345468b7503', 'afa60e8e403f5420'),
    6: ('0560818a5554c467', 'e95212505121c549'),
    7: ('8b026e30cf582042', 'e9bed33f7f89b8f6'),
    8: ('c396215502dcfc31', 'e99347c4c9a56cdc'),
    9: ('60a7c67d48c5c39e', '504b1a7288209b7f'),
    10: ('83c74c40af3d06d5', 'afe1aa6eb6b97a3a'),
    11: ('26acfc15b7fa610f', '1d28df7de832fa88'),
    12: ('62b7450fce76a05e', 'eaea5e83b4f8f237'),
    13: ('9b1084cd065c386d', '46db30e81ebd6baf'),
    14: ('2aa13e6be6dd6a72', '183f33f8e21678e4'),
    15: ('c5e77fa022c83994', '7ff7e2eb8fcafe8b'),
    16: ('48cca45193390cc5', 'dfa4f068772cc13a'),
    17: ('6d74215079b5b1eb', '7a88bab8941b7d47'),
    18: ('341fe0aec8d63524', '13e49b1cb5ac765a'),
    19: ('cc01ea06c7b20ac2', '0d634d70aef7db83'),
    20: ('e118619c47fd1be6', 'b7e99a870fbf120d'),
    21: ('0f4ca4e2aa1b0948', 'd1bfa71a7f2adeeb'),
    22: ('7816c0ba34a562b8', '13904e8be2f28e1c'),
    23: ('1d56fbbd9fc8b7ec', '99c1dc9982db1efc'),
    24: ('1d8caeae03fc52ea', '0d41d5906d180b11'),
    25: ('54a3d75f18187a6c', '82ebbabfb9101469'),
    26: ('303f41de1525218c', '176bf873f436139a'),
    27: ('c9c5ad0b46244c54', 'f34ec069b0ff0f49'),
    28: ('557f7fa423a887e4', 'b8e891dbcd69362b'),
    29: ('f836ae9e9975513b', 'b3228fdee8cfad07'),
    30: ('d054fb774d4a5b6b', '2438c55fdd822bf1'),
}

SHORT_ROUNDS = {
    1: ('664b363d318f1093', '3e9a72da0bf94b2a'),
    2: ('31d9bbcdd7b13527', '651e94aef4a03ac5'),
    3: ('b3ab8d28982201ab', '8b0ed49152521531'),
    4: ('f4a73713a807d138', 'cf5d938cf7ec42bc'),
    5: ('8133cf32159a4a65', 'd5e6ad094d69b112'),
    6: ('4f760cd42b8dde8a', 'a3195c13b1fe33aa'),
    7: ('399f08d3fa66a25d', '390329a58ec18a33'),
    8: ('9bdbc5a2bac36da5', '6bc219cf9680afe7'),
    9: ('82e65d4bd2b1928f', '9e04e59568a3b963'),
    10: ('8d70a3a9fa473d1b', 'ff8bd9f818b0cfc4'),
    11: ('c246c0f5e4c3e6f8', '50d0f10b8b3a0249'),
    12: ('bd34772b1a2d407f', 'f7cf03e6139df72f'),
    13: ('948df2fcd57399bf', '91e573176d09cf40'),
    14: ('7f0559aa3cddab48', 'c27078df6ad1892b'),
    15: ('b938b50a88ba4cea', '4cde5becaf5a90ca'),
    16: ('3206bb1ab9c84b61', '215fc11fd754615d'),
    17: ('6cab92f31cc366de', 'ef5a6884264f9f68'),
    18: ('04f842fa66999a1c', '033f06f6728c0d07'),
    19: ('e1d5375801cb550a', 'c80a600a041bbab1'),
    20: ('7589fad635a41986', '151cc66f277be037'),
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
