"""Cards that share a name (issue 18). A face-down card's ordinal is the table's: the log
said "face-down card #3" where its owner's picture and /hand, which name their own face-down
cards, counted only the others' ("face-down card #1"). Now every label comes from one
function (`games.core.i18n.numbered_as_seen`): ordinals as the whole table sees the cards,
the owner's knowledge in front (`Tiger I · face-down card #3`).

Two copies of a card in hand are one menu entry only when nothing a player weighs tells them
apart; a frontline card with a bonus gathered in the deck (+1/+1) or one the opponent has
seen is not the same choice as its plain copy."""
from __future__ import annotations

import random

import pytest

from bot.host.core import build_menu
from games.core.engine import Seat
from games.core.i18n import t
from games.registry import get_game
from tests.ironfire.test_board_lines import lines_of

LOCALES = ("en", "zh-CN")


def random_states(key: str, players: int, options: dict[str, str], seed: int, steps: int = 150):
    engine = get_game(key).engine
    rnd = random.Random(seed)
    state = engine.setup([Seat(index=i, name=f"P{i}") for i in range(players)], engine.parse_options(options),
                         seed).state
    for _ in range(steps):
        if engine.outcome(state):
            return
        yield state
        seat = rnd.choice(engine.active_seats(state))
        state = engine.apply(state, seat, rnd.choice(engine.legal_actions(state, seat))).state


def face_down_units(key: str, state) -> list[tuple[str, int]]:
    """(id, owner) of every face-down card on the board."""
    if key == "ironfire":
        return [(u.slot, s) for s, p in enumerate(state.players) for u in p.army if not u.up]
    return [(u.id, u.owner) for u in state.units.values() if not u.up]


@pytest.mark.parametrize("key, players, options", [("ironfire", 2, {"fog_of_war": "true"}), ("conflict", 3, {})])
def test_a_face_down_cards_ordinal_is_the_same_for_every_reader(key, players, options):
    """The log names units with the table's labels (`state_labels` of nobody); each seat's
    menus (`state_labels` of the seat), its picture and /hand (`view_labels` of its view,
    which both draw from) give its own face-down card the same ordinal, its name in front."""
    game = get_game(key)
    module = game.text
    text_module = __import__(f"games.{key}.{'text' if key == 'ironfire' else 'present'}", fromlist=["x"])
    state_labels = (lambda st, s, loc: text_module.state_labels(game.engine, st, s, loc)) if key == "ironfire" \
        else text_module.state_labels
    own_seen = 0
    for seed in (0, 1):
        for state in random_states(key, players, options, seed):
            down = face_down_units(key, state)
            if not down:
                continue
            for loc in LOCALES:
                table = state_labels(state, None, loc)
                for seat in range(players):
                    view = game.engine.view(state, seat)
                    mine = state_labels(state, seat, loc)
                    assert text_module.view_labels(view, loc) == mine  # menus, picture and /hand alike
                    board = module.summary(view, loc)
                    for uid, owner in down:
                        if owner != seat:
                            assert mine[uid] == table[uid], (uid, mine[uid], table[uid])
                            continue
                        own_seen += 1
                        assert mine[uid].endswith(table[uid]) and mine[uid] != table[uid], (mine[uid], table[uid])
                        name = mine[uid].removesuffix(table[uid])
                        assert mine[uid] == t(loc, "core.known_face_down", name=name.removesuffix(" · "),
                                              label=table[uid])
                        if key == "ironfire":  # an army reads one line per card name
                            assert lines_of(mine[uid], board.splitlines(), loc), (mine[uid], board)
                        else:
                            assert mine[uid] in board or len(board) >= 1497, board
    assert own_seen > 50, own_seen


@pytest.mark.parametrize("locale", LOCALES)
def test_copies_of_a_card_are_one_choice_unless_something_tells_them_apart(locale):
    from games.frontline.state import HandCard
    from tests.frontline.helpers import battle

    game = get_game("frontline")
    st = battle(seed=1)
    hand = st.players[0].hand
    hand += [HandCard(id="c0000000001", key="grenadiers"), HandCard(id="c0000000002", key="grenadiers")]

    def deploy_options():
        return [o.label for o in build_menu(game, st, 1, 0, ["deploy"], locale).options]

    assert len(deploy_options()) == 1  # truly the same card: playing either is the same move
    hand[1].bonus = 1
    assert len(set(deploy_options())) == 2, deploy_options()
    assert any("+1/+1" in label for label in deploy_options())
    hand[1].bonus = 0
    hand[1].revealed = True
    assert len(set(deploy_options())) == 2, deploy_options()
    assert any(t(locale, "frontline.label.revealed") in label for label in deploy_options())
