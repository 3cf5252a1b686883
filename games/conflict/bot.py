"""The bot seat: develops (fits upgrades, deploys units face up in the outer row, keeps
the capital garrisoned and repaired), attacks the weakest reachable outer territory, and
answers requests prudently. It reads only what view(state, seat) shows: its own hand and
the public board (legal actions name only its own cards)."""
from __future__ import annotations

import random
from typing import Any

from games.conflict import rules as R
from games.conflict.present import units_of
from games.core.scoring import win_chances

# a fair default order for the face-down combat cards
LAY_PLAN = ("ADA", "DAR", "ADR")


def choose(engine, state, seat: int, rng: random.Random) -> Any:
    acts = engine.legal_actions(state, seat)
    by_kind: dict[str, list] = {}
    for a in acts:
        by_kind.setdefault(a.kind, []).append(a)
    view = engine.view(state, seat)
    me = view["players"][seat]
    terrs = view["terrs"]

    def first(kind: str):
        return by_kind.get(kind, [None])[0]

    pend = state.pending
    if pend is not None:
        if "lay" in by_kind:
            plan = rng.choice(LAY_PLAN)
            return next((a for a in by_kind["lay"] if a.cards == plan), by_kind["lay"][-1])
        if "void" in by_kind:
            return first("void")
        if "escape" in by_kind:
            return first("escape")
        if pend.kind == "doom":
            own = state.units.get(pend.unit)
            if own is not None and own.owner == seat:
                return first("cover") or first("fund") or first("pass")
            return first("pass")
        if pend.kind == "approve":
            if pend.what == "sell_offer" and pend.price >= R.cdef(state.units[pend.unit].key).cost * 2:
                return first("yes") or first("no")
            return first("no")
        if "hit" in by_kind:  # focus the weakest territory
            return min(by_kind["hit"], key=lambda a: terrs[a.tid][2])
        if "price" in by_kind:
            return by_kind["price"][-1] if pend.what == "sell" else by_kind["price"][0]
        if "propose" in by_kind:
            return first("propose")
        if "term" in by_kind:
            return next((a for a in by_kind["term"] if a.text == "peace"), by_kind["term"][0])
        return acts[0]
    if state.phase == "setup":
        if "faction" in by_kind:
            return rng.choice(by_kind["faction"])
        # the sturdiest territory becomes the capital, two rows of two
        return max(by_kind["arrange"], key=lambda a: (a.inner is not None and "," not in a.inner, terrs[a.capital][3]))
    if state.phase == "end":
        hand = dict((cid, key) for cid, key in view["hand"])
        return min(by_kind["discard"], key=lambda a: sum(_keep_value(hand[card]) for card in a.cards.split(",")))
    if state.assault:
        strikes = by_kind.get("strike", [])
        if strikes:
            return min(strikes, key=lambda a: (a.target not in terrs, terrs[a.target][2] if a.target in terrs else 9))
        return first("halt")
    if state.phase in ("develop", "post"):
        if "equip" in by_kind and not me["upgrade"]:
            return first("equip")
        cap = me["capital"]
        if cap and "maintain" in by_kind:
            fix = [a for a in by_kind["maintain"] if a.tid == cap or terrs[a.tid][1] == seat]
            if fix:
                return min(fix, key=lambda a: (a.tid != cap, terrs[a.tid][2]))
        deploys = [a for a in by_kind.get("deploy", []) if a.face == "up"]
        if deploys:
            garrisoned = {u[2] for u in units_of(view) if u[1] == seat}
            outer = set(me["rows"][-1]) if me["rows"] else set()
            # keep the capital garrisoned first, then the outer row
            return min(deploys, key=lambda a: (a.tid != cap or cap in garrisoned, a.tid not in outer,
                                               a.tid in garrisoned))
        if "board" in by_kind:
            return first("board")
        flips = [a for a in by_kind.get("flip", []) if not state.units[a.unit].up]
        if flips:
            return flips[0]
        return first("next")
    if state.phase == "battle":
        if "attack" in by_kind:
            return first("attack")
        specials = [a for a in acts if a.kind in ("smite", "neutron", "emp", "hack") and not aimless(view, a)]
        if specials:  # the first kind; a Neutron Bomb where it destroys the most
            return max(specials, key=lambda a: _neutron_victims(view, a.tid) if a.kind == "neutron" else 1)
        if "claim" in by_kind and not any(u[1] == seat and u[3] for u in units_of(view)):
            return first("claim")
        return first("next")
    return acts[0]


def _keep_value(key: str) -> int:
    card = R.cdef(key)
    return {"unit": 5, "character": 5, "vehicle": 4, "special": 3, "upgrade": 3, "basic": 2, "strategy": 1}[card.type] + \
        (2 if key == "attack" else 0)


def features(state, seat: int) -> list[float]:
    """What a position holds for `seat`, as numbers (`FEATURES` names them): whether it is
    still in the game, its territories (the round cap ranks by their count, and weighs them
    more the nearer it is), their durability and its capital, its units, resources, hand and
    upgrade, and whether it moves next."""
    p = state.players[seat]
    if not p.alive:
        return [0.0] * len(FEATURES)
    owned = [state.territories[t] for row in p.rows for t in row]
    units = [u for u in state.units.values() if u.owner == seat]
    late = state.round / state.max_rounds
    open_, weak = exposed(state, seat)
    return [1.0, len(owned), len(owned) * late, sum(t.dur for t in owned), 1.0 if p.capital else 0.0, len(units),
            sum(R.cdef(u.key).cost for u in units), p.res, len(p.hand), 1.0 if p.upgrade else 0.0,
            1.0 if state.turn == seat else 0.0, open_, weak]


def exposed(state, seat: int) -> tuple[int, int]:
    """The seat's outer territories a rival can strike at now: no face-up unit of the seat holds
    them and a rival's face-up unit has the range; and how many of those a single strike takes
    (durability 1). Claimed territories come at half durability: a search that counts only
    territories claims into the reach of a rival's units and loses them again."""
    rivals = [u for u in state.units.values() if u.owner != seat and R.can_act(state, u)]
    if not rivals:
        return 0, 0
    held = {u.loc for u in state.units.values() if u.owner == seat and u.up}
    open_ = weak = 0
    for tid in R.outer_row(state, seat):
        if tid in held:
            continue
        if any(R.unit_range(state, u) >= R.distance(state, u, tid) for u in rivals):
            open_ += 1
            weak += state.territories[tid].dur <= 1
    return open_, weak


FEATURES = ("alive", "territories", "territories_late", "durability", "capital", "units", "unit_cost", "resources",
            "hand", "upgrade", "to_move", "exposed", "exposed_weak")
# Fitted by `python -m bench evaluation --game conflict` (see bench/evaluation.py)
WEIGHTS = (0, 0.07173, 0.852, 0.01624, 0.3114, 0.1653, 0.01795, -0.01422, 0.0766, 0.1437, -0.005744, -0.1925, -0.1558)


def evaluate(engine, state, players: int) -> list[float]:
    """For a search cut short: each seat's chance to win by the fitted weights of `features`
    (nothing for a seat out of the game; even while factions and territories are chosen)."""
    if state.phase == "setup":
        return [1 / players] * players
    chances = win_chances(WEIGHTS, [features(state, s) for s in range(players)])
    alive = [c if state.players[s].alive else 0.0 for s, c in enumerate(chances)]
    return [c / (sum(alive) or 1.0) for c in alive]


def aimless(view: dict[str, Any], action: Any) -> bool:
    """For games.core.undo: turning an own face-up unit face down. Face down it can neither act
    nor hold its territory, and the heuristic turns it up again in the next development phase
    (the flip-flop the playtest saw the hint suggest every turn); that it cannot be attacked
    meanwhile is nothing the evaluation weighs, so a search picks it only by chance.
    And a Neutron Bomb on a city where it destroys no unit: the card, four resources and the
    turn's claim spent for nothing (the evaluation counts resources spent as a small gain, so a
    search picked it by chance: arena seed 1, game 10)."""
    if action.kind == "neutron":
        return _neutron_victims(view, action.tid) == 0
    if action.kind != "flip":
        return False
    return any(u[0] == action.unit and u[3] for u in units_of(view) if u[1] == view["seat"])


def _neutron_victims(view: dict[str, Any], tid: str) -> int:
    """The rival units a Neutron Bomb on `tid` would destroy, as the view shows them (face down
    ones too): all but those under tactical evasion."""
    evading = {uid for p in view["players"] for uid in p["evading"]}
    return sum(1 for u in units_of(view) if u[2] == tid and u[1] != view["seat"] and u[0] not in evading)


def poses(view: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """For games.core.undo: the turn (one per seat a round) and each own unit's territory and
    face (not the vehicle it rides: a crew leaves one only when it is destroyed, never by choice)."""
    me, players = view["seat"], len(view["players"])
    turn = view["round"] * players + (view["turn"] - view["first"]) % players
    return turn, {u[0]: (u[2], u[3]) for u in units_of(view) if u[1] == me}
