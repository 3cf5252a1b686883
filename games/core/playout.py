"""Random playouts: many complete games from random legal actions, with invariant and
secret-leak checks after every step. `shapan playout` and every game's tests use it."""
from __future__ import annotations

import copy
import json
import random
import time
import traceback
from dataclasses import dataclass, field
from typing import Any

from games.core.engine import Engine, Seat
from games.core.game import Game
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


def _seats_in_play_problem(engine: Engine, state: Any, before: set[int]) -> str | None:
    """What breaks `Engine.seats_in_play`'s contract: a seat out of play is never awaited
    and never comes back, and none is in play once the game has its outcome."""
    in_play = set(engine.seats_in_play(state))
    if in_play - before:
        return f"seats {sorted(in_play - before)} came back into play"
    if engine.outcome(state) is not None and in_play:
        return f"seats {sorted(in_play)} still in play after the outcome"
    awaited = set(engine.active_seats(state)) - in_play
    if awaited:
        return f"seats {sorted(awaited)} are awaited but out of play"
    return None


def play_one(
    game: Game,
    seed: int,
    players: int,
    options: dict[str, str] | None = None,
    max_steps: int = 20000,
    check_every: int = 1,
    use_bot: bool = False,
) -> GameResult:
    engine = game.engine
    result = GameResult(seed=seed)
    chooser = random.Random(seed ^ 0x5EED)
    try:
        seats = [Seat(index=i, name=f"P{i + 1}", is_bot=True) for i in range(players)]
        step = engine.setup(seats, engine.parse_options(options), seed)
        state = step.state
        events = step.events
        in_play = set(range(players))
        for n in range(max_steps):
            problem = _seats_in_play_problem(engine, state, in_play)
            if problem:
                result.error = f"after {n} steps: {problem}"
                return result
            in_play = set(engine.seats_in_play(state))
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
                action = game.bot_action(state, seat, chooser)
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
    game: Game,
    games: int,
    seed: int = 1,
    players: int | None = None,
    options: dict[str, str] | None = None,
    max_steps: int = 20000,
    use_bot: bool = False,
    check_every: int = 1,
) -> PlayoutReport:
    players = players or game.engine.min_players
    start = time.perf_counter()
    results = [
        play_one(game, seed * 1_000_003 + i, players, options, max_steps, check_every, use_bot=use_bot) for i in range(games)
    ]
    return PlayoutReport(game.key, results, time.perf_counter() - start)


# --- determinization: what a seat cannot see, drawn again ----------------------------------

LOCALES = ("en", "zh-CN")


def _seat_face(game: Game, state: Any, seat: int) -> dict[str, Any]:
    """Everything the host can show `seat` about `state`: its view and its texts, the seats
    the game awaits (a pause that happens only when a player holds a card tells the table
    what they hold), its legal actions with their labels, and the tokens of its own hidden
    items (a seat keeps its own secrets)."""
    engine, text = game.engine, game.text
    view = engine.view(state, seat)
    legal = engine.legal_actions(state, seat)
    return {
        "view": json.loads(json.dumps(view, ensure_ascii=False, default=str)),
        "summary": {loc: text.summary(view, loc) for loc in LOCALES},
        "active": sorted(engine.active_seats(state)),
        "outcome": None if (o := engine.outcome(state)) is None else o.model_dump(),
        "legal": [a.code() for a in legal],
        "labels": {loc: [text.describe_action(state, seat, a, loc) for a in legal] for loc in LOCALES},
        "facts": {loc: [text.action_facts(state, seat, a, loc) for a in legal] for loc in LOCALES},
        "own secrets": sorted(engine.secrets(state).get(seat, ())),
        # what the menus and /play call things, and the out-of-turn prompt (issue 18)
        "names": {loc: text.token_names(state, seat, loc) for loc in LOCALES},
        "prompt": {loc: text.prompt(state, seat, loc) for loc in LOCALES},
    }


def check_determinization(game: Game, state: Any, seat: int, rnd: random.Random,
                          continue_steps: int = 12, lockstep_steps: int = 6,
                          lockstep_branches: int = 4) -> tuple[list[str], bool]:
    """Determinize `state` for `seat` and compare. Returns (problems, changed): problems is
    empty when the seat sees exactly the same and the new state is a sound game (invariants
    hold, it survives a JSON round trip and a short random continuation); `changed` says
    whether anything hidden besides the dice stream (always drawn again) came out
    differently (a determinization that never changes anything would pass every check and
    hide nothing).

    A leak may also lie in what happens next (a pause that comes only when a player holds a
    card): so the game is then played on in both states with the same dice (`_lockstep`),
    and as long as the seat gets the same messages it must see the same."""
    engine = game.engine
    before = engine.dump_state(state)
    face = _seat_face(game, state, seat)
    try:
        other = engine.determinize(state, seat, rnd)
    except NotImplementedError:
        raise
    except Exception:
        return [f"determinize crashed: {traceback.format_exc(limit=4)}"], False
    problems: list[str] = []
    if engine.dump_state(state) != before:
        problems.append("determinize changed the state it was given")
    other_face = _seat_face(game, other, seat)
    for key in face:
        if face[key] != other_face[key]:
            detail = first_difference_text(face[key], other_face[key])
            problems.append(f"seat {seat} can tell the resampled state apart by its {key}: {detail}")
    problems += [f"invariant on the resampled state: {p}" for p in engine.invariants(other)]
    dumped = engine.dump_state(other)
    if engine.load_state(dumped) != other:
        problems.append("the resampled state does not survive a JSON round trip")
    changed = _beyond_dice(dumped) != _beyond_dice(before)
    if not problems and seat in engine.active_seats(state):
        # a few different first moves, each followed by a short line of the seat's own moves
        firsts = engine.legal_actions(state, seat)
        for first in rnd.sample(firsts, min(lockstep_branches, len(firsts))):
            problems += _lockstep(game, engine.load_state(before), engine.load_state(dumped), seat, rnd,
                                  lockstep_steps, first)
            if problems:
                break
    # the resampled state must be playable: a search bot plays on from it
    probe = other
    for n in range(continue_steps):
        if problems or engine.outcome(probe) is not None:
            break
        active = engine.active_seats(probe)
        if not active:
            problems.append(f"resampled state: no seat to act and no outcome after {n} steps")
            break
        actor = rnd.choice(active)
        legal = engine.legal_actions(probe, actor)
        if not legal:
            problems.append(f"resampled state: seat {actor} active without legal actions")
            break
        action = rnd.choice(legal)
        try:
            probe = engine.apply(probe, actor, action).state
        except Exception as exc:
            problems.append(f"resampled state: legal {action.code()!r} failed: {exc!r}")
            break
        problems += [f"resampled state after {n + 1} steps: {p}" for p in engine.invariants(probe)]
    return problems, changed


def _lockstep(game: Game, real: Any, drawn: Any, seat: int, rnd: random.Random, steps: int,
              first: Any) -> list[str]:
    """Play on in the real and the resampled state with the same dice (the real state's
    generator copied over): the seat's own moves, and others' moves that are legal in both
    worlds. Once the two worlds tell the seat something different (a revealed card, a die that
    fell on another throw, a payment it sees), they may differ in all that follows; until then
    whom the game awaits and what the seat may do must not differ."""
    engine = game.engine
    if not hasattr(real, "rng"):
        return []
    drawn.rng = copy.deepcopy(real.rng)  # whatever the generator is made of
    for n in range(steps):
        if engine.outcome(real) is not None:
            return []
        active = engine.active_seats(real)
        if n == 0:
            actor, action = seat, first
        elif seat in active:
            actor, action = seat, rnd.choice(engine.legal_actions(real, seat) or [None])
        elif active:
            actor = rnd.choice(active)
            both = {a.code() for a in engine.legal_actions(drawn, actor)}
            action = rnd.choice([a for a in engine.legal_actions(real, actor) if a.code() in both] or [None])
        else:
            return []
        if action is None:
            return []
        try:
            step = engine.apply(real, actor, action)
            real, said = step.state, [e.model_dump() for e in step.events if e.visible_to(seat)]
            step = engine.apply(drawn, actor, action)
            drawn, told = step.state, [e.model_dump() for e in step.events if e.visible_to(seat)]
        except Exception as exc:
            return [f"lockstep: seat {actor}'s {action.code()!r} failed: {exc!r}"]
        what = f"seat {actor}'s {action.code()!r} (step {n + 1})"
        if said != told:
            # another seat's move may play a card that is another card in the resampled world
            parted = _parting(engine, said, told) if actor == seat else None
            if parted is None:
                return []  # the seat learned something by the rules: from here the worlds may part
            return [f"after {what} what seat {seat} is told differs in kind, not only in value: {parted}"]
        a, b = _seat_face(game, real, seat), _seat_face(game, drawn, seat)
        # whom the game awaits must not depend on what the seat cannot see; a view that differs
        # tells the seat something new (a card drawn from the resampled deck), as a message does
        keys = ["active", "outcome"] if a["active"] != b["active"] or a["view"] != b["view"] else list(a)
        for key in keys:
            if a[key] != b[key]:
                return [f"after {what}, with the same messages, seat {seat} can tell the resampled state "
                        f"apart by its {key}: {first_difference_text(a[key], b[key])}"]
        if a["view"] != b["view"]:
            return []
    return []


def _parting(engine: Engine, said: list[dict], told: list[dict]) -> str | None:
    """Why two worlds told the seat different things: None when the first difference is a
    value (a die, a card's name, a lay revealed) or an event the rules use to reveal a secret
    (`Engine.reveal_events`); otherwise the events that happened in one world and not the
    other (a window opened, a fight began without it), which tell what the seat cannot see."""
    for x, y in zip(said, told):
        if x == y:
            continue
        if x["key"] == y["key"] and x["to"] == y["to"]:
            return None
        break
    else:
        if len(said) == len(told):
            return None
    rest_a, rest_b = said[len(_common(said, told)):], told[len(_common(said, told)):]
    if any(e["key"] in engine.reveal_events for e in rest_a[:1] + rest_b[:1]):
        return None
    show = lambda es: [e["key"] for e in es[:3]] or "(nothing)"
    return f"real {show(rest_a)} vs resampled {show(rest_b)}"


def _common(a: list, b: list) -> list:
    out = []
    for x, y in zip(a, b):
        if x != y:
            break
        out.append(x)
    return out


def _beyond_dice(dumped: str) -> Any:
    """A dumped state without its generator (every engine keeps it in a top-level `rng`)."""
    data = json.loads(dumped)
    if isinstance(data, dict):
        data.pop("rng", None)
    return data


def first_difference_text(a: Any, b: Any, path: str = "$") -> str:
    """Where two JSON-like values first differ, shortly."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if a.get(key, _MISSING) != b.get(key, _MISSING):
                return first_difference_text(a.get(key, _MISSING), b.get(key, _MISSING), f"{path}.{key}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return first_difference_text(x, y, f"{path}[{i}]")
    show = lambda v: "(absent)" if v is _MISSING else json.dumps(v, ensure_ascii=False, default=str)[:120]
    return f"{path}: {show(a)} != {show(b)}"


_MISSING = object()
