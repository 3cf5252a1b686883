"""The order a step's messages arrive in (issue 18, table12a): the reply under the command,
then the DMs, then the channel's posts. A player pinged in the channel ("Waiting for: li")
finds the prompt they are pinged for already in their DMs; the channel's record waits for a
DM a few seconds at most (`DM_HEAD_START`), never for a DM in retries or a closed DM; the
note for a DM that did not arrive comes after the table's post. The console prints in the
same order (tests/platform/test_console_order.py), and a crashed process's posts are sent
again in it."""
from __future__ import annotations

import random

import bot.discord.deliver as deliver
from bot.discord.i18n import text
from games.fleet import ENGINE as FLEET, GAME as FLEET_GAME
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


async def test_a_reaction_prompt_is_in_its_players_dms_before_the_channel_pings_them(harness):
    """Fleet, seed 100 of the harness, alice (English) and li (Chinese): moves by the bots'
    heuristic until a reaction window opens. The rules' prompt: "that player is pinged in the
    channel or by DM with the buttons" (issue 18); the DM with the buttons arrives first."""
    rec = harness.recorder
    players = (ALICE, LI)
    await harness.slash(ALICE, "game new", game="fleet")
    await harness.slash(LI, "game join")
    await harness.slash(ALICE, "game start")
    for user, code in ((ALICE, "preset raider"), (LI, "preset carrier"), (ALICE, "victory raid"),
                       (LI, "victory arms")):
        await harness.slash(user, "play", action=code)
    rng = random.Random(1)
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
            assert pinging and prompt[0] < pinging[0], [(k, w) for k, w, _ in seen]
            prompts += 1
        if prompts >= 2:
            break
    assert prompts >= 2


async def test_hands_go_out_before_the_post_that_starts_the_game(harness):
    """Duel's start: each hand by DM, then the channel's post pinging the first player."""
    rec = harness.recorder
    await harness.slash(ALICE, "game new", game="duel")
    await harness.slash(LI, "game join")
    start = len(rec.requests)
    await harness.slash(ALICE, "game start")
    seen = [(kind, who) for kind, who, _ in arrivals(rec, start)]
    assert sorted(seen[:2]) == [("dm", ALICE.id), ("dm", LI.id)] and seen[2:] == [("channel", CHANNEL_ID)]


async def test_a_slow_dm_does_not_hold_up_the_channel_or_the_other_dms(harness, monkeypatch):
    """Bob's DM takes 0.5 s (discord.py retrying a server error, say); the table waits for it
    0.05 s only (DM_HEAD_START, made short here): alice's hand, the channel's post, then Bob's."""
    rec = harness.recorder
    monkeypatch.setattr(deliver, "DM_HEAD_START", 0.05)
    rec.delays.append((dm_to(rec, BOB), 0.5))
    await harness.slash(ALICE, "game new", game="duel")
    await harness.slash(BOB, "game join")
    start = len(rec.requests)
    await harness.slash(ALICE, "game start")
    assert [(kind, who) for kind, who, _ in arrivals(rec, start)] == [
        ("dm", ALICE.id), ("channel", CHANNEL_ID), ("dm", BOB.id)]


async def test_a_closed_dm_is_said_after_the_tables_post(harness):
    """Bob's DMs are closed: the channel's post goes at once, and the note pinging Bob (in
    his language) follows it."""
    rec = harness.recorder
    rec.closed_dms.add(BOB.id)
    await harness.slash(ALICE, "game new", game="duel")
    await harness.slash(BOB, "game join")
    start = len(rec.requests)
    await harness.slash(ALICE, "game start")
    seen = arrivals(rec, start)
    assert [(kind, who) for kind, who, _ in seen] == [("dm", ALICE.id), ("channel", CHANNEL_ID),
                                                      ("channel", CHANNEL_ID)]
    note = seen[2][2]
    assert note.body.get("content") == text("en", "msg.dm_closed_other", mention=f"<@{BOB.id}>")
    assert limits.pinged(note.body) == {str(BOB.id)} and str(BOB.id) not in limits.pinged(seen[1][2].body)


async def test_the_host_keeps_a_steps_posts_in_the_order_they_are_sent(harness):
    """A crashed process's posts are sent again oldest first: the outbox keeps the reply,
    the DMs, then the channel's posts."""
    await start_duel(harness)
    rows = [p for p in await harness.client.host.repo.posts()]
    start_rows = rows[-4:]  # `game start`: its reply, two hands, the table's post
    assert [p.kind for p in start_rows] == ["reply", "private", "private", "public"]
