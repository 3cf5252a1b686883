"""Issue 17 §1 through the host: the commitment, the reveal, player entropy, the bot seats'
own secret, replay and verify, and tables stored before 256-bit secrets."""
from __future__ import annotations

import hashlib
import re
import shutil
from dataclasses import replace

import aiosqlite

from bot.host import fair
from games.core.i18n import t
from storage.db import migrate, migration_files
from storage.sessions import Repository, SeatRow
from tests.platform.conftest import (CHANNEL, USERS, cmd, duel_table, make_host, play_duel_to_end, public_text,
                                     reply_text, snapshot)
from tests.toygame import ENGINE


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


async def verify(host, sid: int) -> str | None:
    session = await host.repo.load_session(sid)
    return fair.verify_session(ENGINE, session, await host.repo.log_entries(sid))


async def test_the_seal_is_public_before_anyone_joins_and_is_the_hash_of_the_revealed_secret(host):
    opened = public_text(await host.handle(cmd("alice", "game.new", game="duel")))
    seal = re.search(r"`([0-9a-f]{64})`", opened).group(1)
    await host.handle(cmd("bob", "game.join"))
    await host.handle(cmd("alice", "game.start"))
    session = await host.repo.open_session_in_channel(CHANNEL)
    await play_duel_to_end(host, session.id)
    session = await host.repo.load_session(session.id)
    secret = fair.secret_text(session)
    assert len(secret) == 64 and sha256(secret) == seal == session.seed_hash
    # the engine's key is the secret itself on a table without entropy
    assert ENGINE.load_state(session.state).rng.key == secret
    assert await verify(host, session.id) is None


async def test_a_secret_is_256_random_bits():
    seeds = {fair.new_seed() for _ in range(50)}
    assert len(seeds) == 50 and max(s.bit_length() for s in seeds) > 250


async def entropy_table(host, bob_value: str | None = "bob-dice.1",
                        alice_value: str | None = "alice_2") -> tuple[int, str]:
    """alice opens a Duel with entropy, bob joins, alice starts: (session id, the seal posted
    when the table opened)."""
    opened = public_text(await host.handle(cmd("alice", "game.new", game="duel", entropy=True)))
    assert t("en", "host.entropy_open") in opened
    seal = re.search(r"`([0-9a-f]{64})`", opened).group(1)  # public before any player adds a value
    box = await host.handle(cmd("bob", "game.join", entropy=bob_value))
    assert reply_text(box) == "Done.", reply_text(box)
    box = await host.handle(cmd("alice", "game.start", entropy=alice_value))
    assert reply_text(box) == "Done.", reply_text(box)
    return (await host.repo.open_session_in_channel(CHANNEL)).id, seal


async def test_player_values_are_mixed_into_the_key_and_verify_recomputes_it(host):
    sid, _ = await entropy_table(host)
    session = await host.repo.load_session(sid)
    assert session.entropy == {str(USERS["alice"]): "alice_2", str(USERS["bob"]): "bob-dice.1"}
    text = f"{fair.secret_text(session)}:alice_2:bob-dice.1"  # human seats in seat order
    key = sha256(text)
    assert fair.mix_text(session) == text and f"{fair.game_seed(session):064x}" == key
    assert ENGINE.load_state(session.state).rng.key == key
    await play_duel_to_end(host, sid)
    assert await verify(host, sid) is None
    session = await host.repo.load_session(sid)
    session.entropy[str(USERS["bob"])] = "bob-dice.2"  # a value changed after the game: the replay differs
    assert fair.verify_session(ENGINE, session, await host.repo.log_entries(sid)) is not None


async def test_the_reveal_at_the_end_lists_the_values(host):
    sid, seal = await entropy_table(host)
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
    assert sha256(fair.secret_text(s)) == seal == s.seed_hash
    assert t("en", "host.seed_reveal", seed=fair.secret_text(s), hash=s.seed_hash,
               command=fair.verify_command(host.database, sid)) in text
    assert t("en", "host.entropy_reveal", values="0:alice `alice_2`, 1:bob `bob-dice.1`", text=fair.mix_text(s),
             game_key=f"{fair.game_seed(s):064x}") in text


async def test_another_value_gives_another_key_and_other_cards(tmp_path):
    states = []
    for n, bob_value in enumerate(("one", "two")):
        host = await make_host(tmp_path / f"{n}.sqlite3", start_seed=555)  # the same server secret
        try:
            sid, _ = await entropy_table(host, bob_value=bob_value)
            session = await host.repo.load_session(sid)
            states.append((session.seed, ENGINE.load_state(session.state)))
        finally:
            await host.close()
    (seed_a, a), (seed_b, b) = states
    assert seed_a == seed_b and a.rng.key != b.rng.key
    assert [c.value for c in a.hands[0]] != [c.value for c in b.hands[0]] or \
        [c.id for c in a.hands[0]] != [c.id for c in b.hands[0]]


async def test_a_player_who_gives_no_value_gets_one_recorded_when_they_join(host):
    sid, _ = await entropy_table(host, bob_value=None, alice_value=None)
    session = await host.repo.load_session(sid)
    values = [v for _, v in fair.contributions(session)]
    assert len(values) == 2 and all(re.fullmatch(r"[0-9a-f]{32}", v) for v in values) and values[0] != values[1]
    status = reply_text(await host.handle(cmd("carol", "game.status")))
    assert t("en", "host.entropy_status", values=f"0:alice `{values[0]}`, 1:bob `{values[1]}`") in status
    assert await verify(host, sid) is None


async def test_bad_values_and_values_for_a_table_without_entropy_are_refused(host):
    await host.handle(cmd("alice", "game.new", game="duel", entropy=True))
    sid = (await host.repo.open_session_in_channel(CHANNEL)).id
    before = await snapshot(host, sid)
    for bad in ("two words", "a:b", "x" * 65, "ü"):
        box = await host.handle(cmd("bob", "game.join", entropy=bad))
        assert reply_text(box) == t("en", "host.entropy_bad", value=bad[:70])
    assert await snapshot(host, sid) == before
    await host.handle(cmd("bob", "game.join"))
    box = await host.handle(cmd("mod", "game.start", manager=True, entropy="abc"))  # not seated: no value to add
    assert reply_text(box) == t("en", "host.not_player")
    other = 30
    await host.handle(cmd("carol", "game.new", game="duel", channel=other))
    box = await host.handle(cmd("dave", "game.join", channel=other, entropy="abc"))
    assert reply_text(box) == t("en", "host.entropy_off")
    assert (await host.repo.open_session_in_channel(other)).seats_of(USERS["dave"]) == []


async def test_a_rematch_of_a_table_with_entropy_waits_in_the_lobby_for_the_players_values(host):
    """A rematch of a table with entropy stays one and opens in the lobby, so that the players
    can add their values after the new seal is shown (started at once, they could add none);
    a rematch of a table without entropy starts at once, as before. (League tables: see
    tests/league/test_league_lobby.py.)"""
    sid, _ = await entropy_table(host)
    await play_duel_to_end(host, sid)
    box = await host.handle(cmd("bob", "game.rematch"))
    assert reply_text(box) == "Done."
    again = await host.repo.open_session_in_channel(CHANNEL)
    assert again.id != sid and again.status == "lobby" and again.creator_id == USERS["bob"]
    assert again.seed_hash != (await host.repo.load_session(sid)).seed_hash  # a new secret, shown now
    assert t("en", "host.seed_hash", hash=again.seed_hash) in public_text(box)
    drawn = again.entropy[str(USERS["bob"])]  # a value drawn for each player, as at a join
    assert set(again.entropy) == {str(USERS["alice"]), str(USERS["bob"])}
    # alice (no longer the creator) replaces hers; bob, who asked for the rematch, starts it
    assert reply_text(await host.handle(cmd("alice", "game.start", entropy="alice-again"))) == "Done."
    assert (await host.repo.load_session(again.id)).status == "lobby"
    assert reply_text(await host.handle(cmd("bob", "game.start"))) == "Done."
    again = await host.repo.load_session(again.id)
    assert again.status == "active"
    assert again.entropy == {str(USERS["alice"]): "alice-again", str(USERS["bob"]): drawn}
    await host.handle(cmd("alice", "game.concede"))
    assert await verify(host, again.id) is None
    casual = await duel_table(host, channel=30)
    await play_duel_to_end(host, casual, channel=30)
    await host.handle(cmd("bob", "game.rematch", channel=30))
    rematch = await host.repo.open_session_in_channel(30)
    assert rematch.entropy is None and rematch.status == "active"


async def test_a_player_who_is_not_the_creator_cannot_start_without_a_value(host):
    await host.handle(cmd("alice", "game.new", game="duel", entropy=True))
    await host.handle(cmd("bob", "game.join"))
    session = await host.repo.open_session_in_channel(CHANNEL)
    before = await snapshot(host, session.id)
    assert reply_text(await host.handle(cmd("bob", "game.start"))) == t("en", "host.start_denied")
    assert await snapshot(host, session.id) == before


async def test_bot_seats_draw_from_their_own_secret_never_from_the_seed(host):
    host.bot_secret_source = fair.new_bot_secret  # as in play (the fixture's is repeatable)
    await host.handle(cmd("alice", "game.new", game="duel"))
    await host.handle(cmd("alice", "game.bot"))
    outboxes = [await host.handle(cmd("alice", "game.start"))]
    sid = (await host.repo.open_session_in_channel(CHANNEL)).id
    session = await host.repo.load_session(sid)
    assert re.fullmatch(r"[0-9a-f]{64}", session.bot_secret)
    assert session.bot_secret not in (fair.secret_text(session), f"{fair.game_seed(session):064x}")
    # the seed does not move the bot's choices; its own secret does
    draws = lambda s: [host._bot_rng(s, n).random() for n in range(3)]  # noqa: E731
    assert draws(replace(session, seed=session.seed + 1)) == draws(session)
    assert draws(replace(session, bot_secret="0" * 64)) != draws(session)
    while session.status == "active":
        state = ENGINE.load_state(session.state)
        outboxes.append(await host.handle(cmd("alice", "play", code=ENGINE.legal_actions(state, 0)[0].code())))
        session = await host.repo.load_session(sid)
    texts = [m.text for box in outboxes for m in [box.reply, *(m for _, m in box.public + box.private)] if m]
    assert not any(session.bot_secret in text for text in texts)  # never shown, not even at the end
    assert any(e.source == "bot" for e in await host.repo.log_entries(sid))
    assert await verify(host, sid) is None  # the replay needs no bot secret: bot moves are logged


async def test_a_table_from_before_256_bit_secrets_still_verifies(host):
    """A lobby stored with a 64-bit seed committed in decimal: it starts, ends and verifies,
    and the reveal shows the seed as it was committed."""
    seed = 2**64 - 7
    sid = await host.repo.create_session(
        guild_id=1, channel_id=CHANNEL, thread=False, game="duel", options={}, creator_id=USERS["alice"],
        locale="en", seed=seed, seed_hash=sha256(str(seed)), seats=[SeatRow(0, USERS["alice"], "alice")],
        now=1.0)
    await host.handle(cmd("bob", "game.join"))
    await host.handle(cmd("alice", "game.start"))
    await play_duel_to_end(host, sid)
    session = await host.repo.load_session(sid)
    assert fair.is_retired_seed(session) and fair.secret_text(session) == str(seed)
    assert str(seed) in host._reveal(session)
    assert await verify(host, sid) is None


FAIR_SECRETS = 7  # storage/migrations/0007_fair_secrets.sql


async def test_migration_gives_older_rows_a_bot_secret_and_no_entropy(tmp_path):
    folder = tmp_path / "before"
    folder.mkdir()
    for version, path in migration_files():
        if version < FAIR_SECRETS:
            shutil.copy(path, folder)
    conn = await aiosqlite.connect(":memory:", isolation_level=None)
    conn.row_factory = aiosqlite.Row
    await migrate(conn, folder)
    await conn.execute(
        "INSERT INTO sessions (channel_id, game, status, creator_id, locale, seed, seed_hash, created_at, updated_at) "
        "VALUES (5, 'duel', 'finished', 1, 'en', '42', ?, 0, 0)", (sha256("42"),))
    old = await Repository(conn).load_session(1)  # read before 0007 (as a read-only verify may)
    assert old.entropy is None and old.bot_secret == "" and fair.is_retired_seed(old)
    assert FAIR_SECRETS in await migrate(conn)
    row = await Repository(conn).load_session(1)
    assert row.entropy is None and re.fullmatch(r"[0-9a-f]{64}", row.bot_secret)
    await conn.close()
