"""Turn timers with an injected clock: a reminder at half time, then the table's policy."""
from __future__ import annotations

from bot.host import fair
from games.core.i18n import t
from tests.platform.conftest import USERS, cmd, duel_table, public_text, reply_text
from tests.toygame import ENGINE

HOUR = 3600


async def timed_duel(host, clock, policy):
    sid = await duel_table(host, start=False)
    box = await host.handle(cmd("alice", "game.timer", hours="2", policy=policy))
    assert reply_text(box) == "Done."
    await host.handle(cmd("alice", "game.start"))
    session = await host.repo.load_session(sid)
    assert session.turn_deadline == clock.now + 2 * HOUR and session.timer_seats == [0]
    return sid


async def test_reminder_once_at_half_time(host, clock):
    sid = await timed_duel(host, clock, "skip")
    assert (await host.tick(clock.now + HOUR - 1)).private == []
    box = await host.tick(clock.now + HOUR + 1)
    assert [u for u, _ in box.private] == [USERS["alice"]]
    assert box.private[0][1].text.startswith("⏰ Game #")
    assert (await host.tick(clock.now + HOUR + 2)).private == []  # only once
    assert (await host.repo.load_session(sid)).status == "active"


async def test_skip_policy_lets_the_bot_play_the_late_seat(host, clock):
    sid = await timed_duel(host, clock, "skip")
    before = await host.repo.load_session(sid)
    clock.now += 2 * HOUR + 1
    box = await host.tick()
    after = await host.repo.load_session(sid)
    log = await host.repo.log_entries(sid)
    assert len(log) == 1 and log[0].seat == 0 and log[0].source == "timer"
    assert after.status == "active" and after.version == before.version + 1
    state = ENGINE.load_state(after.state)
    assert ENGINE.active_seats(state) == [1]  # alice's decision was made; bob is awaited
    assert t("en", "host.expired.skip", name="alice") in public_text(box)
    assert after.turn_deadline == clock.now + 2 * HOUR and after.timer_seats == [1]
    assert (await host.tick()).public == []  # nothing more is due


async def test_forfeit_policy_resigns_the_late_seat(host, clock):
    done = []

    async def on_finished(session, outcome):
        done.append(outcome.winners)

    host.on_game_finished.append(on_finished)
    sid = await timed_duel(host, clock, "forfeit")
    box = await host.tick(clock.now + 2 * HOUR + 1)
    after = await host.repo.load_session(sid)
    assert after.status == "finished" and after.turn_deadline is None
    assert [(e.code, e.source) for e in await host.repo.log_entries(sid)] == [("!resign 0", "timer")]
    assert done == [[1]]
    assert fair.secret_text(after) in public_text(box)


async def test_acting_in_time_resets_the_deadline(host, clock):
    sid = await timed_duel(host, clock, "forfeit")
    clock.now += HOUR + 30 * 60
    await host.handle(cmd("alice", "play", code="pass"))
    session = await host.repo.load_session(sid)
    assert session.timer_seats == [1] and session.turn_deadline == clock.now + 2 * HOUR
    box = await host.tick(clock.now + HOUR)  # alice's old deadline has passed; bob's has not
    assert box.public == []
    assert (await host.repo.load_session(sid)).status == "active"


async def test_timer_needs_creator_and_valid_values(host):
    sid = await duel_table(host)
    box = await host.handle(cmd("bob", "game.timer", hours="1"))
    assert reply_text(box) == t("en", "host.timer_denied")
    box = await host.handle(cmd("alice", "game.timer", hours="1", policy="explode"))
    assert reply_text(box) == t("en", "host.bad_timer")
    box = await host.handle(cmd("alice", "game.timer", hours="soon"))
    assert reply_text(box) == t("en", "host.bad_number", value="soon")
    assert (await host.repo.load_session(sid)).timer_hours is None


async def test_timer_moves_and_forfeits_replay_for_verify(host, clock):
    from bot.host.fair import verify_session

    sid = await timed_duel(host, clock, "skip")
    clock.now += 2 * HOUR + 1
    await host.tick()  # the bot plays alice's lead
    await host.handle(cmd("alice", "game.timer", hours="1", policy="forfeit"))
    clock.now += HOUR + 1
    await host.tick()  # bob is late: he forfeits
    session = await host.repo.load_session(sid)
    log = await host.repo.log_entries(sid)
    assert session.status == "finished" and [e.source for e in log] == ["timer", "timer"]
    assert log[1].code == "!resign 1"
    assert verify_session(ENGINE, session, log) is None
