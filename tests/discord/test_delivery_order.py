"""The order a step's messages arrive in (issue 18): the reply under the command, then the
channel's posts and the DMs in the order the events happened (`Outbox.in_order`), the
channel's line first when a DM reacts to it. Session 14's newcomer read the tank game's
defensive-fire prompt before "Round 1: Bot 1's turn." and conflict's bequest before the lines
that eliminated them; session 13 had sent every DM first, so that a player pinged in the
channel would find the prompt already there (table12a): the prompt now follows the ping by
the time one message takes. Each message waits for the earlier ones of the other kind a few
seconds at most (`HEAD_START`), never for one in retries or a closed DM; the note for a DM
that did not arrive comes after the table's post. The console prints in the same order
(tests/platform/test_console_order.py), and a crashed process's posts are sent again in it."""
from __future__ import annotations

import random

import bot.discord.deliver as deliver
from bot.discord.i18n import text
from bot.outbox import Message, Outbox
from games.core.i18n import t
from games.fleet import ENGINE as FLEET, GAME as FLEET_GAME
from games.registry import get_engine, get_game
from tests.discord import limits
from tests.discord.conftest import ALICE, BOB, LI
from tests.discord.harness import CHANNEL_ID, _channel_of
from tests.discord.test_adapter import start_duel
from tests.discord.test_resilience import dm_to


def arrivals(rec, since: int = 0) -> list[tuple[str, int, object]]:
    """Each message made, in the order Discord took them: ("dm", user, request) or
    ("channel", channel, request)."""
    out = []
    for r in rec.requests[since:]:
        if r.ok and not r.repeat and r.method == "POST" and _channel_of(r):
            user = rec.dm_channels.get(_channel_of(r))
            out.append(("dm", user, r) if user is not None else ("channel", _channel_of(r), r))
    return out


async def test_a_reaction_prompt_follows_the_channel_post_that_opens_it(harness):
    """Fleet, seed 100 of the harness, alice (English) and li (Chinese): moves by the bots'
    heuristic until a reaction window opens. The rules' prompt: "that player is pinged in the
    channel or by DM with the buttons" (issue 18); it reacts to the move the channel tells, so
    the channel's post (which pings them) arrives first, then the DM with the buttons."""
    rec = harness.recorder
    players = (ALICE, LI)
    await harness.slash(ALICE, "game new", game="fleet")
    await harness.slash(LI, "game join")
    await harness.slash(ALICE, "game start")
    for user, code in ((ALICE, "preset raider"), (LI, "preset carrier"), (ALICE, "victory raid"),
                       (LI, "victory arms")):
        await harness.slash(user, "play", action=code)
    rng = random.Random(4)  # since fleet16 the bots raid: most seeds end the game before a window opens
    prompts = 0
    for _ in range(120):
        session = await harness.client.host.repo.load_session(1)
        state = FLEET.load_state(session.state)
        if FLEET.is_over(state):
            break
        before = set(FLEET.active_seats(state))
        seat = sorted(before)[0]
        start = len(rec.requests)
        await harness.slash(players[seat], "play", action=FLEET_GAME.bot_action(state, seat, rng).code())
        state = FLEET.load_state((await harness.client.host.repo.load_session(1)).state)
        for asked in FLEET.active_seats(state):
            if asked in before or FLEET_GAME.text.prompt(state, asked, "en") is None:
                continue
            user = players[asked]
            seen = arrivals(rec, start)
            prompt = [i for i, (kind, who, r) in enumerate(seen) if kind == "dm" and who == user.id and r.custom_ids]
            why = FLEET_GAME.text.prompt(state, asked, "zh-CN" if user is LI else "en")
            assert prompt and why in seen[prompt[0]][2].text  # the prompt, in the player's language
            pinging = [i for i, (kind, _, r) in enumerate(seen) if kind == "channel"
                       and str(user.id) in limits.pinged(r.body)]
            assert pinging and pinging[0] < prompt[0], [(k, w) for k, w, _ in seen]
            prompts += 1
        if prompts >= 2:
            break
    assert prompts >= 2


async def test_hands_are_dealt_after_the_post_that_starts_the_game(harness):
    """Duel's start: the channel's "The game begins", then each hand by DM."""
    rec = harness.recorder
    await harness.slash(ALICE, "game new", game="duel")
    await harness.slash(LI, "game join")
    start = len(rec.requests)
    await harness.slash(ALICE, "game start")
    seen = [(kind, who) for kind, who, _ in arrivals(rec, start)]
    assert seen[:1] == [("channel", CHANNEL_ID)] and sorted(seen[1:]) == [("dm", ALICE.id), ("dm", LI.id)]


async def test_a_dm_about_what_happened_first_goes_before_the_post(harness):
    """A DM whose events come before every public one in its step goes first: the outbox
    orders it so (`Message.before_posts`), and the channel's post waits for it."""
    rec = harness.recorder
    await harness.slash(ALICE, "game new", game="duel")
    await harness.slash(LI, "game join")
    await harness.slash(ALICE, "game start")
    box = Outbox(public=[(CHANNEL_ID, Message(text="the board"))],
                 private=[(LI.id, Message(text="after")), (ALICE.id, Message(text="before", before_posts=True))])
    assert [(kind, target) for kind, target, _ in box.in_order()] == [
        ("private", ALICE.id), ("public", CHANNEL_ID), ("private", LI.id)]
    rec.delays.append((dm_to(rec, ALICE), 0.2))  # the early DM is slow: the post waits for it
    start = len(rec.requests)
    await harness.client.delivery.deliver(box, None)
    assert [(kind, who) for kind, who, _ in arrivals(rec, start)] == [
        ("dm", ALICE.id), ("channel", CHANNEL_ID), ("dm", LI.id)]


async def test_a_slow_post_does_not_hold_up_the_dms_for_long(harness, monkeypatch):
    """The channel's post takes 0.5 s (discord.py retrying a server error, say); the DMs after
    it wait for it 0.05 s only (HEAD_START, made short here): both hands, then the post."""
    rec = harness.recorder
    monkeypatch.setattr(deliver, "HEAD_START", 0.05)
    rec.delays.append((lambda r: r.method == "POST" and _channel_of(r) == CHANNEL_ID, 0.5))
    await harness.slash(ALICE, "game new", game="duel")
    await harness.slash(BOB, "game join")
    start = len(rec.requests)
    await harness.slash(ALICE, "game start")
    seen = [(kind, who) for kind, who, _ in arrivals(rec, start)]
    assert sorted(seen[:2]) == [("dm", ALICE.id), ("dm", BOB.id)] and seen[2:] == [("channel", CHANNEL_ID)]


async def test_a_slow_dm_does_not_hold_up_the_other_dms(harness, monkeypatch):
    """Bob's DM takes 0.5 s: alice's goes at once, after the channel's post."""
    rec = harness.recorder
    rec.delays.append((dm_to(rec, BOB), 0.5))
    await harness.slash(ALICE, "game new", game="duel")
    await harness.slash(BOB, "game join")
    start = len(rec.requests)
    await harness.slash(ALICE, "game start")
    assert [(kind, who) for kind, who, _ in arrivals(rec, start)] == [
        ("channel", CHANNEL_ID), ("dm", ALICE.id), ("dm", BOB.id)]


async def test_a_closed_dm_is_said_after_the_tables_post(harness):
    """Bob's DMs are closed: the channel's post, alice's hand, then the note pinging Bob (in
    his language)."""
    rec = harness.recorder
    rec.closed_dms.add(BOB.id)
    await harness.slash(ALICE, "game new", game="duel")
    await harness.slash(BOB, "game join")
    start = len(rec.requests)
    await harness.slash(ALICE, "game start")
    seen = arrivals(rec, start)
    assert [(kind, who) for kind, who, _ in seen] == [("channel", CHANNEL_ID), ("dm", ALICE.id),
                                                      ("channel", CHANNEL_ID)]
    note = seen[2][2]
    assert note.body.get("content") == text("en", "msg.dm_closed_other", mention=f"<@{BOB.id}>")
    assert limits.pinged(note.body) == {str(BOB.id)} and str(BOB.id) not in limits.pinged(seen[0][2].body)


async def test_the_host_keeps_a_steps_posts_in_the_order_they_are_sent(harness):
    """A crashed process's posts are sent again oldest first: the outbox keeps the reply,
    the table's post, then the DMs that follow it."""
    await start_duel(harness)
    rows = [p for p in await harness.client.host.repo.posts()]
    start_rows = rows[-4:]  # `game start`: its reply, the table's post, two hands
    assert [p.kind for p in start_rows] == ["reply", "public", "private", "private"]


async def test_the_defensive_fire_prompt_arrives_after_the_bots_move_that_opens_it(harness):
    """The tank game, li (Chinese) against the bot, her moves by the heuristic (seed 1): the
    newcomer's "the defensive-fire DM arrives before 'Round 1: Bot 1's turn.'". The channel's
    post that tells the bot's move into her sight arrives first, then her DM with the buttons."""
    rec = harness.recorder
    engine, game = get_engine("panzer"), get_game("panzer")
    await harness.slash(LI, "game new", game="panzer")
    await harness.slash(LI, "game bot")
    await harness.slash(LI, "game start")
    into_sight = t("zh-CN", "panzer.ev.react", tank="", name="li").split("li")[0].strip()
    rng = random.Random(1)
    prompts = 0
    for _ in range(120):
        state = engine.load_state((await harness.client.host.repo.load_session(1)).state)
        if engine.is_over(state) or 0 not in engine.active_seats(state) or prompts >= 1:
            break
        start = len(rec.requests)
        await harness.slash(LI, "play", action=game.bot_action(state, 0, rng).code())
        seen = arrivals(rec, start)
        asked = [i for i, (kind, who, r) in enumerate(seen) if kind == "dm" and r.custom_ids]
        if not asked:
            continue
        told = [i for i, (kind, _, r) in enumerate(seen) if kind == "channel" and into_sight in r.text]
        assert told and told[0] < asked[0], [(k, w) for k, w, _ in seen]
        prompts += 1
    assert prompts >= 1
