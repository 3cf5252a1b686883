"""The rules of 战地强装&冲突 as functions on the state: geography, unit statistics, the
combat table, captures, elimination, achievements and the turn cycle. `engine.py` turns
actions into calls of these; everything random comes from `state.rng`."""
from __future__ import annotations

from typing import Any


from games.core import Event
from games.core.events import roll_event, step_of

from games.conflict.data import CardDef, content
from games.conflict.model import Card, ConflictState, Pending, Terr, Unit

HAND_LIMIT = 7
BATTLE_HP = 3
UNLIMITED = 99
PRESET_TERMS = ("peace", "passage", "trade", "intel", "aid")
ENFORCED_TERMS = ("peace", "passage")  # `peace_between`, `passage_between`; the rest are recorded only

Term = tuple[str, int | None]  # (what changes a number, by how much); None: makes it unlimited

# The static tables, read many times per step (never mutated: the models are frozen).
CARDS = content().cards
FACTIONS = content().factions
TERRITORIES = content().territories
CARD_TYPE = {k: c.type for k, c in CARDS.items()}  # the hottest lookup, one dict access
# plain dicts of the card fields the listings read most (a field of a pydantic CardDef costs
# several dict reads: BaseModel's __getattr__ keeps CPython from specialising the access)
COST = {k: c.cost for k, c in CARDS.items()}
RANGE = {k: c.range for k, c in CARDS.items()}
LOYALTY = {k: c.loyalty for k, c in CARDS.items()}
TALENT = {k: f.talent for k, f in FACTIONS.items()}
CAPITAL_EFFECT = {k: f.capital for k, f in FACTIONS.items()}
_CARD_NAMES = {k: c.name for k, c in CARDS.items()}  # copied on use: each event gets its own dict
_TERR_NAMES = {k: t.name for k, t in TERRITORIES.items()}
SUPPLY = {k for k, c in CARDS.items() if "supply" in c.abilities}
CITIES = frozenset(k for k, t in TERRITORIES.items() if t.terrain == "city")  # 中子弹's targets


# Events, steps and listed actions are built without pydantic's validation (games/core's
# fill_model): a random game makes some 1,200 events, 1,200 steps and 2,000 new actions from
# known-good values. tests/conflict/test_fast_paths.py and test_legal_filter.py check the
# results equal validated ones.
public = Event.public  # public(key, **params)
step = step_of  # step(state, events): the caller's fresh list of events, not copied


def cdef(key: str) -> CardDef:
    return CARDS[key]


def tname(state: ConflictState, tid: str) -> dict[str, str]:
    terr = state.territories.get(tid)
    return dict(_TERR_NAMES[terr.key]) if terr else {"en": tid, "zh-CN": tid}


def is_city(state: ConflictState, tid: str) -> bool:
    """A territory on the board whose terrain is a city (中子弹「消灭一个城市中的所有单位」)."""
    terr = state.territories.get(tid)
    return terr is not None and terr.key in CITIES


def uname(unit: Unit) -> dict[str, str]:
    return dict(_CARD_NAMES[unit.key])


def seen_name(unit: Unit) -> dict[str, str] | str:
    """The unit's name as the table knows it now (face down: "@conflict.hidden"): an event
    carries it, so its line still names the unit once it is gone later in the same post."""
    return uname(unit) if unit.up else "@conflict.hidden"


# --- small queries --------------------------------------------------------------------------
def alive(state: ConflictState) -> list[int]:
    return [i for i, p in enumerate(state.players) if p.alive]


def has_up(state: ConflictState, seat: int, key: str) -> bool:
    """The seat's upgrade `key` is fitted and not disabled by EMP."""
    p = state.players[seat]
    return p.upgrade == key and not p.emp


def talent(state: ConflictState, seat: int) -> str:
    f = state.players[seat].faction
    return TALENT[f] if f else ""


def capital_effect(state: ConflictState, seat: int) -> str:
    p = state.players[seat]
    return CAPITAL_EFFECT[p.faction] if p.faction and p.capital else ""


def capital_bonus(state: ConflictState, seat: int) -> int:
    """The durability the seat's faction adds to its capital (首都堡垒 +2, Red Flame Legion):
    one number for the engine, the arrange menu and the board."""
    faction = state.players[seat].faction
    return 2 if faction and CAPITAL_EFFECT[faction] == "capital_fortress" else 0


def fortify_capital(state: ConflictState, seat: int) -> None:
    """The capital's bonus, once, as the capital is chosen: the arranged board shows it from then on."""
    bonus = capital_bonus(state, seat)
    cap = state.territories[state.players[seat].capital]
    cap.max += bonus
    cap.dur += bonus


def unfortify_capital(state: ConflictState, tid: str) -> None:
    """A capital effect holds only while the faction holds its capital: a lost fortress
    loses its +2 (maximum and current durability), whoever holds it next."""
    terr = state.territories[tid]
    terr.max -= capital_bonus(state, terr.owner)
    terr.dur = min(terr.dur, terr.max)


def row_of(state: ConflictState, tid: str) -> tuple[int, int]:
    """(row index, owner's number of rows) of a territory."""
    terr = state.territories[tid]
    rows = state.players[terr.owner].rows
    for i, row in enumerate(rows):
        if tid in row:
            return i, len(rows)
    raise KeyError(tid)


def outer_row(state: ConflictState, seat: int) -> list[str]:
    rows = state.players[seat].rows
    return rows[-1] if rows else []


def terr_count(state: ConflictState, seat: int) -> int:
    return sum(len(r) for r in state.players[seat].rows)


def fallback(state: ConflictState, seat: int) -> str | None:
    """Where a retreating unit goes: its owner's capital, else the first inner territory."""
    p = state.players[seat]
    if p.capital:
        return p.capital
    return p.rows[0][0] if p.rows else None


def hand_limit(state: ConflictState, seat: int) -> int | None:
    p = state.players[seat]
    if "boss" in p.achievements:
        return None
    return HAND_LIMIT + (2 if talent(state, seat) == "hand_plus" else 0)


def economy_holder(state: ConflictState) -> int | None:
    """经济制霸: the single living player holding the most resource cards (3+ players)."""
    if state.n < 3:
        return None
    best, holder = -1, None
    for s, p in enumerate(state.players):
        if p.alive:
            if p.res > best:
                best, holder = p.res, s
            elif p.res == best:
                holder = None  # a tie at the top: nobody holds it
    return holder


DISCOUNTED = {"unit_discount": "unit", "vehicle_discount": "vehicle", "character_discount": "character"}


def cost_cuts(state: ConflictState, seat: int) -> tuple[str, int]:
    """What lowers the seat's deploy costs now: the card type its talent discounts ("" if
    none) and 1 while it holds 经济制霸 (listing a whole hand's deploys computes it once)."""
    return DISCOUNTED.get(talent(state, seat), ""), 1 if economy_holder(state) == seat else 0


def cost_terms(state: ConflictState, seat: int, key: str, cuts: tuple[str, int] | None = None) -> list[Term]:
    """What deploying card `key` costs the seat, term by term: the printed cost ("card"), then
    its faction talent's cut ("discount") and Economic Supremacy's ("economy"), each only while
    there is a cost left to cut (a cost never goes below 0). The menus show these terms."""
    discounted, economy = cuts or cost_cuts(state, seat)
    cost = COST[key]
    terms: list[Term] = [("card", cost)]
    for name, cut in (("discount", CARD_TYPE[key] == discounted), ("economy", economy)):
        if cut and cost > 0:
            terms.append((name, -1))
            cost -= 1
    return terms


def deploy_cost(state: ConflictState, seat: int, key: str, cuts: tuple[str, int] | None = None) -> int:
    return total(cost_terms(state, seat, key, cuts))


def special_cost(state: ConflictState, seat: int, key: str) -> int:
    cost = COST[key]
    if key == "smite" and "judge" in state.players[seat].achievements:
        cost -= 1
    return cost


def peace_between(state: ConflictState, a: int, b: int) -> bool:
    return _agreed(state, a, b, "peace")


def passage_between(state: ConflictState, a: int, b: int) -> bool:
    return _agreed(state, a, b, "passage")


def _agreed(state: ConflictState, a: int, b: int, term: str) -> bool:
    # a loop, not any(genexpr): asked for every rival of every strike listing, mostly of no agreement
    for ag in state.agreements:
        if term in ag.terms and {ag.a, ag.b} == {a, b}:
            return True
    return False


def units_at(state: ConflictState, tid: str) -> list[Unit]:
    return [u for u in state.units.values() if u.loc == tid and u.riding is None]


def is_evading(state: ConflictState, unit: Unit) -> bool:
    return unit.id in state.players[unit.owner].evading


def can_act(state: ConflictState, unit: Unit) -> bool:
    """Face up, not riding, and a vehicle needs a crew and power (no EMP)."""
    if not unit.up or unit.riding is not None:
        return False
    if CARD_TYPE[unit.key] == "vehicle":
        return unit.rider is not None and not state.players[unit.owner].emp
    return True


# --- unit statistics --------------------------------------------------------------------------
def abilities(state: ConflictState, unit: Unit) -> list[str]:
    return cdef(unit.key).abilities


def leader_spots(state: ConflictState) -> set[tuple[int, str, str]]:
    """(owner, territory, leader unit id) of every face-up leader on the board."""
    return {(u.owner, u.loc, u.id) for u in state.units.values()
            if u.up and u.riding is None and "leader" in cdef(u.key).abilities}


def unit_range(state: ConflictState, unit: Unit) -> int:
    """The range part of `stats` alone (strike targets need only this, not the leader scan)."""
    key = unit.key
    rng, ctype = RANGE[key], CARD_TYPE[key]
    p = state.players[unit.owner]  # has_up and talent written out: asked for every striker
    if p.emp:
        if ctype == "vehicle":
            return rng
        up = None  # EMP disables the upgrade
    else:
        up = p.upgrade
    if ctype in ("unit", "character") and up == "augment":
        rng += 1
    if p.faction and TALENT[p.faction] == "range_plus":
        rng += 1
    if up == "engine":
        rng = UNLIMITED
    return rng


def range_terms(state: ConflictState, seat: int, key: str) -> list[Term]:
    """The terms of the range of `seat`'s unit of card `key`: the card's ("card"), Body
    Augmentation's, the Sky Alliance talent's ("range_plus"), the Combat Engine's (unlimited).
    `unit_range` is this sum written out for speed (every striker asks it); the menus show the
    terms (the deploy menu showed the card's range where Sky Alliance's +1 applied).
    tests/conflict/test_newcomer17.py checks the two agree over random games."""
    ctype = CARD_TYPE[key]
    terms: list[Term] = [("card", RANGE[key])]
    p = state.players[seat]
    if p.emp and ctype == "vehicle":
        return terms
    up = None if p.emp else p.upgrade
    if ctype in ("unit", "character") and up == "augment":
        terms.append(("augment", 1))
    if p.faction and TALENT[p.faction] == "range_plus":
        terms.append(("range_plus", 1))
    if up == "engine":
        terms.append(("engine", None))
    return terms


def strength_terms(state: ConflictState, unit: Unit, role: str = "",
                   leaders: set[tuple[int, str, str]] | None = None) -> tuple[list[Term], list[Term]]:
    """The terms of a unit's power and of its guard; role is "attack", "defend" or "". The first
    term is the card's printed number ("card"), each other names what changes it (the card
    "augment", the faction talents "assault_plus" and "guard_plus", the abilities "charge",
    "bulwark" and "leader", the capital effect "capital_guard", "emp", "death"). One place for
    the fight (`stats` sums them) and for the text, which shows each term (issue 18: "power 5 ·
    guard 2" where the card says less)."""
    card = cdef(unit.key)
    seat = unit.owner
    p = state.players[seat]
    power: list[Term] = [("card", card.power)]
    guard: list[Term] = [("card", card.guard)]
    if card.type == "vehicle" and p.emp:  # EMP: a vehicle without power fights with nothing
        return power + [("emp", -card.power)], guard + [("emp", -card.guard)]
    if card.type in ("unit", "character") and has_up(state, seat, "augment"):
        power.append(("augment", 1))
        guard.append(("augment", 1))
    tal = talent(state, seat)
    if tal == "guard_plus":
        guard.append(("guard_plus", 1))
    if tal == "assault_plus" and role == "attack":
        power.append(("assault_plus", 1))
    abil = card.abilities
    if "charge" in abil and role == "attack":
        power.append(("charge", 1))
    if "bulwark" in abil and role == "defend":
        guard.append(("bulwark", 1))
    if leaders is None:
        leaders = leader_spots(state)
    if any(o == seat and loc == unit.loc and uid != unit.id for o, loc, uid in leaders):
        power.append(("leader", 1))  # 领袖: another own face-up leader stands in the same territory
    if capital_effect(state, seat) == "capital_guard" and unit.loc == p.capital:
        guard.append(("capital_guard", 1))
    if has_up(state, seat, "death"):
        guard.append(("death", None))
    return power, guard


def total(terms: list[Term]) -> int:
    """A power or guard from its terms: their sum, or UNLIMITED where a term makes it so."""
    if any(value is None for _, value in terms):
        return UNLIMITED
    return sum(value for _, value in terms)


def stats(state: ConflictState, unit: Unit, role: str = "",
          leaders: set[tuple[int, str, str]] | None = None) -> tuple[int, int, int]:
    """(power, guard, range) of a unit; role is "attack", "defend" or "" (for range)."""
    power, guard = strength_terms(state, unit, role, leaders)
    return total(power), total(guard), unit_range(state, unit)


def distance(state: ConflictState, unit: Unit, tid: str) -> int:
    """Rows between a unit and a territory in another faction's outer row."""
    here = state.territories[unit.loc]
    target = state.territories[tid]
    r, nrows = row_of(state, unit.loc)
    if here.owner == target.owner:
        return max(1, nrows - 1 - r)
    return nrows - 1 - r + 1


# --- the combat table (source: 单位对单位作战) -------------------------------------------------
def clash(x: str, y: str, px: int, gx: int, py: int, gy: int) -> tuple[int, int]:
    """Damage to x's side and to y's side for cards x against y (negative = recovery).
    A = 攻击 attack, D = 防御 defend, S = 自爆 self-destruct, R = 休整 rest."""
    pair = x + y
    if pair == "AA":
        return 1, 1
    if pair == "AD":
        return (0, 1) if px > gy else ((1, 0) if px < gy else (0, 0))
    if pair in ("AR", "DD"):
        return 0, 0
    if pair == "AS":
        return 1, 3
    if pair == "DR":
        return 0, -1
    if pair == "RR":
        return -1, -1
    if pair == "SD":
        return (1, 1) if gy < 2 * px else (1, 0)
    if pair == "SR":
        return 1, 2
    if pair == "SS":  # not in the source: both blasts land (RULES.md)
        return 2, 2
    dy, dx = clash(y, x, py, gy, px, gx)  # the table lists the pair the other way round
    return dx, dy


def slot_result(x: str | None, y: str | None, px: int, gx: int, py: int, gy: int) -> tuple[int, int]:
    """An empty slot counts as rest without the recovery."""
    if x is None and y is None:
        return 0, 0
    dx, dy = clash(x or "R", y or "R", px, gx, py, gy)
    if x is None:
        dx = max(0, dx)
    if y is None:
        dy = max(0, dy)
    return dx, dy


# --- cards and hands --------------------------------------------------------------------------
def give(state: ConflictState, seat: int, key: str, known_by: list[int] | None = None) -> Card:
    """A card enters a hand under a fresh secret token; `known_by`: the other seats that see
    which card it is (state.known)."""
    card = Card(id=state.rng.token("c"), key=key)
    state.players[seat].hand.append(card)
    if known_by:
        state.known[card.id] = sorted(set(known_by) - {seat})
    return card


def everyone(state: ConflictState) -> list[int]:
    return list(range(state.n))


def forget_gone(state: ConflictState) -> None:
    """Drop what seats knew of cards and masks that are no longer hidden anywhere."""
    # every unit's mask, "" included (no test a unit): "" is never a key, and is dropped anyway
    live = {c.id for p in state.players for c in p.hand} | {u.mask for u in state.units.values()}
    live.discard("")
    if not live.issuperset(state.known):  # mostly nothing went: the dicts stay as they are
        state.known = {k: v for k, v in state.known.items() if k in live}
    if not live.issuperset(state.paid):
        state.paid = {k: v for k, v in state.paid.items() if k in live}


def draw_cards(state: ConflictState, seat: int, count: int) -> int:
    drawn = 0
    for _ in range(count):
        if not state.deck:
            if not state.discard:
                break
            state.deck = [Card(id=state.rng.token("c"), key=k) for k in state.discard]
            state.discard = []
            state.rng.shuffle(state.deck)
        card = state.deck.pop()
        give(state, seat, card.key)
        drawn += 1
    return drawn


def take_card(state: ConflictState, seat: int, card_id: str) -> Card:
    hand = state.players[seat].hand
    for i, c in enumerate(hand):
        if c.id == card_id:
            if state.known:
                state.known.pop(card_id, None)
            return hand.pop(i)
    raise KeyError(card_id)


def spend(state: ConflictState, seat: int, card_id: str) -> str:
    card = take_card(state, seat, card_id)
    state.discard.append(card.key)
    return card.key


def find_card(state: ConflictState, seat: int, card_id: str) -> Card | None:
    for c in state.players[seat].hand:
        if c.id == card_id:
            return c
    return None


def cards_of(state: ConflictState, seat: int, key: str) -> list[Card]:
    return [c for c in state.players[seat].hand if c.key == key]


# --- territories, captures, elimination -------------------------------------------------------
def place_outer(state: ConflictState, seat: int, tid: str) -> None:
    rows = state.players[seat].rows
    if rows and len(rows[-1]) < 3:
        rows[-1].append(tid)
    else:
        rows.append([tid])


def detach(state: ConflictState, tid: str) -> None:
    terr = state.territories[tid]
    p = state.players[terr.owner]
    for row in p.rows:
        if tid in row:
            row.remove(tid)
    p.rows = [r for r in p.rows if r]
    if p.capital == tid:
        unfortify_capital(state, tid)
        p.capital = None


def remove_unit(state: ConflictState, uid: str, events: list[Event], crew_line: bool = True) -> None:
    """The unit leaves play, with its line; a crew inside a vehicle climbs out and survives, said
    by a line of its own unless `crew_line` is False: units removed together (a player out, a
    bombed territory) name their crews in their own lines."""
    unit = state.units.pop(uid)
    if unit.mask and (state.known or state.paid):
        state.known.pop(unit.mask, None)
        state.paid.pop(unit.mask, None)
    for p in state.players:
        if uid in p.evading:
            p.evading.remove(uid)
    state.discard.append(unit.key)
    crew = state.units[unit.rider] if unit.rider else None
    if crew is not None:  # the crew climbs out and survives
        crew.riding = None
        crew.loc = unit.loc
    if unit.riding and unit.riding in state.units:
        state.units[unit.riding].rider = None
    events.append(public("conflict.ev.destroyed", unit=unit.id, name=seen_name(unit),
                         player=state.players[unit.owner].name, no=unit.no if unit.up else unit.down))
    if crew is not None and crew_line:  # said: the board had shown it inside the vehicle, then alone
        events.append(public("conflict.ev.crew_out", unit=crew.id, vehicle=unit.id, vehicle_name=seen_name(unit),
                             terr=tname(state, unit.loc)))


def carried(unit: Unit) -> dict[str, str]:
    """A moving unit's event field for the unit it carries (`rider`), none when it carries
    nobody: the crew goes along, and the line says so ("Escape: Recon Jeep #2 back to High
    Pass." left its Riflemen unsaid)."""
    return {"rider": unit.rider} if unit.rider else {}


def relocate(state: ConflictState, unit: Unit, tid: str) -> None:
    unit.loc = tid
    if unit.rider:
        state.units[unit.rider].loc = tid


def evict(state: ConflictState, tid: str, keep_owner: int | None, events: list[Event]) -> None:
    """Units left on a territory that changes hands go home, or are lost without a home."""
    while True:
        unit = next((u for u in state.units.values() if u.loc == tid and u.riding is None and u.owner != keep_owner), None)
        if unit is None:
            return
        home = fallback(state, unit.owner)
        if home is None or home == tid:
            remove_unit(state, unit.id, events)
        else:
            relocate(state, unit, home)
            events.append(public("conflict.ev.withdrawn", unit=unit.id, to=tname(state, home), **carried(unit)))


def damage_territory(state: ConflictState, tid: str, amount: int, by: int, events: list[Event],
                     via: str = "attack") -> None:
    terr = state.territories[tid]
    terr.dur = max(0, terr.dur - amount)
    events.append(public("conflict.ev.terr_damage", terr=tname(state, tid), dur=terr.dur, max=terr.max))
    if terr.dur == 0:
        capture(state, tid, by, events, via)


def capture(state: ConflictState, tid: str, by: int, events: list[Event], via: str = "attack") -> None:
    """Durability 0: the territory card goes to the attacker at half durability, outer row."""
    terr = state.territories[tid]
    loser = terr.owner
    detach(state, tid)
    terr.owner = by
    terr.dur = max(1, terr.max // 2)
    place_outer(state, by, tid)
    evict(state, tid, by, events)
    events.append(public("conflict.ev.captured", terr=tname(state, tid), winner=state.players[by].name,
                               loser=state.players[loser].name, dur=terr.dur))
    if "antipeace" in state.players[by].achievements:
        n = draw_cards(state, by, 2)
        events.append(public("conflict.ev.antipeace_draw", player=state.players[by].name, count=n))
    if terr_count(state, loser) == 0:
        eliminate(state, loser, by, events, via)


def eliminate(state: ConflictState, seat: int, by: int | None, events: list[Event], via: str = "attack") -> None:
    p = state.players[seat]
    if not p.alive:
        return
    p.alive = False
    p.out = "eliminated"
    state.out_order.append(seat)
    for uid in [u.id for u in state.units.values() if u.owner == seat]:
        if uid in state.units:
            remove_unit(state, uid, events, crew_line=False)  # its crews are the seat's, removed here too
    events.append(public("conflict.ev.eliminated", player=p.name,
                               by=state.players[by].name if by is not None else "-"))
    multi = state.n >= 3
    first_out = multi and all(q.out != "eliminated" for i, q in enumerate(state.players) if i != seat)
    if by is not None and "antipeace" in p.achievements:
        # 反和平: whoever eliminates you takes your hand and your fitting (you know those cards,
        # and so does whoever knew them in your hand)
        for c in p.hand:
            give(state, by, c.key, known_by=[seat, *state.known.get(c.id, ())])
        if p.upgrade:
            give(state, by, p.upgrade, known_by=everyone(state))  # a fitting is face up
        events.append(public("conflict.ev.spoils", player=state.players[by].name, count=len(p.hand) + bool(p.upgrade)))
        p.hand, p.upgrade = [], None
    if by is not None and via == "smite" and multi and not any("judge" in q.achievements for q in state.players):
        award(state, by, "judge", events)
    if by is not None and multi and "boss" in p.achievements and state.winner is None:
        win(state, by, "justice", events)
    if first_out:
        p.achievements.append("loser")
        events.append(public("conflict.ev.achievement", player=p.name, ach="@conflict.ach.loser"))
        if p.hand or p.upgrade or p.res:
            state.pending = Pending(kind="bequeath", seat=seat, by=seat)
            return
    finish_elimination(state, seat, events)


def finish_elimination(state: ConflictState, seat: int, events: list[Event]) -> None:
    p = state.players[seat]
    state.discard += [c.key for c in p.hand]
    if p.upgrade:
        state.discard.append(p.upgrade)
    p.hand, p.upgrade, p.res, p.evading = [], None, 0, []
    state.agreements = [a for a in state.agreements if seat not in (a.a, a.b)]
    check_conquest(state, events)


def check_conquest(state: ConflictState, events: list[Event]) -> None:
    living = alive(state)
    if len(living) == 1 and state.winner is None:
        win(state, living[0], "conquest", events)


def win(state: ConflictState, seat: int, reason: str, events: list[Event]) -> None:
    state.winner = seat
    state.win_reason = reason
    state.phase = "over"
    state.pending = None
    events.append(public("conflict.ev.victory", player=state.players[seat].name, goal=f"@conflict.goal.{reason}"))


def award(state: ConflictState, seat: int, ach: str, events: list[Event]) -> None:
    p = state.players[seat]
    if ach in p.achievements:
        return
    p.achievements.append(ach)
    events.append(public("conflict.ev.achievement", player=p.name, ach=f"@conflict.ach.{ach}"))


def note_attack(state: ConflictState, seat: int, events: list[Event]) -> None:
    """Achievements 反和平 (first to attack) and 和平使者 (last to attack), 3+ players."""
    p = state.players[seat]
    state.fought = True
    if p.attacked:
        return
    p.attacked = True
    if state.n < 3:
        return
    if not any("antipeace" in q.achievements for q in state.players):
        award(state, seat, "antipeace", events)
    if not any("envoy" in q.achievements for q in state.players):
        waiting = [s for s in alive(state) if not state.players[s].attacked]
        if len(waiting) == 1:
            award(state, waiting[0], "envoy", events)


def crown_boss(state: ConflictState, seat: int, events: list[Event]) -> None:
    """继承者BOSS: draws four, all territories to full."""
    award(state, seat, "boss", events)
    draw_cards(state, seat, 4)
    for row in state.players[seat].rows:
        for tid in row:
            t = state.territories[tid]
            t.dur = t.max


# --- the turn cycle ---------------------------------------------------------------------------
def reset_hp(state: ConflictState) -> None:
    """Every unit back to full durability (3 in each battle phase). Only a fight lowers it,
    and only after a strike, which marks the turn `fought`: so outside a battle phase with a
    strike every unit is at full durability (engine.invariants checks it), and the turn
    cycle calls this only after a turn that fought (a pass over every unit, three times a turn)."""
    for u in state.units.values():
        u.hp = BATTLE_HP


def arranged_rows(dealt: list[str], capital: str, inner: str | None) -> tuple[list[str], list[str]]:
    """The inner and outer rows an `arrange` lays (the source: "排列领地位置,(可分左右两排,每排最多三个
    领地)…从中选取一个作为首都": the player places each territory): the capital and the territories
    named, then the rest, each row in the order dealt. A number (an older log's form) names how
    many lie inside: the first of the others in the order dealt."""
    rest = [t for t in dealt if t != capital]
    chosen = set(rest[: int(inner) - 1] if inner is not None and inner.isdigit() else (inner or "").split(","))
    return [capital] + [t for t in rest if t in chosen], [t for t in rest if t not in chosen]


def start_turn(state: ConflictState, seat: int, events: list[Event]) -> list[Unit]:
    """Start `seat`'s turn. Returns the seat's units, in the order of state.units (the pass
    this makes over every unit anyway): the engine hands them to the turn's first listing."""
    state.turn = seat
    state.phase = "develop"
    state.assault = False
    state.fought = False
    p = state.players[seat]
    p.evading = []
    supply = 0  # face-up supply units, counted in the same pass over the seat's units
    mine = [u for u in state.units.values() if u.owner == seat]
    for u in mine:
        u.strikes = 0
        u.flipped = False
        if u.key in SUPPLY and u.up and u.riding is None:
            supply += 1
    events.append(public("conflict.ev.turn", player=p.name, round=state.round))
    own = [state.territories[t] for row in p.rows for t in row]
    if has_up(state, seat, "brain"):
        hurt = [t for t in own if t.dur < t.max]
        if hurt:
            t = min(hurt, key=lambda t: (t.dur - t.max, t.id))
            t.dur += 1
            events.append(public("conflict.ev.repaired_brain", player=p.name, terr=tname(state, t.id), dur=t.dur,
                                 max=t.max))
    effect = capital_effect(state, seat)
    if effect == "capital_repair":
        cap = state.territories[p.capital]
        if cap.dur < cap.max:
            cap.dur += 1
            events.append(public("conflict.ev.repaired_capital", player=p.name, faction=FACTIONS[p.faction].name,
                                 terr=tname(state, cap.id), dur=cap.dur, max=cap.max))
    res = 0
    if not p.blockaded:
        res = len(own) // 2 + supply
        if effect == "capital_resource":
            res += 1
        p.res += res
    count = 4 if "boss" in p.achievements else 2
    if effect == "capital_draw":
        count += 1
    drawn = draw_cards(state, seat, count)
    # no resource: the line says why (经济封锁, or a single territory left), not just "0 resource cards"
    if p.blockaded:
        events.append(public("conflict.ev.draw_blockaded", player=p.name, cards=drawn))
    elif res == 0:  # one per two territories, none from supply units or the capital: one territory left
        events.append(public("conflict.ev.draw_none", player=p.name, cards=drawn))
    else:
        events.append(public("conflict.ev.draw", player=p.name, res=res, cards=drawn))
    return mine


def end_turn(state: ConflictState, events: list[Event]) -> list[Unit] | None:
    """End the turn seat's turn and start the next one's; its result is advance's."""
    seat = state.turn
    p = state.players[seat]
    if state.known or state.paid:
        forget_gone(state)
    p.blockaded = p.emp = p.hacked = False
    for q in state.players:
        if q.no_attack_until == seat:
            q.no_attack_until = None
    if state.fought:
        reset_hp(state)
    return advance(state, events)


def advance(state: ConflictState, events: list[Event]) -> list[Unit] | None:
    """Hand the turn to the next living seat; past the first seat a new round begins. Returns
    start_turn's list of the new turn seat's units, None when no turn starts."""
    if state.winner is not None:
        return None
    seat = state.turn
    for _ in range(state.n):
        seat = (seat + 1) % state.n
        if seat == state.first:  # dead seats are passed over too, so this happens once a cycle
            state.round += 1
        if state.players[seat].alive:
            break
    if state.round > state.max_rounds:
        state.phase = "over"
        events.append(public("conflict.ev.cap", rounds=state.max_rounds))
        return None
    return start_turn(state, seat, events)


def roll_coin(state: ConflictState, who: str, what: str, events: list[Event]) -> bool:
    """A fair coin shown to the table: 1 is heads (正面)."""
    face = state.rng.randint(0, 1)
    events.append(roll_event(who, what, [face], face, coin=True))
    return face == 1


def make_unit(state: ConflictState, seat: int, key: str, tid: str, up: bool) -> Unit:
    uid = f"u{state.next_id}"
    state.next_id += 1
    unit = Unit(id=uid, key=key, owner=seat, loc=tid, up=up, mask="" if up else state.rng.token("m"), hp=BATTLE_HP)
    number_unit(state, unit)
    state.units[uid] = unit
    return unit


def number_unit(state: ConflictState, unit: Unit) -> None:
    """The numbers of a unit's labels, as it comes into play or turns over (a label changed when
    another unit turned: "Supply Corps #1" lost its number when its twin went face down). Face
    up, it keeps the number it got on first showing face up: the lowest its card's units in play
    do not hold (the first shows none; a face-down one holds its number too, as the table saw it
    face up); face down, the lowest the face-down units do not hold, until it turns up again.
    So a unit's label never changes while the table sees it the same way, and two never share one."""
    if unit.up:  # its face-down number stays, for the line that says which face-down unit turned
        if not unit.no:
            unit.no = _lowest_free({u.no for u in state.units.values() if u.key == unit.key and u is not unit})
    else:
        unit.down = _lowest_free({u.down for u in state.units.values() if not u.up and u is not unit})


def _lowest_free(taken: set[int]) -> int:
    n = 1
    while n in taken:
        n += 1
    return n


def new_terr(state: ConflictState, key: str, owner: int, half: bool = False) -> Terr:
    tid = f"t{state.next_id}"
    state.next_id += 1
    full = TERRITORIES[key].durability
    terr = Terr(id=tid, key=key, owner=owner, dur=max(1, full // 2) if half else full, max=full)
    state.territories[tid] = terr
    return terr

