"""A bot's evaluation of an unfinished game from numbers describing each seat's position
(`features` in a game's bot module) and weights fitted to who went on to win
(`python -m bench evaluation`)."""
from __future__ import annotations

import math
from typing import Sequence


def win_chances(weights: Sequence[float], features: Sequence[Sequence[float]]) -> list[float]:
    """Each seat's chance to win: a softmax over the seats' weighted sums (for two seats, the
    logistic of the difference, which is what the weights were fitted as)."""
    scores = [sum(w * f for w, f in zip(weights, seat)) for seat in features]
    top = max(scores)
    exps = [math.exp(s - top) for s in scores]
    total = sum(exps)
    return [e / total for e in exps]
