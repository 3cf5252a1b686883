"""The fleet picture as a player reads it (issue 18, fourth newcomer playtest): the final picture
of a game hid alice's ship ("White Pegasus", "50/50 energy 0") behind her own mech's chip at C1:
mechs in a ship's zone were drawn over the ship's text."""
from __future__ import annotations

from PIL import ImageDraw

from games.fleet import ENGINE, GAME
from tests.fleet.helpers import fleet, my_turn, new_game, put


def test_no_text_of_the_picture_lies_under_a_mech_chip(monkeypatch):
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
