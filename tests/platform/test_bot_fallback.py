"""A faulty bot heuristic never refuses the human command that woke the bots."""
import random

from games.core import RuleError
from games.registry import get_engine, get_game
from tests.platform.conftest import cmd


async def test_bot_that_picks_an_illegal_move_falls_back_to_a_legal_one(host, monkeypatch):
    engine = get_engine("duel")

    def broken(engine, state, seat, rng: random.Random):
        raise RuleError("duel.no_card", card="zz")

    monkeypatch.setattr(get_game("duel"), "bot", broken)
    await host.handle(cmd("alice", "game.new", game="duel"))
    await host.handle(cmd("alice", "game.bot"))
    await host.handle(cmd("alice", "game.start"))
    session = (await host.repo.open_sessions_of_user(1))[0]
    state = engine.load_state(session.state)
    card = engine.legal_actions(state, state.turn)[0] if state.turn == 0 else None
    if card is None:  # the bot led first and must already have played (randomly)
        assert sum(p is not None for p in state.played) == 1
        card = engine.legal_actions(state, 0)[0]
    out = await host.handle(cmd("alice", "play", code=card.code()))
    assert "no card" not in out.reply.text
    session = (await host.repo.open_sessions_of_user(1))[0]
    assert session.version > 2
    state = engine.load_state(session.state)
    assert state.round >= 2 or state.finished  # the bot answered, so the round was completed
