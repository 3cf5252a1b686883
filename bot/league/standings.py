"""Standings with tie-breaks by the FIDE Tie-Break Regulations (Handbook C.07, from 1 August
2024), for 1v1 leagues, and a tie-break order for multi-player pods.

Every player has one result per round. A round is *played* (a game over the board) or
*unplayed*: a pairing-allocated bye, a requested bye, a forfeit won or lost, a double
forfeit, or a round the player was not paired at all (absent, withdrawn, entered late).
Unplayed rounds a player chose (requested byes, forfeit losses, absence) are *voluntarily
unplayed rounds* (VUR). As section 16 says:
- in a participant's own Buchholz and Sonneborn-Berger, each unplayed round counts as a
  game against a dummy opponent whose score is the participant's own final score;
- a participant's score, used as an opponent's score in others' tie-breaks, counts the
  VURs after the last round the participant was available to play as draws (a player who
  withdrew is not a weaker opponent for those who met them early);
- the Cut-1 modifier cuts a VUR first, else the least significant value.

Tie-breaks (C.07 names): buchholz (BH), buchholz_cut1 (BH-C1), sonneborn_berger (SB),
head_to_head (direct encounter, DE: the points of the games among the tied players, with
article 6's rule when not all of them met), wins (WIN: rounds scored as a win, played or not), games_won (WON: wins over the
board), progressive (PS: the sum of the running scores after each round).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Hashable, Iterable

Player = Hashable
TIEBREAKS = ("buchholz", "buchholz_cut1", "sonneborn_berger", "head_to_head", "wins", "games_won", "progressive")
POD_TIEBREAKS = ("head_to_head", "placement", "rating")
WIN = 1.0


@dataclass(frozen=True)
class Game:
    a: Player
    b: Player | None  # None: a had a bye (pairing-allocated, or requested when `requested`)
    score_a: float  # a's points: 1 win, 0.5 draw, 0 loss; for a bye, its points
    round: int = 0  # rounds count from 1; 0: the first round both players are free
    forfeit: bool = False  # decided without play (one side did not play)
    double_forfeit: bool = False  # neither played; both score 0
    requested: bool = False  # a bye the player asked for (a VUR)


@dataclass
class Slot:
    """One player's round."""

    points: float
    opponent: Player | None = None  # set for played games (and for forfeits, for DE)
    played: bool = False
    voluntary: bool = False  # a voluntarily unplayed round (VUR)


@dataclass
class Row:
    player: Player
    points: float = 0.0
    played: int = 0
    wins: int = 0  # rounds scored as a win, played or not (C.07 WIN)
    games_won: int = 0  # over the board (C.07 WON)
    draws: int = 0
    losses: int = 0
    byes: int = 0
    opponents: list[Player] = field(default_factory=list)  # met over the board
    tiebreaks: dict[str, float] = field(default_factory=dict)
    rank: int = 0


def _slots(players: list[Player], games: list[Game]) -> tuple[dict[Player, dict[int, Slot]], int]:
    """Each player's result per round; rounds nobody recorded for a player are VURs of 0."""
    slots: dict[Player, dict[int, Slot]] = {p: {} for p in players}
    for g in games:
        rnd = g.round or next(r for r in range(1, len(games) + 2)
                              if r not in slots[g.a] and (g.b is None or r not in slots[g.b]))
        if g.b is None:
            slots[g.a][rnd] = Slot(g.score_a, voluntary=g.requested)
        elif g.double_forfeit:
            slots[g.a][rnd] = Slot(0.0, g.b, voluntary=True)
            slots[g.b][rnd] = Slot(0.0, g.a, voluntary=True)
        else:
            sb = WIN - g.score_a
            slots[g.a][rnd] = Slot(g.score_a, g.b, played=not g.forfeit, voluntary=g.forfeit and g.score_a < sb)
            slots[g.b][rnd] = Slot(sb, g.a, played=not g.forfeit, voluntary=g.forfeit and sb < g.score_a)
    last = max((r for s in slots.values() for r in s), default=0)
    for s in slots.values():
        for r in range(1, last + 1):
            s.setdefault(r, Slot(0.0, voluntary=True))
    return slots, last


def standings(
    players: Iterable[Player],
    games: Iterable[Game],
    tiebreaks: Iterable[str] = ("buchholz", "sonneborn_berger", "wins"),
    bye_points: float | None = None,
) -> list[Row]:
    """Rows in final order; players equal on points and every tie-break share a rank.
    `bye_points`, when given, overrides the points recorded for pairing-allocated byes."""
    players = list(players)
    games = [g if bye_points is None or g.b is not None or g.requested else
             Game(g.a, None, bye_points, g.round) for g in games]
    tbs = list(tiebreaks)
    for unknown in set(tbs) - set(TIEBREAKS):
        raise ValueError(f"unknown tie-break {unknown}")
    slots, last = _slots(players, games)
    score = {p: sum(s.points for s in slots[p].values()) for p in players}

    def as_opponent(p: Player) -> float:
        """p's score in others' tie-breaks: trailing VURs (after withdrawing) count as draws."""
        available = max((r for r, s in slots[p].items() if not s.voluntary), default=0)
        return sum(s.points for r, s in slots[p].items() if r <= available) + 0.5 * (last - available)

    rows = {p: Row(p, points=score[p]) for p in players}
    for p, row in rows.items():
        values: list[tuple[bool, float]] = []  # (is a VUR, value) for BH and its cut
        sb = progressive = running = 0.0
        for r in sorted(slots[p]):
            s = slots[p][r]
            running += s.points
            progressive += running
            opp_score = as_opponent(s.opponent) if s.played else score[p]  # the dummy has p's score
            values.append((s.voluntary, opp_score))
            sb += s.points * opp_score
            if s.points == WIN:
                row.wins += 1
            if s.played:
                row.played += 1
                row.opponents.append(s.opponent)
                row.games_won += s.points == WIN
                row.draws += s.points == 0.5
                row.losses += s.points == 0
            elif s.opponent is None and s.points and not s.voluntary:
                row.byes += 1
        bh = sum(v for _, v in values)
        cut = next((v for vur, v in values if vur), min((v for _, v in values), default=0.0))
        row.tiebreaks.update(buchholz=bh, buchholz_cut1=bh - cut if values else 0.0, sonneborn_berger=sb,
                             wins=float(row.wins), games_won=float(row.games_won), progressive=progressive)
    return rank_rows(list(rows.values()), tbs, lambda group: _direct_encounter(group, slots))


def rank_rows(rows: list[Row], tbs: list[str], encounter) -> list[Row]:
    """Order by points, then each tie-break in turn; `head_to_head` is worked out inside
    each group still tied when its turn comes: `encounter(group)` sets its value on the
    rows and returns the group split into tiers, best first."""
    groups = [list(rows)]
    for tb in [None, *tbs]:
        split = []
        for group in groups:
            if tb == "head_to_head":
                split.extend(encounter(group))
            else:
                split.extend(_tiers(group, (lambda r: r.points) if tb is None else (lambda r, tb=tb: r.tiebreaks[tb])))
        groups = split
    ordered: list[Row] = []
    for group in groups:
        rank = len(ordered) + 1
        for row in group:
            row.rank = rank
            ordered.append(row)
    return ordered


def _tiers(group: list, key) -> list[list]:
    """`group` split into runs of equal `key`, highest first."""
    split: list[list] = []
    for item in sorted(group, key=key, reverse=True):
        if split and key(split[-1][-1]) == key(item):
            split[-1].append(item)
        else:
            split.append([item])
    return split


def _direct_encounter(group: list[Row], slots: dict[Player, dict[int, Slot]]) -> list[list[Row]]:
    """C.07 article 6, direct encounter, among the participants of `group` (tied so far).
    Each one's score is the points of their games against the others of the group (the
    average, against an opponent met more than once). When all of them met each other,
    the scores rank them. When not, a participant is ranked ahead of the rest only if their
    score is more than any other could have reached by also winning every game they did
    not play within the group; this separates from the top down and stops at the first
    participant it cannot separate. Whoever is still tied goes through the same procedure
    again, among themselves only (as the FIDE TEC's TieBreakServer applies it). The value
    shown is the score within the whole tied group."""
    scores = _encounter_scores({r.player for r in group}, slots)
    for r in group:
        r.tiebreaks["head_to_head"] = scores[r.player][0] if len(group) > 1 else 0.0
    return _encounter_tiers(group, slots)


def _encounter_scores(members: set, slots: dict[Player, dict[int, Slot]]) -> dict[Player, tuple[float, int]]:
    """Per member: (points against the other members, averaged per opponent; how many of them met)."""
    result = {}
    for p in members:
        per_opponent: dict[Player, list[float]] = {}
        for s in slots[p].values():
            if s.opponent in members:
                per_opponent.setdefault(s.opponent, []).append(s.points)
        result[p] = (sum(sum(v) / len(v) for v in per_opponent.values()), len(per_opponent))
    return result


def _encounter_tiers(group: list[Row], slots: dict[Player, dict[int, Slot]]) -> list[list[Row]]:
    if len(group) < 2:
        return [group]
    scores = _encounter_scores({r.player for r in group}, slots)
    others = len(group) - 1
    if all(met == others for _, met in scores.values()):
        tiers = _tiers(group, lambda r: scores[r.player][0])
    else:
        best_possible = {p: points + (others - met) * WIN for p, (points, met) in scores.items()}
        ranked = sorted(group, key=lambda r: -scores[r.player][0])
        tiers = []
        while len(ranked) > 1 and scores[ranked[0].player][0] > max(best_possible[r.player] for r in ranked[1:]):
            tiers.append([ranked.pop(0)])
        tiers.append(ranked)
    if len(tiers) == 1:
        return tiers  # nobody separated: the tie stands
    return [t for tier in tiers for t in _encounter_tiers(tier, slots)]


def placement_points(rank: int) -> float:
    """Pods: 3 for a first place, 2 for a second, 1 for a third, 0 below (ties share the
    better place)."""
    return float(max(0, 4 - rank))


def pod_standings(players: Iterable[Player], pods: Iterable[tuple[list[Player], list[int], bool]],
                  ratings: dict[Player, float] | None = None) -> list[Row]:
    """Standings of multi-player pods. `pods`: (players, ranks, counts) with ranks 1 = first;
    a pod that does not count (a double forfeit) scores nothing. Points: one for each
    player finished below, a half for each tie. Ties are broken by head-to-head (the same
    points, counted only between the tied players), then placement points, then rating."""
    rows = {p: Row(p) for p in players}
    pods = [(list(ps), list(rs), counts) for ps, rs, counts in pods]
    ratings = ratings or {}
    for ps, rs, counts in pods:
        for p, r in zip(ps, rs):
            row = rows[p]
            row.played += 1
            if not counts:
                continue
            row.points += sum(1.0 if r < q else 0.5 if r == q else 0.0 for o, q in zip(ps, rs) if o != p)
            row.wins += r == 1
            row.tiebreaks["placement"] = row.tiebreaks.get("placement", 0.0) + placement_points(r)
    for p, row in rows.items():
        row.tiebreaks.setdefault("placement", 0.0)
        row.tiebreaks["rating"] = float(ratings.get(p, 0.0))

    def head_to_head(group: list[Row]) -> list[list[Row]]:
        members = {r.player for r in group}
        for row in group:
            row.tiebreaks["head_to_head"] = 0.0
        if len(group) < 2:
            return [group]
        for ps, rs, counts in pods:
            if not counts:
                continue
            for p, r in zip(ps, rs):
                if p in members:
                    rows[p].tiebreaks["head_to_head"] += sum(
                        1.0 if r < q else 0.5 if r == q else 0.0 for o, q in zip(ps, rs) if o != p and o in members)
        return _tiers(group, lambda r: r.tiebreaks["head_to_head"])

    return rank_rows(list(rows.values()), list(POD_TIEBREAKS), head_to_head)
