"""The thinking bot (issue 21): it searches only from what its seat may know.

Issue 21: "It never reads another seat's secrets; a test proves it (its choices are unchanged
when the hidden information of other seats is resampled with the same seed)." The search is
run, with the same seed and an iteration budget, on a state and on a determinization of it
(everything the seat cannot see drawn again): its whole root (every edge's visits and
reward), not only its choice, must be the same. That holds only if the search reads the
state through `determinize` alone and `determinize` draws from what the seat sees alone.
"""
from __future__ import annotations

import random
import zlib

import pytest

from games.core.engine import Seat
from games.core.search import Budget, EasyBot, Memory, SearchBot, evaluation, heuristic, make_bot, rewards
from games.core.engine import Outcome
from games.registry import get_engine

CASES = [("ironfire", 2, {"fog_of_war": "true"}), ("ironfire", 3, {}), ("frontline", 2, {}), ("panzer", 2, {}),
         ("conflict", 2, {}), ("conflict", 4, {}), ("fleet", 2, {})]
POINTS = 6  # decision points per case


def _points(engine, players: int, options: dict, seed: int, want: int):
    """States from heuristic games (fixed seed) where a seat has a real choice."""
    play = random.Random(seed)
    found, game = [], 0
    while len(found) < want and game < 20:
        seats = [Seat(index=i, name=f"P{i + 1}", is_bot=True) for i in range(players)]
        state = engine.setup(seats, engine.parse_options(options), 500 + game).state
        game += 1
        stop = sorted(play.sample(range(5, 400), 3))
        for n in range(400):
            if engine.outcome(state) is not None:
                break
            seat = play.choice(engine.active_seats(state))
            if stop and n == stop[0]:
                stop.pop(0)
                if len(engine.legal_actions(state, seat)) > 1:
                    found.append((engine.load_state(engine.dump_state(state)), seat))
            state = engine.apply(state, seat, heuristic(engine, state, seat, play)).state
    return found[:want]


@pytest.mark.parametrize("paired", [False, True], ids=["tree", "paired"])
@pytest.mark.parametrize("game,players,options", CASES, ids=[f"{g}-{n}p" for g, n, _ in CASES])
def test_search_depends_only_on_what_its_seat_may_know(game, players, options, paired):
    engine = get_engine(game)
    # paired: three rounds of its four candidates, enough for the search to overrule the heuristic
    bot = SearchBot(engine, Budget(seconds=None, iterations=12 if paired else 6), rollout_steps=40, paired=paired)
    points = _points(engine, players, options, seed=21, want=POINTS)
    assert len(points) == POINTS
    differed = 0
    for k, (state, seat) in enumerate(points):
        other = engine.determinize(state, seat, random.Random(k))
        differed += engine.dump_state(other) != engine.dump_state(state)
        first = bot.choose(state, seat, random.Random(k + 100)).code()
        first_tree = bot.last_tree
        again = bot.choose(other, seat, random.Random(k + 100)).code()
        assert (first, first_tree) == (again, bot.last_tree), f"{game} point {k} seat {seat}"
        assert sum(v for v, _ in first_tree.values()) > 0  # it searched
    assert differed == POINTS  # the resampled states really hid something else


@pytest.mark.parametrize("game,players,options", CASES, ids=[f"{g}-{n}p" for g, n, _ in CASES])
def test_a_drawn_world_depends_only_on_what_its_seat_may_know(game, players, options):
    """What the search above rests on, world by world: drawn with the same seed from the real
    state or from a copy whose hidden parts were drawn again, a world is the same to the last
    bit, hidden parts included (whatever the search or a game's prior may read of it). Iron &
    Fire's army phase once kept the real secret picks' tokens, and so their hidden number, in
    every world it drew."""
    engine = get_engine(game)
    points = _points(engine, players, options, seed=21, want=POINTS) + \
        _points(engine, players, options, seed=22, want=POINTS)
    for k, (state, seat) in enumerate(points):
        other = engine.determinize(state, seat, random.Random(k))
        world = engine.dump_state(engine.determinize(state, seat, random.Random(5)))
        assert world == engine.dump_state(engine.determinize(other, seat, random.Random(5))), \
            f"{game} point {k} ({getattr(state, 'phase', '')}) seat {seat}"


def test_search_reads_the_state_only_through_determinize():
    """A seat's own search asks the real state for nothing but its own legal actions and a
    determinization for itself; every world it plays in comes from `determinize`."""
    engine = get_engine("fleet")
    state, seat = _points(engine, 2, {}, seed=3, want=1)[0]
    asked = []

    class Watch(type(engine)):
        def determinize(self, s, who, rnd):
            asked.append(("determinize", s is state, who))
            return super().determinize(s, who, rnd)

        def legal_actions(self, s, who):
            if s is state:
                asked.append(("legal", who))
            return super().legal_actions(s, who)

    def policy(engine, s, who, rnd):
        assert s is not state, "the heuristic was asked on the real state"
        return heuristic(engine, s, who, rnd)

    watched = Watch()
    SearchBot(watched, Budget(seconds=None, iterations=4), policy=policy, rollout_steps=30).choose(state, seat, random.Random(1))
    assert ("determinize", True, seat) in asked
    assert all(who == seat for *_, who in asked)


@pytest.mark.parametrize("paired", [False, True], ids=["tree", "paired"])
def test_search_plays_legal_moves_for_several_seats_at_once_and_many_players(paired):
    """Conflict at six players, where a combat asks both sides for a lay at once: every choice
    is one of the seat's legal actions."""
    engine = get_engine("conflict")
    bot = SearchBot(engine, Budget(seconds=None, iterations=3), rollout_steps=30, paired=paired)
    play = random.Random(6)
    seats = [Seat(index=i, name=f"P{i + 1}", is_bot=True) for i in range(6)]
    state = engine.setup(seats, engine.parse_options({}), 66).state
    together = 0
    for n in range(150):
        if engine.outcome(state) is not None:
            break
        active = engine.active_seats(state)
        together += len(active) > 1
        seat = active[-1]
        action = bot.choose(state, seat, play)
        assert action.code() in {a.code() for a in engine.legal_actions(state, seat)}
        state = engine.apply(state, seat, action).state
    assert together > 0


def test_rewards_score_winners_draws_and_places():
    assert rewards(Outcome(winners=[1], ranks=[2, 1]), 2) == [0.0, 1.0]
    assert rewards(Outcome(winners=[], ranks=[1, 1]), 2) == [0.5, 0.5]
    assert rewards(Outcome(winners=[0], ranks=[1, 3, 2]), 3) == [1.0, 0.0, 0.25]


def test_levels():
    engine = get_engine("fleet")
    assert isinstance(make_bot(engine, "easy"), EasyBot)
    assert make_bot(engine, "hard").budget.seconds == 1.0
    assert make_bot(engine, "normal").budget.seconds < 1.0
    with pytest.raises(ValueError):
        make_bot(engine, "godlike")


def test_the_root_widens_with_its_iterations():
    """Progressive widening holds at the root too: a decision among many actions tries more of
    them as iterations add up (the root once never counted its visits, so it compared the
    heuristic's choice with one other action only, whatever the budget)."""
    engine = get_engine("frontline")
    points = [(s, seat) for s, seat in _points(engine, 2, {}, seed=21, want=POINTS)
              if len(engine.legal_actions(s, seat)) >= 7]
    assert points
    for state, seat in points:
        bot = SearchBot(engine, Budget(seconds=None, iterations=40), rollout_steps=12)
        bot.choose(state, seat, random.Random(2))
        assert len(bot.last_tree) >= 6, bot.last_tree  # 2 * sqrt(40) candidates, at most the legal ones


class _Timed:
    """A clock that moves only when the engine works: each apply and determinize takes
    `cost` seconds of it, and the `stall_at`-th of them (counting from 1) `stall` seconds more
    (a process the machine left waiting, a collection of garbage). The search sees the time it
    would on a machine where they do; `late` counts the steps begun after `end`."""

    def __init__(self, cost: float, stall_at: int = 0, stall: float = 0.0):
        self.now, self.cost, self.stall_at, self.stall = 0.0, cost, stall_at, stall
        self.steps = self.late = 0
        self.end = float("inf")

    def __call__(self) -> float:
        return self.now

    def step(self) -> None:
        self.late += self.now > self.end
        self.steps += 1
        self.now += self.cost + (self.stall if self.steps == self.stall_at else 0.0)

    def engine(self, base):
        clock = self

        class Slow(type(base)):
            def apply(self, s, who, action):
                clock.step()
                return super().apply(s, who, action)

            def determinize(self, s, who, rnd):
                clock.step()
                return super().determinize(s, who, rnd)
        return Slow()


@pytest.mark.parametrize("paired", [False, True], ids=["tree", "paired"])
@pytest.mark.parametrize("game", ["panzer", "frontline"])
def test_a_decision_stays_within_its_time_budget(game, paired):
    """Issue 21: "Time per decision is a budget" and "No decision over 2 s". With every engine
    step costing 10 ms of a simulated clock, a 1 s decision ends within its budget and the one
    engine step that may begin as it ends, the check against null moves included (the rollouts
    once read the clock every 8 steps only, and that check ran on past the budget).

    Why it holds: a step (the heuristic's choice and its move) is begun only when the longest
    step of its kind (seat and phase) in this decision, or of any kind for a new one, still
    ends before the deadline (`SearchBot._expected`); the tank game's heuristic, whose scouts
    plan a dash over hundreds of trial moves (one call up to 3 s of this clock, past the whole
    budget), stops planning at the deadline (`games.core.deadline`). The bound allowed the
    decision's longest step (up to 2.7 s past the budget on other seeds) until session 16.
    The clock is simulated and the points fixed: the figures repeat exactly, and the test fails
    only if a step costs more than every step of its kind before it by more than the budget's
    last tenth (the null-move check's share), a real overrun."""
    clock = _Timed(0.01)
    engine = clock.engine(get_engine(game))
    bot = SearchBot(engine, Budget(seconds=1.0), rollout_steps=40, clock=clock, paired=paired)
    for k, (state, seat) in enumerate(_points(get_engine(game), 2, {}, seed=21, want=2 * POINTS)):
        started = clock.now
        bot.choose(state, seat, random.Random(3 + k))
        took = clock.now - started
        assert took <= 1.0 + clock.cost + 1e-9, f"{game} point {k}: {took:.2f} s, steps {bot._costs}"


@pytest.mark.parametrize("paired", [False, True], ids=["tree", "paired"])
def test_cheap_steps_use_the_budgets_tail(paired):
    """The budget's tail: a cheap step still begins where a costly one of another kind would
    not fit. Here the heuristic costs 0.3 s of the clock in the tank game's shots phase, on top
    of the applies its own trials make (each 10 ms): once a shots step was taken, cheap steps
    (of other phases) still begin in the last 0.3 s before the search's deadline (0.9 s), and
    the decision ends within its budget. Of these six decisions, one (tree) or two (paired)
    leave such a tail after their first shots step (in the others that step itself runs to the
    deadline, or is the last thing that fits); with the
    longest step of all as every step's expected cost (before session 16), none began a step
    there, and a decision ran to 2 s."""
    clock = _Timed(0.01)
    engine = clock.engine(get_engine("panzer"))
    began: list[tuple[float, str]] = []  # (time, phase) of each of the heuristic's calls

    def policy(engine, s, who, rnd):
        began.append((clock.now, s.phase))
        if s.phase == "shots":
            clock.now += 0.3  # a heuristic that tries many moves on copies
        return heuristic(engine, s, who, rnd)

    bot = SearchBot(engine, Budget(seconds=1.0), rollout_steps=40, clock=clock, paired=paired, policy=policy)
    used = 0
    for k, (state, seat) in enumerate(_points(get_engine("panzer"), 2, {}, seed=21, want=POINTS)):
        started = clock.now
        began.clear()
        bot.choose(state, seat, random.Random(3 + k))
        took = clock.now - started
        assert took <= 1.0 + clock.cost + 1e-9, f"point {k}: {took:.2f} s"
        shots = [at - started for at, phase in began if phase == "shots"]
        used += any(at - started > 0.9 - 0.3 and phase != "shots" and at - started > shots[0]
                    for at, phase in began) if shots else 0
    assert used >= 1, used  # tree 1, paired 2


@pytest.mark.xfail(strict=True, reason=(
    "session 16: after panzer17's reachable-jump-shot rule this point's shots step costs 0.26 s, not "
    "0.41, and the search fits one round; 6 of 32 panzer points of seeds 21-23 and 31 now count one "
    "round at the hard level on this clock. The scenario must be found again and the cost brought down "
    "(see the README's engines row); strict: it fails the suite once it passes"))
def test_a_long_round_does_not_stop_the_rounds_after_it():
    """The paired search counts a round only when its rollouts stopped alike, and a round cut
    short at the same point for every candidate (at once after the candidate's move, where the
    next step cannot fit) is such a round. Here (the hard level, 2 ms an engine step, the tank
    game's decision point 4 of seed 21) the first round takes 0.84 s of the 0.9 s search, one
    rollout 0.57 s of it (a scout planning its dash: 0.41 s in one step); two more rounds fit,
    their rollouts evaluated right after each candidate's move, so the search has the three
    rounds it needs to overrule the heuristic. Until session 17 a round was begun only if the
    longest so far fitted, and this decision counted one round (be20ab4^1, before session 16,
    counted 28, most of them cut short after different counts of moves)."""
    clock = _Timed(0.002)
    engine = clock.engine(get_engine("panzer"))
    bot = make_bot(engine, "hard", Budget(seconds=1.0))
    bot.clock = clock
    state, seat = _points(get_engine("panzer"), 2, {}, seed=21, want=5)[4]
    bot.choose(state, seat, random.Random(3 + 4))
    assert clock.now <= 1.0 + clock.cost + 1e-9
    assert bot._costs[(seat, "shots")] > 0.4  # the long step is there
    assert bot.iterations // bot.candidates >= 3, bot.iterations


# the phases in which each game's forces are still being chosen or placed (its rules' setup);
# Iron & Fire's decks are chosen first (100.2), and from then on they weigh by their measured
# scores (games.ironfire.bot.DECK_SCORE), the same whatever cards are picked from them
SETUP = {"ironfire": ("army",), "panzer": ("army", "draft", "side", "deploy", "face", "ammo"),
         "frontline": ("deck", "mulligan"), "fleet": ("build",)}


@pytest.mark.parametrize("game", sorted(SETUP))
def test_evaluation_does_not_move_while_forces_are_being_built(game):
    """A rollout cut short during the setup is scored alike whatever is drafted or placed:
    that is worth what it will do in battle, and no evaluation can say that yet (panzer counted
    the points of the tanks drafted: a search would then have drafted by points, not by worth
    per point of the price budget as the heuristic does). It is even where nothing tells the
    seats apart yet (in Iron & Fire: the same deck at both seats)."""
    engine = get_engine(game)
    evaluate = evaluation(engine)
    play = random.Random(4)
    checked = 0
    for seed in range(40, 46):
        seats = [Seat(index=i, name=f"P{i + 1}", is_bot=True) for i in range(2)]
        state = engine.setup(seats, engine.parse_options({}), seed).state
        while state.phase not in SETUP[game]:  # Iron & Fire: both seats choose the same ready-made deck
            seat = engine.active_seats(state)[0]
            state = engine.apply(state, seat, engine.legal_actions(state, seat)[0]).state
        while state.phase in SETUP[game]:
            assert evaluate(engine, state, 2) == [0.5, 0.5], f"{game} seed {seed} in {state.phase}"
            checked += 1
            seat = engine.active_seats(state)[0]
            state = engine.apply(state, seat, heuristic(engine, state, seat, play)).state
    assert checked > 20


def test_noise_does_not_overrule_the_heuristic():
    """The paired search overrules the heuristic's choice only on a clear gain: with an
    evaluation that is pure noise, whatever the action, the heuristic's choice (here: the
    first legal action) stands in most decisions when a gain over one standard error is asked
    for (Iron & Fire's setting). Overruling on any higher sum, the default, gives up that
    choice in 7 of these 12."""
    over = n = 0
    for game in ("fleet", "frontline"):
        engine = get_engine(game)
        noise = random.Random(5)
        bot = SearchBot(engine, Budget(seconds=None, iterations=32), rollout_steps=0, paired=True, confidence=1.0,
                        policy=lambda e, s, seat, r: e.legal_actions(s, seat)[0],
                        evaluate=lambda e, s, players: [noise.random() for _ in range(players)])
        for state, seat in _points(engine, 2, {}, seed=21, want=POINTS):
            n += 1
            bot.memory = Memory()  # no recent moves seen: a first action that undoes one gives way to another
            over += bot.choose(state, seat, random.Random(n)).code() != engine.legal_actions(state, seat)[0].code()
    assert n == 2 * POINTS
    # a third: fleet's positions come from its heuristic's games, which changed with its bot (4 of 12 since)
    assert over <= n // 3, f"{over} of {n} decisions overruled on noise"


def test_a_turn_horizon_rollout_stops_when_its_seat_is_no_longer_awaited():
    """With `turn_horizon`, a rollout is scored where its seat's turn ends (the next seat is
    awaited), not after a fixed number of moves: every position the evaluation is asked
    about awaits another seat or ends the game, however many moves a rollout may make."""
    engine = get_engine("ironfire")
    asked = []

    def evaluate(e, state, players):
        asked.append((seat_of[0], e.active_seats(state)))
        return [0.5] * players

    seat_of = [None]
    bot = SearchBot(engine, Budget(seconds=None, iterations=12), rollout_steps=1000, paired=True,
                    turn_horizon=True, evaluate=evaluate)
    for state, seat in _points(engine, 2, {}, seed=21, want=POINTS):
        if state.phase != "battle":
            continue
        seat_of[0] = seat
        bot.choose(state, seat, random.Random(1))
    assert asked
    assert all(seat not in active for seat, active in asked)


def test_a_turn_of_rollout_is_scored_where_the_games_turn_changes():
    """With `turn_of` (the game's turn counter), a paired rollout is scored where the turn of
    the decision is over, not after a fixed number of moves: every position the evaluation is
    asked about is in another turn than the decision's, however many moves a rollout may make
    (panzer's turn is some thirty moves: stopped after twelve, candidates were scored at
    different points of the heuristic's plan)."""
    from games.panzer.bot import turn_of

    engine = get_engine("panzer")
    asked = []

    def evaluate(e, state, players):
        asked.append((decided[0], turn_of(state)))
        return [0.5] * players

    decided = [None]
    bot = SearchBot(engine, Budget(seconds=None, iterations=12), rollout_steps=1000, paired=True,
                    turn_of=turn_of, evaluate=evaluate)
    for state, seat in _points(engine, 2, {}, seed=21, want=POINTS):
        decided[0] = turn_of(state)
        bot.choose(state, seat, random.Random(1))
    assert len({turn for turn, _ in asked}) > 1  # several turns' decisions were searched
    assert all(turn != reached for turn, reached in asked)


@pytest.mark.parametrize("paired", [False, True], ids=["tree", "paired"])
@pytest.mark.parametrize("game", ["panzer", "frontline", "ironfire"])
def test_the_budget_is_a_deadline_even_after_a_stall(game, paired):
    """Issue 21: "No decision over 2 s". A decision's end (its start plus its budget) is a
    deadline: once the clock has passed it, the search begins no further engine step, however
    it got there. Here one step of the search stalls for 2 s (the arena once saw a 1 s decision
    take 4.3 s on a loaded machine): whatever step it is, nothing is begun after it. (A paired
    round once played its remaining candidates past the deadline, and the null-move check of
    the search's first-ranked move ran its trial moves unchecked.)"""
    base = get_engine(game)
    points = _points(base, 2, {}, seed=21, want=POINTS)

    def decide(state, seat, k: int, clock: _Timed):
        # the heuristic is one step of the search's (it cannot be stopped midway): its own trial
        # moves cost nothing here, so every step counted is one the search began
        bot = SearchBot(clock.engine(base), Budget(seconds=1.0), rollout_steps=12, clock=clock, paired=paired,
                        evaluate=evaluation(base), policy=lambda _, s, who, r: heuristic(base, s, who, r))
        clock.end = 1.0  # each decision starts its clock at 0
        action = bot.choose(state, seat, random.Random(k))
        assert action.code() in {a.code() for a in base.legal_actions(state, seat)}

    late = stalls = runs = 0
    for k, (state, seat) in enumerate(points):
        unstalled = _Timed(0.01)
        decide(state, seat, k, unstalled)
        n = unstalled.steps  # the steps this decision takes; the search is the same up to a stall
        # the step the stall hits: early, mid-search and among the last (the check after the
        # search), as shares of this decision's own steps (perf16's paired rounds take fewer)
        for stall_at in sorted({2, n // 5, n // 2, 4 * n // 5, n - 1} - {0, 1}):
            clock = _Timed(0.01, stall_at=stall_at, stall=2.0)
            decide(state, seat, k, clock)
            runs += 1
            stalls += clock.steps >= stall_at
            late += clock.late
    assert runs >= len(points) * 4 and stalls == runs  # the stall hit every decision
    assert late == 0, f"{late} engine steps begun after the deadline"


def _reads_everything(engine, state, seat, legal):
    """A prior that depends on every bit of the state it is given, hidden parts included."""
    world = engine.dump_state(state)
    return [zlib.crc32((world + a.code()).encode()) % 1000 for a in legal]


@pytest.mark.parametrize("paired", [False, True], ids=["tree", "paired"])
@pytest.mark.parametrize("game,players,options", [CASES[0], CASES[5], CASES[6]], ids=["ironfire-fog", "conflict-4p", "fleet"])
def test_a_prior_is_asked_only_in_drawn_worlds(game, players, options, paired):
    """Issue 21's secrecy, with a game's prior: the prior is asked only about worlds the seat
    cannot tell from the real one, so even a prior that reads the whole state it is given
    leaves the search's result unchanged when other seats' secrets are drawn again."""
    engine = get_engine(game)
    bot = SearchBot(engine, Budget(seconds=None, iterations=12 if paired else 8), rollout_steps=40, paired=paired,
                    prior=_reads_everything)
    for k, (state, seat) in enumerate(_points(engine, players, options, seed=21, want=POINTS)):
        other = engine.determinize(state, seat, random.Random(k))
        first = bot.choose(state, seat, random.Random(k + 100)).code(), bot.last_tree
        again = bot.choose(other, seat, random.Random(k + 100)).code(), bot.last_tree
        assert first == again, f"{game} point {k} seat {seat}"


def _first_legal(engine, state, seat, rng):
    return engine.legal_actions(state, seat)[0]


def _by_code_length(engine, state, seat, legal):
    return [len(a.code()) + 0.001 * k for k, a in enumerate(legal)]  # no ties: one order of preference


@pytest.mark.parametrize("paired", [False, True], ids=["tree", "paired"])
def test_a_prior_chooses_which_actions_the_search_tries(paired):
    """The priors hook: the paired search compares the heuristic's choice with the actions the
    game's prior likes best (without one: three drawn at random), and the tree tries untried
    actions in the prior's order."""
    engine = get_engine("frontline")
    points = [(s, seat) for s, seat in _points(engine, 2, {}, seed=21, want=POINTS)
              if len(engine.legal_actions(s, seat)) >= 6]
    assert points
    for k, (state, seat) in enumerate(points):
        legal = engine.legal_actions(state, seat)
        weight = dict(zip((a.code() for a in legal), _by_code_length(engine, state, seat, legal)))
        bot = SearchBot(engine, Budget(seconds=None, iterations=12 if paired else 10), rollout_steps=12, paired=paired,
                        policy=_first_legal, prior=_by_code_length)
        bot.choose(state, seat, random.Random(k))
        tried = set(bot.last_tree) - {legal[0].code()}
        best = sorted((c for c in weight if c != legal[0].code()), key=weight.get, reverse=True)[:len(tried)]
        assert len(tried) >= 3 and tried == set(best), (tried, best)


@pytest.mark.parametrize("game,players,options", [CASES[0], CASES[3], CASES[4]], ids=["ironfire", "panzer", "conflict"])
def test_the_paired_search_reads_no_world_after_playing_on_it(game, players, options):
    """A paired round plays its last candidate on the drawn world itself rather than on one
    more copy (brief arena6: state copies were 11-15 % of hard's CPU): nothing may read that
    world afterwards. An engine whose `apply` leaves its input untouched (it plays on a copy)
    must then get the same choices and the same sample totals as the real engines, which
    change the state they are given."""
    engine = get_engine(game)

    class Copying(type(engine)):
        def apply(self, s, who, action):
            return super().apply(self.load_state(self.dump_state(s)), who, action)

    copying = Copying()
    for k, (state, seat) in enumerate(_points(engine, players, options, seed=23, want=3)):
        got = []
        for eng in (engine, copying):
            bot = SearchBot(eng, Budget(seconds=None, iterations=12), rollout_steps=20, paired=True)
            got.append((bot.choose(eng.load_state(eng.dump_state(state)), seat, random.Random(k)).code(),
                        bot.last_tree))
        assert got[0] == got[1], f"{game} point {k}"
