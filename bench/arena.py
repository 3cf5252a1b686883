"""The arena as a benchmark: `python -m bench arena [--a hard --b heuristic --games N --seconds S]`.

One line per game with the win rate of A over B (95 % Wilson interval), draws, and the time
per decision of each side; the last line gathers them. Budgets below the levels' own (hard
thinks 1 s a decision) make a quick run on a busy machine; say which budget a figure used.
"""
from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
from pathlib import Path

from bot.host import Host
from bot.outbox import Command
from games.core.arena import SIDES, play_match
from games.core.search import Budget
from games.registry import GAME_MODULES, get_engine


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench arena")
    parser.add_argument("--a", default="hard", choices=SIDES)
    parser.add_argument("--b", default="heuristic", choices=SIDES)
    parser.add_argument("--games", type=int, default=10, help="games per game (seats alternated)")
    parser.add_argument("--seconds", type=float, default=None, help="thinking time per decision (default: the level's)")
    parser.add_argument("--iterations", type=int, default=None, help="search iterations per decision instead")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cpu", action="store_true",
                        help="budgets count the thinking thread's CPU time, not the wall clock (figures of a loaded machine)")
    parser.add_argument("--game", action="append")
    parser.add_argument("--lag", type=int, default=0, metavar="MOVES",
                        help="instead: event-loop lag while a hard bot thinks, over MOVES human moves (fleet)")
    parser.add_argument("--threads", action="store_true", help="with --lag: think on a thread, not in a process")
    args = parser.parse_args(argv)
    if args.lag:
        return asyncio.run(loop_lag(args.game[0] if args.game else "fleet", args.lag, args.seconds, args.threads))
    budget = None
    if args.seconds is not None or args.iterations is not None:
        budget = Budget(seconds=args.seconds, iterations=args.iterations)
    figures = []
    for key in args.game or list(GAME_MODULES):
        report = play_match(get_engine(key), args.a, args.b, args.games, seed=args.seed, budget=budget, cpu=args.cpu)
        print(report.line(), flush=True)
        lo, hi = report.interval()
        figures.append(f"{key}={100 * report.a_rate:.0f}% [{100 * lo:.0f}-{100 * hi:.0f}] "
                       f"worst {1000 * report.times['a'].worst:.0f} ms")
        if report.stopped:  # interrupted: the games after this one are not played
            break
    print(f"arena {args.a} vs {args.b}: " + ", ".join(figures))
    return 0


async def loop_lag(game: str, moves: int, seconds: float | None, threads: bool = False) -> int:
    """A table with one human and a hard bot, through the real host on SQLite: the human plays
    the heuristic's move, the bot answers; meanwhile a task that wakes every 5 ms records how
    late it woke (the event loop's lag: how long every other table would have waited). The
    worker is warmed first, as the bot does when it starts."""
    from bot.host import thinking
    from games.core.search import Budget, heuristic
    from games.registry import get_engine

    engine = get_engine(game)
    lags: list[float] = []
    stop = False

    async def ticker() -> None:
        while not stop:
            t0 = time.perf_counter()
            await asyncio.sleep(0.005)
            lags.append(time.perf_counter() - t0 - 0.005)

    def line(user: int, verb: str, **args) -> Command:
        return Command(user_id=user, user_name=f"u{user}", verb=verb, args=args, guild_id=1, channel_id=1,
                       locale="en")

    def figures(values: list[float]) -> str:
        values = sorted(values)
        return (f"{len(values)} wake-ups, median {1000 * values[len(values) // 2]:.1f} ms, "
                f"p99 {1000 * values[int(0.99 * (len(values) - 1))]:.1f} ms, worst {1000 * values[-1]:.1f} ms")

    task = asyncio.create_task(ticker())  # first the machine's own noise: the loop with nothing to do
    await asyncio.sleep(3)
    stop = True
    await task
    idle, lags[:], stop = list(lags), [], False
    with tempfile.TemporaryDirectory() as folder:
        host = await Host.create(Path(folder) / "lag.sqlite3")
        host.think_in_processes = not threads
        if not threads:
            await asyncio.wrap_future(await asyncio.to_thread(thinking.warm_up))
        human = random.Random(1)
        loop_cpu: list[float] = []  # per command: CPU time spent on the event loop's thread
        if seconds is not None:
            host.bot_budgets = {"hard": Budget(seconds=seconds)}
        await host.handle(line(1, "game.new", game=game))
        await host.handle(line(1, "game.bot", level="hard"))
        task = asyncio.create_task(ticker())
        started = time.perf_counter()
        await host.handle(line(1, "game.start"))
        bot_decisions = played = 0
        while played < moves:
            session = (await host.repo.open_sessions_of_user(1))[0] if await host.repo.open_sessions_of_user(1) else None
            if session is None or session.status != "active":
                break
            state = engine.load_state(session.state)
            if 0 in engine.active_seats(state):
                on_loop = time.thread_time()  # CPU of this thread only: the work done on the event loop
                await host.handle(line(1, "play", code=heuristic(engine, state, 0, human).code()))
                loop_cpu.append(time.thread_time() - on_loop)
                played += 1
            else:
                on_loop = time.thread_time()
                await host.tick()  # the bots' next slice, as the adapter's timer loop runs it
                loop_cpu.append(time.thread_time() - on_loop)
            bot_decisions = sum(1 for e in await host.repo.log_entries(session.id) if e.source == "bot")
        elapsed = time.perf_counter() - started
        stop = True
        await task
        await host.close()
    where = "on a thread" if threads else "in a worker process"
    loop_cpu.sort()
    print(f"loop lag, idle: {figures(idle)}")
    print(f"event-loop thread CPU per command ({len(loop_cpu)} commands; load-independent, an upper bound of any "
          f"one block): median {1000 * loop_cpu[len(loop_cpu) // 2]:.1f} ms, worst {1000 * loop_cpu[-1]:.1f} ms")
    print(f"loop lag while a hard bot thinks {where} ({game}, {played} human moves, {bot_decisions} bot moves, "
          f"{elapsed:.0f} s): {figures(lags)}")
    return 0
