"""Organizer tools (issue 22): a substitute inherits a seat's future games, requested
half-point byes (FIDE's optional rule), a round announcement that pings each paired player
with their table, and a reminder before the deadline."""
import json

from bot.league.pairing import round_robin
from tests.league.test_league_service import ORG, PLAYERS, cmd, setup_league, svc  # noqa: F401 (fixture)


async def test_a_substitute_inherits_the_seats_future_games(svc):
    await setup_league(svc)  # ann 101, bo 102, cy 103, di 104: Berger numbers in join order
    await svc.handle(cmd("league.start_round", manage=True))
    for m in await svc._all("SELECT * FROM league_matches WHERE status='pending'"):
        await svc.handle(cmd("league.set_result", manage=True, match=m["id"], ranks="1,2"))
    out = await svc.handle(cmd("league.substitute", manage=True, user_id=102, sub_id=105, sub_name="eve"))
    assert "eve takes over bo" in out.reply.text
    out = await svc.handle(cmd("league.report", user=102, outcome="win"))
    assert "substitute" in out.reply.text  # bo is out now
    for _ in range(2):
        await svc.handle(cmd("league.start_round", manage=True))
        for m in await svc._all("SELECT * FROM league_matches WHERE status='pending'"):
            await svc.handle(cmd("league.set_result", manage=True, match=m["id"], ranks="1,2"))
    games = [(r["round"], tuple(json.loads(r["players"]))) for r in await svc._season_matches(1)]
    table = round_robin([101, 105, 103, 104])  # eve holds bo's Berger number 2
    assert [g for g in games if g[0] > 1] == [(r, pair) for r in (2, 3) for pair in table[r - 1]]
    assert any(102 in pair for rnd, pair in games if rnd == 1)  # bo's round-1 game stays bo's


async def test_requested_half_point_bye(svc):
    await svc.handle(cmd("league.create", manage=True, name="Sw", game="duel", format="swiss", rounds=3, half_byes=1))
    await svc.handle(cmd("league.open", manage=True))
    for uid in (101, 102, 103, 104):
        await svc.handle(cmd("league.join", user=uid))
    out = await svc.handle(cmd("league.request_bye", user=103, round=2))
    assert "round 2" in out.reply.text
    out = await svc.handle(cmd("league.request_bye", user=103, round=3))
    assert "1 half-point bye" in out.reply.text  # one per season here
    for _ in range(2):
        await svc.handle(cmd("league.start_round", manage=True))
        for m in await svc._all("SELECT * FROM league_matches WHERE status='pending'"):
            await svc.handle(cmd("league.set_result", manage=True, match=m["id"], ranks="1,2"))
    second = [r for r in await svc._season_matches(1) if r["round"] == 2]
    assert [json.loads(r["players"]) for r in second if r["result_kind"] == "half_bye"] == [[103]]
    assert sum(r["kind"] == "bye" for r in second) == 2  # three left to pair: one pairing-allocated bye as well
    scores, _, no_bye, _, _ = await svc._history(1, 1.0)
    assert 103 not in no_bye  # a requested bye does not use up the pairing-allocated one
    out = await svc.handle(cmd("league.standings"))
    row = next(line.split() for line in out.reply.text.splitlines() if "cy" in line)
    assert scores[103] == float(row[2]) and scores[103] in (0.5, 1.5)


async def test_round_announcement_pings_each_player_with_their_table(svc):
    await setup_league(svc)
    out = await svc.handle(cmd("league.start_round", manage=True))
    matches = await svc._all("SELECT * FROM league_matches ORDER BY id")
    for board, m in enumerate(matches, 1):
        a, b = json.loads(m["players"])
        assert f"Table {board}: <@{a}> vs <@{b}> (match #{m['id']})" in out.reply.text
    assert not out.reply_ephemeral and sorted(u for u, _ in out.private) == sorted(PLAYERS)
    assert sorted(out.reply.pings) == sorted(PLAYERS)  # the adapter notifies exactly them


async def test_reminder_before_the_deadline_follows_the_setting(svc):
    await setup_league(svc, round_days=3, remind_hours=6)
    await svc.handle(cmd("league.start_round", manage=True))
    svc.clock.now += 3 * 86400 - 7 * 3600
    assert (await svc.tick()).private == []  # 7 hours before: not yet
    svc.clock.now += 3600
    out = await svc.tick()
    assert len(out.private) == 4 and all("Reminder" in m.text for _, m in out.private)
