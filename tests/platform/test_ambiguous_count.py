"""An ambiguous name's answer counts the choices it offers to click (issue 18, "Names, never
ids": "an ambiguous name gets the candidates to click"). "Deploy" in the tank game's deployment
named 132 actions ("“Deploy” names 132 of your actions") over a menu of six tanks: the count
said is the number of options the menu under it shows (copies once, `names.menu_choices`), plus
one when the words typed are themselves a whole action."""
from __future__ import annotations

import pytest

from bot.host import names
from tests.platform.conftest import bots_play_panzer_until, cmd, reply_text, snapshot

USERS = ("alice", "bob")
SAID = {"en": "“{text}” could mean any of {count} choices: pick one below.",
        "zh-CN": "“{text}”可对应 {count} 个选项：请在下面选择一个。"}
VERB = {"en": "Deploy", "zh-CN": "部署"}


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
async def test_an_ambiguous_name_counts_the_choices_shown(host, locale):
    def deploying(game, state, seat):
        return any(a.code().startswith("deploy ") for a in game.engine.legal_actions(state, seat))
    sid, game, state, seat, _ = await bots_play_panzer_until(host, deploying, 200, locale=locale)
    actions = names.match_actions(game, state, seat, VERB[locale])
    before = await snapshot(host, sid)
    box = await host.handle(cmd(USERS[seat], "play", code=VERB[locale], locale=locale))
    menu = box.reply.menu
    shown = len(menu.options) + menu.complete
    assert reply_text(box) == SAID[locale].format(text=VERB[locale], count=shown)
    assert 1 < shown < len(actions)  # the case the old count got wrong: tanks, not their every hex
    assert await snapshot(host, sid) == before
