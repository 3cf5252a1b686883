"""The outbox (issue 23, issue 17 §3): a committed step's posts are kept with the step, sent,
and marked sent. A process that dies between its commit and its sends loses none of them,
and one that dies after Discord took them but before it marked them makes no second message:
each post goes out with its own nonce, and the fake Discord answers a nonce it has seen
within its window with the message it made then, as Discord does with `enforce_nonce`."""
from __future__ import annotations

import itertools

import pytest

from bot.discord.deliver import POST_ATTEMPTS
from bot.host import Host
from bot.host.core import POST_LEASE_SECONDS
from tests.discord.conftest import ALICE, BOB, MOD
from tests.discord.harness import CHANNEL_ID, NONCE_WINDOW, DiscordHarness, Request, _channel_of
from tests.discord.test_adapter import start_duel
from tests.discord.test_resilience import dm_to
from tests.platform.conftest import Clock

OTHER_CHANNEL = 900000000000000201


async def clocked_host(db, clock: Clock) -> Host:
    seeds = itertools.count(100)
    host = await Host.create(db, clock=clock, seed_source=lambda: next(seeds))
    bot_secrets = itertools.count(100)
    host.bot_secret_source = lambda: f"bot:{next(bot_secrets)}"
    return host


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
async def harness(db_path, clock):
    h = await DiscordHarness.start(await clocked_host(db_path, clock))
    yield h
    await h.close()


def made(rec, since: int = 0) -> list[Request]:
    """Every message the fake Discord made (channel posts and DMs), in order."""
    return [r for r in rec.requests[since:] if r.ok and not r.repeat and r.method == "POST" and _channel_of(r)]


def shown(rec, since: int = 0) -> list[tuple[str, int, str, list[tuple[str, bytes]]]]:
    """What readers saw, in order: where (a channel, or a user's DMs), the words and the
    pictures (message ids and nonces aside)."""
    out = []
    for r in made(rec, since):
        body = {k: v for k, v in r.body.items() if k not in ("nonce", "enforce_nonce")}
        user = rec.dm_channels.get(_channel_of(r))
        where = ("dm", user) if user is not None else ("channel", _channel_of(r))
        out.append((*where, repr(sorted(body.items())), r.files))
    return out


async def pending(host: Host) -> list:
    return [p for p in await host.repo.posts() if p.sent_at is None and p.failed is None]


async def test_posts_are_kept_with_their_step_then_marked_sent(harness):
    await start_duel(harness)  # the start's post in the channel, each hand by DM
    rows = await harness.client.host.repo.posts()
    assert {p.kind for p in rows} == {"public", "private", "reply"}  # the replies went under the commands
    assert all(p.sent_at is not None and p.failed is None for p in rows)
    # each kept post went out with its nonce: one message per part, nonces `<post>-<part>`
    nonces = {str(r.body["nonce"]).rsplit("-", 1)[0] for r in made(harness.recorder)}
    assert nonces == {p.nonce for p in rows if p.kind != "reply"}
    assert all(r.body.get("enforce_nonce") for r in made(harness.recorder))


async def test_a_crash_between_commit_and_sending_loses_nothing(db_path, tmp_path, clock):
    """The reference run sends at once; the crashed one commits, dies before sending, and a
    new process sends the same posts (the board picture drawn again) once their lease has
    passed. Frontline against a bot: its start posts the board; Duel: each hand by DM."""
    async def opened(h: DiscordHarness) -> None:
        await h.slash(ALICE, "game new", game="frontline")
        await h.slash(ALICE, "game bot")
        await h.slash(BOB, "game new", game="duel", channel_id=OTHER_CHANNEL)
        await h.slash(ALICE, "game join", channel_id=OTHER_CHANNEL)

    async def started(h: DiscordHarness) -> None:
        await h.slash(ALICE, "game start")
        await h.slash(BOB, "game start", channel_id=OTHER_CHANNEL)

    reference = await DiscordHarness.start(await clocked_host(tmp_path / "reference.sqlite3", Clock()))
    await opened(reference)
    start = len(reference.requests)
    await started(reference)
    expected = shown(reference.recorder, start)
    await reference.close()
    assert any(files for *_, files in expected) and len(expected) == 4  # 2 boards, 2 hands

    h = await DiscordHarness.start(await clocked_host(db_path, clock))
    await opened(h)
    start = len(h.requests)

    async def died_after_the_commit(outbox, cmd, interaction=None, **_):
        """The process is gone once the host has committed: not even the reply goes out."""

    h.client.delivery.deliver = died_after_the_commit
    await started(h)
    assert made(h.recorder, start) == []
    h = await h.restart(await clocked_host(db_path, clock))
    await h.client.tick_once()
    assert made(h.recorder, start) == []  # still leased to the dead process
    clock.now += POST_LEASE_SECONDS
    await h.client.tick_once()
    resent = shown(h.recorder, start)
    late = [w for w in resent if "could not be shown" in w[2]]  # the replies never given (issue 23)
    assert [w for w in resent if w not in late] == expected
    assert [(kind, who) for kind, who, *_ in late] == [("dm", ALICE.id), ("dm", BOB.id)]  # each start's "Done."
    assert await pending(h.client.host) == []
    clock.now += POST_LEASE_SECONDS
    await h.client.tick_once()  # nothing is sent twice
    assert len(made(h.recorder, start)) == len(expected) + len(late)
    await h.close()


async def test_a_crash_after_discord_took_the_posts_makes_no_second_message(harness, clock):
    """Sent but not yet marked sent when the process died: resent with the same nonces,
    Discord gives back the messages it made, and readers see each post once."""
    h = harness
    await h.slash(ALICE, "game new", game="duel")
    await h.slash(BOB, "game join")

    async def died_before_marking(results, attempts=None):
        """Discord took every post; the process died before the outbox heard of it."""

    real_settle = h.client.delivery._settle
    h.client.delivery._settle = died_before_marking
    start = len(h.requests)
    await h.slash(ALICE, "game start")
    first = made(h.recorder, start)
    # the start's post and two hands; and the reply, answered under the command, not marked
    assert len(first) == 3 and len(await pending(h.client.host)) == 4
    h.client.delivery._settle = real_settle
    clock.now += POST_LEASE_SECONDS
    resent_from = len(h.requests)
    await h.client.tick_once()
    repeats = [r for r in h.requests[resent_from:] if r.repeat]
    assert len(repeats) == len(first)  # every part sent again, each answered by its nonce
    # The one double the outbox cannot prevent: a reply shown under its command, not yet
    # marked sent when the process died, goes again by DM (Discord's nonce does not join the
    # two ways). Deliveries mark a reply sent as soon as it is shown, to keep this rare.
    again = made(h.recorder, start)[len(first):]
    assert made(h.recorder, start)[:3] == first and len(again) == 1 and "could not be shown" in again[0].text
    assert await pending(h.client.host) == []


async def test_the_fake_discord_makes_a_new_message_for_a_nonce_outside_its_window(harness):
    """Discord remembers a nonce for a few minutes only; the fake as well."""
    rec = harness.recorder
    now = [0.0]
    rec.clock = lambda: now[0]
    channel = harness.client.get_partial_messageable(CHANNEL_ID)
    first = await channel.send("hello", nonce="abc-0")
    again = await channel.send("hello", nonce="abc-0")
    now[0] += NONCE_WINDOW
    later = await channel.send("hello", nonce="abc-0")
    assert again.id == first.id and later.id != first.id
    assert len(rec.channel_messages(CHANNEL_ID)) == 2


async def test_a_refused_post_is_recorded_and_the_others_go_out(harness, clock):
    """Discord refuses one DM for good (400) and another table's channel fails for a while
    (500): the refusal is recorded and never tried again, the passing failure is tried again
    until it goes through, and nothing else waits for either."""
    h, rec = harness, harness.recorder
    await h.slash(ALICE, "game new", game="duel")
    await h.slash(BOB, "game join")
    await h.slash(ALICE, "game new", game="duel", channel_id=OTHER_CHANNEL)
    await h.slash(BOB, "game join", channel_id=OTHER_CHANNEL)
    rec.fail(dm_to(rec, BOB), 400, code=50035, times=1)
    other_posts = rec.fail(lambda r: r.via == "http" and _channel_of(r) == OTHER_CHANNEL, 500, times=2)
    await h.slash(ALICE, "game start")
    await h.slash(ALICE, "game start", channel_id=OTHER_CHANNEL)
    repo = h.client.host.repo
    rows = {(p.session_id, p.kind, p.target): p for p in await repo.posts()}
    refused = rows[(1, "private", BOB.id)]
    assert refused.failed.startswith("HTTP 400, code 50035") and refused.sent_at is None
    assert rows[(1, "public", CHANNEL_ID)].sent_at is not None
    assert rows[(1, "private", ALICE.id)].sent_at is not None
    assert rows[(2, "private", BOB.id)].sent_at is not None  # the other table's DMs went out
    stuck = rows[(2, "public", OTHER_CHANNEL)]
    assert stuck.sent_at is None and stuck.failed is None and stuck.attempts == 1
    clock.now += POST_LEASE_SECONDS
    await h.client.tick_once()  # the second 500
    clock.now += POST_LEASE_SECONDS
    await h.client.tick_once()
    rows = {(p.session_id, p.kind, p.target): p for p in await repo.posts()}
    assert rows[(2, "public", OTHER_CHANNEL)].sent_at is not None and other_posts.times == 0
    assert rows[(1, "private", BOB.id)].failed == refused.failed  # not tried again
    assert len(rec.channel_messages(OTHER_CHANNEL)) >= 1
    rec.rejected.clear()  # the 400 was asked for


async def test_a_post_that_keeps_failing_is_given_up_after_its_attempts(harness, clock):
    h, rec = harness, harness.recorder
    await h.slash(ALICE, "game new", game="duel")
    await h.slash(BOB, "game join")
    rec.fail(lambda r: r.via == "http" and _channel_of(r) == CHANNEL_ID, 503)
    await h.slash(ALICE, "game start")
    for _ in range(POST_ATTEMPTS):
        clock.now += POST_LEASE_SECONDS
        await h.client.tick_once()
    *lobby, _reply, started, alice, bob = await h.client.host.repo.posts()  # kept in the order they go out
    assert started.kind == "public" and started.failed.startswith("HTTP 503")
    assert started.attempts == POST_ATTEMPTS and started.sent_at is None
    assert all(p.sent_at is not None for p in lobby + [alice, bob])  # the hands went out at once
    assert await pending(h.client.host) == []


async def league_with_players(h: DiscordHarness, **settings) -> None:
    await h.slash(MOD, "leagueadmin create", manage_guild=True, name="Winter", game="duel", format="round_robin",
                  **settings)
    await h.slash(MOD, "leagueadmin open", manage_guild=True)
    for user in (ALICE, BOB):
        await h.slash(user, "league join", league="Winter")


async def test_a_leagues_news_is_kept_with_its_step_and_sent_after_a_crash(db_path, clock):
    """The round's pairing DMs are stored with the round (one transaction): the process dies
    once the round is committed, before sending anything; another sends each DM once."""
    h = await DiscordHarness.start(await clocked_host(db_path, clock))
    await league_with_players(h)

    async def died_after_the_commit(outbox, cmd, interaction=None, **_):
        """The process is gone once the league has committed the round."""

    h.client.delivery.deliver = died_after_the_commit
    start = len(h.requests)
    await h.slash(MOD, "leagueadmin start_round", manage_guild=True)
    assert made(h.recorder, start) == []
    h = await h.restart(await clocked_host(db_path, clock))
    clock.now += POST_LEASE_SECONDS
    await h.client.tick_once()
    paired = [where for where in shown(h.recorder, start) if where[0] == "dm"]
    assert sorted(user for _, user, *_ in paired) == [ALICE.id, BOB.id]
    assert all("round 1" in body for *_, body, _ in paired)
    clock.now += POST_LEASE_SECONDS
    await h.client.tick_once()  # nothing is sent twice
    assert len([w for w in shown(h.recorder, start) if w[0] == "dm"]) == 2
    assert await pending(h.client.host) == []
    await h.close()


async def test_a_league_deadline_reminder_that_meets_a_server_error_is_sent_again_once(harness, clock):
    """The reminder a day before a round's deadline is news of the league's clock: kept with
    the round's `reminded` mark, tried again after Discord's 503, and made once."""
    h, rec = harness, harness.recorder
    await league_with_players(h, round_days=3)
    await h.slash(MOD, "leagueadmin start_round", manage_guild=True)
    to_alice = rec.fail(dm_to(rec, ALICE), 503, times=1)
    clock.now += 2 * 86400 + 60  # within the last day
    start = len(h.requests)
    await h.client.tick_once()
    reminders = [p for p in await h.client.host.repo.posts() if p.kind == "private" and p.created_at >= clock.now]
    assert sorted(p.target for p in reminders) == [ALICE.id, BOB.id] and to_alice.times == 0
    assert [p.target for p in reminders if p.sent_at is None] == [ALICE.id]  # the 503: tried again later
    clock.now += POST_LEASE_SECONDS
    await h.client.tick_once()
    clock.now += POST_LEASE_SECONDS
    await h.client.tick_once()
    dms = [user for kind, user, *_ in shown(rec, start) if kind == "dm"]
    assert sorted(dms) == [ALICE.id, BOB.id]  # each player reminded once
    assert await pending(h.client.host) == []


async def test_a_reply_its_process_never_gave_is_sent_by_dm_once(db_path, clock):
    """Issue 23: an interaction's reply is kept with its step. The process dies after the
    commit, before answering: the caller's "thinking…" is never answered, and once the lease
    has passed another process sends the private reply by DM, said to be late, once; never in
    the channel."""
    h = await DiscordHarness.start(await clocked_host(db_path, clock))
    await h.slash(ALICE, "game new", game="duel")
    await h.slash(BOB, "game join")

    async def died_after_the_commit(outbox, cmd, interaction=None, **_):
        """The process is gone once the host has committed the start."""

    h.client.delivery.deliver = died_after_the_commit
    await h.slash(ALICE, "game start")
    [reply] = [p for p in await h.client.host.repo.posts() if p.kind == "reply" and p.sent_at is None]
    assert reply.target == ALICE.id
    h = await h.restart(await clocked_host(db_path, clock))
    start = len(h.requests)
    clock.now += POST_LEASE_SECONDS
    await h.client.tick_once()
    clock.now += POST_LEASE_SECONDS
    await h.client.tick_once()  # nothing is sent twice
    late = [(kind, user, body) for kind, user, body, _ in shown(h.recorder, start) if "could not be shown" in body]
    assert late == [("dm", ALICE.id, late[0][2])] and "Done." in late[0][2]
    assert await pending(h.client.host) == []
    await h.close()


async def test_a_public_reply_its_process_never_gave_goes_to_the_channel(db_path, clock):
    """The round's announcement is the organizer's public reply: kept with the round, and
    posted in the channel (the organizer pinged) when the process died before answering."""
    h = await DiscordHarness.start(await clocked_host(db_path, clock))
    await league_with_players(h)

    async def died_after_the_commit(outbox, cmd, interaction=None, **_):
        """The process is gone once the league has committed the round."""

    h.client.delivery.deliver = died_after_the_commit
    await h.slash(MOD, "leagueadmin start_round", manage_guild=True)
    h = await h.restart(await clocked_host(db_path, clock))
    start = len(h.requests)
    clock.now += POST_LEASE_SECONDS
    await h.client.tick_once()
    posted = [(kind, where, body) for kind, where, body, _ in shown(h.recorder, start) if kind == "channel"]
    assert len(posted) == 1 and posted[0][1] == CHANNEL_ID
    assert "round 1" in posted[0][2] and "could not be shown" in posted[0][2] and f"<@{MOD.id}>" in posted[0][2]
    await h.close()
