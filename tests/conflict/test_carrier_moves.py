"""A vehicle that moves says who rides in it (issue 18: "Escape: Recon Jeep #2 back to High
Pass." left its crew unsaid, though the crew went along). RULES.md, Development: "the crew rides
along and climbs out if the vehicle is destroyed". Within what the reader may know: a face-down
rider is named as face down."""
from __future__ import annotations

import functools

import pytest

from games.conflict import ENGINE, GAME
from games.conflict.present import view_labels
from tests.conflict.helpers import battle, give, public_lines, unit, walk

LOCALES = ("en", "zh-CN")
MOVES = {f"conflict.ev.{k}" for k in ("move", "move_ok", "retreat", "withdrawn", "traded", "airdrop", "escaped",
                                      "saved", "evaded_home")}


def _crewed(up: bool = True):
    def board(state, a, b, att, jeep):
        crew = unit(state, b, "rifleman", jeep.loc, up=up)
        jeep.rider, crew.riding = crew.id, jeep.id
        give(state, b, "retreat")
    return board


@pytest.mark.parametrize("loc, said", [("en", "Escape: Recon Jeep (carrying Riflemen) back to {home}."),
                                       ("zh-CN", "侦察吉普（搭乘：步枪兵） 撤退到 {home}，躲开了攻击。")])
def test_an_escape_names_the_crew_riding_along(loc, said):
    state, a, b, att, jeep = battle("stormtrooper", "jeep", before=_crewed())
    escape = next(x for x in ENGINE.legal_actions(state, b) if x.kind == "escape")
    step = ENGINE.apply(state, b, escape)
    state = step.state
    home = state.players[b].capital
    crew = state.units[state.units[jeep.id].rider]
    assert crew.loc == home  # the crew went along
    from games.core.i18n import localize_value
    from games.conflict.data import content
    where = localize_value(content().territories[state.territories[home].key].name, loc)
    assert said.format(home=where) in public_lines(state, step, loc), public_lines(state, step, loc)


@pytest.mark.parametrize("loc, said", [("en", "Recon Jeep (carrying face-down unit #"), ("zh-CN", "侦察吉普（搭乘：暗置单位 #")])
def test_a_face_down_rider_stays_face_down(loc, said):
    state, a, b, att, jeep = battle("stormtrooper", "jeep", before=_crewed(up=False))
    escape = next(x for x in ENGINE.legal_actions(state, b) if x.kind == "escape")
    step = ENGINE.apply(state, b, escape)
    lines = public_lines(step.state, step, loc)
    assert any(said in line for line in lines) and not any("Riflemen" in x or "步枪兵" in x for x in lines), lines


WALKS = [(21, 3), (22, 4), (23, 2), (24, 3)]


@functools.cache
def _walk(seed: int, players: int) -> tuple[int, tuple[str, ...]]:
    """A seeded playout: (lines of a vehicle moving with a rider seen, those missing the rider)."""
    seen, missing = 0, []
    riders: dict[str, str] = {}

    def aboard(state, seat, legal):  # who rides in what, as the step begins
        riders.clear()
        riders.update({u.id: u.rider for u in state.units.values() if u.rider})

    for state, _, _, step in walk(seed, players, rounds=15, bots=0.4, steps=2500, look=aboard):
        for e in step.events:
            uid = e.params.get("unit")
            if e.to is not None or e.key not in MOVES or uid not in riders:
                continue
            rider = riders[uid]
            if uid not in state.units or state.units[uid].rider != rider:
                continue
            seen += 1
            for loc in LOCALES:
                label = view_labels(ENGINE.view(state, None), loc)[rider]
                line = GAME.text.event_lines(state, [(x.key, x.params) for x in step.events if x.to is None], loc)
                if not any(label in x for x in line):
                    missing.append(f"{e.key} {loc}: {label} not in {line}")
    return seen, tuple(missing)


@pytest.mark.parametrize("seed, players", WALKS)
def test_every_moving_vehicle_names_its_rider(seed, players):
    """Random playouts: every line of a vehicle moving with a rider (that stays aboard) names
    the rider by the label the table knows it by, in both languages."""
    missing = _walk(seed, players)[1]
    assert not missing, missing[:5]


def test_the_playouts_move_vehicles_with_riders():
    assert sum(_walk(seed, players)[0] for seed, players in WALKS) > 0
