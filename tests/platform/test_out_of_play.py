"""A player the rules put out of a game of many (issue 18: conflict, 4 players, alice
eliminated in round 16, then the three bots played every remaining round in one post of
about 1,000 lines). The out player is told once, in their language, and pinged no more; when
no human is left in play the bots finish the game without a post per move, and the table
gets who else goes out, then the final board, picture, result and standings, once; /game log
keeps every move. Seeded 4-player conflict tables through the host."""
from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from bot.outbox import Outbox
from games.core.i18n import localize_value, t
from games.registry import get_engine
from tests.platform.conftest import CHANNEL, USERS, cmd, public_text, reply_text, snapshot

ENGINE = get_engine("conflict")
PASSIVE = ("next", "halt", "allow", "void")  # the humans play for time: they fall early


@dataclass
class Table:
    sid: int
    humans: list[str]
    # per command or tick, in order: its outbox and the seats in play after it
    steps: list[tuple[Outbox, list[int]]] = field(default_factory=list)
    finished: list[int] = field(default_factory=list)  # on_game_finished, per session
    logged: dict[int, int] = field(default_factory=dict)  # step index -> log entries then, when a seat left
    status_while_bots_finish: str | None = None  # /game status once no human was left in play

    def out_at(self, seat: int) -> int:
        """The index of the step after which `seat` was out of play."""
        return next(i for i, (_, in_play) in enumerate(self.steps) if seat not in in_play)

    def public(self, start: int = 0) -> list:
        return [m for box, _ in self.steps[start:] for _, m in box.public]

    def private(self, user: str, start: int = 0) -> list:
        return [m for box, _ in self.steps[start:] for u, m in box.private if u == USERS[user]]


async def play_out(host, humans: list[str], bots: int, locales: dict[str, str] | None = None,
                   concede: bool = False, concede_at_heir: bool = False, timer: str | None = "24",
                   silent_at_heir: list | None = None) -> Table:
    """A conflict table of `humans` then `bots`, with a turn timer (`timer` hours; None: no
    timer), played to its end: a human whose turn it is plays the first passive action that is
    legal, else the first legal one; with `concede`, the last human in play concedes as soon as
    another is out; with `concede_at_heir`, a human asked to choose an heir (eliminated)
    concedes instead; with `silent_at_heir` (a list), that human never answers: the clock
    moves on a minute at a time and the host ticks, and each such tick's (minutes waited,
    outbox) is added to the list."""
    locales = locales or {}
    say = lambda name, verb, **args: host.handle(cmd(name, verb, locale=locales.get(name, "en"), **args))  # noqa: E731
    await say(humans[0], "game.new", game="conflict")
    for name in humans[1:]:
        await say(name, "game.join")
    for _ in range(bots):
        await say(humans[0], "game.bot")
    if timer is not None:
        await say(humans[0], "game.timer", hours=timer)
    table = Table((await host.repo.open_session_in_channel(CHANNEL)).id, humans)
    host.on_game_finished.append(lambda session, outcome: _count(table, session))
    table.steps.append((await say(humans[0], "game.start"), list(range(len(humans) + bots))))
    for _ in range(3000):
        session = await host.repo.load_session(table.sid)
        if session.status != "active":
            return table
        state = ENGINE.load_state(session.state)
        awaited = [s for s in ENGINE.active_seats(state) if not session.seats[s].is_bot]
        if table.status_while_bots_finish is None and all(s >= len(humans) for s in ENGINE.seats_in_play(state)):
            table.status_while_bots_finish = reply_text(await say(humans[0], "game.status"))
        assert set(session.timer_seats) <= set(ENGINE.seats_in_play(state))  # the timer never waits on an out seat
        still = [s for s in range(len(humans)) if s in table.steps[-1][1]]
        heir = concede_at_heir and awaited and all(a.kind in ("bequeath", "nobody") for a in ENGINE.legal_actions(state, awaited[0]))
        at_heir = awaited and all(a.kind in ("bequeath", "nobody") for a in ENGINE.legal_actions(state, awaited[0]))
        if concede and len(still) == 1 < len(humans):
            box = await say(humans[still[0]], "game.concede")
        elif heir:
            box = await say(session.seats[awaited[0]].name, "game.concede")
        elif at_heir and silent_at_heir is not None:
            host.clock.now += 60
            box = await host.tick()
            silent_at_heir.append((len(silent_at_heir) + 1, box))
        elif awaited and (timer is None or session.turn_deadline is not None and session.timer_seats):
            seat = awaited[0]
            codes = [a.code() for a in ENGINE.legal_actions(state, seat)]
            code = next((c for c in codes if c in PASSIVE), codes[0])
            box = await say(session.seats[seat].name, "play", code=code)
        else:
            box = await host.tick()
        after = await host.repo.load_session(table.sid)
        in_play = ENGINE.seats_in_play(ENGINE.load_state(after.state))
        if in_play != table.steps[-1][1]:
            table.logged[len(table.steps)] = len(await host.repo.log_entries(table.sid))
        table.steps.append((box, in_play))
    raise AssertionError("the game did not end")


async def _count(table: Table, session) -> None:
    table.finished.append(session.id)


def lines(messages) -> int:
    return sum(m.text.count("\n") + 1 for m in messages)


async def test_the_last_human_out_the_bots_finish_in_a_few_short_posts(host):
    host.bot_step_cap = 40  # the bots finish over several ticks
    table = await play_out(host, ["alice"], bots=3)
    out = table.out_at(0)
    session = await host.repo.load_session(table.sid)
    outcome = ENGINE.outcome(ENGINE.load_state(session.state))
    assert session.status == "finished" and outcome is not None and outcome.ranks[0] == 4
    # the command that put her out shows its steps, then says what happens now; after it,
    # one short line per seat that falls, and the final post: board, result, standings, seed
    said = table.public(out)
    first = said[0].text.splitlines()
    notice = first.index(t("en", "host.bots_play_on"))
    assert all(line.endswith(" is out of the game.") for line in first[notice + 1:])
    later = said[1:]
    assert len(later) <= 3 and lines(later) <= 40, [m.text for m in later]  # the old code: 3 posts, ~900 lines
    assert [len(m.images) for m in said] == [0] * (len(said) - 1) + [1]  # the final picture, once
    winner = t("en", "host.winners", names=session.seats[outcome.winners[0]].name)
    assert [m.text.count(winner) for m in table.public()].count(1) == 1 and winner in said[-1].text
    assert "Standings: 1. " in said[-1].text and "· 4. alice." in said[-1].text
    assert table.finished == [table.sid]  # the result is recorded once
    after = await host.tick()
    assert after.public == [] and after.private == []  # and nothing comes after it
    # she is told once, in her language, and hears nothing else
    told = table.private("alice", out)
    assert [m.text for m in told] == [
        t("en", "host.out_notice", id=table.sid, game="Battlefield Armour & Conflict", name="alice") + " "
        + t("en", "host.out_bots_play_on", channel=CHANNEL)]
    assert not any(m.pings for m in said)
    assert t("en", "host.bots_play_on") in table.status_while_bots_finish
    # every move is in /game log, and the table stays readable
    entries = await host.repo.log_entries(table.sid)
    assert len(entries) > table.logged[out] + 100 and all(e.public for e in entries[table.logged[out]:])
    status = reply_text(await host.handle(cmd("alice", "game.status")))
    assert winner in status and "Standings: 1. " in status
    log = reply_text(await host.handle(cmd("alice", "game.log")))
    assert winner in log and "Standings: 1. " in log


@pytest.mark.parametrize("loc", ["en", "zh-CN"])
async def test_the_bots_finishing_within_the_post_that_put_the_last_human_out_say_so(host, loc):
    """Fifth newcomer playtest, zh-CN: alice was eliminated in round 26 and bequeathed her cards;
    the bots had time to finish in that same post, so it read "alice 把 7 张牌和 45 张资源牌交给
    机器人1。" then "第30/30轮 · 游戏结束" and the result: four rounds gone without a word (the
    notice that the bots play on was said only when their moves spilled into later posts)."""
    host.bot_step_cap, host.bot_seconds = 100_000, 1e9  # the bots finish within the command
    table = await play_out(host, ["alice"], bots=3, locales={"alice": loc})
    out = table.out_at(0)
    said = table.public(out)
    assert len(said) == 1, [m.text for m in said]  # one post: her step, the final board and the result
    text = said[0].text.splitlines()
    assert t(loc, "host.bots_played_on") in text and t(loc, "host.bots_play_on") not in text
    winner = t(loc, "host.winners", names="")[:-1]  # "Winner: " / "胜者："
    assert text.index(t(loc, "host.bots_played_on")) < next(i for i, x in enumerate(text) if winner in x)


async def test_one_of_two_humans_out_the_other_plays_on_and_the_out_one_hears_nothing_more(host):
    table = await play_out(host, ["alice", "bob"], bots=2, locales={"bob": "zh-CN"})
    first, second = sorted((0, 1), key=table.out_at)
    first_out, second_out = table.out_at(first), table.out_at(second)
    assert first_out < second_out
    names = ["alice", "bob"]
    # while the other human plays, the table reads as before: every move, whose turn it is
    while_playing = table.public(first_out + 1)[:len(table.steps[first_out + 1:second_out])]
    assert lines(while_playing) > 3 * len(while_playing)
    assert not any(t("en", "host.bots_play_on") in m.text for box, _ in table.steps[:second_out] for _, m in box.public)
    # the first out is told once that the others play on, in their language, then nothing
    loc = "zh-CN" if names[first] == "bob" else "en"
    game = localize_value(ENGINE.title, loc)
    told = table.private(names[first], first_out)
    assert len(told) == 1 and told[0].text.startswith(
        t(loc, "host.out_notice", id=table.sid, game=game, name=names[first]))
    assert t(loc, "host.out_others_play_on", channel=CHANNEL) in told[0].text
    assert not any(USERS[names[first]] in m.pings for m in table.public(first_out))
    # then the second falls: the bots finish quietly, and the second is told so
    told = table.private(names[second], second_out)
    loc = "zh-CN" if names[second] == "bob" else "en"
    assert len(told) == 1 and t(loc, "host.out_bots_play_on", channel=CHANNEL) in told[0].text
    later = table.public(second_out + 1)
    assert len(later) <= 2 and lines(later) <= 40
    assert table.finished == [table.sid]


async def test_the_last_human_conceding_while_an_out_one_waits_for_the_result_lets_the_bots_finish(host):
    # conceding leaves a table of bots without a result, unless a player the rules put out
    # waits for it: then the bots finish as when the last human falls
    table = await play_out(host, ["alice", "bob"], bots=2, concede=True)
    fell, gave_up = sorted((0, 1), key=table.out_at)
    session = await host.repo.load_session(table.sid)
    outcome = ENGINE.outcome(ENGINE.load_state(session.state))
    assert outcome is not None and outcome.ranks[fell] == 4 and outcome.ranks[gave_up] == 3
    said = table.public(table.out_at(gave_up))
    assert t("en", "host.bots_play_on") in said[0].text and t("en", "host.only_bots_left") not in said[0].text
    assert len(said) <= 3 and lines(said[1:]) <= 40
    assert table.private(["alice", "bob"][gave_up], table.out_at(gave_up)) == []  # who concedes knows
    assert table.finished == [table.sid]


@pytest.mark.parametrize("loc", ["en", "zh-CN"])
async def test_conceding_at_the_heir_prompt_after_elimination_lets_the_bots_finish(host, loc):
    """Fifth newcomer playtest (zh-CN): alice's last territory fell ("alice 被 机器人2 消灭。"), the
    DM asked her to choose an heir, she typed /game concede, and the table read "牌桌上只剩机器人，
    游戏结束。无人获胜。": the game lost its result because the rules' elimination was taken for a
    player walking out (a turn timer's forfeit at that prompt did the same). Eliminated is
    eliminated: she waits for the result, and the bots finish the game quietly."""
    host.bot_step_cap = 40  # the bots finish over several ticks
    table = await play_out(host, ["alice"], bots=3, locales={"alice": loc}, concede_at_heir=True)
    session = await host.repo.load_session(table.sid)
    state = ENGINE.load_state(session.state)
    outcome = ENGINE.outcome(state)
    assert session.status == "finished" and outcome is not None and outcome.ranks[0] == 4
    assert state.players[0].out == "eliminated"
    said = "\n".join(m.text for m in table.public(table.out_at(0)))
    assert t(loc, "host.only_bots_left") not in said and t(loc, "host.no_winner") not in said
    assert t(loc, "host.bots_play_on") in said
    assert t(loc, "host.winners", names=session.seats[outcome.winners[0]].name) in said
    assert table.finished == [table.sid]


@pytest.mark.parametrize("loc", ["en", "zh-CN"])
async def test_an_eliminated_player_who_never_chooses_an_heir_does_not_hold_the_game_without_a_timer(host, loc):
    """Last session's playtest: alice's last territory fell at a table with no turn timer; she
    was asked to choose an heir ("失败者：被消灭时可将所有牌交给指定一人", *may* give) and never
    answered, and the game waited on a player who was out, for ever. Now the choice is hers
    for OUT_CHOICE_MINUTES, and her DM says so; then it lapses as declining does (the cards
    go to the discard pile, nobody inherits) and the bots play on to the result, which counts
    as played (no forfeit)."""
    from bot.host.core import OUT_CHOICE_MINUTES

    host.bot_step_cap = 40
    ticks: list = []
    table = await play_out(host, ["alice"], bots=3, locales={"alice": loc}, timer=None, silent_at_heir=ticks)
    assert ticks, "alice was never asked to choose an heir"
    waited = [n for n, box in ticks]
    assert waited == list(range(1, OUT_CHOICE_MINUTES + 1))  # nothing moved before her time was up
    assert all(box.public == [] and box.private == [] for _, box in ticks[:-1])
    lapsed = public_text(ticks[-1][1])
    assert t(loc, "host.expired.out", name="alice") in lapsed, lapsed
    session = await host.repo.load_session(table.sid)
    state = ENGINE.load_state(session.state)
    outcome = ENGINE.outcome(state)
    assert session.status == "finished" and outcome is not None and outcome.ranks[0] == 4
    assert table.sid not in host._forfeits and table.finished == [table.sid]
    entries = await host.repo.log_entries(table.sid)
    assert not any(e.code.startswith("bequeath") for e in entries)  # nobody inherited
    asked = [m.text for box, _ in table.steps for u, m in box.private if u == USERS["alice"]
             and t(loc, "host.out_choice_time", minutes=OUT_CHOICE_MINUTES) in m.text]
    assert len(asked) == 1, asked  # the prompt said how long she had


async def test_an_out_seat_gets_no_more_news_by_dm(host):
    # a game that tells every seat something after each move (a hand refilled, a card seen)
    # sends nothing more to a seat that is out of play
    from games.core.events import Event
    from games.registry import register
    from tests.platform.relay import RelayEngine

    class Newsletter(RelayEngine):
        key = "newsletter"

        def apply(self, state, seat, action):
            step = super().apply(state, seat, action)
            step.events.append(Event.private(list(range(len(state.names))), "host.done"))
            return step

    register(Newsletter())
    await host.handle(cmd("alice", "game.new", game="newsletter", options={"steps": "20"}))
    for name in ("bob", "carol"):
        await host.handle(cmd(name, "game.join"))
    await host.handle(cmd("alice", "game.start"))
    box = await host.handle(cmd("alice", "play", code="step"))
    assert sorted(uid for uid, _ in box.private) == [USERS["alice"], USERS["bob"], USERS["carol"]]
    await host.handle(cmd("bob", "game.concede"))
    box = await host.handle(cmd("carol", "play", code="step"))
    assert sorted(uid for uid, _ in box.private) == [USERS["alice"], USERS["carol"]]


async def test_iron_and_fire_a_wiped_out_player_of_three_leaves_the_bots_to_finish_quietly(host):
    """Iron & Fire 103.1: "作战牌全部被消灭的牌手输（出局）；只剩一名牌手时本盘结束。" With
    three players and eight rounds (logistics 150), alice's lone armoured car falls in the
    first round; the two bots fight the other seven without a post per attack."""
    engine = get_engine("ironfire")
    await host.handle(cmd("alice", "game.new", game="ironfire", options={"logistics": "150"}))
    for _ in range(2):
        await host.handle(cmd("alice", "game.bot"))
    steps = [await host.handle(cmd("alice", "game.start"))]
    out = None
    for _ in range(200):
        session = await host.repo.load_session(1)
        if session.status != "active":
            break
        state = engine.load_state(session.state)
        if out is None and 0 not in engine.seats_in_play(state):
            out = len(steps) - 1
        if 0 in engine.active_seats(state):
            codes = [a.code() for a in engine.legal_actions(state, 0)]
            wanted = ("deck red_army", "pick ba64") if state.phase == "deck" or not state.players[0].picked else ()
            code = next((c for c in (*wanted, "ready", "stop", "pass") if c in codes), codes[0])
            steps.append(await host.handle(cmd("alice", "play", code=code)))
        else:
            steps.append(await host.tick())
    outcome = engine.outcome(engine.load_state(session.state))
    assert session.status == "finished" and out is not None and outcome.ranks[0] == 3
    assert outcome.params.get("tally", [""])[0] == "alice 0"  # eight rounds were played to the tally (one "name points" a seat, since newcomer6)
    said = [m for box in steps[out:] for _, m in box.public]
    first = said[0].text.splitlines()
    assert any("wiped out" in line for line in first) and t("en", "host.bots_play_on") in first
    assert lines(said[1:]) <= 40 and sum(len(m.images) for m in said) == 1
    assert "· 3. alice." in said[-1].text
    told = [m.text for box in steps[out:] for u, m in box.private if u == USERS["alice"]]
    assert len(told) == 1 and t("en", "host.out_bots_play_on", channel=CHANNEL) in told[0]


async def test_a_seat_out_of_play_cannot_concede_again(host):
    # conceding from a seat already out would only end the others' game (a table of bots
    # with nobody waiting for its result ends without one): refused, nothing changes
    await host.handle(cmd("alice", "game.new", game="relay", options={"steps": "50"}))
    for name in ("bob", "carol"):
        await host.handle(cmd(name, "game.join"))
    await host.handle(cmd("alice", "game.start"))
    await host.handle(cmd("bob", "game.concede"))
    before = await snapshot(host, 1)
    assert reply_text(await host.handle(cmd("bob", "game.concede"))) == t("en", "host.already_out", id=1)
    assert await snapshot(host, 1) == before
