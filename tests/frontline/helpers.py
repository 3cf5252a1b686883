"""Scenario helpers: a game in the battle phase with an empty board, and ways to put
cards and units exactly where a test needs them."""
from __future__ import annotations

from games.core import Seat
from games.frontline import ENGINE
from games.frontline import rules as R
from games.frontline.state import DeckCard, FrontlineState, HandCard, Unit


def seats():
    return [Seat(index=0, name="alice"), Seat(index=1, name="bob")]


def started(seed: int = 1, decks=("blitz", "red_guard")) -> FrontlineState:
    """A real game through deck choice and mulligan: seat 0 goes first."""
    st = ENGINE.setup(seats(), ENGINE.parse_options({"first": "0"}), seed).state
    for s in (0, 1):
        ENGINE.apply(st, s, ENGINE.parse_action(f"deck {decks[s]}"))
    for s in (0, 1):
        ENGINE.apply(st, s, ENGINE.parse_action("keep"))
    return st


def battle(seed: int = 1, kredits: int = 10) -> FrontlineState:
    """Seat 0's turn 3 with empty hands and board (units arrived earlier may act)."""
    st = started(seed)
    st.turn, st.turn_no = 0, 3
    for p in st.players:
        p.hand, p.support = [], []
        p.kredits = p.slots = kredits
        p.deck = [DeckCard(key="grenadiers") for _ in range(10)]
    st.units, st.front, st.front_owner, st.numbers = {}, [], None, {}
    ENGINE.invalidate(st)
    return st


def unit(st: FrontlineState, seat: int, key: str, front: bool = False, **fields) -> Unit:
    u = R.new_unit(st, seat, key)
    u.arrived_turn = -10
    for name, value in fields.items():
        setattr(u, name, value)
    ENGINE.invalidate(st)  # a change by hand: nothing the engine kept of a listing holds
    R.number_unit(st, u)  # as it came onto the board (R.place)
    st.units[u.uid] = u
    if front:
        st.front.append(u.uid)
        st.front_owner = seat
    else:
        st.players[seat].support.append(u.uid)
    return u


def card(st: FrontlineState, seat: int, key: str, **fields) -> str:
    hc = HandCard(id=st.rng.token("c"), key=key, **fields)
    ENGINE.invalidate(st)
    st.players[seat].hand.append(hc)
    return hc.id


def act(st: FrontlineState, seat: int, code: str):
    return ENGINE.apply(st, seat, ENGINE.parse_action(code)).events


def keys(events) -> list[str]:
    return [e.key for e in events]


def end_turn(st: FrontlineState) -> list:
    return act(st, st.turn, "end")


def attack_targets(st: FrontlineState, u: Unit) -> set[str]:
    """Targets the legal actions offer this unit."""
    return {a.target for a in ENGINE.legal_actions(st, u.owner) if a.kind == "attack" and a.unit == u.uid}
