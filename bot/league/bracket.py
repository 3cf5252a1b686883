"""Knockout brackets: single and double elimination, any number of players.

A bracket is a fixed graph of matches built from the seeds, padded to the next power of
two with byes placed the standard way (seed 1 meets the last seed, and the byes fall to
the top seeds). Each match takes its two players from a seed, or from the winner or the
loser of an earlier match. Given the results so far (the winner of each decided match),
the bracket tells which matches are ready to play, and in the end the champion. A match
against a bye is decided by itself; so is a losers' bracket match fed by a bye.

Double elimination: the winners' bracket; a losers' bracket where each round's losers drop
in (in reversed order every other round, to put off rematches); then the grand final,
winners' champion against losers' champion, and a second final (the reset) if the
losers' champion wins the first, since each finalist may lose only once.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Hashable, Sequence

Player = Hashable
Source = tuple[str, object]  # ("seed", index) | ("win", match id) | ("lose", match id)
BYE = None


def seed_positions(size: int) -> list[int]:
    """Seed numbers (1-based) in bracket order for a power-of-two size: 1, 8, 4, 5, 2, 7,
    3, 6 for 8, so that seeds 1 and 2 can only meet in the final."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [x for s in order for x in (s, total - s)]
    return order


@dataclass(frozen=True)
class Match:
    id: str  # "W1.1" winners' round 1 match 1, "L2.1", "GF", "GF2"
    a: Source
    b: Source


class Bracket:
    def __init__(self, seeds: Sequence[Player], double: bool = False):
        if len(seeds) < 2:
            raise ValueError("a bracket needs two players")
        self.seeds = list(seeds)
        self.double = double
        size = 1
        while size < len(self.seeds):
            size *= 2
        self.size = size
        self.matches: dict[str, Match] = {}
        order = seed_positions(size)
        current = []
        for i in range(size // 2):
            m = Match(f"W1.{i + 1}", ("seed", order[2 * i] - 1), ("seed", order[2 * i + 1] - 1))
            current.append(self._add(m))
        winners_rounds = [current]
        r = 1
        while len(current) > 1:
            r += 1
            current = [self._add(Match(f"W{r}.{i + 1}", ("win", current[2 * i]), ("win", current[2 * i + 1])))
                       for i in range(len(current) // 2)]
            winners_rounds.append(current)
        self.final = current[0]
        if double:
            self._losers_bracket(winners_rounds)

    def _add(self, m: Match) -> str:
        self.matches[m.id] = m
        return m.id

    def _losers_bracket(self, winners_rounds: list[list[str]]) -> None:
        if len(winners_rounds) == 1:  # two players: the final's loser is the losers' champion
            champion: Source = ("lose", winners_rounds[0][0])
        else:
            first = winners_rounds[0]
            current = [self._add(Match(f"L1.{i + 1}", ("lose", first[2 * i]), ("lose", first[2 * i + 1])))
                       for i in range(len(first) // 2)]
            r = 1
            for k, dropping in enumerate(winners_rounds[1:], 1):
                drops = dropping if k % 2 else dropping[::-1]
                r += 1  # the losers of winners' round k+1 drop in against the survivors
                current = [self._add(Match(f"L{r}.{i + 1}", ("win", current[i]), ("lose", drops[i])))
                           for i in range(len(current))]
                if len(current) > 1:
                    r += 1
                    current = [self._add(Match(f"L{r}.{i + 1}", ("win", current[2 * i]), ("win", current[2 * i + 1])))
                               for i in range(len(current) // 2)]
            champion = ("win", current[0])
        self._add(Match("GF", ("win", self.final), champion))
        self._add(Match("GF2", ("win", "GF"), ("lose", "GF")))

    # --- playing it ---------------------------------------------------------------------
    def _value(self, source: Source, results: dict[str, Player]) -> tuple[bool, Player]:
        """(known, player or BYE) for a slot."""
        kind, ref = source
        if kind == "seed":
            index = int(ref)  # type: ignore[arg-type]
            return True, self.seeds[index] if index < len(self.seeds) else BYE
        decided, winner, loser = self._outcome(str(ref), results)
        if not decided:
            return False, BYE
        return True, winner if kind == "win" else loser

    def _outcome(self, match_id: str, results: dict[str, Player]) -> tuple[bool, Player, Player]:
        """(decided, winner, loser) of a match, byes deciding themselves."""
        m = self.matches[match_id]
        (ka, a), (kb, b) = self._value(m.a, results), self._value(m.b, results)
        if not (ka and kb):
            return False, BYE, BYE
        if a is BYE or b is BYE:
            return True, (b if a is BYE else a), BYE
        if match_id in results:
            winner = results[match_id]
            return True, winner, (b if winner == a else a)
        return False, BYE, BYE

    def entrants(self, match_id: str, results: dict[str, Player]) -> tuple[tuple[bool, Player], tuple[bool, Player]]:
        """Both slots of a match: (known yet, player or BYE)."""
        m = self.matches[match_id]
        return self._value(m.a, results), self._value(m.b, results)

    def outcome(self, match_id: str, results: dict[str, Player]) -> tuple[bool, Player, Player]:
        """(decided, winner, loser) of a match; a bye decides its match by itself."""
        return self._outcome(match_id, results)

    def players(self, match_id: str, results: dict[str, Player]) -> tuple[Player, Player] | None:
        """The two players of a match once both are known (byes excluded), else None."""
        m = self.matches[match_id]
        (ka, a), (kb, b) = self._value(m.a, results), self._value(m.b, results)
        if ka and kb and a is not BYE and b is not BYE:
            return a, b
        return None

    def ready(self, results: dict[str, Player]) -> list[tuple[str, Player, Player]]:
        """The matches to play now: both players known, no result yet."""
        out = []
        for match_id in self.matches:
            if match_id in results or not self.needed(match_id, results):
                continue
            pair = self.players(match_id, results)
            if pair is not None:
                out.append((match_id, *pair))
        return out

    def needed(self, match_id: str, results: dict[str, Player]) -> bool:
        if match_id != "GF2":
            return True
        decided, winner, _ = self._outcome("GF", results)
        pair = self.players("GF", results)
        return decided and pair is not None and winner == pair[1]  # the losers' champion won the first final

    def champion(self, results: dict[str, Player]) -> Player | None:
        if not self.double:
            decided, winner, _ = self._outcome(self.final, results)
            return winner if decided else None
        decided, winner, _ = self._outcome("GF", results)
        if not decided:
            return None
        if not self.needed("GF2", results):
            return winner
        decided, winner, _ = self._outcome("GF2", results)
        return winner if decided else None
