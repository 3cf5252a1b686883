"""Nothing the bot sends can break a game, and one table never stops the others.

The fake Discord answers chosen messages with 400, 403 or 500, as Discord would (after
discord.py's own retries for server errors): each message is sent on its own, the others go
out, and a player who missed a private message is told where to find it. Nobody is pinged
by a name or a label, and a table that fails in the timer loop stops only itself."""
from __future__ import annotations

from bot.discord.i18n import text
from games.core.i18n import t
from games.registry import get_engine
from tests.discord import limits
from tests.discord.conftest import ALICE, BOB
from tests.discord.harness import CHANNEL_ID, User, _channel_of
from tests.discord.test_adapter import duel_state, followups, start_duel
from tests.platform.test_table_isolation import FragileDuel

DUEL = get_engine("duel")


def dm_to(recorder, user: User):
    return lambda r: r.method == "POST" and recorder.dm_channels.get(_channel_of(r)) == user.id


async def test_a_dm_answered_500_does_not_stop_the_step_and_the_table_is_told(harness):
    rec = harness.recorder
    rec.fail(dm_to(rec, BOB), 500)
    start = len(harness.requests)
    await start_duel(harness)
    _, state = await duel_state(harness)
    secrets = DUEL.secrets(state)
    # Alice's hand arrived, the public post too, and Bob's failed DM is said in the channel
    assert len(rec.dm_messages(ALICE.id)) == 1 and rec.dm_messages(BOB.id) == []
    assert all(token in rec.dm_messages(ALICE.id)[0].text for token in secrets[0])
    note = text("en", "msg.dm_failed_other", mention=f"<@{BOB.id}>")  # in Bob's language
    notes = [r for r in rec.public(start) if r.body.get("content") == note]
    assert len(notes) == 1 and limits.pinged(notes[0].body) == {str(BOB.id)}
    assert not any(token in r.text for r in rec.public() for token in secrets[1])
    # Bob gets his hand from the note's button, privately
    answer = followups(await harness.click(BOB, notes[0].response, "sp:hand"))[0]
    assert answer.ephemeral and " ".join(str(c.value) for c in state.hands[1]) in answer.text
    # the move was saved and the caller was answered normally, not "something went wrong"
    assert state.turn == 0 and not any(text("en", "msg.error") in r.text for r in harness.requests[start:])


async def test_a_public_post_answered_400_leaves_the_dms_and_the_caller_is_told(harness):
    rec = harness.recorder
    await harness.slash(ALICE, "game new", game="duel")
    await harness.slash(BOB, "game join")
    rec.fail(lambda r: r.via == "http" and _channel_of(r) == CHANNEL_ID, 400, code=50035, times=1)
    reqs = await harness.slash(ALICE, "game start")
    assert [r.status for r in reqs if _channel_of(r) == CHANNEL_ID] == [400]
    assert len(rec.dm_messages(ALICE.id)) == 1 and len(rec.dm_messages(BOB.id)) == 1
    told = [r for r in followups(reqs) if text("en", "msg.post_failed", channel=CHANNEL_ID) in r.text]
    assert len(told) == 1 and told[0].ephemeral
    session, _ = await duel_state(harness)
    assert session.status == "active"


async def test_a_callers_dm_refused_for_another_reason_falls_back_to_an_ephemeral_reply(harness):
    rec = harness.recorder
    rec.fail(dm_to(rec, ALICE), 403, code=50001)  # missing access: not "DMs closed"
    reqs_before = len(harness.requests)
    await start_duel(harness)
    _, state = await duel_state(harness)
    fallback = [r for r in followups(harness.requests[reqs_before:]) if text("en", "msg.dm_failed_self") in r.text]
    assert len(fallback) == 1 and fallback[0].ephemeral
    assert all(token in fallback[0].text for token in DUEL.secrets(state)[0])
    assert not harness.client.delivery.dms_known_closed(ALICE.id)  # not remembered as closed


async def test_names_and_labels_ping_nobody_and_a_turn_pings_only_the_awaited_player(harness):
    evil = User(1666, "evil", "en-US", display=f"<@{BOB.id}> @everyone @here")
    start = len(harness.requests)
    await harness.slash(evil, "game new", game="duel")
    await harness.slash(BOB, "game join")
    await harness.slash(evil, "game start")
    await harness.slash(evil, "roll", expr="1d6", label=f"<@{BOB.id}> @everyone")
    code = next(iter(get_engine("frontline").loadout_presets().values()))
    await harness.slash(evil, "deck save", game="frontline", name=f"<@{BOB.id}>@everyone", code=code)
    await harness.slash(evil, "deck list", game="frontline")
    sent = [r for r in harness.requests[start:] if r.ok and r.method in ("POST", "PATCH")
            and (r.body.get("content") or r.body.get("embeds"))]
    # the names and labels reached the payloads (user text is markdown-escaped, `\<@id\>`, and
    # whatever escaping misses, allowed_mentions keeps silent)
    assert any("@everyone" in r.text for r in sent) and any(f"@{BOB.id}" in r.text for r in sent)
    for req in sent:
        assert "allowed_mentions" in req.body, req
        assert limits.pinged(req.body) <= {str(evil.id)}, req  # evil moves first: only that ping
    turn_posts = [r for r in harness.recorder.public(start) if limits.pinged(r.body)]
    assert turn_posts and all(r.body["content"].startswith(f"<@{evil.id}>") for r in turn_posts)


async def test_a_failing_table_does_not_stop_the_discord_timer_loop_for_the_others(harness, monkeypatch):
    other_channel = CHANNEL_ID + 1
    host = harness.client.host
    for channel, game in ((CHANNEL_ID, "fragileduel"), (other_channel, "duel")):
        await harness.slash(ALICE, "game new", game=game, channel_id=channel)
        await harness.slash(BOB, "game join", channel_id=channel)
        await harness.slash(ALICE, "game timer", hours=1.0, policy="skip", channel_id=channel)
        await harness.slash(ALICE, "game start", channel_id=channel)
    deadline = (await host.repo.load_session(2)).turn_deadline
    monkeypatch.setattr(FragileDuel, "broken", True)
    host.clock = lambda: deadline + 1
    start = len(harness.requests)
    await harness.client.ticker.coro(harness.client)  # one pass of the once-a-minute loop
    await harness.drain()
    healthy = harness.recorder.channel_messages(other_channel, since=start)
    assert any(t("zh-CN", "host.expired.skip", name="Alice") in p.text for p in healthy)
    broken = harness.recorder.channel_messages(CHANNEL_ID, since=start)
    assert [p.body["content"] for p in broken] == [t("zh-CN", "host.table_error", id=1)]
    assert (await host.repo.load_session(1)).error
    # a second pass still serves the healthy table (bob's turn ran out meanwhile)
    host.clock = lambda: deadline + 2 * 3600 + 2
    start = len(harness.requests)
    await harness.client.ticker.coro(harness.client)
    await harness.drain()
    assert any(t("zh-CN", "host.expired.skip", name="Bob") in p.text
               for p in harness.recorder.channel_messages(other_channel, since=start))
    assert not harness.recorder.channel_messages(CHANNEL_ID, since=start)


def test_the_fake_refuses_what_discord_refuses():
    """The checks behind the fake's 400s, each against a payload Discord refuses."""
    button = {"type": 2, "style": 1, "label": "Hand", "custom_id": "sp:hand"}
    ok = {"content": "x", "components": [{"type": 1, "components": [dict(button, emoji={"name": "🃏"})]}]}
    assert limits.check_message(ok) == []
    assert limits.check_message({"content": "x", "components": [{"type": 1, "components": [
        dict(button, emoji={"name": "\U0001F0A0"})]}]})  # 🂠 is a playing-card symbol, not an emoji
    assert limits.check_message({"content": "x", "components": [{"type": 1, "components": [
        dict(button, emoji={"name": "a b", "id": "123456789012345678"})]}]})  # custom emoji syntax
    assert limits.check_message({"content": "y" * 2001})
    assert limits.check_message({"embeds": [{"description": "d" * 4000}, {"description": "d" * 2001}]})
    assert limits.check_message({"embeds": [{"title": "t" * 257}]})
    assert limits.check_message({"content": "x", "components": [{"type": 1, "components": [
        {"type": 3, "custom_id": "s", "options": [{"label": "a", "value": "a"}]}, button]}]})
    assert limits.check_message({"content": "x", "components": [{"type": 1, "components": [
        dict(button, custom_id=f"b{i}") for i in range(6)]}]})
    assert limits.check_message({"content": "x", "allowed_mentions": {"parse": ["users"], "users": ["1"]}})
    assert limits.check_autocomplete([{"name": "n", "value": "v" * 101}])
    assert limits.check_autocomplete([{"name": str(i), "value": str(i)} for i in range(26)])
    assert not limits.valid_name("Game") and limits.valid_name("游戏") and not limits.valid_name("a b")
    assert limits.pinged({"content": "<@5> @everyone"}) == {"5", "everyone"}  # no allowed_mentions
    assert limits.pinged({"content": "<@5> @everyone", "allowed_mentions": {"parse": []}}) == set()


def test_a_message_pings_exactly_its_users_and_roles():
    """A league's escalation pings its organizer role and a round announcement its paired
    players; nothing else in the text (a name reading <@&id>) notifies anybody."""
    from bot.discord.deliver import mentions, message_parts
    from bot.outbox import Message

    message = Message("Match 7 is disputed. <@&99> <@12>", pings=[5], role_pings=[42])
    (part,) = message_parts(message, "en")
    body = {"content": part.get("content") or "", "allowed_mentions": mentions(message).to_dict()}
    assert body["content"].startswith("<@5> <@&42>")
    assert limits.pinged(body) == {"5", "&42"}
    assert limits.pinged({"content": body["content"], "allowed_mentions": mentions(Message("x")).to_dict()}) == set()
