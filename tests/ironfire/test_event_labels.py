"""Cards in the table's lines keep the labels they had on the board (issue 18: "Where two
things share a name, add what tells them apart"). The English playtest read "🎲 alice rolls
damage (2–3): 3 + 1 (environment) = **4**, Sniper Team: **destroyed**" with six Sniper Teams
on the board (alice had targeted "Sniper Team #4"): the roll was named from the armies after
the hit, where the destroyed card was gone."""
from __future__ import annotations

from games.ironfire import GAME
from tests.ironfire.helpers import battle, play, script, unit


def test_a_destroyed_card_reads_with_the_ordinal_it_had_and_its_twin_keeps_its_own():
    state = battle([["bazooka"], ["panzer4", "panzer4"]], seed=11)
    unit(state, "b1").cv = 1
    script(state, 3)
    events = play(state, 0, "attack a1 armour").events + play(state, 0, "hit b1").events
    assert unit(state, "b1") is None and unit(state, "b2") is not None
    pairs = [(e.key, e.params) for e in events if e.to is None]
    for loc, name, destroyed in (("en", "Panzer IV", "destroyed"), ("zh-CN", "四号坦克", "击毁")):
        lines = GAME.text.event_lines(state, pairs, loc)
        roll = [line for line in lines if destroyed in line]
        assert roll and f"{name} #1" in roll[0], lines
        assert all(f"{name} #2" not in line for line in lines), lines

