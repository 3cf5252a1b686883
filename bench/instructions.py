"""Instructions a decision, counted by callgrind: the dependable stand-in for `bench engines`.

CPU time on a shared machine moves with the neighbours; the instructions a fixed set of
random games executes do not. This runs the loop of `bench.engines.random_game` (or
python-chess's `chess_game` with `--game chess`) over fixed seeds under
`valgrind --tool=callgrind`, twice: once with a warm-up game only, once with the warm-up and
the counted games, both ending with `os._exit` (no interpreter shutdown counted), and divides
the difference by the counted decisions. PYTHONHASHSEED is fixed so the counts repeat.

    python -m bench instructions --game frontline --games 30
    python -m bench instructions --game frontline --game chess   # and the implied ratio

Counts compare one engine before and after a change (identical games, no noise). They do
not give the bench's ratio to python-chess by themselves: python-chess runs more instructions
a second than the engines (its moves are bit arithmetic on Python ints, theirs dict and
attribute reads), so the ratio of counts printed with `--game chess` overstates it. On
27 Nov 2026 frontline at 111.0k instructions a decision against python-chess's 420.7k read
x3.79 by counts, while `bench engines --anchor chess` gave x2.79 and x2.81 for that code on an
idle machine: about 1.35 times as many instructions a second for python-chess.
"""
from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile

FIRST_SEED = 10_000  # the seeds `bench engines` starts from
WARM_UP = 9_999


def _play(game: str, seeds: list[int]) -> int:
    """Decisions of the random games of `game` with these seeds."""
    if game == "chess":
        from bench.engines import chess_game

        return sum(chess_game(seed) for seed in seeds)
    from bench.engines import PLAYERS, random_game
    from games.registry import get_engine

    engine = get_engine(game)
    players = PLAYERS.get(game, engine.min_players)
    return sum(random_game(engine, seed, players)[0] for seed in seeds)


def _child(game: str, games: int) -> None:
    """Run under callgrind: the warm-up game, then `games` counted ones; print the decisions."""
    _play(game, [WARM_UP])
    decisions = _play(game, list(range(FIRST_SEED, FIRST_SEED + games)))
    print(decisions, flush=True)
    os._exit(0)  # the interpreter's shutdown is not the game's


def callgrind(bench_args: list[str]) -> tuple[int, str]:
    """(instructions, the last word printed) of `python -m bench ARGS` under callgrind."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    with tempfile.TemporaryDirectory() as tmp:
        out = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/callgrind.out",
             sys.executable, "-m", "bench", *bench_args],
            capture_output=True, text=True, env=env, check=True)
    found = re.search(r"Collected : (\d+)", out.stderr)
    if found is None:
        raise RuntimeError(f"no count in callgrind's output:\n{out.stderr[-2000:]}")
    return int(found.group(1)), out.stdout.split()[-1]


def _count(game: str, games: int) -> tuple[int, int]:
    """(instructions, decisions) of a callgrind run of `_child`."""
    instructions, decisions = callgrind(["instructions", "--child", game, "--games", str(games)])
    return instructions, int(decisions)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench instructions")
    parser.add_argument("--game", action="append", help="an engine's key, or chess (python-chess)")
    parser.add_argument("--games", type=int, default=30, help="counted random games, seeds from 10000")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        _child(args.child, args.games)
        return 0
    per: dict[str, float] = {}
    for game in args.game or ["frontline", "chess"]:
        base, _ = _count(game, 0)
        total, decisions = _count(game, args.games)
        per[game] = (total - base) / decisions
        print(f"{game}: {per[game]:,.0f} instructions a decision ({decisions:,} decisions in {args.games} games, "
              f"{total - base:,} instructions)")
    if "chess" in per:
        for game, n in per.items():
            if game != "chess":
                print(f"{game}: x{per['chess'] / n:.2f} python-chess by instruction counts (not the bench ratio)")
    return 0
