"""Speed work must not change behaviour: seeded random games end in exactly the states they
reached before the rules were optimised, through the same legal-action lists and events.

The expected hashes were recorded with the engine before the speed pass (commit 4578ad7), and
recorded again when the two flak guns lost distance 0 (range 1 is exactly one move, issue 19).
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
    1: ("7b78da767d7b7bdd", "a9bcf7b1feed6165"),
    2: ("68b824dbb017b4cb", "c9338d803ca9278e"),
    3: ("6f39369c056d4a9b", "a1074998eb151298"),
    4: ("37a688711f515202", "5fbbd7c3688dd907"),
    5: ("accb48614081bf43", "30c7d1c6bf0a6ca6"),
    6: ("4c5872e5ca317d32", "4f1238080c9f63fd"),
    7: ("b2b903a31e624411", "f2305b0c9c63900c"),
    8: ("897952404eb4f961", "18c33d3814e14e01"),
    9: ("c6f4d80285eb7db5", "3c9f5fe89e04c8f2"),
    10: ("1a43c7de76e6fbce", "c48397cd3841cad9"),
    11: ("2103f412c9b476cd", "56de4ee5be048cac"),
    12: ("b2d11d57a6ada441", "18d3b77fa2273b73"),
    13: ("a725413ff012bbb0", "3e48e41c1cc80834"),
    14: ("a7188d80d4c5d4c7", "058c5ca05bdbcdaa"),
    15: ("48a176a22fd5e769", "89f69caebaf41e5e"),
    16: ("60a32f7e2584f37c", "b735eeeca0a5967d"),
    17: ("ae06f66348577c18", "18982a8f61c3a9a5"),
    18: ("0cbd37d23b07fb90", "b24b0cef966f24ad"),
    19: ("767e4183f1db3a16", "722d0c3e17677f35"),
    20: ("a9e46a156640db4f", "ef5bc9b97bc962be"),
    21: ("66b442f33e88fed9", "0b5936f15ea4af79"),
    22: ("cd7fc1e8289e5dd9", "446a1f37b9de3a06"),
    23: ("746a6a343e08b962", "24574787e46a0cb5"),
    24: ("a2b67a9737dd5a1e", "904535221f1b8138"),
    25: ("c7a9a39237e5da71", "f5b42cf697b422ab"),
    26: ("e10413f715503515", "767b7970d768d979"),
    27: ("5c9b561d8b322064", "1bde9b527a062978"),
    28: ("b87dbe0a88d3fafe", "c4d91526dcf3f2e7"),
    29: ("31267caea980c19f", "3e7aa78119b1f9d2"),
    30: ("a69a1ac8a5d40123", "7b5249250a3ffa1e"),
}

SHORT_ROUNDS = {
    1: ("18670840f930ae18", "3cb1cc0c4eb2dd4e"),
    2: ("1d739c12262af62c", "38abed373c3a2c90"),
    3: ("293e22680b5485e0", "ac8e43d0c05510fc"),
    4: ("5c149cd244caee01", "c3debfe5e8ecb0ea"),
    5: ("c9a68b07f584bf18", "19bc8f1fd052b7b7"),
    6: ("f5e7d02fb17db85e", "571fbc36df377109"),
    7: ("682c21c7ff8f60a3", "b0a413db67d1b187"),
    8: ("a89baf3b2aa78713", "d257508e5da75ca4"),
    9: ("d8fcbf635646773c", "d1f4946621635bfa"),
    10: ("ca71339d773ce5d2", "27ae3376c497ad03"),
    11: ("2191580a3f866f0a", "8bdf645f6e7a0239"),
    12: ("4bcb0fc39f964245", "5f9c73b4aa2ee2c1"),
    13: ("6b60e36658742f01", "7fa4ee1e15a37925"),
    14: ("9d68d0111a3f27df", "9ed3ca4019b9af36"),
    15: ("8b41b340ecc8bb64", "52554cc72a0004d8"),
    16: ("cda0c9e93a29cae1", "d74e4eaa4b1b6611"),
    17: ("42bd7c54e7a3eaf5", "ba07261eaebff137"),
    18: ("11a193e9272f5e22", "9d2a198882edb857"),
    19: ("a262578517a89be0", "3e8e60ad43285ebf"),
    20: ("c68ac4976b9c0315", "dad45cd50ee14dad"),
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
