"""Ratings with openskill's Plackett-Luce model, one rating per player per game.

Ratings are never edited in place: a rating book is the replay of the rated results in
order, so voiding or undoing a result is "replay without it", and every change has a row
of history with its reason.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Hashable, Iterable

from openskill.models import PlackettLuce

Player = Hashable
PROVISIONAL_GAMES = 5  # fewer rated games than this: shown as provisional


@dataclass(frozen=True)
class RatedResult:
    """One finished game: the players and their ranks (1 = first; equal ranks tie)."""

    result_id: int
    players: tuple[Player, ...]
    ranks: tuple[int, ...]
    reason: str = "game"


@dataclass
class Rating:
    mu: float
    sigma: float
    games: int = 0

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    @property
    def display(self) -> int:
        """An Elo-like number for people: 1500 + 20 per ordinal point (openskill FAQ #7
        scales the ordinal the same way)."""
        return round(1500 + 20 * self.ordinal)

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


@dataclass
class HistoryRow:
    result_id: int
    player: Player
    before: float
    after: float
    reason: str


@dataclass
class RatingBook:
    ratings: dict[Player, Rating] = field(default_factory=dict)
    history: list[HistoryRow] = field(default_factory=list)


MODEL = PlackettLuce(limit_sigma=True)


def replay(results: Iterable[RatedResult]) -> RatingBook:
    book = RatingBook()
    for res in results:
        apply_result(book, res)
    return book


def apply_result(book: RatingBook, res: RatedResult) -> None:
    if len(res.players) < 2:
        return
    current = []
    for p in res.players:
        r = book.ratings.get(p) or Rating(MODEL.mu, MODEL.sigma)
        book.ratings[p] = r
        current.append([MODEL.rating(mu=r.mu, sigma=r.sigma)])
    new = MODEL.rate(current, ranks=list(res.ranks))
    for p, team in zip(res.players, new):
        r = book.ratings[p]
        before = r.display
        r.mu, r.sigma = team[0].mu, team[0].sigma
        r.games += 1
        book.history.append(HistoryRow(res.result_id, p, before, r.display, res.reason))


def leaderboard(book: RatingBook) -> list[tuple[Player, Rating]]:
    return sorted(book.ratings.items(), key=lambda kv: (-kv[1].ordinal, str(kv[0])))
