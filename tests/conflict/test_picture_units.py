"""The board picture shows every unit of a territory (issue 18: it drew two names and "+3" for
five, so which units stood there only `/game status` said). A faction's cells grow to hold its
fullest territory, one unit a line, each by the label the menus and the text board give it."""
from __future__ import annotations

import io

import pytest
from PIL import Image, ImageDraw

from games.conflict import ENGINE, GAME
from games.conflict.present import board_unit_labels
from tests.conflict.helpers import bare, outer, unit

KEYS = ("rifleman", "rifleman", "stormtrooper", "mortar", "rifleman", "stormtrooper")


def crowded():
    """Seat a with six face-up units in one territory of its outer row (three Riflemen, two
    Storm Troopers, a Mortar Team), seat b with Grenadiers."""
    state, a, b = bare(3, 3)
    tid = outer(state, a)[0]
    units = [unit(state, a, key, tid) for key in KEYS]
    other = unit(state, b, "grenadier", outer(state, b)[0])
    return state, a, b, tid, units, other


def drawn_texts(monkeypatch) -> list[tuple[tuple[int, int, int, int], str]]:
    texts = []
    real = ImageDraw.ImageDraw.text

    def text(self, xy, value, *args, **kw):
        texts.append((self.textbbox(xy, value, font=kw.get("font")), value))
        return real(self, xy, value, *args, **kw)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    return texts


@pytest.mark.parametrize("loc, names", [
    ("en", ["Riflemen", "Riflemen #2", "Storm Troopers", "Mortar Team", "Riflemen #3", "Storm Troopers #2"]),
    ("zh-CN", ["步枪兵", "步枪兵 #2", "突击队", "迫击炮组", "步枪兵 #3", "突击队 #2"])])
def test_the_picture_draws_every_unit_of_a_crowded_territory(monkeypatch, loc, names):
    state, a, b, tid, units, other = crowded()
    view = ENGINE.view(state, None)
    assert [board_unit_labels(view, loc)[u.id] for u in units] == names
    texts = drawn_texts(monkeypatch)
    png = GAME.render(view, loc)
    width, height = Image.open(io.BytesIO(png)).size
    drawn = [value for _, value in texts]
    for name in names:  # each of the six by name, none folded into a count
        assert drawn.count(name) == 1, (name, drawn)
    assert not [v for v in drawn if v.startswith("+")], drawn
    boxes = [box for box, value in texts if value in names]
    assert all(0 <= box[0] and box[2] <= width and 0 <= box[1] and box[3] <= height for box in boxes), boxes
    tops = sorted(box[1] for box in boxes)
    assert all(later - earlier >= 12 for earlier, later in zip(tops, tops[1:])), tops  # one a line, none on another
    # the other faction's unit and territories are drawn as well, under the grown panel
    assert board_unit_labels(view, loc)[other.id] in drawn


def test_a_board_of_few_units_keeps_its_size():
    """Three units or fewer a territory: the cells keep their height (74 px), as before."""
    state, a, b = bare(3, 3)
    for key in KEYS[:3]:
        unit(state, a, key, outer(state, a)[0])
    crowded_png = GAME.render(ENGINE.view(state, None), "en")
    empty = bare(3, 3)[0]
    assert Image.open(io.BytesIO(crowded_png)).size == Image.open(io.BytesIO(GAME.render(ENGINE.view(empty, None), "en"))).size


@pytest.mark.parametrize("loc, joined", [
    ("en", "Riflemen, Riflemen #2, Storm Troopers, Mortar Team, Riflemen #3, Storm Troopers #2"),
    ("zh-CN", "步枪兵、步枪兵 #2、突击队、迫击炮组、步枪兵 #3、突击队 #2")])
def test_game_status_lists_every_unit_of_the_territory(loc, joined):
    state, a, b, tid, units, other = crowded()
    board = GAME.text.summary(ENGINE.view(state, a), loc)
    assert f"[{joined}]" in board, board


@pytest.mark.parametrize("loc", ["en", "zh-CN"])
def test_a_long_label_wraps_inside_its_cell(monkeypatch, loc):
    """Console play, session 13: "Armoured Carrier (carrying Riflemen)" ran past the picture's
    right edge. A label wider than its cell is wrapped, every word kept, and the cell grows."""
    state, a, b = bare(3, 3)
    theirs = outer(state, b)[0]
    apc = unit(state, a, "apc", theirs)  # in another faction's territory: the label names its owner
    crew = unit(state, a, "paratroopers", theirs)
    apc.rider, crew.riding = crew.id, apc.id
    view = ENGINE.view(state, None)
    label = board_unit_labels(view, loc)[apc.id]
    assert label == {"en": "P{a}'s Armoured Carrier (carrying Paratroopers)",
                     "zh-CN": "P{a}的装甲运兵车（搭乘：伞兵）"}[loc].format(a=a)
    texts = drawn_texts(monkeypatch)
    GAME.render(view, loc)
    cell = 170  # games/conflict/present.py: cell_w
    players = {p.name for p in state.players}  # the panels' heads, drawn too
    lines = [(box, value) for box, value in texts if value and value in label and value not in players]
    joined = (" " if loc == "en" else "").join(value for _, value in lines)
    assert joined == label, lines
    assert all(box[2] - box[0] <= cell - 8 for box, _ in lines), lines
