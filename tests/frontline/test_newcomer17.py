"""What a newcomer still met in Frontline (issue 18, session 17), each with the rule quoted and a
fixed seed, read in both languages."""
from __future__ import annotations

import re

import pytest

from games.frontline import GAME
from tests.refusal_helpers import refusals, unreadable

IDS = re.compile(r"(?<![\w#.\-])(?:u\d+|c[0-9a-f]{6,}|hq)(?!\w)")  # a unit's, a hand card's id, the HQ's code


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_refusals_a_player_can_trigger_show_only_names(seed):
    """Issue 18: "Menus … show things by name in the user's language …, never internal ids". A
    stale menu's card, played since, read "cd897d00506 is not a valid target for this card."
    Over a seeded playout, every seat tries actions from earlier turns, another seat's actions
    made of what it sees, and wrong targets; each refusal, in English and Chinese, names units
    and cards, or says the unit or card is no longer there."""
    met, bad = set(), []
    for code, key, loc, text in refusals(GAME, seed, 300, passive=("end",)):
        met.add(key)
        if found := unreadable(text, loc, IDS, ()):
            bad.append((code, loc, text, found))
    assert not bad, bad[:5]
    assert {"frontline.no_unit", "frontline.acted"} <= met, met


def test_a_bare_hq_not_striking_back_is_said_where_it_informs():
    """3.1: "Counter damage: ... the HQ never does" (unless fortified). "总部未要塞化，不反击" closed every
    attack on an unfortified HQ: right, and the same words on every line of a long game. It is
    said on the attack that first damages the HQ and under each attack on it in the menus; later
    attacks read short (seed 1). A fortified HQ's line still says that it strikes back."""
    from games.frontline import ENGINE
    from tests.frontline.helpers import act, battle, unit

    st = battle(seed=1)
    first, second = unit(st, 0, "tiger", front=True), unit(st, 0, "tiger", front=True)
    st.front_owner = 0
    attack = next(a for a in ENGINE.legal_actions(st, 0) if a.code() == f"attack {first.uid} hq")
    assert GAME.text.action_facts(st, 0, attack, "en") == "This HQ is not fortified: it does not strike back."
    assert GAME.text.action_facts(st, 0, attack, "zh-CN") == "该总部未要塞化：不反击。"
    lines = {loc: [] for loc in ("en", "zh-CN")}
    for tiger in (first, second):
        events = [(e.key, e.params) for e in act(st, 0, f"attack {tiger.uid} hq")]
        for loc in lines:
            lines[loc] += GAME.text.event_lines(st, events, loc)
    assert lines["en"] == ["Tiger I #1 attacks bob's HQ for 5 (HQ 15; an HQ that is not fortified does not strike back).",
                           "Tiger I #2 attacks bob's HQ for 5 (HQ 10)."], lines
    assert lines["zh-CN"] == ["虎式坦克 #1 攻击 bob 的总部，造成 5 点伤害（总部 15；总部未要塞化，不反击）。",
                              "虎式坦克 #2 攻击 bob 的总部，造成 5 点伤害（总部 10）。"], lines
    st.players[1].hq_effects.append("retaliate")
    assert GAME.text.action_facts(st, 0, attack, "en") == "This HQ is fortified: it strikes back for 1."


def test_a_card_to_play_says_what_it_is_under_its_choice():
    """Finding of session 17 (play17b): "部署 步枪班 / 结束回合": the deploy choice said nothing of the
    card (cost, attack/defence, keywords); one had to open the hand. Its menu facts now say what
    the hand says, less the name (seed 1)."""
    from games.frontline import ENGINE
    from tests.frontline.helpers import battle, card

    st = battle(seed=1)
    scouts = card(st, 0, "scouts")
    deploy = next(a for a in ENGINE.legal_actions(st, 0) if getattr(a, "card", None) == scouts)
    assert GAME.text.action_facts(st, 0, deploy, "en") == \
        "costs 2 kredits · infantry 1/2 · 1 kredit to move or attack: Smokescreen. Deploy: Intel 1"
    assert GAME.text.action_facts(st, 0, deploy, "zh-CN") == "花费 2 指挥点 · 步兵 1/2 · 移动或攻击花费 1：烟幕。部署：情报 1"


def new_table():
    from games.core import Seat
    from games.frontline import ENGINE
    return ENGINE.setup([Seat(index=0, name="a"), Seat(index=1, name="b")], ENGINE.parse_options({}), 1).state


def test_a_ready_made_deck_says_what_it_holds():
    """Finding of session 17 (play17b): "卡组：闪击（德国／意大利） … 卡组：游击战争（苏联／意大利）": six
    names and nothing of what each deck plays like. Each choice now counts its cards by type."""
    from games.frontline import ENGINE

    deck = ENGINE.parse_action("deck blitz")
    st = new_table()
    assert GAME.text.action_facts(st, 0, deck, "en") == \
        "39 cards · infantry 13, tank 9, fighter 5, artillery 2, bomber 2 · 6 orders, 2 counter-orders"
    assert GAME.text.action_facts(st, 0, deck, "zh-CN") == "39 张 · 步兵 13，坦克 9，战斗机 5，炮兵 2，轰炸机 2 · 指令 6，反制指令 2"


def test_heavy_armour_has_one_name_and_lasting_effects_chinese_punctuation():
    """Findings of session 17 (play17b): "四号坦克 受到 2 点伤害（3 − 重装甲 1…）" while the legend and the
    hand say "重甲 1": one keyword, two names; and "持续效果：本土防卫队 #2：…; 本土防卫队 #1：…" joined
    Chinese clauses with an ASCII "; ". The combat terms say 重甲, and the clauses are joined by "；"."""
    from games.core.i18n import t as tr
    from games.frontline import ENGINE
    from games.frontline.text import lasting_line, unit_labels, view_units
    from tests.frontline.helpers import battle, unit

    assert tr("zh-CN", "frontline.terms.armour", n=1) == " − " + tr("zh-CN", "frontline.kw.armour", n=1) == " − 重甲 1"
    st = battle(seed=1)
    for _ in range(2):
        unit(st, 1, "tiger", front=False).flags.append("combat_damage_one")
    view = ENGINE.view(st, 0)
    side = next(p for p in view["players"] if p["support"])
    line = lasting_line(side, side["support"], unit_labels(view_units(view), "zh-CN"), "zh-CN")
    assert line.count("受到的战斗伤害最多为 1") == 2 and "；" in line and "; " not in line, line
