"""Standings tables and knockout brackets as pictures, in the boards' CJK font."""
from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from games.core.render import font, png_bytes

BACKGROUND = (250, 248, 242)
INK = (30, 30, 30)
HEAD = (225, 220, 205)
STRIPE = (240, 236, 226)
WINNER = (200, 230, 200)
LINE = (150, 150, 150)
PAD = 10
ROW = 28


@dataclass
class Drawn:
    image: Image.Image
    text_boxes: list[tuple[str, tuple[int, int, int, int]]]  # what was written where (for tests)

    def png(self) -> bytes:
        return png_bytes(self.image)


def _width(text: str, size: int) -> int:
    return int(font(size).getlength(text)) + 1


def _canvas(width: int, height: int):
    """A blank picture, its drawer, the boxes of the texts drawn (what the tests check for
    ink), and `text(x, y, value, size)` that draws a text and records its box."""
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    boxes: list[tuple[str, tuple[int, int, int, int]]] = []

    def text(x: int, y: int, value: str, size: int) -> None:
        draw.text((x, y), value, fill=INK, font=font(size))
        boxes.append((value, (x, y, x + _width(value, size), y + size + 4)))

    return image, draw, boxes, text


def standings_picture(title: str, header: list[str], rows: list[list[str]]) -> Drawn:
    """A table: the title, a header row, then one striped row per player."""
    size = 18
    columns = [max([_width(header[i], size)] + [_width(r[i], size) for r in rows]) + 2 * PAD
               for i in range(len(header))]
    width = max(sum(columns), _width(title, 22) + 2 * PAD) + 2 * PAD
    height = PAD + 36 + ROW * (len(rows) + 1) + PAD
    image, draw, boxes, text = _canvas(width, height)
    text(PAD, PAD, title, 22)
    y = PAD + 36
    for r, cells in enumerate([header, *rows]):
        draw.rectangle((PAD, y, width - PAD, y + ROW - 1), fill=HEAD if r == 0 else STRIPE if r % 2 == 0 else BACKGROUND)
        x = PAD
        for i, cell in enumerate(cells):
            left = x + PAD if i == 1 else x + columns[i] - PAD - _width(cell, size)  # names left, numbers right
            text(left, y + 4, cell, size)
            x += columns[i]
        y += ROW
    return Drawn(image, boxes)


def bracket_picture(title: str, columns: list[tuple[str, list[tuple[str, str, int | None]]]]) -> Drawn:
    """Columns of matches, left to right: (heading, [(first, second, winner 0/1 or None)]).
    Each match is a box of two lines; the winner's line is shaded."""
    size = 16
    box_w = max([_width(name, size) for _, ms in columns for a, b, _ in ms for name in (a, b)] + [80]) + 2 * PAD
    box_h = 2 * (size + 10)
    tallest = max((len(ms) for _, ms in columns), default=1)
    width = max(PAD + len(columns) * (box_w + 3 * PAD), _width(title, 22) + 2 * PAD)
    height = PAD + 36 + 26 + tallest * (box_h + 2 * PAD) + PAD
    image, draw, boxes, text = _canvas(width, height)
    text(PAD, PAD, title, 22)
    top = PAD + 36
    for c, (heading, matches) in enumerate(columns):
        x = PAD + c * (box_w + 3 * PAD)
        text(x, top, heading, 14)
        span = (height - top - 26 - PAD) / max(len(matches), 1)
        for m, (a, b, winner) in enumerate(matches):
            y = int(top + 26 + m * span + (span - box_h) / 2)
            for line, name in enumerate((a, b)):
                fill = WINNER if winner == line else (255, 255, 255)
                draw.rectangle((x, y + line * box_h // 2, x + box_w, y + (line + 1) * box_h // 2), fill=fill,
                               outline=LINE)
                text(x + PAD, y + line * box_h // 2 + 4, name, size)
    return Drawn(image, boxes)
