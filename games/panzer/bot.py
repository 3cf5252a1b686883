"""The bot seat: shoots at the best odds, fires defensively, uses cover and range; its light
tanks scout: they close in to a jump shot's reach, wait there out of sight, and strike with a
jump shot (`_best_dash`).

It reads only what its own view shows: positions, facings, markers and its own special
ammunition (never the opponent's hidden rounds).
"""
from __future__ import annotations

import random
from collections import deque
from functools import lru_cache
from typing import Any

from games.core import GameRng, deadline
from games.core.scoring import win_chances
from games.core.hexgrid import distance, in_arc, neighbors, turn_steps
from games.panzer import rules as R
from games.panzer.data import MAPS, NATIONS
from games.panzer.models import (
    Again, Army, Done, Face, Go, Halt, Hold, Load, NoAgain, Pick, Ready, Side, Tank, Turret, Turn, Deploy,
    Dash, Drive, EndMove, EndShots, EndTurn, Precise, AdvFire, DFire, JumpFire, Cancel, copy_mover, shallow_state,
    shallow_tank,
)
from games.core.hexgrid import DIRECTION_NAMES

AMMO_COST = 0.12  # a special round is worth keeping unless it clearly improves the odds
HESH_VALUE = 1 / 3 + 1 / 3 * 0.4  # a HESH hit's worth as a kill chance: destroyed on 5-6; a lost gun is worth a little


@lru_cache(maxsize=64)
def p_at_least(need: int, sure_six: bool = False) -> float:
    """Probability that 2d6 (one die fixed at 6 with APFSDS) reaches need."""
    hits = total = 0
    for a in range(1, 7):
        for b in range(1, 7):
            total += 1
            x = (6 + b) if sure_six else a + b
            hits += x >= need
    return hits / total


@lru_cache(maxsize=512)
def p_kill(need: int, tank_class: str, over: bool) -> float:
    hits = 0
    for a in range(1, 7):
        for b in range(1, 7):
            s = R.overcharge(a + b, tank_class) if over else a + b
            hits += s >= need
    return hits / 36


def shot_value(engine: Any, state: Any, t: Tank, e: Tank, g: int, mode: str, ammo: str | None,
               at: Any = None) -> float:
    """Expected points of one shot (hit chance × kill chance × target value)."""
    at = at or e.pos
    gun = R.ttype(t).guns[g]
    dist = distance(t.pos, at)
    mod = R.hit_modifier(state, t, e, mode)
    ph = p_at_least(dist - mod, ammo == "apfsds")
    armour = R.armour_against(e, at, t.pos)
    need = armour - gun.attack - R.close_bonus(dist)
    if ammo == "hesh":
        pk = HESH_VALUE
    else:
        pk = p_kill(need, R.ttype(t).tank_class, ammo == "overcharge")
    value = ph * pk * R.POINTS[R.ttype(e).tank_class]
    return value - (AMMO_COST if ammo else 0.0)


def choose(engine: Any, state: Any, seat: int, rng: random.Random) -> Any:
    legal = engine.legal_actions(state, seat)
    ph = state.phase
    if ph == "army":
        return rng.choice(legal)
    if ph == "draft":
        return _draft(state, seat, legal, rng)
    if ph == "side":
        return rng.choice(legal)
    if ph == "deploy":
        return _deploy(engine, state, seat, legal, rng)
    if ph == "face":
        return Face(dir="s" if state.sides[seat] == "north" else "n")
    if ph == "ammo":
        return _ammo(state, seat, legal)
    if ph == "react":
        return _best_fire(engine, state, legal, 0.08) or Hold()
    if ph == "second":
        return Again(ammo=None)
    if ph == "shots":
        shot = _best_fire(engine, state, legal, 0.35)
        dash = _best_dash(engine, state, seat, legal, max(0.35, _fire_value(engine, state, shot) if shot else 0.0))
        return dash or shot or EndShots()
    if ph == "move":
        # never with free points: declared points must all be spent, and a tank made to spend
        # them wanders on past the place it wanted (light tanks did, every turn: issue 18)
        for drive in sorted((a for a in legal if isinstance(a, Drive) and a.free == 0), key=lambda a: a.tank):
            if deadline.passed():  # a search's decision out of time: no drive shown to lead anywhere yet
                break
            if _drive_goes_somewhere(engine, state, seat, drive):
                return drive
        return EndMove()
    if ph in ("moving", "dash"):
        if ph == "dash":
            cancel = next(a for a in legal if isinstance(a, Cancel))
            t = engine.tank(state, state.mover.tank)
            if R.ttype(t).tank_class != "light":
                # a dash the search tried: planned too, the levels' rollouts took 18 ms of CPU a
                # decision for 12-13 (24 iterations; hard against hard before: 10 of 20), so only
                # the scouts plan theirs; the others fire from where they stand, or take the
                # fewest moves to a shot (a declared dash was cancelled at once: issue 18)
                route = engine.dash_routes(state, t).get(state.mover.target)
                if not route:
                    return _best_fire(engine, state, legal, -1.0) or cancel
                step = route[0]
                return Turn(tank=t.id, dir=step) if step in DIRECTION_NAMES else Go(tank=t.id, hex=step)
            value, path = _dash_plan(engine, state, seat)
            return path[0] if path else cancel
        return _drive_step(engine, state, seat, legal)
    if ph == "advance":
        shot = _best_fire(engine, state, legal, 0.02)
        if shot:
            return shot
        turn = _turret_to_threat(engine, state, seat, legal)
        return turn or EndTurn()
    return rng.choice(legal)


def _draft(state: Any, seat: int, legal: list, rng: random.Random) -> Any:
    picks = [a for a in legal if isinstance(a, Pick)]
    if not picks:
        return Done()
    mine = state.picks[seat]
    nations = {R.ROSTER[k].nation for k in mine}

    def value(a: Pick) -> float:
        typ = R.ROSTER[a.tank]
        gun = max(g.attack + g.range for g in typ.guns)
        v = (gun + typ.armour[0] + typ.move) / typ.price
        if nations and typ.nation in nations and len(nations) == 1:
            v *= 1.3  # keep the single-nation bonus
        return v * (0.8 + 0.4 * rng.random())

    return max(picks, key=value)


def _cover(engine: Any, state: Any, h: Any) -> int:
    return _cover_at(state.options.map, h)


@lru_cache(maxsize=4096)
def _cover_at(map_key: str, h: Any) -> int:
    """Forest and mountain hexes around h."""
    cells = MAPS[map_key].cells
    return sum(cells.get(n, ".") in "FM" for n in neighbors(h))


def _deploy(engine: Any, state: Any, seat: int, legal: list, rng: random.Random) -> Any:
    gmap = engine.gmap(state)
    centre_row = gmap.height / 2

    def score(a: Deploy) -> float:
        h = gmap.by_name[a.hex]
        row = int(a.hex[1:]) - 1
        return _cover(engine, state, h) - 0.1 * abs(row - centre_row) + rng.random() * 0.3

    return max(legal, key=score)


def _ammo(state: Any, seat: int, legal: list) -> Any:
    loads = [a for a in legal if isinstance(a, Load)]
    mine = [t for t in state.tanks if t.owner == seat]
    held = [m.kind for t in mine for m in t.ammo]
    plan = ["apfsds", "overcharge", "hesh"]
    for kind in plan:
        if kind in held:
            continue
        best = sorted(mine, key=lambda t: -max(g.attack for g in R.ttype(t).guns))
        for t in best:
            act = next((a for a in loads if a.tank == t.id and a.ammo == kind), None)
            if act:
                return act
    return next((a for a in legal if isinstance(a, Ready)), legal[-1])


def _best_fire(engine: Any, state: Any, legal: list, threshold: float) -> Any:
    best, best_v = None, threshold
    for a in legal:
        v = _fire_value(engine, state, a)
        if v is not None and v > best_v:
            best, best_v = a, v
    return best


def _fire_value(engine: Any, state: Any, a: Any) -> float | None:
    """A shot's expected points (`shot_value`), or None for an action that fires no shot."""
    if isinstance(a, (Precise, AdvFire, JumpFire)):
        t, e = engine.tank(state, a.tank), engine.tank(state, a.target)
        mode = {"precise": "precise", "advfire": "advance", "jumpfire": "jump"}[a.kind]
        return shot_value(engine, state, t, e, a.gun - 1, mode, a.ammo)
    if isinstance(a, DFire):
        t = engine.tank(state, a.tank)
        e = engine.tank(state, state.reaction.mover)
        return shot_value(engine, state, t, e, a.gun - 1, "defensive", a.ammo, state.reaction.aim_at)
    return None


def _enemy_context(state: Any, owner: int) -> tuple:
    """What a place's score reads of the state besides the tank: the map, the wrecks and the
    live enemies' hexes, hulls and types."""
    return (state.options.map, tuple(state.wrecks),
            tuple((e.pos, e.hull, e.type) for e in state.tanks if e.alive and e.owner != owner and e.pos is not None))


@lru_cache(maxsize=65536)
def _threats(context: tuple, type_key: str, pos: Any, hull: int) -> tuple[float, ...]:
    """For each enemy of `context`, the points it may expect to take from a tank of the type at
    `pos` facing `hull` with its best gun (0 out of range or sight). For a light tank (a scout)
    a place outside the arc of a turretless gun (a Hetzer's, a Jagdtiger's) counts half: that
    enemy must spend its move turning before it can fire, and cannot fire defensively there.
    (Counted for every tank, the searching levels, whose armies are Jagdtigers and Panthers,
    won 1 of 5 games against the level before at 24 iterations: too few games to judge, so the
    levels' play is left as it was.)"""
    map_key, wrecks, enemies = context
    typ = R.ROSTER[type_key]
    scout = typ.tank_class == "light"
    front, side = typ.armour
    out = []
    for e_pos, e_hull, e_type in enemies:
        d = distance(pos, e_pos)
        egun = max(R.ROSTER[e_type].guns, key=lambda g: g.attack)
        if d > egun.range or not R.sees(map_key, pos, e_pos, wrecks):  # line_of_sight past blockers()
            out.append(0.0)
            continue
        mine = front if in_arc(pos, hull, e_pos) else side
        threat = p_at_least(d + 1) * p_kill(mine - egun.attack - R.close_bonus(d), "medium", False) \
            * R.POINTS[typ.tank_class]
        out.append(threat / 2 if scout and not egun.turret and not in_arc(e_pos, e_hull, pos) else threat)
    return tuple(out)


def _strike(type_key: str) -> int:
    """How near a light tank keeps to the enemy while it has no shot: within a jump shot's reach
    (its base move and its gun's range), one hex to spare for turning."""
    typ = R.ROSTER[type_key]
    return typ.move + max(g.range for g in typ.guns) - 1


@lru_cache(maxsize=65536)
def _score_at(context: tuple, type_key: str, pos: Any, hull: int) -> float:
    """How good a place and facing are for a tank of the type: the best shot it has there, less
    0.6 of the shots the enemies have at it (`_threats`), a little for cover, and nearer the
    enemy while none is in sight. A light tank (a scout: weak armour, a jump shot that sees
    through forest) closes in until a jump shot reaches an enemy, and no nearer while it has no
    shot: it waits there, out of sight where it can, for the jump shot (`_best_dash`). The same
    question recurs for every step a drive tries (and in every rollout), so the answer is cached
    on what it reads: the map, the wrecks and the enemies' places."""
    map_key, wrecks, enemies = context
    offense = 0.0
    nearest = 99
    typ = R.ROSTER[type_key]
    my_gun = max(typ.guns, key=lambda g: g.attack)
    for e_pos, e_hull, e_type in enemies:
        d = distance(pos, e_pos)
        nearest = min(nearest, d)
        if d > my_gun.range or not R.sees(map_key, pos, e_pos, wrecks):
            continue
        etype = R.ROSTER[e_type]
        armour = etype.armour[0] if in_arc(e_pos, e_hull, pos) else etype.armour[1]  # R.armour_against
        offense = max(offense, p_at_least(d + 1) * p_kill(armour - my_gun.attack - R.close_bonus(d), "medium", False)
                      * R.POINTS[etype.tank_class])
    threat = sum(_threats(context, type_key, pos, hull))
    if offense:
        approach = 0.0
    elif typ.tank_class == "light":
        approach = -0.1 * max(0, nearest - _strike(type_key))
    else:
        approach = -0.03 * nearest
    return offense - 0.6 * threat + 0.05 * _cover_at(map_key, pos) + approach


def _best_dash(engine: Any, state: Any, seat: int, legal: list, better_than: float) -> Any:
    """A light tank's jump shot (1-2), when one is worth more than `better_than`: the dash that
    names the enemy of the best shot `_dash_plan` finds. A scout's purpose: a jump shot sees
    through forest and wrecks (rule 6, recon) and cannot be fired at on the way."""
    best, best_v = None, better_than
    dashes: dict[str, list] = {}
    for a in legal:
        if isinstance(a, Dash) and R.ttype(t := engine.tank(state, a.tank)).tank_class == "light" \
                and _jump_bound(state, t, engine.tank(state, a.target)) > better_than:
            dashes.setdefault(a.tank, []).append(a)
    for tid, options in dashes.items():
        if deadline.passed():  # a search's decision out of time: the best dash planned so far
            break
        trial = _trial(engine, state, seat, options[0])
        trial.mover.target = ""  # the reachable places do not depend on the target: one search scores them all
        named = {a.target: a for a in options}
        aims = [engine.tank(state, target).pos for target in named]
        for target, (value, _) in _dash_plans(engine, trial, seat, aims).items():
            if target in named and value > best_v:
                best, best_v = named[target], value
    return best


def _jump_bound(state: Any, t: Tank, e: Tank) -> float:
    """The most a jump shot of `t` at `e` may be worth (`shot_value` at best): from the next hex,
    at its thinner armour, hitting as with APFSDS, destroying as with the better of a normal and
    an overcharged round, or of a HESH round if it has one. A target below the bar is not
    searched for (the search is most of the heuristic's time)."""
    hit = p_at_least(1 - R.hit_modifier(state, t, e, "jump"), True)
    need = min(R.ttype(e).armour) - max(g.attack for g in R.ttype(t).guns) - R.close_bonus(1)
    cls = R.ttype(t).tank_class
    hesh = HESH_VALUE if any(m.kind == "hesh" for m in t.ammo) else 0.0
    return hit * max(p_kill(need, cls, False), p_kill(need, cls, True), hesh) * R.POINTS[R.ttype(e).tank_class]


def _dash_plan(engine: Any, state: Any, seat: int) -> tuple[float, list]:
    """In a dash: the value of the best jump shot at the named enemy the tank can reach, and the
    moves there ending with the shot (none if no place in reach has a shot)."""
    target = state.mover.target
    return _dash_plans(engine, state, seat, [engine.tank(state, target).pos]).get(target, (-1e9, []))


def _dash_plans(engine: Any, state: Any, seat: int, aims: list) -> dict[str, tuple[float, list]]:
    """For each enemy the dashing tank can fire at from some place its points reach: the best
    such shot's value and the moves there, the shot last. A shot's value is its expected points
    less 0.6 of what the enemies may expect to take from the tank where it fired (it stays
    there through their turn), the target's share only if it survives. A breadth-first search
    over the engine's own moves (trial copies), each place and facing kept with the most points
    left, and none tried from where no hex of `aims` can come within the gun's range on the
    points left (each step costs a point at least)."""
    gmap = engine.gmap(state)
    reach = max(g.range for g in R.ttype(engine.tank(state, state.mover.tank)).guns)

    def hopeless(pos: Any, points: int) -> bool:
        return all(distance(pos, aim) - points > reach for aim in aims)

    context = _enemy_context(state, seat)
    ids = [e.id for e in state.tanks if e.alive and e.owner != seat and e.pos is not None]
    plans: dict[str, tuple[float, list]] = {}
    best_left: dict[tuple, int] = {}
    dice = _NEW_DICE.model_copy()  # a dash's moves roll no dice (no defensive fire): one new set for all
    queue = deque([(state, [])])
    while queue and not deadline.passed():  # a search's decision out of time: the best plan found so far
        node, path = queue.popleft()
        m = node.mover
        t = engine.tank(node, m.tank)
        threats = None
        for a in engine.legal_actions(node, seat):
            if isinstance(a, JumpFire):
                if threats is None:
                    threats = _threats(context, t.type, t.pos, t.hull)
                e = engine.tank(node, a.target)
                points = R.POINTS[R.ttype(e).tank_class]
                shot = _fire_value(engine, node, a)
                kill = (shot + (AMMO_COST if a.ammo else 0.0)) / points
                value = shot - 0.6 * sum(x * (1 - kill) if i == a.target else x for i, x in zip(ids, threats))
                if value > plans.get(a.target, (-1e9,))[0]:
                    plans[a.target] = (value, path + [a])
            elif isinstance(a, (Go, Turn)):
                if hopeless(gmap.by_name[a.hex], m.ap + m.reserve - 1) if isinstance(a, Go) else hopeless(t.pos, m.ap):
                    continue
                child = _trial(engine, node, seat, a, dice)
                if child.phase != "dash" or child.mover is None:
                    continue
                ct = engine.tank(child, a.tank)
                key = (ct.pos, ct.hull, child.mover.free_turn)
                if best_left.get(key, -1) >= child.mover.ap:
                    continue
                best_left[key] = child.mover.ap
                queue.append((child, path + [a]))
    return plans


_NEW_DICE = GameRng.from_seed(0)


def _trial(engine: Any, state: Any, seat: int, action: Any, dice: GameRng | None = None) -> Any:
    """The state after a drive or a turn, played on a copy whose dice are new (the bot must not
    learn the game's coming dice by trying a move), or `dice` (a search's trials may share one
    new set). These change only the driven tank, the mover, the phase, the point pool and the
    wrecks (a step clears one), so only those are copied (a deep copy of the whole state made
    the heuristic ten times slower)."""
    trial = shallow_state(state)
    trial.rng = dice if dice is not None else _NEW_DICE.model_copy()
    trial.mover = state.mover and copy_mover(state.mover)
    trial.wrecks = list(state.wrecks)
    trial.tanks = [_tank_copy(t) if t.id == action.tank else t for t in state.tanks]
    return engine.apply(trial, seat, action).state


def _tank_copy(t: Tank) -> Tank:
    """A copy of a tank a trial move may change (the hexes it visited are a list the move appends to)."""
    out = shallow_tank(t)
    out.visited = list(t.visited)
    return out


def _drive_goes_somewhere(engine: Any, state: Any, seat: int, drive: Drive) -> bool:
    """Whether the heuristic would drive the tank somewhere new after `drive`: not halting at
    once (that only marks the tank as moved), and never back to a hex and facing it had on the
    way (free points declared must all be spent: driving back and forth, or turning round in
    place, to use them up). Past a search's deadline it has not shown that, and says no."""
    after = _trial(engine, state, seat, drive)
    points = after.mover.ap if after.mover else 0
    t = engine.tank(after, drive.tank)
    had = {(t.pos, t.hull)}
    for _ in range(2 + 2 * points if drive.free else 1):  # without free points it may halt any time
        if after.phase != "moving" or after.mover is None:
            return True
        step = _drive_step(engine, after, seat, engine.legal_actions(after, seat))
        if isinstance(step, Halt):
            return after.mover.ap < points
        if deadline.passed():
            return False
        after = _trial(engine, after, seat, step)
        t = engine.tank(after, drive.tank)
        if (t.pos, t.hull) in had:
            return False
        had.add((t.pos, t.hull))
    return True


def _left_behind(state: Any, t: Tank) -> set:
    """The hexes the tank must not drive back into: those it stood on this turn before the one
    it stands on, and the one it stood on when its previous turn began (a tank driven there
    undoes its last turn's drive: I10 -> I9, then I9 -> I10, wandering at its edge)."""
    return ({t.turn_start, t.last_start} | set(t.visited)) - {t.pos, None}


def _revisits(engine: Any, state: Any, step: Any) -> bool:
    """Whether a drive's step takes its tank back into a hex it left this turn."""
    return isinstance(step, Go) and engine.gmap(state).by_name[step.hex] in _left_behind(state, engine.tank(state, step.tank))


def _drive_step(engine: Any, state: Any, seat: int, legal: list) -> Any:
    """The moving tank's next step: the best place to be, a turn only for what it makes
    possible. A turn is valued by the steps really legal after it (never by a hex it cannot
    enter), so the tank does not turn back and forth; it never drives back into a hex it left
    this turn (a step there and back again changes nothing) while it has another move; while
    free points must be spent (no halt), it turns only towards a step."""
    m = state.mover
    t = engine.tank(state, m.tank)
    context = _enemy_context(state, t.owner)  # the same for every step tried here

    def score(pos: Any, hull: int) -> float:
        return _score_at(context, t.type, pos, hull)

    here = score(t.pos, t.hull)
    halt = next((a for a in legal if isinstance(a, Halt)), None)
    best, best_v = halt, (here + 0.01) if halt else -1e9
    gmap = engine.gmap(state)
    behind = _left_behind(state, t)
    for a in legal:
        if isinstance(a, Go):
            if gmap.by_name[a.hex] in behind:
                continue
            v = score(gmap.by_name[a.hex], t.hull)
        elif isinstance(a, Turn):
            if deadline.passed():  # a search's decision out of time: no more trial turns, the best so far
                continue
            d = DIRECTION_NAMES.index(a.dir)
            after = _trial(engine, state, seat, a)
            steps = [x for x in engine.legal_actions(after, seat) if isinstance(x, Go) and gmap.by_name[x.hex] not in behind] \
                if after.mover else []
            v = max((score(gmap.by_name[x.hex], d) - 0.02 for x in steps), default=-1e9)
            if halt is not None:  # or worth its facing, where the tank may stop
                v = max(v, score(t.pos, d))
            v -= 0.01
        else:
            continue
        if v > best_v:
            best, best_v = a, v
    if best is None:  # declared free points must be spent: take any move, a new hex first
        moves = [a for a in legal if isinstance(a, (Go, Turn))]
        best = next((a for a in moves if not _revisits(engine, state, a)), moves[0])
    return best


def _turret_to_threat(engine: Any, state: Any, seat: int, legal: list) -> Any:
    """Before ending the turn, point a turret at the nearest enemy for defensive fire."""
    for a in legal:
        if not isinstance(a, Turret):
            continue
        t = engine.tank(state, a.tank)
        enemies = [e for e in state.tanks if e.alive and e.owner != seat and e.pos is not None]
        if not enemies:
            return None
        e = min(enemies, key=lambda x: distance(t.pos, x.pos))
        if in_arc(t.pos, t.turret, e.pos):
            continue
        good = [d for d in range(6) if in_arc(t.pos, d, e.pos)]
        if not good:
            continue
        target = min(good, key=lambda d: turn_steps(t.turret, d))
        if turn_steps(DIRECTION_NAMES.index(a.dir), target) < turn_steps(t.turret, target):
            return a
    return None


SETUP_PHASES = ("army", "draft", "side", "deploy", "face", "ammo")


def firepower(state: Any, seat: int) -> float:
    """The points a side's tanks may expect to score with their best shot from where they
    stand (a precise shot with normal rounds at an enemy in range and sight), summed."""
    total = 0.0
    enemies = [e for e in state.tanks if e.alive and e.owner != seat and e.pos is not None]
    for t in state.tanks:
        if not t.alive or t.owner != seat or t.pos is None:
            continue
        best = 0.0
        for e in enemies:
            d = distance(t.pos, e.pos)
            for g, gun in enumerate(R.ttype(t).guns):
                if d <= gun.range and R.sees(state.options.map, t.pos, e.pos, state.wrecks):
                    best = max(best, shot_value(None, state, t, e, g, "precise", None))
        total += best
    return total


def features(state: Any, seat: int) -> list[float]:
    """What a position holds for `seat`, as numbers (`FEATURES` names them): the points it
    scored, the same weighted by how far the game is (a lead counts for more with fewer rounds
    left to make it up), and the shots its tanks have now (`firepower`). (The points its live
    tanks are worth, the points it spent and whether it moves next were tried too: on 5,293
    held-out positions they fitted worse or no better.)"""
    progress = min(1.0, state.turn_no / (2 * state.options.rounds))
    return [state.score[seat], state.score[seat] * progress, firepower(state, seat)]


FEATURES = ("score", "score_late", "firepower")
# Fitted by `python -m bench evaluation --game panzer` (see bench/evaluation.py)
WEIGHTS = (0.2186, 0.6928, 0.2562)


def evaluate(engine: Any, state: Any, players: int) -> list[float]:
    """For a search cut short: each side's chance to win by the fitted weights of `features`;
    even before the battle (a force being drafted is worth what it will do, not its points,
    which the price budget caps: counting them would have a search draft by points)."""
    if state.phase in SETUP_PHASES:
        return [1 / players] * players
    return win_chances(WEIGHTS, [features(state, s) for s in range(2)])


def turn_of(state: Any) -> int | str:
    """For the search (`SearchBot.turn_of`): the player turn under way (public). A turn is some
    thirty moves, so rollouts of a fixed length stopped mid-drive, each candidate at another
    point of the heuristic's plan; scored where the turn ends, a step that only delays the plan
    (a turret turn) gains nothing by the delay. Before the battle, the phase: a rollout from the
    draft stops where the draft ends (a force is worth what it will do, and the first turn's
    position says little of that: scored there, a search drafted an 8 pt army to move first)."""
    return state.phase if state.phase in SETUP_PHASES else state.turn_no


def quality(key: str) -> float:
    """What a tank type is worth in battle, against the roster as a whole (each type alike): the
    points its best gun may expect to destroy with a hit (the kill chance against each type's
    front armour times that type's points), times its chance to survive a hit from each type's
    best gun. Read against the same roster whatever the opponent drafts (its picks are public,
    but a counter-draft was not tried)."""
    return _QUALITY[key]


def _quality(t: Any) -> float:
    roster = list(R.ROSTER.values())
    attack = max(g.attack for g in t.guns)
    kills = sum(p_kill(e.armour[0] - attack, "medium", False) * R.POINTS[e.tank_class] for e in roster)
    survives = sum(1 - p_kill(t.armour[0] - max(g.attack for g in e.guns), "medium", False) for e in roster)
    return kills * survives / len(roster) ** 2


_QUALITY = {key: _quality(t) for key, t in R.ROSTER.items()}


def planned_army(picks: tuple[str, ...], budget: int) -> list[str]:
    """The army the levels draft towards from `picks`: for each nation the picks leave open
    (one nation keeps the single-nation bonus), the tanks added one by one by quality per
    square root of price while any fits (few strong tanks before many weak ones), and of these
    the army of the most quality in all."""
    nations = {R.ROSTER[k].nation for k in picks}
    options: tuple[str | None, ...] = NATIONS if not nations else (nations.pop(),) if len(nations) == 1 else (None,)
    best: list[str] = list(picks)
    for nation in options:
        army = list(picks)
        while True:
            fits = [k for k in R.addable_keys(army, budget) if nation is None or R.ROSTER[k].nation == nation]
            if not fits:
                break
            army.append(max(fits, key=lambda k: (_QUALITY[k] / R.ROSTER[k].price ** 0.5, k)))
        if sum(map(quality, army)) > sum(map(quality, best)):
            best = army
    return best


def planned_choice(engine: Any, state: Any, seat: int, rng: random.Random) -> Any:
    """The levels' policy (`SEARCH_OPTIONS`): the heuristic, but for the army. The heuristic
    drafts by (gun + armour + move) per point, a flock of cheap weak tanks (ten a side, Type 97
    and Hetzers, whose guns hardly scratch a KV-2's or a Tiger's armour); the levels draft
    `planned_army` instead (or ready-made, the preset of the most quality). The search cannot
    judge a draft itself (`evaluate` is even before the battle), so its choice is the policy's."""
    if state.phase == "draft":
        picks = state.picks[seat]
        army = planned_army(tuple(picks), state.options.budget)
        legal = engine.legal_actions(state, seat)
        if len(army) > len(picks):
            pick = next((a for a in legal if isinstance(a, Pick) and a.tank == army[len(picks)]), None)
            if pick is not None:
                return pick
        return next((a for a in legal if isinstance(a, Done)), None) or choose(engine, state, seat, rng)
    if state.phase == "army":
        presets = engine.loadout_presets()
        return max(engine.legal_actions(state, seat),
                   key=lambda a: sum(quality(k) for k in presets.get(a.loadout, "").split(",") if k in _QUALITY))
    return choose(engine, state, seat, rng)


# How panzer's levels search (`SearchBot` keywords): rollouts scored where the turn ends (at
# most 80 moves: a turn is some thirty), and the heuristic's choice overruled only by a paired
# gain larger than one standard error (with any gain, hard overruled it in a third of its
# decisions, 158 of 483 in two seeded games, 65 of them turret turns, 86 on gains under 0.02).
# The rollouts play the heuristic without random moves: scored where the turn ends, a random
# move among some thirty (an early `endmove` or `endturn`, a stray turret turn) changes what
# a candidate's turn is worth more than the candidate does, and only the dice of the drawn
# world should differ between the rounds of a paired comparison.
# Their policy (the favourite and the rollouts' moves) is the heuristic but for the draft (`planned_choice`).
SEARCH_OPTIONS = {"turn_of": turn_of, "rollout_steps": 80, "confidence": 1.0, "rollout_randomness": 0.0,
                  "policy": planned_choice}


def aimless(view: dict[str, Any], action: Any) -> bool:
    """For games.core.undo: a step back into the hex the tank stood on when its previous turn
    began (the heuristic never takes one while it has another move, `_left_behind`): driving
    a tank back and forth across turns changes nothing."""
    if not isinstance(action, Go):
        return False
    return any(t["id"] == action.tank and t["last_start"] == action.hex for t in view["tanks"])


# A tank's place through the opponent's turn has rule effects (it may be shot at there, and it
# fires defensively at tanks that move in its sight, 2-2), so a pose it held then is no undo:
# the trail spans one turn. Only a step back to where its previous turn began is (`aimless`).
UNDO_TURNS = 1


def poses(view: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """For games.core.undo: the turn (two a round; a defensive fire belongs to the mover's turn)
    and each own tank's hex, hull and turret facing."""
    me = view["me"]
    player = view["seat"]
    if view["phase"] == "react" and view["reaction"]:
        player = next((t["owner"] for t in view["tanks"] if t["id"] == view["reaction"]["mover"]), player)
    turn = 2 * view["round"] + (player != view["first"])
    return turn, {t["id"]: (t["pos"], t["hull"], t["turret"]) for t in view["tanks"]
                  if t["owner"] == me and t["alive"] and t["pos"] is not None}
