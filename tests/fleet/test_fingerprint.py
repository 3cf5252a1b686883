"""Speed work must not change behaviour: seeded random games end in exactly the states they
reached before the rules were optimised, through the same legal-action lists and events.

The expected hashes were recorded with the engine before the speed pass (commit 4578ad7), and
recorded again when the two flak guns lost distance 0 (range 1 is exactly one move, issue 19)
and when reaction windows came to open by what the opponent sees (issue 17).
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
    1: ('531816f9653bb19e', 'a286afc9ad9cea76'),
    2: ('619fc5aa5ec0f38b', '73ec4e8ffe31b628'),
    3: ('92897356d3503da3', 'aa0c9e174ea8a365'),
    4: ('193008dc2dfb01f2', 'cba1b453a660f84c'),
    5: ('7cdadcdd46e92dbe', '88bed7c9162a6a64'),
    6: ('79191d5a31f96555', '341724b07cf722d6'),
    7: ('c5ec6370a3e7a61f', '85f784d6e3f62c9e'),
    8: ('eeac6f90da6982e4', '908b12b324e78db4'),
    9: ('9f3f0032e218cb24', 'ecab3a24bdd2b26f'),
    10: ('289bd971c1c0d1d4', '2d72c3cedbd3e9df'),
    11: ('bf6cc29149f3d168', '0156ce6174810ab7'),
    12: ('01a1038442656629', 'd1d63f2c1d3b2932'),
    13: ('55228615d7e742d7', 'e1d60937aa257816'),
    14: ('a5c50c07014d8813', 'd18471f974e14d5c'),
    15: ('35e49a22b52fc2d6', '81436d6c1aab503d'),
    16: ('271a7d3493185125', '6167c2d1df484c90'),
    17: ('12f117cb89a64558', '1d85da8203745662'),
    18: ('79d1bf25fd669a16', '4f3c5c7a0b6a4a9f'),
    19: ('dec8daedb568e296', '024f5c57fff10853'),
    20: ('0077df9c5a675c9e', 'ab4639e574c6a02f'),
    21: ('85c22365a53b512e', '21f46cd46d9b85eb'),
    22: ('8e126159389887ab', '0aa08de31ed2cf6c'),
    23: ('a51c6199674fd6ac', 'aa5e55bda306cf6d'),
    24: ('33da3c81faf4f109', 'daad6095bc2f5650'),
    25: ('a51bfd6b780fb20e', 'e559066a012e517f'),
    26: ('4ce5acff7de86523', '4512e2f13a432996'),
    27: ('8a1b349768079ad6', 'd516e97b52cdd54a'),
    28: ('1344f5d666f08f91', '08afc9e63373fa31'),
    29: ('456a38dfcaa0fb83', '9bce2b05e3f6b9b2'),
    30: ('f2406c2b74e6cdf9', 'de1eb2d4967c187a'),
}

SHORT_ROUNDS = {
    1: ('5797dc9cea80c34e', '4ca6ab9f50422e48'),
    2: ('91c34d023627213d', '9e5ee9772888e4e5'),
    3: ('a07e2d2847a3b873', '9cb1a0fbef0a53cd'),
    4: ('766b387267b45177', '077c2409880d979d'),
    5: ('582aa7118d6e37df', '55cc2a0f91eb1e1a'),
    6: ('1aedb94593806af4', '9a0d7017c0f9f6f9'),
    7: ('007c6fefe50c0c61', '5d355591b170cd6f'),
    8: ('3a2181d4bccfb7e7', '5dfd27af9fd1c6cc'),
    9: ('71680a8dbc182146', '9c3a99843d737627'),
    10: ('2e5bcc996741863a', '3dd675b05cdb3387'),
    11: ('55249e562c7825fe', 'dccb11834b8892f4'),
    12: ('e4fae2f66eeff063', 'e6c68eb7502ec6b3'),
    13: ('b58d583716684848', '70c559293b6bde1c'),
    14: ('3beda1c03261e5c7', 'd95789ac449b82dd'),
    15: ('fffcae28e23a0d8a', '5bd0688f445a8133'),
    16: ('c07cb43bd0600307', '1706f304444f5075'),
    17: ('64efb765d9350428', '377aab6d7fd15cc9'),
    18: ('c44e554366e0429a', '9544782557bb01b9'),
    19: ('c9fd913188a2d5dc', '3f10b2b99151bd96'),
    20: ('31ca55cf330abc3c', 'afbf6dd1eee6b0fb'),
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
