"""Conflict played to the round cap by a newcomer with two bots (issue 18, session 12): the board
read "风原 3/3 [迫击炮组,盾阵步兵,突击队]" while 突击队 was the newcomer's own, standing in 机器人1's
territory; "步枪兵 #1 搭乘 自行火炮" was said, and then 步枪兵 #1 was on neither the text board nor
the picture (a unit riding a vehicle was left out)."""
from __future__ import annotations

import pytest

from games.conflict import ENGINE, GAME
from tests.conflict.helpers import bare, outer, unit

TEXT = GAME.text


def scene():
    """Seat a's Riflemen stand in seat b's outer territory; seat b's Light Tank, with b's
    Grenadiers riding in it, stands in its own outer territory."""
    state, a, b = bare(seed=3)
    theirs = outer(state, b)[0]
    visitor = unit(state, a, "rifleman", theirs)
    tank = unit(state, b, "lighttank", theirs)
    crew = unit(state, b, "grenadier", theirs)
    tank.rider, crew.riding = crew.id, tank.id
    return state, a, b, theirs, visitor, tank, crew


@pytest.mark.parametrize("loc,visitor,tank", [
    ("en", "{a}'s Riflemen", "Light Tank (carrying Grenadiers)"),
    ("zh-CN", "{a}的步枪兵", "轻型坦克（搭乘：掷弹兵）")])
def test_board_names_a_visitors_owner_and_a_vehicles_rider(loc, visitor, tank):
    """RULES 2: "a unit standing inside another faction" attacks from there; RULES 4.2: "the crew
    rides along". The board says whose unit stands in a territory not its owner's, and who rides
    in a vehicle, for every seat (all these units are face up)."""
    state, a, b, theirs, *_ = scene()
    name_a = state.players[a].name
    for seat in (a, b):
        board = TEXT.summary(ENGINE.view(state, seat), loc)
        line = next(line for line in board.splitlines() if line.startswith("  ") and " [" in line)  # a row
        assert visitor.format(a=name_a) in line, line
        assert tank in line, line
        assert f"{name_a}" not in line.split("[")[1].replace(visitor.format(a=name_a), ""), line  # b's own units: no owner


def test_picture_labels_match_the_board():
    """The picture draws the same labels (the rider with its vehicle, the visitor with its owner)."""
    from games.conflict.present import board_unit_labels
    state, a, b, theirs, visitor, tank, crew = scene()
    labels = board_unit_labels(ENGINE.view(state, a), "zh-CN")
    assert labels[visitor.id] == f"{state.players[a].name}的步枪兵"
    assert labels[tank.id] == "轻型坦克（搭乘：掷弹兵）"
    png = GAME.render(ENGINE.view(state, a), "zh-CN")
    assert png[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("loc,joined", [("en", "{a}'s Riflemen, Light Tank (carrying Grenadiers)"),
                                        ("zh-CN", "{a}的步枪兵、轻型坦克（搭乘：掷弹兵）")])
def test_units_of_a_territory_are_listed_in_the_readers_language(loc, joined):
    """The English board read "[Transport Plane,Combat Engineers,Mortar Team #2,Colonel Ross]": a
    comma with no space. English lists with ", ", Chinese with "、"."""
    state, a, *_ = scene()
    board = TEXT.summary(ENGINE.view(state, a), loc)
    assert f"[{joined.format(a=state.players[a].name)}]" in board, board
