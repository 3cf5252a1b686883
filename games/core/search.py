"""The thinking bot seat: information-set Monte Carlo tree search over the Engine protocol.

Every iteration draws one world the seat cannot tell from the real one
(`engine.determinize(state, seat, rng)`), walks a tree shared by all worlds (single-observer
ISMCTS: a node's children are (seat, action code) edges, chosen by UCB among those legal in
this world, counted by how often they were available), adds one edge, and plays on with the
heuristic bot as rollout policy. The real state is only ever read through `determinize`,
so the search knows what its seat knows and nothing more: two states the seat cannot tell
apart, searched with the same seed, give the same choice (tests/test_search.py).

Handles several seats awaited at once (the searching seat's choice is the root; deeper, the
awaited seats move in turn), 2-6 players (each edge is scored for the seat that took it),
and games with many legal actions (progressive widening: a node tries the heuristic's
action first and widens with the square root of its visits). Thinking stops at a time
budget or an iteration budget, whichever comes first.

The levels use the flat, paired form instead (`paired=True`, `SearchBot._paired`): with the
second or so a decision may take, a tree gets a handful of samples per action, too few to
overrule the heuristic on; comparing a few actions in the same drawn worlds, with the same
dice, makes each sample count (common random numbers), and the heuristic's choice stands
until three such rounds say otherwise.

Only `games.core` is imported: the bot works for every engine and for none in particular.
"""
from __future__ import annotations

import json
import math
import random
from collections import deque
import time
from dataclasses import dataclass
from typing import Any, Callable

from games.core import deadline as decision
from games.core.engine import Engine, Outcome
from games.core.game import random_bot
from games.core.rng import GameRng
from games.core.undo import Trail, bot_module, trail_from, undoes
from games.registry import get_game

# (engine, state, seat, rng) -> action: the game's own fast heuristic
Policy = Callable[[Engine, Any, int, random.Random], Any]
# (engine, state, players) -> reward per seat in [0, 1], for a rollout cut short
Evaluate = Callable[[Engine, Any, int], list[float]]
# (engine, state, seat, legal) -> a weight per legal action, higher for the more promising
Prior = Callable[[Engine, Any, int, list], list[float]]

LEVELS = ("easy", "normal", "hard")


def heuristic(engine: Engine, state: Any, seat: int, rng: random.Random) -> Any:
    """The game's heuristic bot (its bundle's `bot`; a random legal move for a game the
    registry does not know): the one place the search and the levels reach it."""
    try:
        bot = get_game(engine.key).bot
    except KeyError:
        bot = random_bot
    return bot(engine, state, seat, rng)


def evaluation(engine: Engine) -> Evaluate | None:
    """The game's evaluation of an unfinished game (`evaluate` in its bot module, beside the
    heuristic), or None: rollouts then play to the end."""
    return getattr(bot_module(engine), "evaluate", None)


def prior_of(engine: Engine) -> Prior | None:
    """The game's prior over a seat's actions (`prior` in its bot module, e.g. the scores its
    heuristic ranks them by), or None: the search then tries actions in random order."""
    return getattr(bot_module(engine), "prior", None)


def search_options(engine: Engine) -> dict[str, Any]:
    """How the game wants its levels to search (`SEARCH_OPTIONS` in its bot module: keyword
    arguments of `SearchBot`, e.g. `turn_horizon`), tuned per game by arena."""
    return dict(getattr(bot_module(engine), "SEARCH_OPTIONS", {}))


@dataclass(frozen=True)
class Budget:
    """How long one decision may think: stops at whichever limit comes first."""

    seconds: float | None = 1.0
    iterations: int | None = None


# What each level may spend per decision (`easy` does not search).
LEVEL_BUDGETS: dict[str, Budget] = {"normal": Budget(seconds=0.25), "hard": Budget(seconds=1.0)}
SEARCH_SHARE = 0.9  # of a decision's time budget spent searching; the rest checks the choice for null moves
MIN_ROUNDS = 3  # paired samples (`SearchBot._paired`) needed before the search may overrule the heuristic
CONFIDENCE = 0.0  # standard errors by which a candidate's paired gain must beat the heuristic's choice (by default any gain)
ROLLOUT_STEPS = 12  # a rollout's length when the game can evaluate where it stops
EASY_RANDOMNESS = 0.25  # share of easy's choices drawn at random among the useful actions


def rewards(outcome: Outcome, players: int) -> list[float]:
    """A finished game as a reward per seat: 1 for a winner, 0.5 each in a draw, and for the
    others by rank (the last gets 0; in a game of several, a better place is worth more)."""
    if not outcome.winners:
        return [0.5] * players
    worst = max(outcome.ranks) if outcome.ranks else 1
    out = []
    for s in range(players):
        if s in outcome.winners:
            out.append(1.0)
        elif worst > 1 and s < len(outcome.ranks):
            out.append(0.5 * (worst - outcome.ranks[s]) / (worst - 1))
        else:
            out.append(0.0)
    return out


class _Node:
    __slots__ = ("children", "visits", "total", "available", "priors")

    def __init__(self) -> None:
        self.children: dict[tuple[int, str], _Node] = {}
        self.priors: dict[tuple[int, str], float] | None = None  # children's prior in [0, 1], asked once
        self.visits = 0  # times the edge into this node was taken (for the root: iterations counted)
        self.total = 0.0  # reward gathered for the seat that took it
        self.available = 0  # times the edge was legal when its parent was passed


class SearchBot:
    """`choose(state, seat, rng)`: the search's action for `seat`, one of its legal actions."""

    def __init__(self, engine: Engine, budget: Budget = Budget(), policy: Policy = heuristic,
                 evaluate: Evaluate | None = None, rollout_steps: int = 3000, exploration: float = 0.7,
                 widening: float = 2.0, rollout_randomness: float = 0.1, heuristic_bonus: int = 2,
                 paired: bool = False, candidates: int = 4, turn_horizon: bool = False, confidence: float = CONFIDENCE,
                 clock: Callable[[], float] = time.perf_counter, memory: Memory | None = None,
                 prior: Prior | None = None, bias: float = 0.5, turn_of: Callable[[Any], Any] | None = None):
        self.engine = engine
        self.memory = memory or Memory()
        self.budget = budget
        self.policy = policy
        self.evaluate = evaluate
        self.rollout_steps = rollout_steps
        self.exploration = exploration
        self.widening = widening
        self.rollout_randomness = rollout_randomness
        self.heuristic_bonus = heuristic_bonus  # visits the heuristic's own choice counts extra at the end
        self.paired = paired  # flat paired comparison at the root (`_paired`) instead of the tree
        self.candidates = candidates  # actions compared there, the heuristic's included
        self.confidence = confidence  # standard errors of paired gain a candidate needs to overrule the heuristic
        self.turn_horizon = turn_horizon  # a rollout with an evaluation stops once its seat is no longer awaited
        # the game's turn counter: a paired rollout with an evaluation stops once it differs from the decision's,
        # so that every candidate is scored at the same point (the end of the turn), not after a fixed count of moves
        self.turn_of = turn_of
        self.clock = clock
        self.prior = prior  # which actions the paired search compares, the order the tree tries them in
        self.bias = bias  # the tree's progressive bias: a child's prior counts as `bias` / (1 + its visits)
        self.iterations = 0  # of the last decision (for the arena's figures)
        # what a step (the heuristic's choice and its move) has cost in this decision, the longest
        # of each kind (`_kind`) and of all: a step cannot be interrupted, and a heuristic that
        # tries moves on copies may take many engine steps in one phase and one in the next, so
        # the longest of all would stop the cheap steps that still fit in the budget's tail
        self._costs: dict[tuple[int, Any], float] = {}
        self._longest_step = 0.0
        self.cut = 0  # steps of the last decision not begun for want of time (for the figures)
        self._stopped: int | None = None  # of the last rollout: the moves it made before the deadline stopped it
        self.last_tree: dict[str, tuple[int, float]] = {}  # the root's edges: visits, reward

    def choose(self, state: Any, seat: int, rng: random.Random) -> Any:
        engine = self.engine
        legal = engine.legal_actions(state, seat)  # the same in every world the seat may be in
        seen = self.memory.note(engine, state, seat)  # its view only
        if len(legal) == 1:
            self.iterations, self.last_tree = 0, {}
            return legal[0]
        trail = trail_from(engine, self.memory.seen[seat], _players(engine, state, seat))  # its views only
        players = _players(engine, state, seat)
        started = self.clock()
        self._costs, self._longest_step, self.cut = {}, 0.0, 0
        # the search stops early enough to leave the null-move check below its share of the budget
        deadline = None if self.budget.seconds is None else started + SEARCH_SHARE * self.budget.seconds
        by_code = {a.code(): a for a in legal}
        with decision.until(self.clock, deadline):  # a heuristic's long inner search stops there too
            if self.paired:
                favourite, first_world, ranked = self._paired(state, seat, by_code, players, rng, deadline)
            else:
                favourite, first_world, ranked = self._tree(state, seat, by_code, players, rng, deadline)
        return self._final(ranked, favourite, first_world, seat, by_code, rng, seen, trail, started, deadline)

    def _tree(self, state: Any, seat: int, by_code: dict[str, Any], players: int, rng: random.Random,
              deadline: float | None) -> tuple[str, Any, list[str]]:
        """The tree search (ISMCTS): the heuristic's choice, its first world, and the root's
        actions by visits (the heuristic's counting `heuristic_bonus` more), best first."""
        engine = self.engine
        root = _Node()
        favourite: str | None = None
        n = 0
        while True:
            world = engine.determinize(state, seat, rng)
            if favourite is None:  # the heuristic's pick, asked in a drawn world (never the real one)
                first_world = engine.load_state(engine.dump_state(world))
                favourite = self._timed_policy(world, seat, rng)
            walked = self._iterate(root, world, seat, players, rng, deadline, first=not n)
            n += 1
            if self.budget.iterations is not None and n >= self.budget.iterations:
                break
            if deadline is not None and (self.clock() >= deadline or not walked):
                break  # past the deadline, or so near it that a walk down the tree found no step to take
        self.iterations = n
        self.last_tree = {code: (node.visits, round(node.total, 9)) for (s, code), node in root.children.items()
                          if s == seat}

        def weight(item: tuple[tuple[int, str], _Node]) -> tuple[float, float]:
            (_, code), node = item
            bonus = self.heuristic_bonus if code == favourite else 0
            return node.visits + bonus, node.total / max(1, node.visits)

        tried = sorted(((k, v) for k, v in root.children.items() if k[0] == seat and k[1] in by_code),
                       key=weight, reverse=True)
        return favourite, first_world, [code for (_, code), _ in tried]

    def _final(self, ranked: list[str], favourite: str | None, first_world: Any, seat: int, by_code: dict[str, Any],
               rng: random.Random, seen: set[str], trail: Trail | None, started: float, deadline: float | None) -> Any:
        """The best-ranked action that is no null move and undoes no recent move of the seat (of
        the first three), else the heuristic's, else a useful one. The check's trial moves stop
        at the decision's end (`started` plus its budget) like the search's: a move not shown to
        lead anywhere in time gives way to the heuristic's."""
        end = None if deadline is None else started + self.budget.seconds
        with decision.until(self.clock, end):  # the heuristic's trial moves stop at the budget's end too
            return self._checked(ranked, favourite, first_world, seat, by_code, rng, seen, trail, end)

    def _checked(self, ranked: list[str], favourite: str | None, first_world: Any, seat: int,
                 by_code: dict[str, Any], rng: random.Random, seen: set[str], trail: Trail | None,
                 end: float | None) -> Any:
        engine = self.engine
        for code in ranked[:3]:  # never a null move while the search found another
            if end is not None and self.clock() > end:
                break  # out of time: the heuristic's choice (it makes no null moves) rather than a late answer
            if undoes_recent(engine, trail, first_world, seat, by_code[code], rng):
                continue
            if code == favourite or changes_something(engine, first_world, seat, by_code[code], rng, self.policy,
                                                      seen, deadline=end, clock=self.clock, cost=self._expected):
                return by_code[code]
        choice = by_code.get(favourite or "", next(iter(by_code.values())))
        if end is not None and self.clock() > end or not undoes_recent(engine, trail, first_world, seat, choice, rng):
            return choice  # out of time, the budget comes first
        return useful_choice(engine, first_world, seat, rng, self.policy, seen, trail=trail,
                             deadline=end, clock=self.clock, cost=self._expected)

    def _paired(self, state: Any, seat: int, by_code: dict[str, Any], players: int, rng: random.Random,
                deadline: float | None) -> tuple[str, Any, list[str]]:
        """Flat Monte Carlo with common random numbers: in each drawn world, every candidate
        (the heuristic's choice and a few others) is played from the same copy, with the same
        dice and the same rollout seed, so that what differs between their rewards is the
        action alone. A few paired samples then tell actions apart that many independent ones
        would not. Returns the heuristic's choice, its first world and the candidates, best
        first (the heuristic's first among equals)."""
        engine = self.engine
        world = engine.determinize(state, seat, rng)
        first_world = engine.load_state(engine.dump_state(world))
        favourite = self._timed_policy(world, seat, rng)
        others = sorted(code for code in by_code if code != favourite)
        rng.shuffle(others)
        if self.prior is not None:  # the most promising first (asked in the drawn world); ties stay shuffled
            weights = self._priors(world, seat)
            others.sort(key=lambda code: weights.get((seat, code), 0.0), reverse=True)
        candidates = [favourite] + others[:self.candidates - 1]
        turn = self.turn_of(world) if self.turn_of else None  # public: the same in every drawn world
        gains: dict[str, list[float]] = {code: [] for code in candidates[1:]}  # per round, over the favourite's
        totals = dict.fromkeys(candidates, 0.0)
        rounds = 0
        # a round is begun while its candidates' moves still fit (the longest so far of one such
        # move from the copy): its rollouts may be cut short there, and it counts if they stopped
        # alike, all at once after the candidate's move say (a 1-ply comparison, still a fair one).
        # Until session 17 a round had to fit as long as the longest round so far: after one long
        # round (a scout planning its dash) none was begun, and the heuristic's choice stood
        longest_move = 0.0
        while True:
            if rounds and deadline is not None and self.clock() + len(candidates) * longest_move > deadline:
                break
            base = engine.dump_state(world)
            seed = rng.getrandbits(64)
            got, stops = [], set()
            for i, code in enumerate(candidates):
                if deadline is not None and self.clock() > deadline:
                    break  # not one more move past the deadline: this round is incomplete, so not counted
                # the last candidate plays on the drawn world itself, which no later round reads
                # (the next draws its own; the first world is kept as a copy): one state copy fewer a round
                moved = self.clock()
                start = world if i == len(candidates) - 1 else engine.load_state(base)
                trial = engine.apply(start, seat, by_code[code]).state
                longest_move = max(longest_move, self.clock() - moved)
                reward = self._rollout(trial, players, random.Random(seed), deadline, seat, turn)
                got.append(0.5 if reward is None else reward[seat] if seat < len(reward) else 0.0)
                stops.add(self._stopped)
            # a round the deadline cut into is not a fair comparison: one candidate short, or its
            # rollouts stopped for want of time after different counts of moves (all after the
            # same count, at once after the candidate's move say, they are scored alike)
            if len(got) < len(candidates) or (rounds and deadline is not None and self.clock() > deadline):
                break
            if not rounds or len(stops) == 1:
                for code, value in zip(candidates, got):
                    totals[code] += value
                    if code != favourite:
                        gains[code].append(value - got[0])
                rounds += 1
            if self.budget.iterations is not None and rounds * len(candidates) >= self.budget.iterations:
                break
            if deadline is not None and self.clock() >= deadline:
                break
            if rounds >= MIN_ROUNDS and not any(any(g) for g in gains.values()):
                break  # every world scored every candidate alike: nothing here tells them apart
            world = engine.determinize(state, seat, rng)
        self.iterations = rounds * len(candidates)
        self.last_tree = {code: (rounds, round(total, 9)) for code, total in totals.items()}
        if rounds < MIN_ROUNDS:  # too few samples to overrule the heuristic on
            return favourite, first_world, [favourite]
        better = [c for c in gains if _clearly_better(gains[c], self.confidence)]
        better.sort(key=lambda c: totals[c], reverse=True)
        return favourite, first_world, better + [favourite]

    # --- one iteration --------------------------------------------------------------------
    def _iterate(self, root: _Node, world: Any, seat: int, players: int, rng: random.Random,
                 deadline: float | None, first: bool) -> bool:
        """One walk down the tree and a rollout; a rollout the deadline cuts short counts by the
        game's evaluation where it has one, else for nothing (the first counts as even, so that
        every decision has something to go on). False when the walk down stopped for want of time."""
        engine = self.engine
        node, path = root, []
        at_root = True
        while engine.outcome(world) is None:
            active = engine.active_seats(world)
            if not active:
                break
            actor = seat if at_root and seat in active else active[0]
            at_root = False
            if not first and deadline is not None and self.clock() + self._expected(world, actor) > deadline:
                self.cut += 1
                return False  # out of time on the way down (no step that would end past it): this iteration counts for nothing
            legal = engine.legal_actions(world, actor)
            if not legal:
                break
            if len(legal) == 1:  # a forced move is no decision: it adds no node
                world = engine.apply(world, actor, legal[0]).state
                continue
            codes = {(actor, a.code()): a for a in legal}
            present = [k for k in codes if k in node.children]
            room = max(1, int(self.widening * math.sqrt(node.visits + 1)))
            if len(present) < min(room, len(codes)):
                action = self._expansion(world, actor, legal, node, rng)
                child = node.children[(actor, action.code())] = _Node()
                child.available = 1
                path.append((actor, child))
                world = engine.apply(world, actor, action).state
                break
            for key in present:
                node.children[key].available += 1
            if self.prior is not None and node.priors is None:
                node.priors = self._priors(world, actor)  # asked once, in the first world that gets here
            key = max(present, key=lambda k: self._ucb(k, node, rng))
            node = node.children[key]
            path.append((actor, node))
            world = engine.apply(world, actor, codes[key]).state
        reward = self._rollout(world, players, rng, deadline)
        if reward is None and first:
            reward = [0.5] * players
        if reward is None:
            return True
        root.visits += 1  # the root widens with its iterations like any node
        for actor, visited in path:
            visited.visits += 1
            visited.total += reward[actor] if actor < len(reward) else 0.0
        return True

    def _expansion(self, world: Any, actor: int, legal: list, node: _Node, rng: random.Random) -> Any:
        """The heuristic's action if not tried yet, else the untried one the prior likes best
        (without a prior: a random one). The heuristic's call counts as a step of the decision
        (a heuristic that tries moves on copies may take many engine steps)."""
        begun = self.clock()
        pick = self._policy(world, actor, rng, 0.0)
        self._note(world, actor, self.clock() - begun)
        if (actor, pick.code()) not in node.children:
            return pick
        untried = [a for a in legal if (actor, a.code()) not in node.children]
        if self.prior is None:
            return rng.choice(untried)
        if node.priors is None:
            node.priors = self._priors(world, actor)
        rng.shuffle(untried)
        return max(untried, key=lambda a: node.priors.get((actor, a.code()), 0.0))

    def _priors(self, world: Any, actor: int) -> dict[tuple[int, str], float]:
        """The prior of each of `actor`'s legal actions in `world`, scaled to [0, 1]."""
        legal = self.engine.legal_actions(world, actor)
        weights = self.prior(self.engine, world, actor, legal)
        low, high = min(weights), max(weights)
        return {(actor, a.code()): (w - low) / (high - low) if high > low else 0.5 for a, w in zip(legal, weights)}

    def _ucb(self, key: tuple[int, str], node: _Node, rng: random.Random) -> float:
        child = node.children[key]
        mean = child.total / child.visits if child.visits else 0.5
        spread = self.exploration * math.sqrt(math.log(max(1, child.available)) / max(1, child.visits))
        bias = self.bias * node.priors.get(key, 0.0) / (1 + child.visits) if node.priors else 0.0
        return mean + spread + bias + rng.random() * 1e-9  # ties broken at random

    def _rollout(self, world: Any, players: int, rng: random.Random, deadline: float | None,
                 seat: int | None = None, turn: Any = None) -> list[float] | None:
        """The heuristic plays on from `world`: to the end, or for `rollout_steps` moves (or,
        with `turn_horizon`, until `seat` is no longer awaited; with `turn_of`, until the game's
        turn is no longer `turn`) where the game can evaluate the position reached."""
        engine = self.engine
        self._stopped = None  # the moves played when the deadline stopped this rollout, if it did
        for n in range(self.rollout_steps):
            outcome = engine.outcome(world)
            if outcome is not None:
                return rewards(outcome, players)
            active = engine.active_seats(world)
            if not active:
                break
            if self.turn_horizon and self.evaluate and seat is not None and seat not in active:
                return self.evaluate(engine, world, players)
            if turn is not None and self.evaluate and self.turn_of(world) != turn:
                return self.evaluate(engine, world, players)
            actor = active[0]
            begun = self.clock()  # a clock read costs far less than a step
            if deadline is not None and begun + self._expected(world, actor) > deadline:  # no step that would end past it
                self.cut += 1
                self._stopped = n
                return self.evaluate(engine, world, players) if self.evaluate else None
            kind = _kind(world, actor)  # before the step: the step moves the game on
            world = engine.apply(world, actor, self._policy(world, actor, rng, self.rollout_randomness)).state
            self._note_kind(kind, self.clock() - begun)
        outcome = engine.outcome(world)
        if outcome is not None:
            return rewards(outcome, players)
        return self.evaluate(engine, world, players) if self.evaluate else [0.5] * players

    def _timed_policy(self, world: Any, seat: int, rng: random.Random) -> str:
        """The heuristic's choice (its code), the decision's first step: what it cost is the first
        known of its kind."""
        begun = self.clock()
        code = self._policy(world, seat, rng, 0.0).code()
        self._note(world, seat, self.clock() - begun)
        return code

    def _expected(self, world: Any, actor: int) -> float:
        """What the next step is expected to cost: the longest of its kind so far in this
        decision, or of any kind for a kind not seen yet."""
        return self._costs.get(_kind(world, actor), self._longest_step)

    def _note(self, world: Any, actor: int, took: float) -> None:
        self._note_kind(_kind(world, actor), took)

    def _note_kind(self, kind: tuple[int, Any], took: float) -> None:
        if took > self._costs.get(kind, 0.0):
            self._costs[kind] = took
        self._longest_step = max(self._longest_step, took)

    def _policy(self, world: Any, actor: int, rng: random.Random, randomness: float) -> Any:
        """The heuristic, or with probability `randomness` any legal action: a rollout only
        needs some noise, and telling useful moves from null ones (`useful_choice`) costs
        more trial moves than the rollout's heuristic steps themselves."""
        if randomness and rng.random() < randomness:
            return rng.choice(self.engine.legal_actions(world, actor))
        return self.policy(self.engine, world, actor, rng)


def _kind(world: Any, actor: int) -> tuple[int, Any]:
    """A step's kind, for what it is expected to cost: who moves, in which of the game's phases
    (a heuristic's work differs by phase and by the seat's forces: the tank game's scouts plan
    their dashes in the shots phase, over many trial moves, and its other phases try few)."""
    return actor, getattr(world, "phase", None)


def _clearly_better(gains: list[float], confidence: float) -> bool:
    """Whether paired gains over the heuristic's choice say the candidate is better, not just
    luckier: their mean is above zero by `confidence` standard errors (a few noisy worlds
    would otherwise overrule a sound choice about as often as they improve on it)."""
    n = len(gains)
    mean = sum(gains) / n
    if mean <= 0:
        return False
    spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / (n - 1)) if n > 1 else 0.0
    return mean > confidence * spread / math.sqrt(n)


def _players(engine: Engine, state: Any, seat: int) -> int:
    """Seats in the game, for engines whose public view names no `players` list."""
    count = getattr(state, "players", None) or getattr(state, "seats", None) or getattr(state, "sides", None)
    return len(count) if count is not None else max(seat + 1, engine.min_players)


def useful_choice(engine: Engine, state: Any, seat: int, rng: random.Random, policy: Policy = heuristic,
                  seen: set[str] | None = None, tries: int = 4, trail: Trail | None = None,
                  deadline: float | None = None, clock: Callable[[], float] = time.perf_counter,
                  cost: Callable[[Any, int], float] | None = None) -> Any:
    """A random legal action that changes something (`changes_something`) and undoes no recent
    move of the seat (`trail`), if one turns up in a few draws; else the heuristic's if it undoes
    nothing, else any that undoes nothing; the only legal action when there is one."""
    legal = engine.legal_actions(state, seat)
    if len(legal) == 1:
        return legal[0]
    late = (lambda: False) if deadline is None else (lambda: clock() > deadline)  # past it: the heuristic's
    for action in rng.sample(legal, min(tries, len(legal))):
        if late():
            break
        if not undoes_recent(engine, trail, state, seat, action, rng) and \
                changes_something(engine, state, seat, action, rng, policy, seen, deadline=deadline, clock=clock,
                                  cost=cost):
            return action
    action = policy(engine, state, seat, rng)
    if trail is None or late() or not undoes_recent(engine, trail, state, seat, action, rng):
        return action
    return next((a for a in rng.sample(legal, len(legal))
                 if not late() and not undoes_recent(engine, trail, state, seat, a, rng)), action)


def undoes_recent(engine: Engine, trail: Trail | None, state: Any, seat: int, action: Any,
                  rng: random.Random) -> bool:
    """Whether `action` brings a unit of the seat back to where it stood lately, or is a move
    the game's bots never make (games.core.undo); tried on a copy with new dice."""
    return undoes(engine, trail, state, seat, action, _trial(engine, state, seat, action, rng))


def _position(engine: Engine, state: Any, seat: int) -> str:
    """What a seat can tell of where the game stands: its view and whom the game awaits."""
    return json.dumps([engine.view(state, seat), sorted(engine.active_seats(state))], sort_keys=True, default=str)


class Memory:
    """The positions a bot's seats stood in at their last decisions: a random or searched
    move must not lead back to one (a bot is otherwise stateless, so two moves that undo
    each other would each look like a change). A host keeps one per table and seat."""

    def __init__(self, size: int = 48):
        self.size = size
        self.seen: dict[int, deque[str]] = {}

    def note(self, engine: Engine, state: Any, seat: int) -> set[str]:
        kept = self.seen.setdefault(seat, deque(maxlen=self.size))
        kept.append(_position(engine, state, seat))
        return set(kept)


def _trial(engine: Engine, state: Any, seat: int, action: Any, rng: random.Random) -> Any:
    """The state after `action`, on a copy with new dice: trying a move must not tell a bot
    the game's coming dice."""
    trial = engine.load_state(engine.dump_state(state))
    if hasattr(trial, "rng"):
        trial.rng = GameRng.fresh(rng)
    return engine.apply(trial, seat, action).state


def changes_something(engine: Engine, state: Any, seat: int, action: Any, rng: random.Random,
                      policy: Policy = heuristic, seen: set[str] | None = None, horizon: int = 8,
                      deadline: float | None = None, clock: Callable[[], float] = time.perf_counter,
                      cost: Callable[[Any, int], float] | None = None) -> bool:
    """Whether `action` leads somewhere: after it, and after the seat's own moves that the
    heuristic would play on with while the game awaits only this seat, the seat is never
    back where it stood now or at a decision `seen` remembers (a turn and a turn back, a
    drive and an immediate halt, a pass that leaves everything as it was: the class of
    "null moves"). Past `deadline` (read on `clock` before each trial move, with what such a
    move is expected to `cost` in the state it starts from) it has not shown that, and says no."""
    back = (seen or set()) | {_position(engine, state, seat)}
    world = _trial(engine, state, seat, action, rng)
    for _ in range(horizon):
        if deadline is not None and clock() + (cost(world, seat) if cost else 0.0) > deadline:
            return False
        if _position(engine, world, seat) in back:
            return False
        if engine.outcome(world) is not None or engine.active_seats(world) != [seat]:
            return True
        world = _trial(engine, world, seat, policy(engine, world, seat, rng), rng)
    return True


def is_null_move(engine: Engine, state: Any, seat: int, action: Any) -> bool:
    """Whether `action` alone leaves the seat where it stood (same view, same awaited seats,
    same legal actions). `state` is left untouched."""
    after = _trial(engine, state, seat, action, random.Random(0))
    return _position(engine, state, seat) == _position(engine, after, seat) and \
        [a.code() for a in engine.legal_actions(state, seat)] == [a.code() for a in engine.legal_actions(after, seat)]


class EasyBot:
    """`easy`: the heuristic, with a share of its choices drawn among the useful actions."""

    def __init__(self, engine: Engine, policy: Policy = heuristic, randomness: float = EASY_RANDOMNESS,
                 memory: Memory | None = None):
        self.engine, self.policy, self.randomness = engine, policy, randomness
        self.memory = memory or Memory()
        self.iterations = 0

    def choose(self, state: Any, seat: int, rng: random.Random) -> Any:
        engine = self.engine
        seen = self.memory.note(engine, state, seat)
        trail = trail_from(engine, self.memory.seen[seat], _players(engine, state, seat))
        if rng.random() < self.randomness:
            return useful_choice(engine, state, seat, rng, self.policy, seen, trail=trail)
        action = self.policy(engine, state, seat, rng)
        if trail is not None and len(engine.legal_actions(state, seat)) > 1 and \
                undoes_recent(engine, trail, state, seat, action, rng):
            return useful_choice(engine, state, seat, rng, self.policy, seen, trail=trail)
        return action


def make_bot(engine: Engine, level: str, budget: Budget | None = None, memory: Memory | None = None,
             rollout_steps: int | None = None) -> SearchBot | EasyBot:
    """The bot of a level (`easy`, `normal`, `hard`); `budget` overrides the level's own.
    Rollouts stop after `rollout_steps` where the game can evaluate a position."""
    if level == "easy":
        return EasyBot(engine, memory=memory)
    if level not in LEVEL_BUDGETS:
        raise ValueError(f"unknown bot level {level!r}")
    evaluate = evaluation(engine)
    options = {"paired": True, "rollout_steps": ROLLOUT_STEPS if evaluate else 3000, "prior": prior_of(engine),
               **search_options(engine)}
    if rollout_steps:
        options["rollout_steps"] = rollout_steps
    return SearchBot(engine, budget or LEVEL_BUDGETS[level], evaluate=evaluate, memory=memory, **options)
