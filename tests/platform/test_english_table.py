"""An English table reads English (issue 18: "an English player sees English card names only").
The English playtest of Iron & Fire met Chinese in `/game help ironfire`: "army30: a 30-card
army (排兵布阵赛); alt20: 20 cards, alternate history (架空历史赛)"."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HAN = re.compile(r"[\u4e00-\u9fff\u3000-\u303f\uff00-\uffef]")  # Han, CJK punctuation, full-width forms


def _strings(table, prefix=""):
    for key, value in table.items():
        if isinstance(value, dict):
            yield from _strings(value, f"{prefix}{key}.")
        elif isinstance(value, str):
            yield f"{prefix}{key}", value


def test_no_english_catalog_line_holds_chinese():
    catalogs = sorted(ROOT.glob("bot/**/locale/en.toml")) + sorted(ROOT.glob("games/*/locale/en.toml"))
    assert len(catalogs) >= 6, catalogs
    found = [f"{path.relative_to(ROOT)}: {key} = {text}"
             for path in catalogs for key, text in _strings(tomllib.loads(path.read_text("utf-8")))
             if HAN.search(text)]
    assert not found, "\n".join(found)
