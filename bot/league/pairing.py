"""Pairings: round robin by the FIDE Berger tables, Swiss on the FIDE Dutch system's
principles, and multi-player pods.

Swiss uses networkx's maximum-weight matching (Edmonds' blossom) with the criteria as
weights, not a greedy pass, so no player is left unpaired when a legal pairing exists.
(caissify-pairings, a full Dutch engine, was tried and not taken: on random events it
broke rules this module keeps absolute, and it is 3,400 lines of beta code.)
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


FIRST, SECOND = 0, 1  # seats; FIDE's white and black
DOWN, UP = 1, -1  # a round's float: met a lower score (or did not play), met a higher one


def seat_need(history: Sequence[int]) -> tuple[int, int | None]:
    """A player's seat preference from their seats so far (FIDE C.04.3 colour
    preferences, seats for colours): (strength, seat). Strength 3 is absolute (a seat
    difference of 2, or the same seat the last two games: the other seat is a must),
    2 strong (a difference of 1), 1 mild (level: the other seat than last time), 0 none."""
    if not history:
        return 0, None
    diff = history.count(FIRST) - history.count(SECOND)
    other = SECOND if history[-1] == FIRST else FIRST
    if abs(diff) >= 2:
        return 3, SECOND if diff > 0 else FIRST
    if len(history) >= 2 and history[-1] == history[-2]:
        return 3, other
    if diff:
        return 2, SECOND if diff > 0 else FIRST
    return 1, other


def swiss_round(
    players: Sequence[Player],
    scores: dict[Player, float],
    played: set[frozenset],
    had_bye: set[Player],
    seats: dict[Player, Sequence[int]] | None = None,
    rounds_left: int = 1,
    floats: dict[Player, Sequence[int]] | None = None,
    topscorer_above: float | None = None,
) -> list[Pair]:
    """One Swiss round on the FIDE Dutch system's principles (C.04.1, C.04.3).

    `players` in pairing-number order (the initial ranking); `had_bye`: players who already
    had a pairing-allocated bye or won a game by forfeit (neither may get the bye, C.04.1
    rule 4); `seats`: each player's seats in the games they played (0 first, 1 second).
    Absolute: no rematch; no second bye; nobody takes a seat that would put them beyond
    a seat difference of 2 or in the same seat three times running. Then, in this order:
    the bye to a player of the lowest score group (the lowest ranked of it); pairs within
    score groups, with the smallest score differences where players must float; seat
    preferences granted; and inside a score group the top half meets the bottom half
    (1 v n/2+1, 2 v n/2+2, ...). One maximum-weight matching (Edmonds' blossom, networkx)
    weighs all of this at once, the criteria as weights of decreasing magnitude.

    `floats`: each player's float in the rounds so far (DOWN, UP or 0; not playing a round
    is a DOWN). C.04.3's float criteria come after the seat preferences and before the
    order of S2, in its order: fewest players floating down as in the previous round
    (C.14; the bye is a downfloat), then up as in the previous round (C.15), then down as
    two rounds before (C.16), then up as two rounds before (C.17).

    `topscorer_above`: given when pairing the final round, half the maximum score so far;
    players above it are topscorers (C.04.3 A.7), to whom the seat rules are not absolute
    (C.3): a pair in which one of them would break a seat rule is allowed, as a last resort
    after the score criteria (C.10, C.11), before anybody's seat preference.

    With `rounds_left` > 1 (this round included) it looks one round ahead: a pairing after
    which no next round could be paired without a rematch gives way to the best one that
    leaves a next round possible, if there is one.

    Returns (first seat, second seat) pairs, the bye as (player, None), best boards first.
    Raises ValueError when no pairing without a rematch exists (or when nobody may take
    the bye). The seat rules give way only when no pairing at all keeps them."""
    active = list(players)
    if not active:
        return []
    seats = seats or {}
    floats = floats or {}
    ranking = sorted(active, key=lambda p: (-scores.get(p, 0.0), active.index(p)))
    rank_of = {p: i for i, p in enumerate(ranking)}
    need = {p: seat_need(seats.get(p, ())) for p in active}
    # each score group's members in ranking order, for the top-half-v-bottom-half term
    groups: dict[float, list[Player]] = {}
    for p in ranking:
        groups.setdefault(scores.get(p, 0.0), []).append(p)
    place = {p: (i, len(g)) for g in groups.values() for i, p in enumerate(g)}
    n = len(active)

    # weights, each term worth more than all the lower ones together
    half_unit = 1
    float_unit = half_unit * (2 * n * n + 1)  # C.17; C.16, C.15, C.14 each (n + 1) times the one before
    seat_unit = float_unit * (n + 1) ** 4
    topscorer_unit = seat_unit * (n + 1)
    score_unit = topscorer_unit * (n + 1)
    max_diff = int(2 * (max(scores.get(p, 0.0) for p in active) - min(scores.get(p, 0.0) for p in active))) + 1
    bye_unit = score_unit * (max_diff ** 2 + 1) * (n + 1)
    rule_unit = bye_unit * (n + 2)

    import networkx as nx  # here, not at the top: it is a third of the host's start-up imports

    graph = nx.Graph()
    for a, b in combinations(active, 2):
        if frozenset((a, b)) in played:
            continue
        (sa, pa), (sb, pb) = need[a], need[b]
        clash = sa == 3 and sb == 3 and pa == pb  # both must take the same seat
        diff = int(2 * abs(scores.get(a, 0.0) - scores.get(b, 0.0)))
        topscorer = topscorer_above is not None and max(scores.get(a, 0.0), scores.get(b, 0.0)) > topscorer_above
        weight = rule_unit * (0 if clash and not topscorer else 1)
        weight += topscorer_unit * (0 if clash else 1)
        weight += score_unit * (max_diff ** 2 - diff * diff)
        if diff:
            high, low = (a, b) if scores.get(a, 0.0) > scores.get(b, 0.0) else (b, a)
            weight -= _repeat_float_penalty(floats.get(high, ()), DOWN, float_unit, n)
            weight -= _repeat_float_penalty(floats.get(low, ()), UP, float_unit, n)
        weight += seat_unit * (0 if (pa is not None and pa == pb and sa and sb) else 1)
        if diff == 0:  # same group: S1 (the top half) meets S2 in order, i v i + g/2
            (i, g), (j, _) = sorted((place[a], place[b]))
            across = i < g // 2 <= j
            weight += half_unit * (2 * n - (abs(j - g // 2 - i) if across else g + j - i))
        graph.add_edge(("p", a), ("p", b), weight=weight)
    if n % 2:
        # the bye to the lowest score group that can have it; inside the group, the float
        # criteria first (the bye is a downfloat), then the lowest ranked
        levels = sorted({scores.get(p, 0.0) for p in active}, reverse=True)
        candidates = [p for p in reversed(ranking) if p not in had_bye]  # lowest first
        for order, p in enumerate(candidates):
            level = levels.index(scores.get(p, 0.0)) + 1
            weight = rule_unit + bye_unit * level + half_unit * (len(candidates) - order)
            graph.add_edge(("p", p), ("bye", None),
                           weight=weight - _repeat_float_penalty(floats.get(p, ()), DOWN, float_unit, n))
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) < n + n % 2:
        raise ValueError("no Swiss pairing without a rematch (or with an allowed bye) exists for this round")
    if rounds_left > 1 and not _pairable_after(graph, matching, n):
        for edge in sorted(matching, key=lambda e: graph.edges[e]["weight"]):  # the least valued pair first
            trial = graph.copy()
            trial.remove_edge(*edge)
            other = nx.max_weight_matching(trial, maxcardinality=True)
            if 2 * len(other) == n + n % 2 and _pairable_after(graph, other, n):
                matching = other
                break
    pairs: list[Pair] = []
    for u, v in matching:
        if u[0] == "bye" or v[0] == "bye":
            pairs.append((v[1] if u[0] == "bye" else u[1], None))
            continue
        a, b = sorted((u[1], v[1]), key=rank_of.__getitem__)
        pairs.append((a, b))
    pairs.sort(key=lambda pr: (pr[1] is None, rank_of[pr[0]]))
    return [pair if pair[1] is None else _seated(pair, need, board) for board, pair in enumerate(pairs)]


def baku_virtual_points(initial_order: Sequence[Player], round_one: Sequence[Player], number: int,
                        total_rounds: int) -> dict[Player, float]:
    """The FIDE Baku Acceleration Method (C.04.5.1): the virtual points each player adds to
    their score when round `number` is paired (never in the standings).

    Group A is the first half, rounded up to an even number, of the players paired in
    round 1 (`round_one`, in `initial_order`); a late entrant ranked above its last player
    joins it. The accelerated rounds are the first half (rounded up) of the tournament;
    Group A gets 1 virtual point in the first half (rounded up) of them, then 0.5."""
    accelerated = -(-total_rounds // 2)
    if number > accelerated or not round_one:
        return {}
    first = [p for p in initial_order if p in set(round_one)]
    last_of_a = first[min(len(first), 2 * -(-len(first) // 4)) - 1]
    group_a = initial_order[: list(initial_order).index(last_of_a) + 1]
    points = 1.0 if number <= -(-accelerated // 2) else 0.5
    return {p: points for p in group_a}


def _repeat_float_penalty(history: Sequence[int], way: int, unit: int, n: int) -> int:
    """The weight lost by floating `way` again: as in the previous round (C.14 down, C.15
    up) or as two rounds before (C.16, C.17), each criterion above all the later ones."""
    rank = {DOWN: (3, 1), UP: (2, 0)}[way]  # powers of (n + 1): last round, two rounds before
    penalty = 0
    if history and history[-1] == way:
        penalty += unit * (n + 1) ** rank[0]
    if len(history) >= 2 and history[-2] == way:
        penalty += unit * (n + 1) ** rank[1]
    return penalty


def _pairable_after(graph, matching, n: int) -> bool:
    """Could a next round be paired (no rematch, an allowed bye) after this matching?"""
    import networkx as nx

    rest = nx.Graph()
    rest.add_edges_from(e for e in graph.edges if e not in matching and e[::-1] not in matching)
    for u, v in matching:  # this round's bye goes to nobody twice
        if u[0] == "bye" or v[0] == "bye":
            player = v if u[0] == "bye" else u
            if rest.has_edge(player, ("bye", None)):
                rest.remove_edge(player, ("bye", None))
    return 2 * len(nx.max_weight_matching(rest, maxcardinality=True)) == n + n % 2


def _seated(pair: tuple[Player, Player], need: dict[Player, tuple[int, int | None]], board: int) -> Pair:
    """Who takes the first seat (C.04.3 E: both preferences if they differ, else the
    stronger one, else the higher-ranked player's; with none, the boards alternate)."""
    high, low = pair  # high is the higher-ranked
    (sh, ph), (sl, pl) = need[high], need[low]
    if ph is not None and (pl is None or ph != pl or sh >= sl):
        first_high = ph == FIRST
    elif pl is not None:
        first_high = pl == SECOND
    else:
        first_high = board % 2 == 0
    return (high, low) if first_high else (low, high)


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
