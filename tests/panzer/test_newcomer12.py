"""The tank game played in English, full length, by a newcomer at the console (issue 18, session 12):
the draft menu read "Pick Tiger (48 pt)" alone, so the one-nation bonus and the heavy and light
limits could not be planned; a Panther's damage line read "needs ≥ armour 14" once and "needs ≥
armour 10" later without saying which face was hit; an own tank with a special round read
"Panther #2 @D2 · overcharged round" in the menu path ("Precision shot · Panther #2 @D2 ·
overcharged round · Hetzer #14 @I9"), as if the shot used the round."""
from __future__ import annotations

import pytest

from games.core.game import Game
from games.panzer import ENGINE
from games.panzer.data import ROSTER
from games.panzer.models import Pick
from games.registry import get_game
from tests.panzer.helpers import act, board, give_ammo, load, seats

TEXT = get_game("panzer").text


def lines(step, locale):
    return TEXT.event_lines(step.state, [(e.key, e.params) for e in step.events], locale)


def damage_line(step, locale):
    return next(line for line in lines(step, locale) if "🎲" in line and ("armour" in line or "装甲" in line))


def draft_state():
    return ENGINE.setup(seats(), ENGINE.parse_options({}), 1).state


@pytest.mark.parametrize("locale,tiger,kv2", [
    ("en", "Pick Tiger (48 pt · German heavy · armour 15/13 · range 9 attack 10 · move 3)",
     "Pick KV-2 (46 pt · Soviet heavy · armour 15/14 · range 7 attack 11 · move 2)"),
    ("zh-CN", "选取 虎式（48pt · 德国重型 · 装甲 15/13 · 射程 9 攻击 10 · 行动 3）",
     "选取 KV-2（46pt · 苏联重型 · 装甲 15/14 · 射程 7 攻击 11 · 行动 2）")])
def test_draft_choice_names_nation_class_armour_gun_and_move(locale, tiger, kv2):
    """RULES 3.1: "≤ 200 pt, +27 pt for a single nation (+28 for the USA); at most 10 tanks, 2 heavy,
    2 light." A pick's label says the nation and class those limits count, and what the tank fights
    with (the roster's armour front/side, each gun's range and attack, its move)."""
    state = draft_state()
    assert TEXT.describe_action(state, 0, Pick(tank="tiger"), locale) == tiger
    assert TEXT.describe_action(state, 0, Pick(tank="kv2"), locale) == kv2


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
def test_every_draft_choice_fits_a_discord_option(locale):
    """A select option's label holds 100 characters: no pick is cut (the Maus, the M3 Lee and the
    B1 bis name two guns), and a two-gun tank names both."""
    state = draft_state()
    labels = {key: TEXT.describe_action(state, 0, Pick(tank=key), locale) for key in ROSTER}
    assert max(len(label) for label in labels.values()) <= 100, max(labels.values(), key=len)
    assert labels["m3"].count(" + ") == 1 and labels["tiger"].count(" + ") == 0


def duel(t_face):
    # Board 真理: the M4 at h8 facing north fires on a Panther (armour 14 front, 10 side) at h4
    return board([("a1", "m4", "h8", "n"), ("a9", "m4", "l10", "n"), ("b1", "panther", "h4", t_face),
                  ("b9", "m4", "a1", "s")])


@pytest.mark.parametrize("t_face,armour,en,zh", [
    ("s", 14, "needs ≥ its front armour 14", "需要 ≥ 正面装甲 14"),
    ("n", 10, "needs ≥ its side armour 10", "需要 ≥ 侧面装甲 10")])
def test_damage_line_says_which_armour_face_was_hit(t_face, armour, en, zh):
    """RULES 6: "装甲面 / armour：射击者在目标车体正面 120° 扇形内（含边界）用正面装甲，否则侧面装甲。"
    The same Panther faces the shooter, then turns away: the line names the face it compares."""
    s = duel(t_face)
    load(s, [6, 6, 2, 2])  # hit; damage 4 + attack 6 = 10
    step = act(s, "precise a1 b1 1 -")
    damage = next(e for e in step.events if e.key == "panzer.ev.damage_result").params
    assert damage["armour"] == armour
    shown = {loc: damage_line(step, loc) for loc in ("en", "zh-CN")}
    assert en in shown["en"], shown["en"]
    assert zh in shown["zh-CN"], shown["zh-CN"]


def test_damage_line_names_no_face_where_both_are_equal():
    """A CV33 has 5 front and 5 side: which face was hit tells nothing, and the line says armour alone."""
    s = board([("a1", "m4", "h8", "n"), ("a9", "m4", "l10", "n"), ("b1", "cv33", "h4", "s"),
               ("b9", "m4", "a1", "s")])
    assert ROSTER["cv33"].armour == (5, 5)
    load(s, [6, 6, 1, 1])
    line = damage_line(act(s, "precise a1 b1 1 -"), "en")
    assert "needs ≥ armour 5" in line and "front" not in line and "side" not in line, line


@pytest.mark.parametrize("locale,label", [
    ("en", "Panther #3 @H4 (2 special rounds)"),
    ("zh-CN", "豹式坦克 #3 @H4（特种炮弹 2 枚）")])
def test_own_tank_with_special_rounds_reads_apart_from_the_menu_path(locale, label):
    """The menu path joins its steps with " · ": an own tank's special rounds are in brackets, so
    "Precision shot · Panther #3 @H4 (2 special rounds) · M4 Sherman #1" does not read as a shot
    with them. They are counted, not named (session 15): a tank's name is matched by /play, and
    a round's name in it made the plain shot answer to "APFSDS" too (tests/panzer/test_fire_choices.py)."""
    s = board([("a1", "m4", "h8", "n"), ("a9", "m4", "l10", "n"), ("b1", "panther", "h4", "s"),
               ("b9", "m4", "a1", "s")], seat=1)
    give_ammo(s, "b1", "overcharge", "hesh")
    names = TEXT.token_names(s, 1, locale)
    assert names["b1"] == label, names["b1"]
    assert " · " not in names["b1"]
    assert TEXT.token_names(s, 0, locale)["b1"] == label.split(" (")[0].split("（")[0]  # the other side sees no rounds


@pytest.mark.parametrize("locale,labels", [
    ("en", {"overcharge": ("Load Panther #1: overcharged round", "damage dice ×1.5"),
            "apfsds": ("Load Panther #1: APFSDS", "the lower hit die counts as 6"),
            "hesh": ("Load Panther #1: HESH", "on a hit, 1d6 instead of damage: 1–2 immobilised, 3–4 gun out, 5–6 destroyed")}),
    ("zh-CN", {"overcharge": ("为 豹式坦克 #1 装填超量装药炮弹", "伤害骰 ×1.5"),
               "apfsds": ("为 豹式坦克 #1 装填尾翼脱壳稳定弹", "命中骰中较小的一枚视为 6"),
               "hesh": ("为 豹式坦克 #1 装填碎甲弹", "命中后不判伤害，掷 1d6：1–2 履带瘫痪，3–4 火炮损坏，5–6 击毁")})])
def test_load_choice_says_what_the_round_does(locale, labels):
    """RULES 7: "超量装药 overcharge：伤害骰之和 × 2（轻）、× 1.5（中）、× 1.2（重）"; "APFSDS：命中骰中一枚视为 6";
    "碎甲弹 HESH：命中后不进行伤害判定，掷 1d6：1–2 永久丧失移动；3–4 永久丧失射击；5–6 击毁". The English
    rules page gives these in Chinese only; the load menu named the rounds alone ("Load Tiger #1: APFSDS").
    What the round does is under the choice (its facts, a select option's description): in the
    label, "Load Type 3 Chi-Nu #15: HESH (on a hit, …)" ran past the 100 characters an option shows."""
    from games.panzer.models import Load
    s = board([("a1", "panther", "h8", "n"), ("b1", "m4", "a1", "s")], phase="ammo")
    for kind, (label, facts) in labels.items():
        assert TEXT.describe_action(s, 0, Load(tank="a1", ammo=kind), locale) == label
        assert TEXT.action_facts(s, 0, Load(tank="a1", ammo=kind), locale) == facts
