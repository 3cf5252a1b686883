"""Panzer: what a seat cannot see, drawn again (Engine.determinize).

Hidden from a seat: the kinds of the other seat's special rounds (how many each tank holds
is public, and so is every round fired), the other seat's army while both choose in secret
(opening=armies), and the dice to come. Tokens of hidden items are kept: the seat never
saw them.
"""
from __future__ import annotations

import itertools
import random

from games.core import GameRng
from games.panzer import rules as R
from games.panzer.models import AMMO_KINDS, PanzerState, copy_state


def determinize(state: PanzerState, seat: int, rnd: random.Random, presets: dict[str, str]) -> PanzerState:
    st = copy_state(state)
    st.rng = GameRng.fresh(rnd)
    other = 1 - seat
    if st.phase == "army" and st.pending_army[other] is not None:
        budget = st.options.budget
        fitting = [code for code in presets.values() if R.army_problem(code.split(","), budget) is None]
        st.pending_army[other] = rnd.choice(fitting + [st.pending_army[other]])
    _redraw_ammo(st, other, rnd)
    return st


def loadout_ok(kinds: list[str], complete: bool) -> bool:
    """The loading rules (rule 4): at most three rounds, one APFSDS at most, never three of a
    kind; once loading is done (`complete`), two or more rounds are of two kinds at least."""
    if len(kinds) > 3 or kinds.count("apfsds") > 1 or any(kinds.count(k) > 2 for k in AMMO_KINDS):
        return False
    return not (complete and len(kinds) >= 2 and len(set(kinds)) < 2)


def _redraw_ammo(st: PanzerState, owner: int, rnd: random.Random) -> None:
    """New kinds for the owner's unfired rounds, each tank keeping its count: any kinds that,
    with the rounds already fired, make a loadout the rules allow."""
    markers = [m for t in st.tanks if t.owner == owner for m in t.ammo]
    if not markers:
        return
    spent = st.ammo_spent[owner]
    complete = st.ammo_ready[owner]
    choices = [list(c) for c in itertools.combinations_with_replacement(AMMO_KINDS, len(markers))
               if loadout_ok(spent + list(c), complete)]
    kinds = rnd.choice(choices)
    rnd.shuffle(kinds)
    for marker, kind in zip(markers, kinds):
        marker.kind = kind
