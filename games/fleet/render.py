"""The board image: the 5 x 3 zone map with ships, mechs, health, energy and the turn."""
from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from games.core.i18n import t
from games.core.render import font, last_move, png_bytes, with_banner
from games.fleet.data import DATA
from games.fleet.present import board_header, in_build, mech_chips
from games.fleet.state import COLS, EVENT_ZONES, LAUNCH_ZONES

D = DATA()
CELL_W, CELL_H, MARGIN, PANEL = 180, 96, 16, 230
BG = (24, 28, 36)
COLORS = {"ship": (52, 66, 92), "launch": (44, 76, 60), "event": (92, 70, 38), "plain": (40, 44, 54)}
SEAT_COLORS = ((90, 170, 255), (255, 120, 110))
LAST_MOVE = (250, 200, 0)
# the key under the map: what each colour means, in a font a phone shows at a readable size (the
# picture is shrunk to about half its width there): a row for each group of colours drawn
LEGEND_FONT, LEGEND_ROW, SWATCH = 18, 32, 22
Swatch = tuple[tuple[int, int, int], tuple[int, int, int] | None, str]  # fill, outline, words


def _nm(names: dict[str, str], locale: str) -> str:
    return names.get(locale) or names.get("en", "?")


CHIP_W = 84  # two chips side by side in a zone 180 wide


def fitted(draw: ImageDraw.ImageDraw, text: str, width: int, size: int = 13) -> Any:
    """The largest font from `size` down to 10 points in which `text` fits `width` pixels."""
    while size > 10 and draw.textlength(text, font=font(size)) > width:
        size -= 1
    return font(size)


def _zone_kind(zone: str) -> str:
    row = int(zone[1])
    if row in (1, 5):
        return "ship"
    if zone in EVENT_ZONES:
        return "event"
    if zone in LAUNCH_ZONES[0] or zone in LAUNCH_ZONES[1]:
        return "launch"
    return "plain"


def render_board(view: dict[str, Any], locale: str) -> bytes:
    width = MARGIN * 2 + CELL_W * 3 + PANEL
    legend = legend_rows(view, locale)
    height = MARGIN * 2 + CELL_H * 5 + LEGEND_ROW * len(legend) + 8  # no empty row under the key
    img = Image.new("RGB", (width, height), BG)
    draw = ImageDraw.Draw(img)
    small, mid, big = font(13), font(15), font(18)
    # row 5 (seat 1's ship) at the top, row 1 (seat 0's ship) at the bottom
    boxes: dict[str, tuple[int, int]] = {}
    for row in range(1, 6):
        for ci, col in enumerate(COLS):
            zone = f"{col}{row}"
            x0, y0 = MARGIN + ci * CELL_W, MARGIN + (5 - row) * CELL_H
            boxes[zone] = (x0, y0)
            draw.rectangle([x0 + 2, y0 + 2, x0 + CELL_W - 2, y0 + CELL_H - 2], fill=COLORS[_zone_kind(zone)])
            draw.text((x0 + 6, y0 + 4), zone, font=small, fill=(170, 170, 170))
    _legend(draw, legend, MARGIN + CELL_H * 5 + 8, width)
    if in_build(view):
        draw.text((MARGIN + 10, MARGIN + CELL_H * 2 + 30), t(locale, "fleet.label.building"), font=big,
                  fill=(230, 230, 230))
        return png_bytes(with_banner(img, view, locale))
    names = view["names"]
    slots: dict[str, int] = {}
    last = last_move(view)  # mechs and zones the last move touched
    labels = mech_chips(view["sides"], locale)
    for zone, (zx, zy) in boxes.items():
        if zone in last:
            draw.rectangle([zx + 1, zy + 1, zx + CELL_W - 1, zy + CELL_H - 1], outline=LAST_MOVE, width=3)
    for seat, side in enumerate(view["sides"]):
        ship = side["ship"]
        x0, y0 = boxes["C1" if seat == 0 else "C5"]
        status = t(locale, "fleet.label.destroyed") if ship["destroyed"] else f"♥ {ship['hp']}/{ship['max_hp']}"
        # on the zone's top line, beside its name: mechs in the ship's zone sit below, never on it
        # (the playtest's final picture hid alice's ship behind her own mech at C1); energy: panel
        words = f"{_nm(ship['name'], locale)}  {status}"  # within its zone: R1's name stands beside it
        draw.text((x0 + 30, y0 + 4), words, font=fitted(draw, words, CELL_W - 36), fill=SEAT_COLORS[seat])
        for mv in side["mechs"]:
            if mv["status"] != "field" or not mv["zone"]:
                continue
            n = slots.get(mv["zone"], 0)
            slots[mv["zone"]] = n + 1
            mx, my = boxes[mv["zone"]]
            mx, my = mx + 6 + (n % 2) * (CHIP_W + 2), my + 22 + (n // 2) * 34
            draw.rounded_rectangle([mx, my, mx + CHIP_W, my + 30], radius=5, fill=SEAT_COLORS[seat],
                                   outline=LAST_MOVE if mv["uid"] in last else None, width=3)
            label = labels[mv["uid"]]
            draw.text((mx + 4, my + 1), label, font=fitted(draw, label, CHIP_W - 8), fill=(10, 10, 10))
            draw.text((mx + 4, my + 15), f"♥{mv['hp']}/{mv['max_hp']}", font=small, fill=(20, 20, 20))
    # side panel: turn, action points, weather, goals
    px = MARGIN + CELL_W * 3 + 12
    y = MARGIN
    lines = [board_header(view, locale, "").split("·")]
    for part in lines[0]:
        draw.text((px, y), part.strip(), font=mid, fill=(235, 235, 235))
        y += 24
    for g in view["conditions"]:
        draw.text((px, y), "• " + t(locale, f"fleet.goal.{g}"), font=small, fill=(200, 200, 160))
        y += 20
    if view["weather"]:
        draw.text((px, y), t(locale, "fleet.label.weather", weather=_nm(D.events[view["weather"]].name, locale)),
                  font=small, fill=(200, 200, 255))
        y += 20
    y += 10
    for seat, side in enumerate(view["sides"]):
        draw.text((px, y), names[seat], font=mid, fill=SEAT_COLORS[seat])
        y += 22
        ship = side["ship"]
        status = t(locale, "fleet.label.destroyed") if ship["destroyed"] else f"♥ {ship['hp']}/{ship['max_hp']}"
        words = f"{_nm(ship['name'], locale)}  {status}  {t(locale, 'fleet.label.energy', n=ship['energy'])}"
        draw.text((px, y), words, font=fitted(draw, words, width - px - 6), fill=(220, 220, 220))  # the whole line
        y += 20
        draw.text((px, y), t(locale, "fleet.label.cards", ship=side["hand_counts"]["ship"],
                             mech=side["hand_counts"]["mech"]), font=small, fill=(220, 220, 220))
        y += 26
    if view.get("winner") is not None:
        draw.text((px, y), t(locale, "fleet.label.winner", name=names[view["winner"]]), font=big, fill=(255, 215, 0))
    return png_bytes(with_banner(img, view, locale))


def legend_rows(view: dict[str, Any], locale: str) -> list[list[Swatch]]:
    """Each zone colour with what the zone is for, then, once the fleets are on the board, each
    player's colour with the name and the last move's outline (issue 18: the picture had no key
    for its colours). Only rows with entries: the building picture has no players' row, and its
    key had an empty third row under it."""
    ship = "ship_raid" if "raid" in view.get("conditions", ()) else "ship"  # the ship row ends the game by raid
    rows: list[list[Swatch]] = [
        [(COLORS["ship"], None, t(locale, f"fleet.legend.{ship}")),
         (COLORS["launch"], None, t(locale, "fleet.legend.launch"))],
        [(COLORS[kind], None, t(locale, f"fleet.legend.{kind}")) for kind in ("event", "plain")]]
    if not in_build(view):
        rows.append([(SEAT_COLORS[seat], None, name) for seat, name in enumerate(view["names"])]
                    + [(BG, LAST_MOVE, t(locale, "fleet.legend.last"))])
    return [row for row in rows if row]


def _legend(draw: ImageDraw.ImageDraw, rows: list[list[Swatch]], top: int, width: int) -> None:
    for r, row in enumerate(rows):
        column = (width - MARGIN * 2) // len(row)
        for c, (fill, outline, text) in enumerate(row):
            x, y = MARGIN + c * column, top + r * LEGEND_ROW
            draw.rectangle([x, y + 4, x + SWATCH, y + 4 + SWATCH], fill=fill, outline=outline or (150, 150, 150),
                           width=3 if outline else 1)
            draw.text((x + SWATCH + 8, y + 4 + SWATCH // 2), text,
                      font=fitted(draw, text, column - SWATCH - 20, LEGEND_FONT), fill=(225, 225, 225), anchor="lm")
