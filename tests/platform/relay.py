"""A turn-based test game for many seats: each seat in turn says `step`; after `steps`
steps in all the seats still in share the win. A resigned seat drops out of the order; the
last seat in wins at once. It exists to give the host long runs of bot moves."""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from games.core import ActionBase, Engine, Outcome, RuleError, Seat, Step
from games.core.events import Event


class RelayOptions(BaseModel):
    model_config = {"extra": "forbid"}
    steps: int = Field(40, ge=1, le=100_000)


class RelayState(BaseModel):
    names: list[str]
    steps: int
    done: int = 0
    turn: int = 0
    out: list[int] = []


class StepAction(ActionBase):
    kind: Literal["step"] = "step"


class RelayEngine(Engine[RelayState, StepAction, RelayOptions]):
    key = "relay"
    title = {"en": "Relay (test game)", "zh-CN": "接力（测试游戏）"}
    min_players = 2
    max_players = 8
    State = RelayState
    Options = RelayOptions
    actions = (StepAction,)

    def setup(self, seats: list[Seat], options: RelayOptions, seed: int) -> Step:
        return Step(state=RelayState(names=[s.name for s in seats], steps=options.steps))

    def _in(self, state: RelayState) -> list[int]:
        return [i for i in range(len(state.names)) if i not in state.out]

    def _over(self, state: RelayState) -> bool:
        return state.done >= state.steps or len(self._in(state)) <= 1

    def seats_in_play(self, state: RelayState) -> list[int]:
        return [] if self._over(state) else self._in(state)

    def active_seats(self, state: RelayState) -> list[int]:
        return [] if self._over(state) else [state.turn]

    def legal_actions(self, state: RelayState, seat: int) -> list[StepAction]:
        return [StepAction()] if seat in self.active_seats(state) else []

    def _advance(self, state: RelayState) -> None:
        if self._over(state):
            return
        n = len(state.names)
        state.turn = (state.turn + 1) % n
        while state.turn in state.out:
            state.turn = (state.turn + 1) % n

    def apply(self, state: RelayState, seat: int, action: StepAction) -> Step:
        if seat not in self.active_seats(state):
            raise RuleError("core.not_your_turn")
        state.done += 1
        self._advance(state)
        return Step(state=state)

    def resign(self, state: RelayState, seat: int) -> Step:
        state.out.append(seat)
        if state.turn == seat:
            self._advance(state)
        return Step(state=state, events=[Event.public("core.outcome.resign", name=state.names[seat])])

    def outcome(self, state: RelayState) -> Outcome | None:
        if not self._over(state):
            return None
        still = self._in(state)
        return Outcome(winners=still, ranks=[1 if i in still else 2 for i in range(len(state.names))])

    def view(self, state: RelayState, seat: int | None) -> dict[str, Any]:
        return {"done": state.done, "steps": state.steps, "turn": state.turn, "out": state.out}


ENGINE = RelayEngine()
