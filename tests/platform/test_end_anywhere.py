"""A game may end at any moment: a player concedes, is kicked or forfeits on the timer, even
before the first move (fleet building, deployment, a mulligan). Whatever the moment, the
table's board and every seat's view must still be shown: a crash here escaped the host and,
in Discord, stopped the timers of every table (fleet had no ship to show during building)."""
from __future__ import annotations

import random

import pytest

from games.core.engine import Seat
from games.registry import available_games, get_engine, get_game

GAMES = [g for g in available_games() if g != "duel"]


@pytest.mark.parametrize("game", GAMES)
def test_a_concession_at_any_point_can_be_shown(game):
    engine = get_engine(game)
    rng = random.Random(17)
    for players in sorted({engine.min_players, engine.max_players}):
        for moves in (0, 1, 3, 8, 20):
            seats = [Seat(index=i, name=f"p{i}", is_bot=False) for i in range(players)]
            state = engine.setup(seats, engine.parse_options({}), 1000 + moves).state
            for _ in range(moves):
                if engine.outcome(state) is not None:
                    break
                seat = engine.active_seats(state)[0]
                state = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat))).state
            if engine.outcome(state) is not None:
                continue
            quitter = engine.active_seats(state)[0]
            state = engine.resign(state, quitter).state
            assert engine.outcome(state) is not None or players > 2
            for seat in [None, *range(players)]:
                view = engine.view(state, seat)
                for locale in ("en", "zh-CN"):
                    assert get_game(game).text.summary(view, locale)
                get_game(game).render(view, "en")


async def test_a_fleet_timer_forfeit_during_fleet_building_ends_the_game(host, clock):
    """The case that stopped every table's timers: the timer runs out while both players
    are still building their fleets."""
    from games.core.i18n import t
    from tests.platform.conftest import cmd, public_text

    await host.handle(cmd("alice", "game.new", game="fleet"))
    await host.handle(cmd("bob", "game.join"))
    await host.handle(cmd("alice", "game.timer", hours="1", policy="forfeit"))
    await host.handle(cmd("alice", "game.start"))
    session = await host.repo.open_session_in_channel(10)
    assert get_engine("fleet").load_state(session.state).phase == "build"
    clock.now += 3601
    box = await host.tick()
    session = await host.repo.load_session(session.id)
    assert session.status == "finished" and session.error is None
    assert t("en", "host.expired.forfeit", name="alice") in public_text(box)
