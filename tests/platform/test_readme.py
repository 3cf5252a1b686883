"""Every console example in the README works as written (issue 18: `/game new duel` named a
game that does not ship). The README's console block is run line by line against a fresh
table; no line may be refused (by the console, the host or a game's rules)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot import console
from bot.host import core
from games import registry
from games.core import errors

README = Path(__file__).resolve().parents[2] / "README.md"


def console_examples() -> list[str]:
    """The lines of the README's fenced blocks that are console lines (`NAME: /command`)."""
    blocks = re.findall(r"^```[a-z]*\n(.*?)^```", README.read_text(encoding="utf-8"), re.S | re.M)
    lines = []
    for line in (line for block in blocks for line in block.splitlines()):
        match = console._LINE.match(console._strip_comment(line))
        if match and match.group("text").startswith("/"):
            lines.append(line)
    return lines


def test_the_readme_has_console_examples():
    assert len(console_examples()) >= 8


async def test_every_readme_console_example_works_as_written(tmp_path, monkeypatch):
    # only the games that ship: the test games these tests register are not in the README's world
    shipped = {k: v for k, v in registry._games.items() if k in registry.GAME_MODULES}
    monkeypatch.setattr(registry, "_games", shipped)
    monkeypatch.delenv("SHAPAN_EXTRA_GAMES", raising=False)
    refusals: list[tuple[str, str]] = []
    for cls in (core.HostError, errors.RuleError, console.ScriptError):
        original = cls.__init__

        def recording(self, key, *args, _original=original, **params):
            refusals.append((current[0], key))
            _original(self, key, *args, **params)

        monkeypatch.setattr(cls, "__init__", recording)
    out: list[str] = []
    table = await console.open_table(str(tmp_path / "db.sqlite3"), str(tmp_path / "img"), 7, write=out.append)
    current = [""]
    try:
        for line in console_examples():
            current[0] = line
            await table.run_line(line)
    finally:
        await table.close()
    assert refusals == [], "\n".join(out)
    assert not any(line.startswith("[console] cannot read") for line in out)
