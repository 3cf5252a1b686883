"""Bots that think in worker processes.

A searching bot (normal, hard) spends up to a second of CPU per move. On a thread of the
bot's own process it would hold Python's interpreter lock, and every other table's command
would wait for it in turns of 5 ms or more; in a worker process it takes nothing from the
event loop. The worker gets the game's key, the stored state, the seat, the level, a seed
from the table's bot secret and the positions the seat stood in lately (so no move undoes
another), and sends back the action's code and those positions.

The budget counts from the moment the host asks, not from when the worker starts: time spent
waiting for the worker (starting it, a queue) is taken from the thinking, so a decision
stays within its budget plus a little. `warm_up` starts the worker ahead (when the bot starts,
and when a searching bot is seated), so that the first decision does not pay for starting a
process (about 3 s on a busy machine). A worker that has not answered by the budget plus
`GRACE` (still starting, or busy with other tables' bots) is not waited for: the heuristic
plays that move, so no decision takes much longer than its budget.

A game the worker cannot load (one registered only in this process, as the tests' games
are) or a pool that broke thinks on the calling thread instead.
"""
from __future__ import annotations

import logging
import multiprocessing
import os
import random
import threading
import time
from collections import deque
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as NoAnswerYet
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from games.core.engine import Engine
from games.core.search import Budget, LEVEL_BUDGETS, Memory, heuristic, make_bot

log = logging.getLogger(__name__)
WORKERS = max(1, (os.cpu_count() or 2) - 1)  # leave a core to the event loop
_pool: ProcessPoolExecutor | None = None
_warming: tuple[ProcessPoolExecutor, Future] | None = None  # the pool warmed, and its warm-up
_pool_lock = threading.Lock()
_unknown: set[str] = set()  # games the workers cannot load: thought out here at once


def _get_pool() -> ProcessPoolExecutor:
    global _pool
    with _pool_lock:
        if _pool is None:
            # spawn, not fork: the parent runs threads and an event loop a fork would copy
            _pool = ProcessPoolExecutor(max_workers=WORKERS, mp_context=multiprocessing.get_context("spawn"))
        return _pool


def shutdown() -> None:
    global _pool
    with _pool_lock:
        if _pool is not None:
            _pool.shutdown(wait=False, cancel_futures=True)
            _pool = None


MIN_SHARE = 0.1  # of its budget a decision keeps however late the worker took it up
GRACE = 0.5  # seconds past its budget the host waits for a worker's answer before the heuristic moves


def _remaining(budget: Budget, asked: float) -> Budget:
    """`budget` less the time since the host asked (wall clock: shared by the processes)."""
    if budget.seconds is None:
        return budget
    left = budget.seconds - (time.time() - asked)
    return Budget(seconds=max(left, MIN_SHARE * budget.seconds), iterations=budget.iterations)


def _think(game: str, dumped: str, seat: int, level: str, seed: int, budget: Budget | None,
           seen: list[str], asked: float) -> tuple[str, list[str]]:
    """In the worker: the bot's move as a code, and the seat's remembered positions."""
    from games.registry import get_engine

    engine = get_engine(game)
    memory = Memory()
    memory.seen[seat] = deque(seen, maxlen=memory.size)
    budget = _remaining(budget or LEVEL_BUDGETS[level], asked)
    action = make_bot(engine, level, budget, memory=memory).choose(engine.load_state(dumped), seat, random.Random(seed))
    return action.code(), list(memory.seen[seat])


def _warm() -> None:
    """In a new worker: load every game's engine, as a first decision would."""
    from games.registry import GAME_MODULES, get_engine

    for key in GAME_MODULES:
        get_engine(key)


def warm_up() -> Future | None:
    """Start the worker now, without waiting for it (the bot started, a searching bot was
    seated); once per pool. Returns the warm-up, done when the worker is ready."""
    global _warming
    try:
        pool = _get_pool()
        with _pool_lock:
            if _warming is None or _warming[0] is not pool:
                _warming = pool, pool.submit(_warm)
            return _warming[1]
    except Exception:  # a pool that cannot start: the first decision finds out and says why
        log.debug("the thinking pool did not start ahead", exc_info=True)
        return None


def think(engine: Engine, state: Any, seat: int, level: str, rng: random.Random, budget: Budget | None,
          memory: Memory, in_process: bool = True) -> Any:
    """The move of a bot at `level` for `seat`, thought out in a worker process (or, failing
    that or without `in_process`, here)."""
    if in_process and engine.key not in _unknown:
        seen = list(memory.seen.get(seat, ()))
        seed = rng.getrandbits(64)
        seconds = (budget or LEVEL_BUDGETS[level]).seconds
        future = None
        try:
            future = _get_pool().submit(_think, engine.key, engine.dump_state(state), seat, level, seed, budget, seen,
                                        time.time())
            # an iteration budget (tests) waits as long as the worker needs, starting included
            code, seen = future.result(timeout=200.0 if seconds is None else seconds + GRACE)
            memory.seen[seat] = deque(seen, maxlen=memory.size)
            return engine.parse_action(code)
        except NoAnswerYet:
            future.cancel()  # if still queued: it would only delay the next decision
            log.warning("a bot of %s had no answer from its worker within %.1f s (starting or busy): "
                        "the heuristic moves", engine.key, seconds + GRACE)
            return heuristic(engine, state, seat, rng)
        except KeyError:
            _unknown.add(engine.key)  # a game the workers do not know (registered in this process only)
        except BrokenProcessPool:
            log.exception("the thinking pool broke; the bot thinks on this thread")
            shutdown()
        except Exception:
            log.exception("a bot of %s failed to think in its worker; it thinks on this thread", engine.key)
    return make_bot(engine, level, budget, memory=memory).choose(state, seat, rng)
