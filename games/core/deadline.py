"""The deadline of the decision a search is thinking about, for the heuristics it calls.

One call of a heuristic that tries moves on copies (the tank game's scouts plan a dash over
hundreds of trial moves) may cost more than a searching decision's whole budget, and the
search cannot interrupt a step it has begun. While it thinks, the search sets its deadline
(`until`); a heuristic with a long inner search asks `passed()` between its trials and answers
with the best it has found so far. Nothing else sets one: outside a search `passed()` is False,
and a heuristic plays as it always did (in live play, with `easy`, and in searches with an
iteration budget only)."""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from typing import Callable, Iterator

_deadline: ContextVar[tuple[Callable[[], float], float] | None] = ContextVar("decision_deadline", default=None)


def passed() -> bool:
    """Whether the deadline of the decision being thought about is past (False without one)."""
    set_ = _deadline.get()
    return set_ is not None and set_[0]() > set_[1]


@contextmanager
def until(clock: Callable[[], float], deadline: float | None) -> Iterator[None]:
    """Heuristics called inside see `deadline` on `clock` (None: no deadline)."""
    token = _deadline.set(None if deadline is None else (clock, deadline))
    try:
        yield
    finally:
        _deadline.reset(token)
