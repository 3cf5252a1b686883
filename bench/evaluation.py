"""Fit a game's evaluation: `python -m bench evaluation --game frontline [--games 400]`.

A searching bot cuts its rollouts short and scores where they stopped with the game's
`evaluate` (games/<game>/bot.py): each seat's chance to win from `features(state, seat)`
and `WEIGHTS`. This plays two-seat games of the heuristic against itself (a tenth of the
moves random, so that positions vary), keeps a position now and then with the seat that
went on to win, and fits the weights by logistic regression on the difference of the two
seats' features (Newton's method, a light L2 penalty). Half the games fit, the other half
test: it prints the log loss and accuracy on the test games of the evaluation as it stands
and as fitted, then the fitted weights to paste into WEIGHTS.
"""
from __future__ import annotations

import argparse
import importlib
import math
import random
from typing import Any, Callable

from games.core.engine import Engine, Seat
from games.core.search import heuristic
from games.registry import get_engine

RANDOMNESS = 0.1  # share of random moves in the games played
KEEP = 0.1  # share of positions kept
MAX_STEPS = 20_000


def positions(engine: Engine, games: int, seed: int, live: Callable[[Any], bool],
              features: Callable[[Any, int], list[float]], evaluate: Callable) -> list[list[tuple]]:
    """Per game: (features of seat 0, of seat 1, the current evaluation's chance of seat 0, 1 if seat 0 won)."""
    out = []
    for g in range(games):
        rng = random.Random(f"evaluation:{seed}:{g}")
        seats = [Seat(index=s, name=f"P{s}", is_bot=True) for s in range(2)]
        state = engine.setup(seats, engine.parse_options({}), seed * 1_000_003 + g).state
        kept = []
        for _ in range(MAX_STEPS):
            if engine.outcome(state) is not None:
                break
            if live(state) and rng.random() < KEEP:
                kept.append((features(state, 0), features(state, 1), evaluate(engine, state, 2)[0]))
            seat = engine.active_seats(state)[0]
            if rng.random() < RANDOMNESS:
                action = rng.choice(engine.legal_actions(state, seat))
            else:
                action = heuristic(engine, state, seat, rng)
            state = engine.apply(state, seat, action).state
        outcome = engine.outcome(state)
        if outcome is None or len(outcome.winners) != 1:
            continue  # a draw or a game cut off says nothing of who was ahead
        won = 1.0 if outcome.winners == [0] else 0.0
        out.append([(a, b, p, won) for a, b, p in kept])
    return out


def _solve(m: list[list[float]], v: list[float]) -> list[float]:
    """m x = v by Gaussian elimination with partial pivoting (m is small and well-conditioned)."""
    n = len(v)
    a = [row[:] + [v[i]] for i, row in enumerate(m)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(a[r][c]))
        a[c], a[pivot] = a[pivot], a[c]
        for r in range(n):
            if r != c and a[r][c]:
                f = a[r][c] / a[c][c]
                a[r] = [x - f * y for x, y in zip(a[r], a[c])]
    return [a[i][n] / a[i][i] for i in range(n)]


def _sigmoid(z: float) -> float:
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


def fit(samples: list[tuple[list[float], float]], penalty: float = 1.0, rounds: int = 12) -> list[float]:
    """Logistic regression without intercept (the features' difference is antisymmetric)."""
    d = len(samples[0][0])
    w = [0.0] * d
    for _ in range(rounds):
        grad = [penalty * x for x in w]
        hess = [[penalty if i == j else 0.0 for j in range(d)] for i in range(d)]
        for x, y in samples:
            p = _sigmoid(sum(a * b for a, b in zip(w, x)))
            g, h = p - y, p * (1 - p)
            for i in range(d):
                if x[i]:
                    grad[i] += g * x[i]
                    hx = h * x[i]
                    row = hess[i]
                    for j in range(d):
                        row[j] += hx * x[j]
        step = _solve(hess, grad)
        w = [a - b for a, b in zip(w, step)]
    return w


def quality(chances: list[float], labels: list[float]) -> tuple[float, float]:
    """Log loss and accuracy of predicted chances of seat 0."""
    eps = 1e-6
    loss = -sum(y * math.log(max(eps, p)) + (1 - y) * math.log(max(eps, 1 - p)) for p, y in zip(chances, labels))
    right = sum((p > 0.5) == (y > 0.5) for p, y in zip(chances, labels) if p != 0.5)
    return loss / len(labels), right / len(labels)


LIVE = {"frontline": lambda st: st.phase == "main", "conflict": lambda st: st.phase not in ("setup", "over"),
        "fleet": lambda st: st.phase == "play",
        "panzer": lambda st: st.phase not in ("army", "draft", "side", "deploy", "face", "ammo") and not st.finished}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench evaluation")
    parser.add_argument("--game", required=True, choices=sorted(LIVE))
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    engine = get_engine(args.game)
    module = importlib.import_module(f"games.{args.game}.bot")
    games = positions(engine, args.games, args.seed, LIVE[args.game], module.features, module.evaluate)
    train = [(([a - b for a, b in zip(f0, f1)]), won) for game in games[0::2] for f0, f1, _, won in game]
    test = [row for game in games[1::2] for row in game]
    weights = fit(train)
    labels = [won for *_, won in test]
    fitted = [_sigmoid(sum(w * (a - b) for w, a, b in zip(weights, f0, f1))) for f0, f1, _, _ in test]
    print(f"{args.game}: {len(games)} decided games, {len(train)} positions to fit, {len(test)} to test")
    print("current evaluate: log loss %.4f, accuracy %.3f" % quality([p for _, _, p, _ in test], labels))
    print("fitted weights:   log loss %.4f, accuracy %.3f" % quality(fitted, labels))
    print("WEIGHTS = (" + ", ".join(f"{w:.4g}" for w in weights) + ")  # " + " ".join(module.FEATURES))
    return 0
