"""Hex geometry: distance, neighbours, names, arcs at their borders, line of sight."""
import hashlib

from games.core.hexgrid import (
    distance, hex_name, in_arc, line_of_sight, neighbor, neighbors, parse_hex_name, sight_line, turn_steps,
)


def test_distance_counts_target_not_shooter():
    assert distance((0, 0), (0, 0)) == 0
    assert all(distance((3, 3), n) == 1 for n in neighbors((3, 3)))
    assert distance((0, 0), (3, -1)) == 3
    assert distance((0, 0), (2, 2)) == 4


def test_neighbours_are_six_distinct_and_opposite_directions_cancel():
    h = (2, 5)
    assert len(set(neighbors(h))) == 6
    for d in range(6):
        assert neighbor(neighbor(h, d), d + 3) == h


def test_names_round_trip_odd_q():
    for col in range(12):
        for row in range(10):
            name = f"{chr(97 + col)}{row + 1}"
            assert hex_name(parse_hex_name(name)) == name
    # e5 (even column) has f4 to the north-east and f5 to the south-east; f5 (odd) has g5 and g6
    e5, f5 = parse_hex_name("e5"), parse_hex_name("f5")
    assert hex_name(neighbor(e5, 1)) == "f4" and hex_name(neighbor(e5, 2)) == "f5"
    assert hex_name(neighbor(f5, 1)) == "g5" and hex_name(neighbor(f5, 2)) == "g6"
    assert parse_hex_name("5e") is None


def test_arc_is_120_degrees_with_borders_inside():
    o = (0, 0)
    # facing north: the three front neighbours are in, the three rear ones out
    assert [in_arc(o, 0, neighbor(o, d)) for d in range(6)] == [True, True, False, False, False, True]
    # the border rays (through the NE and NW neighbours) stay inside all the way out
    assert in_arc(o, 0, (4, -4)) and in_arc(o, 0, (-4, 0))
    # just past the border ray is outside: (4,-3) lies between the NE ray and the SE neighbour
    assert not in_arc(o, 0, (4, -3)) and in_arc(o, 0, (3, -4))
    assert not in_arc(o, 0, o)
    # every facing: a hex is in the arcs of exactly two or three facings (three on a border)
    for target in [(2, -1), (1, 2), (-3, 1), (5, -2)]:
        count = sum(in_arc(o, f, target) for f in range(6))
        assert count in (2, 3)


def test_turn_steps():
    assert turn_steps(0, 0) == 0 and turn_steps(0, 1) == 1 and turn_steps(0, 5) == 1 and turn_steps(1, 4) == 3


def test_line_of_sight_blocked_by_a_crossed_hex():
    a, b = (0, 0), (0, 3)
    assert sight_line(a, b) == (((0, 1),), ((0, 2),))
    assert not line_of_sight(a, b, {(0, 2)})
    assert line_of_sight(a, b, {(1, 1)})  # beside the line
    assert line_of_sight(a, b, {a, b})  # the two ends never block


def test_line_along_an_edge_is_blocked_only_if_both_hexes_block():
    a, b = (0, 0), (2, -1)  # along the spine between (1,-1) and (1,0)
    assert sight_line(a, b) == (((1, -1), (1, 0)),)
    assert line_of_sight(a, b, {(1, -1)})
    assert line_of_sight(a, b, {(1, 0)})
    assert not line_of_sight(a, b, {(1, -1), (1, 0)})


def test_line_touching_a_corner_does_not_cross():
    # (0,0) to (3,-1) passes the shared corner region: only the two hexes on the line count
    groups = sight_line((0, 0), (3, -1))
    assert groups == (((1, 0),), ((2, -1),))
    assert line_of_sight((0, 0), (3, -1), {(1, -1), (2, 0)})


def test_sight_lines_over_a_board_window_are_unchanged():
    """Pins every sight line between hexes of a 10 x 12 window (both orders) to the output of
    the original clipping code, so speed work on sight_line cannot change a single group."""
    cells = [(q, r) for q in range(0, 10) for r in range(-5, 7)]
    digest = hashlib.sha256()
    for a in cells:
        for b in cells:
            digest.update(repr((a, b, sight_line.__wrapped__(a, b))).encode())
    assert digest.hexdigest()[:16] == "4f4448864dcfcda4"
