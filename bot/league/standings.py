"""Standings with configurable tie-breaks.

Results are 1v1 games (a result per player: 1 win, 0.5 draw, 0 loss) or byes and
forfeits. Conventions, written down because tie-break systems differ on them:
- a bye scores `bye_points` (default 1) and is not an opponent: it adds nothing to
  Buchholz or Sonneborn-Berger;
- a forfeit win scores like a win; the forfeiting player scores 0; neither counts as an
  opponent of the other for Buchholz (the game was not played);
- Buchholz is the sum of the final scores of the opponents met over the board;
  Buchholz cut-1 drops the lowest of them; Sonneborn-Berger adds the final score of each
  opponent beaten and half that of each opponent drawn; head-to-head compares only the
  games between the players still tied; wins counts games won over the board.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Hashable, Iterable

Player = Hashable
TIEBREAKS = ("buchholz", "buchholz_cut1", "sonneborn_berger", "head_to_head", "wins")


@dataclass(frozen=True)
class Game:
    a: Player
    b: Player | None  # None: a had a bye
    score_a: float  # 1, 0.5 or 0 (for a bye: ignored)
    forfeit: bool = False  # decided without play (a forfeit or a double forfeit)
    double_forfeit: bool = False


@dataclass
class Row:
    player: Player
    points: float = 0.0
    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    opponents: list[Player] = field(default_factory=list)
    tiebreaks: dict[str, float] = field(default_factory=dict)
    rank: int = 0


def standings(
    players: Iterable[Player],
    games: Iterable[Game],
    tiebreaks: Iterable[str] = ("buchholz", "sonneborn_berger", "wins"),
    bye_points: float = 1.0,
) -> list[Row]:
    rows = {p: Row(p) for p in players}
    games = list(games)
    for g in games:
        if g.b is None:
            rows[g.a].points += bye_points
            rows[g.a].byes += 1
            continue
        if g.double_forfeit:
            rows[g.a].losses += 1
            rows[g.b].losses += 1
            continue
        sa, sb = g.score_a, 1.0 - g.score_a
        for me, opp, s in ((g.a, g.b, sa), (g.b, g.a, sb)):
            row = rows[me]
            row.points += s
            if s == 1:
                row.wins += 0 if g.forfeit else 1
            elif s == 0:
                row.losses += 1
            else:
                row.draws += 1
            if not g.forfeit:
                row.played += 1
                row.opponents.append(opp)
    tbs = list(tiebreaks)
    for unknown in set(tbs) - set(TIEBREAKS):
        raise ValueError(f"unknown tie-break {unknown}")
    for row in rows.values():
        opp_scores = [rows[o].points for o in row.opponents]
        row.tiebreaks["buchholz"] = sum(opp_scores)
        row.tiebreaks["buchholz_cut1"] = sum(opp_scores) - min(opp_scores) if opp_scores else 0.0
        row.tiebreaks["wins"] = float(row.wins)
        sb = 0.0
        for g in games:
            if g.b is None or g.forfeit or g.double_forfeit:
                continue
            if row.player in (g.a, g.b):
                mine = g.score_a if g.a == row.player else 1 - g.score_a
                opp = g.b if g.a == row.player else g.a
                sb += mine * rows[opp].points
        row.tiebreaks["sonneborn_berger"] = sb

    def key_without_h2h(row: Row) -> tuple:
        return (-row.points,) + tuple(-row.tiebreaks[t] for t in tbs if t != "head_to_head")

    ordered = sorted(rows.values(), key=key_without_h2h)
    if "head_to_head" in tbs:
        ordered = _apply_head_to_head(ordered, games, tbs)
    # ranks: equal on every criterion shares a rank
    prev = None
    for i, row in enumerate(ordered):
        sig = (row.points,) + tuple(row.tiebreaks.get(t, 0.0) for t in tbs)
        row.rank = ordered[i - 1].rank if prev == sig else i + 1
        prev = sig
    return ordered


def _apply_head_to_head(ordered: list[Row], games: list[Game], tbs: list[str]) -> list[Row]:
    """Within each group tied on points (and on the tie-breaks listed before
    head_to_head), order by points scored in the games among that group only."""
    pos = tbs.index("head_to_head")
    before = [t for t in tbs[:pos]]
    after = [t for t in tbs[pos + 1 :]]
    groups: dict[tuple, list[Row]] = {}
    for row in ordered:
        groups.setdefault((row.points,) + tuple(row.tiebreaks[t] for t in before), []).append(row)
    result: list[Row] = []
    for sig in sorted(groups, key=lambda s: tuple(-x for x in s)):
        group = groups[sig]
        members = {r.player for r in group}
        h2h = {p: 0.0 for p in members}
        for g in games:
            if g.b is None or g.double_forfeit or g.a not in members or g.b not in members:
                continue
            h2h[g.a] += g.score_a
            h2h[g.b] += 1 - g.score_a
        for r in group:
            r.tiebreaks["head_to_head"] = h2h[r.player] if len(group) > 1 else 0.0
        group.sort(key=lambda r: (-r.tiebreaks["head_to_head"],) + tuple(-r.tiebreaks[t] for t in after))
        result.extend(group)
    return result
