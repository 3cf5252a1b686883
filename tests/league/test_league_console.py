"""End to end at the console table: an organizer runs a four-player round-robin league of
bot-hosted games (ended by concession) plus one game reported from outside the bot."""
import os
import subprocess
import sys
from pathlib import Path

from bot.league.ratings import RatedResult, replay

SCRIPT = Path(__file__).parent / "scripts" / "round_robin.txt"
ROOT = Path(__file__).resolve().parents[2]


def run_script() -> list[str]:
    env = dict(os.environ, SHAPAN_EXTRA_GAMES="tests.toygame:ENGINE")
    proc = subprocess.run(
        [sys.executable, "-m", "bot.cli", "table", "--script", str(SCRIPT), "--seed", "5"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.splitlines()


def test_round_robin_league_end_to_end():
    lines = run_script()
    text = "\n".join(lines)
    # every hosted game was opened from a pairing and its result reached the league
    for match, table in ((1, 1), (2, 2), (3, 3), (6, 4), (5, 5)):
        assert f"League match #{match}: table {table} is open." in text
    assert "Result of match #4 confirmed." in text
    assert "There is no" not in text and "still has" not in text  # no command was refused
    # standings and ratings are answers the whole channel sees: `[table]` lines at the console
    start = lines.index("[table] ## Spring · season 1 standings")
    table = [line.removeprefix("[table] ").split() for line in lines[start + 3 : start + 7]]
    # rank, player, points, Buchholz, Sonneborn-Berger, wins (worked by hand in the script)
    assert table == [
        ["1", "alice", "3", "3", "3", "3"],
        ["2", "bob", "2", "4", "1", "2"],
        ["3", "carol", "1", "5", "0", "1"],
        ["4", "dave", "0", "6", "0", "0"],
    ]
    # ratings: openskill replayed over the results in the order they were recorded
    book = replay([
        RatedResult(1, ("alice", "dave"), (1, 2)), RatedResult(2, ("bob", "carol"), (1, 2)),
        RatedResult(4, ("alice", "bob"), (1, 2)), RatedResult(3, ("dave", "carol"), (2, 1)),
        RatedResult(6, ("carol", "alice"), (2, 1)), RatedResult(5, ("bob", "dave"), (1, 2)),
    ])
    expected = [f"{i}. {p}  {book.ratings[p].display}?  (3)" for i, p in enumerate(["alice", "bob", "carol", "dave"], 1)]
    start = lines.index("[table] ## Spring · ratings")
    shown = [line.removeprefix("[table] ").strip() for line in lines[start + 2 : start + 6]]
    assert shown == expected
    history = [f"[reply alice] #{h.result_id}: {round(h.before)} → {round(h.after)} ({'reported' if h.result_id == 4 else 'game'})"
               for h in book.history if h.player == "alice"]
    assert lines[-3:] == history


async def test_console_wait_moves_the_league_clock(tmp_path):
    """Issue 17 §4: "The console's `/wait` moves the league's clock too, so deadlines and
    reminders can be played through at the console." """
    from bot.console import run_script as run_lines
    from games.registry import register
    from tests.toygame import ENGINE, GAME

    register(GAME)
    lines = ["org!: /lang en", "alice: /lang en", "bob: /lang en",
             "org!: /league create Spring duel round_days=3", "org!: /league open",
             "alice: /league join", "bob: /league join", "org!: /league start_round",
             "org!: /wait 48.5", "org!: /wait 24", "org!: /league standings"]
    out: list[str] = []
    await run_lines(lines, str(tmp_path / "db.sqlite3"), str(tmp_path), 5, out.append)
    assert not any("Reminder" in line for line in out[: out.index("[console] the clock moves 48.5 h forward")])
    reminders = [line for line in out if "Reminder: your match #1" in line]
    assert sorted(line.split("]")[0] for line in reminders) == ["[dm alice", "[dm bob"]
    row = await _match_row(tmp_path / "db.sqlite3")
    assert row == ("done", "double_forfeit")  # the deadline policy ran at the console's later time


async def _match_row(path):
    import aiosqlite

    async with aiosqlite.connect(path) as db:
        async with db.execute("SELECT status, result_kind FROM league_matches") as cur:
            return tuple(await cur.fetchone())
