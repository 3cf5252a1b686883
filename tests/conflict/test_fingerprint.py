"""Speed work must not change behaviour: seeded random games end in exactly the states they
reached before the engine was optimised, through the same legal-action lists and events.

The expected hashes were recorded with the unoptimised engine (commit 4578ad7), and again when
the Neutron Bomb was limited to cities (issue 19), and again, rules unchanged, when the dice
became keyed BLAKE2b (issue 17). Per seed:
(hash of every step's legal-action codes, events and the final state; hash of the final
`dump_state`). The chooser picks by index, so the order of legal actions matters too. Every
tenth step the state is reloaded from JSON as the host does, so a cache tied to a state
object (instead of static card and territory data) would show here. Purely random games
mostly flip units and end on the round cap; the "aggressive" cases skip the passive actions
whenever another is legal, so captures, rescues, nukes and an elimination are covered too.

To re-record after a deliberate rule change: `python -m tests.conflict.test_fingerprint`.
"""
import hashlib
import json
import random

import pytest

from games.conflict import ENGINE
from games.core import Seat

THREE = {
    1: ('2d66b9d3be9190d7', '71fc6a5b9200ec6e'),
    2: ('19d110def8ff1cc4', '61a1036669ec13b6'),
    3: ('05c9861c228d6446', '04053602d52f1f5a'),
    4: ('454adb92a310882a', '2b5a09eb7eead3f8'),
    5: ('15a744eac0335adc', 'b1e004c250670c3c'),
    6: ('5f2297f7198d6b9f', '618203cea581fba6'),
    7: ('35a25fa9c128b418', 'ddf03527d287d6c0'),
    8: ('bdcce4d4d204a374', '6eea1218ed68f4b0'),
    9: ('4a7375f019e158e4', '10e8a724af8a3858'),
    10: ('51dac756ac1975ee', '3114c88d8543cbe6'),
    11: ('556f40d627eeb2df', '2e8d90f23cfd747f'),
    12: ('ec0bba5caef6babb', '6aba3c6abff4ea21'),
    13: ('e481db576e9f21a7', '757b3a48bf5b12e3'),
    14: ('18c1151e5199f0ab', '1b9ce12b53baf2f1'),
    15: ('77485ee29a1f72e2', '472fde6c6744a1a8'),
    16: ('155857fef9eca68f', '014746a783cf8210'),
    17: ('fbd275c1ed5a1e89', '9acc682d67e6e064'),
    18: ('020ec3bd9c939758', '808fde9f0a31bd7a'),
    19: ('fe769f31b975e916', 'a4702940f35cab30'),
    20: ('2c0f777da8fca90a', 'e436ffb5ebf4056c'),
}

TWO = {
    1: ('734ba7ea2e79dded', 'e6349bfaffe88632'),
    2: ('4d1ce3cd93c4d99f', 'cdb82a81221327ba'),
    3: ('c423853873bdb806', '5f44b4608cb71370'),
    4: ('9ff8fd602f56efd7', 'caa0d6bad4f9af00'),
    5: ('ebbab455e3cd1dac', '2aa6adcba7294f2f'),
    6: ('72fef6fce29da912', '4a0bd182738571b4'),
}

SIX_SHORT = {
    1: ('d6e2ea51909dbf84', '11dacfd622267583'),
    2: ('dc33575936cb3dfd', 'e44cd8a963783d71'),
    3: ('a0df6052b0ce02d2', '15498e94f72979b4'),
    4: ('d526d4a4f5824641', '689d50d7645209ac'),
    5: ('8f6fafbdf2ebe97a', '9fa804be1070ab2b'),
    6: ('eacf737f9858f557', '8ecb119e9847c53b'),
}

AGGRESSIVE = {
    1: ('3b1211b4715a20a2', '841776ec164f4f40'),
    2: ('577474411fba1c22', 'b5aafcd9f498f873'),
    3: ('f17d9998c52ae314', '29fdf231b212ddd6'),
    4: ('360cd524aa5c35be', 'c443bf08adde1291'),
    5: ('0cae0099aaffcf27', 'bd08d8dad276493f'),
    6: ('a55e4359bb7adcd2', '0b64ec778f69c474'),
    7: ('49bdb3e46c55eb4f', '7368cf4689cb384c'),
    8: ('b1e5eb8f2af02fd2', 'c0ff5dde503b50fe'),
}

AGGRESSIVE_FOUR = {
    5: ('c7c8d96e7aff880a', 'eb33fa40a5cc7139'),
    6: ('ec733f738a6ca34f', 'baa520e43b3318bd'),
    7: ('fcfaa7c869aac047', '0c112ff5515991d4'),
}

PASSIVE = ("flip", "halt", "next", "no", "pass")

CASES = {  # name: (players, options, skip passive actions, expected)
    "three": (3, {}, False, THREE),
    "two": (2, {}, False, TWO),
    "six_short": (6, {"max_rounds": "8"}, False, SIX_SHORT),
    "aggressive": (3, {}, True, AGGRESSIVE),
    "aggressive_four": (4, {}, True, AGGRESSIVE_FOUR),
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
    players, options, aggressive, expected = CASES[name]
    got = {seed: fingerprint(seed, players, options, aggressive) for seed in expected}
    assert got == expected


if __name__ == "__main__":
    for name, (players, options, aggressive, expected) in CASES.items():
        print(f"{name}:")
        for seed in expected:
            print(f"    {seed}: {fingerprint(seed, players, options, aggressive)!r},")
