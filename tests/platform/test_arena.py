"""Issue 21: `shapan arena` plays levels against each other with seats alternated and reports
the win rate with a 95 % Wilson interval, draws, and the time per decision."""
import subprocess
import sys
from pathlib import Path

import pytest

from games.core.arena import play_match, wilson
from games.registry import get_engine


@pytest.mark.parametrize("wins,n,low,high", [
    (7, 10, 0.3968, 0.8922),  # the textbook example of the Wilson score interval
    (0, 10, 0.0, 0.2775),  # sound at 0, where p ± 2σ would give [0, 0]
    (10, 10, 0.7225, 1.0),
])
def test_wilson_interval_matches_published_values(wins, n, low, high):
    got = wilson(wins, n)
    assert got == pytest.approx((low, high), abs=1e-4)


def test_a_match_counts_every_game_once_and_times_both_sides():
    report = play_match(get_engine("fleet"), "easy", "heuristic", 4, seed=3)
    assert report.games == 4
    assert report.a_wins + report.b_wins + report.draws == 4
    assert report.times["a"].decisions > 0 and report.times["b"].decisions > 0
    assert "easy vs heuristic, 4 games" in report.line()


def test_an_interrupted_match_reports_the_games_it_finished():
    """Brief arena6: a match cut short (Ctrl-C, `timeout -s INT`) still reports every game it
    finished, so that a long run on a busy machine keeps what it measured."""
    def interrupt_after_two(report):
        if report.games == 2:
            raise KeyboardInterrupt

    report = play_match(get_engine("fleet"), "easy", "heuristic", 5, seed=3, progress=interrupt_after_two)
    assert report.stopped and report.games == 2
    assert report.a_wins + report.b_wins + report.draws == 2
    assert "2 games (2 players, stopped early)" in report.line()
    assert not play_match(get_engine("fleet"), "easy", "heuristic", 1, seed=3).stopped


def test_the_command_refuses_a_game_it_does_not_know_and_runs_a_small_match():
    shapan = Path(sys.executable).parent / "shapan"
    bad = subprocess.run([str(shapan), "arena", "--game", "chess960", "--a", "easy", "--b", "heuristic",
                          "--games", "1"], capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and "unknown game 'chess960'" in bad.stderr
    ok = subprocess.run([str(shapan), "arena", "--game", "战舰", "--a", "easy", "--b", "heuristic", "--games", "2"],
                        capture_output=True, text=True, timeout=300)
    assert ok.returncode == 0, ok.stderr[-2000:]
    assert "fleet: easy vs heuristic, 2 games" in ok.stdout


def test_a_cpu_budget_counts_the_thinking_threads_cpu_time():
    """`--cpu`: a search's budget runs on its thread's CPU clock, so a loaded machine measures
    the budget's play, not the load's; the plain sides have no clock to set."""
    import time

    from games.core.arena import side_bot

    engine = get_engine("fleet")
    assert side_bot(engine, "hard", cpu=True).clock is time.thread_time
    assert side_bot(engine, "hard").clock is time.perf_counter
    assert not hasattr(side_bot(engine, "heuristic", cpu=True), "clock")


def test_a_match_resumed_from_a_later_game_plays_the_same_games():
    """A match cut short resumes with `--first N`: game N of a seed is the same game whether the
    match started at 0 or at N (each game is seeded by its number, seats alternate by it)."""
    engine = get_engine("fleet")
    whole = [play_match(engine, "easy", "heuristic", 1, seed=5, first=g).a_wins for g in range(4)]
    assert sum(whole) == play_match(engine, "easy", "heuristic", 4, seed=5).a_wins
    resumed = play_match(engine, "easy", "heuristic", 2, seed=5, first=2)
    assert resumed.games == 2 and resumed.a_wins == sum(whole[2:])



def test_each_game_starts_the_bots_memory_afresh(monkeypatch):
    """The lead's session 12: frontline's game 11 of seed 9 was lost inside a 200-game match and won
    when played alone with `--first 11`: the hard bot's memory of positions (`search.Memory`, one
    per table in the host) was carried from game to game. Each game now starts it afresh, so a
    game's result does not depend on the games before it."""
    from games.core import arena
    from games.core.search import Memory
    engine = get_engine("fleet")
    empty_at_first_choice = []

    class Remembering:
        def __init__(self, inner):
            self.inner, self.memory = inner, Memory()

        def choose(self, state, seat, rng):
            if not self.memory.seen:
                empty_at_first_choice.append(seat)
            self.memory.note(engine, state, seat)
            return self.inner.choose(state, seat, rng)

    monkeypatch.setattr(arena, "side_bot", lambda engine, side, *args: Remembering(arena._Plain(engine, False)))
    arena.play_match(engine, "heuristic", "heuristic", 3, seed=4)
    assert len(empty_at_first_choice) == 2 * 3  # both sides, every game
