"""The numbers a shot's hit and evade rolls are made against, term by term (RULES.md 5: "命中：d20 ≤
攻击方命中；回避：d20 ≤ 被攻击方回避").

One place for the rules (`FleetEngine._shots` rolls against these sums and puts the terms in the
roll events, so a roll line shows its base and every modifier by name: issue 18, "needs ≤ 11" was
evade 7 plus Awakening 4) and for the odds the menus show (`games/fleet/odds.py`, which counts a
target's pilot talent only once revealed). A term is `(key, value)`, the key naming the catalog's
`fleet.term.<key>`; the first term is the base value, and a target is the sum of its terms.
"""
from __future__ import annotations

from games.fleet.data import DATA
from games.fleet.state import FleetState, Mech, Side

D = DATA()
Term = tuple[str, int]


def talent(m: Mech | None) -> str | None:
    return D.pilots[m.pilot].talent if m is not None and m.pilot else None


def ship_hurt(side: Side) -> bool:
    """The ship's health is not full (awakening talents); a destroyed ship counts."""
    return side.ship.destroyed or side.ship.hp < side.ship.max_hp


def buffs(state: FleetState, seat: int, m: Mech) -> int:
    """Active bonuses of a mech (纳米切割刀 counts them): 连携充能、烟幕、穿甲弹匣、瞄准模块、生效中的觉醒/杀意觉醒."""
    active_talent = talent(m) in ("awaken", "killing_intent") and ship_hurt(state.sides[seat])
    return sum((m.boost, m.smoke, m.ap_rounds, m.targeting, active_talent))


def hit_terms(state: FleetState, seat: int, me: Mech | None, wid: str, target: Mech | None, d: int) -> list[Term]:
    """What `seat`'s ship (`me` None) or mech `me` hits on with weapon `wid` at `target` (None: the
    enemy ship), `d` zones away. RULES.md 8-9, 6 and 12: 觉醒 +4, 瞄准模块 +5, 射击辅助AI +3 at
    distance 2, 纳米切割刀 +3 a buff, the weapon's own modifier against a mech or a ship, tracer
    marks, fog −3."""
    enemy = state.sides[1 - seat]
    if me is None:
        terms: list[Term] = [("hit", state.sides[seat].ship.hit)]
    else:
        terms = [("hit", D.mechs[me.model].hit)]
        if talent(me) == "awaken" and ship_hurt(state.sides[seat]):
            terms.append(("awaken", 4))
        if me.targeting:
            terms.append(("targeting", 5))
        if "aim_ai" in D.mechs[me.model].traits and d == 2:
            terms.append(("aim_ai", 3))
        if wid == "nano_blade" and (n := buffs(state, seat, me)):
            terms.append(("nano_blade", 3 * n))
    w = D.weapon(wid)
    if target is not None or enemy.ship.giant:  # 巨型战甲 is attacked as a mech
        if w.hit_vs_mech:
            terms.append((f"vs_mech.{wid}", w.hit_vs_mech))
    elif w.hit_vs_ship:
        terms.append((f"vs_ship.{wid}", w.hit_vs_ship))
    marked = enemy.ship if target is None else target
    if marked.marks and marked.mark_until >= state.turn_no:
        terms.append(("marks", marked.marks))
    if state.weather == "fog":
        terms.append(("fog", -3))
    return terms


def evade_terms(state: FleetState, seat: int, target: Mech | None, seen_only: bool = False) -> list[Term]:
    """What `seat`'s ship (`target` None) or mech evades on: 分离式外装甲 +5 at 5 health or less,
    smoke (or wreck cover) +5, 觉醒 +4. `seen_only`: a pilot's talent counts once revealed (the
    attacker's odds)."""
    side = state.sides[seat]
    if target is None:
        terms: list[Term] = [("evade", side.ship.evade)]
        if side.ship.model == "hummingbird" and side.ship.hp <= 5:
            terms.append(("split_armor", 5))
        return terms
    terms = [("evade", D.mechs[target.model].evade)]
    if target.smoke:
        terms.append(("smoke", 5))
    if talent(target) == "awaken" and ship_hurt(side) and (target.revealed or not seen_only):
        terms.append(("awaken", 4))
    return terms


def total(terms: list[Term]) -> int:
    return sum(v for _, v in terms)
