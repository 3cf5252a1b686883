"""Prompts (issue 18, "Prompts and outcomes"): when a rule gives another player a choice out of
turn — fleet's reaction windows here (the same hook serves the tank game's defensive fire,
conflict's responses and combat cards, Iron & Fire's answers to a focus fire) — that player
gets the choice by DM with its buttons when the window opens, and the turn timer runs for
them. Before, reaction windows waited silently."""
from __future__ import annotations

import random

import pytest

from games.core.engine import Seat
from games.fleet import ENGINE, GAME
from games.registry import get_engine, get_game
from tests.platform.conftest import cmd, fleet_table

USERS = ("alice", "bob")


async def test_a_reaction_window_reaches_its_player_with_buttons_and_the_timer(host):
    sid = await fleet_table(host, timer_hours="2")
    # seeded play: with seed 1 the fleet heuristic's game ends by raid after one window with an
    # answer in hand since it keeps grenades for mechs in reach (fleet16); seeds 2 and 3 gave one
    # before that change too
    rng = random.Random(4)
    prompts = 0
    for _ in range(200):
        session = await host.repo.load_session(sid)
        state = ENGINE.load_state(session.state)
        if ENGINE.is_over(state):
            break
        before = set(ENGINE.active_seats(state))
        seat = sorted(before)[0]
        box = await host.handle(cmd(USERS[seat], "play", code=GAME.bot_action(state, seat, rng).code()))
        session = await host.repo.load_session(sid)
        state = ENGINE.load_state(session.state)
        asked = {s: GAME.text.prompt(state, s, "en") for s in ENGINE.active_seats(state) if s not in before}
        sent = {uid: m for uid, m in box.private if m.menu is not None}
        for s, why in asked.items():
            user_id = session.user_of(s)
            if why is None:
                assert user_id not in sent  # an ordinary turn: no DM
                continue
            prompts += 1
            message = sent[user_id]
            assert why in message.text and f"#{session.id}" in message.text
            assert message.menu.seat == s and message.menu.options  # the buttons of that choice
            assert s in session.timer_seats and session.turn_deadline is not None  # the timer runs for them
            pings = {u for _, m in box.public for u in m.pings}
            assert user_id in pings and session.user_of(seat) not in pings  # the channel post pings them only
        if prompts >= 2:
            break
    assert prompts >= 2


@pytest.mark.parametrize("key,players,seed", [("fleet", 2, 1), ("panzer", 2, 0), ("conflict", 3, 2), ("ironfire", 2, 2)])
def test_each_game_names_the_choice_it_gives_out_of_turn(key, players, seed):
    """Fleet's reactions, the tank game's defensive fire, conflict's responses, Iron & Fire's
    answer to a focus fire: the newly awaited seat is told why, in both languages."""
    engine, text = get_engine(key), get_game(key).text
    rnd = random.Random(seed)
    state = engine.setup([Seat(index=i, name=f"P{i}") for i in range(players)], engine.parse_options({}), seed).state
    for _ in range(3000):
        before = set(engine.active_seats(state))
        seat = rnd.choice(sorted(before))
        state = engine.apply(state, seat, get_game(key).bot_action(state, seat, rnd)).state
        asked = [s for s in engine.active_seats(state) if s not in before and text.prompt(state, s, "en")]
        if asked:
            texts = [text.prompt(state, asked[0], loc) for loc in ("en", "zh-CN")]
            assert all(texts) and texts[0] != texts[1] and not any(f"{key}." in x for x in texts)
            assert engine.legal_actions(state, asked[0])  # a choice to click
            return
    raise AssertionError("no out-of-turn choice in 3000 steps")


async def test_a_player_already_awaited_is_not_pinged_again(host):
    """Both build their fleets at once; when alice is done, bob is still awaited: the post
    saying so pings nobody (bob was pinged when the building began)."""
    await host.handle(cmd("alice", "game.new", game="fleet"))
    await host.handle(cmd("bob", "game.join"))
    start = await host.handle(cmd("alice", "game.start"))
    assert {u for _, m in start.public for u in m.pings} == {1, 2}  # both awaited: both pinged
    box = await host.handle(cmd("alice", "play", code="preset raider"))
    box = await host.handle(cmd("alice", "play", code="victory raid"))
    assert box.public and not any(m.pings for _, m in box.public)


@pytest.mark.parametrize("key,seed", [("conflict", 3), ("panzer", 1)])
async def test_a_window_that_opens_after_the_bots_moved_reaches_the_player_who_moved(host, clock, key, seed):
    """Against a bot, the player's own move hands the turn to the bot, which plays it in the
    same command and attacks: the player must answer (conflict: "Shield Line attacks
    Riflemen"; the tank game: defensive fire). They were awaited before the command too, so
    the prompt was skipped and the table only said "Waiting for: alice" (second newcomer
    playtest). A turn that went to the bots and came back is a new one: the prompt with its
    buttons, the ping, a new picture and a new deadline."""
    await host.handle(cmd("alice", "game.new", game=key))
    await host.handle(cmd("alice", "game.bot"))
    await host.handle(cmd("alice", "game.start"))
    await host.handle(cmd("alice", "game.timer", hours="2"))
    sid = (await host.repo.open_session_in_channel(10)).id
    engine, game = get_engine(key), get_game(key)
    rng = random.Random(seed)
    windows = 0
    for _ in range(400):
        before = engine.load_state((await host.repo.load_session(sid)).state)
        if engine.is_over(before) or 0 not in engine.active_seats(before):
            break
        clock.now += 60  # the player thinks a minute
        box = await host.handle(cmd("alice", "play", code=game.bot_action(before, 0, rng).code()))
        session = await host.repo.load_session(sid)
        after = engine.load_state(session.state)
        why = game.text.prompt(after, 0, "en")
        if why is None or game.text.prompt(before, 0, "en") is not None or 0 not in engine.active_seats(after):
            continue
        windows += 1
        sent = [m for uid, m in box.private if uid == 1 and m.menu is not None]
        assert sent and why in sent[0].text, f"no prompt for: {why}"
        assert any(1 in m.pings for _, m in box.public)
        assert any(m.images for _, m in box.public)  # the board as the bot left it
        assert session.turn_deadline == clock.now + 2 * 3600  # their time starts again
        if windows >= 2:
            break
    assert windows >= 1
