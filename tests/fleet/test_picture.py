"""The fleet picture as a player reads it (issue 18, fourth newcomer playtest): the final picture
of a game hid alice's ship ("White Pegasus", "50/50 energy 0") behind her own mech's chip at C1:
mechs in a ship's zone were drawn over the ship's text."""
from __future__ import annotations

from PIL import ImageDraw

from games.fleet import ENGINE, GAME
from tests.fleet.helpers import fleet, my_turn, new_game, put



def record_drawing(monkeypatch) -> tuple[list, list]:
    """Every text drawn (its box and value) and every chip (rounded rectangle) drawn from now on."""
    texts, chips = [], []
    real_text, real_chip = ImageDraw.ImageDraw.text, ImageDraw.ImageDraw.rounded_rectangle

    def text(self, xy, value, *args, **kw):
        texts.append((self.textbbox(xy, value, font=kw.get("font")), value))
        return real_text(self, xy, value, *args, **kw)

    def chip(self, box, *args, **kw):
        chips.append(box)
        return real_chip(self, box, *args, **kw)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    monkeypatch.setattr(ImageDraw.ImageDraw, "rounded_rectangle", chip)
    return texts, chips

def test_no_text_of_the_picture_lies_under_a_mech_chip(monkeypatch):
    texts, chips = record_drawing(monkeypatch)
    s = new_game(fleet("pegasus", "heat_ray", "vampire,sword,hammer", "adam", "hans,zack,justin"),
                 fleet("bull", "heavy_vulcan", "sword", "tim", "zack"), seed=3)
    my_turn(s, 0)
    put(s, "a1", "C1", "hans"), put(s, "a2", "C1", "zack"), put(s, "a3", "C1", "justin"), put(s, "b1", "C5")
    for loc in ("en", "zh-CN"):
        texts.clear(), chips.clear()
        GAME.render(ENGINE.view(s, None), loc)
        assert len(chips) == 4
        inside = {i for i, (box, _) in enumerate(texts) for c in chips
                  if c[0] <= box[0] and box[2] <= c[2] and c[1] <= box[1] and box[3] <= c[3]}  # a chip's own words
        covered = [value for i, (box, value) in enumerate(texts) if i not in inside for c in chips
                   if box[0] < c[2] and c[0] < box[2] and box[1] < c[3] and c[1] < box[3]]
        assert not covered, covered
        shown = " ".join(value for _, value in texts)
        assert "50/50" in shown and ("energy 0" in shown or "能量 0" in shown)


def test_a_mech_chip_shows_its_name_and_what_tells_two_apart_never_its_model_code(monkeypatch):
    """The playtest's picture read "UBT1-T1 #2": a model code a newcomer cannot match to the menus'
    "UBT1-T1 Kagami #2". A chip now shows the model's name (`Kagami`, `八咫镜`) with the ordinal
    the menus give it where two mechs share a model, in a font that fits the chip."""
    texts, chips = record_drawing(monkeypatch)
    s = new_game(fleet("pegasus", "heat_ray", "magatama,kagami,longbow", "adam", "hans,zack,justin"),
                 fleet("bull", "heavy_vulcan", "magatama", "tim", "zack"), seed=3)
    my_turn(s, 0)
    put(s, "a1", "C2", "hans"), put(s, "a2", "C2", "zack"), put(s, "a3", "L2", "justin"), put(s, "b1", "C4")
    expected = {"en": {"Magatama #1", "Kagami", "Longbow", "Magatama #2"},
                "zh-CN": {"琼勾玉 #1", "八咫镜", "长弓", "琼勾玉 #2"}}
    for loc, names in expected.items():
        texts.clear(), chips.clear()
        GAME.render(ENGINE.view(s, None), loc)
        on_chips = {value for box, value in texts for c in chips
                    if c[0] <= box[0] and box[2] <= c[2] and c[1] <= box[1] and box[3] <= c[3] and "♥" not in value}
        assert on_chips == names, on_chips
        assert not any("UBT1" in value or "URA-" in value for _, value in texts)
        labels = GAME.text.token_names(s, 0, loc)  # the menus number the same mech alike
        assert any(v.startswith("UBT1-T3") and "#2" in v for v in labels.values()), labels


def test_every_colour_of_the_picture_is_in_its_legend_in_the_reader_s_language(monkeypatch):
    """Issue 18: the picture had no key for its zone colours. The legend under the map gives each
    zone colour with what the zone is for (RULES.md 1: "B 的战舰区", "出动区", "事件区 L3 R3"), each
    player's colour with the name, and the last move's outline; a test draws a game with mechs of both
    sides and a last move, and every fill and outline drawn on the map must have its swatch."""
    from games.fleet.render import CELL_H, MARGIN
    from games.core.i18n import t

    # (box, fill, outline, the size of the image drawn on): the banner on top ("To act: A") is an image
    # of its own, a strip whose words say what it is
    drawn: list[tuple[tuple, tuple | None, tuple | None, tuple]] = []
    texts: list[tuple[tuple, str, int]] = []  # (xy, words, font size)
    real_rect, real_round, real_text = (ImageDraw.ImageDraw.rectangle, ImageDraw.ImageDraw.rounded_rectangle,
                                        ImageDraw.ImageDraw.text)

    def rect(self, box, fill=None, outline=None, width=1, **kw):
        drawn.append((tuple(box), fill, outline, self.im.size))
        return real_rect(self, box, fill=fill, outline=outline, width=width, **kw)

    def rounded(self, box, radius=0, fill=None, outline=None, width=1, **kw):
        drawn.append((tuple(box), fill, outline, self.im.size))
        return real_round(self, box, radius=radius, fill=fill, outline=outline, width=width, **kw)

    def text(self, xy, value, *args, **kw):
        texts.append((tuple(xy), value, getattr(kw.get("font"), "size", 0)))
        return real_text(self, xy, value, *args, **kw)

    monkeypatch.setattr(ImageDraw.ImageDraw, "rectangle", rect)
    monkeypatch.setattr(ImageDraw.ImageDraw, "rounded_rectangle", rounded)
    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    s = new_game(fleet("bull", "heavy_vulcan", "hammer,sword", "tim", "hans,zack"),
                 fleet("bull", "heavy_vulcan", "sword,hammer", "tim", "zack,hans"), goals=("raid", "arms"), seed=5)
    my_turn(s, 0)
    put(s, "a1", "R2"), put(s, "a2", "C1"), put(s, "b1", "C3"), put(s, "b2", "L4")
    view = ENGINE.view(s, None)
    view["table"] = {"to_act": ["A"], "events": [("fleet.move", {"mech": "b1", "zone": "C3"})]}
    map_bottom = MARGIN + CELL_H * 5
    for loc in ("en", "zh-CN"):
        drawn.clear(), texts.clear()
        GAME.render(view, loc)
        board = drawn[0][3]  # the zones are drawn first, on the board's own image
        on_map = [(fill, outline) for box, fill, outline, size in drawn if size == board and box[1] < map_bottom]
        legend = [(fill, outline) for box, fill, outline, size in drawn if size == board and box[1] >= map_bottom]
        map_colours = {c for fill, outline in on_map for c in (fill, outline) if c is not None}
        legend_colours = {c for fill, outline in legend for c in (fill, outline) if c is not None}
        assert len(map_colours) >= 7, map_colours  # 4 zone kinds, 2 players, the last move
        assert map_colours <= legend_colours, map_colours - legend_colours
        words = {value: size for (_, y), value, size in texts if y >= map_bottom}
        expected = [t(loc, f"fleet.legend.{k}") for k in ("ship_raid", "launch", "event", "plain", "last")] + ["A", "B"]
        assert set(expected) <= set(words), words
        assert all(size >= 14 for size in words.values()), words  # readable when a phone halves the picture
    assert t("zh-CN", "fleet.legend.event") == "事件区：进入时抽事件卡"
