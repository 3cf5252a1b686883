"""The observer of fleet & mech: what one seat, or the table, may know of a state. Views
are the only way state leaves the engine: the table sees the public fleet; a seat also sees
its hidden part. Rules-side (the engine's `view` calls it); text and pictures read views."""
from __future__ import annotations

from dataclasses import asdict
from typing import Any

from games.fleet.data import DATA
from games.fleet.state import FleetState, Side, window_answers

D = DATA()


def _side_view(state: FleetState, side: Side, own: bool) -> dict[str, Any]:
    if state.phase == "build" or side.ship is None:
        out: dict[str, Any] = {"ready": side.build.stage == "ready"}
        if own:
            out["build"] = {k: v for k, v in asdict(side.build).items() if k != "token"}
        return out
    ship = side.ship
    out = {
        "ship": {"model": ship.model, "name": dict(D.ships[ship.model].name), "hp": ship.hp, "max_hp": ship.max_hp,
                 "hit": ship.hit, "evade": ship.evade, "energy": ship.energy, "weapons": list(ship.weapons),
                 "ammo": dict(ship.ammo), "burn": ship.burn, "giant": ship.giant, "destroyed": ship.destroyed},
        "mechs": [],
        "victory": side.victory,
        "hand_counts": {"ship": sum(1 for c in side.hand if D.subs[c.card].side == "ship"),
                        "mech": sum(1 for c in side.hand if D.subs[c.card].side == "mech")},
        "piles": {"ship": len(side.ship_pile), "mech": len(side.mech_pile)},
        "discard": list(side.discard),
        "pilots_ready": sum(1 for p in side.pilots if p.status == "ready"),
        "pilots_injured": sum(1 for p in side.pilots if p.status == "injured"),
        "captain": side.captain if side.captain_revealed or own else None,
        "skills_used": list(side.used),
        "turret": side.turret,
    }
    for m in side.mechs:
        mv = {"uid": m.uid, "model": m.model, "hp": m.hp, "max_hp": m.max_hp, "status": m.status, "zone": m.zone,
              "cards": len(m.cards), "stun": m.stun, "burn": m.burn, "boost": m.boost, "smoke": m.smoke,
              "pilot": m.pilot if (m.revealed or own) else None, "acts": m.acts}
        if own:
            mv["card_list"] = [asdict(c) for c in m.cards]
        out["mechs"].append(mv)
    if own:
        out["hand"] = [asdict(c) for c in side.hand]
        out["captain_token"] = side.captain_token
        out["pilots"] = [asdict(p) for p in side.pilots]
        out["skills_ready"] = [s for s in side.ready if s not in side.used]
    return out


def build_view(state: FleetState, seat: int | None, waiting: list[int]) -> dict[str, Any]:
    """What `seat` may know (None: the table); `waiting` is the seats the game awaits."""
    view: dict[str, Any] = {
        "phase": state.phase, "names": list(state.names), "round": state.round, "turn": state.turn,
        # the last round (军备竞赛's count or the hard cap): past it the game is over
        "last_round": state.options.arms_round if "arms" in state.conditions else state.options.cap_round,
        "ap": state.ap, "weather": state.weather, "conditions": list(state.conditions),
        "events_left": len(state.event_pile), "me": seat,
        "sides": [_side_view(state, state.sides[s], own=(s == seat)) for s in range(2)],
        "waiting": waiting,
        "pending": None,
        "winner": state.winner, "draw": state.draw,
    }
    if state.pending:
        p = state.pending[0]
        view["pending"] = {"kind": p.kind, "seat": p.seat}
        if p.kind == "react":  # what the window answers: public, said alike whatever the seat holds
            view["pending"]["answers"] = window_answers(state, p)
        if seat == p.seat and p.kind == "pick":
            side = state.sides[seat]
            view["pending"]["cards"] = [asdict(c) for c in side.ship_pile if c.id in p.data["cards"]]
    return view
