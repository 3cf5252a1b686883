"""One table never stops the others, and a step and its messages form one unit.

A table whose game fails while its turn timer runs is logged, marked as errored (its timer
stops, its channel is told in its language) and every other table's timers and reminders
go on. A failure while presenting a step leaves nothing committed."""
from __future__ import annotations

from games.core.i18n import t
from games.core.game import Game
from games.registry import register
from tests.platform.conftest import CHANNEL, OTHER_CHANNEL, USERS, cmd, duel_table, public_text, reply_text, snapshot
from tests.toygame import DuelEngine, DuelText

HOUR = 3600


class FragileDuel(DuelEngine):
    key = "fragileduel"
    broken = False


class FragileText(DuelText):
    """Duel whose presentation fails while `broken` is set (as fleet's did for a game that
    ended during fleet building)."""

    def summary(self, view, locale):
        if self.engine.broken:
            raise AttributeError("'NoneType' object has no attribute 'model'")
        return super().summary(view, locale)


FRAGILE = FragileDuel()
register(Game(FRAGILE, text=FragileText))


async def timed_table(host, channel, game, locale="en") -> int:
    sid = await duel_table(host, channel=channel, start=False, game=game)
    await host.handle(cmd("alice", "game.timer", channel=channel, hours="2", policy="skip", locale=locale))
    await host.handle(cmd("alice", "game.start", channel=channel, locale=locale))
    return sid


async def test_a_failing_table_does_not_stop_the_timers_of_the_others(host, clock, monkeypatch):
    broken = await timed_table(host, CHANNEL, "fragileduel")  # listed first: it fails first
    await host.repo.commit(await host.repo.load_session(broken), clock.now, locale="zh-CN")
    healthy = await timed_table(host, OTHER_CHANNEL, "duel")
    monkeypatch.setattr(FragileDuel, "broken", True)
    before = await snapshot(host, broken)

    clock.now += 2 * HOUR + 1
    box = await host.tick()

    # the healthy table's timer ran: the bot played alice's late turn there
    assert t("en", "host.expired.skip", name="alice") in public_text(box)
    assert [e.source for e in await host.repo.log_entries(healthy)] == ["timer"]
    # the broken one: nothing of the failed step was committed, its timer stopped, and its
    # channel is told in the table's language
    after = await host.repo.load_session(broken)
    assert after.state == before[2] and await host.repo.count_log(broken) == before[5]
    assert after.status == "active" and after.turn_deadline is None and "AttributeError" in after.error
    assert (CHANNEL, t("zh-CN", "host.table_error", id=broken)) in [(c, m.text) for c, m in box.public]
    # the next tick does not try the broken table again, the other's reminders go on
    clock.now += HOUR + 1
    box = await host.tick()
    assert box.public == [] and [u for u, _ in box.private] == [USERS["bob"]]

    # once the game works again, the table shows the mark; a command plays on, clears the
    # mark and re-arms the timer
    monkeypatch.setattr(FragileDuel, "broken", False)
    assert t("en", "host.status_error", error=after.error) in reply_text(
        await host.handle(cmd("alice", "game.status", channel=CHANNEL)))
    state = FRAGILE.load_state(after.state)
    code = FRAGILE.legal_actions(state, 0)[0].code()
    assert reply_text(await host.handle(cmd("alice", "play", channel=CHANNEL, code=code))).startswith("✓")
    fixed = await host.repo.load_session(broken)
    assert fixed.error is None and fixed.turn_deadline is not None


async def test_a_step_that_cannot_be_presented_is_not_committed(host, monkeypatch):
    sid = await duel_table(host, game="fragileduel")
    before = await snapshot(host, sid)
    monkeypatch.setattr(FragileDuel, "broken", True)
    state = FRAGILE.load_state((await host.repo.load_session(sid)).state)
    code = FRAGILE.legal_actions(state, 0)[0].code()
    try:
        await host.handle(cmd("alice", "play", code=code))
    except AttributeError:
        pass  # the adapter answers "something went wrong"; nothing was saved
    else:
        raise AssertionError("the presentation failure was swallowed")
    assert await snapshot(host, sid) == before
    monkeypatch.setattr(FragileDuel, "broken", False)
    box = await host.handle(cmd("alice", "play", code=code))  # the same move, now it can be shown
    assert reply_text(box).startswith("✓") and box.public


async def test_a_timer_forfeit_that_failed_is_not_remembered_as_one(host, clock, monkeypatch):
    """A forfeit on the timer that could not be committed must not turn the table's next
    ending (a concession) into a timer forfeit for its league."""
    sid = await duel_table(host, start=False, game="fragileduel")
    await host.handle(cmd("alice", "game.timer", hours="2", policy="forfeit"))
    await host.handle(cmd("alice", "game.start"))
    monkeypatch.setattr(FragileDuel, "broken", True)
    await host.tick(clock.now + 2 * HOUR + 1)
    assert (await host.repo.load_session(sid)).status == "active"
    assert sid not in host._forfeits
