"""Legal actions: the one list that buttons, typed codes, the bot seat and random playouts
all use. `apply` accepts exactly these (plus a custom agreement term, checked apart).

`apply` checks a single action, so it asks `legal(state, seat, kind)`: the same code, but the
groups that cannot hold an action of that kind are skipped (a subset of the full list)."""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations, permutations
from typing import Any, NamedTuple

from games.conflict import model as m
from games.conflict.data import BASICS, FIELDED, SPECIALS, STRATEGY
from games.conflict.rules import (
    CARD_TYPE, CARDS, COST, LOYALTY, PRESET_TERMS, can_act, cards_of, cdef, cost_cuts, deploy_cost, fallback,
    hand_limit, has_up, is_city, is_evading, outer_row, peace_between, row_of, special_cost, terr_count, unit_range,
)
from games.conflict.model import ConflictState, Unit
from games.core.engine import code_fields

COMBAT = "ADSR"  # 攻击 attack, 防御 defend, 自爆 self-destruct, 休整 rest
LAYS3 = ["none"] + ["".join(p) for k in (1, 2, 3) for p in permutations(COMBAT, k)]
LAYS4 = ["".join(p) for p in permutations(COMBAT, 4)]


@lru_cache(maxsize=4096)
def _act(kind: str, *values: Any) -> Any:
    """The action of `kind` with its field values in order, as in its text code (`_act("move",
    card, unit, tid)` is `move card unit tid`). Actions are frozen values: legal lists reuse
    equal ones instead of building new objects on every step (a bounded cache, as
    card ids are fresh in every game; positional arguments hash faster than keywords). A game
    lists some 2,400 different actions, so 4,096 entries keep a whole game's (a bigger cache
    only holds more old objects for the garbage collector to walk). The key holds only
    strings and ints, so the collector stops tracking it after its first pass (a class in the
    key kept every key tracked for good)."""
    return _MAKE[kind](*values)


# A game still builds some two thousand new actions (each card drawn brings its deploys,
# moves ...), from values read off the state: str ids, int seats and amounts, the literal faces.
# So they are made without validating again (ActionBase.unchecked; test_legal_filter checks
# over whole games that every listed action equals a validated one, field types included).
_MAKE = {cls.model_fields["kind"].default: cls.unchecked for cls in m.ACTIONS}
_MAKE_DEPLOY, _MAKE_MOVE = _MAKE["deploy"], _MAKE["move"]


@lru_cache(maxsize=1024)
def _deploys(card: str, tids: tuple[str, ...]) -> tuple:
    """The biggest group of a development step: one card to any own territory, either face.
    Built without `_act`'s cache: this cache keeps them for the card and territories, and a
    lookup in `_act`'s (a third of a new action's cost) would nearly always miss (a deploy
    is listed again only with a new card or new territories)."""
    make = _MAKE_DEPLOY
    return tuple(make(card, t, f) for t in tids for f in ("up", "down"))


_LAYS3 = tuple(m.Lay(cards=c) for c in LAYS3)
_LAYS4 = tuple(m.Lay(cards=c) for c in LAYS4)


def own_tids(state: ConflictState, seat: int) -> list[str]:
    return [t for row in state.players[seat].rows for t in row]


def others(state: ConflictState, seat: int) -> list[int]:
    return [s for s, p in enumerate(state.players) if p.alive and s != seat]


def may_attack(state: ConflictState, seat: int) -> bool:
    return state.round >= 2 and state.players[seat].no_attack_until is None


def fronts(state: ConflictState, seat: int) -> list[tuple[str, list[Unit] | None]]:
    """The territories `seat` may strike at (outer rows of other factions not at peace with
    it), each with its garrison (face-up defenders) or None."""
    tids = _front_tids(state, seat)
    if not tids:
        return []
    # the face-up units defending them against `seat` (face-down ones do not defend), in one
    # pass over the units; a unit elsewhere is passed over at the first test
    wanted = set(tids)
    defenders: dict[str, list[Unit]] = {}
    for u in state.units.values():
        if u.loc in wanted and u.riding is None and u.up and u.owner != seat:
            defenders.setdefault(u.loc, []).append(u)
    return [(tid, defenders.get(tid)) for tid in tids]


def _front_tids(state: ConflictState, seat: int) -> list[str]:
    """The territories of `fronts`, without their garrisons."""
    return [tid for g in others(state, seat) if not peace_between(state, seat, g) for tid in outer_row(state, g)]


def strike_targets(state: ConflictState, unit: Unit, front: list | None = None) -> list[str]:
    """Territories or units a unit may strike: only the outer row of another faction, the
    garrison first, never a unit under tactical evasion, never a partner in peace.
    `front` is `fronts(state, unit.owner)`, passed when listing several units."""
    if front is None:
        front = fronts(state, unit.owner)
    if not front:
        return []
    reach = _reach(state, unit)
    return _targets(state, reach, front) if reach is not None else []


def _reach(state: ConflictState, unit: Unit) -> tuple[int, int, int, int] | None:
    """rules.distance, with the unit's row looked up once: (range, rows to the outer row of
    the faction the unit stands in, rows to any other faction's outer row (one more), the
    owner of the unit's territory); None when every front territory is out of reach (near <=
    far and no front is at home). Most units are out of reach: listings ask this first and
    build the front (a pass over every unit) only when some unit passes."""
    rng = unit_range(state, unit)
    here = state.territories[unit.loc].owner
    r, nrows = row_of(state, unit.loc)
    near, far = max(1, nrows - 1 - r), nrows - r
    if (far if here == unit.owner else near) > rng:
        return None
    return rng, near, far, here


def _targets(state: ConflictState, reach: tuple[int, int, int, int], front: list) -> list[str]:
    """strike_targets of a unit in reach (`reach` from _reach)."""
    rng, near, far, here = reach
    territories = state.territories
    out: list[str] = []
    for tid, guards in front:
        if (near if territories[tid].owner == here else far) > rng:
            continue
        if guards:
            out += [u.id for u in guards if not is_evading(state, u)]
        else:
            out.append(tid)
    return out


def strikers(state: ConflictState, seat: int, my_units: list[Unit] | None = None) -> list[Unit]:
    """The seat's units that may strike now (`my_units`: the seat's units, when known).
    rules.can_act written out (the owner is the seat): face up, not riding, and a vehicle
    needs a crew and power (no EMP)."""
    p = state.players[seat]
    emp = p.emp
    limit = 3 if p.upgrade == "reactor" and not emp else 1
    units = state.units.values() if my_units is None else my_units
    return [u for u in units if u.owner == seat and u.strikes < limit and u.up and u.riding is None
            and (u.key not in VEHICLES or (u.rider is not None and not emp))]


def _actors(state: ConflictState, seat: int, my_units: list[Unit]) -> list[Unit]:
    """The seat's units that rules.can_act (the owner is the seat), in one pass: face up, not
    riding, and a vehicle needs a crew and power (no EMP)."""
    emp = state.players[seat].emp
    return [u for u in my_units if u.up and u.riding is None
            and (u.key not in VEHICLES or (u.rider is not None and not emp))]


def _strikes(state: ConflictState, seat: int, my_units: list[Unit] | None = None) -> list[tuple[Unit, list[str]]]:
    """(unit, strike_targets) of each striker that has a target, in strikers' order."""
    reaching = [(u, r) for u in strikers(state, seat, my_units) if (r := _reach(state, u)) is not None]
    if not reaching:
        return []
    front = fronts(state, seat)
    return [(u, targets) for u, r in reaching if (targets := _targets(state, r, front))]


def _may_strike(state: ConflictState, seat: int, my_units: list[Unit]) -> bool:
    """Whether _strikes is not empty (the attack card's condition), stopping at the first
    striker with a target instead of listing every striker's targets. What a striker may hit
    depends only on its place and its range (_reach, _targets), and a longer range reaches
    all a shorter one does from the same place: so a striker is tried only when its range is
    longer than any tried at its place. strikers() and _reach are written out (all strikers
    belong to `seat`); the front is looked up once, at the first striker in reach."""
    p = state.players[seat]
    emp = p.emp
    limit = 3 if p.upgrade == "reactor" and not emp else 1
    territories = state.territories
    longest: dict[str, int] = {}  # place -> the longest range tried there
    tids: list[str] | None = None  # the front territories, when no unit of another seat evades
    front: list | None = None  # fronts(), with garrisons, when some unit evades
    for u in my_units:
        if u.strikes >= limit or not u.up or u.riding is not None \
                or (u.key in VEHICLES and (u.rider is None or emp)):
            continue
        rng = unit_range(state, u)
        loc = u.loc
        if rng <= longest.get(loc, -1):
            continue
        longest[loc] = rng
        here = territories[loc].owner
        r, nrows = row_of(state, loc)
        near, far = max(1, nrows - 1 - r), nrows - r
        if (far if here == seat else near) > rng:  # as _reach: every front territory out of reach
            continue
        if tids is None and front is None:
            if any(q.evading for g, q in enumerate(state.players) if g != seat):
                front = fronts(state, seat)
            else:
                # no unit of another seat evades: every front territory in reach holds a target
                # (its garrison, or itself when it has none), so the garrisons need not be looked up
                tids = _front_tids(state, seat)
        if tids is not None:
            for tid in tids:
                if (near if territories[tid].owner == here else far) <= rng:
                    return True
        elif _targets(state, (rng, near, far, here), front):
            return True
    return False


def move_targets(state: ConflictState, unit: Unit) -> list[str]:
    here = state.territories[unit.loc]
    seat = unit.owner
    if here.owner != seat:
        return []  # a unit abroad comes home by retreat
    r, nrows = row_of(state, unit.loc)
    out = [t for i, row in enumerate(state.players[seat].rows) if abs(i - r) <= 1 for t in row if t != unit.loc]
    if r == nrows - 1:
        for g in others(state, seat):
            out += outer_row(state, g)
    return out


def _inner_sets(rest: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The territories besides the capital that may share its inner row: none to two of them (a
    row holds three, and the outer row at least one), in the order dealt."""
    return [inner for k in range(min(3, len(rest))) for inner in combinations(rest, k)]


def arrange_ok(state: ConflictState, seat: int, a: Any) -> bool:
    """An arrangement of the seat's dealt territories: its capital, and the inner row's others
    (any order), or an older log's count of the inner row (1 to 3)."""
    p = state.players[seat]
    if state.phase != "setup" or p.ready or not p.alive or p.faction is None or a.capital not in p.dealt:
        return False
    rest = [t for t in p.dealt if t != a.capital]
    if a.inner is not None and a.inner.isdigit():
        return 1 <= int(a.inner) <= 3
    inner = a.inner.split(",") if a.inner else []
    return len(inner) < min(3, len(rest) + 1) and len(set(inner)) == len(inner) and set(inner) <= set(rest)


def discard_sets(state: ConflictState, seat: int, p: m.Player) -> list:
    """The end of the turn: one action discards the whole excess over the hand limit (a card a
    click and a post each took 26 turn ends of one game). Each set of cards a player can tell
    apart once: copies of one card are the same choice, the first copies in hand order taken;
    the ids in hand order (the menu picks them one by one in that order). The engine also takes
    a discard of fewer cards, one at a time as older logs hold them (`discard_ok`)."""
    limit = hand_limit(state, seat)
    excess = len(p.hand) - limit if limit is not None else 0
    if excess <= 0:
        return []
    ids: dict[str, list[str]] = {}  # key -> its cards' ids, keys in order of their first copy
    for c in p.hand:
        ids.setdefault(c.key, []).append(c.id)
    keys = list(ids)
    order = {c.id: i for i, c in enumerate(p.hand)}
    out: list = []

    def pick(start: int, left: int, chosen: list[str]) -> None:
        if left == 0:
            out.append(_act("discard", ",".join(sorted(chosen, key=order.__getitem__))))
            return
        for k in range(start, len(keys)):
            copies = ids[keys[k]]
            for n in range(min(left, len(copies)), 0, -1):
                pick(k + 1, left - n, chosen + copies[:n])

    pick(0, excess, [])
    return out


def discard_ok(state: ConflictState, seat: int, a: Any) -> bool:
    """A discard at the end of the turn: distinct cards of the hand, as many as the excess over
    the hand limit or fewer (older logs discard one card a step, the turn ending at the limit)."""
    if state.phase != "end" or seat != state.turn or state.pending is not None:
        return False
    cards = a.cards.split(",")
    p = state.players[seat]
    held = {c.id for c in p.hand}
    limit = hand_limit(state, seat)
    excess = len(p.hand) - limit if limit is not None else 0
    return 0 < len(cards) <= excess and len(set(cards)) == len(cards) and held.issuperset(cards)


def legal(state: ConflictState, seat: int, kind: str | None = None) -> list:
    """Every legal action of the seat in a fixed order; with `kind`, at least those of that kind."""
    phase = state.phase
    if phase == "over" or not (0 <= seat < state.n):
        return []
    pend = state.pending
    if pend is not None:
        return _pending(state, seat, pend)
    p = state.players[seat]
    if phase == "setup":
        if p.ready or not p.alive:
            return []
        if p.faction is None:
            return [_act("faction", k) for k in p.offer]
        return [_act("arrange", t, ",".join(inner) or None) for t in p.dealt
                for inner in _inner_sets(tuple(x for x in p.dealt if x != t))]
    if seat != state.turn or not p.alive:
        return []
    if phase == "end":
        return discard_sets(state, seat, p)
    if state.assault:
        if kind == "halt":  # always open during an assault
            return [_HALT]
        acts = [_act("strike", u.id, t) for u, targets in _strikes(state, seat) for t in targets]
        return acts + [_HALT]
    acts: list = []
    if kind != "next":  # always legal here: apply's check of it lists nothing else
        first = _firsts(p.hand, kind)
        my_units = units_of(state, seat)
        if phase in ("develop", "post"):
            return joined(_develop(state, seat, p, first, my_units, kind, Memo({}, {}, vehicles_of(my_units), None), None))
        if phase == "battle":
            _battle(state, seat, p, acts, first, my_units, kind)
    acts.append(_NEXT)
    return acts


def battle_actions(state: ConflictState, seat: int, first: dict[str, str], my_units: list[Unit],
                   abroad: list[Unit] | None) -> list:
    """`legal(state, seat)` in a battle phase with no assault and nothing pending, for the turn
    seat, from the first card of each key in its hand and its units (as _firsts and units_of
    give them), and its units abroad (as _abroad gives them) when known, else None."""
    acts: list = []
    _battle(state, seat, state.players[seat], acts, first, my_units, None, abroad)
    acts.append(_NEXT)
    return acts


def develop_parts(state: ConflictState, seat: int, my_units: list[Unit] | None = None, flips: dict | None = None,
                  vehicles: list[Unit] | None = None,
                  abroad: list[Unit] | None = None) -> tuple[list, dict[str, str], list[Unit], Memo]:
    """For a seat that may develop (`developing`): `legal(state, seat)` in parts (joined by
    `joined`), with what relist_after_flip needs: the first card of each key in hand, the
    seat's units and the values derived on the way that no flip changes (Memo). `my_units`:
    `units_of(state, seat)`, when the caller knows it; `flips`: `flips_of(my_units)`, when the
    caller knows it (a dict never changed once listed: see relist_after_flip); `vehicles`:
    `vehicles_of(my_units)`, `abroad`: `_abroad(state, seat, my_units)`, when the caller knows them."""
    first = _firsts(state.players[seat].hand, None)
    if my_units is None:
        my_units = units_of(state, seat)
    if abroad is None and ("retreat" in first or "withdraw" in first):
        abroad = _abroad(state, seat, my_units)
    memo = Memo({}, {}, vehicles_of(my_units) if vehicles is None else vehicles, abroad)
    return _develop(state, seat, state.players[seat], first, my_units, None, memo, flips), first, my_units, memo


class Memo(NamedTuple):
    """What a development listing derived that a flip leaves as it is: by the place of each of
    the seat's vehicles with no crew aboard (only there can a flip change who may board: the
    vehicle's own flip or a crew's beside it; none under EMP, which no flip lifts), the seat's
    units there that may crew one (not riding, not vehicles), found when first needed (None
    until then); the move targets by territory (they depend on the rows, not on which units
    are face up); and the seat's vehicles, crewed or not (a flip changes neither which they
    are nor their crews); and the seat's units abroad (`_abroad`), when the listing needed them,
    else None (kept after the actions of ABROAD_KEPT, and through a battle of a single `next`)."""
    crews: dict[str, list[Unit] | None]
    targets: dict[str, tuple[str, ...]]
    vehicles: list[Unit]
    abroad: list[Unit] | None


def joined(parts: list) -> list:
    """The development listing from its ten parts (one list display: no loop, no resizing;
    the flips are a dict, see flips_of)."""
    a, b, c, d, e, f, g, h, i, j = parts
    return [*a, *b, *c.values(), *d, *e, *f, *g, *h, *i, *j, _NEXT]


# The development actions after which the seat's units are the same objects in the same order,
# owned by the same seats (units_of gives the same list): the engine passes the list of the
# listing the action was chosen from on to the next listing, instead of a pass over every unit.
# A deployment adds its unit at the end (state.units keeps the order of creation).
UNITS_KEPT = frozenset({"deploy", "board", "equip", "move", "maintain", "retreat", "withdraw", "evade", "pact",
                        "breakpact", "spy", "blockade", "recall", "aid", "airdrop", "wreck"})
# Of those, the ones that leave every unit's `flipped` and `riding` as they were and add no
# unit (not a deployment nor a boarding): the next listing takes the flips of the last one
# (after a deployment, those and the new unit's: see engine.apply).
FLIPS_KEPT = UNITS_KEPT - {"deploy", "board"}
# Of those, the ones after which the seat's units abroad are the same (no unit moves nor boards,
# and a deployment's unit stands at home): the next listing takes the last one's (Memo.abroad).
ABROAD_KEPT = UNITS_KEPT - {"move", "retreat", "withdraw", "airdrop", "board"}


def units_of(state: ConflictState, seat: int) -> list[Unit]:
    return [u for u in state.units.values() if u.owner == seat]


def vehicles_of(my_units: list[Unit]) -> list[Unit]:
    """The vehicles among a seat's units (mostly none to three of some ten units): what a
    listing keeps with the units, so that boarding looks at these alone."""
    return [u for u in my_units if u.key in VEHICLES]


def _firsts(hand: list[m.Card], kind: str | None) -> dict[str, str]:
    """Card key -> the first such card in hand (the card a basic or strategy action plays);
    with `kind`, only the card of that kind (a filtered list needs no other)."""
    first: dict[str, str] = {}
    if kind is None:
        for c in hand:
            key = c.key
            if key not in first:
                first[key] = c.id
    elif kind in CARD_OF_KIND:
        key = CARD_OF_KIND[kind]
        cid = next((c.id for c in hand if c.key == key), None)
        if cid is not None:
            first[key] = cid
    return first


BASIC_KINDS = {"move", "maintain", "retreat", "sell", "buy"}
AGAINST_RIVALS = {"trade", "pact", "spy", "blockade", "aid", "wreck"}  # the cards whose listing names rivals
# the card an action of a kind plays, for the kinds whose group `first` gates (the others
# play no card, or a fielded or upgrade card found apart)
CARD_OF_KIND = {k: k for k in BASICS | STRATEGY | SPECIALS} | {"sell": "trade", "buy": "trade"}
FLYING = {k for k, c in CARDS.items() if "flying" in c.abilities}  # bombs need one of these on the board
# card keys by type, for the loops over every unit or hand card (one set lookup a card)
VEHICLES = frozenset(k for k, t in CARD_TYPE.items() if t == "vehicle")
FIELDED_KEYS = frozenset(k for k, t in CARD_TYPE.items() if t in FIELDED)
UPGRADE_KEYS = frozenset(k for k, t in CARD_TYPE.items() if t == "upgrade")
_NEXT = _act("next")
_HALT = _act("halt")


# The development listing comes in parts, in this order. A flip changes only whether one
# unit is face up, and so only the parts that ask that of units (UNIT_PARTS): the engine keeps
# the parts of the listing it just made and, after a flip, rebuilds those alone (relist_after_flip).
FITS, BOARDS, FLIPS, MOVES, MAINTAINS, RETREATS, TRADES, PLANS, AIRDROPS, SCHEMES = range(10)
UNIT_PARTS = (BOARDS, FLIPS, MOVES, TRADES, AIRDROPS)
# The part that holds each kind's actions (flips and `next` are found apart): apply looks for
# a chosen action in that part alone.
PART_OF = {"deploy": FITS, "equip": FITS, "board": BOARDS, "move": MOVES, "maintain": MAINTAINS, "retreat": RETREATS,
           "sell": TRADES, "buy": TRADES, "airdrop": AIRDROPS, "wreck": SCHEMES,
           **dict.fromkeys(("withdraw", "evade", "pact", "breakpact", "spy", "blockade", "recall", "aid"), PLANS)}


def _develop(state: ConflictState, seat: int, p: m.Player, first: dict[str, str], my_units: list[Unit],
             kind: str | None, memo: Memo, flips: dict | None) -> list[list]:
    """The development actions in parts (see FITS ...); with `kind`, at least those of that kind.
    `memo` is filled on the way (see Memo); `flips`: flips_of(my_units), when known."""
    parts: list = [_NONE] * 10
    parts[FLIPS] = _NO_FLIPS
    if kind in (None, "deploy", "equip"):
        parts[FITS] = _deploys_and_fits(state, seat, p, my_units)
    if kind in (None, "board"):
        parts[BOARDS] = _boards(p, my_units, memo.vehicles, memo.crews)
    if kind in (None, "flip"):
        parts[FLIPS] = flips_of(my_units) if flips is None else flips
    # each group of _basics and _strategy needs a card of its own in hand: skip the rest
    basics = (kind is None or kind in BASIC_KINDS) and not first.keys().isdisjoint(BASICS)
    strategy = _plans_open(p, first) and (kind is None or kind in STRATEGY)
    if basics or strategy:
        rivals = others(state, seat) if not first.keys().isdisjoint(AGAINST_RIVALS) else []
        abroad = memo.abroad
        if abroad is None:
            abroad = _abroad(state, seat, my_units) if "retreat" in first or "withdraw" in first else []
        if basics:
            _basics(state, seat, parts, first, my_units, rivals, abroad, memo.targets)
        if strategy:
            _strategy(state, seat, parts, first, my_units, rivals, abroad)
    return parts


_NONE: list = []  # an empty part (never changed: parts are replaced, not extended)
_NO_FLIPS: dict = {}  # the same for the flips


def relist_after_flip(state: ConflictState, seat: int, parts: list[list], first: dict[str, str],
                      my_units: list[Unit], unit: Unit, memo: Memo) -> list[list]:
    """The parts of `legal(state, seat)` after the seat flipped `unit`, from the parts listed
    just before it (by develop_parts, or by this after an earlier flip): the flip leaves the
    hand, the resources, the territories and which units the seat has as they were, and
    changes the answer of `u.up` for one unit, which only the UNIT_PARTS ask. The flipped
    unit's flip goes; boards are built again only where the seat has a vehicle with no crew
    aboard, moves and airdrops only when the unit acts on one side of the flip (a vehicle with
    no crew or no power acts on neither). Each is built again by the code `_develop` uses, so in the same
    order; engine.invariants compares the result with a fresh listing."""
    p = state.players[seat]
    parts = parts[:]
    flips = parts[FLIPS]
    if unit.id in flips:  # always, bar a flip applied from a listing of another kind
        flips = parts[FLIPS] = flips.copy()
        del flips[unit.id]
    if unit.loc in memo.crews:
        parts[BOARDS] = _boards(p, my_units, memo.vehicles, memo.crews)
    acting = unit.key not in VEHICLES or (unit.rider is not None and not p.emp)  # acts when face up
    if acting and "move" in first:
        parts[MOVES] = _moves(state, seat, first["move"], my_units, memo.targets)
    if "trade" in first:
        parts[TRADES] = _trades(state, seat, p, first["trade"], others(state, seat))
    if acting and "airdrop" in first and _plans_open(p, first):
        parts[AIRDROPS] = _airdrops(state, seat, first["airdrop"], my_units)
    return parts


def _plans_open(p: m.Player, first: dict[str, str]) -> bool:
    """Strategy cards may be played: a strategy card in hand and no network intrusion."""
    return not p.hacked and not first.keys().isdisjoint(STRATEGY)


def _boards(p: m.Player, my_units: list[Unit], vehicles: list[Unit], crews: dict[str, list[Unit] | None]) -> list:
    """Crews boarding vehicles (`vehicles`: vehicles_of(my_units)); `crews` (Memo.crews) gets the
    place of every vehicle with no crew aboard, and the units there that may crew one once a
    face-up vehicle asks (a relisting after a flip reuses them instead of a pass over the units)."""
    if p.emp:
        return _NONE
    acts = []
    for v in vehicles:
        if v.rider is not None:
            continue
        loc = v.loc
        there = crews.get(loc)
        if not v.up:
            if there is None:
                crews[loc] = None
            continue
        if there is None:
            there = crews[loc] = [u for u in my_units if u.loc == loc and u.riding is None and u.key not in VEHICLES]
        crew = CARDS[v.key].crew
        for u in there:
            if u.up and (crew == "any" or CARD_TYPE[u.key] == crew):
                acts.append(_act("board", v.id, u.id))
    return acts


# Unit id -> its flip action. Flips fill half of all legal lists; unit ids repeat from game
# to game (u1, u2, ...), so a plain dict stays small and beats the lru lookup (an exact dict,
# not a subclass with __missing__: CPython specialises subscripts of exact dicts only).
_FLIPS: dict[str, Any] = {}


def flips_of(my_units: list[Unit]) -> dict[str, Any]:
    """Unit id -> its flip, in the units' order: a dict, so that a flip's relisting drops the
    flipped unit's by its id and apply finds the chosen flip by its unit (a copy and a
    deletion in C instead of a pass in Python over every flip)."""
    flips = _FLIPS
    try:
        return {u.id: flips[u.id] for u in my_units if not u.flipped and u.riding is None}
    except KeyError:  # a unit id never listed before
        for u in my_units:
            if u.id not in flips:
                flips[u.id] = m.Flip(unit=u.id)
        return {u.id: flips[u.id] for u in my_units if not u.flipped and u.riding is None}


def flip_of(uid: str) -> Any:
    """The flip of the unit `uid` (from _FLIPS, as flips_of lists it)."""
    flip = _FLIPS.get(uid)
    if flip is None:
        flip = _FLIPS[uid] = m.Flip(unit=uid)
    return flip


def flip_allowed(state: ConflictState, seat: int, uid: str) -> bool:
    """Whether `legal(state, seat)` holds the flip of `uid`: apply's commonest check, made
    without listing every unit (the same conditions as legal, _develop and flips_of)."""
    unit = state.units.get(uid)
    return (unit is not None and developing(state, seat) and unit.owner == seat and not unit.flipped
            and unit.riding is None)


# --- single-action checks ---------------------------------------------------------------------
# apply asks whether one action is legal. For the commonest kinds these answer directly, with
# the conditions the listing uses, instead of listing every action of the kind (all deploys of
# the hand, every unit's moves or strikes); test_legal_filter checks they agree with the list.

def developing(state: ConflictState, seat: int) -> bool:
    """The seat may play development actions (legal reaches _develop)."""
    return (state.pending is None and state.phase in ("develop", "post") and not state.assault
            and seat == state.turn and state.players[seat].alive)


def _first_id(hand: list[m.Card], key: str) -> str | None:
    """The card a basic or strategy action of `key` plays: the first such card in hand."""
    for c in hand:
        if c.key == key:
            return c.id
    return None


def _deploy_ok(state: ConflictState, seat: int, a: Any) -> bool:
    if not developing(state, seat):
        return False
    p = state.players[seat]
    key = next((c.key for c in p.hand if c.id == a.card), None)
    if key is None or CARD_TYPE[key] not in FIELDED or deploy_cost(state, seat, key) > p.res:
        return False
    if CARD_TYPE[key] == "vehicle" and \
            sum(u.key == key for u in state.units.values() if u.owner == seat) >= CARDS[key].limit:
        return False
    return a.tid in own_tids(state, seat)


def _equip_ok(state: ConflictState, seat: int, a: Any) -> bool:
    return developing(state, seat) and any(c.id == a.card and CARD_TYPE[c.key] == "upgrade"
                                            for c in state.players[seat].hand)


def _move_ok(state: ConflictState, seat: int, a: Any) -> bool:
    if not developing(state, seat) or _first_id(state.players[seat].hand, "move") != a.card:
        return False
    unit = state.units.get(a.unit)
    return unit is not None and unit.owner == seat and can_act(state, unit) and a.tid in move_targets(state, unit)


def _maintain_ok(state: ConflictState, seat: int, a: Any) -> bool:
    if not developing(state, seat):
        return False
    p = state.players[seat]
    if _first_id(p.hand, "maintain") != a.card:
        return False
    t = state.territories.get(a.tid)
    return (t is not None and t.dur < t.max and (t.owner == seat or "envoy" in p.achievements)
            and state.players[t.owner].alive)


def _strike_ok(state: ConflictState, seat: int, a: Any) -> bool:
    if not (state.assault and state.pending is None and state.phase not in ("setup", "over", "end")
            and seat == state.turn and state.players[seat].alive):
        return False
    unit = state.units.get(a.unit)
    return unit is not None and bool(strikers(state, seat, [unit])) and a.target in strike_targets(state, unit)


QUICK = {  # kind -> check(state, seat, action): whether legal(state, seat) holds the action
    "flip": lambda state, seat, a: flip_allowed(state, seat, a.unit),
    "deploy": _deploy_ok, "equip": _equip_ok, "move": _move_ok, "maintain": _maintain_ok, "strike": _strike_ok,
}
# what apply takes besides the listing (checked before it): a discard of fewer cards than the
# excess and an arrangement by its inner row's count, as older logs hold them, and a set typed
# in any order
OTHER_FORMS = {"discard": discard_ok, "arrange": arrange_ok}


def _deploys_and_fits(state: ConflictState, seat: int, p: m.Player, my_units: list[Unit]) -> list:
    acts: list = []
    mine: tuple[str, ...] | None = None
    cuts: tuple[str, int] | None = None
    res = p.res
    for c in p.hand:
        key = c.key
        if key in FIELDED_KEYS:
            ctype = CARD_TYPE[key]
            if cuts is None:
                cuts = cost_cuts(state, seat)
                discounted, economy = cuts
            # rules.deploy_cost written out (asked for every fielded card in hand)
            if max(0, COST[key] - (ctype == discounted) - economy) > res:
                continue
            if ctype == "vehicle" and sum(u.key == key for u in my_units) >= CARDS[key].limit:
                continue
            if mine is None:
                mine = tuple(own_tids(state, seat))
            acts += _deploys(c.id, mine)
        elif key in UPGRADE_KEYS:
            acts.append(_act("equip", c.id))
    return acts


def _abroad(state: ConflictState, seat: int, my_units: list[Unit]) -> list[Unit]:
    """The seat's units standing in another faction's lands (riders travel with their vehicle).
    The rarer condition first: most units are at home, and most do not ride."""
    territories = state.territories
    return [u for u in my_units if territories[u.loc].owner != seat and u.riding is None]


def _retreats(state: ConflictState, seat: int, cid: str, abroad: list[Unit]) -> list:
    if not abroad or not fallback(state, seat):  # mostly nobody abroad: skip the call
        return []
    return [_act("retreat", cid, u.id) for u in abroad]


def _basics(state: ConflictState, seat: int, parts: list[list], first: dict[str, str], my_units: list[Unit],
            rivals: list[int], abroad: list[Unit], targets: dict[str, tuple[str, ...]]) -> None:
    players = state.players
    p = players[seat]
    if "move" in first:
        parts[MOVES] = _moves(state, seat, first["move"], my_units, targets)
    if "maintain" in first:
        envoy = "envoy" in p.achievements
        parts[MAINTAINS] = [_act("maintain", first["maintain"], t.id) for t in state.territories.values()
                            if t.dur < t.max and (t.owner == seat or envoy) and players[t.owner].alive]
    if "retreat" in first:
        parts[RETREATS] = _retreats(state, seat, first["retreat"], abroad)
    if "trade" in first:
        parts[TRADES] = _trades(state, seat, p, first["trade"], rivals)


def _moves(state: ConflictState, seat: int, cid: str, my_units: list[Unit],
           targets: dict[str, tuple[str, ...]]) -> list:
    """Every actor's moves; `targets`: move targets by territory, filled on the way (units on
    one territory share them) and kept by the engine for the listings after flips."""
    acts: list = []
    for u in _actors(state, seat, my_units):
        loc = u.loc
        there = targets.get(loc)
        if there is None:
            there = targets[loc] = tuple(move_targets(state, u))
        acts += _unit_moves(cid, u.id, there)
    return acts


@lru_cache(maxsize=1024)
def _unit_moves(cid: str, uid: str, tids: tuple[str, ...]) -> tuple:
    """One unit's moves: the same card, unit and targets come back at every listing of a
    development phase (and after every flip), so one lookup stands for a lookup per target;
    built without `_act`'s cache, as `_deploys` are."""
    make = _MAKE_MOVE
    return tuple(make(cid, uid, t) for t in tids)


def _trades(state: ConflictState, seat: int, p: m.Player, cid: str, rivals: list[int]) -> list:
    if p.blockaded:
        return _NONE
    players = state.players
    acts: list = []
    buyers = [g for g in rivals if not players[g].blockaded]
    for u in state.units.values():
        if not u.up or u.riding is not None or u.rider is not None:
            continue
        if u.owner == seat:
            acts += [_act("sell", cid, u.id, g) for g in buyers]
        elif players[u.owner].alive and not players[u.owner].blockaded and _price_floor(u) <= p.res:
            acts.append(_act("buy", cid, u.id))
    return acts


def _price_floor(unit: Unit) -> int:
    return LOYALTY[unit.key]


def price_range(unit: Unit) -> range:
    """交易: the price may not exceed twice the card's cost; a character asks its loyalty."""
    card = cdef(unit.key)
    return range(card.loyalty, max(card.loyalty, 2 * card.cost) + 1)


def _strategy(state: ConflictState, seat: int, parts: list[list], first: dict[str, str], my_units: list[Unit],
              rivals: list[int], abroad: list[Unit]) -> None:
    p = state.players[seat]
    acts: list = []  # the strategy actions before the airdrops (PLANS)
    if "withdraw" in first and abroad and fallback(state, seat):
        acts.append(_act("withdraw", first["withdraw"]))
    if "evade" in first:
        acts += [_act("evade", first["evade"], u.id) for u in my_units
                 if u.riding is None and u.id not in p.evading]
    if "pact" in first:
        acts += [_act("pact", first["pact"], g) for g in rivals]
    if "breakpact" in first:
        acts += [_act("breakpact", first["breakpact"], a.id) for a in state.agreements
                 if seat in (a.a, a.b)]
    if "spy" in first:
        acts += [_act("spy", first["spy"], g) for g in rivals]
    if "blockade" in first:
        acts += [_act("blockade", first["blockade"], g) for g in rivals]
    if "recall" in first:
        basics = sorted({k for k in state.discard if CARD_TYPE[k] == "basic"})
        acts += [_act("recall", first["recall"], k) for k in basics]
    if "aid" in first:
        cid = first["aid"]
        acts += [_act("aid", cid, g, c.id) for g in rivals for c in p.hand if c.id != cid]
    parts[PLANS] = acts
    if "airdrop" in first:
        parts[AIRDROPS] = _airdrops(state, seat, first["airdrop"], my_units)
    if "wreck" in first:
        acts = []  # after the airdrops (SCHEMES)
        for g in rivals:
            if state.players[g].hand:
                acts.append(_act("wreck", first["wreck"], g, "hand"))
            if state.players[g].upgrade:
                acts.append(_act("wreck", first["wreck"], g, "fit"))
        parts[SCHEMES] = acts


def _airdrops(state: ConflictState, seat: int, cid: str, my_units: list[Unit]) -> list:
    outers = [t for g in alive_seats(state) for t in outer_row(state, g)]
    return [_act("airdrop", cid, u.id, t) for u in _actors(state, seat, my_units) for t in outers if t != u.loc]


def alive_seats(state: ConflictState) -> list[int]:
    return [s for s, p in enumerate(state.players) if p.alive]


def _battle(state: ConflictState, seat: int, p: m.Player, acts: list, first: dict[str, str], my_units: list[Unit],
            kind: str | None, abroad: list[Unit] | None = None) -> None:
    """The battle actions (`abroad`: _abroad(state, seat, my_units), when known)."""
    if "retreat" in first:
        acts += _retreats(state, seat, first["retreat"], _abroad(state, seat, my_units) if abroad is None else abroad)
    if not state.fought and state.terr_deck:
        acts.append(_act("claim"))
    if not may_attack(state, seat):
        return
    if kind in (None, "attack") and "attack" in first:
        if _may_strike(state, seat, my_units):
            acts.append(_act("attack", first["attack"]))
    if kind is not None and kind not in SPECIALS:
        return
    specials = [(key, cid) for key, cid in first.items()
                if CARD_TYPE[key] == "special" and special_cost(state, seat, key) <= p.res]
    if not specials:
        return
    targets = [g for g in others(state, seat) if not peace_between(state, seat, g)]
    flying = any(u.key in FLYING and can_act(state, u) for u in my_units)
    for key, cid in specials:
        if key in ("hbomb", "neutron") and flying:
            for g in targets:
                for tid in own_tids(state, g):
                    # 氢铀弹: any territory but a capital; 中子弹: a city (its terrain)
                    if is_city(state, tid) if key == "neutron" else tid != state.players[g].capital:
                        acts.append(_act(key, cid, tid))  # the card is the kind
        elif key == "smite" and has_up(state, seat, "satellite"):
            acts += [_act("smite", cid, g) for g in targets]
        elif key == "emp" and any(u.up and u.riding is None and state.territories[u.loc].owner == seat for u in my_units):
            acts += [_act("emp", cid, g) for g in targets]
        elif key == "plague":
            acts.append(_act("plague", cid))
        elif key == "hack" and has_up(state, seat, "brain"):
            acts += [_act("hack", cid, g) for g in targets]
        elif key == "assassinate":
            mine = [u for u in _actors(state, seat, my_units) if CARD_TYPE[u.key] == "character"]
            for g in targets:
                victims = [u for u in state.units.values() if u.owner == g and u.up and u.riding is None
                           and CARD_TYPE[u.key] == "character" and not is_evading(state, u)]
                for a in mine:
                    for v in victims:
                        acts += [_act("assassinate", cid, a.id, t, v.id)
                                 for t in own_tids(state, g)]


def smite_targets(state: ConflictState, seat: int) -> list[str]:
    """神罚: any territory of the target; its capital only while it holds 3 or 4 territories."""
    g = state.players[seat]
    n = terr_count(state, seat)
    return [t for t in own_tids(state, seat) if t != g.capital or n <= 4]


def _pending(state: ConflictState, seat: int, pend: m.Pending) -> list:
    kind = pend.kind
    if kind == "combat":
        acts: list = []
        if seat == pend.by and pend.lay_by is None:
            acts = list(_LAYS3)
            if has_up(state, seat, "reactor") and state.players[seat].res >= 1:
                acts += _LAYS4
        elif seat == pend.other and pend.lay_other is None:
            acts = list(_LAYS3)
        return acts
    if seat != pend.seat:
        return []
    p = state.players[seat]
    if kind == "react":
        return react_options(state, pend)
    if kind == "doom":
        acts = []
        if not pend.paid_card:
            acts += [_act("cover", c.id) for c in cards_of(state, seat, "retreat")]
        if not pend.paid_res and p.res >= 1:
            acts.append(_act("fund"))
        return acts + [_act("pass")]
    if kind == "approve":
        ok = not (pend.what == "buy_offer" and p.res < pend.price)  # the buyer must be able to pay
        return ([_act("yes")] if ok else []) + [_act("no")]
    if kind == "price":
        unit = state.units[pend.unit]
        top = state.players[pend.by].res if pend.what == "buy" else None
        return [_act("price", n) for n in price_range(unit) if top is None or n <= top]
    if kind == "draft":
        acts = [_act("term", t) for t in PRESET_TERMS if t not in pend.terms] if len(pend.terms) < 4 else []
        return acts + ([_act("propose")] if pend.terms else [])
    if kind == "smite":
        return [_act("hit", t) for t in smite_targets(state, pend.other)]
    if kind == "bequeath":
        return [_act("bequeath", g) for g in others(state, seat)] + [_act("nobody")]
    return []


def protected(state: ConflictState, attacker: int) -> bool:
    """智能步枪系统 / 量子迷彩: the attacker's attack cards cannot be nullified."""
    return has_up(state, attacker, "rifle") or has_up(state, attacker, "camo")


def may_react(state: ConflictState, pend: m.Pending) -> bool:
    """Whether the attacked side gets a reaction window: whenever it might have an answer by
    what the whole table sees (fitting, resources, units, the number of cards in hand), not
    by the cards it holds. A window that opened only for a retreat card in hand would tell
    everyone that card is there (issue 17); with none, `allow` is its only choice."""
    seat = pend.seat
    p = state.players[seat]
    if pend.what != "strike":
        return pend.what != "assassinate" and has_up(state, seat, "ayrus") and p.res >= pend.cost \
            and not has_up(state, pend.by, "camo")
    shielded = protected(state, pend.by)
    if has_up(state, seat, "ayrus") and p.res >= 1 and not shielded:
        return True
    unit = state.units.get(pend.target)
    if unit is None or not p.hand:  # deflecting costs a card, escaping takes a retreat card
        return False
    if has_up(state, seat, "deflector") and not shielded:
        return True
    home = fallback(state, seat)
    sure = has_up(state, seat, "catapult") or has_up(state, seat, "camo")
    return bool((sure or not shielded) and home and unit.loc != home)


def react_options(state: ConflictState, pend: m.Pending) -> list:
    seat = pend.seat
    p = state.players[seat]
    acts: list = [_act("allow")]
    if pend.what == "strike":
        shielded = protected(state, pend.by)
        if has_up(state, seat, "ayrus") and p.res >= 1 and not shielded:
            acts.append(_act("void"))
        unit = state.units.get(pend.target)
        if unit is None:
            return acts
        if has_up(state, seat, "deflector") and not shielded and p.hand:
            realm = state.territories[unit.loc].owner
            alts = [u for u in state.units.values() if u.id != unit.id and u.up and u.riding is None
                    and u.owner != pend.by and state.territories[u.loc].owner == realm and not is_evading(state, u)]
            acts += [_act("deflect", c.id, u.id) for c in p.hand for u in alts]
        sure = has_up(state, seat, "catapult") or has_up(state, seat, "camo")
        home = fallback(state, seat)
        if (sure or not shielded) and home and unit.loc != home:
            acts += [_act("escape", c.id) for c in cards_of(state, seat, "retreat")]
    elif pend.what != "assassinate":
        if has_up(state, seat, "ayrus") and p.res >= pend.cost and not has_up(state, pend.by, "camo"):
            acts.append(_act("void"))
    return acts
