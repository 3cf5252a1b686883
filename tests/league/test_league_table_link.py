"""Issue 17 §4, "leagues nobody can game": a league table's seats are its pairing's (nobody
joins, adds a bot or is kicked there by its first seat). `/league play` used to create the
table in one transaction and link it to its match in a second one: in between, and for good
if the process died there, the table was a casual one, open to `/game join`, `/game bot` and
the first seat's kick. Creating and linking are one transaction now. Through the real host."""
from __future__ import annotations

import pytest

from games.core.i18n import t
from tests.league.test_league_trust import USERS, cmd, host, league_with_round, match_of  # noqa: F401


class Killed(BaseException):
    """The process dies here (nothing after this point runs)."""


THREAD = 800  # the first thread the fixture's adapter opens


async def seats(host, channel: int) -> list[tuple[int | None, bool]]:
    session = await host.repo.open_session_in_channel(channel)
    return [(s.user_id, s.is_bot) for s in session.seats]


async def test_a_command_arriving_as_the_table_opens_finds_a_league_table(host):
    await league_with_round(host)
    create = host.repo.create_session
    replies = {}

    async def create_then_commands(**kwargs):
        session_id = await create(**kwargs)
        # the moment the table exists, anyone may send a command to its channel
        table = kwargs["channel_id"]
        replies["join"] = (await host.handle(cmd("carol", "game.join", channel=table))).reply.text
        replies["bot"] = (await host.handle(cmd("alice", "game.bot", channel=table))).reply.text
        replies["kick"] = (await host.handle(cmd("alice", "game.kick", channel=table,
                                                 user_id=USERS["bob"]))).reply.text
        return session_id

    host.repo.create_session = create_then_commands
    out = await host.handle(cmd("alice", "league.play"))
    assert "is open" in out.reply.text, out.reply.text
    assert replies == {"join": t("en", "host.league_seats"), "bot": t("en", "host.league_seats"),
                       "kick": t("en", "league.table_organizers_only")}
    assert await seats(host, THREAD) == [(USERS["alice"], False), (USERS["bob"], False)]


async def test_a_process_killed_right_after_the_table_opens_leaves_a_league_table(host):
    await league_with_round(host)
    create = host.repo.create_session

    async def create_then_die(**kwargs):
        await create(**kwargs)
        raise Killed()

    host.repo.create_session = create_then_die
    with pytest.raises(Killed):
        await host.handle(cmd("alice", "league.play"))
    host.repo.create_session = create
    m = await match_of(host, "alice")
    session = await host.repo.open_session_in_channel(THREAD)
    assert m["session_id"] == session.id
    assert (await host.handle(cmd("carol", "game.join", channel=THREAD))).reply.text == t("en", "host.league_seats")
    out = await host.handle(cmd("bob", "league.play"))  # and the match keeps its one table
    assert out.reply.text == t("en", "league.game_exists", session=session.id)
    assert await seats(host, THREAD) == [(USERS["alice"], False), (USERS["bob"], False)]


async def test_a_failure_while_linking_leaves_no_table_and_the_match_free(host):
    await league_with_round(host)
    kept = host.league._kept

    async def broken(out, command):
        raise RuntimeError("the disk is full")

    host.league._kept = broken
    with pytest.raises(RuntimeError):
        await host.handle(cmd("alice", "league.play"))
    assert await host.repo.open_session_in_channel(THREAD) is None
    m = await match_of(host, "alice")
    assert m["session_id"] is None and m["opening_at"] is None
    host.league._kept = kept
    out = await host.handle(cmd("alice", "league.play"))
    assert "is open" in out.reply.text, out.reply.text
    assert (await match_of(host, "alice"))["session_id"] is not None
