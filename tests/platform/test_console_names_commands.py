"""At the console every command a post names is the console's own (issue 18: "Errors point
only to commands that exist where the user is"): the whole-game scripts of the five games,
played at the console table in both languages (each script has players reading zh-CN and
players who chose English), show no Discord form: no mention `</…:id>`, no named option
`game:ironfire` or `section:`, no Discord command name (`/act`, `/卡组`, `/游戏 …`)."""
from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

from bot.cli import main

TESTS = Path(__file__).resolve().parents[1]
SCRIPTS = [("conflict/scripts/three_players.txt", None), ("fleet/scripts/whole_game.txt", 4016),
           ("frontline/scripts/whole_game.txt", 2024), ("ironfire/scripts/whole_game.txt", 2026),
           ("panzer/scripts/two_players.txt", 2024)]
DISCORD_FORM = re.compile(r"</[^>]*:\d+>|/act\b|/(?:游戏|卡组|规则|点选|行动|手牌|设计|掷骰|骰子)"
                          r"|\b(?:game|游戏|section|章节|name|名称|code|代码|components|部件):"
                          r"(?:conflict|fleet|frontline|ironfire|panzer|NAME|CODE|NUMBER|GROUP|…)")


@pytest.mark.parametrize("script, seed", SCRIPTS)
def test_a_whole_console_game_names_commands_as_the_console_takes_them(tmp_path, script, seed):
    path = TESTS / script
    seed = seed or int(re.search(r"--seed (\d+)", path.read_text(encoding="utf-8")).group(1))
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["table", "--script", str(path), "--seed", str(seed), "--db", str(tmp_path / "t.db"),
                     "--out", str(tmp_path)])
    text = out.getvalue()
    assert code == 0
    assert "/menu" in text or "/deck save" in text or "/game" in text  # it does name commands
    found = [line for line in text.splitlines() if DISCORD_FORM.search(line)]
    assert not found, "\n".join(found[:10])
