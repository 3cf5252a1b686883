"""Issue 18, "Help and errors": a newcomer (newcomer15) found that `/game help` listed neither
`/game hint` nor the bot's `level:`. Every /game subcommand the usage line knows is in the help,
and no other, in both languages; the help names the bot's levels."""
from __future__ import annotations

import re

import pytest

from games.core.i18n import t


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
def test_the_help_lists_every_game_subcommand_and_the_bot_levels(locale):
    from bot.commandref import SURFACE

    usage = t(locale, "console.usage.game")
    known = set(re.search(r"/game ([a-z|]+)", usage).group(1).split("|"))
    token = SURFACE.set("console")  # the help as the console writes it, the console's usage beside it
    try:
        help_text = t(locale, "host.help", games="")
    finally:
        SURFACE.reset(token)
    shown = set(re.findall(r"/game ([a-z]+)", help_text))
    assert shown == known, (shown ^ known)
    assert "level:easy|normal|hard" in help_text


def test_no_game_title_carries_its_own_brackets():
    """The host writes a title beside its key or table number: "Panzer (tank hex wargame)
    (`panzer`)" and "Table #1 (Panzer (tank hex wargame)) created" (newcomer15) had brackets in
    brackets. No title has any."""
    from games.registry import GAME_MODULES, get_engine

    titles = {key: get_engine(key).title for key in GAME_MODULES}
    assert all(not re.search(r"[()（）]", title) for each in titles.values() for title in each.values()), titles
