"""Speed work must not change behaviour: seeded random games end in exactly the states they
reached before the engine was optimised, through the same legal-action lists and events.

The expected hashes were recorded with the engine as it stood before the second speed pass
(commit 29f98ee). Per seed: (hash of every step's legal-action codes, events and the final
state; hash of the final `dump_state`). The chooser picks by index, so the order of legal
actions matters too. Every tenth step the state is reloaded from JSON as the host does, so a
cache tied to a state object that a reload loses (or keeps wrongly) would show here. Purely
random games spend many steps picking and dropping cards; the "aggressive" cases skip the
passive actions whenever another is legal, so focus fire, answers, destruction, wipe-outs,
recounts with cut-offs and reinforcements are covered too; fog of war, three and four
players, a logistics roll per seat, the alt20 format and matches of several games as well.

To re-record after a deliberate rule change: `python -m tests.ironfire.test_fingerprint`.
"""
import hashlib
import json
import random

import pytest

from games.core import Seat
from games.ironfire import ENGINE

PASSIVE = ("stop", "pass", "drop", "ready")

CASES = {  # name: (players, options, skip passive actions, seeds)
    "two": (2, {}, False, range(1, 21)),
    "three": (3, {}, False, range(1, 9)),
    "four_fog": (4, {"fog_of_war": "true"}, False, range(1, 9)),
    "aggressive_each": (3, {"logistics": "each"}, True, range(1, 9)),
    "aggressive_fog_match": (4, {"fog_of_war": "true", "match": "3"}, True, range(1, 5)),
    "alt20_match": (2, {"format": "alt20", "match": "3"}, True, range(1, 9)),
    "long": (3, {"logistics": "200"}, True, range(1, 7)),
    "long_fog_match": (2, {"logistics": "200", "fog_of_war": "true", "match": "2"}, True, range(1, 5)),
}


EXPECTED = {
    'two': {
        1: ('8323da7b811c2e40', '00a322492df0cf39'),
        2: ('349f858eb5fb376b', 'e1c8955a5a3d6486'),
        3: ('1ad0ddf87f335e41', '4fb7fe9e94e431be'),
        4: ('7ee36d6cb3836de8', '8627c23ac81beb31'),
        5: ('3db5e7361f36cb24', 'f84f7bf1d75096a3'),
        6: ('d8ea3726b0a76d57', '699d40567ae9cb6d'),
        7: ('2f76038b9c342d23', '8b86089d0bae170b'),
        8: ('3ee7eda19494969a', '175477eb8317e0ae'),
        9: ('47dc4aa6e19570ae', '0e48d3a5a559018b'),
        10: ('e853a6e85caa4325', 'a31902191f171fef'),
        11: ('29d72cbe2f4c400a', 'ed8bc6d41d578f1b'),
        12: ('d97c3f60786463d6', '4972cf736e59a5d5'),
        13: ('7c3970839459388b', 'a1a4f99507f13d08'),
        14: ('c5cbaa822930ea30', '43ea1a04ebc38195'),
        15: ('27dca4e4bc8ff8c1', 'c328fd19dda9777b'),
        16: ('1b707d1a9b643cbd', '6f4d88ed85e7d264'),
        17: ('2739daeb7f301cce', '0ab65c7df0216f0e'),
        18: ('0347e4ba61cda3cc', '3890c075fcb6bc62'),
        19: ('3a93056d8a975571', '81b47687ac770627'),
        20: ('728bcd18ec45b75e', '0d8a153790163855'),
    },
    'three': {
        1: ('5d2edd85d652d5b0', '339390026cf4cc70'),
        2: ('6a1cf6e65000f25d', '6a313ebe4c6b47b2'),
        3: ('ad1e1c2a5a458b21', '47632fb9686a146f'),
        4: ('28ad2228cf1a9979', 'f1604ae500faec46'),
        5: ('1b8b68c5fc09f6eb', '02addac7e1cc8958'),
        6: ('0cf061df90c38a4a', '0cb7e6fece8580f0'),
        7: ('4f9d749187fa1acd', 'b63dc26d7bffa5fb'),
        8: ('df5b289c269916c8', 'd82ba45a323b7aa8'),
    },
    'four_fog': {
        1: ('1fe4c3817a2210fe', 'bc8a3f6b32dea823'),
        2: ('c43b0e46925c1823', 'c3c8305ec0c49303'),
        3: ('104b5fefd2ef2aad', 'fad9b0349e12343f'),
        4: ('1f5531ee4f7c62f4', 'ff8105bf9e2289f5'),
        5: ('8d2a6ff91d5d3c49', '4ec648ce9a0c9ea2'),
        6: ('16feb9bdf08e3f3f', '20ae4870d5a5cd0a'),
        7: ('dfd525fa216d25e8', '643dd07d98404c87'),
        8: ('be710e5f98535866', 'e8890f99781f1599'),
    },
    'aggressive_each': {
        1: ('48c0aeadcf5e59bd', '4d5285ea7cf41851'),
        2: ('cb37e2f2b3726d78', 'd8e8154dd78aba07'),
        3: ('619163921f747713', 'e4471a199445ce22'),
        4: ('10c7b4f7485ed506', '5884f45567d93feb'),
        5: ('e17a10e9a625fbe1', 'fbbbea96cef06663'),
        6: ('3a76ae460bd9d390', '5d8246926494c9e3'),
        7: ('bea41c058859649c', 'da53a4e439d8c5d0'),
        8: ('147846d03008be9c', '6449aee545888625'),
    },
    'aggressive_fog_match': {
        1: ('fecbb163101bee90', 'b550f542e54c0877'),
        2: ('b700afadacb331fd', '516108c6c3622785'),
        3: ('b77d83b1f2487a7c', '8d45caacc259525f'),
        4: ('6cf1a2b00f79d4c5', '709edf90798df75b'),
    },
    'alt20_match': {
        1: ('509abd1839e1890f', '62f1217d2d931924'),
        2: ('2c1ca804733fe111', '77b820d418f9be29'),
        3: ('a11bfadce2b90905', '17cab8ad916cfbfb'),
        4: ('b3028525c46c164f', '23e70abdfb6807e0'),
        5: ('5a913cb0806f98e1', '6bf8760c7a216eb6'),
        6: ('f7754b56eb2afec6', '8fcc3d5dfca5c720'),
        7: ('9063dd202f13d221', 'c145687c91d43539'),
        8: ('f79e0a32cf2b9a3e', 'e3b0700c76983e4a'),
    },
    'long': {
        1: ('b1091c9c87c737dc', 'f3416dc3c1cccc46'),
        2: ('25fc94215a76795b', '6fcd4f40f80b2450'),
        3: ('e5da782d986a265f', '1add8c000676abb3'),
        4: ('94ed2ef1a1584c39', 'bbf85278d8ae20ec'),
        5: ('aff4567aae39e580', 'd2a114c8391f075a'),
        6: ('174b1d53ac9b7790', '9ca6c1a7345b0f53'),
    },
    'long_fog_match': {
        1: ('6d17c6e7b3a07fbe', '6353713ebb3a99bb'),
        2: ('e7f5427eb5c411d2', 'd30178e95a5103b9'),
        3: ('4febaea33e5eab6c', 'dc0c8ada5d34938b'),
        4: ('4e37900bc3e5dcb3', 'd16cd240a7544130'),
    },
}


def fingerprint(seed: int, players: int, options: dict[str, str], aggressive: bool = False) -> tuple[str, str]:
    rnd = random.Random(seed)
    seats = [Seat(index=i, name=f"P{i + 1}", is_bot=True) for i in range(players)]
    state = ENGINE.setup(seats, ENGINE.parse_options(options), seed).state
    steps = hashlib.sha256()
    for n in range(20_000):
        if ENGINE.outcome(state) is not None:
            break
        if n % 10 == 9:
            state = ENGINE.load_state(ENGINE.dump_state(state))
        seat = rnd.choice(ENGINE.active_seats(state))
        legal = ENGINE.legal_actions(state, seat)
        steps.update("|".join(a.code() for a in legal).encode())
        pool = [a for a in legal if a.kind not in PASSIVE] if aggressive else []
        step = ENGINE.apply(state, seat, rnd.choice(pool or legal))
        state = step.state
        for e in step.events:
            steps.update(json.dumps(e.model_dump(), sort_keys=True, default=str).encode())
    final = ENGINE.dump_state(state).encode()
    steps.update(final)
    return steps.hexdigest()[:16], hashlib.sha256(final).hexdigest()[:16]


@pytest.mark.parametrize("name", list(CASES))
def test_seeded_random_games_are_unchanged(name):
    players, options, aggressive, seeds = CASES[name]
    got = {seed: fingerprint(seed, players, options, aggressive) for seed in seeds}
    assert got == EXPECTED[name]


if __name__ == "__main__":
    print("EXPECTED = {")
    for name, (players, options, aggressive, seeds) in CASES.items():
        print(f"    {name!r}: {{")
        for seed in seeds:
            print(f"        {seed}: {fingerprint(seed, players, options, aggressive)!r},")
        print("    },")
    print("}")
