"""Rule 301 card designer from the command line:

    python -m games.ironfire.designer engine=diesel suspension=christie transmission=mechanical armour=rolled,sloped

Prints the card's combat value and logistics (or a clear error) in zh-CN and English.
"""
from __future__ import annotations

import sys

import games.ironfire  # noqa: F401  (registers the message catalogs)
from games.ironfire.data import design_text


def main(argv: list[str] | None = None) -> int:
    text = " ".join(sys.argv[1:] if argv is None else argv)
    for locale in ("zh-CN", "en"):
        print(design_text(text, locale))
    return 0


if __name__ == "__main__":
    sys.exit(main())
