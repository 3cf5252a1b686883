"""Pairings: round robin (Berger tables), Swiss without rematches, and multi-player pods.

Swiss and pods use networkx's maximum-weight matching (Edmonds' blossom) instead of a
greedy pass, so no player is left unpaired when a legal pairing exists.
"""
from __future__ import annotations

from itertools import combinations
from typing import Hashable, Sequence


Player = Hashable
Pair = tuple[Player, Player | None]  # (a, None) is a bye for a


def berger_numbers(n: int) -> list[list[tuple[int, int]]]:
    """The FIDE Berger tables (Handbook C.05, Annex 1) for `n` players as pairing numbers
    1..N (N = n, or n + 1 when n is odd: number N is then the bye), round by round, each
    board as (white, black), i.e. (first seat, second seat).

    Round 1: board b has b against N + 1 - b. Each next round: list the numbers 1..N-1 by
    board in the previous round, white before black; N meets the last of that list on
    board 1, N's colour alternating (black in round 1, white in round 2, ...); then, from
    the end of the list, the penultimate (white) meets the last (black), board after board."""
    big = n + n % 2
    boards = big // 2
    rounds = [[(b, big + 1 - b) for b in range(1, boards + 1)]]
    n_white = True  # player N is black in round 1, white in round 2, and so on
    for _ in range(big - 2):
        order = [p for pair in rounds[-1] for p in pair if p != big]
        last = order.pop()
        pairs = [(big, last) if n_white else (last, big)]
        n_white = not n_white
        while order:
            black, white = order.pop(), order.pop()
            pairs.append((white, black))
        rounds.append(pairs)
    return rounds


def round_robin(players: Sequence[Player], cycles: int = 1) -> list[list[Pair]]:
    """Round robin by the Berger tables: `players` in pairing-number order; each round a
    list of (first seat, second seat) pairs, and with an odd count (p, None) for the player
    paired with the extra number, who has the bye. A double round robin (`cycles=2`) plays
    the table again with the seats reversed, and, as Annex 1 recommends, the last two rounds
    of the first cycle swap places, so that nobody has the same seat three times running."""
    field = list(players)
    if len(field) < 2:
        return []
    first = []
    for numbered in berger_numbers(len(field)):
        pairs: list[Pair] = []
        for white, black in numbered:
            a = field[white - 1] if white <= len(field) else None
            b = field[black - 1] if black <= len(field) else None
            if a is None:
                a, b = b, None
            pairs.append((a, b))
        first.append(pairs)
    if cycles == 1:
        return first
    second = [[(a, b) if b is None else (b, a) for a, b in pairs] for pairs in first]
    if len(first) >= 2:
        first[-2], first[-1] = first[-1], first[-2]
    return first + second


def swiss_round(
    players: Sequence[Player],
    scores: dict[Player, float],
    played: set[frozenset],
    had_bye: set[Player],
) -> list[Pair]:
    """One Swiss round: no rematches, players paired within their score group where they
    can be, and with an odd count one bye to the lowest-ranked player who has had none.

    Raises ValueError when no pairing without rematches exists."""
    active = list(players)
    if len(active) < 2:
        return [(active[0], None)] if active else []
    ranking = sorted(active, key=lambda p: (-scores.get(p, 0.0), active.index(p)))
    rank_of = {p: i for i, p in enumerate(ranking)}
    import networkx as nx  # here, not at the top: it is a third of the host's start-up imports

    graph = nx.Graph()
    big = 1000 * (len(active) + 1) ** 2
    for a, b in combinations(active, 2):
        if frozenset((a, b)) in played:
            continue
        diff = abs(scores.get(a, 0.0) - scores.get(b, 0.0))
        # prefer equal scores first, then neighbours in the ranking
        weight = big - int(diff * 100 * (len(active) + 1)) - abs(rank_of[a] - rank_of[b])
        graph.add_edge(("p", a), ("p", b), weight=weight)
    if len(active) % 2:
        for p in active:
            if p not in had_bye:
                # the lower the rank, the better the bye edge
                graph.add_edge(("p", p), ("bye", None), weight=big - (len(active) - rank_of[p]) * 10)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    need = (len(active) + 1) // 2
    if len(matching) < need:
        raise ValueError("no Swiss pairing without a rematch exists for this round")
    pairs: list[Pair] = []
    for u, v in matching:
        if u[0] == "bye" or v[0] == "bye":
            p = v[1] if u[0] == "bye" else u[1]
            pairs.append((p, None))
        else:
            a, b = u[1], v[1]
            if rank_of[a] > rank_of[b]:
                a, b = b, a
            pairs.append((a, b))
    pairs.sort(key=lambda pr: (pr[1] is None, rank_of[pr[0]]))
    return pairs


def pod_sizes(count: int, min_size: int, max_size: int, target: int | None = None) -> list[int]:
    """Split `count` players into pods within [min_size, max_size], as even as possible and
    near `target` (default: max_size). Raises ValueError if impossible."""
    target = target or max_size
    best: list[int] | None = None
    for pods in range(1, count + 1):
        base, extra = divmod(count, pods)
        sizes = [base + 1] * extra + [base] * (pods - extra)
        if sizes[-1] < min_size:
            break
        if sizes[0] <= max_size:
            score = (abs(sizes[0] - target), pods)
            if best is None or score < (abs(best[0] - target), len(best)):
                best = sizes
    if best is None:
        raise ValueError(f"cannot seat {count} players in pods of {min_size} to {max_size}")
    return best


def pods(
    players: Sequence[Player],
    scores: dict[Player, float],
    met: dict[frozenset, int],
    min_size: int,
    max_size: int,
    target: int | None = None,
) -> list[list[Player]]:
    """Swiss pods: fill pods top-down by score, then swap players between pods while that
    lowers the number of repeat meetings (a deterministic local search)."""
    ranking = sorted(players, key=lambda p: (-scores.get(p, 0.0), list(players).index(p)))
    sizes = pod_sizes(len(ranking), min_size, max_size, target)
    groups: list[list[Player]] = []
    i = 0
    for size in sizes:
        groups.append(ranking[i : i + size])
        i += size

    def repeats(group: list[Player]) -> int:
        return sum(met.get(frozenset((a, b)), 0) for a, b in combinations(group, 2))

    improved = True
    while improved:
        improved = False
        for gi, gj in combinations(range(len(groups)), 2):
            for x in range(len(groups[gi])):
                for y in range(len(groups[gj])):
                    a, b = groups[gi], groups[gj]
                    before = repeats(a) + repeats(b)
                    a[x], b[y] = b[y], a[x]
                    if repeats(a) + repeats(b) < before:
                        improved = True
                    else:
                        a[x], b[y] = b[y], a[x]
    return groups
