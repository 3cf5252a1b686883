"""Damage lines as a newcomer reads them (issue 18, second newcomer playtest): "工兵 受到 5 点伤害
（防御力 -3）" / "Panzer III takes 3 damage (defence -2)" — a negative defence means nothing to a
player; the unit has none left (and the next line says it is destroyed)."""
from __future__ import annotations

import random
import re

from games.core.engine import Seat
from games.frontline import ENGINE, GAME


def test_damage_beyond_what_was_left_leaves_no_defence_not_a_negative_one():
    overkill = 0
    for seed in (1, 2, 3):
        rnd = random.Random(seed)
        state = ENGINE.setup([Seat(index=0, name="P0"), Seat(index=1, name="P1")], ENGINE.parse_options({}), seed).state
        for _ in range(2000):
            if ENGINE.outcome(state):
                break
            seat = sorted(ENGINE.active_seats(state))[0]
            step = ENGINE.apply(state, seat, GAME.bot_action(state, seat, rnd))
            state = step.state
            for e in step.events:
                if e.key != "frontline.damage":
                    continue
                overkill += e.params["hp"] < 0
                for loc, left in (("en", r"defence left (-?\d+)"), ("zh-CN", r"剩余防御力 (-?\d+)")):
                    line = GAME.text.event_lines(state, [(e.key, e.params)], loc)[0]
                    assert int(re.search(left, line).group(1)) == max(0, e.params["hp"]), line
    assert overkill  # the games did deal more damage than a unit had
