"""Who the table waits for is said once a post (issue 18, table12a item 3). The host adds
"Waiting for: bob" under every board (`Host._posts`, and `/game status`); the tank game's
board summary added its own "bob to act (draft)" (`panzer.ui.turn`, games/panzer/text.py), so
a panzer post said it twice; it now says the phase only ("Phase: draft"). The other four
games' summaries name nobody as acting."""
from __future__ import annotations

import pytest

from games.core.i18n import t
from tests.platform.conftest import cmd


async def start_post(host, key: str, locale: str) -> str:
    await host.handle(cmd("alice", "game.new", game=key, locale=locale))
    await host.handle(cmd("bob", "game.join", locale=locale))
    box = await host.handle(cmd("alice", "game.start", locale=locale))
    session = await host.repo.open_session_in_channel(10)
    assert session.locale == locale or locale == "en"
    return "\n".join(m.text for _, m in box.public)


@pytest.mark.parametrize("key", ["frontline", "fleet", "conflict", "ironfire"])
async def test_the_awaited_are_named_once(host, key):
    post = await start_post(host, key, "en")
    waiting = [line for line in post.splitlines() if line.startswith(t("en", "host.waiting", names="").strip())]
    assert len(waiting) == 1, post


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
async def test_panzer_names_the_player_to_act_once(host, locale):
    post = await start_post(host, "panzer", locale)
    awaited = "bob" if "bob" in post.splitlines()[-1] else "alice"  # who won the roll for the first pick
    lines = post.splitlines()
    assert t(locale, "host.waiting", names=awaited) in lines, post  # the host's line is there
    assert t(locale, "panzer.ui.turn", phase=t(locale, "panzer.phase.draft")) in lines, post  # the board: the phase
    assert not any(f"{awaited} to act" in line or f"{awaited} 行动" in line for line in lines), post
