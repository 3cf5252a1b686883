"""After the game (issue 18): the result is the last thing a table hears, the winner is
announced once (by the host), counters stay within their maximum, the final board says the
game is over; the table stays viewable until a new one opens; /game rematch."""
from __future__ import annotations

import random
import re

import pytest

from bot.host import fair
from bot.outbox import Outbox
from games.core.i18n import sentences, t
from games.registry import GAME_MODULES, get_engine, get_game
from tests.platform.conftest import CHANNEL, USERS, cmd, duel_table, play_duel_to_end, public_text, reply_text

# the words that announce a winner, in either language
WIN_WORDS = re.compile(r"\bwins?\b|\bwon\b|winner|获胜|胜者|赢得", re.IGNORECASE)
# a counter "X/Y" of rounds or games, as the five games write it
COUNTER = re.compile(r"(?:[Rr]ound|Game|第)\s*(\d+)\s*/\s*(\d+)")


async def play_against_the_bot(host, game: str, locale: str, seed: int) -> list[Outbox]:
    """alice (playing the bot's heuristic herself) against one bot seat, to the end; every
    outbox the table produced, in order (commands, then the ticks that go on with the bots)."""
    engine = get_engine(game)
    rng = random.Random(seed)
    boxes = [await host.handle(cmd("alice", "game.new", game=game, locale=locale))]
    boxes.append(await host.handle(cmd("alice", "game.bot", locale=locale)))
    boxes.append(await host.handle(cmd("alice", "game.start", locale=locale)))
    sid = (await host.repo.open_session_in_channel(CHANNEL)).id
    for _ in range(5000):
        session = await host.repo.load_session(sid)
        if session.status != "active":
            break
        if session.turn_deadline is not None:  # the bots' slice ran out: the ticks go on
            boxes.append(await host.tick())
            continue
        state = engine.load_state(session.state)
        code = get_game(game).bot_action(state, 0, rng).code()
        boxes.append(await host.handle(cmd("alice", "play", code=code, locale=locale)))
    else:
        raise AssertionError(f"{game} did not end")
    # after the result, the table hears nothing more: more ticks, a status, a stray move
    boxes.append(await host.tick())
    boxes.append(await host.handle(cmd("alice", "play", code="pass", locale=locale)))
    return boxes


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
@pytest.mark.parametrize("game", list(GAME_MODULES))
async def test_whole_games_end_with_one_result_and_nothing_after(db_path, clock, game, locale):
    from tests.platform.conftest import make_host

    host = await make_host(db_path, clock)
    host.bot_step_cap = 40  # slices, so the ticks take part too
    try:
        boxes = await play_against_the_bot(host, game, locale, seed=5)
        session = await host.repo.load_session(1)
        engine = get_engine(game)
        state = engine.load_state(session.state)
        outcome = engine.outcome(state)
        assert session.status == "finished" and outcome is not None
        reveal = t(locale, "host.seed_reveal", seed=fair.secret_text(session), hash=session.seed_hash,
               command=fair.verify_command(host.database, 1))
        posts = [(i, m.text) for i, box in enumerate(boxes) for _, m in box.public]
        last = [i for i, text in posts if reveal in text]
        assert len(last) == 1, "the result is posted once"
        end = last[0]
        # nothing public or private after the result, and no DM with it
        assert not [text for i, text in posts if i > end]
        assert not [m for box in boxes[end:] for _, m in box.private]
        final = next(text for i, text in posts if i == end)
        # the winner is announced once, by the host's line, and by no engine text
        host_line = t(locale, "host.winners", names=", ".join(session.seats[w].name for w in outcome.winners))
        if outcome.winners:
            everything = "\n".join(text for _, text in posts)
            assert everything.count(host_line) == 1
            assert not WIN_WORDS.search(final.replace(host_line, "").replace(t(locale, "host.no_winner"), "")), final
        # sentences, not placeholders: no stray "-" for a missing target ("plays Supply Drop -.")
        for _, text in posts:
            assert not re.search(r" -[.。]", text), text[:300]
        # counters never read past their maximum
        for _, text in posts:
            for shown, most in COUNTER.findall(text):
                assert int(shown) <= int(most), f"{shown}/{most} in {text[:200]!r}"
        # the final board says the game is over, and nobody is awaited
        board = get_game(game).text.summary(engine.view(state, None), locale)
        assert re.search(r"over|结束", board, re.IGNORECASE), board[:200]
        assert t(locale, "host.waiting", names="")[:8] not in final
    finally:
        await host.close()


async def test_the_finished_table_stays_viewable_until_a_new_one_opens(host):
    sid = await duel_table(host)
    await play_duel_to_end(host, sid)
    session = await host.repo.load_session(sid)
    from tests.toygame import ENGINE

    outcome = ENGINE.outcome(ENGINE.load_state(session.state))
    winner = t("en", "host.winners", names=session.seats[outcome.winners[0]].name)
    reveal = t("en", "host.seed_reveal", seed=fair.secret_text(session), hash=session.seed_hash,
               command=fair.verify_command(host.database, sid))
    for verb in ("game.status", "game.log"):
        text = reply_text(await host.handle(cmd("carol", verb)))  # in the channel, no game:ID needed
        assert winner in text and reveal in text, (verb, text)
        assert t("en", "host.waiting", names="alice") not in text and "Waiting" not in text
    assert t("en", "host.status.finished") in reply_text(await host.handle(cmd("carol", "game.status")))
    # a new table replaces it
    await host.handle(cmd("bob", "game.new", game="duel"))
    text = reply_text(await host.handle(cmd("carol", "game.status")))
    assert winner not in text and t("en", "host.status.lobby") in text


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
async def test_a_kicked_to_end_table_says_so_as_its_post_did(host, locale):
    """The result of a kick that ends the game reads in /game status and /game log as in the
    post that ended it ("The game ends without a result. No winner."), in the reader's language."""
    await host.handle(cmd("alice", "game.new", game="duel", locale=locale))
    await host.handle(cmd("bob", "game.join", locale=locale))
    await host.handle(cmd("alice", "game.start", locale=locale))
    sid = (await host.repo.open_session_in_channel(CHANNEL)).id
    post = public_text(await host.handle(cmd("alice", "game.kick", user_id=USERS["bob"], then="end", locale=locale)))
    result = sentences(locale, [t(locale, "host.kick_ended"), t(locale, "host.no_winner")])
    assert result in post.splitlines(), post
    for verb in ("game.status", "game.log"):
        text = reply_text(await host.handle(cmd("carol", verb, locale=locale)))
        assert result in text.splitlines(), (verb, text)
        assert t(locale, "host.result_ended") not in text and not WIN_WORDS.search(text.replace(result, ""))
        assert fair.secret_text(await host.repo.load_session(sid)) in text


async def test_rematch_same_game_same_players_seat_order_turned(host):
    await host.handle(cmd("alice", "game.new", game="duel", options={"rounds": "2"}))
    await host.handle(cmd("bob", "game.join"))
    await host.handle(cmd("alice", "game.start"))
    first = (await host.repo.open_session_in_channel(CHANNEL)).id
    box = await host.handle(cmd("bob", "game.rematch"))
    assert reply_text(box) == t("en", "host.table_exists")
    await play_duel_to_end(host, first)
    box = await host.handle(cmd("carol", "game.rematch"))  # not one of its players
    assert reply_text(box) == t("en", "host.not_player")
    box = await host.handle(cmd("bob", "game.rematch"))
    assert reply_text(box) == "Done."
    new = await host.repo.open_session_in_channel(CHANNEL)
    old = await host.repo.load_session(first)
    assert new.id != first and new.status == "active" and new.game == "duel"
    assert new.options == old.options == {"rounds": "2"}
    assert [s.user_id for s in new.seats] == [USERS["bob"], USERS["alice"]]  # bob now sits first
    assert new.seed_hash != old.seed_hash
    assert t("en", "host.rematch", name="bob", title="Duel (test game)", id=new.id) in public_text(box)
    assert reply_text(await host.handle(cmd("bob", "game.rematch"))) == t("en", "host.table_exists")


async def test_no_rematch_where_nothing_was_played(host):
    assert reply_text(await host.handle(cmd("alice", "game.rematch"))) == t("en", "host.no_rematch")
    await duel_table(host, start=False)
    await host.handle(cmd("alice", "game.leave"))  # the creator leaves: abandoned before it started
    assert reply_text(await host.handle(cmd("alice", "game.rematch"))) == t("en", "host.no_rematch")


async def test_the_step_that_ends_the_game_sends_no_dm(host):
    # conflict once sent "you draw ..." by DM after the winner: private news of the step
    # that ends the game is not sent (the result and the seed reveal close the game)
    from games.core.events import Event
    from games.registry import register
    from tests.platform.relay import RelayEngine

    class Whisper(RelayEngine):
        key = "whisper"

        def apply(self, state, seat, action):
            step = super().apply(state, seat, action)
            step.events.append(Event.private(seat, "host.done"))  # every move whispers to its mover
            return step

    register(Whisper())
    await host.handle(cmd("alice", "game.new", game="whisper", options={"steps": "3"}))
    await host.handle(cmd("bob", "game.join"))
    await host.handle(cmd("alice", "game.start"))
    box = await host.handle(cmd("alice", "play", code="step"))
    assert [uid for uid, _ in box.private] == [USERS["alice"]]  # during the game, it is sent
    await host.handle(cmd("bob", "play", code="step"))
    box = await host.handle(cmd("alice", "play", code="step"))  # the third step ends the game
    assert t("en", "host.seed_reveal", seed=f"{100:064x}", hash=(await host.repo.load_session(1)).seed_hash,
               command=fair.verify_command(host.database, 1)) \
        in public_text(box)
    assert box.private == []


async def test_a_command_that_ends_the_game_sends_no_dm_from_its_earlier_steps(host):
    """Fleet against the bot (bot secret `bot:40`, seed 5, zh-CN) DMed "your pilot is hurt"
    with the result: the human's move whispered, then the bot's move in the same command
    ended the game. Nothing is sent to a player about a finished game but the result."""
    from games.core.events import Event
    from games.registry import register
    from tests.platform.relay import RelayEngine

    class Whisper(RelayEngine):
        key = "whisper_then_end"

        def apply(self, state, seat, action):
            step = super().apply(state, seat, action)
            step.events.append(Event.private(seat, "host.done"))  # every move whispers to its mover
            return step

    register(Whisper())
    await host.handle(cmd("alice", "game.new", game="whisper_then_end", options={"steps": "4"}))
    await host.handle(cmd("alice", "game.bot"))
    await host.handle(cmd("alice", "game.start"))
    box = await host.handle(cmd("alice", "play", code="step"))  # alice, then the bot: 2 of 4
    assert [uid for uid, _ in box.private] == [USERS["alice"]]  # during the game, it is sent
    box = await host.handle(cmd("alice", "play", code="step"))  # alice whispers, the bot ends it
    assert (await host.repo.load_session(1)).status == "finished"
    assert t("en", "host.winners", names="alice, Bot 1") in public_text(box)
    assert box.private == []


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
async def test_a_simultaneous_choice_waits_for_the_human_the_bot_answers_after(host, locale):
    """Third newcomer playtest: after /game start (and /game rematch) of fleet against a bot the
    table said "Waiting for: Bot 1, alice" (zh "正在等待：机器人1, alice"), and /game status said so
    an hour later: the bot builds its fleet only after the human has (bots in a simultaneous
    choice answer after the humans), so the table waits for alice alone."""
    await host.handle(cmd("alice", "game.new", game="fleet", locale=locale))
    await host.handle(cmd("alice", "game.bot", locale=locale))
    box = await host.handle(cmd("alice", "game.start", locale=locale))
    session = await host.repo.open_session_in_channel(CHANNEL)
    engine = get_engine("fleet")
    assert sorted(engine.active_seats(engine.load_state(session.state))) == [0, 1]  # both build at once
    waiting = t(locale, "host.waiting", names="alice")
    assert waiting in public_text(box).splitlines(), public_text(box)
    assert waiting in reply_text(await host.handle(cmd("alice", "game.status", locale=locale))).splitlines()


# what says somebody is to act on each game's text board, in either language
TO_ACT = {"en": re.compile(r"▶| to act|'s turn|to play\b|at once|^Phase: ", re.M),
          "zh-CN": re.compile(r"▶|行动（|的回合|轮到|同时行动|^阶段：", re.M)}


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
@pytest.mark.parametrize("game", list(GAME_MODULES))
async def test_an_abandoned_table_s_board_says_nobody_is_to_act(host, game, locale):
    """Third newcomer playtest: /game status of an abandoned panzer table read "alice to act
    (draft)" above "Table #2 was abandoned: no result." (Iron & Fire and conflict mark the
    seat to act "▶"): the stored state still has somebody to act. The board of a table the
    host ended says nobody is. alice plays the bot's moves until her board marks someone."""
    engine = get_engine(game)
    rng = random.Random(3)
    await host.handle(cmd("alice", "game.new", game=game, locale=locale))
    await host.handle(cmd("alice", "game.bot", locale=locale))
    await host.handle(cmd("alice", "game.start", locale=locale))
    sid = (await host.repo.open_session_in_channel(CHANNEL)).id
    for _ in range(200):
        status = reply_text(await host.handle(cmd("alice", "game.status", locale=locale)))
        if TO_ACT[locale].search(status.split("\n", 3)[-1]):  # the board, below the table's own lines
            break
        session = await host.repo.load_session(sid)
        code = get_game(game).bot_action(engine.load_state(session.state), 0, rng).code()
        await host.handle(cmd("alice", "play", code=code, locale=locale))
    else:
        raise AssertionError(f"{game}: no board said who is to act")
    await host.handle(cmd("alice", "game.abandon", locale=locale))
    status = reply_text(await host.handle(cmd("alice", "game.status", locale=locale)))
    assert t(locale, "host.result_abandoned", id=sid) in status
    assert not TO_ACT[locale].search(status.split("\n", 2)[-1]), status
