"""A game through the host: bots, hot-seat, privacy of posts, the end of a game, restart."""
from __future__ import annotations

import json

from bot.host import fair
from games.core.i18n import t
from tests.platform.conftest import (CHANNEL, USERS, cmd, duel_table, make_host, play_duel_to_end, public_text,
                                     reply_text)
from tests.toygame import ENGINE


async def test_start_posts_seed_hash_and_sends_hands_privately(host):
    await duel_table(host, start=False)
    box = await host.handle(cmd("alice", "game.start"))
    session = await host.repo.open_session_in_channel(CHANNEL)
    state = ENGINE.load_state(session.state)
    public = public_text(box)
    assert session.seed_hash in public and fair.secret_text(session) not in public
    assert t("en", "duel.start", rounds=3) in public
    secrets = ENGINE.secrets(state)
    for token in secrets[0] | secrets[1]:
        assert token not in public
    private = dict(box.private)
    assert set(private) == {USERS["alice"], USERS["bob"]}
    assert all(tok in private[USERS["alice"]].text for tok in secrets[0])
    assert not any(tok in private[USERS["alice"]].text for tok in secrets[1])
    assert all(tok in private[USERS["bob"]].text for tok in secrets[1])


async def test_game_end_reveals_seed_and_runs_callbacks(host):
    finished = []

    async def on_finished(session, outcome):
        finished.append((session.id, session.status, outcome.winners))

    async def broken(session, outcome):
        raise RuntimeError("a league hook failing must not break the table")

    host.on_game_finished += [broken, on_finished]
    sid = await duel_table(host)
    await play_duel_to_end(host, sid)
    session = await host.repo.load_session(sid)
    state = ENGINE.load_state(session.state)
    outcome = ENGINE.outcome(state)
    assert session.status == "finished" and outcome is not None
    assert finished == [(sid, "finished", outcome.winners)]
    logged = await host.repo.log_entries(sid)
    assert len(logged) == 6 and all(e.source == "user" for e in logged)
    # the log shows what the table saw, never the codes (which name the hidden cards)
    text = reply_text(await host.handle(cmd("carol", "game.log", game=sid)))
    entries = [line for line in text.splitlines() if line.startswith("#")]
    # the opening (step 0, as the game's first post said it), the six moves, the result and the seed
    assert len(entries) == 7 and text.startswith("#0 ") and entries[1].startswith("#1 ")
    assert text.splitlines()[-1] == t("en", "host.seed_reveal", seed=fair.secret_text(session), hash=session.seed_hash,
               command=fair.verify_command(host.database, sid))
    assert not any(e.code.split()[-1] in text for e in logged if e.code.startswith("play"))


async def test_last_move_post_shows_outcome_and_seed(host):
    sid = await duel_table(host)
    last = None
    for _ in range(10):
        s = await host.repo.load_session(sid)
        if s.status != "active":
            break
        state = ENGINE.load_state(s.state)
        seat = ENGINE.active_seats(state)[0]
        last = await host.handle(cmd(["alice", "bob"][seat], "play", code=ENGINE.legal_actions(state, seat)[0].code()))
    s = await host.repo.load_session(sid)
    text = public_text(last)
    assert t("en", "host.seed_reveal", seed=fair.secret_text(s), hash=s.seed_hash,
               command=fair.verify_command(host.database, sid)) in text
    assert f"Winner: {['alice', 'bob'][ENGINE.outcome(ENGINE.load_state(s.state)).winners[0]]}." in text


async def test_bot_seat_plays_automatically(host):
    await host.handle(cmd("alice", "game.new", game="duel"))
    await host.handle(cmd("alice", "game.bot"))
    box = await host.handle(cmd("alice", "game.start"))
    sid = (await host.repo.open_session_in_channel(CHANNEL)).id
    assert [m for u, m in box.private if u is None] == []  # a bot seat gets no messages
    for _ in range(10):
        s = await host.repo.load_session(sid)
        if s.status != "active":
            break
        state = ENGINE.load_state(s.state)
        assert ENGINE.active_seats(state) == [0]  # after each command only the human is awaited
        await host.handle(cmd("alice", "play", code=ENGINE.legal_actions(state, 0)[-1].code()))
    s = await host.repo.load_session(sid)
    assert s.status == "finished"
    sources = {e.source for e in await host.repo.log_entries(sid)}
    assert sources == {"user", "bot"}


async def test_hot_seat_messages_stay_private(host):
    await host.handle(cmd("alice", "game.new", game="duel"))
    box = await host.handle(cmd("alice", "game.seat"))
    assert reply_text(box) == "Done."
    box = await host.handle(cmd("alice", "game.start"))
    session = await host.repo.open_session_in_channel(CHANNEL)
    state = ENGINE.load_state(session.state)
    everything = ENGINE.secrets(state)[0] | ENGINE.secrets(state)[1]
    assert not any(tok in public_text(box) for tok in everything)
    assert [u for u, _ in box.private] == [USERS["alice"]]
    dm = box.private[0][1].text
    assert all(tok in dm for tok in everything)
    assert "[seat 0 · alice]" in dm and "[seat 1 · alice·2]" in dm
    # seat 1 is not active now: naming it is refused; without a seat, the active one plays
    box = await host.handle(cmd("alice", "play", code="pass", seat=1))
    assert reply_text(box) == t("en", "host.not_your_turn", waiting="alice")
    box = await host.handle(cmd("alice", "play", code="pass"))
    assert reply_text(box) == "✓ pass"


async def test_hot_seat_with_two_active_seats_needs_a_seat(host):
    await host.handle(cmd("alice", "game.new", game="tally"))
    await host.handle(cmd("alice", "game.seat"))
    await host.handle(cmd("alice", "game.start"))
    sid = (await host.repo.open_session_in_channel(CHANNEL)).id
    box = await host.handle(cmd("alice", "play", code="add"))
    assert reply_text(box) == t("en", "host.which_seat", seats="0:alice, 1:alice·2")
    box = await host.handle(cmd("alice", "play", code="add", seat=1))
    assert reply_text(box) == "✓ add"
    assert json.loads((await host.repo.load_session(sid)).state)["counts"] == [0, 1]


async def test_locales_public_in_table_locale_private_in_each_users(host):
    await host.handle(cmd("bob", "game.help", locale="zh-CN"))  # bob's locale is remembered
    c = cmd("alice", "game.new", game="duel")
    c.guild_locale = "en-US"
    await host.handle(c)
    await host.handle(cmd("bob", "game.join", locale=None))
    box = await host.handle(cmd("alice", "game.start"))
    assert t("en", "duel.start", rounds=3) in public_text(box)
    private = dict(box.private)
    assert private[USERS["bob"]].text.startswith("你的手牌")
    assert private[USERS["alice"]].text.startswith("Your cards")


async def test_restarted_process_continues_exactly(tmp_path):
    """Same seed and bot secret, same commands: a game split across two processes ends in
    the same state."""
    async def play(host, sid, moves):
        for _ in range(moves):
            s = await host.repo.load_session(sid)
            if s.status != "active":
                return
            state = ENGINE.load_state(s.state)
            await host.handle(cmd("alice", "play", code=ENGINE.legal_actions(state, 0)[0].code()))

    async def start(host):
        await host.handle(cmd("alice", "game.new", game="duel"))
        await host.handle(cmd("alice", "game.bot"))
        await host.handle(cmd("alice", "game.start"))
        return (await host.repo.open_session_in_channel(CHANNEL)).id

    whole = await make_host(tmp_path / "whole.sqlite3", start_seed=777)
    sid = await start(whole)
    await play(whole, sid, 20)
    expected = await whole.repo.load_session(sid)
    expected_log = [(e.seat, e.code, e.source) for e in await whole.repo.log_entries(sid)]
    await whole.close()

    split_db = tmp_path / "split.sqlite3"
    before = await make_host(split_db, start_seed=777)
    sid = await start(before)
    await before.repo.conn.execute("UPDATE sessions SET bot_secret = ? WHERE id = ?", (expected.bot_secret, sid))
    await play(before, sid, 1)
    await before.close()
    after = await make_host(split_db, start_seed=999)  # a new process: nothing carried over in memory
    await play(after, sid, 20)
    got = await after.repo.load_session(sid)
    got_log = [(e.seat, e.code, e.source) for e in await after.repo.log_entries(sid)]
    await after.close()

    assert expected.status == "finished"
    assert got.state == expected.state
    assert got_log == expected_log and len(got_log) >= 6  # three rounds of two cards, and any passes
    assert got.version == expected.version


async def test_leaving_the_lobby(host):
    await host.handle(cmd("alice", "game.new", game="tally"))
    for name in ("bob", "carol", "dave"):
        await host.handle(cmd(name, "game.join"))
    box = await host.handle(cmd("bob", "game.leave"))
    session = await host.repo.open_session_in_channel(CHANNEL)
    assert [(s.seat, s.name) for s in session.seats] == [(0, "alice"), (1, "carol"), (2, "dave")]
    assert t("en", "host.left", name="bob") in public_text(box)
    await host.handle(cmd("alice", "game.leave"))  # the creator leaving closes the lobby
    assert (await host.repo.load_session(session.id)).status == "abandoned"
    assert await host.repo.open_session_in_channel(CHANNEL) is None


async def test_status_shows_seats_turn_and_seal(host):
    sid = await duel_table(host)
    session = await host.repo.load_session(sid)
    text = reply_text(await host.handle(cmd("carol", "game.status")))
    assert text.splitlines()[:3] == [f"#{sid} Duel (test game) · in play · <#{CHANNEL}>", "Seats: 0:alice, 1:bob",
                                     "Waiting for: alice"]
    assert session.seed_hash in text and fair.secret_text(session) not in text
