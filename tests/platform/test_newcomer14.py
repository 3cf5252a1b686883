"""A newcomer's third playtest at the console (issue 18, session 13): conflict and fleet with bots.
At a conflict table `/play` with nothing after it answered "(e.g. /play Tiger I)": a tank that
no conflict menu holds."""
from __future__ import annotations

import pytest

from bot.console import run_script


async def console(lines: list[str]) -> list[str]:
    out: list[str] = []
    await run_script(lines, None, None, 3, write=out.append)
    return out


@pytest.mark.parametrize("locale,tank,expected", [
    ("en", "Tiger", "[reply alice] Say which action to play: its name as the menus show it, or its code; "
                    "/menu builds it by clicking."),
    ("zh-CN", "虎式", "[reply alice] 请说明要执行的行动：菜单中显示的名称或行动代码；也可以用 /menu 逐步点选。")])
async def test_play_without_a_code_names_no_other_games_piece(locale, tank, expected):
    """Issue 18: "Errors point only to commands that exist where the user is". `/play` alone at
    a conflict table (seed 3) says how to name an action, with no example from another game."""
    out = await console([f"alice: /lang {locale}", "alice: /game new conflict", "alice: /game bot",
                         "alice: /game start", "alice: /play"])
    replies = [line for line in out if line.startswith("[reply alice]")]
    assert replies[-1] == expected, replies[-3:]
    assert not any(tank in line for line in out), [line for line in out if tank in line]
