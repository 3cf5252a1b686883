"""The console prints a step's messages in the order the Discord adapter sends them
(issue 18, table12a; tests/discord/test_delivery_order.py): the answer under the command,
the DMs, then the table's posts, so a player pinged at the table already has their prompt."""
from __future__ import annotations

import pytest

from bot.console import ConsoleTable


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
async def test_the_console_prints_the_answer_then_the_dms_then_the_table(host, tmp_path, locale):
    """The console table shows what each player sees in the order it reaches them."""
    lines: list[str] = []
    table = ConsoleTable(host, tmp_path, write=lines.append)
    for name in ("alice", "bob"):
        table.user(name)
        table.locales[name] = locale
    for line in ("alice: /game new duel", "bob: /game join"):
        await table.run_line(line)
    start = len(lines)
    await table.run_line("alice: /game start")
    heads = [line.split("]")[0] + "]" for line in lines[start:]]
    order = [h for i, h in enumerate(heads) if i == 0 or heads[i - 1] != h]
    assert order == ["[reply alice]", "[dm alice]", "[dm bob]", "[table]"], order
