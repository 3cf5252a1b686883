"""Legal actions: the one list that buttons, typed codes, the bot seat and random playouts
all use. `apply` accepts exactly these (plus a custom agreement term, checked apart)."""
from __future__ import annotations

from itertools import permutations

from games.conflict import model as m
from games.conflict.rules import (
    PRESET_TERMS, can_act, cards_of, cdef, deploy_cost, distance, fallback, garrison, has_up, is_evading,
    outer_row, peace_between, row_of, special_cost, stats, terr_count,
)
from games.conflict.model import ConflictState, Unit

COMBAT = "ADSR"  # 攻击 attack, 防御 defend, 自爆 self-destruct, 休整 rest
LAYS3 = ["none"] + ["".join(p) for k in (1, 2, 3) for p in permutations(COMBAT, k)]
LAYS4 = ["".join(p) for p in permutations(COMBAT, 4)]


def own_tids(state: ConflictState, seat: int) -> list[str]:
    return [t for row in state.players[seat].rows for t in row]


def others(state: ConflictState, seat: int) -> list[int]:
    return [s for s, p in enumerate(state.players) if p.alive and s != seat]


def may_attack(state: ConflictState, seat: int) -> bool:
    return state.round >= 2 and state.players[seat].no_attack_until is None


def strike_targets(state: ConflictState, unit: Unit) -> list[str]:
    """Territories or units a unit may strike: only the outer row of another faction, the
    garrison first, never a unit under tactical evasion, never a partner in peace."""
    seat = unit.owner
    rng = stats(state, unit)[2]
    out: list[str] = []
    for g in others(state, seat):
        if peace_between(state, seat, g):
            continue
        for tid in outer_row(state, g):
            if distance(state, unit, tid) > rng:
                continue
            guards = garrison(state, tid, seat)
            if guards:
                out += [u.id for u in guards if not is_evading(state, u)]
            else:
                out.append(tid)
    return out


def strikers(state: ConflictState, seat: int) -> list[Unit]:
    limit = 3 if has_up(state, seat, "reactor") else 1
    return [u for u in state.units.values() if u.owner == seat and can_act(state, u) and u.strikes < limit]


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


def legal(state: ConflictState, seat: int) -> list:
    if state.phase == "over" or not (0 <= seat < state.n):
        return []
    pend = state.pending
    if pend is not None:
        return _pending(state, seat, pend)
    p = state.players[seat]
    if state.phase == "setup":
        if p.ready or not p.alive:
            return []
        if p.faction is None:
            return [m.Faction(key=k) for k in p.offer]
        return [m.Arrange(capital=t, inner=k) for t in p.dealt for k in (1, 2, 3)]
    if seat != state.turn or not p.alive:
        return []
    if state.phase == "end":
        return [m.Discard(card=c.id) for c in p.hand]
    if state.assault:
        acts = [m.Strike(unit=u.id, target=t) for u in strikers(state, seat) for t in strike_targets(state, u)]
        return acts + [m.Halt()]
    acts: list = []
    if state.phase in ("develop", "post"):
        _develop(state, seat, acts)
    elif state.phase == "battle":
        _battle(state, seat, acts)
    acts.append(m.Next())
    return acts


def _develop(state: ConflictState, seat: int, acts: list) -> None:
    p = state.players[seat]
    mine = own_tids(state, seat)
    my_units = [u for u in state.units.values() if u.owner == seat]
    for c in p.hand:
        card = cdef(c.key)
        if card.fielded:
            if deploy_cost(state, seat, c.key) > p.res:
                continue
            if card.type == "vehicle" and sum(u.key == c.key for u in my_units) >= card.limit:
                continue
            acts += [m.Deploy(card=c.id, tid=t, face=f) for t in mine for f in ("up", "down")]
        elif card.type == "upgrade":
            acts.append(m.Equip(card=c.id))
    for v in my_units:
        if cdef(v.key).type == "vehicle" and v.up and v.rider is None and not p.emp:
            crew = cdef(v.key).crew
            for u in my_units:
                t = cdef(u.key).type
                if u.loc == v.loc and u.up and u.riding is None and t != "vehicle" and crew in ("any", t):
                    acts.append(m.Board(vehicle=v.id, unit=u.id))
    acts += [m.Flip(unit=u.id) for u in my_units if not u.flipped and u.riding is None]
    _basics(state, seat, acts, my_units)
    if not p.hacked:
        _strategy(state, seat, acts, my_units)


def _basics(state: ConflictState, seat: int, acts: list, my_units: list[Unit]) -> None:
    p = state.players[seat]
    first = {}
    for c in p.hand:
        first.setdefault(c.key, c.id)
    if "move" in first:
        cid = first["move"]
        acts += [m.Move(card=cid, unit=u.id, tid=t) for u in my_units if can_act(state, u) for t in move_targets(state, u)]
    if "maintain" in first:
        envoy = "envoy" in p.achievements
        for t in state.territories.values():
            if t.dur < t.max and (t.owner == seat or envoy) and state.players[t.owner].alive:
                acts.append(m.Maintain(card=first["maintain"], tid=t.id))
    if "retreat" in first:
        acts += [m.Retreat(card=first["retreat"], unit=u.id) for u in my_units
                 if u.riding is None and state.territories[u.loc].owner != seat and fallback(state, seat)]
    if "trade" in first and not p.blockaded:
        cid = first["trade"]
        for u in state.units.values():
            if not u.up or u.riding is not None or u.rider is not None:
                continue
            if u.owner == seat:
                acts += [m.Sell(card=cid, unit=u.id, seat=g) for g in others(state, seat)
                         if not state.players[g].blockaded]
            elif state.players[u.owner].alive and not state.players[u.owner].blockaded and _price_floor(u) <= p.res:
                acts.append(m.Buy(card=cid, unit=u.id))


def _price_floor(unit: Unit) -> int:
    return cdef(unit.key).loyalty


def price_range(unit: Unit) -> range:
    """交易: the price may not exceed twice the card's cost; a character asks its loyalty."""
    card = cdef(unit.key)
    return range(card.loyalty, max(card.loyalty, 2 * card.cost) + 1)


def _strategy(state: ConflictState, seat: int, acts: list, my_units: list[Unit]) -> None:
    p = state.players[seat]
    first = {}
    for c in p.hand:
        first.setdefault(c.key, c.id)
    rivals = others(state, seat)
    abroad = [u for u in my_units if u.riding is None and state.territories[u.loc].owner != seat]
    if "withdraw" in first and abroad and fallback(state, seat):
        acts.append(m.Withdraw(card=first["withdraw"]))
    if "evade" in first:
        acts += [m.Evade(card=first["evade"], unit=u.id) for u in my_units if u.riding is None and u.id not in p.evading]
    if "pact" in first:
        acts += [m.Pact(card=first["pact"], seat=g) for g in rivals]
    if "breakpact" in first:
        acts += [m.BreakPact(card=first["breakpact"], agreement=a.id) for a in state.agreements if seat in (a.a, a.b)]
    if "spy" in first:
        acts += [m.Spy(card=first["spy"], seat=g) for g in rivals]
    if "blockade" in first:
        acts += [m.Blockade(card=first["blockade"], seat=g) for g in rivals]
    if "recall" in first:
        basics = sorted({k for k in state.discard if cdef(k).type == "basic"})
        acts += [m.Recall(card=first["recall"], key=k) for k in basics]
    if "aid" in first:
        cid = first["aid"]
        acts += [m.Aid(card=cid, seat=g, gift=c.id) for g in rivals for c in p.hand if c.id != cid]
    if "airdrop" in first:
        outers = [t for g in alive_seats(state) for t in outer_row(state, g)]
        acts += [m.Airdrop(card=first["airdrop"], unit=u.id, tid=t) for u in my_units if can_act(state, u)
                 for t in outers if t != u.loc]
    if "wreck" in first:
        for g in rivals:
            if state.players[g].hand:
                acts.append(m.Wreck(card=first["wreck"], seat=g, what="hand"))
            if state.players[g].upgrade:
                acts.append(m.Wreck(card=first["wreck"], seat=g, what="fit"))


def alive_seats(state: ConflictState) -> list[int]:
    return [s for s, p in enumerate(state.players) if p.alive]


def _battle(state: ConflictState, seat: int, acts: list) -> None:
    p = state.players[seat]
    my_units = [u for u in state.units.values() if u.owner == seat]
    first = {}
    for c in p.hand:
        first.setdefault(c.key, c.id)
    if "retreat" in first:
        acts += [m.Retreat(card=first["retreat"], unit=u.id) for u in my_units
                 if u.riding is None and state.territories[u.loc].owner != seat and fallback(state, seat)]
    if not state.fought and state.terr_deck:
        acts.append(m.Claim())
    if not may_attack(state, seat):
        return
    if "attack" in first and any(strike_targets(state, u) for u in strikers(state, seat)):
        acts.append(m.Attack(card=first["attack"]))
    targets = [g for g in others(state, seat) if not peace_between(state, seat, g)]
    flying = any(can_act(state, u) and "flying" in cdef(u.key).abilities for u in my_units)
    for key, cid in first.items():
        card = cdef(key)
        if card.type != "special" or special_cost(state, seat, key) > p.res:
            continue
        if key in ("hbomb", "neutron") and flying:
            for g in targets:
                for tid in own_tids(state, g):
                    if key == "neutron" or tid != state.players[g].capital:
                        acts.append((m.Hbomb if key == "hbomb" else m.Neutron)(card=cid, tid=tid))
        elif key == "smite" and has_up(state, seat, "satellite"):
            acts += [m.Smite(card=cid, seat=g) for g in targets]
        elif key == "emp" and any(u.up and u.riding is None and state.territories[u.loc].owner == seat for u in my_units):
            acts += [m.Emp(card=cid, seat=g) for g in targets]
        elif key == "plague":
            acts.append(m.Plague(card=cid))
        elif key == "hack" and has_up(state, seat, "brain"):
            acts += [m.Hack(card=cid, seat=g) for g in targets]
        elif key == "assassinate":
            mine = [u for u in my_units if can_act(state, u) and cdef(u.key).type == "character"]
            for g in targets:
                victims = [u for u in state.units.values() if u.owner == g and u.up and u.riding is None
                           and cdef(u.key).type == "character" and not is_evading(state, u)]
                for a in mine:
                    for v in victims:
                        acts += [m.Assassinate(card=cid, unit=a.id, tid=t, target=v.id) for t in own_tids(state, g)]


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
            acts = [m.Lay(cards=c) for c in LAYS3]
            if has_up(state, seat, "reactor") and state.players[seat].res >= 1:
                acts += [m.Lay(cards=c) for c in LAYS4]
        elif seat == pend.other and pend.lay_other is None:
            acts = [m.Lay(cards=c) for c in LAYS3]
        return acts
    if seat != pend.seat:
        return []
    p = state.players[seat]
    if kind == "react":
        return react_options(state, pend)
    if kind == "doom":
        acts = []
        if not pend.paid_card:
            acts += [m.Cover(card=c.id) for c in cards_of(state, seat, "retreat")]
        if not pend.paid_res and p.res >= 1:
            acts.append(m.Fund())
        return acts + [m.Pass()]
    if kind == "approve":
        ok = not (pend.what == "buy_offer" and p.res < pend.price)  # the buyer must be able to pay
        return ([m.Yes()] if ok else []) + [m.No()]
    if kind == "price":
        unit = state.units[pend.unit]
        top = state.players[pend.by].res if pend.what == "buy" else None
        return [m.Price(amount=n) for n in price_range(unit) if top is None or n <= top]
    if kind == "draft":
        acts = [m.Term(text=t) for t in PRESET_TERMS if t not in pend.terms] if len(pend.terms) < 4 else []
        return acts + ([m.Propose()] if pend.terms else [])
    if kind == "smite":
        return [m.Hit(tid=t) for t in smite_targets(state, pend.other)]
    if kind == "bequeath":
        return [m.Bequeath(seat=g) for g in others(state, seat)]
    return []


def protected(state: ConflictState, attacker: int) -> bool:
    """智能步枪系统 / 量子迷彩: the attacker's attack cards cannot be nullified."""
    return has_up(state, attacker, "rifle") or has_up(state, attacker, "camo")


def react_options(state: ConflictState, pend: m.Pending) -> list:
    seat = pend.seat
    p = state.players[seat]
    acts: list = [m.Allow()]
    if pend.what == "strike":
        shielded = protected(state, pend.by)
        if has_up(state, seat, "ayrus") and p.res >= 1 and not shielded:
            acts.append(m.Void())
        unit = state.units.get(pend.target)
        if unit is None:
            return acts
        if has_up(state, seat, "deflector") and not shielded and p.hand:
            realm = state.territories[unit.loc].owner
            alts = [u for u in state.units.values() if u.id != unit.id and u.up and u.riding is None
                    and u.owner != pend.by and state.territories[u.loc].owner == realm and not is_evading(state, u)]
            acts += [m.Deflect(card=c.id, unit=u.id) for c in p.hand for u in alts]
        sure = has_up(state, seat, "catapult") or has_up(state, seat, "camo")
        home = fallback(state, seat)
        if (sure or not shielded) and home and unit.loc != home:
            acts += [m.Escape(card=c.id) for c in cards_of(state, seat, "retreat")]
    elif pend.what != "assassinate":
        if has_up(state, seat, "ayrus") and p.res >= pend.cost and not has_up(state, pend.by, "camo"):
            acts.append(m.Void())
    return acts
