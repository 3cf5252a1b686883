"""No menu choice is cut (issue 18, "Discord's limits": every select within Discord's limits;
"Names, never ids": the facts needed to choose). A select option's label and its description
hold 100 characters each; the adapter cuts a longer one with "…" (bot/discord/menus.py:_cut),
and a player then cannot read what tells two choices apart. In session 14, 77 of 2,376 English
fire labels of the tank game were cut: its odds are now the option's description
(`Text.action_facts`, as fleet's). Session 15: fleet's resupply (111 characters, naming three
mechs) and conflict's faction (108), agreement (151) and attack (105) choices keep their names in
the label and their facts (what it does, talent and capital, terms, power and guard) beneath.

For each game: random playouts from fixed seeds; at every step, every menu the acting seat can
open (each prefix of each legal action's menu steps, as the host builds it), in both languages."""
from __future__ import annotations

import random

import pytest

from bot.host.core import build_menu
from games.core import Seat
from games.registry import get_game

LIMIT = 100  # Discord: SelectOption.label and .description, 100 characters each
LOCALES = ("en", "zh-CN")
GAMES, STEPS = 3, 120  # fleet's long label came at step 91 of seed 1002


def too_long(key: str, seed: int) -> list[str]:
    """Every menu option over the limit, label or description, met in one random playout."""
    game = get_game(key)
    engine = game.engine
    rnd = random.Random(seed)
    seats = [Seat(index=i, name=f"P{i + 1}") for i in range(engine.min_players)]
    state = engine.setup(seats, engine.parse_options({}), seed).state
    found = []
    for _ in range(STEPS):
        if engine.outcome(state) is not None:
            break
        seat = rnd.choice(engine.active_seats(state))
        legal = engine.legal_actions(state, seat)
        prefixes = {tuple(steps[:i]) for a in legal for steps in [game.text.menu_steps(state, seat, a)]
                    for i in range(len(steps))}
        for locale in LOCALES:
            for prefix in prefixes:
                for option in build_menu(game, state, 1, seat, list(prefix), locale).options:
                    found += [f"{locale} {len(s)}: {s}" for s in (option.label, option.description) if len(s) > LIMIT]
        state = engine.apply(state, seat, rnd.choice(legal)).state
    return found


@pytest.mark.parametrize("key", ["panzer", "fleet", "frontline", "ironfire", "conflict"])
def test_no_menu_choice_is_longer_than_a_select_option_holds(key):
    found = [line for g in range(GAMES) for line in too_long(key, 1000 + g)]
    assert not found, f"{len(found)} options cut, e.g. {sorted(set(found), key=len)[-3:]}"
