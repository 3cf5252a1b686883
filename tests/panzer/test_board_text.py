"""The tank game's text board as a newcomer reads it (issue 18, second newcomer playtest):
while both sides load special ammunition in secret, the board said "Bot 1 to act (load
ammunition)" under "Waiting for: alice, Bot 1", and the player thought it was not their turn."""
from __future__ import annotations

import random

import pytest

from games.core.engine import Seat
from games.panzer import ENGINE, GAME
from games.panzer.data import ROSTER


@pytest.mark.parametrize("locale,both", [("en", "Both sides act at once"), ("zh-CN", "双方同时行动")])
def test_a_phase_both_sides_play_at_once_is_nobody_s_turn_in_particular(locale, both):
    rnd = random.Random(2)
    state = ENGINE.setup([Seat(index=0, name="alice"), Seat(index=1, name="bob")], ENGINE.parse_options({}), 2).state
    seen = set()
    for _ in range(400):
        active = ENGINE.active_seats(state)
        text = GAME.text.summary(ENGINE.view(state, None), locale)
        if len(active) == 2:  # loading ammunition: both at once
            seen.add(state.phase)
            assert both in text and "alice to act" not in text and "bob to act" not in text, text
            assert not any(f"{name} 行动（" in text for name in ("alice", "bob")), text
        elif active:  # one side left to act: the phase, and no name (the host's "Waiting for" names it)
            assert both not in text
            assert ("Phase: " if locale == "en" else "阶段：") in text, text
            assert not any(f"{name} to act" in text or f"{name} 行动（" in text for name in ("alice", "bob")), text
        if state.phase == "shots":
            break
        state = ENGINE.apply(state, active[0], GAME.bot_action(state, active[0], rnd)).state
    assert "ammo" in seen


@pytest.mark.parametrize("locale,label,mixed", [
    ("en", "Stop picking (8 of 227 pt spent)", "Stop picking (22 of 200 pt spent)"),
    ("zh-CN", "结束挑选（已用 8/227pt）", "结束挑选（已用 22/200pt）")])
def test_stopping_the_draft_says_how_much_of_the_cap_is_spent(locale, label, mixed):
    """Third newcomer playtest: the menu offered "结束挑选" (Stop picking) after one 10-pt tank;
    alice clicked it and fought ten tanks (196 of 200 pt) with one: nothing said that stopping
    is for good with 190 pt left. The choice says what is spent of the cap. The cap is the
    rule's, not the bare budget (last session's playtest read "of 200 pt" for an army of one
    nation): "≤ 200 pt, +27 pt for a single nation (+28 for the USA)" (RULES.md, opening 1),
    so one Italian CV33 is 8 of 227, and with a Japanese tank beside it, of 200."""
    state = ENGINE.setup([Seat(index=0, name="alice"), Seat(index=1, name="bob")], ENGINE.parse_options({}), 2).state
    while not any(a.kind == "done" for a in ENGINE.legal_actions(state, state.seat)):
        pick = next(a for a in ENGINE.legal_actions(state, state.seat) if a.kind == "pick" and a.tank == "cv33")
        state = ENGINE.apply(state, state.seat, pick).state
    seat = state.seat
    assert [8] == [sum(ROSTER[k].price for k in state.picks[seat])]
    done = next(a for a in ENGINE.legal_actions(state, seat) if a.kind == "done")
    assert GAME.text.describe_action(state, seat, done, locale) == label
    state.picks[seat].append(next(k for k, tank in ROSTER.items() if tank.nation == "jp" and tank.price == 14))
    assert GAME.text.describe_action(state, seat, done, locale) == mixed
    board = GAME.text.summary(ENGINE.view(state, None), locale)
    assert "22/200pt" in board, board  # the board's draft line: spent of the cap


@pytest.mark.parametrize("locale,line", [("en", "8/227pt: 200 + 27 for one nation"),
                                         ("zh-CN", "8/227pt：200 + 单一国家 27")])
def test_the_draft_line_says_where_a_cap_above_the_budget_comes_from(locale, line):
    """Seventh newcomer playtest: `/game help panzer` said "budget … default 200", and the draft
    line read "alice: Tiger (48/227pt)": nothing said what the 227 was. RULES.md, opening 1:
    "≤ 200 pt, +27 pt for a single nation (+28 for the USA)"; the line says so, and a mixed
    army's line is the bare budget, as before."""
    state = ENGINE.setup([Seat(index=0, name="alice"), Seat(index=1, name="bob")], ENGINE.parse_options({}), 2).state
    seat = state.seat
    state.picks[seat].append("cv33")
    board = GAME.text.summary(ENGINE.view(state, None), locale)
    assert line in board, board
    state.picks[seat].append(next(k for k, tank in ROSTER.items() if tank.nation == "jp" and tank.price == 14))
    board = GAME.text.summary(ENGINE.view(state, None), locale)
    assert "22/200pt)" in board or "22/200pt）" in board, board


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
def test_a_destroyed_tank_s_special_rounds_are_no_longer_listed_as_the_player_s(locale):
    """Fifth newcomer playtest: alice's Hetzer #3 and Hetzer #7 were destroyed in rounds 1 and
    2, and every /hand until the end of round 10 still read "Your special rounds: Hetzer #3:
    overcharged round, Hetzer #7: HESH". Rule 4: special rounds are loaded on a tank and fired
    by it ("特种炮弹装在坦克上"); a wreck fires nothing, so its rounds are not the player's any more."""
    from games.panzer.text import tank_label, tank_numbers
    from tests.panzer.helpers import act, board, give_ammo, load

    state = board([("a1", "m4", "h8", "n"), ("a9", "m4", "l10", "n"), ("b1", "pz4h", "h4", "n"),
                   ("b9", "m4", "a1", "s")])
    give_ammo(state, "b1", "hesh")
    give_ammo(state, "b9", "overcharge")
    mine = t_mine(locale)
    numbers = tank_numbers(state.tanks)
    wreck, live = tank_label(numbers, "b1", locale), tank_label(numbers, "b9", locale)
    before = GAME.text.summary(ENGINE.view(state, 1), locale)
    assert wreck in _line(before, mine) and live in _line(before, mine)
    load(state, [6, 6, 6, 6])  # hit, then 12 + 6 against the side armour 9: destroyed
    act(state, "precise a1 b1 1 -")
    assert not ENGINE.tank(state, "b1").alive
    after = _line(GAME.text.summary(ENGINE.view(state, 1), locale), mine)
    assert wreck not in after and live in after, after


def t_mine(locale: str) -> str:
    from games.core.i18n import t
    return t(locale, "panzer.ui.mine")


def _line(text: str, start: str) -> str:
    return next((line for line in text.splitlines() if line.startswith(start)), "")


@pytest.mark.parametrize("locale,line", [
    ("en", "{tank} moves in the sights of Bob's tanks (the shot is judged at H8): Bob may fire on it defensively."),
    ("zh-CN", "{tank} 在 Bob 的坦克射界内移动（按 H8 判定）：Bob 可以对其进行防御射击。")])
def test_the_table_hears_that_a_defensive_fire_window_opened_and_only_its_player_is_asked(locale, line):
    """Last session's playtest: the channel read "Bob: defensive fire at T-34 #1? (in /menu:
    Defensive fire, or Hold fire)", a question to one player posted to everyone. Phase rule
    2-2: "the engine stops the move at each step where the waiting side has a legal defensive
    shot and asks it to fire or pass" (RULINGS). The table's line says what everyone may see
    (who may fire at which tank); the question with its choices is the waiting player's prompt
    (the host sends it by DM with the buttons, see tests/platform/test_prompts.py)."""
    from games.panzer.text import tank_label, tank_numbers
    from tests.panzer.helpers import act, board

    state = board([("a1", "m4", "h8", "n"), ("a2", "m4", "l10", "n"), ("b1", "pz4h", "h3", "s")], phase="move")
    act(state, "drive a1 0")
    step = act(state, "go a1 h7")
    assert state.phase == "react" and state.seat == 1
    tank = tank_label(tank_numbers(ENGINE.view(state, None)["tanks"]), "a1", locale)
    shown = GAME.text.event_lines(state, [(e.key, e.params) for e in step.events if e.to is None], locale)
    assert line.format(tank=tank) in shown, shown
    assert not any("?" in x or "？" in x or "/menu" in x for x in shown), shown
    asked = GAME.text.prompt(state, 1, locale)
    assert asked and tank in asked and "H7" in asked, asked
    assert GAME.text.prompt(state, 0, locale) is None  # the mover is asked nothing


@pytest.mark.parametrize("locale,why", [
    ("en", "the shot hit it as it left H8 for H7, so its wreck lies at H8."),
    ("zh-CN", "它正从 H8 驶向 H7 时中弹，残骸留在 H8。")])
def test_a_wreck_left_behind_by_defensive_fire_says_why_it_lies_there(locale, why):
    """words9's playtest read "moves F2 → F1 … a wreck lies at F2" as a misplaced wreck. The seed
    (若移动战车被对方【防御射击】击毁……非【强制点亮】情况下,移动战车残骸位于移动之前的位置) and
    RULES.md 8 ("击毁时残骸在移动前的格子") put it where the step began: the line now says so."""
    from tests.panzer.helpers import act, board, load

    state = board([("a1", "m4", "h8", "n"), ("a2", "m4", "l10", "n"), ("b1", "pz4h", "h3", "s")], phase="move")
    act(state, "drive a1 0")
    moved = act(state, "go a1 h7")
    load(state, [6, 6, 6, 6])  # hit, then damage 12 + 7 against front armour 11
    step = act(state, "dfire b1 1 -")
    shown = GAME.text.event_lines(state, [(e.key, e.params) for e in moved.events + step.events if e.to is None],
                                  locale)
    destroyed = next(x for x in shown if x.startswith("💥"))
    assert destroyed.endswith(why), destroyed
    assert any("H8" in x and "H7" in x for x in shown[:1]), shown  # the step's own line: H8 → H7


@pytest.mark.parametrize("locale,plain", [("en", "; a wreck lies at H4."), ("zh-CN", "，残骸位于 H4。")])
def test_a_wreck_where_the_tank_stood_reads_as_before(locale, plain):
    from tests.panzer.helpers import act, board, load

    state = board([("a1", "m4", "h8", "n"), ("a9", "m4", "l10", "n"), ("b1", "pz4h", "h4", "n"),
                   ("b9", "m4", "a1", "s")])
    load(state, [6, 6, 2, 2])  # test_fire's kill: damage 4 + 6 against side armour 9
    step = act(state, "precise a1 b1 1 -")
    shown = GAME.text.event_lines(state, [(e.key, e.params) for e in step.events if e.to is None], locale)
    destroyed = next(x for x in shown if x.startswith("💥"))
    assert destroyed.endswith(plain), destroyed


@pytest.mark.parametrize("locale,said", [
    ("en", "Panzer Lehr: Tiger, Panther, Pz IV H ×2, Pz 38(t) (162 pt)"),
    ("zh-CN", "装甲教导师：虎式、豹式坦克、四号H型 ×2、38t（162 pt）")])
def test_a_ready_made_army_is_offered_by_name_with_its_tanks_counted_and_its_points(locale, said):
    """Seventh newcomer playtest (zh-CN, `opening=armies`): the menu offered
    "部队：panzerlehr：虎式、豹式坦克、四号H型、四号H型、38t": the preset's key, a model listed once
    per copy and no price. data/presets.toml: panzerlehr = "tiger,panther,pz4h*2,pz38t"
    (48 + 40 + 2 × 30 + 14 = 162 pt)."""
    state = ENGINE.setup([Seat(index=0, name="alice"), Seat(index=1, name="bob")],
                         ENGINE.parse_options({"opening": "armies"}), 2).state
    army = next(a for a in ENGINE.legal_actions(state, 0) if a.kind == "army" and a.loadout == "panzerlehr")
    label = GAME.text.describe_action(state, 0, army, locale)
    assert said in label and "panzerlehr" not in label, label
    assert sum(ROSTER[k].price for k in ("tiger", "panther", "pz4h", "pz4h", "pz38t")) == 162


@pytest.mark.parametrize("locale,mine,shown", [
    ("en", "Your army (hidden until both choose): Tiger, Panther, Pz IV H ×2, Pz 38(t) (162 pt)",
     "Bot 1's army: IS-2, T-34/85 ×3, BT-7 ×2 (186 pt)"),
    ("zh-CN", "你的部队（双方选完前保密）：虎式、豹式坦克、四号H型 ×2、38t（162 pt）",
     "Bot 1 的部队：JS-2、T-34/85 ×3、BT-7 ×2（186 pt）")])
def test_an_army_chosen_in_secret_is_told_and_revealed_by_tank_names(locale, mine, shown):
    """The same playtest: "alice 的部队：tiger,panther,pz4h,pz4h,pz38t" at the reveal, and the
    same codes in alice's DM. data/presets.toml: guards = "is2,t34_85*3,bt7*2" (56 + 3 × 34 +
    2 × 14 = 186 pt)."""
    state = ENGINE.setup([Seat(index=0, name="alice"), Seat(index=1, name="Bot 1")],
                         ENGINE.parse_options({"opening": "armies"}), 2).state
    step = ENGINE.apply(state, 0, ENGINE.parse_action("army panzerlehr"))
    told = GAME.text.event_lines(step.state, [(e.key, e.params) for e in step.events if e.to == [0]], locale)
    assert told == [mine], told
    step = ENGINE.apply(step.state, 1, ENGINE.parse_action("army guards"))
    public = GAME.text.event_lines(step.state, [(e.key, e.params) for e in step.events if e.to is None], locale)
    assert shown in public and not any("t34_85" in line for line in public), public


@pytest.mark.parametrize("locale,said", [("en", "{tank}: face S"), ("zh-CN", "{tank} 朝向 南")])
def test_choosing_a_facing_names_the_tank_just_deployed(locale, said):
    """The playtest's menu after "Deploy Tiger #1 at F2" offered "Face N", "Face NE", …: which
    tank turns was left to guess (rule 6: a tank is deployed, then faced)."""
    state = ENGINE.setup([Seat(index=0, name="alice"), Seat(index=1, name="bob")],
                         ENGINE.parse_options({"opening": "armies"}), 2).state
    rnd = random.Random(2)
    while not any(a.kind == "face" for a in ENGINE.legal_actions(state, state.seat)):
        seat = ENGINE.active_seats(state)[0]
        legal = ENGINE.legal_actions(state, seat)
        tiger = [a for a in legal if a.kind == "army" and a.loadout == "panzerlehr"]
        state = ENGINE.apply(state, seat, (tiger or [GAME.bot_action(state, seat, rnd)])[0]).state
    face = next(a for a in ENGINE.legal_actions(state, state.seat) if a.kind == "face" and a.dir == "s")
    label = GAME.text.describe_action(state, state.seat, face, locale)
    placing = GAME.text.token_names(state, state.seat, locale)[state.placing].split(" @")[0]
    assert label == said.format(tank=placing) and "#" in placing, label
