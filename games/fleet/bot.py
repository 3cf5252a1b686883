"""The bot seat of fleet & mech: a greedy heuristic over the legal actions.

It reads only what its own view shows: its own fleet and hand, and the public board
(enemy health, evade, positions). It answers attacks with shields and skills, attacks
what it can hit best, guards its ship against nearby mechs, launches and advances mechs,
and gathers energy for energy weapons.
"""
from __future__ import annotations

import random
from typing import Any

from games.core.scoring import win_chances
from games.fleet.data import DATA
from games.fleet.state import SHIP_ROW, ship_dist, zrow

D = DATA()
PRESET = "carrier"


def _expected(engine, state, seat: int, unit: str, wid: str, target: str) -> float:
    """Expected damage of one attack from public numbers (no hidden pilots or cards)."""
    w = D.weapon(wid)
    side, enemy = state.sides[seat], state.sides[1 - seat]
    hit = side.ship.hit if unit == "ship" else D.mechs[engine.mech(state, unit).model].hit
    if w.aoe:
        victims = [m for m in engine.on_field(enemy) if engine.unit_zone_dist(state, seat, unit, target) >= 0
                   and abs(zrow(m.zone) - zrow(target)) + abs("LCR".index(m.zone[0]) - "LCR".index(target[0])) <= w.aoe]
        per = w.damage if wid == "flak" else w.damage * (hit + w.hit_vs_mech) / 20 * 0.6
        return per * len(victims) * 1.5
    if target == "ship":
        evade, is_mech, hp = enemy.ship.evade, enemy.ship.giant, enemy.ship.hp
    else:
        m = engine.mech(state, target)
        evade, is_mech, hp = D.mechs[m.model].evade, True, m.hp
    hit += w.hit_vs_mech if is_mech else w.hit_vs_ship
    p = max(0.0, min(1.0, hit / 20)) * (1 - max(0.0, min(1.0, evade / 20)))
    dmg = w.damage
    if wid == "siege_laser":
        dmg = 10 + 5 * side.ship.energy if side.ship.energy else 2
    if wid == "laser_gun":
        dmg += 2 * side.ship.energy
    if unit != "ship" and engine.mech(state, unit).boost:  # 连携充能器: its damage doubles this turn
        dmg *= 2
    value = p * w.shots * dmg
    if is_mech and target != "ship":
        value = p * w.shots * min(dmg, hp) + (2.0 * p if dmg * w.shots >= hp else 0.0)  # kills are worth more
        if _threat(state, 1 - seat, engine.mech(state, target)):
            value *= 2  # protect the ship
    return value


def choose(engine, state, seat: int, rng: random.Random) -> Any:
    legal = engine.legal_actions(state, seat)
    if len(legal) == 1:
        return legal[0]
    by: dict[str, list] = {}
    for a in legal:
        by.setdefault(a.kind, []).append(a)
    if state.phase == "build":
        if "preset" in by:  # the Pegasus carrier: 50 health and six mechs; it beat each other preset in arena
            return next((a for a in by["preset"] if a.name == PRESET), by["preset"][0])
        if "victory" in by:  # 劫掠: the mechs' march on the enemy ship ends the game, not just a count
            return next(a for a in by["victory"] if a.goal == "raid")
        return next(a for a in legal if a.kind != "reset")
    if state.pending:
        return _pending(engine, state, seat, by, rng)
    if "stand" in by:
        return _mech_step(engine, state, seat, by)
    return _main(engine, state, seat, by, rng)


def _pending(engine, state, seat, by, rng):
    if "react" in by:
        side = state.sides[seat]
        order = ("warp_shield", "convert_shield", "dodge", "precision", "redirect", "deck_bomb", "drain_field",
                 "repair_bot")
        cards = {c.id: c.card for c in side.hand}

        def rank(a):
            name = cards.get(a.what, a.what)
            bonus = 0 if a.target in (None, "enemy_ship") or (a.target or "x")[0] == "ab"[1 - seat] else 1
            return (order.index(name) if name in order else 99, bonus)

        return min(by["react"], key=rank)
    if "second" in by:
        ships = [a for a in by["second"] if a.target == "ship"]
        return ships[0] if ships else by["second"][0]
    if "attach" in by:
        return by["attach"][0]
    if "go" in by:
        return by["go"][0]
    if "pick" in by:
        return by["pick"][0]
    if "warp" in by:
        step = 1 if seat == 0 else -1
        best = max(by["warp"], key=lambda a: (zrow(a.zone) * step))
        return best
    return by.get("pass", [next(iter(by.values()))[0]])[0]


def _raids(state, seat) -> bool:
    """Whether a mech of `seat` in the enemy ship row wins (劫掠 chosen, the enemy no giant)."""
    return "raid" in state.conditions and not state.sides[1 - seat].ship.giant


def _threat(state, seat, mech) -> bool:
    """Whether a field mech of `seat` threatens the enemy ship: next to it, or, where it wins by
    劫掠, within a turn's march of its row (two orders, a sword's warp at the turn's end, and one
    step for each face-down card it carries: any may be a booster, which no blocker stops; the
    playtests won by a booster into a row the bot never guarded)."""
    gap = ship_dist(1 - seat, mech.zone)
    return gap <= 1 or (_raids(state, seat) and gap <= 2 + (mech.model == "sword") + len(mech.cards))


def _mech_step(engine, state, seat, by):
    moves = by.get("move", [])
    if _raids(state, seat):
        goal = SHIP_ROW[1 - seat]
        winning = next((a for a in moves if zrow(a.zone) == goal), None)
        if winning is not None:
            return winning
    if moves and _raids(state, 1 - seat):  # block an enemy mech one step from our ship row: it cannot go on
        mine = {m.zone for m in engine.on_field(state.sides[seat])}
        near = {m.zone for m in engine.on_field(state.sides[1 - seat]) if ship_dist(seat, m.zone) == 1} - mine
        block = next((a for a in moves if a.zone in near), None)
        if block is not None:
            return block
    attacks = []
    for a in by.get("attack", []):
        if a.weapon == "repair_drone":
            m = engine.mech(state, a.target)
            attacks.append((m.max_hp - m.hp, a))
        elif a.weapon == "charger":
            attacks.append((_charge_gain(engine, state, seat, a.target, by.get("attack", [])), a))
        else:
            attacks.append((_expected(engine, state, seat, a.mech, a.weapon, a.target), a))
    if attacks:
        score, best = max(attacks, key=lambda x: x[0])
        if score >= 0.4:
            return best
    if moves:
        target_row = SHIP_ROW[1 - seat]
        return min(moves, key=lambda a: (abs(zrow(a.zone) - target_row), a.zone[0] != "C"))
    return by["stand"][0]


def _charge_gain(engine, state, seat: int, friend: str, attacks: list) -> float:
    """What 连携充能器 on `friend` is worth: its damage doubles only until our next turn begins, so
    only an attack it can still make this turn gains (by that attack's expected damage, a little
    more so that the charge comes first); a friend that has acted or already carries a charge
    gains nothing (a flat score had the bot waste 22 charges over 20 seeded games of its own fleet)."""
    m = engine.mech(state, friend)
    if m.boost or m.acts <= 0 or m.stun:
        return 0.0
    own = [_expected(engine, state, seat, a.mech, a.weapon, a.target) for a in attacks
           if a.mech == friend and not D.weapon(a.weapon).support]
    return max(own, default=0.0) * 1.01


def _pointless_use(engine, state, seat: int, card: str, m) -> bool:
    """A mech card that would do nothing now: a frag grenade with no enemy mech it can hurt in
    the zone (24 thrown at empty zones over 20 seeded games of its own fleet), a bonus the mech
    already has (smoke on smoke: the console playtest's bot used two in a row)."""
    enemy = state.sides[1 - seat]
    if card == "grenade":
        return enemy.immune or not any(e.zone == m.zone for e in engine.on_field(enemy))
    return (card == "smoke" and m.smoke) or (card == "ap_rounds" and m.ap_rounds) or \
        (card == "targeting" and m.targeting)


def _emp_gain(engine, state, seat: int, zone: str) -> int:
    """The enemy mechs an EMP on `zone` would hold back longer: those not already stunned for
    its 2 turns (the bot fired EMPs at mechs an earlier one still held: 2 over 20 seeded games of the
    steel fleet)."""
    return sum(1 for e in engine.on_field(state.sides[1 - seat]) if e.zone == zone and e.stun < 2)


def _main(engine, state, seat, by, rng):
    side, enemy = state.sides[seat], state.sides[1 - seat]
    ship = side.ship
    cards = {c.id: c.card for c in side.hand}
    last = state.options.arms_round if "arms" in state.conditions else state.options.cap_round
    if state.round == last and "launch" in by:  # the count at this round's end weighs fielded mechs only
        return rng.choice(by["launch"])
    for a in by.get("skill", []):
        if a.name == "revenge":
            return max(by["skill"], key=lambda x: engine.mech(state, x.a).hp if x.name == "revenge" and x.a else 0)
        if a.name == "last_stand":  # 100 health, whatever the ship had
            return a
        if a.name == "sacrifice" and ship.energy >= 2:
            return a
    if "turret" in by:
        return max(by["turret"], key=lambda a: engine.mech(state, a.target).hp)
    for a in by.get("use", []):
        m = engine.mech(state, a.mech)
        card = next(c.card for c in m.cards if c.id == a.card)
        if _pointless_use(engine, state, seat, card, m):
            continue
        if card in ("repair_kit", "grenade") or (card == "smoke" and state.ap <= 1):
            return a
    emps = [(_emp_gain(engine, state, seat, a.target), a) for a in by.get("play", []) if cards.get(a.card) == "emp"]
    for a in by.get("play", []):
        card = cards.get(a.card)
        if card == "repair_bot" and ship.hp <= ship.max_hp - 8:
            return a
        if card == "emp":
            gain, best = max(emps, key=lambda x: x[0])
            if gain:
                return best
        elif card in ("turret", "adv_weapons", "spy_drone"):
            return a
    fires = [(_expected(engine, state, seat, "ship", a.weapon, a.target), a) for a in by.get("fire", [])]
    best_fire = max(fires, key=lambda x: x[0]) if fires else (0.0, None)
    threatened = any(_threat(state, 1 - seat, m) for m in engine.on_field(enemy))
    if threatened and best_fire[1] is not None and best_fire[0] >= 1:
        return best_fire[1]
    field = engine.on_field(side)
    if "launch" in by and len(field) < 3 and state.ap >= 1:
        return rng.choice(by["launch"])
    if "operate" in by:
        return by["operate"][0]
    if "order" in by:
        return by["order"][0]
    if best_fire[1] is not None and best_fire[0] >= 1:
        return best_fire[1]
    wants_energy = any(w in ("siege_laser", "twin_laser") for w in ship.weapons) or \
        any(m.model == "vampire" for m in field)
    if "gather" in by and (wants_energy or not fires):
        return by["gather"][0]
    if "draw" in by and len(side.hand) < 6:
        return by["draw"][0]
    if best_fire[1] is not None:
        return best_fire[1]
    return by["end"][0]


def features(state, seat: int) -> list[float]:
    """What a position holds for `seat`, as numbers (`FEATURES` names them): its ship's health
    and how close it is to going down, its fielded mechs (what 军备竞赛 and the round cap
    count, weighted by how near that count is) and those still in the hangar, a mech one or
    two steps from the enemy ship row where 劫掠 wins (not held back by an enemy mech in its
    zone), energy, hand, and whether it moves next."""
    me, foe = state.sides[seat], state.sides[1 - seat]
    hp = max(0, me.ship.hp)
    field = [m for m in me.mechs if m.status == "field"]
    field_hp = sum(m.hp for m in field)
    last = state.options.arms_round if "arms" in state.conditions else state.options.cap_round
    raid = [0.0, 0.0]
    if _raids(state, seat):
        held = {m.zone for m in foe.mechs if m.status == "field"}
        for m in field:
            gap = ship_dist(1 - seat, m.zone)
            if gap <= 2 and m.zone not in held:
                raid[gap - 1] = 1.0
    return [hp, min(hp, 10), field_hp, len(field), sum(m.hp for m in me.mechs if m.status == "hangar"),
            (hp + field_hp) * max(0.0, 1 - (last - state.round) / COUNT_AHEAD), *raid, me.ship.energy, len(me.hand),
            1.0 if state.turn == seat else 0.0]


# rounds before the count from which health counts extra (fewer than a build-phase rollout reaches:
# the choice of 军备竞赛 is not judged by a count twenty rounds away)
COUNT_AHEAD = 10
FEATURES = ("hp", "hp_to_10", "field_hp", "field", "hangar_hp", "count_near", "raid_1", "raid_2", "energy", "hand",
            "to_move")
# Fitted by `python -m bench evaluation --game fleet` (see bench/evaluation.py)
WEIGHTS = (-0.004469, 0.0611, 0.09258, 0.0626, 0.08657, 0.1056, 2.07, 0.5924, -0.1811, -0.1017, 0.1342)


def evaluate(engine, state, players: int) -> list[float]:
    """For a search cut short: each side's chance to win by the fitted weights of `features`
    (even while the fleets are built: what they hold shows only in play)."""
    if state.phase != "play":
        return [1 / players] * players
    return win_chances(WEIGHTS, [features(state, s) for s in range(players)])


def poses(view: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """For games.core.undo: the turn and each own mech's place (hangar, a zone of the field)."""
    mechs = view["sides"][view["me"]].get("mechs", [])
    return 2 * view["round"] + view["turn"], {m["uid"]: (m["status"], m["zone"]) for m in mechs}


def aimless(view: dict[str, Any], action: Any) -> bool:
    """For games.core.undo: `reset` at the victory step starts the fleet over, and the heuristic
    builds the same one again (the search found it a null move's noise gain)."""
    return action.kind == "reset"
