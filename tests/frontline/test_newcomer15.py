"""What newcomer15 met playing Frontline in zh-CN from the README at the console table (issue 18),
with the table's real text at a fixed seed, in both languages."""
from __future__ import annotations

from pathlib import Path

from games.frontline import ENGINE, GAME


def test_a_fortified_hq_is_named_by_its_owner_in_the_lasting_effects():
    """After 要塞化总部 (Fortify HQ) the board read "持续效果：总部 20：每当敌方单位攻击该总部，该单位受到
    1 点伤害" and, three turns on, "持续效果：总部 14：…": "总部 20" read as a unit of that name, with
    a number that changes. The line names whose HQ it is, as the event did ("bob 的总部获得一个永续效果")."""
    from tests.frontline.helpers import battle

    st = battle(seed=1)
    st.players[1].hq_effects.append("retaliate")
    st.players[1].hq = 14
    en = GAME.text.summary(ENGINE.view(st, None), "en").splitlines()
    assert "lasting effects: bob's HQ: whenever an enemy unit attacks this HQ, it takes 1 damage" in en, en
    zh = GAME.text.summary(ENGINE.view(st, None), "zh-CN").splitlines()
    assert "持续效果：bob 的总部：每当敌方单位攻击该总部，该单位受到 1 点伤害" in zh, zh
    assert not any("总部 14：" in line or "HQ 14:" in line for line in en + zh)


def test_the_rules_name_the_ready_made_decks_as_the_menu_does():
    """The rules page listed the ready-made decks by key ("blitz、panzer、desert、red_guard…") while the
    menu offers "卡组：铁拳（德国／英国）": nothing told a newcomer that 铁拳 is `panzer`. And its first
    lines pointed at "`seeds/001`", a folder of the project, not something a player can open."""
    text = (Path(__file__).parents[2] / "games" / "frontline" / "RULES.md").read_text(encoding="utf-8")
    assert "seeds/001" not in text
    for zh, en, key in (("闪击", "Blitz", "blitz"), ("铁拳", "Iron Fist", "panzer"), ("沙漠之狐", "Desert Fox", "desert"),
                        ("红色近卫", "Red Guard", "red_guard"), ("冬将军", "General Winter", "winter"),
                        ("游击战争", "Partisan War", "partisan")):
        assert f"{zh} {key}" in text and f"{en} `{key}`" in text, key
    # the names the rules give are the menu's (`卡组：铁拳（德国／英国）`)
    from tests.frontline.helpers import seats
    st = ENGINE.setup(seats(), ENGINE.parse_options({}), 1).state
    menu = [GAME.text.describe_action(st, 0, a, loc) for a in ENGINE.legal_actions(st, 0) for loc in ("en", "zh-CN")]
    assert "卡组：铁拳（德国／英国）" in menu and "Deck: Iron Fist (Germany / Britain)" in menu, menu
