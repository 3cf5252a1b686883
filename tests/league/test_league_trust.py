"""Leagues nobody can game (issue 17 section 4), through the real host: table powers belong
to the league's organizers, an abandoned table frees its match, removed players stay out,
a dispute waits for an organizer, one table per match, and the host's clock is the league's."""
from __future__ import annotations

import asyncio
import itertools
import json

import pytest

import tests.toygame
from bot.host import Host
from bot.outbox import Command
from games.registry import register
from tests.platform import tally

register(tests.toygame.GAME)
register(tally.ENGINE)

GUILD = 5
LEAGUE_CHANNEL = 70
USERS = {"alice": 1, "bob": 2, "carol": 3, "dave": 4, "mod": 9, "ref": 10}
ORGANIZER_ROLE = 555


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


def cmd(who: str, verb: str, *, channel: int = LEAGUE_CHANNEL, manager: bool = False, roles=(), **args) -> Command:
    return Command(user_id=USERS[who], user_name=who, verb=verb, args=args, guild_id=GUILD, channel_id=channel,
                   locale="en", can_manage_guild=manager, roles=tuple(roles))


@pytest.fixture
async def host(tmp_path):
    counter = itertools.count(100)
    h = await Host.create(tmp_path / "league.sqlite3", clock=Clock(), seed_source=lambda: next(counter))
    threads = itertools.count(800)
    opened: list[tuple[int, str]] = []

    async def open_thread(parent: int, name: str) -> int:
        opened.append((parent, name))
        return next(threads)

    h.open_thread = open_thread
    h.threads_opened = opened
    yield h
    await h.close()


async def league_with_round(host: Host, players=("alice", "bob"), game="duel", **settings) -> None:
    out = await host.handle(cmd("mod", "league.create", manager=True, name="Cup", game=game,
                                organizer_role=ORGANIZER_ROLE, **settings))
    assert "created" in out.reply.text, out.reply.text
    await host.handle(cmd("mod", "league.open", manager=True))
    for p in players:
        await host.handle(cmd(p, "league.join"))
    out = await host.handle(cmd("mod", "league.start_round", manager=True))
    assert "round 1" in out.reply.title


async def match_of(host: Host, user: str):
    rows = await host.league._all("SELECT * FROM league_matches WHERE kind='game'")
    return next(r for r in rows if USERS[user] in json.loads(r["players"]))


async def open_table(host: Host, user: str, start: bool = True) -> int:
    """`user` opens their pairing's table; with `start`, each of its players then adds a value
    (`/game start`, the bot drawing it), which starts the game."""
    out = await host.handle(cmd(user, "league.play"))
    assert "is open" in out.reply.text, out.reply.text
    m = await match_of(host, user)
    table = (await host.repo.load_session(m["session_id"])).channel_id
    if start:
        names = {uid: name for name, uid in USERS.items()}
        for uid in json.loads(m["players"]):
            out = await host.handle(cmd(names[uid], "game.start", channel=table))
            assert out.reply.text == "Done.", out.reply.text
        assert (await host.repo.load_session(m["session_id"])).status == "active"
    return table


async def test_the_seat_that_opened_a_league_table_has_no_powers_over_it(host):
    """Issue 17 §4: "In a league game the seat that opened the table has no powers over the
    others: kick, abandon and timer changes belong to league organizers." """
    await league_with_round(host)
    table = await open_table(host, "alice")  # alice opened it and sits in seat 0
    m = await match_of(host, "alice")
    before = await host.repo.load_session(m["session_id"])
    assert before.creator_id == USERS["alice"]
    for verb, args in (("game.kick", {"user_id": USERS["bob"]}), ("game.abandon", {}), ("game.timer", {"hours": "1"})):
        out = await host.handle(cmd("alice", verb, channel=table, **args))
        assert "only the league's organizers" in out.reply.text, (verb, out.reply.text)
    # an organizer who plays at the table rules on nobody's game there either
    out = await host.handle(cmd("alice", "game.kick", channel=table, manager=True, user_id=USERS["bob"]))
    assert "another organizer" in out.reply.text
    after = await host.repo.load_session(m["session_id"])
    assert (after.status, after.version, after.timer_hours) == ("active", before.version, before.timer_hours)
    assert (await match_of(host, "alice"))["status"] == "pending"
    # an organizer (by role) may change the timer and kick; the kick is a forfeit, not a rated win
    out = await host.handle(cmd("ref", "game.timer", channel=table, roles=[ORGANIZER_ROLE], hours="2"))
    assert "Done" in out.reply.text or "done" in out.reply.text.lower()
    out = await host.handle(cmd("ref", "game.kick", channel=table, roles=[ORGANIZER_ROLE], user_id=USERS["bob"]))
    m = await match_of(host, "alice")
    players = json.loads(m["players"])
    assert m["status"] == "done" and m["result_kind"] == "forfeit"
    assert json.loads(m["ranks"])[players.index(USERS["alice"])] == 1
    assert await host.league._all("SELECT * FROM league_rating_events") == []


async def test_an_abandoned_league_table_frees_its_match(host):
    """Issue 17 §4: "an abandoned league game leaves its match pending forever": an
    organizer's abandon sends the match back to pending, and a new table may be opened."""
    await league_with_round(host)
    table = await open_table(host, "alice")
    out = await host.handle(cmd("mod", "game.abandon", channel=table, manager=True))
    assert any("pending again" in msg.text for _, msg in out.public)
    m = await match_of(host, "alice")
    assert (m["status"], m["session_id"]) == ("pending", None)
    second = await open_table(host, "bob")
    assert second != table
    m = await match_of(host, "alice")
    await host.handle(cmd("alice", "game.concede", channel=second))
    m = await match_of(host, "alice")
    assert m["status"] == "done" and m["result_kind"] == "played"
    audit = [r["action"] for r in await host.league._all("SELECT action FROM league_audit")]
    assert "abandon_table" in audit


async def test_two_plays_at_once_open_exactly_one_table(host):
    """Issue 17 §4: "Two `/league play` arriving at once open exactly one table." """
    await league_with_round(host)
    outs = await asyncio.gather(host.handle(cmd("alice", "league.play")), host.handle(cmd("bob", "league.play")))
    opened = [o for o in outs if "is open" in o.reply.text]
    refused = [o for o in outs if "is open" not in o.reply.text]
    assert len(opened) == 1 and len(refused) == 1
    assert "being opened" in refused[0].reply.text or "already open" in refused[0].reply.text
    sessions = await host.league._all("SELECT id FROM sessions")
    assert len(sessions) == 1 and len(host.threads_opened) == 1
    # and once open, a later /league play is refused as well
    out = await host.handle(cmd("bob", "league.play"))
    assert "already open" in out.reply.text


async def test_a_failed_table_opening_releases_the_claim(host):
    await league_with_round(host)

    async def broken(parent: int, name: str) -> int:
        raise RuntimeError("Discord said no")

    good, host.open_thread = host.open_thread, broken
    with pytest.raises(RuntimeError):
        await host.handle(cmd("alice", "league.play"))
    host.open_thread = good
    await open_table(host, "alice")


async def test_league_game_opens_in_a_thread_of_the_leagues_channel(host):
    """Issue 17 §4: "a league game opens where the league's settings say (its own thread),
    not in whatever channel the command came from." """
    await league_with_round(host)
    out = await host.handle(cmd("alice", "league.play", channel=4444))  # typed in some other channel
    assert "is open" in out.reply.text
    assert [parent for parent, _ in host.threads_opened] == [LEAGUE_CHANNEL]
    m = await match_of(host, "alice")
    session = await host.repo.load_session(m["session_id"])
    assert session.channel_id == 800 and "<#800>" in out.reply.text
    assert "Cup" in host.threads_opened[0][1]


async def test_disqualified_player_cannot_rejoin_or_act(host):
    """Issue 17 §4: "A disqualified player cannot re-join." """
    out = await host.handle(cmd("mod", "league.create", manager=True, name="Cup", game="duel"))
    await host.handle(cmd("mod", "league.open", manager=True))
    for p in ("alice", "bob", "carol", "dave"):
        await host.handle(cmd(p, "league.join"))
    out = await host.handle(cmd("mod", "league.disqualify", manager=True, user_id=USERS["carol"]))
    assert "disqualified" in out.reply.text
    out = await host.handle(cmd("carol", "league.join"))
    assert "disqualified" in out.reply.text
    row = await host.league._one("SELECT status FROM league_entrants WHERE user_id=?", USERS["carol"])
    assert row["status"] == "disqualified"
    # an organizer may still take them back on purpose
    out = await host.handle(cmd("mod", "league.add", manager=True, user_id=USERS["carol"], user_name="carol"))
    assert "late entrant" in out.reply.text


async def test_a_removed_players_unplayed_game_is_a_forfeit_and_they_cannot_report(host):
    await league_with_round(host, players=("alice", "bob", "carol", "dave"))
    m = await match_of(host, "carol")
    opponent = next(p for p in json.loads(m["players"]) if p != USERS["carol"])
    await host.handle(cmd("mod", "league.drop", manager=True, user_id=USERS["carol"]))
    out = await host.handle(cmd("carol", "league.report", outcome="win"))
    assert "dropped" in out.reply.text
    m = await match_of(host, "carol")
    players = json.loads(m["players"])
    assert m["result_kind"] == "forfeit" and json.loads(m["ranks"])[players.index(opponent)] == 1


async def test_a_disputed_result_waits_for_an_organizer(host):
    """Issue 17 §4: "A disputed result stays disputed until an organizer decides; a new
    report plus a confirmation by an ally must not override it." """
    await league_with_round(host, players=("alice", "bob", "carol"), game="tally", format="pods", pod_min=3,
                            pod_max=3)
    m = await match_of(host, "alice")
    assert len(json.loads(m["players"])) == 3
    order = json.loads(m["players"])
    names = {v: k for k, v in USERS.items()}
    first, second, third = (names[p] for p in order)
    await host.handle(cmd(first, "league.report", ranks="1,2,3"))
    out = await host.handle(cmd(third, "league.dispute", match=m["id"]))
    assert "disputed" in out.reply.text
    out = await host.handle(cmd(first, "league.report", ranks="1,2,3"))  # a new report...
    assert "only an organizer" in out.reply.text
    out = await host.handle(cmd(second, "league.confirm", match=m["id"]))  # ...and an ally's confirmation
    assert "no reported result" in out.reply.text
    assert (await match_of(host, "alice"))["status"] == "disputed"
    out = await host.handle(cmd("mod", "league.set_result", manager=True, match=m["id"], ranks="2,1,3"))
    m = await match_of(host, "alice")
    assert m["status"] == "done" and json.loads(m["ranks"]) == [2, 1, 3]


async def test_in_a_pod_every_opponent_confirms(host):
    """An ally's confirmation alone does not make a pod's reported result count."""
    await league_with_round(host, players=("alice", "bob", "carol"), game="tally", format="pods", pod_min=3,
                            pod_max=3)
    m = await match_of(host, "alice")
    names = {v: k for k, v in USERS.items()}
    first, second, third = (names[p] for p in json.loads(m["players"]))
    await host.handle(cmd(first, "league.report", ranks="1,2,3"))
    out = await host.handle(cmd(second, "league.confirm", match=m["id"]))
    assert "1 more" in out.reply.text and (await match_of(host, "alice"))["status"] == "reported"
    out = await host.handle(cmd(third, "league.confirm", match=m["id"]))
    assert "confirmed" in out.reply.text and (await match_of(host, "alice"))["status"] == "done"


async def test_the_hosts_clock_moves_the_leagues_deadlines(host):
    """Issue 17 §4: "The console's `/wait` moves the league's clock too": the console sets
    the host's clock; the league reads the same clock, so deadlines pass with it."""
    await league_with_round(host, round_days=1)
    host.clock = lambda: 1_800_000_000.0 + 23.5 * 3600  # what the console does on /wait 23.5
    out = await host.tick()
    assert {u for u, msg in out.private if "Reminder" in msg.text} == {USERS["alice"], USERS["bob"]}


async def test_an_abandoned_table_frees_its_match_even_if_the_league_hook_failed(host, monkeypatch):
    await league_with_round(host)
    table = await open_table(host, "alice")

    async def broken(*args, **kwargs):
        raise RuntimeError("disk full")

    monkeypatch.setattr(host.league, "table_abandoned", broken)
    m = await match_of(host, "alice")
    await host.handle(cmd("mod", "game.abandon", channel=table, manager=True))
    assert (await host.repo.load_session(m["session_id"])).status == "abandoned"
    assert (await match_of(host, "alice"))["session_id"] == m["session_id"]  # the hook did not run
    second = await open_table(host, "bob")  # the match's table is abandoned: a new one may open
    assert second != table


async def test_a_league_game_gives_no_hint(host):
    """Issue 21: "/game hint: the normal bot's suggestion for your move, shown only to you; off
    in league games" (a stand-in coach would decide a rated game)."""
    await league_with_round(host)
    table = await open_table(host, "alice")
    m = await match_of(host, "alice")
    before = await host.repo.load_session(m["session_id"])
    refusals = []
    for who in ("alice", "bob"):  # whoever's turn it is gets the same answer
        out = await host.handle(cmd(who, "game.hint", channel=table))
        refusals.append(out.reply.text)
    assert all("League games give no hints" in text for text in refusals), refusals
    assert (await host.repo.load_session(m["session_id"])).version == before.version
