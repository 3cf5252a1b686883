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
    for match, table in ((1, 1), (2, 2), (4, 3), (5, 4), (6, 5)):
        assert f"League match #{match}: table {table} is open." in text
    assert "Result of match #3 confirmed." in text
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
        RatedResult(3, ("carol", "alice"), (2, 1)), RatedResult(4, ("dave", "bob"), (2, 1)),
        RatedResult(5, ("alice", "bob"), (1, 2)), RatedResult(6, ("carol", "dave"), (1, 2)),
    ])
    expected = [f"{i}. {p}  {book.ratings[p].display}?  (3)" for i, p in enumerate(["alice", "bob", "carol", "dave"], 1)]
    start = lines.index("[table] ## Spring · ratings")
    shown = [line.removeprefix("[table] ").strip() for line in lines[start + 2 : start + 6]]
    assert shown == expected
    history = [f"[reply alice] #{h.result_id}: {round(h.before)} → {round(h.after)} ({'reported' if h.result_id == 3 else 'game'})"
               for h in book.history if h.player == "alice"]
    assert lines[-3:] == history
