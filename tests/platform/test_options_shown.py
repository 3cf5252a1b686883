"""A table says the game options it was opened with (play17zh opened fleet with
`cap_round=6 arms_round=6` and nothing showed whether they took): the opening post, the start
post and `/game status` name them as the game stores them; a table at the defaults says nothing."""
from __future__ import annotations

import pytest

from games.core.i18n import t
from tests.platform.conftest import cmd


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
async def test_the_options_a_table_took_are_said(host, locale):
    opened = await host.handle(cmd("alice", "game.new", game="conflict", locale=locale,
                                   options={"MAX_ROUNDS": "6"}))
    line = t(locale, "host.options_set", game="conflict", options="max_rounds=6")
    assert line in opened.public[0][1].text.splitlines(), opened.public[0][1].text
    await host.handle(cmd("alice", "game.bot", locale=locale))
    started = await host.handle(cmd("alice", "game.start", locale=locale))
    assert any(line in m.text.splitlines() for _, m in started.public), [m.text for _, m in started.public]
    status = await host.handle(cmd("alice", "game.status", locale=locale))
    assert line in status.reply.text.splitlines()


async def test_a_table_at_its_defaults_names_no_options(host):
    opened = await host.handle(cmd("alice", "game.new", game="conflict"))
    await host.handle(cmd("alice", "game.bot"))
    started = await host.handle(cmd("alice", "game.start"))
    status = await host.handle(cmd("alice", "game.status"))
    head = t("en", "host.options_set", game="conflict", options="").split(":")[0]
    for text in [opened.public[0][1].text, status.reply.text] + [m.text for _, m in started.public]:
        assert head not in text
