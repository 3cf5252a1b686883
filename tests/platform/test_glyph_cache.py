"""The glyph cache of board pictures hands out bitmaps that draw exactly the pixels an
uncached font draws, for CJK and Latin labels at whole and fractional positions."""
from PIL import Image, ImageDraw, ImageFont

from games.core.render import GlyphCachedFont, font


def _draw(f, labels) -> bytes:
    img = Image.new("RGB", (240, 120), (250, 248, 240))
    draw = ImageDraw.Draw(img)
    for xy, text, anchor in labels:
        draw.text(xy, text, font=f, fill=(20, 40, 60), anchor=anchor)
    return img.tobytes()


LABELS = [((5, 5), "前线 HQ 20", None), ((10.5, 40.25), "C7", "mm"), ((120, 60), "装甲 3/4", "la"),
          ((5, 5), "前线 HQ 20", None), ((60.75, 90.5), "C7", "mm")]


def test_cached_bitmaps_draw_the_same_pixels_as_fresh_ones():
    cached = font(15)
    assert isinstance(cached, GlyphCachedFont)
    plain = ImageFont.truetype(cached.path, 15)
    first = _draw(cached, LABELS)
    assert first == _draw(plain, LABELS)
    assert _draw(cached, LABELS) == first  # second picture: every label from the cache
    # the same text at another sub-pixel start is a different bitmap, not a reused one
    keys = {(k[0], k[8]) for k in cached._masks}
    assert ("C7", (0.5, 0.25)) in keys and ("C7", (0.75, 0.5)) in keys


def test_the_cache_is_bounded():
    f = GlyphCachedFont(font(12).path, 12)
    f.MAX_ENTRIES = 10
    _draw(f, [((5, 5), str(n), None) for n in range(30)])
    assert len(f._masks) == 10
