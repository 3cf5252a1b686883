"""Shared drawing helpers for board images: a CJK-capable font and PNG encoding."""
from __future__ import annotations

import io
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageFont


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


@lru_cache(maxsize=32)
def font(size: int = 16) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    for path in _font_candidates():
        if path.exists():
            return ImageFont.truetype(str(path), size)
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
