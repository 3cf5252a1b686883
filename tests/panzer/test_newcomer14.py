"""The tank game's table as a newcomer reads it (issue 18, session 14): a tank's facing could not
be read from the picture (its hull, a near-equilateral triangle, looked alike turned 120°); move
and turn lines did not say the points left after a refund or the turret turns left; a light
tank's second shot was "Fire again" with no word why; a reverse cost 2 with no word why; fire
choices showed no distance; and "go Panther #3 H6" after the Panther was destroyed was
"not understood" or "not possible in this phase" (the host test: tests/platform/test_names_destroyed_tank.py).

Board 真理 (zhenli): column h is plain from h1 to h10; g4/g5 are river."""
from __future__ import annotations

import copy
import io
import math

import pytest
from PIL import Image

from games.core import RuleError
from games.core.i18n import t
from games.panzer import ENGINE
from games.panzer.render import OWNER, SIZE, TERRAIN, _centre
from games.registry import get_game
from tests.panzer.helpers import act, board, codes, event, load

GAME = get_game("panzer")
TEXT = GAME.text
LOCALES = ("en", "zh-CN")


def lines(step, locale):
    return TEXT.event_lines(step.state, [(e.key, e.params) for e in step.events], locale)


def line_of(step, key, locale):
    return next(line for line, e in zip(lines(step, locale), step.events) if e.key == key)


def label(state, code, locale, seat=None):
    seat = state.seat if seat is None else seat
    return TEXT.describe_action(state, seat, ENGINE.parse_action(code), locale)


def moving(tanks, tid="a1", free=0):
    state = board(tanks, phase="move")
    act(state, f"drive {tid} {free}")
    return state


# 1. the picture: which way a tank faces -----------------------------------------------------

def picture(facing: str, locale: str = "en") -> Image.Image:
    """One M4 of Anna's alone at h5 (no turret turned away: the gun along the hull), Bob's far off."""
    state = board([("a1", "m4", "h5", facing), ("b1", "m4", "a1", "s")])
    return Image.open(io.BytesIO(GAME.render(ENGINE.view(state, None), locale))).convert("RGB")


def white(colour) -> bool:
    """The front edges' white (FRONT), give or take the PNG's palette: nothing else on the map is
    near white (hex names and tank labels stand on a halo of their hex's colour)."""
    return min(colour) >= 235


def front_direction(img: Image.Image) -> float:
    """The angle (degrees, clockwise from east, as the picture's y runs down) of the mean of the
    hull's front-edge pixels around h5's centre."""
    h5 = ENGINE.gmap(board([("a1", "m4", "h5", "n"), ("b1", "m4", "a1", "s")])).by_name["h5"]
    cx, cy = _centre(*h5)
    xs, ys = [], []
    for x in range(int(cx - 18), int(cx + 19)):
        for y in range(int(cy - 18), int(cy + 12)):  # above the tank's label
            if white(img.getpixel((x, y))):
                xs.append(x - cx)
                ys.append(y - cy)
    assert len(xs) > 10, "no front edge drawn"
    return math.degrees(math.atan2(sum(ys) / len(ys), sum(xs) / len(xs))) % 360


@pytest.mark.parametrize("facing,angle", [("n", 270), ("se", 30), ("sw", 150), ("ne", 330)])
def test_the_picture_marks_the_hull_front_where_the_tank_faces(facing, angle):
    """RULES 1: "Six facings, each towards a hex edge"; 6: "armour: the front armour when the
    shooter is in the target's front 120°". The hull's front edges are drawn in their own colour
    on the side the tank faces: N up, SE down right. N and SE are 120° apart, where the old
    triangle looked the same."""
    got = front_direction(picture(facing))
    assert min(abs(got - angle), 360 - abs(got - angle)) < 15, (facing, got)


def test_two_facings_120_degrees_apart_differ_where_the_front_is():
    """The two pictures differ at the hex the N-facing tank's nose points to: front colour there
    for N, plain ground for SE (which has its front down right instead)."""
    h5 = ENGINE.gmap(board([("a1", "m4", "h5", "n"), ("b1", "m4", "a1", "s")])).by_name["h5"]
    cx, cy = _centre(*h5)
    nose_n = [(int(cx + dx), int(cy - 13)) for dx in range(-2, 3)]
    north, south_east = picture("n"), picture("se")
    assert any(white(north.getpixel(p)) for p in nose_n)
    assert not any(white(south_east.getpixel(p)) for p in nose_n)
    assert not any(max(abs(a - b) for a, b in zip(south_east.getpixel(p), OWNER[0])) <= 8 for p in nose_n)


@pytest.mark.parametrize("locale,words", [("en", ("front", "gun")), ("zh-CN", ("正面", "火炮"))])
def test_the_legend_says_how_to_read_a_tank(locale, words):
    """The legend draws a tank and says the pointed, white-edged end is the hull's front and the
    black line the gun, in the reader's language; the legend's tank, on a swatch of plain ground,
    has its white front on the right, where it points."""
    said = t(locale, "panzer.legend.tank")
    assert all(w in said for w in words), said
    img = picture("n", locale)
    legend = img.crop((0, img.height - SIZE * 4, 60, img.height))
    plain = [(x, y) for x in range(legend.width) for y in range(legend.height)
             if max(abs(a - b) for a, b in zip(legend.getpixel((x, y)), TERRAIN["."])) <= 6]
    assert plain, "no swatch of plain ground"
    fronts = [x for x in range(legend.width) for y in range(legend.height) if white(legend.getpixel((x, y)))
              and min(abs(x - px) + abs(y - py) for px, py in plain) <= 3]
    blues = [x for x in range(legend.width) for y in range(legend.height)
             if max(abs(a - b) for a, b in zip(legend.getpixel((x, y)), OWNER[0])) <= 8]
    assert fronts and blues and sum(fronts) / len(fronts) > sum(blues) / len(blues)


# 2. what a move leaves -----------------------------------------------------------------------

@pytest.mark.parametrize("locale,turned,stepped", [
    ("en", "Pz IV H #1 turns to NE (1 left; its 1 point comes back if it moves forward next).",
     "Pz IV H #1 moves H7 → I7 (cost 1, the turn's 1 point paid back, 1 left)."),
    ("zh-CN", "四号H型 #1 车体转向 东北（剩余 1；若接着前进，这 1 点退还）。",
     "四号H型 #1 移动 H7 → I7（消耗 1，退还转向的 1 点，剩余 1）。")])
def test_a_turn_after_a_forward_move_says_its_point_may_come_back(locale, turned, stepped):
    """RULES 5, ruling: "a medium/heavy tank pays 1 for a turn right after a forward move,
    refunded if another forward move follows". A Pz IV H (3 points) goes H8 → H7 (2 left), turns
    NE (pays 1, 1 left, the point held back), goes on to I7 (costs 1, the point comes back: 1 left)."""
    s = moving([("a1", "pz4h", "h8", "n"), ("b1", "m4", "a1", "s")])
    act(s, "go a1 h7")
    turn = act(s, "turn a1 ne")
    assert event(turn, "panzer.ev.turn_hull").params["reserve"] == 1 and s.mover.ap == 1
    step = act(s, "go a1 i7")
    assert event(step, "panzer.ev.step").params["refund"] == 1 and s.mover.ap == 1
    assert line_of(turn, "panzer.ev.turn_hull", locale) == turned
    assert line_of(step, "panzer.ev.step", locale) == stepped


@pytest.mark.parametrize("locale,said", [
    ("en", "M4 Sherman #1 reverses H8 → H9 (cost 2: reversing costs 2, 2 left)."),
    ("zh-CN", "M4 #1 倒车 H8 → H9（消耗 2：倒车花费 2，剩余 2）。")])
def test_a_reverse_says_why_it_cost_2(locale, said):
    """RULES 5: "reverse to the rear hex | 2"."""
    s = moving([("a1", "m4", "h8", "n"), ("b1", "m4", "a1", "s")])
    step = act(s, "go a1 h9")
    assert line_of(step, "panzer.ev.step", locale) == said


@pytest.mark.parametrize("locale,said", [
    ("en", "M4 Sherman #1 moves G6 → G5 (cost 2: entering a river costs 2, 2 left)."),
    ("zh-CN", "M4 #1 移动 G6 → G5（消耗 2：进入河流花费 2，剩余 2）。")])
def test_a_river_step_says_why_it_cost_2(locale, said):
    """RULES 5: "enter river | 2"."""
    s = moving([("a1", "m4", "g6", "n"), ("b1", "m4", "a1", "s")])
    assert line_of(act(s, "go a1 g5"), "panzer.ev.step", locale) == said


@pytest.mark.parametrize("locale,first,second", [
    ("en", "M4 Sherman #1 turns its turret to NE (1 turn left this turn).",
     "M4 Sherman #1 turns its turret to SE (0 turns left this turn)."),
    ("zh-CN", "M4 #1 炮塔转向 东北（本回合还可转 1 次）。", "M4 #1 炮塔转向 东南（本回合还可转 0 次）。")])
def test_turret_lines_say_the_turns_left(locale, first, second):
    """RULES 4: "Turret turns (60° each, the tank's turns per turn) at any time in one's own turn".
    An M4 turns its turret twice per turn: each line says how many turns are left."""
    s = board([("a1", "m4", "h8", "n"), ("b1", "m4", "a1", "s")])
    assert ENGINE.tank(s, "a1").turret_left == 2
    assert line_of(act(s, "turret a1 ne"), "panzer.ev.turret", locale) == first
    assert line_of(act(s, "turret a1 se"), "panzer.ev.turret", locale) == second


@pytest.mark.parametrize("locale,said", [("en", "M4 Sherman #1 stops (3 points unused)."),
                                         ("zh-CN", "M4 #1 停止移动（3 点未用）。")])
def test_a_halt_says_the_points_left_unused(locale, said):
    """RULES 4.3: "declared free points force all points to be spent" (else they may be left):
    an M4 with no free points halts after one step, 3 of its 4 points unused."""
    s = moving([("a1", "m4", "h8", "n"), ("b1", "m4", "a1", "s")])
    act(s, "go a1 h7")
    assert line_of(act(s, "halt a1"), "panzer.ev.halt", locale) == said


# 3. labels: the second shot, a reverse, the distance of a shot -----------------------------------

def second_shot():
    """A BT-7 (light) at h8 misses an M4 at h5 (distance 3): it may fire again (RULES 6)."""
    s = board([("a1", "bt7", "h8", "n"), ("a9", "m4", "l10", "n"), ("b1", "m4", "h5", "s"),
               ("b9", "m4", "a1", "s")])
    load(s, [1, 1])
    act(s, "precise a1 b1 1 -")
    assert s.phase == "second" and codes(s) == {"again -", "noagain"}
    return s


@pytest.mark.parametrize("locale,again,no,rule", [
    ("en", "Second shot: BT-7 #1 fires again at M4 Sherman #3",
     "No second shot for BT-7 #1", "a light tank that fired at a medium or heavy tank"),
    ("zh-CN", "第二发：BT-7 #1 再次向 M4 #3 开火", "BT-7 #1 不打第二发",
     "轻型射击中/重型未击毁时可再射一次")])
def test_the_second_shot_is_named_with_its_rule(locale, again, no, rule):
    """RULES 6: "rate of fire (all light tanks): after firing at a medium or heavy tank without
    destroying it, fire once more". The menu names it a second shot, whose and at whom, and
    under it the rule's name with the odds (in the label, "Second shot (rate of fire): Semovente
    M41 #19 fires again at Sherman Firefly #20 (special round: overcharged round)" would run to 115
    characters, past the 100 a select option shows); the prompt quotes the rule."""
    s = second_shot()
    assert label(s, "again -", locale) == again, label(s, "again -", locale)
    assert TEXT.action_facts(s, 0, ENGINE.parse_action("again -"), locale).startswith(  # under the choice
        {"en": "rate of fire (rule 6) · distance 3: hit ", "zh-CN": "射速优势（规则 6）· 距离 3，命中率 "}[locale])
    assert label(s, "noagain", locale) == no
    # out of turn (defensive fire), the player is asked by a prompt, which quotes the rule
    d = moving([("a1", "m4", "h8", "n"), ("b1", "bt7", "h4", "s")])
    act(d, "go a1 h7")
    assert d.phase == "react" and d.seat == 1
    load(d, [1, 1])
    act(d, "dfire b1 1 -")
    assert d.phase == "second" and d.seat == 1
    asked = TEXT.prompt(d, 1, locale)
    assert rule in asked and {"en": "distance 4: plain round hit ", "zh-CN": "距离 4：普通弹命中率 "}[locale] in asked, asked


@pytest.mark.parametrize("dice,en,zh", [([1, 1], "miss (precision shot; second shot)", "未命中（精准射击；第二发）"),
                                         ([6, 6, 1, 1], "hit (precision shot; second shot)", "命中（精准射击；第二发）")])
def test_the_second_shot_s_roll_says_so(dice, en, zh):
    """The roll of the second shot names it; the first shot's roll does not."""
    s = board([("a1", "bt7", "h8", "n"), ("a9", "m4", "l10", "n"), ("b1", "m4", "h5", "s"),
               ("b9", "m4", "a1", "s")])
    load(s, [1, 1])
    first = act(s, "precise a1 b1 1 -")
    load(s, dice)
    again = act(s, "again -")
    assert "second" not in event(first, "core.roll").params and event(again, "core.roll").params["second"] is True
    for locale, said in (("en", en), ("zh-CN", zh)):
        roll = line_of(again, "core.roll", locale)
        assert said in roll, roll
        assert t(locale, "panzer.term.second") not in line_of(first, "core.roll", locale)


@pytest.mark.parametrize("locale,back,ahead", [
    ("en", "M4 Sherman #1: go to H9 in reverse (2 points: reversing costs 2, rule 5)", "M4 Sherman #1: go to H7"),
    ("zh-CN", "M4 #1 倒车前往 H9（2 点：倒车花费 2，规则 5）", "M4 #1 前往 H7")])
def test_a_reverse_choice_says_what_it_costs_and_why(locale, back, ahead):
    """RULES 5: "reverse to the rear hex | 2 (needs 2 left)"; a forward step costs 1 (nothing to say)."""
    s = moving([("a1", "m4", "h8", "n"), ("b1", "m4", "a1", "s")])
    assert label(s, "go a1 h9", locale) == back
    assert label(s, "go a1 h7", locale) == ahead


@pytest.mark.parametrize("locale,said", [
    ("en", "Reversing costs 2 points (rule 5: reverse to the rear hex, 2; it needs 2 left); 1 left."),
    ("zh-CN", "倒车花费 2 点（规则 5：倒车一格到正后方，2 点；剩余不足 2 不能倒车），只剩 1 点。")])
def test_a_reverse_refused_for_points_says_why(locale, said):
    s = moving([("a1", "m4", "h8", "n"), ("b1", "m4", "a1", "s")])
    act(s, "go a1 h7")
    act(s, "go a1 h8")  # reverse: 1 left
    with pytest.raises(RuleError) as err:
        act(s, "go a1 h9")
    assert t(locale, err.value.key, **err.value.params) == said


@pytest.mark.parametrize("locale,said", [("en", "distance 4: hit "), ("zh-CN", "距离 4，命中率 ")])
def test_every_fire_choice_shows_the_distance(locale, said):
    """RULES 6: "distance: the target's hex counted, the shooter's not; hit: 2d6 + modifiers ≥
    distance". A Tiger at h8 and an M4 at h4: distance 4, beside the odds, under every fire choice."""
    s = board([("a1", "tiger", "h8", "n"), ("a9", "m4", "l10", "n"), ("b1", "m4", "h4", "s"),
               ("b9", "m4", "a1", "s")])
    fire = [a for a in ENGINE.legal_actions(s, 0) if a.kind == "precise"]
    assert fire
    for action in fire:
        assert TEXT.action_facts(s, 0, action, locale).startswith(said)


# 4. a destroyed tank named in a move ---------------------------------------------------------

@pytest.mark.parametrize("phase", ["move", "moving"])
def test_a_destroyed_tank_s_move_is_refused_as_destroyed_and_changes_nothing(phase):
    """RULES 6: "destroyed: a wreck is placed in its hex at once". "go a2 h6" for Anna's destroyed
    Panther: between drives ("move") and while another tank drives ("moving"), the refusal says
    the tank is destroyed (not "not possible in this phase", not "one tank at a time")."""
    s = board([("a1", "m4", "h8", "n"), ("a2", "panther", "g7", "n"), ("b1", "m4", "a1", "s")], phase="move")
    dead = ENGINE.tank(s, "a2")
    dead.alive = False
    s.wrecks.append(dead.pos)
    if phase == "moving":
        act(s, "drive a1 0")
    before = ENGINE.dump_state(s)
    with pytest.raises(RuleError) as err:
        act(copy.deepcopy(s), "go a2 g6")
    assert (err.value.key, err.value.params) == ("panzer.err.destroyed", {"tank": "a2"})
    assert ENGINE.dump_state(s) == before
    named = TEXT.event_params(s, err.value.key, err.value.params, "en")
    assert t("en", err.value.key, **named) == "Panther #2 has been destroyed: a wreck can neither move nor fire."
    assert t("zh-CN", err.value.key, **TEXT.event_params(s, err.value.key, err.value.params, "zh-CN")) == \
        "豹式坦克 #2 已被击毁：残骸不能移动，也不能射击。"


@pytest.mark.parametrize("locale,said", [
    ("en", "BT-7 #1 turns to NE (4 left; free: a light tank turns for nothing right after a forward move)."),
    ("zh-CN", "BT-7 #1 车体转向 东北（剩余 4；免费：轻型前进后紧接着转向不花点数）。")])
def test_a_light_tank_s_free_turn_says_why_it_cost_nothing(locale, said):
    """RULES 5: "turn right after a forward move, light | 0". A BT-7 (5 points) goes H8 → H7 (4
    left) and turns NE: still 4 left, and the line says why."""
    s = moving([("a1", "bt7", "h8", "n"), ("b1", "m4", "a1", "s")])
    act(s, "go a1 h7")
    assert line_of(act(s, "turn a1 ne"), "panzer.ev.turn_hull", locale) == said


@pytest.mark.parametrize("locale,said", [("en", "Route for M4 Sherman #1: H7 → turn NE → I7"),
                                         ("zh-CN", "M4 #1 沿路线 H7 → 转向东北 → I7 移动")])
def test_a_route_names_a_facing_as_a_turn(locale, said):
    """A route's facing is a hull turn ("H8 → N → H7" read as if N were a hex)."""
    s = moving([("a1", "m4", "h8", "n"), ("b1", "m4", "a1", "s")])
    assert label(s, "path a1 h7,ne,i7", locale) == said


@pytest.mark.parametrize("locale,said", [
    ("en", "Declare a jump shot: Tiger #1 at M4 Sherman #3 (distance 4 now; it moves first)"),
    ("zh-CN", "宣告跃进射击：虎式 #1 对 M4 #3（现在距离 4；先移动）")])
def test_a_jump_shot_choice_shows_the_distance_before_the_move(locale, said):
    s = board([("a1", "tiger", "h8", "n"), ("a9", "m4", "l10", "n"), ("b1", "m4", "h4", "s"),
               ("b9", "m4", "a1", "s")])
    assert label(s, "dash a1 b1", locale) == said


@pytest.mark.parametrize("typ,name,en,zh", [
    ("churchill", "Churchill #1", " (1 point: clearing the wreck)", "（1 点：清除残骸）"),
    ("m4", "M4 Sherman #1", " (2 points: clearing the wreck)", "（2 点：清除残骸）"),
    ("pz4h", "Pz IV H #1", " (2 points: clearing the wreck)", "（2 点：清除残骸）")])
def test_a_step_into_a_wreck_says_it_clears_it(typ, name, en, zh):
    """RULES 5: "enter and clear a wreck | light/medium 2, heavy 1". A Churchill at h8 faces a
    wreck at h7: the choice says it clears it, for 1 point (a heavy tank), an M4 for 2."""
    s = moving([("a1", typ, "h8", "n"), ("b1", "m4", "a1", "s")])
    s.wrecks.append(ENGINE.gmap(s).by_name["h7"])
    assert label(s, "go a1 h7", "en") == f"{name}: go to H7{en}"
    assert label(s, "go a1 h7", "zh-CN").endswith(f"前往 H7{zh}")
