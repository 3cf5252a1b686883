"""The league host over SQLite: organizers, players, reported and hosted results,
standings, ratings, undo, season end and export."""
import json
import aiosqlite
import pytest

from bot.league.ratings import RatedResult, replay
from bot.league.pairing import DOWN, UP
from bot.league.service import LeagueService, _by_rating
from storage.db import migrate
from storage.sessions import open_repository
from tests.conftest import backend_params, database
from bot.outbox import Command, Outbox

# the organizers' command as a tick's posts name it: Discord's, under the names each reader
# sees (bot/commandref.py; the console's is /league set_result)
def names_set_result(text: str) -> bool:
    return "/leagueadmin set_result" in text or "/联赛管理 设定结果" in text
from games.registry import register
from tests.toygame import ENGINE, GAME

register(GAME)
GUILD = 77
ORG = 1
PLAYERS = {101: "ann", 102: "bo", 103: "cy", 104: "di"}


class Clock:
    def __init__(self):
        self.now = 1_800_000_000.0

    def __call__(self):
        return self.now


@pytest.fixture(params=backend_params())
async def svc(request, tmp_path):
    """The service on its own SQLite connection (its own transactions), or on PostgreSQL
    through the repository (the host's transactions), as the bot runs it on each."""
    repo = None
    if request.param == "postgres":
        repo = await open_repository(database(request, tmp_path))
        db, transaction = repo.conn, repo.transaction
    else:
        db = await aiosqlite.connect(tmp_path / "league.sqlite3", isolation_level=None)
        db.row_factory = aiosqlite.Row
        await migrate(db)
        transaction = None
    for uid, name in PLAYERS.items():  # the host remembers each user's locale
        await db.execute("INSERT INTO users (id, name, locale) VALUES (?, ?, 'en')", (uid, name))
    started = []

    async def start_game(command, game, channel, thread_name, seats, options, lobby_until, link):
        started.append((game, channel, seats, options, lobby_until))
        session_id, channel_id = 500 + len(started), 9000 + len(started)
        async with service._transaction():  # as the host does: the table and its link in one commit
            await link(session_id, channel_id)
        return session_id, channel_id, Outbox()

    service = LeagueService(db, clock=Clock(), start_game=start_game, transaction=transaction)
    service.started = started
    yield service
    await (repo.close() if repo else db.close())


def cmd(verb, user=ORG, manage=False, locale="en-US", roles=(), **args):
    return Command(user_id=user, user_name=PLAYERS.get(user, "org"), verb=verb, args=args, guild_id=GUILD,
                   channel_id=9, locale=locale, can_manage_guild=manage, roles=tuple(roles))


async def setup_league(svc, fmt="round_robin", **extra):
    out = await svc.handle(cmd("league.create", manage=True, name="Spring", game="duel", format=fmt, **extra))
    assert "Spring" in out.reply.text and not out.reply_ephemeral
    await svc.handle(cmd("league.open", manage=True))
    for uid in PLAYERS:
        await svc.handle(cmd("league.join", user=uid))
        await svc.handle(cmd("league.checkin", user=uid))


async def test_only_organizers_create_and_start(svc):
    out = await svc.handle(cmd("league.create", name="X", game="duel"))
    assert "Only league organizers" in out.reply.text
    await setup_league(svc, organizer_role=555)
    out = await svc.handle(cmd("league.start_round", user=101))
    assert "Only league organizers" in out.reply.text
    out = await svc.handle(cmd("league.start_round", user=101, roles=[555]))
    assert "round 1" in out.reply.title


async def test_errors_are_localized(svc):
    out = await svc.handle(cmd("league.join", user=101, locale="zh-CN"))
    assert out.reply.text.startswith("本服务器还没有联赛")


async def test_bad_settings_are_refused(svc):
    out = await svc.handle(cmd("league.create", manage=True, name="S", game="duel", format="ladder"))
    assert "Bad league setting" in out.reply.text
    out = await svc.handle(cmd("league.create", manage=True, name="S", game="duel", format="swiss"))
    assert "needs a number of rounds" in out.reply.text
    out = await svc.handle(cmd("league.create", manage=True, name="S", game="chess"))
    assert "no game chess" in out.reply.text


async def play_round(svc, results):
    """results: {frozenset(pair): winner_user_id or None for a draw}; reported + confirmed."""
    season_matches = await svc._all("SELECT * FROM league_matches WHERE status='pending'")
    for m in season_matches:
        a, b = json.loads(m["players"])
        winner = results[frozenset((a, b))]
        outcome = "draw" if winner is None else "win" if winner == a else "loss"
        out = await svc.handle(cmd("league.report", user=a, outcome=outcome))
        assert out.private and out.private[0][0] == b  # the opponent is asked to confirm
        out = await svc.handle(cmd("league.confirm", user=b, match=m["id"]))
        assert "confirmed" in out.reply.text


async def test_round_robin_season_with_reports(svc):
    await setup_league(svc)
    wins = {101: 3, 102: 2, 103: 1, 104: 0}  # stronger id wins
    for rnd in range(3):
        out = await svc.handle(cmd("league.start_round", manage=True))
        assert f"round {rnd + 1}" in out.reply.title
        assert len(out.private) == 4  # each player is told their pairing by DM
        pairs = await svc._all("SELECT players FROM league_matches WHERE status='pending'")
        results = {}
        for row in pairs:
            a, b = json.loads(row["players"])
            results[frozenset((a, b))] = a if wins[a] > wins[b] else b
        await play_round(svc, results)
    out = await svc.handle(cmd("league.start_round", manage=True))
    assert "All 3 rounds" in out.reply.text
    out = await svc.handle(cmd("league.standings"))
    lines = out.reply.text.strip("`\n").splitlines()
    assert lines[1].split()[:3] == ["1", "ann", "3"]
    assert lines[4].split()[:3] == ["4", "di", "0"]
    out = await svc.handle(cmd("league.ratings"))
    board = out.reply.text
    assert board.index("ann") < board.index("bo") < board.index("cy") < board.index("di")


async def test_confirmation_rules(svc):
    await setup_league(svc)
    await svc.handle(cmd("league.start_round", manage=True))
    m = (await svc._all("SELECT * FROM league_matches WHERE status='pending'"))[0]
    a, b = json.loads(m["players"])
    await svc.handle(cmd("league.report", user=a, outcome="win"))
    out = await svc.handle(cmd("league.confirm", user=a, match=m["id"]))
    assert "Only an opponent" in out.reply.text
    out = await svc.handle(cmd("league.dispute", user=b, match=m["id"], reason="I won"))
    assert "disputed" in out.reply.text
    out = await svc.handle(cmd("league.set_result", manage=True, match=m["id"], ranks="2,1", reason="checked replay"))
    assert "set" in out.reply.text
    row = await svc._one("SELECT * FROM league_matches WHERE id=?", m["id"])
    assert json.loads(row["ranks"]) == [2, 1] and row["status"] == "done"
    audit = await svc._all("SELECT action, reason FROM league_audit")
    assert ("dispute", "I won") in [(r["action"], r["reason"]) for r in audit]
    assert ("set_result", "checked replay") in [(r["action"], r["reason"]) for r in audit]


async def test_hosted_game_result_and_forfeit_stay_out_of_ratings(svc):
    await setup_league(svc)
    await svc.handle(cmd("league.start_round", manage=True))
    matches = await svc._all("SELECT * FROM league_matches WHERE status='pending' ORDER BY id")
    a, b = json.loads(matches[0]["players"])
    out = await svc.handle(cmd("league.play", user=a))
    assert "table 501" in out.reply.text
    assert svc.started[0][0] == "duel" and [u for u, _ in svc.started[0][2]] == [a, b]
    await svc.game_finished(501, {a: 2, b: 1})  # b won the hosted game
    c, d = json.loads(matches[1]["players"])
    await svc.handle(cmd("league.play", user=c))
    await svc.game_finished(502, {c: 1, d: 2}, forfeit=True)  # d timed out
    events = await svc._all("SELECT * FROM league_rating_events")
    assert len(events) == 1 and json.loads(events[0]["players"]) == [a, b]
    rows = {r["id"]: r for r in await svc._all("SELECT * FROM league_matches")}
    assert rows[matches[1]["id"]]["result_kind"] == "forfeit"


async def test_void_replays_ratings_as_if_never_played(svc):
    await setup_league(svc)
    await svc.handle(cmd("league.start_round", manage=True))
    ms = await svc._all("SELECT * FROM league_matches WHERE status='pending' ORDER BY id")
    for m in ms:
        a, b = json.loads(m["players"])
        await svc.handle(cmd("league.set_result", manage=True, match=m["id"], ranks="1,2"))
    await svc.handle(cmd("league.void", manage=True, match=ms[0]["id"], reason="wrong table"))
    book = await svc._book(await svc._one("SELECT * FROM leagues"))
    a, b = json.loads(ms[1]["players"])
    expected = replay([RatedResult(ms[1]["id"], (a, b), (1, 2))])
    assert {p: (r.mu, r.sigma) for p, r in book.ratings.items()} == {
        p: (r.mu, r.sigma) for p, r in expected.ratings.items()
    }


async def test_deadline_reminder_then_double_forfeit(svc):
    await setup_league(svc, round_days=7)
    await svc.handle(cmd("league.start_round", manage=True))
    svc.clock.now += 6.5 * 86400
    out = await svc.tick()
    assert len(out.private) == 4 and "Reminder" in out.private[0][1].text
    assert (await svc.tick()).private == []  # reminded once
    svc.clock.now += 86400
    await svc.tick()
    rows = await svc._all("SELECT * FROM league_matches")
    assert {r["result_kind"] for r in rows} == {"double_forfeit"}
    assert await svc._all("SELECT * FROM league_rating_events") == []


async def test_swiss_league_with_bye_and_drop(svc):
    await svc.handle(cmd("league.create", manage=True, name="Sw", game="duel", format="swiss", rounds=3))
    await svc.handle(cmd("league.open", manage=True))
    for uid in (101, 102, 103):
        await svc.handle(cmd("league.join", user=uid))
    byes = []
    for _ in range(2):
        await svc.handle(cmd("league.start_round", manage=True))
        for m in await svc._all("SELECT * FROM league_matches WHERE status='pending'"):
            await svc.handle(cmd("league.set_result", manage=True, match=m["id"], ranks="1,2"))
        byes = [json.loads(r["players"])[0] for r in await svc._all("SELECT * FROM league_matches WHERE kind='bye'")]
    assert len(set(byes)) == 2  # never a second bye
    # C.04.1: two players meet once; with 3 players that allows n - 1 = 2 rounds, not 3
    out = await svc.handle(cmd("league.start_round", manage=True))
    assert "All 2 rounds" in out.reply.text


async def test_season_end_new_season_and_export(svc):
    await setup_league(svc)
    await svc.handle(cmd("league.start_round", manage=True))
    for m in await svc._all("SELECT * FROM league_matches WHERE status='pending'"):
        await svc.handle(cmd("league.set_result", manage=True, match=m["id"], ranks="1,2"))
    out = await svc.handle(cmd("league.end_season", manage=True))
    assert "over" in out.reply.text
    out = await svc.handle(cmd("league.new_season", manage=True, reset_ratings=True))
    assert "ratings reset" in out.reply.text
    league = await svc._one("SELECT * FROM leagues")
    assert league["rating_epoch"] == 1 and (await svc._book(league)).ratings == {}
    out = await svc.handle(cmd("league.standings", season=1))
    assert "frozen" in out.reply.text
    out = await svc.handle(cmd("league.export"))
    csv_text = out.reply.images[0].data.decode("utf-8-sig")
    assert csv_text.startswith("round,match,players,ranks,result,status,session")


async def _run_round_robin(svc, players, **settings):
    await svc.handle(cmd("league.create", manage=True, name="RR", game="duel", **settings))
    await svc.handle(cmd("league.open", manage=True))
    for uid in players:
        await svc.handle(cmd("league.join", user=uid))
    rounds = []
    while True:
        out = await svc.handle(cmd("league.start_round", manage=True))
        if "rounds have been played" in out.reply.text:
            return rounds
        matches = await svc._all("SELECT * FROM league_matches WHERE status='pending' OR kind='bye' ORDER BY id")
        rounds.append(matches)
        for m in matches:
            if m["status"] == "pending":
                await svc.handle(cmd("league.set_result", manage=True, match=m["id"], ranks="1,1"))


async def test_odd_round_robin_bye_scores_nothing_by_default(svc):
    """C.05 Annex 1: with an odd number of players the extra number is the bye; the player
    paired with it does not play and, by default, scores nothing."""
    await _run_round_robin(svc, [101, 102, 103])
    out = await svc.handle(cmd("league.standings"))
    rows = [line.split() for line in out.reply.text.strip("`\n").splitlines()[1:]]
    assert {r[1]: r[2] for r in rows} == {"ann": "1", "bo": "1", "cy": "1"}  # two draws each, no bye point


async def test_bye_points_are_configurable(svc):
    await _run_round_robin(svc, [101, 102, 103], bye_points=1)
    out = await svc.handle(cmd("league.standings"))
    rows = [line.split() for line in out.reply.text.strip("`\n").splitlines()[1:]]
    assert {r[1]: r[2] for r in rows} == {"ann": "2", "bo": "2", "cy": "2"}


async def test_double_round_robin_plays_both_cycles_with_seats_reversed(svc):
    rounds = await _run_round_robin(svc, [101, 102, 103, 104], cycles=2)
    assert len(rounds) == 6
    games = [tuple(json.loads(m["players"])) for rnd in rounds for m in rnd]
    for pair in games[:6]:
        assert games.count(pair) == 1 and games.count(pair[::-1]) == 1


async def test_results_at_the_deadline_are_never_lost(svc):
    """Issue 22: "a report left unconfirmed at the deadline is confirmed (or, if disputed,
    goes to the organizers with a ping), never turned into a double forfeit"."""
    await setup_league(svc, round_days=2, organizer_role=555)
    await svc.handle(cmd("league.start_round", manage=True))
    first, second = await svc._all("SELECT * FROM league_matches ORDER BY id")
    a, b = json.loads(first["players"])
    c, d = json.loads(second["players"])
    await svc.handle(cmd("league.report", user=a, outcome="win"))  # b never answers
    await svc.handle(cmd("league.report", user=c, outcome="win"))
    await svc.handle(cmd("league.dispute", user=d, match=second["id"]))
    svc.clock.now += 2 * 86400
    out = await svc.tick()
    first, second = await svc._all("SELECT * FROM league_matches ORDER BY id")
    assert (first["status"], first["result_kind"], json.loads(first["ranks"])) == ("done", "played", [1, 2])
    assert [json.loads(e["players"]) for e in await svc._all("SELECT * FROM league_rating_events")] == [[a, b]]
    assert second["status"] == "disputed"  # waits for an organizer
    assert {u for u, m in out.private if "now counts" in m.text} == {a, b}
    pings = [m for chan, m in out.public if chan == 9]
    assert len(pings) == 1 and pings[0].text.startswith("<@&555>") and names_set_result(pings[0].text)
    assert pings[0].role_pings == [555]  # the adapter lets exactly that role be notified
    assert len([u for u, m in out.private if u == ORG and names_set_result(m.text)]) == 1  # the league's creator
    again = await svc.tick()
    assert again.public == [] and again.private == []  # brought to the organizers once


async def test_organizer_policy_brings_unplayed_games_to_the_organizers(svc):
    await setup_league(svc, round_days=1, deadline_policy="organizer")
    await svc.handle(cmd("league.start_round", manage=True))
    svc.clock.now += 86400
    out = await svc.tick()
    rows = await svc._all("SELECT * FROM league_matches")
    assert {r["status"] for r in rows} == {"pending"}
    assert [u for u, m in out.private if names_set_result(m.text)] == [ORG, ORG]  # one line per match, to the creator


async def test_an_edited_result_rerates_from_its_own_place(svc):
    """Issue 22: "an edited result re-rates from its own place in history"."""
    await setup_league(svc)
    results = []
    for _ in range(2):
        await svc.handle(cmd("league.start_round", manage=True))
        for m in await svc._all("SELECT * FROM league_matches WHERE status='pending' ORDER BY id"):
            await svc.handle(cmd("league.set_result", manage=True, match=m["id"], ranks="1,2"))
            results.append((m["id"], tuple(json.loads(m["players"]))))
    first_id, first_players = results[0]
    await svc.handle(cmd("league.set_result", manage=True, match=first_id, ranks="2,1", reason="wrong winner"))
    book = await svc._book(await svc._one("SELECT * FROM leagues"))
    expected = replay([RatedResult(first_id, first_players, (2, 1))] +
                      [RatedResult(i, ps, (1, 2)) for i, ps in results[1:]])
    at_end = replay([RatedResult(i, ps, (1, 2)) for i, ps in results[1:]] +
                    [RatedResult(first_id, first_players, (2, 1))])
    got = {p: (r.mu, r.sigma) for p, r in book.ratings.items()}
    assert got == {p: (r.mu, r.sigma) for p, r in expected.ratings.items()}
    assert got != {p: (r.mu, r.sigma) for p, r in at_end.ratings.items()}  # the old behaviour differs


async def _run_knockout(svc, fmt, entrants, **settings):
    await svc.handle(cmd("league.create", manage=True, name="KO", game="duel", format=fmt, **settings))
    await svc.handle(cmd("league.open", manage=True))
    for uid in entrants:
        await svc.handle(Command(user_id=uid, user_name=f"u{uid}", verb="league.join", args={}, guild_id=GUILD,
                                 channel_id=9, locale="en"))
    waves = 0
    while True:
        out = await svc.handle(cmd("league.start_round", manage=True))
        if "champion" in out.reply.text:
            return out.reply.text, waves
        waves += 1
        assert waves < 40, out.reply.text
        for m in await svc._all("SELECT * FROM league_matches WHERE status='pending'"):
            a, b = json.loads(m["players"])
            await svc.handle(cmd("league.set_result", manage=True, match=m["id"], ranks="1,2" if a < b else "2,1"))


@pytest.mark.parametrize("fmt,n", [("single_elim", 5), ("double_elim", 8), ("single_elim", 13)])
async def test_knockout_league_runs_to_a_champion(svc, fmt, n):
    text, waves = await _run_knockout(svc, fmt, range(201, 201 + n))
    assert "u201 is the champion" in text  # nobody rated yet: seeded in join order, the lowest id wins


async def test_swiss_stage_then_top_four_playoff(svc):
    text, waves = await _run_knockout(svc, "swiss", range(201, 209), rounds=3, playoff=4)
    assert waves == 3 + 2  # three Swiss rounds, then semi-finals and the final
    assert "u201 is the champion" in text
    season = await svc._one("SELECT bracket FROM league_seasons")
    out = await svc.handle(cmd("league.standings"))
    rows = [line.split() for line in out.reply.text.strip("`\n").splitlines()[1:]]
    assert [r[1] for r in rows[:4]] == ["u201", "u202", "u203", "u204"]
    assert rows[0][2] == "3"  # the stage's table: the playoff games are not in it
    assert json.loads(season["bracket"])["seeds"] == [201, 202, 203, 204]  # seeded by the stage's standings


async def test_a_player_leaving_does_not_shorten_the_round_robin(svc):
    await setup_league(svc)  # four players: three rounds
    await svc.handle(cmd("league.start_round", manage=True))
    for m in await svc._all("SELECT * FROM league_matches WHERE status='pending'"):
        await svc.handle(cmd("league.set_result", manage=True, match=m["id"], ranks="1,2"))
    await svc.handle(cmd("league.drop", manage=True, user_id=104))
    played = 1
    while "rounds have been played" not in (out := await svc.handle(cmd("league.start_round", manage=True))).reply.text:
        played += 1
        for m in await svc._all("SELECT * FROM league_matches WHERE status='pending'"):
            await svc.handle(cmd("league.set_result", manage=True, match=m["id"], ranks="1,2"))
    assert played == 3 and "All 3 rounds" in out.reply.text


async def test_swiss_league_with_baku_acceleration(svc):
    """C.04.5.1: with `acceleration=baku` the first half of the field (rounded up to even)
    pairs with a virtual point in the first accelerated rounds: in round 1 of eight, 1-4
    meet among themselves; the virtual point never reaches the standings."""
    out = await svc.handle(cmd("league.create", manage=True, name="Baku", game="duel", format="round_robin",
                               acceleration="baku"))
    assert "Swiss" in out.reply.text  # refused: acceleration is for Swiss leagues
    await svc.handle(cmd("league.create", manage=True, name="Baku", game="duel", format="swiss", rounds=5,
                         acceleration="baku"))
    await svc.handle(cmd("league.open", manage=True))
    for uid in range(201, 209):
        await svc.handle(cmd("league.join", user=uid))
    await svc.handle(cmd("league.start_round", manage=True))
    pairs = {frozenset(json.loads(m["players"])) for m in await svc._all("SELECT * FROM league_matches")}
    assert pairs == {frozenset(p) for p in ((201, 203), (202, 204), (205, 207), (206, 208))}
    for m in await svc._all("SELECT * FROM league_matches WHERE status='pending'"):
        await svc.handle(cmd("league.set_result", manage=True, match=m["id"], ranks="1,2"))
    rows = await svc._standing_rows(await svc._one("SELECT * FROM leagues"), 1)
    assert sorted(r.points for r in rows) == [0, 0, 0, 0, 1, 1, 1, 1]


async def test_swiss_history_records_each_rounds_floats(svc):
    """C.04.3: a player paired against a lower score floats down, against a higher one up;
    one who does not play the round (the bye) counts as floated down."""
    await svc.handle(cmd("league.create", manage=True, name="Sw", game="duel", format="swiss", rounds=3))
    await svc.handle(cmd("league.open", manage=True))
    for uid in range(201, 206):
        await svc.handle(cmd("league.join", user=uid))
    for _ in range(2):
        await svc.handle(cmd("league.start_round", manage=True))
        for m in await svc._all("SELECT * FROM league_matches WHERE status='pending'"):
            await svc.handle(cmd("league.set_result", manage=True, match=m["id"], ranks="1,2"))
    scores, _, _, _, floats = await svc._history(1, 1.0)
    matches = await svc._season_matches(1)
    first, second = ([json.loads(m["players"]) for m in matches if m["round"] == r] for r in (1, 2))
    [bye] = [ps[0] for ps in first if len(ps) == 1]
    assert bye == 205 and floats[205][0] == DOWN  # the lowest ranked, all on 0
    assert all(floats[p][0] == 0 for ps in first if len(ps) == 2 for p in ps)
    after_one = {p: 0.0 for p in range(201, 206)}
    for ps in first:
        after_one[ps[0]] += 1.0  # the first listed won, or had the bye
    for ps in second:
        if len(ps) == 1:
            assert floats[ps[0]][1] == DOWN
            continue
        a, b = ps
        expected = (0, 0) if after_one[a] == after_one[b] else (DOWN, UP) if after_one[a] > after_one[b] else (UP, DOWN)
        assert (floats[a][1], floats[b][1]) == expected
    # after round 1 the scores are 1, 1, 1, 0, 0 (two winners and the bye): an odd group
    assert sum(floats[p][1] != 0 for p in range(201, 206)) >= 2


async def test_thirty_player_swiss_seeded_by_the_ratings_the_season_began_with(svc):
    """An organizer's 30-player Swiss, five rounds, through the service: every round pairs
    everyone without a rematch. C.04.2 ranks the players for pairing numbers by rating:
    the next season's round 1 pairs the best rated with the 16th (S1 v S2), not the first
    to join with the 16th to join; and the order holds while the season's own games move
    the ratings."""
    field = list(range(301, 331))

    async def play_season(rounds_to_play: int) -> list[list[list[int]]]:
        await svc.handle(cmd("league.open", manage=True))
        for uid in field:
            await svc.handle(cmd("league.join", user=uid))
        season = await svc._season((await svc._one("SELECT * FROM leagues"))["id"])
        rounds = []
        for _ in range(rounds_to_play):
            out = await svc.handle(cmd("league.start_round", manage=True))
            assert "Table 15:" in out.reply.text, out.reply.text
            last = await svc._one("SELECT MAX(number) AS n FROM league_rounds WHERE season_id=?", season["id"])
            games = [json.loads(m["players"]) for m in await svc._season_matches(season["id"])
                     if m["round"] == last["n"]]
            rounds.append(games)
            # the later joiner wins: season 1 ends with ratings far from the join order
            for m in await svc._all("SELECT * FROM league_matches WHERE status='pending'"):
                ps = json.loads(m["players"])
                await svc.handle(cmd("league.set_result", manage=True, match=m["id"],
                                     ranks="1,2" if ps[0] > ps[1] else "2,1"))
        return rounds

    await svc.handle(cmd("league.create", manage=True, name="Open", game="duel", format="swiss", rounds=5))
    first = await play_season(5)
    pairs = [frozenset(g) for games in first for g in games]
    assert len(pairs) == len(set(pairs)) == 5 * 15 and all(len(p) == 2 for p in pairs)
    await svc.handle(cmd("league.end_season", manage=True))
    await svc.handle(cmd("league.new_season", manage=True))
    league = await svc._one("SELECT * FROM leagues")
    book = await svc._book(league)
    ranked = sorted(field, key=lambda p: -book.ratings[p].ordinal)
    assert ranked != field  # the ratings reorder the field
    second = await play_season(2)
    assert {frozenset(g) for g in second[0]} == {frozenset((ranked[i], ranked[i + 15])) for i in range(15)}
    # round 2 still pairs on the order the season began with: within each score group S1 v S2
    season = await svc._season(league["id"])
    assert _by_rating(await svc._book(league, before_season=season["id"]), field) == ranked
