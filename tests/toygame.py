"""A small hidden-information game that exists only to test the platform.

Duel: each of two players holds three secret cards (numbers 1..9 from a shuffled deck).
Each round the leader plays a card face down, then the other player plays one; both are
revealed and the higher card scores a point (cards are distinct, so no ties). The leader
alternates. After three rounds the higher score wins. Once a round, the leader may `pass`
the lead to the other player, which exercises turn changes.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel

from games.core import ActionBase, Engine, Event, GameRng, Outcome, RuleError, Seat, Step
from games.core.events import roll_event
from games.core.game import Game, Text
from games.core.i18n import register_catalog


class Card(BaseModel):
    id: str  # secret token, unique in the game
    value: int


class DuelOptions(BaseModel):
    model_config = {"extra": "forbid"}
    rounds: int = 3


class DuelState(BaseModel):
    names: list[str]
    rng: GameRng
    rounds: int
    round: int = 1
    leader: int = 0
    turn: int = 0
    hands: list[list[Card]]
    played: list[Card | None] = [None, None]
    scores: list[int] = [0, 0]
    passed: bool = False
    resigned: int | None = None
    finished: bool = False


class Play(ActionBase):
    kind: Literal["play"] = "play"
    card: str


class Pass(ActionBase):
    kind: Literal["pass"] = "pass"


DuelAction = Play | Pass


class DuelEngine(Engine[DuelState, DuelAction, DuelOptions]):
    key = "duel"
    title = {"en": "Duel (test game)", "zh-CN": "对决（测试游戏）"}
    min_players = 2
    max_players = 2
    State = DuelState
    Options = DuelOptions
    actions = (Play, Pass)

    def setup(self, seats: list[Seat], options: DuelOptions, seed: int) -> Step:
        rng = GameRng.from_seed(seed)
        values = list(range(1, 10))
        rng.shuffle(values)
        hands = [[Card(id=rng.token("c"), value=v) for v in values[i * 3 : i * 3 + 3]] for i in range(2)]
        state = DuelState(names=[s.name for s in seats], rng=rng, rounds=options.rounds, hands=hands)
        events = [Event.public("duel.start", rounds=options.rounds)]
        for seat in range(2):
            events.append(Event.private(seat, "duel.hand", cards=" ".join(self._card_text(c) for c in hands[seat])))
        return Step(state=state, events=events)

    @staticmethod
    def _card_text(card: Card) -> str:
        return f"{card.value}[{card.id}]"

    def active_seats(self, state: DuelState) -> list[int]:
        return [] if state.finished else [state.turn]

    def legal_actions(self, state: DuelState, seat: int) -> list[DuelAction]:
        if state.finished or seat != state.turn:
            return []
        acts: list[DuelAction] = [Play(card=c.id) for c in state.hands[seat]]
        if seat == state.leader and state.played[seat] is None and not state.passed:
            acts.append(Pass())
        return acts

    def apply(self, state: DuelState, seat: int, action: DuelAction) -> Step:
        if state.finished:
            raise RuleError("duel.over")
        if seat != state.turn:
            raise RuleError("core.not_your_turn")
        other = 1 - seat
        if isinstance(action, Pass):
            if seat != state.leader or state.passed or state.played[seat] is not None:
                raise RuleError("duel.cannot_pass")
            state.passed = True
            state.leader = other
            state.turn = other
            return Step(state=state, events=[Event.public("duel.passed", name=state.names[seat])])
        card = next((c for c in state.hands[seat] if c.id == action.card), None)
        if card is None:
            raise RuleError("duel.no_card", card=action.card)
        state.hands[seat].remove(card)
        state.played[seat] = card
        events = [Event.public("duel.played", name=state.names[seat])]
        if state.played[other] is None:
            state.turn = other
            return Step(state=state, events=events)
        a, b = state.played
        assert a is not None and b is not None
        events.append(Event.public("duel.reveal", a=a.value, b=b.value, na=state.names[0], nb=state.names[1]))
        winner = 0 if a.value > b.value else 1
        state.scores[winner] += 1
        events.append(Event.public("duel.point", name=state.names[winner]))
        state.played = [None, None]
        state.passed = False
        state.round += 1
        if state.round > state.rounds or not state.hands[0]:
            state.finished = True
        else:
            state.leader = 1 - state.leader
            state.turn = state.leader
        return Step(state=state, events=events)

    def resign(self, state: DuelState, seat: int) -> Step:
        state.resigned = seat
        state.finished = True
        return Step(state=state, events=[Event.public("core.outcome.resign", name=state.names[seat])])

    def outcome(self, state: DuelState) -> Outcome | None:
        if not state.finished:
            return None
        if state.resigned is not None:
            w = 1 - state.resigned
            return Outcome(winners=[w], ranks=[1 if s == w else 2 for s in range(2)], reason="core.outcome.resign",
                           params={"name": state.names[state.resigned]})
        a, b = state.scores
        if a == b:
            return Outcome(winners=[], ranks=[1, 1], scores=[a, b], reason="core.outcome.draw")
        w = 0 if a > b else 1
        return Outcome(winners=[w], ranks=[1 if s == w else 2 for s in range(2)], scores=[a, b])

    def view(self, state: DuelState, seat: int | None) -> dict[str, Any]:
        return {
            "round": state.round,
            "turn": state.turn,
            "scores": state.scores,
            "hand_counts": [len(h) for h in state.hands],
            "face_down": [p is not None for p in state.played],
            "hand": [c.model_dump() for c in state.hands[seat]] if seat is not None else None,
            "my_played": state.played[seat].model_dump() if seat is not None and state.played[seat] else None,
        }

    def secrets(self, state: DuelState) -> dict[int, set[str]]:
        out: dict[int, set[str]] = {}
        for seat in range(2):
            toks = {c.id for c in state.hands[seat]}
            if state.played[seat] is not None:
                toks.add(state.played[seat].id)
            out[seat] = toks
        return out

    def invariants(self, state: DuelState) -> list[str]:
        held = sum(len(h) for h in state.hands) + sum(p is not None for p in state.played)
        expected = 6 - 2 * (state.round - 1) if not state.finished or state.resigned is not None else held
        return [] if held == expected or state.resigned is not None else [f"cards held {held} != {expected}"]

    def determinize(self, state: DuelState, seat: int, rnd) -> DuelState:
        """The other player's cards (in hand, and a card it played face down) get their values
        dealt again among themselves (sorted first: the draw depends on what `seat` sees)."""
        out = state.model_copy(deep=True)
        out.rng = GameRng.fresh(rnd)
        other = 1 - seat
        hidden = list(out.hands[other]) + ([out.played[other]] if out.played[other] is not None else [])
        values = sorted(c.value for c in hidden)
        rnd.shuffle(values)
        for card, value in zip(hidden, values):
            card.value = value
        return out

class DuelText(Text):
    """How the duel reads: card values for labels, a one-line board."""

    def describe_action(self, state: DuelState, seat: int, action: DuelAction, locale: str) -> str:
        if isinstance(action, Play):
            card = next((c for c in state.hands[seat] if c.id == action.card), None)
            return f"play {card.value if card else '?'}"
        return "pass"

    def summary(self, view: dict[str, Any], locale: str) -> str:
        text = f"round {view['round']} · score {view['scores'][0]}-{view['scores'][1]}"
        if view.get("hand") is not None:
            text += " · hand " + " ".join(str(c["value"]) for c in view["hand"])
        return text


register_catalog(Path(__file__).parent / "toygame_locale")
ENGINE = DuelEngine()
GAME = Game(ENGINE, text=DuelText)
