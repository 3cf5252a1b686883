"""The chance an attack lands, as its attacker can know it (issue 18: every attack choice says
its chance to hit and what the chance depends on).

Each shot rolls d20 against the attacker's hit value (at most it hits), then the target rolls
d20 against its evade value (at most it evades): RULES.md 5, `FleetEngine._roll_hit`. The values
are those `FleetEngine._shots` computes, from what the attacking seat may know: its own mech and
pilot, and of the target only what the table sees (model, smoke, tracer marks, the weather, a
pilot talent once revealed). A talent the target's owner has not shown yet counts as none, so a
label never tells what a seat cannot see (and `check_determinization` holds: the label is the
same in every world the seat cannot tell apart)."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from games.fleet.data import DATA
from games.fleet.state import FleetState, Mech, Side, ship_dist

if TYPE_CHECKING:
    from games.fleet.engine import FleetEngine

D = DATA()
DIE = 20


@dataclass(frozen=True)
class Odds:
    hit: int  # a shot hits on d20 at most this
    evade: int  # and is evaded on d20 at most this
    shots: int = 1
    hit_twice: bool = False  # 危机超感 of the target: two hit rolls, both must hit
    evade_twice: bool = False  # 视限超感 of the attacker: two evade rolls, both must evade
    sure: bool = False  # no roll at all (防空弹幕炮 against a mech)

    @property
    def chance(self) -> Fraction:
        """The chance one shot lands, exactly: every hit roll hits, and not every evade roll evades."""
        if self.sure:
            return Fraction(1)
        hits = Fraction(min(max(self.hit, 0), DIE), DIE) ** (2 if self.hit_twice else 1)
        evades = Fraction(min(max(self.evade, 0), DIE), DIE) ** (2 if self.evade_twice else 1)
        return hits * (1 - evades)

    @property
    def percent(self) -> int:
        """The chance in whole percent, a half rounded up (67.5 % reads 68 %)."""
        return int(self.chance * 100 + Fraction(1, 2))


def _talent(m: Mech | None, known: bool) -> str | None:
    """A pilot's talent where the attacking seat knows it: its own, or a revealed one."""
    if m is None or not m.pilot or not (known or m.revealed):
        return None
    return D.pilots[m.pilot].talent


def _hurt(side: Side) -> bool:
    return side.ship.destroyed or side.ship.hp < side.ship.max_hp


def attack_odds(engine: "FleetEngine", state: FleetState, seat: int, unit: str, wid: str,
                target: str) -> Odds | None:
    """The odds of `seat`'s `unit` ("ship" or a mech uid) attacking `target` ("ship" or an enemy
    mech uid) with weapon `wid`; None for what rolls no dice against one target (a support
    weapon, a blast on a zone)."""
    w = D.weapon(wid)
    side, enemy = state.sides[seat], state.sides[1 - seat]
    tgt = None if target == "ship" else engine.mech(state, target)
    if w.support or (target != "ship" and (tgt is None or tgt.uid not in {m.uid for m in enemy.mechs})):
        return None
    is_mech = target != "ship" or enemy.ship.giant
    if wid == "flak" and is_mech:
        return Odds(hit=DIE, evade=0, shots=w.shots, sure=True)
    me = None if unit == "ship" else engine.mech(state, unit)
    if me is None:
        hit = side.ship.hit
    else:
        md = D.mechs[me.model]
        own = _talent(me, known=True)
        hit = md.hit
        if own == "awaken" and _hurt(side):
            hit += 4
        if me.targeting:
            hit += 5
        if "aim_ai" in md.traits:
            d = ship_dist(1 - seat, me.zone) if tgt is None else engine.unit_zone_dist(state, seat, unit, tgt.zone)
            hit += 3 if d == 2 else 0
        if wid == "nano_blade":
            active = own in ("awaken", "killing_intent") and _hurt(side)
            hit += 3 * sum((me.boost, me.smoke, me.ap_rounds, me.targeting, active))
    hit += w.hit_vs_mech if is_mech else w.hit_vs_ship
    marked = enemy.ship if tgt is None else tgt
    if marked.marks and marked.mark_until >= state.turn_no:
        hit += marked.marks
    if state.weather == "fog":
        hit -= 3
    if tgt is None:
        evade = enemy.ship.evade + (5 if enemy.ship.model == "hummingbird" and enemy.ship.hp <= 5 else 0)
    else:
        evade = D.mechs[tgt.model].evade + (5 if tgt.smoke else 0)
        if _talent(tgt, known=False) == "awaken" and _hurt(enemy):
            evade += 4
    damaged = tgt is not None and tgt.hp < tgt.max_hp
    return Odds(hit=hit, evade=evade, shots=w.shots,
                hit_twice=damaged and _talent(tgt, known=False) == "crisis_sense",
                evade_twice=damaged and me is not None and _talent(me, known=True) == "hyper_sight")
