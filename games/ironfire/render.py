"""Board image: each army as a row of cards (remaining combat value, heavy damage, cut-off,
face-down backs) and the environment card, drawn from a view with Pillow."""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.core.game import marked_to_act
from games.core.i18n import normalize_locale, t
from games.core.render import font, last_move, png_bytes, with_banner, wrap
from games.ironfire.engine import POOL
from games.ironfire.text import (before_rolls, board_head, board_order, seat_logistics, seat_reserve,
                                  view_labels)

BG = (236, 230, 214)
INK = (40, 36, 30)
CARD_W, CARD_H, GAP = 104, 80, 6
PER_ROW = 10
CLASS_COLOURS = {"infantry": (122, 140, 86), "armour": (120, 112, 96), "air": (92, 124, 160), "ranged": (166, 112, 70)}
ORDINAL = re.compile(r"(.*) (#\d+)")
ENV_COLOURS = {"normal": (170, 190, 120), "mountain": (150, 140, 130), "city": (150, 150, 170)}


@lru_cache(maxsize=4096)
def _mask(text: str, size: int) -> Image.Image:
    """A label drawn once and reused: names and numbers repeat across cards and boards."""
    f = font(size)
    _, _, right, bottom = f.getbbox(text)
    mask = Image.new("L", (max(1, right), max(1, bottom)))
    ImageDraw.Draw(mask).text((0, 0), text, font=f, fill=255)
    return mask


def _text(img: Image.Image, xy: tuple[int, int], text: str, size: int, fill: tuple[int, int, int]) -> None:
    mask = _mask(text, size)
    img.paste(fill, (xy[0], xy[1], xy[0] + mask.width, xy[1] + mask.height), mask)


@lru_cache(maxsize=4096)
def _label_layout(label: str) -> tuple[tuple[str, ...], str, int]:
    """A card's label laid out once (labels repeat from board to board): its name in two lines
    at most, with its ordinal (`#2`, where two cards share a name) after the name where it
    fits, else apart with its width (drawn in the header: the playtest read a header's
    "Armour #1" as the first armour card, twice in one row)."""
    name, ordinal = label, ""
    if (found := ORDINAL.fullmatch(label)) is not None:
        name, ordinal = found.groups()
        inline = wrap(label, font(12), CARD_W - 10)
        if len(inline) <= 2:
            return tuple(inline), "", 0
    lines = wrap(name, font(12), CARD_W - 10)
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
    return tuple(lines), ordinal, font(13).getbbox(ordinal)[2] if ordinal else 0


def _name_lines(img: Image.Image, x: int, y: int, label: str, fill: tuple[int, int, int]) -> None:
    """The card's label as the menus name it: the name under the header, the ordinal after it,
    or at the header's right end where the name fills its two lines."""
    lines, ordinal, width = _label_layout(label)
    if ordinal:
        _text(img, (x + CARD_W - 8 - width, y - 16), ordinal, 13, (255, 255, 255))
    for i, line in enumerate(lines):
        _text(img, (x + 5, y + i * 13), line, 12, fill)


def _card(img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int, u: dict[str, Any], label: str, loc: str,
          last: set[str] = frozenset()) -> None:
    if u["slot"] in last:  # the last move touched it
        draw.rounded_rectangle((x - 4, y - 4, x + CARD_W + 4, y + CARD_H + 4), 10, outline=(250, 190, 0), width=4)
    box = (x, y, x + CARD_W, y + CARD_H)
    if not u.get("card"):  # face down
        draw.rounded_rectangle(box, 8, fill=(70, 60, 52), outline=INK, width=2)
        _name_lines(img, x + 1, y + 19, label, (230, 220, 200))
        return
    colour = CLASS_COLOURS.get(u["cls"], (150, 150, 150))
    fill = tuple(min(255, c + 70) for c in colour) if not u.get("cut") else (190, 190, 190)
    draw.rounded_rectangle(box, 8, fill=fill, outline=(170, 30, 30) if u.get("heavy") else INK,
                           width=4 if u.get("heavy") else 2)
    draw.rectangle((x + 2, y + 2, x + CARD_W - 2, y + 18), fill=colour)
    _text(img, (x + 6, y + 3), t(loc, "ironfire.cls." + u["cls"]), 12, (255, 255, 255))
    _name_lines(img, x + 1, y + 19, label, INK)
    _text(img, (x + 6, y + 47), f"{u['cv']}/{u['max']}", 15, INK)
    # remaining combat value bar
    frac = max(0.0, min(1.0, u["cv"] / max(1, u["max"])))
    draw.rectangle((x + 6, y + 67, x + CARD_W - 6, y + 73), outline=INK)
    draw.rectangle((x + 6, y + 67, x + 6 + int((CARD_W - 12) * frac), y + 73),
                   fill=(60, 150, 60) if frac > 0.5 else (200, 70, 50))
    tags = []
    if u.get("heavy"):
        tags.append(t(loc, "ironfire.board.heavy"))
    if u.get("cut"):
        tags.append(t(loc, "ironfire.board.cut"))
    if u.get("down"):  # own card, still face down to the others
        tags.append(t(loc, "ironfire.board.face_down"))
    if tags:
        _text(img, (x + 52, y + 51), " ".join(tags)[:7], 11, (170, 30, 30))


def render(view: dict[str, Any], locale: str) -> bytes:
    loc = normalize_locale(locale)
    players = view["players"]
    labels = view_labels(view, loc)
    rows = []
    for p in players:
        units = sorted(p["units"], key=lambda u: board_order(u["slot"], u.get("cls")))
        rows.append((p, [units[i:i + PER_ROW] for i in range(0, len(units), PER_ROW)] or [[]]))
    height = 70 + sum(28 + len(chunks) * (CARD_H + GAP) + 12 for _, chunks in rows)
    width = 16 + PER_ROW * (CARD_W + GAP) + 8
    img = Image.new("RGB", (width, height), BG)
    draw = ImageDraw.Draw(img)
    env = view["env"]
    head_x = 12
    if not before_rolls(view):  # no environment box before the environment is rolled
        name = t(loc, f"ironfire.env.{env}")  # the box fits its name ("Open ground" overran it)
        right = max(150, 32 + int(font(22).getlength(name)))
        draw.rounded_rectangle((12, 10, right, 58), 8, fill=ENV_COLOURS.get(env, (160, 160, 160)), outline=INK, width=2)
        _text(img, (22, 20), name, 22, INK)
        head_x = right + 16
    _text(img, (head_x, 24), board_head(view, loc), 18, INK)
    y = 70
    active = marked_to_act(view, view.get("active"))
    last = last_move(view)
    for p, chunks in rows:
        logi = seat_logistics(p, loc)
        title = " · ".join(part for part in (f"[{p['letter']}] {p['name']}", logi,
                                             seat_reserve(view, p, loc)) if part)
        if p["abilities"]:
            title += " · " + ", ".join(POOL.name(a, loc) for a in p["abilities"])
        if p["out"]:
            title += f" · {t(loc, 'ironfire.board.out')}"
        if p["seat"] in active:
            title += f" · ▶ {t(loc, 'ironfire.board.turn')}"
        _text(img, (12, y), title, 16, (120, 30, 30) if p["seat"] in active else INK)
        y += 28
        for chunk in chunks:
            for i, u in enumerate(chunk):
                _card(img, draw, 12 + i * (CARD_W + GAP), y, u, labels[u["slot"]], loc, last)
            y += CARD_H + GAP
        y += 12
    return png_bytes(with_banner(img, view, loc))
