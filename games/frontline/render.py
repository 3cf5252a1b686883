"""The battlefield as a PNG, drawn from a view."""
from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from games.core.i18n import normalize_locale, t
from games.core.render import font, last_move, png_bytes, with_banner

from .text import hq_left, unit_labels, view_units

W, H = 980, 560
BG = (34, 38, 44)
LINE_BG = (52, 58, 66)
FRONT_BG = (70, 62, 48)
COLOURS = [(90, 140, 200), (200, 100, 90)]
CARD_W, CARD_H = 150, 84


# Corner marks on a unit card; each must exist in the picture font (tested), which has no ⏸.
MARK_VETERAN, MARK_PINNED, MARK_BORROWED = "★", "‖", "⇄"

def _fitting(draw: ImageDraw.ImageDraw, text: str, width: int, size: int = 14) -> Any:
    """The largest font, from `size` down to 11, in which `text` fits `width` (names whole)."""
    while size > 11 and draw.textlength(text, font=font(size)) > width:
        size -= 1
    return font(size)


def _unit(draw: ImageDraw.ImageDraw, x: int, y: int, u: dict, label: str, locale: str,
          last: set[str] = frozenset()) -> None:
    """A unit's card; `label` is its name with the ordinal the menus give it (`Riflemen #2`)."""
    colour = COLOURS[u["owner"]]
    if u["uid"] in last:  # the last move touched it
        draw.rounded_rectangle((x - 4, y - 4, x + CARD_W + 4, y + CARD_H + 4), 10, outline=(250, 200, 0), width=4)
    draw.rounded_rectangle((x, y, x + CARD_W, y + CARD_H), 8, fill=(28, 30, 34), outline=colour, width=3)
    extra = (MARK_VETERAN if u["veteran"] else "") + (MARK_PINNED if u["pinned"] else "")
    extra += MARK_BORROWED if u["lent_by"] is not None else ""  # borrowed until the end of this turn
    draw.text((x + 6, y + 4), label, font=_fitting(draw, label, CARD_W - 12 - 15 * len(extra)), fill=(235, 235, 235))
    kind = t(locale, f"frontline.type.{u['type']}") + f" · {t(locale, 'frontline.op_short', n=u['op'])}"
    draw.text((x + 6, y + 24), kind, font=_fitting(draw, kind, CARD_W - 12, 12), fill=(180, 180, 180))
    marks = " ".join(t(locale, f"frontline.kw.{k}") for k in u["keywords"])
    if u["armour"]:
        marks += " " + t(locale, "frontline.kw.armour", n=u["armour"])
    lasting = " ".join(t(locale, f"frontline.short.{k}") for k in u["flags"] + u["effects"])[:24]
    left = x + 6
    if lasting:  # lasting effects (4.1.8) first, in their own colour, then the keywords
        draw.text((left, y + 42), lasting, font=font(11), fill=(150, 210, 240))
        left += int(draw.textlength(lasting + " ", font=font(11)))
    room = max(0, 24 - len(lasting) - 1) if lasting else 24
    draw.text((left, y + 42), marks.strip()[:room], font=font(11), fill=(220, 200, 120))
    hp_colour = (240, 120, 110) if u["damaged"] else (235, 235, 235)
    draw.text((x + 6, y + 60), t(locale, "frontline.label.atk_short", n=u["atk"]), font=font(16), fill=(240, 200, 90))
    draw.text((x + CARD_W - 62, y + 60), t(locale, "frontline.label.hp_short", n=u["hp"]), font=font(16),
              fill=hp_colour)
    if extra:
        draw.text((x + CARD_W - 8 - 15 * len(extra), y + 4), extra, font=font(14), fill=(250, 220, 80))


def render(view: dict[str, Any], locale: str) -> bytes:
    loc = normalize_locale(locale)
    img = Image.new("RGB", (W, H), BG)
    draw = ImageDraw.Draw(img)
    players = view["players"]
    me = view.get("seat")
    top, bottom = (1 - me, me) if me in (0, 1) else (1, 0)
    rows = [(top, 20), (None, 200), (bottom, 380)]
    last = last_move(view)
    labels = unit_labels(view_units(view), loc)
    for seat, y in rows:
        if seat is None:
            owner = view["front_owner"]
            draw.rectangle((10, y, W - 10, y + 160), fill=FRONT_BG)
            who = players[owner]["name"] if owner is not None else t(loc, "frontline.label.nobody")
            draw.text((20, y + 6), t(loc, "frontline.label.front", who=who), font=font(16), fill=(240, 230, 200))
            for i, u in enumerate(view["front"]):
                _unit(draw, 20 + i * (CARD_W + 10), y + 40, u, labels[u["uid"]], loc, last)
            continue
        p = players[seat]
        draw.rectangle((10, y, W - 10, y + 160), fill=LINE_BG)
        draw.rounded_rectangle((20, y + 30, 200, y + 150), 10, fill=(20, 22, 26), outline=COLOURS[seat], width=4)
        draw.text((30, y + 36), p["name"][:14], font=font(16), fill=(240, 240, 240))
        draw.text((30, y + 60), t(loc, "frontline.label.hq_short", hq=hq_left(p)), font=font(22), fill=(240, 120, 110))
        if view["phase"] != "deck":  # no kredits, hand nor deck while decks are chosen
            draw.text((30, y + 94), t(loc, "frontline.label.kredits_short", k=p["kredits"], slots=p["slots"]),
                      font=font(14), fill=(240, 200, 90))
            draw.text((30, y + 116), t(loc, "frontline.label.counts", hand=p["hand_count"], deck=p["deck_count"]),
                      font=font(13), fill=(200, 200, 200))
        if p["hq_effects"]:  # the HQ's lasting effects (4.1.8.2), under its box
            draw.text((30, y + 134), " ".join(t(loc, f"frontline.short.{e}") for e in p["hq_effects"])[:20],
                      font=font(11), fill=(150, 210, 240))
        draw.text((20, y + 6), t(loc, "frontline.label.support"), font=font(14), fill=(200, 200, 200))
        for i, u in enumerate(p["support"]):
            _unit(draw, 220 + i * (CARD_W + 10), y + 40, u, labels[u["uid"]], loc, last)
    return png_bytes(with_banner(img, view, loc))
