"""Combat cards are chosen card by card (issue 18: the `lay` menu was one flat list of up to 65
orders, three pages of Discord's 25-option selects). RULES.md, Unit against unit: "双方秘密、同时
按顺序盖出最多 3 张作战牌（`lay ADR` 等；A 攻击 D 防御 S 自爆 R 休整；`lay none` 不出）". The menu
offers the first card (or none), then the next among those left, and may confirm from the first
card on; `/play lay ADR` still works, and so does the menu's own `lay A D R`."""
from __future__ import annotations

import pytest

from bot.host.core import build_menu
from games.conflict import ENGINE, GAME
from tests.conflict.helpers import clear_hand, empty_board, fit, outer, started, to_battle, unit
from tests.conflict.test_combat import start_fight
from tests.platform.conftest import USERS, cmd, make_host

NAMES = ("alice", "bob", "carol")


def fight(a: int = 0, b: int = 1, reactor: bool = False):
    """Seed 3, three seats: seat a's Storm Troopers attack seat b's Riflemen; both are to lay."""
    state = started(3, seed=3)
    empty_board(state)
    ua = unit(state, a, "stormtrooper", outer(state, a)[0])
    ub = unit(state, b, "rifleman", outer(state, b)[0])
    to_battle(state, a)
    for s in range(3):
        clear_hand(state, s)
        state.players[s].res = 0
    if reactor:  # 核动力炉: a fourth card for one resource card
        fit(state, a, "reactor")
        state.players[a].res = 1
    start_fight(state, a, ua, ub)
    return state, a, b


@pytest.mark.parametrize("loc, first, second, last", [
    ("en", ["Lay combat cards: no cards", "Attack", "Defend", "Self-destruct", "Rest"], ["Defend", "Self-destruct", "Rest"],
     ["Lay combat cards: 1. Attack, 2. Defend, 3. Self-destruct", "Lay combat cards: 1. Attack, 2. Defend, 3. Rest"]),
    ("zh-CN", ["盖出作战牌：不出牌", "攻击", "防御", "自爆", "休整"], ["防御", "自爆", "休整"],
     ["盖出作战牌：1. 攻击，2. 防御，3. 自爆", "盖出作战牌：1. 攻击，2. 防御，3. 休整"])])
def test_the_lay_menu_offers_one_card_a_step(loc, first, second, last):
    state, a, b = fight()
    assert len(ENGINE.legal_actions(state, b)) == 41  # what the flat list offered at once
    menu = build_menu(GAME, state, 1, b, ["lay"], loc)
    assert [o.label for o in menu.options] == first and not menu.complete
    menu = build_menu(GAME, state, 1, b, ["lay", "A"], loc)
    assert [o.label for o in menu.options] == second and menu.complete  # `lay A` alone may be confirmed
    menu = build_menu(GAME, state, 1, b, ["lay", "A", "D"], loc)
    assert [o.label for o in menu.options] == last and menu.complete  # the third card ends it: one set, each once


def test_with_the_reactor_a_fourth_step_and_every_step_fits_a_discord_select():
    state, a, b = fight(reactor=True)
    legal = ENGINE.legal_actions(state, a)
    assert len(legal) == 65
    steps = [GAME.text.menu_steps(state, a, x) for x in legal]
    assert ["lay", "A", "D", "R", "S"] in steps
    prefixes = {tuple(s[:k]) for s in steps for k in range(1, len(s))}
    widest = max(len(build_menu(GAME, state, 1, a, list(p), "en").options) for p in prefixes)
    assert widest == 5  # none and the four cards, where the flat list held 65 (Discord: 25 a select)


async def test_a_lay_built_by_clicks_is_played_and_codes_still_work(tmp_path):
    host = await make_host(tmp_path / "t.sqlite3")
    try:
        await host.handle(cmd("alice", "game.new", game="conflict"))
        for name in NAMES[1:]:
            await host.handle(cmd(name, "game.join"))
        await host.handle(cmd("alice", "game.start"))
        session = await host.repo.open_session_in_channel(10)
        state, a, b = fight()
        session = await host.repo.commit(session, host.clock(), state=ENGINE.dump_state(state))
        by_seat = {s: next(n for n, uid in USERS.items() if uid == session.user_of(s)) for s in (a, b)}
        box = await host.handle(cmd(by_seat[b], "menu", prefix=["lay", "D"]))
        assert box.reply.menu.complete and [o.value for o in box.reply.menu.options] == ["A", "S", "R"]
        assert "Lay combat cards · Defend" in box.reply.text, box.reply.text
        box = await host.handle(cmd(by_seat[b], "menu", prefix=["lay", "D", "R", "A"]))
        assert "1. Defend, 2. Rest, 3. Attack" in box.reply.text, box.reply.text  # ready: the whole order
        await host.handle(cmd(by_seat[b], "play", code="lay D R"))  # the confirm button sends the steps
        stored = ENGINE.load_state((await host.repo.load_session(session.id)).state)
        assert stored.pending.lay_other == ["D", "R"]
        await host.handle(cmd(by_seat[a], "play", code="lay AS"))  # a code as before
        stored = ENGINE.load_state((await host.repo.load_session(session.id)).state)
        assert stored.pending is None or stored.pending.kind != "combat"  # both laid: the fight was resolved
    finally:
        await host.close()


async def test_the_lay_menu_through_the_discord_adapter(tmp_path):
    """Clicked through the adapter, whose fake Discord refuses any payload outside Discord's
    limits (the harness fails the test on one): the cards one select at a time, then confirm."""
    from tests.discord.conftest import make_host as discord_host
    from tests.discord.harness import DiscordHarness, User
    from tests.discord.test_adapter import followups

    h = await DiscordHarness.start(await discord_host(tmp_path / "d.sqlite3"))
    try:
        users = [User(5001, "ada", "zh-CN"), User(5002, "bo", "zh-CN")]
        await h.slash(users[0], "game new", game="conflict")
        await h.slash(users[1], "game join")
        await h.slash(users[0], "game bot")
        await h.slash(users[0], "game start")
        session = await h.client.host.repo.load_session(1)
        a, b = [s for s in range(3) if not session.seats[s].is_bot]
        state = fight(a, b)[0]
        await h.client.host.repo.commit(session, h.client.host.clock(), state=ENGINE.dump_state(state))
        user = next(u for u in users if u.id == session.seats[b].user_id)
        step = followups(await h.slash(user, "act"))[0]
        for prefix, value in (("", "lay"), ("lay", "S"), ("lay S", "A")):
            step = next(r for r in await h.click(user, step.response, f"sp:m:1:{b}:{prefix}", values=[value])
                        if r.method == "PATCH")
        assert f"sp:ok:1:{b}:lay S A" in step.custom_ids and f"sp:m:1:{b}:lay S A" in step.custom_ids
        assert "盖出作战牌 · 自爆 · 攻击" in step.text, step.text
        await h.click(user, step.response, f"sp:ok:1:{b}:lay S A")
        stored = ENGINE.load_state((await h.client.host.repo.load_session(1)).state)
        assert stored.pending.lay_other == ["S", "A"]
    finally:
        await h.close()
