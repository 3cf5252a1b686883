"""Pictures (issue 18): every game's picture says whose turn it is, or who won once the game
is over, and outlines what the last move touched; all of it from the view the host draws
(the table's view plus `view["table"]`: who is to act, the winners, the last step's public
events)."""
from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from games.core.engine import Seat
from games.core.render import BANNER_H
from games.registry import get_engine, get_game
from tests.platform.conftest import cmd

PLAYERS = {"ironfire": 2, "frontline": 2, "panzer": 2, "conflict": 3, "fleet": 2}


def picture(game, view, **table) -> Image.Image:
    table = {"over": False, "to_act": ["Alice"], "winners": [], "events": [], **table}
    return Image.open(io.BytesIO(game.render({**view, "table": table}, "en"))).convert("RGB")


@pytest.mark.parametrize("key", sorted(PLAYERS))
def test_the_picture_says_who_acts_or_who_won_and_outlines_the_last_move(key):
    game = get_game(key)
    engine = game.engine
    rnd = random.Random(4)
    state = engine.setup([Seat(index=i, name=f"P{i}") for i in range(PLAYERS[key])], engine.parse_options({}), 4).state
    plain = Image.open(io.BytesIO(game.render(engine.view(state, None), "en"))).convert("RGB")
    to_act = picture(game, engine.view(state, None))
    won = picture(game, engine.view(state, None), over=True, to_act=[], winners=["Alice"])
    assert to_act.height == plain.height + BANNER_H  # a strip on top of the board
    assert to_act.getpixel((2, 2)) != won.getpixel((2, 2))  # "to act" and "winner" strips differ
    assert to_act.crop((0, 0, to_act.width, BANNER_H)).tobytes() != won.crop((0, 0, won.width, BANNER_H)).tobytes()
    outlined = 0
    for _ in range(400):  # the last move's units, tanks, places are outlined on the board
        seat = engine.active_seats(state)[0]
        step = engine.apply(state, seat, game.bot_action(state, seat, rnd))
        state = step.state
        if engine.outcome(state):
            break
        events = [(e.key, e.params) for e in step.events if e.to is None]
        view = engine.view(state, None)
        if events and picture(game, view, events=events).tobytes() != picture(game, view).tobytes():
            outlined += 1
            if outlined >= 3:
                break
    assert outlined >= 3


async def test_the_host_draws_whose_turn_and_the_winner(host):
    await host.handle(cmd("alice", "game.new", game="frontline"))
    await host.handle(cmd("bob", "game.join"))
    await host.handle(cmd("alice", "game.start"))
    session = await host.repo.open_session_in_channel(10)
    engine = get_engine("frontline")
    state = engine.load_state(session.state)
    view = host._picture_view(session, engine, state, engine.view(state, None), [])
    assert view["table"] == {"over": False, "events": [], "to_act": ["alice", "bob"], "awaited": [0, 1],
                             "winners": []}
    box = await host.handle(cmd("alice", "play", code="deck blitz"))
    box = await host.handle(cmd("alice", "game.concede"))
    session = await host.repo.load_session(session.id)
    state = engine.load_state(session.state)
    view = host._picture_view(session, engine, state, engine.view(state, None), [])
    assert view["table"]["over"] and view["table"]["winners"] == ["bob"] and view["table"]["to_act"] == []
