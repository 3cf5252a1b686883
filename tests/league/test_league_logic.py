"""League logic: pairings, tie-breaks (against hand-worked examples) and ratings."""
from itertools import combinations

import pytest
from openskill.models import PlackettLuce

from bot.league.pairing import pod_sizes, pods, round_robin, swiss_round
from bot.league.ratings import RatedResult, replay
from bot.league.standings import Game, standings


@pytest.mark.parametrize("n", range(3, 11))
def test_round_robin_every_pair_meets_once(n):
    players = [f"p{i}" for i in range(n)]
    rounds = round_robin(players)
    assert len(rounds) == (n - 1 if n % 2 == 0 else n)
    met = []
    byes = []
    for pairs in rounds:
        seen = [p for pair in pairs for p in pair if p is not None]
        assert len(seen) == len(set(seen)) == n  # everyone once per round (or their bye)
        for a, b in pairs:
            if b is None:
                byes.append(a)
            else:
                met.append(frozenset((a, b)))
    assert sorted(met, key=sorted) == sorted({frozenset(c) for c in combinations(players, 2)}, key=sorted)
    assert len(met) == len(set(met))
    if n % 2:
        assert sorted(byes) == sorted(players)  # each player sits out exactly once
    else:
        assert byes == []


def _play_swiss(n, rounds, seed):
    import random

    rnd = random.Random(seed)
    players = [f"p{i}" for i in range(n)]
    scores = {p: 0.0 for p in players}
    played: set[frozenset] = set()
    had_bye: set = set()
    history = []
    for _ in range(rounds):
        pairs = swiss_round(players, scores, played, had_bye)
        history.append(pairs)
        for a, b in pairs:
            if b is None:
                assert a not in had_bye
                had_bye.add(a)
                scores[a] += 1
                continue
            key = frozenset((a, b))
            assert key not in played, "rematch"
            played.add(key)
            r = rnd.choice([1.0, 0.5, 0.0])
            scores[a] += r
            scores[b] += 1 - r
    return history, scores


@pytest.mark.parametrize("n,rounds", [(8, 5), (9, 5), (7, 4), (12, 6)])
def test_swiss_no_rematch_and_one_bye_each(n, rounds):
    history, _ = _play_swiss(n, rounds, seed=n)
    for pairs in history:
        flat = [p for pair in pairs for p in pair if p is not None]
        assert len(flat) == n == len(set(flat))
        assert sum(b is None for _, b in pairs) == n % 2


def test_swiss_bye_goes_to_lowest_eligible():
    players = ["a", "b", "c", "d", "e"]
    scores = {"a": 2, "b": 2, "c": 1, "d": 1, "e": 0}
    pairs = swiss_round(players, scores, set(), had_bye={"e"})
    byes = [a for a, b in pairs if b is None]
    assert byes == ["d"]  # e had one; d is the lowest of the rest


def test_swiss_pairs_within_score_groups():
    players = ["a", "b", "c", "d"]
    scores = {"a": 2, "b": 2, "c": 0, "d": 0}
    pairs = swiss_round(players, scores, set(), set())
    assert {frozenset(p) for p in pairs} == {frozenset(("a", "b")), frozenset(("c", "d"))}


def test_swiss_refuses_when_only_rematches_remain():
    with pytest.raises(ValueError):
        swiss_round(["a", "b"], {}, {frozenset(("a", "b"))}, set())


@pytest.mark.parametrize("n,expected", [(5, [5]), (6, [6]), (7, [4, 3]), (8, [4, 4]), (9, [5, 4])])
def test_pod_sizes_for_three_to_six_player_games(n, expected):
    assert sorted(pod_sizes(n, 3, 6, target=4 if n > 6 else None), reverse=True) == expected


@pytest.mark.parametrize("n", [5, 6, 7])
def test_pods_seat_everyone_once(n):
    players = [f"p{i}" for i in range(n)]
    groups = pods(players, {}, {}, 3, 6, target=4)
    flat = [p for g in groups for p in g]
    assert sorted(flat) == sorted(players)
    assert all(3 <= len(g) <= 6 for g in groups)


def test_pods_avoid_repeat_meetings():
    players = [f"p{i}" for i in range(8)]
    first = pods(players, {}, {}, 4, 4)
    met = {}
    for g in first:
        for a, b in combinations(g, 2):
            met[frozenset((a, b))] = 1
    second = pods(players, {}, met, 4, 4)
    repeats = sum(met.get(frozenset(c), 0) for g in second for c in combinations(g, 2))
    assert repeats == 4  # 8 players in two pods of 4 after two pods of 4: 4 repeat pairs is the minimum


def worked_example():
    # A beats B, C draws D / A draws C, B beats D / A beats D, B beats C
    return ["A", "B", "C", "D"], [
        Game("A", "B", 1), Game("C", "D", 0.5),
        Game("A", "C", 0.5), Game("B", "D", 1),
        Game("A", "D", 1), Game("B", "C", 1),
    ]


def test_tiebreaks_match_hand_worked_example():
    players, games = worked_example()
    rows = {r.player: r for r in standings(players, games, ("buchholz", "buchholz_cut1", "sonneborn_berger", "wins"))}
    assert [rows[p].points for p in "ABCD"] == [2.5, 2.0, 1.0, 0.5]
    assert [rows[p].tiebreaks["buchholz"] for p in "ABCD"] == [3.5, 4.0, 5.0, 5.5]
    assert [rows[p].tiebreaks["buchholz_cut1"] for p in "ABCD"] == [3.0, 3.5, 4.5, 4.5]
    assert [rows[p].tiebreaks["sonneborn_berger"] for p in "ABCD"] == [3.0, 1.5, 1.5, 0.5]
    assert [rows[p].tiebreaks["wins"] for p in "ABCD"] == [2, 2, 0, 0]


def test_head_to_head_breaks_a_tie_on_points():
    # B beats C, A beats B, C beats A, B beats D,
    # C beats D, D beats A. Points: A 1, B 2, C 2, D 1. B and C tie; B beat C.
    games = [Game("B", "C", 1), Game("A", "B", 1), Game("C", "A", 1), Game("B", "D", 1), Game("C", "D", 1),
             Game("A", "D", 0)]
    rows = standings("ABCD", games, ("head_to_head",))
    assert [(r.player, r.points, r.rank) for r in rows[:2]] == [("B", 2, 1), ("C", 2, 2)]
    assert rows[0].tiebreaks["head_to_head"] == 1 and rows[1].tiebreaks["head_to_head"] == 0
    # A and D also tie on 1; D beat A
    assert [r.player for r in rows[2:]] == ["D", "A"]


def test_three_way_head_to_head_cycle_stays_tied():
    games = [Game("X", "Y", 1), Game("Y", "Z", 1), Game("Z", "X", 1)]
    rows = standings("XYZ", games, ("head_to_head",))
    assert {r.rank for r in rows} == {1}


def test_rating_1v1_matches_openskill():
    book = replay([RatedResult(1, ("a", "b"), (1, 2))])
    model = PlackettLuce(limit_sigma=True)
    [[a], [b]] = model.rate([[model.rating()], [model.rating()]], ranks=[1, 2])
    assert book.ratings["a"].mu == pytest.approx(a.mu)
    assert book.ratings["b"].sigma == pytest.approx(b.sigma)
    assert book.ratings["a"].mu > 25 > book.ratings["b"].mu


def test_rating_four_player_free_for_all_matches_openskill():
    book = replay([RatedResult(1, ("a", "b", "c", "d"), (2, 1, 4, 3))])
    model = PlackettLuce(limit_sigma=True)
    new = model.rate([[model.rating()] for _ in range(4)], ranks=[2, 1, 4, 3])
    for p, team in zip("abcd", new):
        assert book.ratings[p].mu == pytest.approx(team[0].mu)
    assert book.ratings["b"].mu > book.ratings["a"].mu > book.ratings["d"].mu > book.ratings["c"].mu
    assert all(r.provisional for r in book.ratings.values())


def test_undo_replays_to_the_same_numbers():
    results = [
        RatedResult(1, ("a", "b"), (1, 2)),
        RatedResult(2, ("b", "c"), (1, 2)),
        RatedResult(3, ("a", "c"), (2, 1)),
        RatedResult(4, ("a", "b", "c"), (1, 2, 3)),
    ]
    without_2 = replay([r for r in results if r.result_id != 2])
    never = replay([results[0], results[2], results[3]])
    assert {p: (r.mu, r.sigma) for p, r in without_2.ratings.items()} == {
        p: (r.mu, r.sigma) for p, r in never.ratings.items()
    }
    full = replay(results)
    assert [h.result_id for h in full.history].count(2) == 2  # both players of game 2 have a history row
