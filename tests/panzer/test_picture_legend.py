"""The board picture's legend names what the map's colours mean (seventh newcomer playtest:
green, brown and blue hexes, a yellow area and green outlines while a tank moved, none of them
in the legend). RULES.md: "Terrain: plain, forest, mountain, river"; "No forest, no mountain"
(movement); "forest, mountain or a wreck in any crossed hex between blocks it" (sight);
"enter river | 2"."""
from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from games.core.engine import Seat
from games.core.i18n import t
from games.panzer.render import REACH, TERRAIN, arc_tint
from games.registry import get_game

GAME = get_game("panzer")


def moving_view():
    """A seeded game (seed 7, the plain heuristic for both sides) stopped while a tank drives."""
    engine, rng = GAME.engine, random.Random(1)
    state = engine.setup([Seat(index=0, name="alice"), Seat(index=1, name="Bot 1")], engine.parse_options({}), 7).state
    for _ in range(400):
        seat = engine.active_seats(state)[0]
        state = engine.apply(state, seat, GAME.bot_action(state, seat, rng)).state
        if state.mover is not None and state.round > 1:
            return engine.view(state, 0)
    raise AssertionError("no tank drove")


def legend_colours(view, locale) -> set[tuple[int, int, int]]:
    """The colours drawn under the map (the legend strip)."""
    img = Image.open(io.BytesIO(GAME.render(view, locale))).convert("RGB")
    strip = img.crop((0, img.height - 50, img.width, img.height))
    return {colour for _, colour in strip.getcolors(maxcolors=1 << 16)}


def drawn(colour, shown) -> bool:
    """Whether `colour` is among `shown`, give or take the PNG's 256-colour palette."""
    return any(max(abs(a - b) for a, b in zip(colour, c)) <= 8 for c in shown)


@pytest.mark.parametrize("loc", ["en", "zh-CN"])
def test_the_legend_shows_each_terrain_and_the_moving_tank_s_arc_and_reach(loc):
    view = moving_view()
    assert view["arc"] and view["reach"]
    shown = legend_colours(view, loc)
    for colour in (TERRAIN["F"], TERRAIN["M"], TERRAIN["R"], arc_tint(TERRAIN["."]), REACH):
        assert drawn(colour, shown), colour
    assert "2" in t(loc, "panzer.legend.river")  # entering a river costs 2


def test_without_a_moving_tank_the_legend_has_no_arc_or_reach():
    view = dict(moving_view(), arc=[], reach=[])
    shown = legend_colours(view, "en")
    assert drawn(TERRAIN["F"], shown) and not drawn(arc_tint(TERRAIN["."]), shown) and not drawn(REACH, shown)



@pytest.mark.parametrize("loc, said", [("en", "Round 1/1"), ("zh-CN", "第 1/1 回合")])
def test_the_final_picture_never_reads_a_round_past_the_last(loc, said):
    """Seventh newcomer playtest (zh-CN, rounds=1): the final picture's title read "第 2/1 回合"
    while the text board said "第 1/1 回合 · 游戏结束" (issue 18: "a round counter never reads
    past its maximum"). The game ends after the last round, when the state's round has moved
    on; the title says the last round, as the text board does."""
    from games.panzer.render import title

    view = dict(moving_view(), rounds=1, round=2)
    assert said in title(view, loc) and "2/1" not in title(view, loc), title(view, loc)
