"""Knockout brackets: single and double elimination of 5, 8 and 13 players run to a champion."""
import random

import pytest

from bot.league.bracket import Bracket, seed_positions


def test_standard_seed_order():
    assert seed_positions(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert seed_positions(4) == [1, 4, 2, 3]


def run(bracket, strength, rng=None):
    """Play ready matches wave after wave; the stronger player wins (or at random)."""
    results, waves, games = {}, 0, {}
    while bracket.champion(results) is None:
        ready = bracket.ready(results)
        assert ready, "stuck without a champion"
        waves += 1
        for match_id, a, b in ready:
            winner = (rng.choice([a, b]) if rng else min(a, b, key=strength))
            results[match_id] = winner
            for p in (a, b):
                games.setdefault(p, []).append((match_id, a if p == b else b, winner == p))
    return bracket.champion(results), results, games, waves


@pytest.mark.parametrize("n", [5, 8, 13])
def test_single_elimination_runs_to_the_strongest(n):
    seeds = list(range(1, n + 1))  # seed 1 is the strongest
    bracket = Bracket(seeds)
    first = [m for m in bracket.ready({}) if m[0].startswith("W1.")]
    byes = 2 ** (n - 1).bit_length() - n
    assert len(first) == (n - byes) // 2  # the top seeds have byes in round 1
    assert all(a > byes and b > byes for _, a, b in first)
    champion, results, games, waves = run(bracket, strength=lambda p: p)
    assert champion == 1
    assert waves == (n - 1).bit_length()
    assert sum(1 for g in games.values() for _, _, won in g if not won) == n - 1  # everyone else lost once


@pytest.mark.parametrize("n", [5, 8, 13])
@pytest.mark.parametrize("seed", range(20))
def test_double_elimination_every_loser_loses_twice(n, seed):
    rng = random.Random(seed)
    bracket = Bracket(list(range(1, n + 1)), double=True)
    champion, results, games, _ = run(bracket, strength=lambda p: p, rng=rng)
    assert champion in range(1, n + 1)
    losses = {p: sum(1 for _, _, won in g if not won) for p, g in games.items()}
    for p in range(1, n + 1):
        if p == champion:
            assert losses.get(p, 0) <= 1
        else:
            assert losses.get(p, 0) == 2, (p, games.get(p))
    # the reset final is played only when the losers' champion won the first
    gf_a, gf_b = bracket.players("GF", results)
    assert ("GF2" in results) == (results["GF"] == gf_b)


def test_double_elimination_with_the_favourite_winning_has_no_reset():
    bracket = Bracket(list(range(1, 9)), double=True)
    champion, results, _, _ = run(bracket, strength=lambda p: p)
    assert champion == 1 and "GF2" not in results and results["GF"] == 1
    assert bracket.players("GF", results) == (1, 2)  # 2 lost only to 1, then won the losers' bracket
