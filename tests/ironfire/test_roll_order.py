"""A roll comes before what it decided (issue 18, fourth newcomer playtest): "alice:
Panzergrenadiers #1 attacks (vs infantry): 2 attacks on up to 1 target." was posted before
"🎲 alice rolls for the number of attacks (1d2): 2 = **2**", a result before its roll. Every
roll of the game, over seeded random games, is followed by the line that tells its outcome."""
from __future__ import annotations

import random

from games.core import Seat
from games.ironfire import ENGINE

# what each roll decides -> the events that tell it (rolls of the same kind may come between:
# a tie for the first player, a logistics roll per seat, both rolls of one attack)
TELLS = {
    "first": {"ironfire.first"},  # 101.1
    "env": {"ironfire.env_set"},  # 101.2
    "logistics": {"ironfire.logistics"},  # 101.3
    "attacks": {"ironfire.attack"},  # the option's number of attacks
    "targets": {"ironfire.attack"},  # and of targets
    "damage": {"ironfire.damaged", "ironfire.destroyed"},  # 102.3, 203.1
    "heal": {"ironfire.healed"},  # 207.2
}


def steps(seed: int, players: int, options: dict[str, str]):
    """A seeded random game that passes, stops and drops only when nothing else is legal."""
    rnd = random.Random(seed)
    seats = [Seat(index=i, name=f"P{i + 1}", is_bot=True) for i in range(players)]
    state = ENGINE.setup(seats, ENGINE.parse_options(options), seed).state
    while ENGINE.outcome(state) is None:
        seat = rnd.choice(ENGINE.active_seats(state))
        legal = ENGINE.legal_actions(state, seat)
        step = ENGINE.apply(state, seat, rnd.choice(
            [a for a in legal if a.kind not in ("stop", "pass", "drop", "ready")] or legal))
        state = step.state
        yield step


def test_every_roll_comes_before_the_line_that_tells_what_it_decided():
    told = {what: 0 for what in TELLS}
    games = [(seed, 2, {}) for seed in range(1, 7)] + [(seed, 3, {"logistics": "each"}) for seed in range(1, 4)]
    for seed, players, options in games:
        for step in steps(seed, players, options):
            events = [e for e in step.events if e.to is None]
            for i, e in enumerate(events):
                if e.key != "core.roll":
                    continue
                what = str(e.params["what"]).rsplit(".", 1)[-1]
                if what == "attacks" and i and events[i - 1].key == "ironfire.member_strikes":
                    continue  # a card of a focus strike: named before, its damage rolls follow
                same = "attacks" if what == "targets" else what
                after = next((x for x in events[i + 1:] if x.key != "core.roll"
                              or str(x.params["what"]).rsplit(".", 1)[-1] not in (what, same, "targets")), None)
                assert after is not None and after.key in TELLS[what], (seed, what, [x.key for x in events])
                if what in ("attacks", "targets"):  # the line says the number rolled
                    assert after.params["n" if what == "attacks" else "targets"] == e.params["total"]
                told[what] += 1
    assert all(told.values()), told
