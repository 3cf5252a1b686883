"""`/leagueadmin`, `/league` and `/deck` through the real discord.py objects and the host."""
from games.registry import get_engine
from tests.discord.conftest import ALICE, BOB, LI, MOD
from tests.discord.test_adapter import followups


async def last_text(reqs) -> str:
    return " ".join(r.text for r in followups(reqs))


async def test_league_created_joined_and_paired(harness):
    reqs = await harness.slash(ALICE, "leagueadmin create", name="Winter", game="duel", format="round_robin")
    assert "Only league organizers" in await last_text(reqs)
    reqs = await harness.slash(MOD, "leagueadmin create", manage_guild=True, name="Winter", game="duel",
                               format="round_robin")
    assert "League **Winter** created" in await last_text(reqs)
    await harness.slash(MOD, "leagueadmin open", manage_guild=True)
    for user in (ALICE, BOB, LI):
        reqs = await harness.slash(user, "league join", league="Winter")
    assert "加入 Winter" in await last_text(reqs)  # a zh-CN user is answered in Chinese
    reqs = await harness.slash(MOD, "leagueadmin start_round", manage_guild=True)
    text = await last_text(reqs)
    assert "round 1" in text and "bye" in text
    opened = [int(r.json["recipient_id"]) for r in reqs if r.path == "/users/@me/channels"]
    # Berger round 1 of three players: alice has the bye, bob meets li; both are told by DM
    assert sorted(opened) == sorted([BOB.id, LI.id])
    reqs = await harness.slash(MOD, "league standings")
    assert "Winter" in await last_text(reqs)
    reqs = await harness.slash(ALICE, "league propose_time", when="2026-13-45 99:00")
    refusal = [r for r in reqs if "YYYY-MM-DD HH:MM" in r.text]
    assert refusal and refusal[0].ephemeral  # refused by the adapter, privately, before the host


async def test_deck_saved_and_listed(harness):
    code = next(iter(get_engine("frontline").loadout_presets().values()))
    reqs = await harness.slash(ALICE, "deck save", game="frontline", name="tempo", code=code)
    assert "Saved **tempo**" in await last_text(reqs)
    reqs = await harness.slash(ALICE, "deck list", game="frontline")
    text = await last_text(reqs)
    assert "tempo" in text and all(r.ephemeral for r in followups(reqs))


async def test_league_game_opens_in_a_thread_of_the_league_channel(harness):
    """Issue 17 §4: a league game opens where the league's settings say, in its own thread
    of the league's channel (the host-level test types `/league play` in another channel;
    this fake Discord knows one channel only)."""
    from tests.discord.harness import CHANNEL_ID

    await harness.slash(MOD, "leagueadmin create", manage_guild=True, name="Winter", game="duel",
                        format="round_robin")
    await harness.slash(MOD, "leagueadmin open", manage_guild=True)
    for user in (ALICE, BOB):
        await harness.slash(user, "league join")
    await harness.slash(MOD, "leagueadmin start_round", manage_guild=True)
    reqs = await harness.slash(ALICE, "league play")
    created = [r for r in reqs if r.method == "POST" and r.path.endswith("/threads")]
    assert [r.path for r in created] == [f"/channels/{CHANNEL_ID}/threads"]
    thread = int(created[0].response["id"])
    assert "Winter" in created[0].json["name"]
    session = (await harness.client.host.repo.open_sessions_of_user(ALICE.id))[0]
    assert session.channel_id == thread
    assert harness.recorder.channel_messages(thread)
    assert f"<#{thread}>" in await last_text(reqs)


async def test_league_created_on_discord_with_fides_swiss_options(harness):
    """Issue 22: the tie-break order, half-point byes, bye points and Baku acceleration an
    organizer sets at the console can be set from Discord's /leagueadmin create as well, and
    a tie-break the standings do not know is refused."""
    reqs = await harness.slash(MOD, "leagueadmin create", manage_guild=True, name="Open", game="duel",
                               format="swiss", rounds=5, tiebreaks="sonneborn_berger,buchholz_cut1",
                               half_byes=2, bye_points=0.5, acceleration="baku")
    assert "League **Open** created" in await last_text(reqs)
    service = harness.client.host.league
    league = await service._one("SELECT settings FROM leagues WHERE name=?", "Open")
    settings = service._settings(league)
    assert settings.tiebreaks == ["sonneborn_berger", "buchholz_cut1"]
    assert (settings.half_byes, settings.bye_points, settings.acceleration) == (2, 0.5, "baku")
    reqs = await harness.slash(MOD, "leagueadmin create", manage_guild=True, name="Other", game="duel",
                               format="swiss", rounds=5, tiebreaks="coin_toss")
    assert "coin_toss" in await last_text(reqs)
    assert await service._one("SELECT 1 FROM leagues WHERE name=?", "Other") is None


async def test_a_league_table_on_discord_waits_for_the_players_values(harness):
    """Issue 17 §1: player entropy "on by default for league tables": the pairing's table opens
    in a lobby showing the seal; each player adds a value with `/game start entropy:VALUE`
    (or `/game start`, the bot drawing theirs) and the game starts when both have."""
    import re

    from bot.host import fair

    await harness.slash(MOD, "leagueadmin create", manage_guild=True, name="Winter", game="duel",
                        format="round_robin", lobby_hours=2.5)
    await harness.slash(MOD, "leagueadmin open", manage_guild=True)
    for user in (ALICE, BOB):
        await harness.slash(user, "league join")
    await harness.slash(MOD, "leagueadmin start_round", manage_guild=True)
    service = harness.client.host.league
    assert service._settings(await service._one("SELECT settings FROM leagues")).lobby_hours == 2.5
    reqs = await harness.slash(ALICE, "league play")
    thread = int(next(r for r in reqs if r.method == "POST" and r.path.endswith("/threads")).response["id"])
    host = harness.client.host
    session = (await host.repo.open_sessions_of_user(ALICE.id))[0]
    assert session.status == "lobby" and session.entropy == {}
    opening = " ".join(r.text for r in harness.recorder.channel_messages(thread))
    assert re.search(r"`([0-9a-f]{64})`", opening).group(1) == session.seed_hash  # the seal, before any value
    reqs = await harness.slash(ALICE, "game start", channel_id=thread, entropy="alice-winter")
    assert (await host.repo.load_session(session.id)).status == "lobby"
    since = len(harness.requests)
    await harness.slash(BOB, "game start", channel_id=thread)
    session = await host.repo.load_session(session.id)
    assert session.status == "active" and session.entropy[str(ALICE.id)] == "alice-winter"
    assert fair.CONTRIBUTION.fullmatch(session.entropy[str(BOB.id)])
    assert "alice-winter" in " ".join(r.text for r in harness.recorder.channel_messages(thread, since))
    assert all(r.ok for r in harness.requests[since:])  # the strict fake accepted every request of the start


async def test_commit_then_reveal_on_discord_in_both_languages(harness):
    """Issue 17 §1, commit-then-reveal: `/game join commit:HASH` (the option within Discord's
    limits: exactly 64 characters), the commitments closed by the creator, a reveal that does
    not match refused in the player's language (li speaks Chinese), the matching one starts
    the game; the strict fake accepts every request."""
    import hashlib

    from games.core.i18n import t

    since = len(harness.requests)
    await harness.slash(ALICE, "game new", game="duel", entropy=True)
    host = harness.client.host
    session = (await host.repo.open_sessions_of_user(ALICE.id))[0]
    reqs = await harness.slash(LI, "game join", commit=hashlib.sha256(b"li-value").hexdigest())
    assert "Done" in await last_text(reqs) or "完成" in await last_text(reqs)
    await harness.slash(ALICE, "game start")
    assert (await host.repo.load_session(session.id)).reveal_until is not None
    reqs = await harness.slash(LI, "game start", entropy="not-it")
    expected = t("zh-CN", "host.reveal_mismatch", value="not-it", hash=hashlib.sha256(b"li-value").hexdigest())
    assert expected in await last_text(reqs) and all(r.ephemeral for r in followups(reqs))
    assert (await host.repo.load_session(session.id)).status == "lobby"
    await harness.slash(LI, "game start", entropy="li-value")
    session = await host.repo.load_session(session.id)
    assert session.status == "active" and session.entropy[str(LI.id)] == "li-value"
    assert all(r.ok for r in harness.requests[since:])
