"""The board image: terrain, coordinates, tanks (a hull pointed at its front, with white front
edges, and a black gun line), wrecks, markers, and for a selected (moving) tank its firing arc
and the hexes it can still reach. Sized for a
phone: big hexes, coordinates in capitals (`C4`), tanks by their number (`#3`, as the texts
name them: `Tiger I #3`), a legend under the map, the last move outlined in orange."""
from __future__ import annotations

import math
from typing import Any

from PIL import Image, ImageDraw

from games.core.hexgrid import DIRECTIONS, parse_hex_name
from games.core.i18n import localize_value, t
from games.core.render import font, last_move, png_bytes, with_banner, wrap
from games.panzer.data import MAPS
from games.panzer.text import tank_marks, tank_numbers

SIZE = 34  # centre to corner, pixels
# font sizes in pixels: a phone shows the 661-pixel-wide picture at about 400, so each reads at
# 0.6 of its size there (the hex labels at 11 read 7 pixels high, too small to read)
HEX_FONT, TANK_FONT, MARK_FONT, TITLE_FONT, LEGEND_FONT = 15, 17, 15, 21, 17
BACKGROUND = (250, 248, 240)
LAST_MOVE = (255, 110, 0)
SQ3 = math.sqrt(3)
TERRAIN = {".": (222, 214, 170), "F": (86, 140, 74), "M": (140, 120, 100), "R": (110, 160, 215)}
REACH = (20, 160, 40)  # the outline of the hexes a moving tank can still reach
FRONT = (255, 255, 255)  # the hull's front edges
# the hull's corners as (forward, sideways) pixels from the hex's centre: rear, shoulders, nose
HULL = [(-10, 8), (-10, -8), (2, -8), (14, 0), (2, 8)]

OWNER = [(40, 80, 200), (200, 50, 40)]
CLASS_LETTER = {"light": "L", "medium": "M", "heavy": "H"}
TOP = 40
LEFT = 16


def arc_tint(fill: tuple[int, int, int]) -> tuple[int, int, int]:
    """A hex in the selected tank's gun arc and range, tinted yellow."""
    return int(fill[0] * 0.6 + 102), int(fill[1] * 0.6 + 92), int(fill[2] * 0.6)


def _centre(q: int, r: int) -> tuple[float, float]:
    return (LEFT + SIZE + SIZE * 1.5 * q, TOP + SIZE * SQ3 / 2 + SIZE * SQ3 * (r + q / 2))


def _corners(cx: float, cy: float, size: float = SIZE) -> list[tuple[float, float]]:
    return [(cx + size * math.cos(math.radians(60 * i)), cy + size * math.sin(math.radians(60 * i))) for i in range(6)]


def _dir_vec(d: int) -> tuple[float, float]:
    dq, dr = DIRECTIONS[d % 6]
    x, y = SIZE * 1.5 * dq, SIZE * SQ3 * (dr + dq / 2)
    n = math.hypot(x, y)
    return x / n, y / n


def hull_outline(cx: float, cy: float, forward: tuple[float, float]) -> list[tuple[float, float]]:
    """A tank's hull seen from above, pointing along `forward` (a unit vector): square at the
    rear, pointed at the front, so that no turn but a whole one looks the same (the triangle it
    replaces looked alike turned 120°, and a newcomer could not read which way a tank faced)."""
    fx, fy = forward
    px, py = -fy, fx
    return [(cx + fx * f + px * p, cy + fy * f + py * p) for f, p in HULL]


def _draw_tank(draw: ImageDraw.ImageDraw, cx: float, cy: float, hull: tuple[float, float],
               turret: tuple[float, float], colour: tuple[int, int, int], has_turret: bool) -> None:
    """The hull in the seat's colour with its front edges in FRONT, then the gun: a barrel from a
    turret disc, or along the hull for a tank without a turret."""
    body = hull_outline(cx, cy, hull)
    draw.polygon(body, fill=colour, outline=(0, 0, 0))
    draw.line(body[2:5], fill=FRONT, width=3)  # shoulder, nose, shoulder: the hull's front
    gx, gy = turret if has_turret else hull
    draw.line((cx, cy, cx + gx * 21, cy + gy * 21), fill=(20, 20, 20), width=3)
    if has_turret:
        draw.ellipse((cx - 5, cy - 5, cx + 5, cy + 5), fill=(20, 20, 20))


def title(view: dict[str, Any], locale: str) -> str:
    """The map, the round (never past the last: a finished game's round has moved on, as the
    text board's has) and the score."""
    rounds = t(locale, "panzer.ui.round", round=min(view["round"], view["rounds"]), rounds=view["rounds"])
    return (f"{localize_value(MAPS[view['map']].name, locale)}  {rounds}"
            f"  {view['names'][0]} {view['score'][0]} : {view['score'][1]} {view['names'][1]}")


def render(view: dict[str, Any], locale: str) -> bytes:
    gmap = MAPS[view["map"]]
    width = int(LEFT * 2 + SIZE * (1.5 * gmap.width + 0.5))
    map_bottom = int(TOP + SIZE * SQ3 * (gmap.height + 0.5) + 8)
    legend = _legend(view, locale, width)
    img = Image.new("RGB", (width, map_bottom + legend.height), BACKGROUND)
    img.paste(legend, (0, map_bottom))
    draw = ImageDraw.Draw(img)
    small, label, big = font(HEX_FONT), font(TANK_FONT), font(TITLE_FONT)
    numbers = tank_numbers(view["tanks"])
    moved_hexes = last_move(view, ("hex", "frm", "to", "at"))
    moved_tanks = last_move(view, ("tank", "target", "by", "mover"))
    arc = set(view.get("arc") or [])
    reach = set(view.get("reach") or [])
    fills = {}
    for h, c in gmap.cells.items():
        cx, cy = _centre(*h)
        name = gmap.names[h]
        fill = TERRAIN[c]
        if name in arc:
            fill = arc_tint(fill)
        fills[h] = fill
        draw.polygon(_corners(cx, cy), fill=fill, outline=(90, 90, 90))
        if name in reach:
            draw.polygon(_corners(cx, cy, SIZE - 4), outline=REACH, width=2)
        if name in moved_hexes:
            draw.polygon(_corners(cx, cy, SIZE - 2), outline=LAST_MOVE, width=3)
    for w in view["wrecks"]:
        h = parse_hex_name(w)
        cx, cy = _centre(*h)
        draw.line((cx - 9, cy - 9, cx + 9, cy + 9), fill=(40, 40, 40), width=4)
        draw.line((cx - 9, cy + 9, cx + 9, cy - 9), fill=(40, 40, 40), width=4)
    for tk in view["tanks"]:
        if not tk["alive"] or tk["pos"] is None:
            continue
        h = parse_hex_name(tk["pos"])
        cx, cy = _centre(*h)
        colour = OWNER[tk["owner"]]
        if tk["hull"] is None:  # deployed, its facing not chosen yet: a disc, pointing nowhere
            draw.ellipse((cx - 10, cy - 10, cx + 10, cy + 10), fill=colour, outline=(0, 0, 0))
        else:
            _draw_tank(draw, cx, cy, _dir_vec(tk["hull"]), _dir_vec(tk["turret"]), colour, tk["has_turret"])
        if view.get("selected") == tk["id"]:
            draw.ellipse((cx - 17, cy - 17, cx + 17, cy + 17), outline=(240, 200, 0), width=3)
        elif tk["id"] in moved_tanks:
            draw.ellipse((cx - 18, cy - 18, cx + 18, cy + 18), outline=LAST_MOVE, width=3)
        draw.text((cx, cy + SIZE * 0.6), f"#{numbers[tk['id']][1]}{CLASS_LETTER[tk['class']]}", fill=(0, 0, 0),
                  font=label, anchor="mm", stroke_width=2, stroke_fill=fills[h])  # on its hex, readable over a barrel
        marks = tank_marks(tk)  # as the text board writes them, so its key explains both
        if marks:
            draw.text((cx + SIZE * 0.45, cy - SIZE * 0.3), marks, fill=(150, 0, 0), font=font(MARK_FONT), anchor="lm",
                      stroke_width=2, stroke_fill=fills[h])
    for h, name in gmap.names.items():  # over the tanks' barrels, on a halo, to stay legible
        cx, cy = _centre(*h)
        draw.text((cx, cy - SIZE * 0.62), name.upper(), fill=(60, 60, 60), font=small, anchor="mm",
                  stroke_width=2, stroke_fill=fills[h])
    draw.text((LEFT, 8), title(view, locale), fill=(0, 0, 0), font=big)
    return png_bytes(with_banner(img, view, locale))


def _legend(view: dict[str, Any], locale: str, width: int) -> Image.Image:
    """Under the map: who plays which colour and the last move's outline, what the letters and
    marks on the map mean, how a tank's facing reads, then the terrain and, while a tank moves,
    its arc and reach (the last rows). Text wraps to the picture's width: on a phone (about 400
    pixels shown of 661) it is drawn large enough to read, so it takes as many lines as it needs."""
    img = Image.new("RGB", (width, 600), BACKGROUND)
    draw = ImageDraw.Draw(img)
    f = font(LEGEND_FONT)
    row = LEGEND_FONT + 7
    x, y = LEFT, 6
    for seat, name in enumerate(view["names"]):
        draw.rectangle((x, y, x + 16, y + 16), fill=OWNER[seat])
        draw.text((x + 22, y + 8), name, fill=(0, 0, 0), font=f, anchor="lm")
        x += 44 + int(draw.textlength(name, font=f))
    draw.ellipse((x, y, x + 16, y + 16), outline=LAST_MOVE, width=3)
    draw.text((x + 22, y + 8), t(locale, "panzer.legend.last"), fill=(0, 0, 0), font=f, anchor="lm")
    y += row + 2
    for key in ("classes", "marks"):
        for line in wrap(t(locale, f"panzer.legend.{key}"), f, width - 2 * LEFT):
            draw.text((LEFT, y), line, fill=(40, 40, 40), font=f)
            y += row
    # how to read a tank's facing: one drawn pointing right on plain ground, as on the map
    lines = wrap(t(locale, "panzer.legend.tank"), f, width - 2 * LEFT - 48)
    draw.rectangle((LEFT, y, LEFT + 40, y + 22), fill=TERRAIN["."], outline=(90, 90, 90))
    _draw_tank(draw, LEFT + 16, y + 11, (1.0, 0.0), (1.0, 0.0), OWNER[0], True)
    for line in lines:
        draw.text((LEFT + 48, y), line, fill=(40, 40, 40), font=f)
        y += row
    y = max(y, y + 4)
    # the terrain (what blocks sight and movement) and, while a tank moves, its arc and reach
    Swatch = tuple[tuple[int, int, int], tuple[int, int, int] | None]  # fill, outline
    rows: list[list[tuple[list[Swatch], str]]] = [
        [([(TERRAIN["F"], None), (TERRAIN["M"], None)], "terrain"), ([(TERRAIN["R"], None)], "river")]]
    moving: list[tuple[list[Swatch], str]] = []
    if view.get("arc"):
        moving.append(([(arc_tint(TERRAIN["."]), None)], "arc"))
    if view.get("reach"):
        moving.append(([(TERRAIN["."], REACH)], "reach"))
    if moving:
        rows.append(moving)
    for items in rows:
        x = LEFT
        for swatches, key in items:
            text = t(locale, f"panzer.legend.{key}")
            need = 18 * len(swatches) + 26 + int(draw.textlength(text, font=f))
            if x > LEFT and x + need > width - LEFT:  # no room left on this row: the next
                x, y = LEFT, y + row
            for fill, outline in swatches:
                draw.rectangle((x, y + 2, x + 14, y + 16), fill=fill, outline=outline or (90, 90, 90),
                               width=2 if outline else 1)
                x += 18
            draw.text((x + 2, y + 9), text, fill=(40, 40, 40), font=f, anchor="lm")
            x += 26 + int(draw.textlength(text, font=f))
        y += row
    return img.crop((0, 0, width, y + 2))
