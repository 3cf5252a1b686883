"""Where a host command's time goes: `python -m bench host --phases`.

Wraps the steps of a `/play` command (resolve, load, engine, dump, commit, posts ...) with
timers and prints the CPU time of each per command at the end. The wrappers cost a few
microseconds each, so the run's own rate is a little lower than without `--phases`; the
split, not the total, is the figure to read. Steps nest: `finish` includes `commit` and
`posts`, and `play` includes everything.
"""
from __future__ import annotations

import functools
import inspect
import time
from collections import Counter
from typing import Any

from bot.host import core, decks
from games.registry import GAME_MODULES, get_engine
from storage import sessions

HOST_STEPS = ("_resolve", "_caller_locale", "_one_acting_seat", "_apply", "_play_bots", "_timer_changes",
              "_unseen", "_finish", "_posts")
ENGINE_STEPS = ("load_state", "dump_state", "describe_action", "parse_action")


class Phases:
    def __init__(self) -> None:
        self.spent: Counter[str] = Counter()
        self.plays = 0
        self.counting = False  # only inside /play commands (not the bench's own move choosing)

    def _timed(self, label: str, func: Any) -> Any:
        clock = time.thread_time  # the event loop's thread: the database and drawing threads are apart
        if inspect.iscoroutinefunction(func):
            @functools.wraps(func)
            async def timed_async(*args: Any, **kwargs: Any) -> Any:
                start = clock()
                try:
                    return await func(*args, **kwargs)
                finally:
                    if self.counting:
                        self.spent[label] += clock() - start
            return timed_async

        @functools.wraps(func)
        def timed(*args: Any, **kwargs: Any) -> Any:
            start = clock()
            try:
                return func(*args, **kwargs)
            finally:
                if self.counting:
                    self.spent[label] += clock() - start
        return timed

    def install(self) -> None:
        for name in HOST_STEPS:
            setattr(core.Host, name, self._timed(name.lstrip("_"), getattr(core.Host, name)))
        sessions.Repository.commit = self._timed("commit", sessions.Repository.commit)
        decks.expand = self._timed("expand_saved_decks", decks.expand)
        play = self._timed("play", core.Host._play)

        @functools.wraps(core.Host._play)
        async def counted_play(host: Any, *args: Any, **kwargs: Any) -> Any:
            self.counting = True  # at concurrency 1 nothing else runs until the play returns
            self.plays += 1
            try:
                return await play(host, *args, **kwargs)
            finally:
                self.counting = False

        core.Host._play = counted_play
        for game in GAME_MODULES:
            engine = get_engine(game)
            for name in ENGINE_STEPS:
                # instance attributes shadow the methods for this process only
                setattr(engine, name, self._timed(f"engine.{name}", getattr(engine, name)))

    def report(self) -> str:
        """One line per step, in microseconds of CPU per /play command, largest first."""
        plays = max(1, self.plays)
        rows = [f"  {label:22s} {seconds / plays * 1e6:8.1f} µs" for label, seconds in self.spent.most_common()]
        return f"  CPU per /play command on the event loop's thread ({self.plays} plays; steps nest):\n" + "\n".join(rows)
