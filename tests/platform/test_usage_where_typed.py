"""A reply that shows a command with its arguments shows it as the user types it where they
are (issue 18, "Errors point only to commands that exist where the user is"). clickplay16, in
Discord, read the console's positional form: "/game new conflict NAME=VALUE …" and "/rules
conflict NUMBER", which Discord's options do not take; on Discord they are named options
("/rules game:conflict section:NUMBER"), in Chinese under the names a zh-CN client shows."""
from __future__ import annotations

import dataclasses

import pytest

from tests.platform.conftest import cmd, reply_text

FORMS = {  # (surface, locale): what /game help conflict and /rules conflict say to type
    ("console", "en"): ("/game new conflict NAME=VALUE …", "/rules conflict NUMBER", "/rules conflict to list"),
    ("discord", "en"): ("/game new game:conflict options:NAME=VALUE …", "/rules game:conflict section:NUMBER",
                        "/rules game:conflict to list"),
    ("console", "zh-CN"): ("/game new conflict 名称=值 …", "/rules conflict 编号", "/rules conflict 查看目录"),
    ("discord", "zh-CN"): ("/游戏 新建 游戏:conflict 选项:名称=值 …", "/规则 游戏:conflict 章节:编号",
                           "/规则 游戏:conflict 查看目录"),
}


@pytest.mark.parametrize("surface, locale", list(FORMS))
async def test_help_and_rules_show_the_command_as_typed_where_the_user_is(host, surface, locale):
    def typed(verb: str, **args):
        return dataclasses.replace(cmd("alice", verb, locale=locale, **args), surface=surface)

    new, section, listing = FORMS[surface, locale]
    assert new in reply_text(await host.handle(typed("game.help", game="conflict")))
    assert section in reply_text(await host.handle(typed("rules", game="conflict")))
    assert listing in reply_text(await host.handle(typed("rules", game="conflict", section="no such section")))
    other = FORMS["discord" if surface == "console" else "console", locale]
    for text in (reply_text(await host.handle(typed("game.help", game="conflict"))),
                 reply_text(await host.handle(typed("rules", game="conflict")))):
        assert not any(form in text for form in other[:2]), text
