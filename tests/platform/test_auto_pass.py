"""No pointless prompts (issue 18, "Prompts and outcomes"): a human seat whose only legal action
is a waiver (conflict's `allow`, "不作回应", when the player holds no answer; fleet's pass when
a player can only pass) is not sent a one-button DM nor left waiting on the timer: the host
passes for them at once, as the bot seat would, and the post and /game log say so ("passes
automatically: nothing to answer with"). A table opened with `auto_pass=false` keeps the old
prompt: the instant pass shows that the player had no answer (README, "Automatic passes")."""
from __future__ import annotations

import random

import pytest

from bot.host.core import AUTO, Host
from games.registry import get_game
from tests.platform.conftest import USERS, cmd, fleet_table, public_text, reply_text, snapshot

NAMES = {uid: name for name, uid in USERS.items()}
CONFLICT = get_game("conflict")


def lone_waiver(engine, state, seat) -> bool:
    legal = engine.legal_actions(state, seat)
    return len(legal) == 1 and getattr(legal[0], "waiver", False) is True


async def conflict_table(host: Host, *options: str) -> int:
    """alice and bob (humans) and a bot at a conflict table; returns the session id."""
    raw = dict(o.split("=") for o in options)
    box = await host.handle(cmd("alice", "game.new", game="conflict", options=raw))
    session = await host.repo.open_session_in_channel(10)
    assert session is not None, reply_text(box)
    await host.handle(cmd("bob", "game.join"))
    await host.handle(cmd("alice", "game.bot"))
    assert reply_text(await host.handle(cmd("alice", "game.start"))) == "Done."
    return session.id


async def play(host: Host, sid: int, commands: int, seed: int = 3, game=CONFLICT):
    """The humans play what the bot would in their place, `commands` times; yields each
    command's outbox with the table before and after it."""
    rng = random.Random(seed)
    engine = game.engine
    for _ in range(commands):
        session = await host.repo.load_session(sid)
        if session.status != "active":
            return
        state = engine.load_state(session.state)
        humans = [s for s in engine.active_seats(state) if not session.seats[s].is_bot]
        seat = humans[0]
        code = game.bot_action(state, seat, rng).code()
        box = await host.handle(cmd(NAMES[session.user_of(seat)], "play", code=code))
        after = await host.repo.load_session(sid)
        yield box, session, after


async def test_a_seat_with_nothing_to_answer_is_never_asked_and_the_game_goes_on(host):
    sid = await conflict_table(host)
    engine = CONFLICT.engine
    asked = 0
    async for box, _, after in play(host, sid, 150):
        state = engine.load_state(after.state)
        if after.status == "active":  # nobody is left awaited on a lone waiver: the host passed for them
            assert not [s for s in engine.active_seats(state) if not after.seats[s].is_bot
                        and lone_waiver(engine, state, s)]
        for user, message in box.private:
            if message.menu is None:
                continue
            asked += 1  # a prompt with buttons: never a single button that declines
            assert not (len(message.menu.options) == 1 and message.menu.options[0].value == "allow"), message.text
        if "passes automatically" in public_text(box):
            break
    log = await host.repo.log_entries(sid)
    auto = [e for e in log if e.source == AUTO]
    assert auto, "no automatic pass in 150 commands"
    for entry in auto:
        # credited to the human seat (and its user), as the host's pass, and the game went on from it
        assert not after.seats[entry.seat].is_bot and entry.user_id == after.user_of(entry.seat)
        # the host's line, or the game's own where it words the pass ("does not save …", test_auto_pass_said_once)
        assert (entry.code, entry.events[0]["key"]) in (("allow", "host.auto_passed"), ("pass", "conflict.ev.pass"))
        assert entry.public
    name = after.seats[auto[0].seat].name
    assert f"{name} passes automatically: nothing to answer with." in public_text(box)
    # the pass let the move it declined to answer go on, in the same step ("Unit against unit: …")
    assert all(len(e.events) > 1 for e in auto if e.code == "allow")
    text = reply_text(await host.handle(cmd("alice", "game.log")))
    assert f"{name} passes automatically: nothing to answer with." in text
    # no bot seat ever passes "automatically": bots choose as they did
    assert all(e.source == "bot" for e in log if after.seats[e.seat].is_bot and e.seat is not None
               and not e.code.startswith("resign"))


async def test_with_auto_pass_off_the_player_is_asked_as_before(host):
    sid = await conflict_table(host, "auto_pass=false")
    engine = CONFLICT.engine
    one_button = 0
    async for box, _, after in play(host, sid, 150):
        state = engine.load_state(after.state)
        for user, message in box.private:
            seat = message.menu.seat if message.menu is not None else None
            if seat is not None and lone_waiver(engine, state, seat):
                one_button += 1
                assert [o.value for o in message.menu.options] == [engine.legal_actions(state, seat)[0].code()]
        if one_button:
            break
    assert one_button, "no one-button prompt in 150 commands"
    assert not [e for e in await host.repo.log_entries(sid) if e.source == AUTO]


async def test_the_option_is_listed_by_game_help_and_refused_when_wrong(host):
    for loc, words in (("en", "auto_pass: true or false; default true"), ("zh-CN", "自动放弃")):
        text = reply_text(await host.handle(cmd("alice", "game.help", game="conflict", locale=loc)))
        assert words in text, text
    box = await host.handle(cmd("alice", "game.new", game="conflict", options={"auto_pass": "maybe"}))
    assert "auto_pass" in reply_text(box) and "maybe" in reply_text(box)
    assert await host.repo.open_session_in_channel(10) is None  # refused: no table
    await host.handle(cmd("alice", "game.new", game="conflict", options={"自动放弃": "false"}))
    assert (await host.repo.open_session_in_channel(10)).auto_pass is False


async def test_a_refused_or_failing_command_leaves_the_table_as_it_was(host, monkeypatch):
    sid = await conflict_table(host)
    engine = CONFLICT.engine
    # walk to a command after which the host passes for somebody
    async for box, _, _ in play(host, sid, 150):
        if "passes automatically" in public_text(box):
            break
    else:
        pytest.fail("no automatic pass in 150 commands")
    # a refused code changes nothing
    session = await host.repo.load_session(sid)
    seat = next(s for s in engine.active_seats(engine.load_state(session.state)) if not session.seats[s].is_bot)
    kept = await snapshot(host, sid)
    box = await host.handle(cmd(NAMES[session.user_of(seat)], "play", code="allow nonsense"))
    assert not reply_text(box).startswith("✓")
    assert await snapshot(host, sid) == kept
    # an automatic pass that fails takes the whole command with it: nothing is committed
    real = Host._auto_pass

    def failing(session, engine_, state):
        if real(session, engine_, state) is not None:
            raise RuntimeError("the pass failed")
        return None

    monkeypatch.setattr(Host, "_auto_pass", staticmethod(failing))
    rng = random.Random(3)
    for _ in range(150):
        session = await host.repo.load_session(sid)
        if session.status != "active":
            break
        state = engine.load_state(session.state)
        seat = next(s for s in engine.active_seats(state) if not session.seats[s].is_bot)
        kept = await snapshot(host, sid)
        code = CONFLICT.bot_action(state, seat, rng).code()
        try:
            await host.handle(cmd(NAMES[session.user_of(seat)], "play", code=code))
        except RuntimeError:
            assert await snapshot(host, sid) == kept
            return
    pytest.fail("no automatic pass was tried in 150 commands")


def test_every_game_marks_the_actions_that_decline():
    """conflict: 不作回应 (allow) to an attack or a card, pass at a doom window; fleet: pass in a
    reaction window; the tank game: hold (no defensive fire), no second shot; Iron & Fire: pass
    on a focus fire. Frontline has no window to decline."""
    marked = {key: {m.model_fields["kind"].default for m in get_game(key).engine.actions if getattr(m, "waiver", False)}
              for key in ("conflict", "fleet", "panzer", "ironfire", "frontline")}
    assert marked == {"conflict": {"allow", "pass"}, "fleet": {"pass"}, "panzer": {"hold", "noagain"},
                      "ironfire": {"pass"}, "frontline": set()}


async def test_a_fleet_player_who_can_only_pass_does_not_wait_on_the_timer(host):
    """Fleet's windows open by what the opponent sees (issue 17): a seat with nothing to answer
    with could only click Pass, or wait for the turn timer; now the host passes for it."""
    fleet = get_game("fleet")
    engine = fleet.engine
    sid = await fleet_table(host, timer_hours="2")
    async for box, _, after in play(host, sid, 300, seed=1, game=fleet):
        state = engine.load_state(after.state)
        assert not [s for s in engine.active_seats(state) if lone_waiver(engine, state, s)]
        passed = [e for e in await host.repo.log_entries(sid) if e.source == AUTO]
        if passed:  # said by fleet's own line ("bob does not answer the launch."), test_auto_pass_said_once
            assert all(e.code == "pass" for e in passed)
            if passed[-1].seat not in engine.active_seats(state):  # no timer runs for a window it passed
                assert passed[-1].seat not in after.timer_seats
            return
    pytest.fail("no automatic pass in 300 commands")


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
async def test_game_status_says_when_automatic_passes_are_off(host, locale):
    """newcomer15: nothing told a table that it had turned automatic passes off. /game status
    says so (and says nothing of them when they are on, the default)."""
    from games.core.i18n import t

    on = await conflict_table(host)
    said = reply_text(await host.handle(cmd("alice", "game.status", locale=locale)))
    assert t(locale, "host.auto_pass_off") not in said, said
    await host.handle(cmd("alice", "game.abandon"))
    await conflict_table(host, "auto_pass=false")
    said = reply_text(await host.handle(cmd("alice", "game.status", locale=locale)))
    assert t(locale, "host.auto_pass_off") in said, said
    assert on


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
async def test_the_start_post_says_once_when_automatic_passes_are_off(host, locale):
    """newcomer15 / issue 18: /game status said it; the start post did not. It says it once,
    only at a table that turned them off and only for a game that has a waiver (frontline has
    none: there is nothing to say)."""
    from bot.host.core import _has_waivers
    from games.core.i18n import t
    from games.registry import get_engine

    said = []
    for game, options in (("fleet", {"auto_pass": "false"}), ("fleet", {}), ("frontline", {"auto_pass": "false"})):
        await host.handle(cmd("alice", "game.new", game=game, options=options, locale=locale))
        await host.handle(cmd("bob", "game.join", locale=locale))
        box = await host.handle(cmd("alice", "game.start", locale=locale))
        said.append(public_text(box).count(t(locale, "host.auto_pass_off")))
        await host.handle(cmd("alice", "game.abandon", locale=locale))
    assert _has_waivers(get_engine("fleet")) and not _has_waivers(get_engine("frontline"))
    assert said == [1, 0, 0]
