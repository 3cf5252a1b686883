"""The chance an attack lands, as its attacker can know it (issue 18: every attack choice says
its chance to hit and what the chance depends on).

Each shot rolls d20 against the attacker's hit value (at most it hits), then the target rolls
d20 against its evade value (at most it evades): RULES.md 5, `FleetEngine._roll_hit`. The values
are those `FleetEngine._shots` rolls against (both add up `games/fleet/aim.py`'s terms), from what
the attacking seat may know: its own mech and pilot, and of the target only what the table sees
(model, smoke, tracer marks, the weather, a pilot talent once revealed). A talent the target's
owner has not shown yet counts as none, so a label never tells what a seat cannot see (and
`check_determinization` holds: the label is the same in every world the seat cannot tell apart)."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from games.fleet import aim
from games.fleet.data import DATA
from games.fleet.state import FleetState, ship_dist

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
    hit_terms: tuple[aim.Term, ...] = ()  # what `hit` and `evade` add up from (games/fleet/aim.py), as the
    evade_terms: tuple[aim.Term, ...] = ()  # roll lines name them

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


def attack_odds(engine: "FleetEngine", state: FleetState, seat: int, unit: str, wid: str,
                target: str) -> Odds | None:
    """The odds of `seat`'s `unit` ("ship" or a mech uid) attacking `target` ("ship" or an enemy
    mech uid) with weapon `wid`; None for what rolls no dice against one target (a support
    weapon, a blast on a zone)."""
    w = D.weapon(wid)
    enemy = state.sides[1 - seat]
    tgt = None if target == "ship" else engine.mech(state, target)
    if w.support or (target != "ship" and (tgt is None or tgt.uid not in {m.uid for m in enemy.mechs})):
        return None
    is_mech = target != "ship" or enemy.ship.giant
    if wid == "flak" and is_mech:
        return Odds(hit=DIE, evade=0, shots=w.shots, sure=True)
    me = None if unit == "ship" else engine.mech(state, unit)
    d = 0
    if me is not None:
        d = ship_dist(1 - seat, me.zone) if tgt is None else engine.unit_zone_dist(state, seat, unit, tgt.zone)
    hit_terms = tuple(aim.hit_terms(state, seat, me, wid, tgt, d))
    evade_terms = tuple(aim.evade_terms(state, 1 - seat, tgt, seen_only=True))
    damaged = tgt is not None and tgt.hp < tgt.max_hp
    return Odds(hit=aim.total(hit_terms), evade=aim.total(evade_terms), shots=w.shots,
                hit_terms=hit_terms, evade_terms=evade_terms,
                hit_twice=damaged and tgt.revealed and aim.talent(tgt) == "crisis_sense",
                evade_twice=damaged and aim.talent(me) == "hyper_sight")
