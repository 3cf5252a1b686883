"""Hex geometry shared by hex games: flat-topped hexes, axial coordinates.

Axial (q, r) with the third cube coordinate s = -q - r. Directions are numbered clockwise
from north: 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW (each points at the middle of a hex edge).
Maps name hexes "odd-q" style: a column letter and a row number from 1 (`a1` top left,
odd columns b, d, ... sit half a hex lower), so a typed command can name a hex.

Everything here is exact integer arithmetic. For line of sight and arcs we use the
affine image x = 3q, y = 2r + q, in which hex centres are integer points and a hex's
corners are (x±2, y) and (x±1, y±1); straight lines, wedges and "crosses the interior"
survive an affine map, so the answers are the same as on the real board.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Iterable

Hex = tuple[int, int]

DIRECTIONS: tuple[Hex, ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
DIRECTION_NAMES = ("n", "ne", "se", "s", "sw", "nw")


def neighbor(h: Hex, direction: int) -> Hex:
    dq, dr = DIRECTIONS[direction % 6]
    return (h[0] + dq, h[1] + dr)


def neighbors(h: Hex) -> list[Hex]:
    return [neighbor(h, d) for d in range(6)]


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def turn_steps(a: int, b: int) -> int:
    """Fewest 60° turns from direction a to direction b (0..3)."""
    d = (b - a) % 6
    return min(d, 6 - d)


# --- names -------------------------------------------------------------------------

def offset_to_axial(col: int, row: int) -> Hex:
    """Column and row from 0, odd-q layout."""
    return (col, row - (col - (col & 1)) // 2)


def axial_to_offset(h: Hex) -> tuple[int, int]:
    q, r = h
    return (q, r + (q - (q & 1)) // 2)


def hex_name(h: Hex) -> str:
    col, row = axial_to_offset(h)
    return f"{chr(ord('a') + col)}{row + 1}"


def parse_hex_name(name: str) -> Hex | None:
    name = name.strip().lower()
    if len(name) < 2 or not ("a" <= name[0] <= "z") or not name[1:].isdigit():
        return None
    return offset_to_axial(ord(name[0]) - ord("a"), int(name[1:]) - 1)


# --- arcs --------------------------------------------------------------------------

def _cross(a: Hex, b: Hex) -> int:
    return a[0] * b[1] - a[1] * b[0]


def in_arc(origin: Hex, facing: int, target: Hex) -> bool:
    """True when target lies in the 120° wedge centred on `facing` (borders included).

    The wedge is bounded by the rays through the two neighbour directions facing±1, so the
    three hexes in front are in it and the hexes exactly on a border ray count as inside.
    """
    p = (target[0] - origin[0], target[1] - origin[1])
    if p == (0, 0):
        return False
    u, v = DIRECTIONS[(facing - 1) % 6], DIRECTIONS[(facing + 1) % 6]
    # u and v are 120° apart (less than 180°), so p is in the cone iff it sits on the
    # inner side of both bounding rays.
    return _cross(u, p) >= 0 and _cross(p, v) >= 0


# --- line of sight ----------------------------------------------------------------

def _pixel(h: Hex) -> tuple[int, int]:
    return (3 * h[0], 2 * h[1] + h[0])


def _corners(h: Hex) -> list[tuple[int, int]]:
    x, y = _pixel(h)
    # counter-clockwise in (x, y) with y pointing "south"; order only needs to be cyclic
    return [(x + 2, y), (x + 1, y + 1), (x - 1, y + 1), (x - 2, y), (x - 1, y - 1), (x + 1, y - 1)]


def _edge_table() -> tuple[tuple[int, int, int, int], ...]:
    """Per edge of a hex (the same for every hex, all being translates): the edge vector
    (ex, ey), the sign that makes the outward side positive, and the edge's side value at
    the hex centre, so that clipping a line needs no corner lists per hex."""
    corners = _corners((0, 0))
    out = []
    for i in range(6):
        (ax, ay), (bx, by) = corners[i], corners[(i + 1) % 6]
        ex, ey = bx - ax, by - ay
        sign = -1 if (ex * -ay - ey * -ax) > 0 else 1  # the centre (0, 0) must come out negative
        out.append((ex, ey, sign, sign * (ex * ay - ey * ax)))
    return tuple(out)


_EDGES = _edge_table()
MISS, ALONG_EDGE, THROUGH = 0, 1, 2


def _crossing(p0: tuple[int, int], dx: int, dy: int, h: Hex) -> int:
    """How the segment p0 → p0 + (dx, dy) meets hex h: THROUGH its open interior, ALONG_EDGE
    (on the closed hex with positive length, but only along an edge), or MISS.

    Cyrus-Beck clipping; t values are ratios of small integers, so float division is
    exact enough (equal ratios give equal floats). The open and the closed hex give the same
    t bounds; they differ only where the line runs on an edge's own line (a == b == 0).
    """
    rx, ry = p0[0] - 3 * h[0], p0[1] - 2 * h[1] - h[0]  # p0 relative to the hex centre (_pixel)
    lo, hi = 0.0, 1.0
    along = False
    for ex, ey, sign, k in _EDGES:
        a = sign * (ex * ry - ey * rx) - k
        b = sign * (ex * dy - ey * dx)
        # inside: a + b t < 0 (open) or <= 0 (closed)
        if b == 0:
            if a > 0:
                return MISS
            if a == 0:
                along = True
            continue
        t = -a / b
        if b > 0:
            if t < hi:
                hi = t
        elif t > lo:
            lo = t
        if lo >= hi:
            return MISS
    return ALONG_EDGE if along else THROUGH


@lru_cache(maxsize=200_000)
def sight_line(a: Hex, b: Hex) -> tuple[tuple[Hex, ...], ...]:
    """The hexes strictly between a and b that the centre-to-centre line crosses.

    Each entry is a group: a single hex the line passes through, or the pair of hexes
    whose shared edge the line runs along. A group blocks sight only if all of its hexes
    block (so an edge blocks only when both hexes beside it block). Touching a corner
    is not crossing.
    """
    if a == b:
        return ()
    p0, p1 = _pixel(a), _pixel(b)
    qs = (min(a[0], b[0]) - 1, max(a[0], b[0]) + 1)
    inside: list[Hex] = []
    edge: list[Hex] = []
    dx, dy = p1[0] - p0[0], p1[1] - p0[1]
    # how far the line's side value dy*x - dx*y moves from a hex centre to its farthest corner
    spread = max(2 * abs(dy), abs(dy - dx), abs(dy + dx))
    xlo, xhi = min(p0[0], p1[0]) - 2, max(p0[0], p1[0]) + 2
    ylo, yhi = min(p0[1], p1[1]) - 1, max(p0[1], p1[1]) + 1
    for q in range(qs[0], qs[1] + 1):
        # y = 2r + q must fall inside the box, so r runs over a short range
        r_lo, r_hi = (ylo - q) // 2 - 1, (yhi - q) // 2 + 1
        if dx:
            # and the side value below, side(q) - 2 dx r, must be within spread: narrow r to
            # that band (a little wider, rounding aside; the exact tests below still decide)
            side = dy * (3 * q - p0[0]) - dx * (q - p0[1])
            ends = ((side - spread) // (2 * dx), (side + spread) // (2 * dx))
            r_lo, r_hi = max(r_lo, min(ends) - 1), min(r_hi, max(ends) + 1)
        for r in range(r_lo, r_hi + 1):
            h = (q, r)
            if h == a or h == b:
                continue
            x, y = 3 * q, 2 * r + q  # _pixel(h)
            if not (xlo <= x <= xhi and ylo <= y <= yhi):
                continue
            # all six corners strictly on one side of the line: the hex cannot meet it (exact, and
            # cheap next to the clipping below, which most hexes of the box would otherwise go through)
            if abs(dy * (x - p0[0]) - dx * (y - p0[1])) > spread:
                continue
            crossing = _crossing(p0, dx, dy, h)
            if crossing == THROUGH:
                inside.append(h)
            elif crossing == ALONG_EDGE:
                edge.append(h)
    groups: list[tuple[Hex, ...]] = [(h,) for h in inside]
    used: set[Hex] = set()
    for h in edge:
        if h in used:
            continue
        mates = [g for g in edge if g != h and g not in used and distance(g, h) == 1]
        group = (h, mates[0]) if mates else (h,)
        used.update(group)
        groups.append(group)
    # order along the line, nearest to a first (for drawing and readable tests)
    groups.sort(key=lambda g: sum(distance(a, h) for h in g) / len(g))
    return tuple(groups)


def line_of_sight(a: Hex, b: Hex, blocks: "Iterable[Hex] | set[Hex]") -> bool:
    """True when nothing blocks the line from a to b. `blocks` is a set of blocking hexes."""
    blockers = blocks if isinstance(blocks, (set, frozenset)) else set(blocks)
    for group in sight_line(a, b):
        if all(h in blockers for h in group):
            return False
    return True
