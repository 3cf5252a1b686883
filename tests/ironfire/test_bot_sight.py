"""The heuristic bot reads a seat's sight of the table (`games.ironfire.bot._sight`), built
without the rest of the view: it must show exactly what `view(state, seat)` shows in the
parts the bot reads, and no more (a face-down enemy card stays unknown, 101.5)."""
from __future__ import annotations

import random

import pytest

from games.ironfire import ENGINE
from games.ironfire.bot import _sight, choose
from tests.ironfire.helpers import new_game

UNIT_KEYS = ("slot", "card", "cls", "cv", "max", "heavy", "cut", "attacked", "down")


def _read_by_the_bot(view: dict, seat: int) -> dict:
    """The parts of a view the bot reads."""
    players = [{"seat": p["seat"], "out": p["out"], "abilities": p["abilities"],
                "units": [{k: u[k] for k in UNIT_KEYS if k in u} for u in p["units"]]} for p in view["players"]]
    me = view["players"][seat]
    players[seat]["picked"] = [{"card": c["card"]} for c in me["picked"]]
    players[seat]["need_cut"] = me["need_cut"]
    attack, focus = view["attack"], view["focus"]
    return {"phase": view["phase"], "env": view["env"], "players": players,
            "attack": attack and {k: attack[k] for k in ("unit", "option", "n")},
            "focus": focus and {k: focus[k] for k in ("target", "members")}}


@pytest.mark.parametrize("fog", ["false", "true"])
def test_the_bot_sees_what_the_view_shows(fog):
    """101.5 (fog of war): "各牌手的作战牌组全部以反面朝上排列" (every army lies face down):
    another seat's face-down card shows its slot only, to the bot as in the view; in seeded
    games of the heuristic against itself, with and without fog, every seat's sight at every
    step equals its view's parts."""
    checked = face_down = 0
    for seed in range(3):
        state = new_game(2, seed, fog_of_war=fog)
        rng = random.Random(seed)
        while ENGINE.outcome(state) is None:
            for seat in range(2):
                sight = _sight(state, seat)
                assert sight == _read_by_the_bot(ENGINE.view(state, seat), seat), f"seed {seed} seat {seat}"
                face_down += sum(u.get("down", False) for p in sight["players"] if p["seat"] != seat for u in p["units"])
                checked += 1
            seat = ENGINE.active_seats(state)[0]
            state = ENGINE.apply(state, seat, choose(ENGINE, state, seat, rng)).state
    assert checked > 100
    assert (face_down > 0) == (fog == "true")
