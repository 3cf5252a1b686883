"""Every fire choice says its chance (issue 18, "Prompts and outcomes"): a newcomer asked
"defensive fire or hold" saw no number to weigh, and no menu shot said how likely it was.
RULES.md, phase 2-2: "the engine stops the move at each step where the waiting side has a
legal defensive shot and asks it to fire or pass"; rule 5: a hit is 2d6 + modifiers ≥ the
distance, destruction 2d6 + gun attack (+ close range) ≥ the armour. The chances shown are
counted over the 36 outcomes of each 2d6, and checked here against the rules' own rolls. They
are under each choice (`action_facts`, a select option's description), not in its label."""
from __future__ import annotations

import copy

import pytest

from games.panzer import ENGINE, GAME
from games.panzer.text import shot_odds
from tests.bot_games import bot_steps
from tests.panzer.helpers import act, board, give_ammo, load

ODDS = {"en": "hit {hit}%, kill {kill}%", "zh-CN": "命中率 {hit}%，击毁率 {kill}%"}


def _window():
    """test_movement's defensive-fire window: M4 #1 drives H8 → H7 in sight of Pz IV H #3 at H3."""
    state = board([("a1", "m4", "h8", "n"), ("a2", "m4", "l10", "n"), ("b1", "pz4h", "h3", "s")], phase="move")
    act(state, "drive a1 0")
    act(state, "go a1 h7")
    assert state.phase == "react" and state.seat == 1
    return state


def _counted(state, code: str, seat: int) -> tuple[int, int]:
    """Hits and kills over every pair of hit dice and every pair of damage dice, as the rules roll them."""
    hits = kills = 0
    for a in range(1, 7):
        for b in range(1, 7):
            for c in range(1, 7):
                for d in range(1, 7):
                    s = copy.deepcopy(state)
                    load(s, [a, b, c, d])
                    step = act(s, code, seat)
                    keys = [e.key for e in step.events]
                    hits += "@panzer.hit" in [e.params.get("result") for e in step.events]
                    kills += "panzer.ev.destroyed" in keys
    return hits, kills


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
def test_the_defensive_fire_choice_and_its_prompt_show_the_chance_the_roll_will_have(locale):
    state = _window()
    # the distance from H3 to H8 (the hex the mover left) is 5; defensive fire -2: 2d6 ≥ 7 is 21 of 36
    # outcomes (58 %); the Pz IV H's attack 7 against the M4's front armour 11: 2d6 ≥ 4 is 33 of 36
    hits, kills = _counted(state, "dfire b1 1 -", 1)
    assert (hits, kills) == (21 * 36, 21 * 33)
    assert shot_odds(state, "b1", "a1", 1, None, "defensive", state.reaction.aim_at) == \
        pytest.approx((21 / 36, 21 * 33 / 36 / 36))
    odds = ODDS[locale].format(hit=58, kill=53)
    dfire = next(a for a in ENGINE.legal_actions(state, 1) if a.kind == "dfire")
    assert odds in GAME.text.action_facts(state, 1, dfire, locale)
    asked = GAME.text.prompt(state, 1, locale)
    assert odds in asked and "H7" in asked, asked


def test_a_special_round_changes_the_chance_shown_as_it_changes_the_roll():
    """Rule 4-2: APFSDS counts the lower die as 6; 4-1: overcharge multiplies the damage dice;
    4-3: HESH destroys on 5-6 of one die after a hit. Each choice's chance is the rules' count."""
    state = _window()
    give_ammo(state, "b1", "apfsds", "overcharge", "hesh")
    shown = {}
    for action in ENGINE.legal_actions(state, 1):
        if action.kind == "dfire" and action.ammo in ("apfsds", "overcharge"):
            hits, kills = _counted(state, action.code(), 1)
            assert shot_odds(state, "b1", "a1", 1, action.ammo, "defensive", state.reaction.aim_at) == \
                pytest.approx((hits / 36 / 36, kills / 36 / 36)), action.code()
            shown[action.ammo] = GAME.text.action_facts(state, 1, action, "en")
    # APFSDS: 6 + the higher die - 2 ≥ 5 always
    assert "hit 100%" in shown["apfsds"], shown
    hesh = next(a for a in ENGINE.legal_actions(state, 1) if a.kind == "dfire" and a.ammo == "hesh")
    assert "hit 58%, kill 19%" in GAME.text.action_facts(state, 1, hesh, "en")  # 21/36 × 2/6


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
def test_every_choice_that_fires_says_its_chance(locale):
    """Precision, jump, defensive and advance fire and the second shot: all choices that lead to a
    hit roll, in bot games (the draft's and the first turn's rolls are nobody's choice)."""
    pattern = ODDS[locale].split("{hit}")[0]
    kinds = set()
    for seed in (1, 2):
        for step in bot_steps(ENGINE, GAME, seed, limit=1200):
            state = step.state
            for seat in ENGINE.active_seats(state):
                for action in ENGINE.legal_actions(state, seat):
                    if action.kind in ("precise", "jumpfire", "dfire", "advfire", "again"):
                        kinds.add(action.kind)
                        assert pattern in GAME.text.action_facts(state, seat, action, locale), action.code()
    assert {"precise", "dfire", "advfire"} <= kinds, kinds


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
def test_a_light_tank_s_second_defensive_shot_is_asked_with_its_chance(locale):
    """RULES.md, rate of fire: a light tank that fired at a medium or heavy tank without
    destroying it may fire again (`again` or `noagain`). During defensive fire that choice is the
    waiting player's, out of turn: its prompt said "defensive fire or hold. Best shots: ." (no
    defensive shot is left to list); it now asks about the second shot, with its chance."""
    state = board([("a1", "m4", "h8", "n"), ("a2", "m4", "l10", "n"), ("b1", "pz38t", "h4", "s")], phase="move")
    act(state, "drive a1 0")
    act(state, "go a1 h7")
    assert state.phase == "react"
    load(state, [1, 1])  # a miss: 2 - 2 < 4
    act(state, "dfire b1 1 -", 1)
    assert state.phase == "second" and state.seat == 1 and state.reaction is not None
    hit, kill = shot_odds(state, "b1", "a1", 1, None, "defensive", state.reaction.aim_at)
    asked = GAME.text.prompt(state, 1, locale)
    assert ODDS[locale].format(hit=round(hit * 100), kill=round(kill * 100)) in asked, asked
    again = next(a for a in ENGINE.legal_actions(state, 1) if a.kind == "again" and a.ammo is None)
    assert ODDS[locale].format(hit=round(hit * 100), kill=round(kill * 100)) in GAME.text.action_facts(
        state, 1, again, locale)
