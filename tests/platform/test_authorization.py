"""The authorization matrix: each refusal is a clear message in the caller's language and
leaves the stored table exactly as it was (version, state, seats, log)."""
from __future__ import annotations

import pytest

from bot.host import fair
from games.core.i18n import t
from tests.platform.conftest import CHANNEL, OTHER_CHANNEL, USERS, cmd, duel_table, public_text, reply_text, snapshot
from tests.toygame import ENGINE


async def refused(host, session_id, command, key, **params):
    before = await snapshot(host, session_id)
    box = await host.handle(command)
    assert reply_text(box) == t(command.locale, key, **params)
    assert box.public == [] and box.private == []
    assert await snapshot(host, session_id) == before


async def test_non_player_cannot_run_the_lobby(host):
    sid = await duel_table(host, start=False)
    await refused(host, sid, cmd("carol", "game.start"), "host.not_player")
    await refused(host, sid, cmd("carol", "game.bot"), "host.not_player")
    await refused(host, sid, cmd("carol", "game.leave"), "host.not_player")
    await refused(host, sid, cmd("carol", "game.join"), "host.full", max=2)
    await refused(host, sid, cmd("bob", "game.join"), "host.already_seated")
    await refused(host, sid, cmd("bob", "play", code="pass"), "host.not_started")


async def test_only_the_creator_or_a_manager_starts_the_game(host):
    sid = await duel_table(host, start=False)
    await refused(host, sid, cmd("bob", "game.start"), "host.start_denied")
    await refused(host, sid, cmd("bob", "game.start", locale="zh-CN"), "host.start_denied")
    box = await host.handle(cmd("carol", "game.start", manager=True))  # Manage Server, not seated
    assert reply_text(box) == t("en", "host.done")


async def test_spectator_cannot_act_and_message_is_localized(host):
    sid = await duel_table(host)
    for verb in ("play", "hand", "menu", "game.concede"):
        await refused(host, sid, cmd("carol", verb, code="pass"), "host.spectator")
    zh = cmd("carol", "play", code="pass", locale="zh-CN")
    await refused(host, sid, zh, "host.spectator")
    assert "观战" in t("zh-CN", "host.spectator")


async def test_wrong_turn_names_who_is_awaited(host):
    sid = await duel_table(host)
    await refused(host, sid, cmd("bob", "play", code="pass"), "host.not_your_turn", waiting="alice")
    await refused(host, sid, cmd("bob", "menu"), "host.not_your_turn", waiting="alice")
    # a legal-looking action the engine refuses is also a clean refusal
    await refused(host, sid, cmd("alice", "play", code="play nosuchcard"), "duel.no_card", card="nosuchcard")
    await refused(host, sid, cmd("alice", "play", code="fly away"), "core.unknown_action", code="fly away")


async def test_wrong_channel(host):
    sid = await duel_table(host)
    await refused(host, sid, cmd("alice", "play", channel=OTHER_CHANNEL, code="pass", game=sid),
                  "host.wrong_channel", id=sid, channel=CHANNEL)
    box = await host.handle(cmd("alice", "play", channel=OTHER_CHANNEL, code="pass"))
    assert reply_text(box) == t("en", "host.no_table")


async def test_dm_with_several_games_asks_which(host):
    first = await duel_table(host, channel=CHANNEL)
    second = await duel_table(host, channel=OTHER_CHANNEL)
    before_first, before = await snapshot(host, first), await snapshot(host, second)
    box = await host.handle(cmd("alice", "play", dm=True, code="pass"))
    text = reply_text(box)
    assert text.startswith(t("en", "host.ambiguous", games="").strip())
    assert f"#{first} " in text and f"#{second} " in text
    assert await snapshot(host, first) == before_first and await snapshot(host, second) == before
    # naming the game works, and acts on that game only
    box = await host.handle(cmd("alice", "play", dm=True, code="pass", game=second))
    assert reply_text(box) == "✓ pass"
    assert (await host.repo.load_session(second)).version == before[0] + 1
    assert await snapshot(host, first) == before_first
    # a game the caller does not play
    await refused(host, first, cmd("carol", "hand", dm=True, game=first), "host.not_your_game", id=first)
    await refused(host, first, cmd("carol", "hand", dm=True), "host.no_games")


async def test_dm_with_one_game_reaches_it(host):
    sid = await duel_table(host)
    box = await host.handle(cmd("bob", "hand", dm=True))
    state = ENGINE.load_state((await host.repo.load_session(sid)).state)
    values = " ".join(str(c.value) for c in state.hands[1])
    assert values in reply_text(box)
    assert box.reply_ephemeral and box.public == []


async def test_abandon_only_by_creator_or_manager(host):
    sid = await duel_table(host)
    await refused(host, sid, cmd("bob", "game.abandon"), "host.abandon_denied")
    await refused(host, sid, cmd("carol", "game.abandon", locale="zh-CN"), "host.abandon_denied")
    box = await host.handle(cmd("mod", "game.abandon", manager=True))
    assert reply_text(box) == "Done."
    session = await host.repo.load_session(sid)
    assert session.status == "abandoned"
    assert fair.secret_text(session) in public_text(box)  # the secret is revealed when play stops


async def test_creator_may_abandon(host):
    sid = await duel_table(host)
    await host.handle(cmd("alice", "game.abandon"))
    assert (await host.repo.load_session(sid)).status == "abandoned"


async def test_kick_only_by_creator_or_manager(host):
    sid = await duel_table(host, start=False)
    await refused(host, sid, cmd("bob", "game.kick", user_id=USERS["alice"]), "host.kick_denied")
    await refused(host, sid, cmd("alice", "game.kick", user_id=USERS["carol"]), "host.not_seated")
    box = await host.handle(cmd("mod", "game.kick", manager=True, user_id=USERS["bob"]))
    assert reply_text(box) == "Done."
    assert [s.user_id for s in (await host.repo.load_session(sid)).seats] == [USERS["alice"]]


async def test_a_kick_during_play_never_makes_the_kicker_win(host):
    # issue 18: the creator kicked the opponent after a few moves and was declared the
    # winner. By default a bot takes the kicked seat and the game goes on.
    sid = await duel_table(host)
    box = await host.handle(cmd("alice", "game.kick", user_id=USERS["bob"]))
    assert reply_text(box) == "Done."
    session = await host.repo.load_session(sid)
    assert session.status == "active"
    assert [(s.user_id, s.is_bot) for s in session.seats] == [(USERS["alice"], False), (None, True)]
    assert not any(e.code.startswith("!resign") for e in await host.repo.log_entries(sid))
    assert t("en", "host.kicked_bot", name="bob") in public_text(box)


async def test_a_kick_may_end_the_game_without_a_winner(host):
    sid = await duel_table(host)
    await refused(host, sid, cmd("alice", "game.kick", user_id=USERS["bob"], then="win"), "host.bad_kick_then",
                  value="win")
    box = await host.handle(cmd("alice", "game.kick", user_id=USERS["bob"], then="end"))
    session = await host.repo.load_session(sid)
    assert session.status == "finished" and ENGINE.outcome(ENGINE.load_state(session.state)) is None
    assert await host.repo.log_entries(sid) == []
    text = public_text(box)
    assert t("en", "host.no_winner") in text and "Winner" not in text


@pytest.mark.parametrize("verb", ["game.join", "game.start", "game.bot", "game.seat"])
async def test_lobby_verbs_after_start_are_refused(host, verb):
    sid = await duel_table(host)
    await refused(host, sid, cmd("alice", verb), "host.already_started")


async def test_new_table_refusals(host):
    box = await host.handle(cmd("alice", "game.new", game="nosuchgame"))
    assert reply_text(box).startswith("There is no game called “nosuchgame”")
    box = await host.handle(cmd("alice", "game.new", game="duel", options={"colour": "red"}))
    assert reply_text(box) == t("en", "core.unknown_option", option="colour", options="rounds")
    box = await host.handle(cmd("alice", "game.new", game="duel", options={"rounds": "x"}))
    assert reply_text(box) == t("en", "core.bad_option", option="rounds", value="x",
                                allowed=t("en", "core.option.int"))
    box = await host.handle(cmd("alice", "game.new", dm=True, game="duel"))
    assert reply_text(box) == t("en", "host.channel_only")
    sid = await duel_table(host, start=False)
    await refused(host, sid, cmd("bob", "game.new", game="duel"), "host.table_exists")
    assert await host.repo.open_sessions_of_user(USERS["alice"]) != []
