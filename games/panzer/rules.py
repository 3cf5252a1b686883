"""Rule helpers of panzer that need no engine: army checks, arcs, sight, movement costs, fire."""
from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from functools import lru_cache

from games.core import RuleError
from games.core.data import DataError, read_toml
from games.core.hexgrid import DIRECTION_NAMES, distance, in_arc, neighbor, sight_line, turn_steps
from games.panzer.data import DATA, MAPS, ROSTER, GameMap, TankType
from games.panzer.models import Hex, PanzerState, Tank

MAX_TANKS = 10
MAX_HEAVY = 2
MAX_LIGHT = 2
POINTS = {"light": 1, "medium": 2, "heavy": 4}
FREE_CAP = {"light": 3, "medium": 1, "heavy": 1}
HYBRID_FREE_CAP = 2

# Hit modifier of each fire mode, and the nations whose doctrine improves it.
MODE_MOD = {"precise": 0, "jump": -3, "defensive": -2, "advance": -1}
NATION_MOD = {("precise", "de"): 1, ("jump", "us"): -2, ("defensive", "uk"): -1, ("advance", "su"): 0}


def single_nation_bonus(nation: str) -> int:
    """Section 'opening 1': one nation only gives 27 pt more (28 for the USA, its cheapest tank)."""
    return 28 if nation == "us" else 27


def with_presets() -> dict[str, str]:
    raw = read_toml(DATA / "presets.toml")["presets"]
    out = {}
    for name, code in raw.items():
        try:
            out[name] = normalize_army(code, 200)
        except RuleError as exc:
            raise DataError(f"presets.toml: entry {name}: {exc.key} {exc.params}") from None
    return out


def army_limit(keys: list[str], budget: int) -> int:
    """The points an army of these tanks may cost: the budget, and 27 more (28 for the USA)
    while all of them are of one nation (opening 1); the budget alone for no tank yet."""
    nations = {ROSTER[k].nation for k in keys}
    return budget + (single_nation_bonus(next(iter(nations))) if len(nations) == 1 else 0)


def army_problem(keys: list[str], budget: int) -> RuleError | None:
    """Why this list of tank keys is not a legal army (None if it is)."""
    for k in keys:
        if k not in ROSTER:
            return RuleError("panzer.err.unknown_tank", tank=k)
    if len(keys) > MAX_TANKS:
        return RuleError("panzer.err.too_many", limit=MAX_TANKS)
    types = [ROSTER[k] for k in keys]
    if sum(t.tank_class == "heavy" for t in types) > MAX_HEAVY:
        return RuleError("panzer.err.too_many_heavy", limit=MAX_HEAVY)
    if sum(t.tank_class == "light" for t in types) > MAX_LIGHT:
        return RuleError("panzer.err.too_many_light", limit=MAX_LIGHT)
    total = sum(t.price for t in types)
    limit = army_limit(keys, budget)
    if total > limit:
        return RuleError("panzer.err.over_budget", total=total, limit=limit)
    return None


def addable(keys: list[str], budget: int) -> list[str]:
    """Roster keys k (in roster order) for which army_problem(keys + [k], budget) is None,
    without building and checking a whole new list per k (the draft's legal picks)."""
    return list(addable_keys(keys, budget))


def addable_keys(keys: list[str], budget: int) -> tuple[str, ...]:
    """addable as a shared tuple (the draft menu keeps its actions per tuple)."""
    types = [_FACTS[k] for k in keys if k in _FACTS]
    if len(types) != len(keys) or len(keys) + 1 > MAX_TANKS:
        return ()
    heavy = sum(cls == "heavy" for _, cls, _, _ in types)
    light = sum(cls == "light" for _, cls, _, _ in types)
    total = sum(price for _, _, _, price in types)
    nations = {nation for _, _, nation, _ in types}
    # the answer depends on the list only through these counts and its nation (None: no tank yet,
    # "": several), which repeat from game to game
    only = "" if len(nations) > 1 else next(iter(nations), None)
    return _addable(heavy, light, total, only, budget)


@lru_cache(maxsize=4096)
def _addable(heavy: int, light: int, total: int, only: str | None, budget: int) -> tuple[str, ...]:
    out = []
    for k, cls, nation, price in _FACTS.values():
        if heavy + (cls == "heavy") > MAX_HEAVY or light + (cls == "light") > MAX_LIGHT:
            continue
        single = only is None or only == nation  # no tank yet, or all of this nation
        limit = budget + (single_nation_bonus(nation) if single else 0)
        if total + price <= limit:
            out.append(k)
    return tuple(out)


# (key, class, nation, price) per roster type, in roster order, as plain tuples: the draft
# menu reads them for every type at every pick, and reading the type models costs more
_FACTS = {k: (k, t.tank_class, t.nation, t.price) for k, t in ROSTER.items()}


def normalize_army(code: str, budget: int) -> str:
    """A pasted army code ('tiger,pz4h*2,...') checked and written out in full."""
    keys: list[str] = []
    for part in code.replace(" ", "").lower().split(","):
        if not part:
            continue
        key, star, count = part.partition("*")
        if star and (not count.isdigit() or not 1 <= int(count) <= MAX_TANKS):
            raise RuleError("panzer.err.bad_army", code=code[:80])
        keys += [key] * (int(count) if star else 1)
    if not keys:
        raise RuleError("panzer.err.bad_army", code=code[:80])
    problem = army_problem(keys, budget)
    if problem:
        raise problem
    return ",".join(keys)


def ttype(tank: Tank) -> TankType:
    return ROSTER[tank.type]


def gun_direction(tank: Tank, gun_index: int) -> int:
    return tank.turret if ttype(tank).guns[gun_index].turret else tank.hull


def aim_turns(tank: Tank, gun_index: int, target: Hex, max_turns: int) -> int | None:
    """Fewest turret turns (within max_turns) that bring target into this gun's arc, or None.

    Hull guns cannot turn: 0 if in the hull arc, else None."""
    assert tank.pos is not None
    gun = ttype(tank).guns[gun_index]
    if not gun.turret:
        return 0 if in_arc(tank.pos, tank.hull, target) else None
    best = None
    for d in range(6):
        steps = turn_steps(tank.turret, d)
        if steps <= max_turns and in_arc(tank.pos, d, target) and (best is None or steps < best[0]):
            best = (steps, d)
    return None if best is None else best[0]


def gun_reach(tank: Tank, max_turns: int) -> dict[Hex, tuple[int, ...]]:
    """Offset (dq, dr) from the tank → indices of its guns that have it in range and can aim at
    it within max_turns turret turns: in_range and aim_turns for every offset at once."""
    return _reach_table(tank.type, tank.hull, tank.turret, max_turns)


@lru_cache(maxsize=None)  # at most types × 6 × 6 × (turret turns + 1) keys, all naming shared tables
def _reach_table(type_key: str, hull: int, turret: int, max_turns: int) -> dict[Hex, tuple[int, ...]]:
    """gun_reach by plain values: a cheap key in front of the table cache below."""
    guns = _gun_profile(type_key)
    hull_gun, turret_gun = guns[-1]
    # only what the guns depend on goes into the key: types with the same guns share tables
    return _gun_reach(guns[0], hull if hull_gun else -1, turret if turret_gun else -1,
                      max_turns if turret_gun else 0)


# A hex (q, r) as one int, q * HEX_KEY + r: the difference of two keys is a unique number for their
# offset on any map (|dr| < 128 on the largest, 26 x 30), and gun tables keyed by it are looked up
# with one subtraction instead of building an offset tuple per enemy and tank.
HEX_KEY = 256


@lru_cache(maxsize=None)
def reach_keys(type_key: str, hull: int, turret: int, max_turns: int) -> dict[int, tuple[int, ...]]:
    """_reach_table keyed by dq * HEX_KEY + dr instead of (dq, dr)."""
    guns = _gun_profile(type_key)
    hull_gun, turret_gun = guns[-1]
    return _gun_reach_keys(guns[0], hull if hull_gun else -1, turret if turret_gun else -1,
                           max_turns if turret_gun else 0)


@lru_cache(maxsize=1024)
def _gun_reach_keys(guns: tuple[tuple[int, bool], ...], hull: int, turret: int,
                    max_turns: int) -> dict[int, tuple[int, ...]]:
    return {dq * HEX_KEY + dr: ok for (dq, dr), ok in _gun_reach(guns, hull, turret, max_turns).items()}


@lru_cache(maxsize=None)
def _gun_profile(type_key: str) -> tuple[tuple[tuple[int, bool], ...], tuple[bool, bool]]:
    """((range, turret-mounted) per gun, (has a hull gun, has a turret gun))"""
    guns = ROSTER[type_key].guns
    return tuple((g.range, g.turret) for g in guns), (any(not g.turret for g in guns), any(g.turret for g in guns))


@lru_cache(maxsize=1024)  # a few hundred keys can occur; each table ~200-400 offsets (~10 KB)
def _gun_reach(guns: tuple[tuple[int, bool], ...], hull: int, turret: int, max_turns: int) -> dict[Hex, tuple[int, ...]]:
    hull_arc = 1 << hull if hull >= 0 else 0
    turret_arcs = sum(1 << d for d in range(6) if turret >= 0 and turn_steps(turret, d) <= max_turns)
    masks = [(reach, turret_arcs if on_turret else hull_arc) for reach, on_turret in guns]  # arcs per gun
    if len(masks) == 1:  # most tanks: one comprehension, no gun set built per offset (cold start of a process)
        (reach, mask), = masks
        only = _GUN_SETS.setdefault((0,), (0,))
        return {p: only for p, dist, arcs in _offsets(reach) if dist <= reach and arcs & mask}
    out = {}
    for p, dist, arcs in _offsets(max(reach for reach, _ in guns)):
        ok = tuple(g for g, (reach, mask) in enumerate(masks) if dist <= reach and arcs & mask)
        if ok:
            out[p] = _GUN_SETS.setdefault(ok, ok)  # one tuple object per gun set
    return out


_GUN_SETS: dict[tuple[int, ...], tuple[int, ...]] = {}


@lru_cache(maxsize=None)
def _offsets(reach: int) -> tuple[tuple[Hex, int, int], ...]:
    """Every offset within reach: (offset, distance, bit d set when in_arc of facing d)."""
    out = []
    for dq in range(-reach, reach + 1):
        for dr in range(-reach, reach + 1):
            p = (dq, dr)
            dist = distance((0, 0), p)
            if dist <= reach:
                out.append((p, dist, sum(1 << d for d in range(6) if in_arc((0, 0), d, p))))
    return tuple(out)


def aim_direction(tank: Tank, gun_index: int, target: Hex, max_turns: int) -> int | None:
    assert tank.pos is not None
    if not ttype(tank).guns[gun_index].turret:
        return tank.hull if in_arc(tank.pos, tank.hull, target) else None
    options = [d for d in range(6) if turn_steps(tank.turret, d) <= max_turns and in_arc(tank.pos, d, target)]
    return min(options, key=lambda d: turn_steps(tank.turret, d)) if options else None


def blockers(state: PanzerState, gmap: GameMap, recon: bool) -> set[Hex]:
    """What blocks sight: forest, mountain, wrecks. Recon advantage sees past forest and wrecks."""
    if recon:
        return set(gmap.mountains)
    return set(gmap.sight_blockers) | set(state.wrecks)


def can_see(state: PanzerState, gmap: GameMap, a: Hex, b: Hex, recon: bool = False) -> bool:
    return sees(gmap.key, a, b, state.wrecks, recon)


def sees(map_key: str, a: Hex, b: Hex, wrecks: list[Hex], recon: bool = False) -> bool:
    """line_of_sight(a, b, blockers(...)) without building the blocker set: the terrain part
    is cached per map, and only the crossings terrain alone leaves open are checked for wrecks.
    Sight is symmetric (sight_line(a, b) and sight_line(b, a) cross the same groups; test_speedups
    checks every pair of every map), so the cache keeps each pair once, in hex order: half the
    sight lines to compute, ~25 us each."""
    open_groups = _terrain_sight(map_key, a, b, recon) if a <= b else _terrain_sight(map_key, b, a, recon)
    if open_groups is None:
        return False
    if recon or not wrecks:  # recon sees past wrecks
        return True
    for group in open_groups:  # blocked when wrecks cover every open hex of one group
        for h in group:
            if h not in wrecks:
                break
        else:
            return False
    return True


@lru_cache(maxsize=200_000)
def _terrain_sight(map_key: str, a: Hex, b: Hex, recon: bool) -> tuple[tuple[Hex, ...], ...] | None:
    """None when terrain alone blocks a-b; else, per crossed group, the hexes that terrain
    leaves open (the group blocks only if wrecks lie on all of them)."""
    gmap = MAPS[map_key]
    terrain = gmap.mountains if recon else gmap.sight_blockers
    out = []
    for group in sight_line(a, b):
        rest = tuple(h for h in group if h not in terrain)
        if not rest:
            return None
        out.append(rest)
    return tuple(out)


def is_recon(mode: str, shooter: Tank, target: Tank) -> bool:
    """Special rule 6: a light tank's jump shot sees past forest and wrecks, at medium or heavy only."""
    return mode == "jump" and ttype(shooter).tank_class == "light" and ttype(target).tank_class != "light"


def hit_modifier_terms(state: PanzerState, shooter: Tank, target: Tank, mode: str) -> dict[str, int]:
    """The hit roll's modifiers by name: the fire mode (with the nation's), spotting, veterancy
    (the ones that do not apply are left out; the fire mode is always named)."""
    terms = {"mode": NATION_MOD.get((mode, ttype(shooter).nation), MODE_MOD[mode])}
    if state.options.spotting and target.spotted:
        terms["spotted"] = target.spotted
    veteran = shooter.veteran if state.options.veteran == "on" else \
        shooter.veteran_modes.get(mode, 0) if state.options.veteran == "per_mode" else 0
    if veteran:
        terms["veteran"] = veteran
    return terms


def hit_modifier(state: PanzerState, shooter: Tank, target: Tank, mode: str) -> int:
    return sum(hit_modifier_terms(state, shooter, target, mode).values())


def close_bonus(dist: int) -> int:
    """Special rule 3: +1 to the destruction roll at distance 2, +3 at distance 1."""
    return 3 if dist == 1 else 1 if dist == 2 else 0


def overcharge(dice_sum: int, tank_class: str) -> int:
    """Rule 4-1: light ×2, medium ×1.5, heavy ×1.2, fractions dropped."""
    if tank_class == "light":
        return dice_sum * 2
    if tank_class == "medium":
        return dice_sum * 3 // 2
    return dice_sum * 6 // 5


def armour_against(target: Tank, at: Hex, shooter_pos: Hex) -> int:
    """Front armour against shots from the target hull's front 120° wedge, side otherwise."""
    front, side = ttype(target).armour
    return front if in_arc(at, target.hull, shooter_pos) else side


def move_cost(gmap: GameMap, state: PanzerState, tank: Tank, dest: Hex, reverse: bool, dash: bool,
              occupied: set[Hex]) -> int | None:
    """Points to enter dest (forward or reverse), or None if it cannot be entered."""
    return step_cost(gmap.cells, state.wrecks, ttype(tank).tank_class == "heavy", dest, reverse, dash, occupied)


def step_cost(cells: dict[Hex, str], wrecks: "list[Hex] | tuple[Hex, ...]", heavy: bool, dest: Hex, reverse: bool,
              dash: bool, occupied: "set[Hex] | frozenset[Hex]") -> int | None:
    """move_cost from plain values: the terrain letters, wreck hexes and whether the tank is heavy."""
    terrain = cells.get(dest)
    if terrain is None or terrain in "FM" or dest in occupied:
        return None
    cost = 2 if reverse else 1
    if terrain == "R":
        cost = max(cost, 2)
    if dest in wrecks:
        if dash:  # a jump shot's move cannot clear wrecks
            return None
        cost = max(cost, 1 if heavy else 2)
    return cost


def turn_cost(free_turn: bool, turns_free: bool) -> tuple[int, int]:
    """(points paid, points held back) for a 60° hull turn (RULES 5): right after a move that
    leaves a free turn (`free_turn`), a tank whose turns are free then (`turns_free`: a light
    tank, or a hybrid drive, rule 9) pays nothing, a medium or heavy one pays 1 that a forward
    move right after gives back; any other turn costs 1."""
    if free_turn:
        return (0, 0) if turns_free else (1, 1)
    return 1, 0


def step_points(ap: int, reserve: int, reverse: bool) -> int:
    """The points a step may spend: a turn's held-back point comes back on a forward move only."""
    return ap if reverse else ap + reserve


def leaves_free_turn(reverse: bool, hybrid: bool) -> bool:
    """Whether a step leaves a turn at the rate of one right after a forward move: a forward
    step does; a reverse only for a hybrid drive (rule 9: a free turn after its last move)."""
    return not reverse or hybrid


def turns_free(type_key: str, hybrid_option: bool) -> bool:
    """A turn right after a forward move costs this tank nothing: a light tank (RULES 5), or a
    hybrid drive with the hybrid option (rule 9, after any move)."""
    typ = ROSTER[type_key]
    return typ.tank_class == "light" or (hybrid_option and typ.hybrid)


@lru_cache(maxsize=256)  # the three views of one step (table, each seat) ask the same question
def reachable(map_key: str, start: Hex, hull: int, ap: int, dash: bool, heavy: bool, occupied: frozenset[Hex],
              wrecks: tuple[Hex, ...], reserve: int = 0, free_turn: bool = False, free_turns: bool = False,
              hybrid: bool = False) -> tuple[str, ...]:
    """Names of the hexes a moving tank at start facing hull can still reach, sorted (`routes`)."""
    seen = {pos for pos, _ in routes(map_key, start, hull, ap, dash, heavy, occupied, wrecks, reserve, free_turn,
                                     free_turns, hybrid)}
    return tuple(sorted(MAPS[map_key].names[h] for h in seen - {start}))


@lru_cache(maxsize=256)
def routes(map_key: str, start: Hex, hull: int, ap: int, dash: bool, heavy: bool, occupied: frozenset[Hex],
           wrecks: tuple[Hex, ...], reserve: int = 0, free_turn: bool = False, free_turns: bool = False,
           hybrid: bool = False) -> dict[tuple[Hex, int], tuple[str, ...]]:
    """Every (hex, facing) a moving tank at start facing hull can still reach, with the fewest
    moves there as a route's steps, in the order first reached (`poses`)."""
    return {(at, facing): route for at, facing, route in poses(map_key, start, hull, ap, dash, heavy, occupied,
                                                                wrecks, reserve, free_turn, free_turns, hybrid)}


def poses(map_key: str, start: Hex, hull: int, ap: int, dash: bool, heavy: bool, occupied: frozenset[Hex],
          wrecks: tuple[Hex, ...], reserve: int = 0, free_turn: bool = False, free_turns: bool = False,
          hybrid: bool = False) -> Iterator[tuple[Hex, int, tuple[str, ...]]]:
    """Each (hex, facing) a moving tank at start facing hull can still reach, once, as it is
    first reached, with the fewest moves there as a route's steps (a hex name for a step, a
    direction for a 60° turn; the start's own pose: none). Lazily, so a question that one pose
    answers stops the search there (a jump shot's target: `PanzerEngine._dash_search`).
    A breadth-first search over what a step or a turn leaves (hex, facing, points, the point
    held back, whether the next turn is free, the wrecks not yet cleared), paying each as the
    engine does (`turn_cost`, `step_points`, `leaves_free_turn`, `step_cost`). `free_turns`:
    `turns_free` for this tank; `hybrid`: a reverse also leaves a free turn (rule 9). A state
    with more points than another that is otherwise the same reaches all it does, so only the
    most points are expanded."""
    cells, names = MAPS[map_key].cells, MAPS[map_key].names
    steps = _terrain_steps(map_key, heavy, dash)
    best: dict[tuple, int] = {}
    seen: set[tuple[Hex, int]] = set()
    todo = deque([(start, hull % 6, reserve, free_turn, wrecks, ap, ())])
    while todo:
        pos, facing, held, free, left_wrecks, left, route = todo.popleft()
        key = (pos, facing, held, free, left_wrecks)
        if best.get(key, -1) >= left:
            continue
        best[key] = left
        if (pos, facing) not in seen:
            seen.add((pos, facing))
            yield pos, facing, route
        for reverse, dest, cost in steps[pos, facing]:
            if dest in occupied:
                continue
            if dest in left_wrecks:  # the terrain's cost does not hold there
                cost = step_cost(cells, left_wrecks, heavy, dest, reverse, dash, occupied)
            points = step_points(left, held, reverse)
            if cost is not None and points >= cost:
                rest = tuple(w for w in left_wrecks if w != dest) if dest in left_wrecks else left_wrecks
                todo.append((dest, facing, 0, leaves_free_turn(reverse, hybrid), rest, points - cost,
                             route + (names[dest],)))
        paid, kept = turn_cost(free, free_turns)
        if left >= paid:
            for d in (facing + 1, facing - 1):
                todo.append((pos, d % 6, kept, False, left_wrecks, left - paid, route + (DIRECTION_NAMES[d % 6],)))


@lru_cache(maxsize=None)
def _terrain_steps(map_key: str, heavy: bool, dash: bool) -> dict[tuple[Hex, int], tuple[tuple[bool, Hex, int | None], ...]]:
    """For each hex of the map and facing, the forward step then the reverse one as (reverse,
    destination, step_cost with no tank and no wreck anywhere): `poses` looks these up and asks
    step_cost again only where a tank or a wreck stands."""
    cells = MAPS[map_key].cells
    return {(pos, facing): tuple((reverse, dest, step_cost(cells, (), heavy, dest, reverse, dash, frozenset()))
                                 for reverse, dest in ((False, neighbor(pos, facing)), (True, neighbor(pos, facing + 3))))
            for pos in cells for facing in range(6)}


def in_range(tank: Tank, gun_index: int, target: Hex) -> bool:
    assert tank.pos is not None
    return distance(tank.pos, target) <= ttype(tank).guns[gun_index].range
