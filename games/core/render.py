"""Shared drawing helpers for board images: a CJK-capable font and PNG encoding."""
from __future__ import annotations

import io
from collections import OrderedDict
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont


def _font_candidates() -> list[Path]:
    paths: list[Path] = []
    try:  # wqy-microhei packaged on PyPI (a project dependency)
        import paperang_p2_fonts_cjk

        paths.append(Path(paperang_p2_fonts_cjk.__file__).parent / "fonts" / "wqy-microhei.ttc")
    except ImportError:
        pass
    paths += [
        Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"),
        Path("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"),
        Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
    ]
    return paths


class GlyphCachedFont(ImageFont.FreeTypeFont):
    """A FreeType font that remembers the bitmaps of the strings it has drawn.

    Rasterising text is most of a board picture's cost (a panzer map draws ~140 labels,
    ~0.1 ms each), and boards redraw the same strings at the same places turn after turn:
    hex names, unit names, numbers. Pillow's `ImageDraw.text` asks the font for a bitmap
    with `getmask2` and only reads it, so the bitmap can be handed out again for the same
    arguments (sub-pixel start included, so the pixels are exactly those drawn without it).
    """

    MAX_ENTRIES = 8192  # a few KiB each at board sizes: a few MiB at most

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._masks: OrderedDict[tuple, tuple[Any, tuple[int, int]]] = OrderedDict()

    def getmask2(self, text, mode="", direction=None, features=None, language=None, stroke_width=0,
                 anchor=None, ink=0, start=None, *args, **kwargs):
        if mode == "RGBA" or args:  # colour glyphs are modified by the caller: never shared
            return super().getmask2(text, mode, direction, features, language, stroke_width, anchor, ink,
                                    start, *args, **kwargs)
        key = (text, mode, direction, tuple(features or ()), language, stroke_width, anchor, ink,
               tuple(start or (0, 0)), tuple(sorted(kwargs.items())))
        hit = self._masks.get(key)
        if hit is not None:
            self._masks.move_to_end(key)
            return hit
        made = super().getmask2(text, mode, direction, features, language, stroke_width, anchor, ink, start,
                                **kwargs)
        self._masks[key] = made
        if len(self._masks) > self.MAX_ENTRIES:
            self._masks.popitem(last=False)
        return made


@lru_cache(maxsize=32)
def font(size: int = 16) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    for path in _font_candidates():
        if path.exists():
            return GlyphCachedFont(str(path), size)
    return ImageFont.load_default(size)


def png_bytes(image: Image.Image) -> bytes:
    """PNG of a board picture. Boards are flat colours and text: a 256-colour palette looks
    the same, halves the file and costs less to quantize and encode than full colour does."""
    buf = io.BytesIO()
    if image.mode in ("RGB", "RGBA"):
        image = image.convert("RGB").quantize(colors=256, method=Image.Quantize.FASTOCTREE)
    image.save(buf, format="PNG", optimize=False, compress_level=3)
    return buf.getvalue()


def has_ink(image: Image.Image, box: tuple[int, int, int, int], background: tuple[int, int, int]) -> bool:
    """True when any pixel in the box differs from the background (a label really drew)."""
    region = image.convert("RGB").crop(box)
    lo, hi = zip(*region.getextrema())  # per band (min, max): any pixel off the background shows
    return any(l != b or h != b for l, h, b in zip(lo, hi, background))


def wrap(text: str, fnt: Any, width: int) -> list[str]:
    """Whole words (or, for Chinese, characters) wrapped to a width in pixels: names are never cut."""
    words = text.split(" ") if " " in text else list(text)
    sep = " " if " " in text else ""
    lines, line = [], ""
    for w in words:
        trial = f"{line}{sep}{w}" if line else w
        if line and fnt.getlength(trial) > width:
            lines.append(line)
            line = w
        else:
            line = trial
    return lines + ([line] if line else [])


BANNER_H = 30


def with_banner(image: Image.Image, view: dict[str, Any], locale: str) -> Image.Image:
    """The board with a strip on top saying who is to act, or, once the game is over, who won
    (from `view["table"]`, which the host adds to the table's view; a view without it, as in
    the engines' own tests, gets no strip)."""
    from games.core.i18n import listed, t

    table = view.get("table")
    if not table:
        return image
    if table.get("over"):
        names = listed(locale, table.get("winners") or [])
        text = t(locale, "core.picture.winner", names=names) if names else t(locale, "core.picture.no_winner")
        colour = (150, 100, 0)
    else:
        text = t(locale, "core.picture.to_act", names=listed(locale, table.get("to_act") or []) or t(locale, "core.none"))
        colour = (30, 90, 30)
    out = Image.new("RGB", (image.width, image.height + BANNER_H), (255, 255, 255))
    out.paste(image.convert("RGB"), (0, BANNER_H))
    draw = ImageDraw.Draw(out)
    draw.rectangle((0, 0, image.width, BANNER_H - 1), fill=colour)
    draw.text((10, BANNER_H // 2), text, fill=(255, 255, 255), font=font(17), anchor="lm")
    return out


def last_move(view: dict[str, Any], keys: tuple[str, ...] | None = None) -> set[str]:
    """Every word of the last step's public event parameters (only `keys`, if given): the ids
    of the units, tanks, places the last move touched, for a picture to highlight."""
    found: set[str] = set()
    for _, params in (view.get("table") or {}).get("events", []):
        for key, value in params.items():
            if keys is not None and key not in keys:
                continue
            values = value if isinstance(value, list) else [value]
            values = [x for v in values for x in (v.values() if isinstance(v, dict) else [v])]  # {locale: text}
            for v in values:
                if isinstance(v, str):
                    found.update(w.strip("(),.[]") for w in v.replace(",", " ").split())
    return found
