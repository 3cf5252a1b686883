"""The bot seat: a plain heuristic that plays a curve, trades favourably, defends its
HQ and finishes a beaten opponent. It reads only what its own view shows (its hand,
the public board, the opponent's public counts)."""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from games.core.scoring import win_chances

from . import rules as R
from .cards import CARDS, load_presets
from .state import Attack, ChooseDeck, Deploy, EndTurn, Keep, Move, PlayOrder, SetCounter, Swap

if TYPE_CHECKING:
    from .engine import FrontlineEngine
    from .state import FrontlineState


def choose(engine: "FrontlineEngine", st: "FrontlineState", seat: int, rng: random.Random):
    legal = engine.legal_actions(st, seat)
    if st.phase == "deck":
        return ChooseDeck(deck=rng.choice(sorted(load_presets())))
    if st.phase == "mulligan":
        p = st.players[seat]
        for c in p.hand:  # send back expensive cards for a better curve
            if CARDS[c.key].cost >= 5 and c.id not in p.mulligan:
                return Swap(card=c.id)
        return Keep()
    scored = [(score(engine, st, seat, a), rng.random(), a) for a in legal]
    best = max(scored, key=lambda x: (x[0], x[1]))
    return best[2] if best[0] > 0 else EndTurn()


def _threat(st: "FrontlineState", seat: int) -> int:
    """Attack the enemy can bring against our HQ next turn from the frontline and the air."""
    enemy = 1 - seat
    return sum(u.atk for u in R.units_of(st, enemy) if R.in_front(st, u) or R.utype(u) in R.RANGED)


def score(engine: "FrontlineEngine", st: "FrontlineState", seat: int, a) -> float:
    me, foe = st.players[seat], st.players[1 - seat]
    hand = {c.id: c for c in me.hand}
    if isinstance(a, Attack):
        u = st.units[a.unit]
        if a.target == "hq":
            dmg = u.atk * (2 if u.double_turn == st.turn_no else 1)
            if dmg >= foe.hq:
                return 100
            return 2 + dmg if _threat(st, seat) < me.hq // 2 else 1
        d = st.units[a.target]
        to_d = R.combat_damage(st, u, d)
        back = R.combat_damage(st, d, u) if R.counter_damage_applies(u, d) else 0
        kills, dies = to_d >= d.hp, back >= u.hp and u.lent_by is None  # a borrowed unit is expendable
        value = CARDS[d.key].cost - (CARDS[u.key].cost if dies else 0)
        bonus = 4 if R.in_front(st, d) and _threat(st, seat) >= me.hq // 2 else 0
        if kills and not dies:
            return 10 + d.atk + bonus
        if kills:
            return 3 + value + bonus
        return (1 + bonus) if not dies and to_d > 0 else -1
    if isinstance(a, Deploy):
        card = CARDS[hand[a.card].key]
        return 5 + card.cost
    if isinstance(a, PlayOrder):
        card = CARDS[hand[a.card].key]
        own_hq = sum(e.amount for e in card.effects if e.do == "damage" and e.to in ("both_hqs", "own_hq"))
        foe_hq = 0 if R.hq_shielded(st, 1 - seat) else sum(
            e.amount for e in card.effects
            if e.do == "damage" and (e.to in ("both_hqs", "enemy_hq", "enemies") or (e.to == "target" and a.target == "hq")))
        if own_hq and own_hq >= me.hq:
            return -5  # never destroy our own HQ
        if foe_hq >= foe.hq:
            return 100
        if card.target == "friendly_unit" and a.target is not None:
            return 2 + card.cost + st.units[a.target].atk / 10  # buff the strongest unit
        if card.target in ("enemy_unit", "enemy_target", "damaged_enemy") and a.target not in (None, "hq"):
            return 4 + card.cost + st.units[a.target].atk
        return 3 + card.cost
    if isinstance(a, SetCounter):
        return 0.5  # activating ends the turn: only when nothing else is worth doing
    if isinstance(a, Move):
        u = st.units[a.unit]
        return 3 if R.utype(u) in ("infantry", "tank") else -1
    return 0


def features(st: "FrontlineState", seat: int) -> list[float]:
    """What a position holds for `seat`, as numbers (`FEATURES` names them): its HQ, and how
    close it is to falling; its board; its hand, kredit slots and deck before fatigue; the
    frontline and the attack it can bring on the enemy HQ; whether it moves next."""
    me = st.players[seat]
    units = R.units_of(st, seat)
    hq = max(0, me.hq)
    preset = [0.0] * len(PRESETS)
    if me.deck_code in PRESETS:
        preset[PRESETS[me.deck_code]] = 1.0
    return [hq, min(hq, 8), sum(u.atk for u in units), sum(u.hp for u in units), len(units), len(me.hand),
            me.slots, min(len(me.deck), 5), 1.0 if st.front_owner == seat else 0.0,
            sum(u.atk for u in units if R.in_front(st, u) or R.utype(u) in R.RANGED),
            1.0 if st.turn == seat else 0.0] + preset


# the ready-made decks differ in strength (heuristic against heuristic, 600 games: red_guard
# won 72 %, partisan 15 %): a search that reaches the first turns sees which deck it chose
PRESETS = {deck.code: n for n, (_, deck) in enumerate(sorted(load_presets().items()))}
FEATURES = ("hq", "hq_to_8", "board_atk", "board_hp", "units", "hand", "slots", "deck_to_5", "front", "threat",
            "to_move") + tuple(f"deck_{name}" for name in sorted(load_presets()))
# Fitted by `python -m bench evaluation --game frontline` (see bench/evaluation.py)
WEIGHTS = (0.05462, 0.205, 0.1985, 0.07452, -0.2205, 0.3249, 0.4652, -0.3832, -0.3217, 0.1884, -0.4367,
           -0.3238, -0.2506, 1.029, -1.844, 1.383, 0.00694)


def evaluate(engine: "FrontlineEngine", st: "FrontlineState", players: int) -> list[float]:
    """For a search cut short: each seat's chance to win by the fitted weights of `features`
    (even while decks are chosen and hands mulliganed: what they hold shows only in play)."""
    if st.phase != "main":
        return [1 / players] * players
    return win_chances(WEIGHTS, [features(st, s) for s in range(players)])


def poses(view: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """For games.core.undo: the turn and each own unit's line (the frontline or the support line)."""
    me = view["seat"]
    if me is None:
        return view["turn_no"], {}
    front = {u["uid"]: "front" for u in view["front"] if u["owner"] == me}
    return view["turn_no"], front | {u["uid"]: "support" for u in view["players"][me]["support"]}
