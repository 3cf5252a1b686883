"""A tiny test game where every seat may act at any time: each `add` adds one to the
table's tally and to the seat's own count. It exists to hammer one table with many
simultaneous commands (up to 60 seats) and check that none is lost."""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel

from games.core import ActionBase, Engine, Outcome, RuleError, Seat, Step


class TallyOptions(BaseModel):
    model_config = {"extra": "forbid"}
    target: int = 1000


class TallyState(BaseModel):
    names: list[str]
    counts: list[int]
    target: int
    resigned: list[int] = []


class Add(ActionBase):
    kind: Literal["add"] = "add"


class TallyEngine(Engine[TallyState, Add, TallyOptions]):
    key = "tally"
    title = {"en": "Tally (test game)", "zh-CN": "计数（测试游戏）"}
    min_players = 1
    max_players = 60
    State = TallyState
    Options = TallyOptions
    actions = (Add,)

    def setup(self, seats: list[Seat], options: TallyOptions, seed: int) -> Step:
        return Step(state=TallyState(names=[s.name for s in seats], counts=[0] * len(seats), target=options.target))

    def _over(self, state: TallyState) -> bool:
        return sum(state.counts) >= state.target or bool(state.resigned)

    def active_seats(self, state: TallyState) -> list[int]:
        return [] if self._over(state) else list(range(len(state.counts)))

    def seats_in_play(self, state: TallyState) -> list[int]:
        return self.active_seats(state)  # everyone adds at once until the end

    def legal_actions(self, state: TallyState, seat: int) -> list[Add]:
        return [] if self._over(state) else [Add()]

    def apply(self, state: TallyState, seat: int, action: Add) -> Step:
        if self._over(state):
            raise RuleError("core.illegal")
        state.counts[seat] += 1
        return Step(state=state)

    def resign(self, state: TallyState, seat: int) -> Step:
        state.resigned.append(seat)
        return Step(state=state)

    def outcome(self, state: TallyState) -> Outcome | None:
        if not self._over(state):
            return None
        best = max(state.counts)
        return Outcome(winners=[i for i, c in enumerate(state.counts) if c == best],
                       ranks=[1 if c == best else 2 for c in state.counts], scores=[float(c) for c in state.counts])

    def view(self, state: TallyState, seat: int | None) -> dict[str, Any]:
        return {"total": sum(state.counts), "counts": state.counts}


ENGINE = TallyEngine()
