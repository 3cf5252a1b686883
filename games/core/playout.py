"""Random playouts: many complete games from random legal actions, with invariant and
secret-leak checks after every step. `shapan playout` and every game's tests use it."""
from __future__ import annotations

import json
import random
import time
import traceback
from dataclasses import dataclass, field
from typing import Any

from games.core.engine import Engine, Seat
from games.core.errors import RuleError


@dataclass
class GameResult:
    seed: int
    finished: bool = False
    error: str | None = None
    leaks: list[str] = field(default_factory=list)
    steps: int = 0
    decisions: int = 0


@dataclass
class PlayoutReport:
    key: str
    results: list[GameResult]
    seconds: float

    @property
    def finished(self) -> int:
        return sum(r.finished for r in self.results)

    @property
    def errors(self) -> int:
        return sum(r.error is not None for r in self.results)

    @property
    def leaks(self) -> int:
        return sum(bool(r.leaks) for r in self.results)

    @property
    def ok(self) -> bool:
        return self.errors == 0 and self.leaks == 0 and self.finished == len(self.results)

    def line(self) -> str:
        rate = len(self.results) / self.seconds if self.seconds > 0 else float("inf")
        return (
            f"{self.key}: {len(self.results)} games, {self.finished} finished, "
            f"{self.errors} errors, {self.leaks} leaks, {rate:.1f} games/s"
        )

    def first_problem(self) -> str | None:
        for r in self.results:
            if r.error:
                return f"seed {r.seed}: {r.error}"
            if r.leaks:
                return f"seed {r.seed}: leak {r.leaks[0]}"
            if not r.finished:
                return f"seed {r.seed}: did not finish in {r.steps} steps"
        return None


def _leaks_in(text: str, tokens: set[str]) -> list[str]:
    return [tok for tok in tokens if tok in text]


def check_secrets(engine: Engine, state: Any, events: list, players: int) -> list[str]:
    """No seat's view or private events, and no public view or event, shows another's secret."""
    secrets = engine.secrets(state)
    problems: list[str] = []
    all_tokens = set().union(*secrets.values()) if secrets else set()
    if all_tokens:
        public = json.dumps(engine.view(state, None), ensure_ascii=False, default=str)
        public += json.dumps([e.model_dump() for e in events if e.to is None], ensure_ascii=False, default=str)
        for tok in _leaks_in(public, all_tokens):
            problems.append(f"public shows {tok}")
    for seat in range(players):
        others = set().union(*(toks for s, toks in secrets.items() if s != seat)) if secrets else set()
        if not others:
            continue
        private = json.dumps(engine.view(state, seat), ensure_ascii=False, default=str)
        private += json.dumps(
            [e.model_dump() for e in events if e.to is not None and seat in e.to], ensure_ascii=False, default=str
        )
        for tok in _leaks_in(private, others):
            problems.append(f"seat {seat} sees {tok}")
    return problems


def play_one(
    engine: Engine,
    seed: int,
    players: int,
    options: dict[str, str] | None = None,
    max_steps: int = 20000,
    check_every: int = 1,
    use_bot: bool = False,
) -> GameResult:
    result = GameResult(seed=seed)
    chooser = random.Random(seed ^ 0x5EED)
    try:
        seats = [Seat(index=i, name=f"P{i + 1}", is_bot=True) for i in range(players)]
        step = engine.setup(seats, engine.parse_options(options), seed)
        state = step.state
        events = step.events
        for n in range(max_steps):
            if n % check_every == 0 or engine.outcome(state) is not None:
                problems = engine.invariants(state)
                if problems:
                    result.error = f"invariant after {n} steps: {problems[0]}"
                    return result
                leaks = check_secrets(engine, state, events, players)
                if leaks:
                    result.leaks = leaks
                    return result
            if engine.outcome(state) is not None:
                result.finished = True
                # the stored form must load back equal
                again = engine.load_state(engine.dump_state(state))
                if again != state:
                    result.error = "state does not survive a JSON round trip"
                return result
            active = engine.active_seats(state)
            if not active:
                result.error = f"no seat to act and no outcome after {n} steps"
                return result
            seat = chooser.choice(active)
            if use_bot:
                action = engine.bot_action(state, seat, chooser)
            else:
                legal = engine.legal_actions(state, seat)
                if not legal:
                    result.error = f"seat {seat} is active but has no legal action after {n} steps"
                    return result
                action = chooser.choice(legal)
                result.decisions += 1
            code = action.code()
            if engine.parse_action(code) != action:
                result.error = f"action code {code!r} does not parse back to the same action"
                return result
            try:
                step = engine.apply(state, seat, action)
            except RuleError as exc:
                result.error = f"legal action {code!r} refused: {exc.key} {exc.params}"
                return result
            state = step.state
            events = step.events
            result.steps = n + 1
        return result
    except Exception:  # a crash is a finding, not a reason to stop the run
        result.error = traceback.format_exc(limit=6)
        return result


def run_playouts(
    engine: Engine,
    games: int,
    seed: int = 1,
    players: int | None = None,
    options: dict[str, str] | None = None,
    max_steps: int = 20000,
    use_bot: bool = False,
    check_every: int = 1,
) -> PlayoutReport:
    players = players or engine.min_players
    start = time.perf_counter()
    results = [
        play_one(engine, seed * 1_000_003 + i, players, options, max_steps, check_every, use_bot=use_bot) for i in range(games)
    ]
    return PlayoutReport(engine.key, results, time.perf_counter() - start)
