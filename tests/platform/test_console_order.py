"""The console prints a command's messages in the order the Discord adapter sends them
(`Outbox.in_order`; tests/discord/test_delivery_order.py): the answer under the command, then
the table's post and the DMs in the order the events happened, the table's line first when a
DM reacts to it (issue 18, session 14). A newcomer read the tank game's defensive-fire prompt
before "Round 1: Bot 1's turn.", and conflict's bequest prompt before the lines that eliminated
them (zh-CN)."""
from __future__ import annotations

import random

import pytest

from bot.console import ConsoleTable
from games.core.i18n import t
from games.registry import get_engine, get_game
from tests.platform.conftest import make_host


def commands(lines: list[str]) -> list[tuple[str, list[str]]]:
    """The printed lines, as (head, lines) runs of one reader: `[reply alice]`, `[table]`, `[dm bob]`."""
    runs: list[tuple[str, list[str]]] = []
    for line in lines:
        head = line.split("]")[0] + "]"
        if runs and runs[-1][0] == head:
            runs[-1][1].append(line)
        else:
            runs.append((head, [line]))
    return runs


def prompt_runs(runs: list[tuple[str, list[str]]], locale: str) -> list[int]:
    """The runs that are a prompt: a DM asking for a decision, with its numbered choices."""
    hint = t(locale, "console.menu_pick_hint")
    return [i for i, (head, body) in enumerate(runs) if head.startswith("[dm") and any(hint in x for x in body)]


def assert_table_first(runs: list[tuple[str, list[str]]], locale: str) -> None:
    """One command's print: the answer, DMs of what happened before the table's post, the
    post, then the DMs reacting to it; never a prompt before the post."""
    heads = [head for head, _ in runs if not head.startswith("[reply")]
    tables = [i for i, head in enumerate(heads) if head == "[table]"]
    assert tables == list(range(tables[0], tables[-1] + 1)) if tables else True, heads  # one post, not split
    if tables:
        table_at = [i for i, (head, _) in enumerate(runs) if head == "[table]"][0]
        assert all(i > table_at for i in prompt_runs(runs, locale)), runs


async def open_console(host, tmp_path, key: str, bots: int, locale: str) -> tuple[ConsoleTable, list[str]]:
    lines: list[str] = []
    table = ConsoleTable(host, tmp_path, write=lines.append)
    for name in ("alice", "bob"):
        table.user(name)
        table.locales[name] = locale
    await table.run_line(f"alice: /game new {key}")
    for _ in range(bots):
        await table.run_line("alice: /game bot")
    return table, lines


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
async def test_the_hands_are_dealt_after_the_table_says_the_game_began(host, tmp_path, locale):
    """Duel's start: "The game begins", then each hand by DM (the hands are dealt as it begins)."""
    table, lines = await open_console(host, tmp_path, "duel", 0, locale)
    await table.run_line("bob: /game join")
    start = len(lines)
    await table.run_line("alice: /game start")
    assert [head for head, _ in commands(lines[start:])] == ["[reply alice]", "[table]", "[dm alice]", "[dm bob]"]


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
async def test_the_defensive_fire_prompt_follows_the_bots_move_that_opens_it(host, tmp_path, locale):
    """The tank game, alice against the bot, seed 1 for her moves (the bot's heuristic): the rules'
    "that player is pinged ... by DM with the buttons" (issue 18) answers the bot's move, so the
    table's "Round N: Bot 1's turn." and the move into sight come first, then the DM. Ammunition
    alice loads is told to her alone: the table sees nothing of it until she is ready (RULES: the
    markers lie face down, "对方不可见具体种类"; her "ready" line counts them)."""
    table, lines = await open_console(host, tmp_path, "panzer", 1, locale)
    await table.run_line("alice: /game start")
    engine, game = get_engine("panzer"), get_game("panzer")
    sid = (await host.repo.open_session_in_channel(1)).id
    rng = random.Random(1)
    prompts = loads = 0
    for _ in range(120):
        state = engine.load_state((await host.repo.load_session(sid)).state)
        if engine.is_over(state) or 0 not in engine.active_seats(state) or prompts >= 2:
            break
        code = game.bot_action(state, 0, rng).code()
        start = len(lines)
        await table.run_line(f"alice: /play {code}")
        runs = commands(lines[start:])
        assert_table_first(runs, locale)
        asked = prompt_runs(runs, locale)
        if asked:
            said = [line for head, body in runs[:asked[0]] if head == "[table]" for line in body]
            in_sights = [t(locale, key, tank="", name="alice", hex="").split("alice")[0].strip()
                         for key in ("panzer.ev.react", "panzer.ev.react_still")]
            assert any(words in line for line in said for words in in_sights), runs  # "… in the sights of alice's tanks"
            if code == "endturn":  # the bot's turn began in this command: said before the prompt too
                turn = t(locale, "panzer.ev.turn", round=1, name="Bot 1").split("1")[0]  # "Round " / "第 "
                assert any(line.startswith("[table] " + turn) for line in said), runs
            prompts += 1
        if code.startswith("load "):
            assert [head for head, _ in runs][1:] == ["[dm alice]"], runs
            loads += 1
    assert prompts >= 2 and loads >= 1


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
async def test_the_bequest_prompt_follows_the_lines_that_eliminate_the_player(db_path, clock, tmp_path, locale):
    """Conflict, alice and two bots (the table's seeds counted from 1), her moves drawn at
    random (seed 1) until the bots eliminate her: the table reads "alice is eliminated by
    Bot 1", then her DM asks whom she leaves her cards to (the Loser's bequest), never the
    other way round."""
    host = await make_host(db_path, clock, start_seed=1)
    table, lines = await open_console(host, tmp_path, "conflict", 2, locale)
    await table.run_line("alice: /game start")
    engine = get_engine("conflict")
    sid = (await host.repo.open_session_in_channel(1)).id
    rng = random.Random(1)
    for _ in range(300):
        state = engine.load_state((await host.repo.load_session(sid)).state)
        if engine.is_over(state) or 0 not in engine.active_seats(state) or 0 in engine.put_out(state):
            break
        start = len(lines)
        await table.run_line(f"alice: /play {rng.choice(engine.legal_actions(state, 0)).code()}")
    assert 0 in engine.put_out(state), "alice was never eliminated"
    runs = commands(lines[start:])
    assert_table_first(runs, locale)
    bot = t(locale, "host.bot_name", n=1)
    out = t(locale, "conflict.ev.eliminated", player="alice", by=t(locale, "conflict.ev.eliminated_by", name=bot))
    said = [i for i, (head, body) in enumerate(runs) if head == "[table]" and "[table] " + out in body]
    asked = prompt_runs(runs, locale)
    await table.close()
    assert said and asked and said[0] < asked[0], runs


@pytest.mark.parametrize("key,bots", [("frontline", 1), ("fleet", 1), ("panzer", 1), ("conflict", 2), ("ironfire", 1)])
async def test_every_games_table_comes_before_the_dms_that_react_to_it(host, tmp_path, key, bots):
    """Each game against the bots, alice's moves at random (seed 3), zh-CN: every command's
    print is one table post, with every prompt after it."""
    table, lines = await open_console(host, tmp_path, key, bots, "zh-CN")
    await table.run_line("alice: /game start")
    engine = get_engine(key)
    sid = (await host.repo.open_session_in_channel(1)).id
    rng = random.Random(3)
    printed = 0
    for _ in range(40):
        state = engine.load_state((await host.repo.load_session(sid)).state)
        if engine.is_over(state) or 0 not in engine.active_seats(state):
            break
        start = len(lines)
        await table.run_line(f"alice: /play {rng.choice(engine.legal_actions(state, 0)).code()}")
        runs = commands(lines[start:])
        assert_table_first(runs, "zh-CN")
        printed += any(head == "[table]" for head, _ in runs)
    assert printed >= 5
