"""The Discord adapter end to end: real discord.py objects fed interaction payloads, a real
Host over SQLite with the Duel test game, and a fake HTTP layer that records what would be
sent. Duel hands are secret: each card has a token that must reach only its owner."""
from __future__ import annotations

import re

import pytest

from bot.discord.i18n import text
from games.core.i18n import t
from games.registry import get_engine
from tests.discord.conftest import ALICE, BOB, LI, make_host
from tests.discord.harness import CHANNEL_ID, GUILD_ID, DiscordHarness

DUEL = get_engine("duel")


async def duel_state(h: DiscordHarness, session_id: int = 1):
    session = await h.client.host.repo.load_session(session_id)
    return session, DUEL.load_state(session.state)


async def start_duel(h: DiscordHarness, first=ALICE, second=BOB) -> None:
    await h.slash(first, "game new", game="duel")
    await h.slash(second, "game join")
    await h.slash(first, "game start")


def dm_opened_for(reqs) -> list[int]:
    return [int(r.json["recipient_id"]) for r in reqs if r.path == "/users/@me/channels"]


def followups(reqs):
    return [r for r in reqs if r.via == "webhook" and r.method == "POST" and "/webhooks/" in r.path]


async def test_slash_command_reply_is_deferred_then_ephemeral_in_english(harness):
    reqs = await harness.slash(ALICE, "game new", game="duel")
    callback = reqs[0]
    assert callback.path.endswith("/callback")
    assert callback.json == {"type": 5, "data": {"flags": 64}}  # deferred at once, privately
    replies = followups(reqs)
    assert len(replies) == 1 and replies[0].ephemeral
    assert replies[0].body["content"] == t("en", "host.created", id=1, title=DUEL.title["en"])
    # The table's announcement is a public post in the channel, in the server's language.
    posts = harness.recorder.channel_messages(CHANNEL_ID)
    assert len(posts) == 1 and not posts[0].ephemeral
    assert t("zh-CN", "host.opened", name="Alice", title=DUEL.title["zh-CN"], id=1, players="2", max=2) in posts[0].text
    assert not harness.recorder.unexpected


async def test_a_chinese_user_gets_chinese_and_an_english_user_english(harness):
    await harness.slash(ALICE, "game new", game="duel")
    li_reply = followups(await harness.slash(LI, "game join"))
    assert li_reply[0].body["content"] == t("zh-CN", "host.done") != t("en", "host.done")
    # The same refusal in each user's language (the table is full now).
    bob = followups(await harness.slash(BOB, "game join"))[0].body["content"]
    li = followups(await harness.slash(LI, "game join"))[0].body["content"]
    assert bob == t("en", "host.full", max=2)
    assert li == t("zh-CN", "host.already_seated")
    # The adapter's own messages too: a malformed option never reaches the host.
    reqs = await harness.slash(LI, "game new", game="duel", options="rounds")
    assert followups(reqs) == [] and reqs[-1].json["data"]["content"] == text("zh-CN", "msg.bad_options", text="rounds")
    assert reqs[-1].ephemeral


async def test_bad_options_leave_nothing_behind(harness):
    await harness.slash(ALICE, "game new", game="duel", options="rounds=5 oops")
    assert await harness.client.host.repo.load_session(1) is None
    reqs = await harness.slash(ALICE, "game new", game="duel", options="rounds=2")
    assert followups(reqs)[0].body["content"] == t("en", "host.created", id=1, title=DUEL.title["en"])
    session = await harness.client.host.repo.load_session(1)
    assert session.options == {"rounds": "2"}


async def test_hands_go_to_the_right_dm_and_no_public_payload_carries_a_secret(harness):
    await harness.slash(ALICE, "game new", game="duel")
    await harness.slash(BOB, "game join")
    start = len(harness.requests)
    await harness.slash(ALICE, "game start")
    reqs = harness.requests[start:]
    assert sorted(dm_opened_for(reqs)) == sorted([ALICE.id, BOB.id])
    _, state = await duel_state(harness)
    secrets = DUEL.secrets(state)
    ever_secret = set().union(*secrets.values())
    for seat, user in ((0, ALICE), (1, BOB)):
        dms = harness.recorder.dm_messages(user.id)
        assert len(dms) == 1
        for token in secrets[seat]:
            assert token in dms[0].text
        for token in secrets[1 - seat]:
            assert token not in dms[0].text

    # Play the whole game by typed moves; the secrets of the moment are never public.
    moves = 0
    while not DUEL.is_over(state):
        seat = DUEL.active_seats(state)[0]
        user = (ALICE, BOB)[seat]
        action = DUEL.legal_actions(state, seat)[-1 if moves % 3 else 0]
        reqs = await harness.slash(user, "play", action=action.code())
        assert followups(reqs)[0].ephemeral
        session, state = await duel_state(harness)
        ever_secret |= set().union(*DUEL.secrets(state).values())
        moves += 1
    assert session.status == "finished" and moves >= 6
    public = harness.recorder.public()
    assert len(public) >= moves  # every move was announced
    for req in public:
        for token in ever_secret:
            assert token not in req.text, f"secret {token} in public {req}"
    assert not harness.recorder.unexpected


async def test_hand_button_on_a_public_post_answers_privately(harness):
    await start_duel(harness)
    post = harness.recorder.channel_messages(CHANNEL_ID)[-1]
    assert "sp:hand" in post.custom_ids
    reqs = await harness.click(BOB, post.response, "sp:hand")
    assert reqs[0].json == {"type": 5, "data": {"flags": 64}}
    answer = followups(reqs)[0]
    _, state = await duel_state(harness)
    secrets = DUEL.secrets(state)
    assert answer.ephemeral
    hand_values = " ".join(str(c.value) for c in state.hands[1])
    assert hand_values in answer.text
    assert not any(token in answer.text for token in secrets[0])


async def test_closed_dms_fall_back_to_an_ephemeral_followup_with_a_note(harness):
    harness.recorder.closed_dms.add(ALICE.id)
    await harness.slash(ALICE, "game new", game="duel")
    await harness.slash(BOB, "game join")
    reqs = await harness.slash(ALICE, "game start")
    _, state = await duel_state(harness)
    secrets = DUEL.secrets(state)
    refused = [r for r in reqs if r.method == "POST" and r.path.startswith("/channels/")
               and int(r.path.split("/")[2]) in harness.recorder.dm_channels
               and harness.recorder.dm_channels[int(r.path.split("/")[2])] == ALICE.id]
    assert len(refused) == 1  # the one DM attempt, answered 403 / 50007
    fallback = [r for r in followups(reqs) if text("en", "msg.dm_closed_self") in r.text]
    assert len(fallback) == 1 and fallback[0].ephemeral
    assert all(token in fallback[0].text for token in secrets[0])
    assert harness.client.delivery.dms_known_closed(ALICE.id)
    assert await harness.client.host.repo.dm_closed(ALICE.id)  # remembered in the database too
    assert len(harness.recorder.dm_messages(BOB.id)) == 1  # Bob's DMs are open
    for req in harness.recorder.public():
        assert not any(token in req.text for token in secrets[0] | secrets[1])


async def test_closed_dms_of_another_player_get_a_public_note_without_the_secret(harness):
    harness.recorder.closed_dms.add(BOB.id)
    start = len(harness.requests)
    await start_duel(harness)
    _, state = await duel_state(harness)
    bob_tokens = DUEL.secrets(state)[1]
    notes = [r for r in harness.recorder.public(start) if f"<@{BOB.id}>" in r.text]
    assert len(notes) == 1
    # addressed to Bob, so in his language (en-US), not the server's
    assert notes[0].body["content"] == text("en", "msg.dm_closed_other", mention=f"<@{BOB.id}>")
    assert not any(token in r.text for r in harness.recorder.public() for token in bob_tokens)
    # Bob sees his hand with the button under the note instead.
    answer = followups(await harness.click(BOB, notes[0].response, "sp:hand"))[0]
    assert answer.ephemeral and " ".join(str(c.value) for c in state.hands[1]) in answer.text


async def test_click_menu_survives_a_restart_and_plays_the_move(db_path):
    h = await DiscordHarness.start(await make_host(db_path))
    await start_duel(h)
    reqs = await h.slash(ALICE, "act")
    menu = followups(reqs)[0]
    assert menu.ephemeral
    select_id = next(c for c in menu.custom_ids if c.startswith("sp:m:"))
    assert select_id == "sp:m:1:0:"
    _, state = await duel_state(h)
    first_card = state.hands[0][0]

    # A new process: a new client and a new host over the same database, no view in memory.
    h = await h.restart(await make_host(db_path))
    assert h.client._connection._view_store._views == {}
    reqs = await h.click(ALICE, menu.response, select_id, values=["play"])
    assert reqs[0].json == {"type": 6}  # deferred update: the menu message is edited in place
    step = next(r for r in reqs if r.method == "PATCH" and r.path.endswith("/messages/@original"))
    assert "sp:m:1:0:play" in step.custom_ids
    assert first_card.id in step.text  # the card choices, shown only to Alice (ephemeral)
    reqs = await h.click(ALICE, step.response, "sp:m:1:0:play", values=[first_card.id])
    step = next(r for r in reqs if r.method == "PATCH")
    confirm_id = f"sp:ok:1:0:play {first_card.id}"
    assert confirm_id in step.custom_ids and f"sp:bk:1:0:play {first_card.id}" in step.custom_ids
    reqs = await h.click(ALICE, step.response, confirm_id)
    _, state = await duel_state(h)
    assert state.played[0] is not None and state.played[0].id == first_card.id and state.turn == 1
    announced = h.recorder.channel_messages(CHANNEL_ID, since=len(h.requests) - len(reqs))
    assert any(t("zh-CN", "duel.played", name="Alice") in r.text for r in announced)
    assert not any(first_card.id in r.text for r in announced)
    # Bob clicking Alice's (stale) confirm is refused by the host, and nothing changes.
    before = await duel_state(h)
    reqs = await h.click(BOB, step.response, confirm_id)
    refusal = next(r for r in reqs if r.method == "PATCH")
    assert refusal.body["content"] == t("en", "host.not_your_seat", seat=0)
    assert (await duel_state(h))[0].version == before[0].version
    await h.close()


async def test_autocomplete_offers_the_hosts_suggestions(harness):
    choices = await harness.autocomplete(ALICE, "game new", "game", game="du")
    assert {"name": "duel · Duel (test game)", "value": "duel"} in choices
    await start_duel(harness)
    _, state = await duel_state(harness)
    choices = await harness.autocomplete(ALICE, "play", "action", action="")
    assert sorted(c["value"] for c in choices) == sorted(a.code() for a in DUEL.legal_actions(state, 0))
    assert all(len(c["name"]) <= 100 and len(c["value"]) <= 100 for c in choices)
    # Suggestions are not trusted: a typed move that is not legal is refused.
    reqs = await harness.slash(ALICE, "play", action="play nosuchcard")
    assert followups(reqs)[0].body["content"] == t("en", "duel.no_card", card="nosuchcard")


async def test_new_table_in_a_thread(harness):
    reqs = await harness.slash(ALICE, "game new", game="duel", thread=True)
    created = [r for r in reqs if r.path == f"/channels/{CHANNEL_ID}/threads"]
    assert len(created) == 1 and created[0].json["type"] == 11
    thread_id = int(created[0].response["id"])
    session = await harness.client.host.repo.load_session(1)
    assert session.channel_id == thread_id
    assert harness.recorder.channel_messages(thread_id) and not harness.recorder.channel_messages(CHANNEL_ID)


@pytest.mark.parametrize("game, options", [("nosuchgame", None), ("duel", "nosuch=1")])
async def test_a_refused_table_makes_no_thread(harness, game, options):
    # issue 17: `/game new ... thread:true` validates the game and its options before the
    # thread is made; a refusal leaves no empty thread behind
    args = {"game": game, "thread": True} | ({"options": options} if options else {})
    reqs = await harness.slash(ALICE, "game new", **args)
    assert not [r for r in reqs if r.path.endswith("/threads")]
    assert await harness.client.host.repo.load_session(1) is None
    assert followups(reqs)[-1].ephemeral


async def test_unexpected_errors_get_a_localized_answer(harness):
    async def broken(cmd):
        raise RuntimeError("boom")

    harness.client.host.handle = broken
    reqs = await harness.slash(LI, "game status")
    assert followups(reqs)[-1].body["content"] == text("zh-CN", "msg.error") and followups(reqs)[-1].ephemeral
    # An unknown button (from an old version) is answered too, never left to time out.
    message = harness.recorder.message(CHANNEL_ID, reqs[-1])
    message["components"] = [{"type": 1, "components": [{"type": 2, "style": 1, "label": "x", "custom_id": "old:1"}]}]
    reqs = await harness.click(ALICE, message, "old:1")
    assert len(reqs) == 1 and reqs[0].json["type"] == 4
    assert reqs[0].body["content"] == text("en", "msg.error") and reqs[0].ephemeral


async def test_dm_command_reaches_the_players_game(harness):
    await start_duel(harness)
    reqs = await harness.slash(BOB, "hand", dm=True)
    answer = followups(reqs)[0]
    _, state = await duel_state(harness)
    assert " ".join(str(c.value) for c in state.hands[1]) in answer.text


async def test_commands_sync_with_valid_chinese_names(db_path):
    h = await DiscordHarness.start(await make_host(db_path), dev_guild=GUILD_ID)
    put = [r for r in h.requests if r.method == "PUT"]
    assert len(put) == 1 and put[0].path.endswith(f"/guilds/{GUILD_ID}/commands")
    name_rule = re.compile(r"^[-_'\w]{1,32}$")

    def walk(items):
        for item in items:
            yield item
            yield from walk(item.get("options") or [])

    seen = 0
    for item in walk(put[0].json):
        if item.get("type") in (None, 1, 2) or "name_localizations" in item:
            zh = (item.get("name_localizations") or {}).get("zh-CN")
            assert zh and name_rule.match(zh) and zh == zh.lower(), item["name"]
            assert name_rule.match(item["name"]) and item["name"] == item["name"].lower()
            assert (item.get("description_localizations") or {}).get("zh-CN"), item["name"]
            assert 1 <= len(item["description"]) <= 100
            seen += 1
    assert seen > 40
    assert {c["name"] for c in put[0].json} == {"game", "play", "act", "hand", "rules", "roll", "dice", "league", "leagueadmin", "deck", "design"}
    await h.close()


async def test_timer_ticks_are_delivered_without_an_interaction(harness):
    await start_duel(harness)
    await harness.slash(ALICE, "game timer", hours=1.0, policy="skip")
    session = await harness.client.host.repo.load_session(1)
    assert session.timer_hours == 1 and session.turn_deadline is not None
    start = len(harness.requests)
    harness.client.host.clock = lambda: session.turn_deadline + 1  # the turn has run out
    await harness.client.ticker.coro(harness.client)  # one pass of the once-a-minute loop
    await harness.drain()
    posts = harness.recorder.channel_messages(CHANNEL_ID, since=start)
    assert any(t("zh-CN", "host.expired.skip", name="Alice") in p.text for p in posts)
    assert "sp:hand" in posts[-1].custom_ids
    _, state = await duel_state(harness)
    assert state.turn == 1  # the bot made Alice's move for her, so it is Bob's turn
    assert not harness.recorder.unexpected


async def test_dice_history_takes_a_count_as_the_console_does(harness):
    """`/dice history count:N` (issue 18: Discord had no count; the console had one): the last
    N rolls, with the option sent under its shown name."""
    for _ in range(4):
        await harness.slash(ALICE, "roll", expr="1d6")
    reply = followups(await harness.slash(ALICE, "dice history", count=2))[-1]
    assert reply.ephemeral
    embed_title = (reply.body.get("embeds") or [{}])[0].get("title", "") + reply.body.get("content", "")
    assert t("en", "roll.history.title", count=2) in embed_title, reply.body
    assert not harness.recorder.unexpected


async def test_the_reveal_in_discord_names_no_server_path(harness, db_path):
    """The final post's verify line is for whoever runs the bot; a Discord reader gets the
    command without the server's file path or database URL (clickplay16 saw
    `shapan verify --db /tmp/…/d.sqlite3 --session 1` in the channel)."""
    await start_duel(harness)
    await harness.slash(BOB, "game concede")
    session, _ = await duel_state(harness)
    assert session.status == "finished"
    sent = harness.recorder.public() + harness.recorder.dm_messages(ALICE.id) + harness.recorder.dm_messages(BOB.id)
    texts = [r.text for r in sent]
    assert any("shapan verify --session 1" in text for text in texts)
    where = str(db_path).removeprefix("sqlite:")
    assert not any("--db" in text or where in text for text in texts)


async def test_a_timer_post_and_dm_carry_buttons_in_their_readers_language(harness):
    """Posts and DMs the timer delivers (bots' moves left after a command, turn timers) have no
    command to take a language from: an English table's post got the bot's default Chinese
    buttons ("选择我的行动", "🃏查看我的手牌" under English text; found with tests/discord/play.py).
    The post's buttons follow its table's language; a DM's, its reader's (as the host writes
    its text), whoever's command or timer sent it."""
    from bot.outbox import ActionMenu, MenuOption, Message, Outbox

    h = harness
    await h.slash(ALICE, "game new", guild_locale="en-US", game="duel")
    await h.slash(LI, "game join", guild_locale="en-US")  # LI reads Chinese at an English table
    await h.slash(ALICE, "game start", guild_locale="en-US")
    start = len(h.requests)
    menu = ActionMenu(1, 1, [], [MenuOption("pass", "pass")])
    outbox = Outbox(public=[(CHANNEL_ID, Message(text="Bot 1 plays.", pings=[ALICE.id], session_id=1, game_on=True))],
                    private=[(LI.id, Message(text="你的回合。", session_id=1, menu=menu))])
    await h.client.delivery.deliver(outbox, None)  # as the timer does: no command
    await h.drain()
    post = h.recorder.channel_messages(CHANNEL_ID, start)[0].text
    assert text("en", "button.act") in post and text("en", "button.hand") in post
    assert text("zh-CN", "button.hand") not in post
    dm = h.recorder.dm_messages(LI.id, start)[0].text
    assert text("zh-CN", "msg.menu_placeholder") in dm and text("en", "msg.menu_placeholder") not in dm


async def test_the_posts_of_a_finished_game_offer_no_hand_or_move_button(harness):
    """A game's last post carried "🃏 Show my hand", whose click only said the game is over (found
    with tests/discord/play.py): a click that leads nowhere. Posts of a running game keep it."""
    await start_duel(harness)
    session, state = await duel_state(harness)
    hand = text("en", "button.hand")
    running = harness.recorder.channel_messages(CHANNEL_ID)[-1]
    assert "sp:hand" in running.text  # the start's post: the game runs
    while not DUEL.is_over(state):
        seat = DUEL.active_seats(state)[0]
        start = len(harness.requests)
        await harness.slash((ALICE, BOB)[seat], "play", action=DUEL.legal_actions(state, seat)[0].code())
        session, state = await duel_state(harness)
    last = harness.recorder.channel_messages(CHANNEL_ID, start)[-1]
    assert session.status == "finished"
    assert "sp:hand" not in last.text and "sp:v:menu" not in last.text and hand not in last.text


async def test_a_move_made_from_a_dm_posts_buttons_in_the_tables_language(harness):
    """A command from a DM carries no server language: the table's post it caused had the
    bot's default Chinese buttons under English text ("[85] (选择我的行动)" after a defensive
    fire answered by DM; play17b). The post follows its table's language."""
    h = harness
    await h.slash(ALICE, "game new", guild_locale="en-US", game="duel")
    await h.slash(BOB, "game join", guild_locale="en-US")
    await h.slash(ALICE, "game start", guild_locale="en-US")
    session, state = await duel_state(h)
    seat = DUEL.active_seats(state)[0]
    player = (ALICE, BOB)[seat]
    start = len(h.requests)
    await h.slash(player, "play", dm=True, game="1", action=DUEL.legal_actions(state, seat)[0].code())
    await h.drain()
    posts = [r.text for r in h.recorder.channel_messages(CHANNEL_ID, start) if "sp:hand" in r.text]
    assert (await duel_state(h))[0].version > session.version and posts  # the move was played and posted
    for post in posts:
        assert text("en", "button.hand") in post and text("zh-CN", "button.hand") not in post, post
    assert not h.recorder.unexpected
