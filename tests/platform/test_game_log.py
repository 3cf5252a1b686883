"""`/game log` reads as what happened (issue 18): the mover is named once ("Bot 1: Bot 1
ends the turn" named them twice), a new turn or round is the game's own line and never
credited to the player who moved before it, and a long game's log has pages."""
from __future__ import annotations

import re

import pytest

from games.core.i18n import t
from tests.platform.conftest import cmd, reply_text, snapshot


async def frontline_against_the_bot(host) -> int:
    await host.handle(cmd("alice", "game.new", game="frontline"))
    await host.handle(cmd("alice", "game.bot"))
    await host.handle(cmd("alice", "game.start"))
    await host.handle(cmd("alice", "play", code="deck blitz"))
    await host.handle(cmd("alice", "play", code="keep"))
    return (await host.repo.open_session_in_channel(10)).id


async def test_the_mover_is_named_once_and_a_new_turn_is_nobodys_move(host):
    await frontline_against_the_bot(host)
    log = reply_text(await host.handle(cmd("alice", "game.log")))
    lines = log.splitlines()
    assert "#1 alice has chosen a deck." in lines and "#2 Bot 1 has chosen a deck." in lines
    for line in lines:
        doubled = re.match(r"#\d+ (.+?): \1\b", line)
        assert not doubled, line
    # "Turn 2: alice — …" came with Bot 1's "ends the turn", on a line of its own
    turns = [i for i, line in enumerate(lines) if t("en", "frontline.turn", n=2, name="alice", kredits=1,
                                                       slots=1) in line]
    assert turns and all(lines[i].startswith("    ") for i in turns), log
    assert lines[turns[0] - 1].endswith(t("en", "frontline.end_turn", name="Bot 1")), log


async def test_a_long_log_has_pages(host):
    await host.handle(cmd("alice", "game.new", game="relay", options={"steps": "40"}))
    await host.handle(cmd("alice", "game.bot"))
    await host.handle(cmd("alice", "game.start"))
    sid = (await host.repo.open_session_in_channel(10)).id
    for _ in range(20):  # alice's step, then the bot's: 40 steps the table saw
        await host.handle(cmd("alice", "play", code="step"))
    first = reply_text(await host.handle(cmd("alice", "game.log"))).splitlines()
    assert first[0] == t("en", "host.log_page", first=26, last=40, total=40, page=1, pages=3, next=2)
    assert [line.split()[0] for line in first[1:16]] == [f"#{n}" for n in range(26, 41)]
    third = reply_text(await host.handle(cmd("alice", "game.log", page="3"))).splitlines()
    assert third[0] == t("en", "host.log_page", first=1, last=10, total=40, page=3, pages=3, next=2)
    assert [line.split()[0] for line in third[1:]] == [f"#{n}" for n in range(1, 11)]  # no result on old pages
    before = await snapshot(host, sid)
    for bad in ("4", "0", "x"):
        text = reply_text(await host.handle(cmd("alice", "game.log", page=bad)))
        assert text == t("en", "host.bad_log_page", value=bad, pages=3), text
    assert await snapshot(host, sid) == before


async def test_hot_seat_concede_asks_which_seat(host):
    """One person in both seats: `/game concede` does not pick one for them."""
    await host.handle(cmd("dave", "game.new", game="duel"))
    await host.handle(cmd("dave", "game.seat"))
    await host.handle(cmd("dave", "game.start"))
    sid = (await host.repo.open_session_in_channel(10)).id
    before = await snapshot(host, sid)
    text = reply_text(await host.handle(cmd("dave", "game.concede")))
    assert text == t("en", "host.which_seat_concede", seats="0:dave, 1:dave·2"), text
    assert await snapshot(host, sid) == before  # refused: nothing changed
    await host.handle(cmd("dave", "game.concede", seat="1"))
    session = await host.repo.load_session(sid)
    assert session.status == "finished"


async def test_a_step_without_a_line_of_the_movers_says_who_moved_and_credits_nothing(host):
    """"#358 alice: Round 10: Bot 1's turn." credited a round header to the player who moved
    before it, and "#365 alice: (acted)" said nothing: a step whose lines are not the mover's
    is headed "after alice's move:", one with no public line says alice acted."""
    await frontline_against_the_bot(host)
    for _ in range(3):
        await host.handle(cmd("alice", "play", code="end"))
    lines = reply_text(await host.handle(cmd("alice", "game.log"))).splitlines()
    heads = [line for line in lines if line.startswith("#")]
    assert not [line for line in heads if re.match(r"#\d+ (alice|Bot 1): ", line)], lines
    assert not [line for line in heads if "(acted)" in line], lines


async def test_a_line_naming_no_player_is_the_movers(host):
    """The tank game's lines name a tank, not its owner ("CV33 #11 moves I2 → I1"): such a
    line is the mover's own, credited "#74 bob: CV33 #11 moves …", never set apart under
    "after bob's move:" as if it were someone else's. Only a line naming another player (a
    new round, the next player's turn) is headed "after …'s move:"."""
    import random

    from games.registry import get_engine, get_game

    await host.handle(cmd("alice", "game.new", game="panzer"))
    await host.handle(cmd("bob", "game.join"))
    await host.handle(cmd("alice", "game.start"))
    sid = (await host.repo.open_session_in_channel(10)).id
    engine, rng = get_engine("panzer"), random.Random(8)
    for _ in range(80):  # deployment, then tanks moving
        state = engine.load_state((await host.repo.load_session(sid)).state)
        seat = engine.active_seats(state)[0]
        await host.handle(cmd(("alice", "bob")[seat], "play", code=get_game("panzer").bot_action(state, seat, rng).code()))
    lines = reply_text(await host.handle(cmd("alice", "game.log"))).splitlines()
    afters = {t("en", "host.log_after", who=who) for who in ("alice", "bob")}
    credited = [line for line in lines if re.match(r"#\d+ (alice|bob): ", line)]
    assert credited, lines
    for i, line in enumerate(lines[:-1]):
        if line.split(" ", 1)[-1] in afters:
            assert re.search(r"\b(alice|bob)\b", lines[i + 1]), lines[i:i + 2]


@pytest.mark.parametrize("key", ["panzer", "ironfire", "fleet", "conflict"])
async def test_a_step_is_headed_apart_only_when_its_first_line_is_someone_else_s(host, key):
    """Fourth newcomer playtest: "#28 after alice's move:" over "🎲 alice rolls …", her own roll:
    a header that said nothing the line did not. A step whose first line names the mover (and no
    one else) is that line; a header, which says the mover moved and what the table saw of it,
    stands only over a line naming someone else (the next player's round)."""
    import random

    from games.registry import get_engine, get_game

    await host.handle(cmd("alice", "game.new", game=key))
    await host.handle(cmd("bob", "game.join"))
    await host.handle(cmd("alice", "game.start"))
    sid = (await host.repo.open_session_in_channel(10)).id
    engine, rng = get_engine(key), random.Random(8)
    for _ in range(150):
        state = engine.load_state((await host.repo.load_session(sid)).state)
        if engine.outcome(state) is not None:
            break
        seat = engine.active_seats(state)[0]
        await host.handle(cmd(("alice", "bob")[seat], "play", code=get_game(key).bot_action(state, seat, rng).code()))
    headers = {t(loc, "host.log_after", who=who): (who, other) for who, other in (("alice", "bob"), ("bob", "alice"))
               for loc in ("en",)}
    for page in range(1, 12):
        text = reply_text(await host.handle(cmd("alice", "game.log", page=str(page))))
        lines = text.splitlines()
        for i, line in enumerate(lines[:-1]):
            head = line.split(" ", 1)[-1]
            if head in headers:
                who, other = headers[head]
                assert re.search(rf"\b{other}\b", lines[i + 1]), lines[i:i + 2]
        if f"page {page} of {page}" in text or "page" not in text:
            break
