"""The last click of a menu answers "Ready to play: …" with the whole action, then Confirm.
panzer16 (issue 18): that line named a shot without its odds, which the option clicked a step
before carried ("hit 89%"); a player confirming a shot lost the figure they chose it by. The
line now carries the action's facts (`action_facts`), the ones its option showed."""
from __future__ import annotations

import random

import pytest

from games.core.i18n import t
from games.registry import get_engine, get_game
from tests.platform.conftest import bot_table, cmd


async def ready_lines(host, sid: int, key: str, locale: str, seed: int, turns: int) -> list[tuple[str, str]]:
    """alice's turns at random (fixed seed); at each, her menu clicked down its first options
    to the end: (the reply's head, the facts of the action it reached)."""
    engine, game = get_engine(key), get_game(key)
    rng = random.Random(seed)
    seen = []
    for _ in range(turns):
        state = engine.load_state((await host.repo.load_session(sid)).state)
        if engine.is_over(state) or 0 not in engine.active_seats(state):
            break
        legal = engine.legal_actions(state, 0)
        action = rng.choice(legal)
        steps = [str(s) for s in game.text.menu_steps(state, 0, action)]
        reply = (await host.handle(cmd("alice", "menu", prefix=steps, locale=locale))).reply
        if reply.menu is not None and reply.menu.complete and not reply.menu.options:
            seen.append((reply.text.splitlines()[0], game.text.action_facts(state, 0, action, locale)))
        await host.handle(cmd("alice", "play", code=action.code(), locale=locale))
    return seen


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
@pytest.mark.parametrize("key,bots", [("panzer", 1), ("fleet", 1), ("ironfire", 1), ("conflict", 2)])
async def test_the_ready_line_carries_the_facts_its_option_showed(host, key, bots, locale):
    sid, _ = await bot_table(host, key, bots, locale)
    seen = await ready_lines(host, sid, key, locale, seed=3, turns=40)
    assert seen, "no menu reached its end"
    for head, facts in seen:
        assert head.startswith(t(locale, "host.menu_ready", action="").rstrip("。.")), head
        if facts:
            assert facts in head, (head, facts)
