"""Issue 17 §1, player entropy at league tables: "At `/game start` every seat may contribute a
value ..., committed before the server's secret is revealed, and the game key mixes all of
them ... on by default for league tables." A pairing's table opens in a lobby with the seal
shown; each player adds a value; the game starts when all have, when an organizer starts it,
or when the lobby's time is up (the bot draws what is missing). Through the real host."""
from __future__ import annotations

import hashlib
import json
import re

from bot.host import fair
from games.core.i18n import t
from tests.league.test_league_trust import (ORGANIZER_ROLE, USERS, cmd, host, league_with_round,  # noqa: F401
                                            match_of, open_table)
from tests.platform.conftest import snapshot
from tests.toygame import ENGINE


async def lobby(host) -> tuple[int, int]:
    """alice opens her pairing (alice vs bob): (session id, the table's channel)."""
    table = await open_table(host, "alice", start=False)
    m = await match_of(host, "alice")
    return m["session_id"], table


async def verify(host, sid: int) -> str | None:
    session = await host.repo.load_session(sid)
    return fair.verify_session(ENGINE, session, await host.repo.log_entries(sid))


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


async def test_a_league_table_waits_in_its_lobby_until_every_player_gave_a_value(host):
    await league_with_round(host)
    out = await host.handle(cmd("alice", "league.play"))
    opening = "\n".join(m.text for _, m in out.public)
    m = await match_of(host, "alice")
    sid = m["session_id"]
    session = await host.repo.load_session(sid)
    # the seal is public while nobody has added a value yet
    seal = re.search(r"`([0-9a-f]{64})`", opening).group(1)
    assert session.status == "lobby" and session.entropy == {} and seal == session.seed_hash
    table = session.channel_id

    out = await host.handle(cmd("alice", "game.start", channel=table, entropy="alice-own.1"))
    assert out.reply.text == "Done."
    assert t("en", "host.entropy_waiting", names="bob") in "\n".join(m.text for _, m in out.public)
    session = await host.repo.load_session(sid)
    assert session.status == "lobby" and session.entropy == {str(USERS["alice"]): "alice-own.1"}

    await host.handle(cmd("bob", "game.start", channel=table, entropy="bob_2"))
    session = await host.repo.load_session(sid)
    assert session.status == "active"
    assert session.entropy == {str(USERS["alice"]): "alice-own.1", str(USERS["bob"]): "bob_2"}
    # the key mixes the secret with both values, and the game is keyed by it
    assert fair.mix_text(session) == f"{fair.secret_text(session)}:alice-own.1:bob_2"
    assert ENGINE.load_state(session.state).rng.key == sha256(fair.mix_text(session))
    await host.handle(cmd("bob", "game.concede", channel=table))
    assert (await host.repo.load_session(sid)).status == "finished"
    assert await verify(host, sid) is None


async def test_a_player_who_starts_without_a_value_gets_one_drawn_and_keeps_it(host):
    await league_with_round(host)
    sid, table = await lobby(host)
    await host.handle(cmd("bob", "game.start", channel=table))
    drawn = (await host.repo.load_session(sid)).entropy[str(USERS["bob"])]
    assert fair.CONTRIBUTION.fullmatch(drawn)
    await host.handle(cmd("bob", "game.start", channel=table))  # asked again: the value stays
    session = await host.repo.load_session(sid)
    assert session.status == "lobby" and session.entropy == {str(USERS["bob"]): drawn}


async def test_an_organizer_starts_the_lobby_and_the_bot_draws_the_missing_values(host):
    await league_with_round(host)
    sid, table = await lobby(host)
    await host.handle(cmd("alice", "game.start", channel=table, entropy="mine"))
    out = await host.handle(cmd("ref", "game.start", channel=table, roles=(ORGANIZER_ROLE,)))
    assert out.reply.text == "Done."
    session = await host.repo.load_session(sid)
    assert session.status == "active" and session.entropy[str(USERS["alice"])] == "mine"
    assert fair.CONTRIBUTION.fullmatch(session.entropy[str(USERS["bob"])])
    assert t("en", "host.entropy_drawn", names="bob") in "\n".join(m.text for _, m in out.public)
    await host.handle(cmd("alice", "game.concede", channel=table))
    assert await verify(host, sid) is None


async def test_the_lobby_starts_by_itself_when_its_time_is_up(host):
    await league_with_round(host, lobby_hours=2)
    sid, table = await lobby(host)
    session = await host.repo.load_session(sid)
    assert session.turn_deadline == host.clock() + 2 * 3600
    await host.handle(cmd("bob", "game.start", channel=table, entropy="bobs"))
    host.clock.now += 2 * 3600 - 60
    await host.tick()
    assert (await host.repo.load_session(sid)).status == "lobby"  # not yet
    host.clock.now += 60
    out = await host.tick()
    session = await host.repo.load_session(sid)
    assert session.status == "active" and session.entropy[str(USERS["bob"])] == "bobs"
    assert fair.CONTRIBUTION.fullmatch(session.entropy[str(USERS["alice"])])
    posted = "\n".join(m.text for _, m in out.public)
    assert t("en", "host.lobby_time_up") in posted and t("en", "host.entropy_drawn", names="alice") in posted
    assert session.turn_deadline is None  # no turn timer: the lobby's deadline is gone with it
    await host.handle(cmd("alice", "game.concede", channel=table))
    assert await verify(host, sid) is None


async def test_the_lobby_never_waits_past_the_rounds_deadline(host):
    await league_with_round(host, round_days=0.05, lobby_hours=24)  # a round of 72 minutes
    sid, _ = await lobby(host)
    rnd = await host.league._one("SELECT deadline FROM league_rounds")
    assert (await host.repo.load_session(sid)).turn_deadline == rnd["deadline"]


async def test_an_organizers_turn_timer_keeps_the_lobbys_deadline(host):
    await league_with_round(host, lobby_hours=3)
    sid, table = await lobby(host)
    deadline = (await host.repo.load_session(sid)).turn_deadline
    out = await host.handle(cmd("ref", "game.timer", channel=table, roles=(ORGANIZER_ROLE,), hours="12"))
    assert out.reply.text == "Done."
    session = await host.repo.load_session(sid)
    assert session.timer_hours == 12 and session.turn_deadline == deadline


async def test_the_seats_of_a_league_lobby_are_the_pairings(host):
    """Nobody joins, leaves, adds a bot or a seat, or is kicked at a league table's lobby; the
    refusal leaves the table exactly as it was."""
    await league_with_round(host, players=("alice", "bob", "carol"), game="tally",
                            format="pods", pod_min=3, pod_max=3)
    pod = await host.league._one("SELECT * FROM league_matches WHERE kind='game'")
    names = {uid: name for name, uid in USERS.items()}
    opener, outsider = names[json.loads(pod["players"])[0]], "dave"  # dave is in no pairing
    out = await host.handle(cmd(opener, "league.play"))
    assert "is open" in out.reply.text, out.reply.text
    sid = (await host.league._one("SELECT session_id FROM league_matches WHERE id=?", pod["id"]))["session_id"]
    table = (await host.repo.load_session(sid)).channel_id
    before = await snapshot(host, sid)
    refusal = t("en", "host.league_seats")
    attempts = [cmd(outsider, "game.join", channel=table),  # a 4-seat game with a seat free
                cmd(opener, "game.leave", channel=table), cmd(opener, "game.bot", channel=table),
                cmd(opener, "game.seat", channel=table),
                cmd("ref", "game.kick", channel=table, roles=(ORGANIZER_ROLE,), user_id=str(USERS[opener]))]
    for attempt in attempts:
        out = await host.handle(attempt)
        assert out.reply.text == refusal, (attempt.verb, out.reply.text)
    out = await host.handle(cmd(outsider, "game.start", channel=table))  # not seated, no organizer
    assert out.reply.text == t("en", "league.table_organizers_only")
    assert await snapshot(host, sid) == before


async def test_league_players_commit_then_reveal_and_nobody_reveals_before_all_have_committed(host):
    """Commit-then-reveal at a league table: `/game join commit:HASH` by its seated players;
    a reveal before every player has committed is refused and changes nothing; the last
    commitment closes them (the players are pinged), the last reveal starts the game."""
    await league_with_round(host)
    sid, table = await lobby(host)
    out = await host.handle(cmd("alice", "game.join", channel=table, commit=sha256("a-secret")))
    assert out.reply.text == "Done.", out.reply.text
    before = await snapshot(host, sid)
    out = await host.handle(cmd("alice", "game.start", channel=table, entropy="a-secret"))
    assert out.reply.text == t("en", "host.reveal_too_early", names="bob")
    assert await snapshot(host, sid) == before
    assert (await host.repo.load_session(sid)).entropy == {}
    out = await host.handle(cmd("bob", "game.join", channel=table, commit=sha256("b-secret")))
    assert out.public[0][1].pings == [USERS["alice"], USERS["bob"]]
    session = await host.repo.load_session(sid)
    assert session.status == "lobby" and session.reveal_until is not None and session.entropy == {}
    await host.handle(cmd("bob", "game.start", channel=table, entropy="b-secret"))
    await host.handle(cmd("alice", "game.start", channel=table, entropy="a-secret"))
    session = await host.repo.load_session(sid)
    assert session.status == "active"
    assert fair.mix_text(session) == f"{fair.secret_text(session)}:a-secret:b-secret"
    await host.handle(cmd("bob", "game.concede", channel=table))
    assert await verify(host, sid) is None


async def test_a_value_not_added_yet_is_said_in_words(host):
    """The lobby's status listed a value still missing as "`-`"."""
    await league_with_round(host)
    _, table = await lobby(host)
    await host.handle(cmd("alice", "game.start", channel=table, entropy="alice-own.1"))
    status = (await host.handle(cmd("bob", "game.status", channel=table))).reply.text
    values = f"0:alice `alice-own.1`, 1:bob {t('en', 'host.entropy_missing')}"
    assert t("en", "host.entropy_status", values=values) in status, status
