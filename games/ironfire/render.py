"""Board image: each army as a row of cards (remaining combat value, heavy damage, cut-off,
face-down backs) and the environment card, drawn from a view with Pillow."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.core.i18n import normalize_locale, t
from games.core.render import font, last_move, png_bytes, with_banner
from games.ironfire.data import CLASSES
from games.ironfire.engine import POOL

BG = (236, 230, 214)
INK = (40, 36, 30)
CARD_W, CARD_H, GAP = 104, 80, 6
PER_ROW = 10
CLASS_COLOURS = {"infantry": (122, 140, 86), "armour": (120, 112, 96), "air": (92, 124, 160), "ranged": (166, 112, 70)}
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


def _card(img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int, u: dict[str, Any], loc: str,
          last: set[str] = frozenset()) -> None:
    if u["slot"] in last:  # the last move touched it
        draw.rounded_rectangle((x - 4, y - 4, x + CARD_W + 4, y + CARD_H + 4), 10, outline=(250, 190, 0), width=4)
    box = (x, y, x + CARD_W, y + CARD_H)
    if not u.get("card"):  # face down
        draw.rounded_rectangle(box, 8, fill=(70, 60, 52), outline=INK, width=2)
        _text(img, (x + 8, y + 6), u["slot"], 14, (230, 220, 200))
        _text(img, (x + 8, y + CARD_H - 24), t(loc, "ironfire.board.face_down"), 13, (230, 220, 200))
        return
    colour = CLASS_COLOURS.get(u["cls"], (150, 150, 150))
    fill = tuple(min(255, c + 70) for c in colour) if not u.get("cut") else (190, 190, 190)
    draw.rounded_rectangle(box, 8, fill=fill, outline=(170, 30, 30) if u.get("heavy") else INK,
                           width=4 if u.get("heavy") else 2)
    draw.rectangle((x + 2, y + 2, x + CARD_W - 2, y + 18), fill=colour)
    _text(img, (x + 6, y + 3), f"{u['slot']} {t(loc, 'ironfire.cls.' + u['cls'])}", 12, (255, 255, 255))
    _text(img, (x + 6, y + 21), POOL.name(u["card"], loc)[:9], 13, INK)
    _text(img, (x + 6, y + 38), f"{u['cv']}/{u['max']}", 18, INK)
    # remaining combat value bar
    frac = max(0.0, min(1.0, u["cv"] / max(1, u["max"])))
    draw.rectangle((x + 6, y + 64, x + CARD_W - 6, y + 71), outline=INK)
    draw.rectangle((x + 6, y + 64, x + 6 + int((CARD_W - 12) * frac), y + 71),
                   fill=(60, 150, 60) if frac > 0.5 else (200, 70, 50))
    tags = []
    if u.get("heavy"):
        tags.append(t(loc, "ironfire.board.heavy"))
    if u.get("cut"):
        tags.append(t(loc, "ironfire.board.cut"))
    if u.get("down"):  # own card, still face down to the others
        tags.append(t(loc, "ironfire.board.face_down"))
    if tags:
        _text(img, (x + 56, y + 42), " ".join(tags)[:6], 11, (170, 30, 30))


def render(view: dict[str, Any], locale: str) -> bytes:
    loc = normalize_locale(locale)
    players = view["players"]
    rows = []
    for p in players:
        order = {c: i for i, c in enumerate(CLASSES)}
        units = sorted(p["units"], key=lambda u: (order.get(u.get("cls"), 9), int(u["slot"][1:])))
        rows.append((p, [units[i:i + PER_ROW] for i in range(0, len(units), PER_ROW)] or [[]]))
    height = 70 + sum(28 + len(chunks) * (CARD_H + GAP) + 12 for _, chunks in rows)
    width = 16 + PER_ROW * (CARD_W + GAP) + 8
    img = Image.new("RGB", (width, height), BG)
    draw = ImageDraw.Draw(img)
    env = view["env"]
    draw.rounded_rectangle((12, 10, 150, 58), 8, fill=ENV_COLOURS.get(env, (160, 160, 160)), outline=INK, width=2)
    _text(img, (22, 20), t(loc, f"ironfire.env.{env}"), 22, INK)
    head = t(loc, "ironfire.board.phase", game=view["game"], match=view["match"],
             phase=t(loc, f"ironfire.phase.{view['phase']}"), round=view["round"], rounds=view["rounds"],
             env=t(loc, f"ironfire.env.{env}"), fog=t(loc, "ironfire.board.fog") if view["fog"] else "")
    _text(img, (166, 24), head, 18, INK)
    y = 70
    active = set(view.get("active") or [])
    last = last_move(view)
    for p, chunks in rows:
        logi = (t(loc, "ironfire.board.logi_used", used=p["army_logistics"], value=p["logistics"])
                if "army_logistics" in p else t(loc, "ironfire.board.logi", value=p["logistics"]))
        title = f"[{p['letter']}] {p['name']} · {logi} · {t(loc, 'ironfire.board.reserve', n=p['reserve'])}"
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
                _card(img, draw, 12 + i * (CARD_W + GAP), y, u, loc, last)
            y += CARD_H + GAP
        y += 12
    return png_bytes(with_banner(img, view, loc))
