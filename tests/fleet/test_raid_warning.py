"""A newcomer is warned where they decide that an enemy mech may end the game by raid (issue 18:
both newcomer games of session 13 were lost by surprise when an enemy mech reached their ship
row). Rules (RULES.md 3): "各自秘密选择，同时公开，取并集" and "劫掠战舰 raid：我方战甲进入敌方战舰区
（敌方战舰行）"; a mech moves one zone per action ("move M Z（相邻区域）"), `order M` costs 1 of the turn's
2 action points, a Sword warps once more at the end of its turn ("曲率推进装置：回合结束时本回合未攻击
则可 warp 再移动一次"), a booster moves it again ("助推器 booster 移到相邻区域"), face down until used."""
from __future__ import annotations

import random

from games.core.playout import check_determinization
from games.fleet import ENGINE, GAME
from tests.fleet.helpers import fleet, mech, my_turn, new_game, put

WARNING = {"en": "⚠ Raid warning", "zh-CN": "⚠ 劫掠警告"}


def _scene(goals=("raid", "annihilation")):
    s = new_game(fleet("bull", "heavy_vulcan", "hammer", "tim", "hans"),
                 fleet("bull", "heavy_vulcan", "sword,hammer", "tim", "zack,hans"), goals=goals, seed=5)
    my_turn(s, 0)
    return s


def _attach(s, uid, kind):
    """Put a card of that kind from the owner's mech pile or hand on the mech, face down."""
    side = s.sides[0 if uid[0] == "a" else 1]
    pile = next(p for p in (side.mech_pile, side.hand) if any(c.card == kind for c in p))
    card = next(c for c in pile if c.card == kind)
    pile.remove(card)
    mech(s, uid).cards.append(card)
    ENGINE.invalidate(s)


def _warning(s, locale):
    lines = [line for line in GAME.text.summary(ENGINE.view(s, None), locale).splitlines()
             if line.startswith(WARNING[locale])]
    assert len(lines) <= 1, lines
    return lines[0] if lines else ""


def test_a_sword_two_rows_from_your_ship_row_is_named_on_your_turn_in_both_languages():
    s = _scene()
    put(s, "b1", "C3", "zack"), put(s, "b2", "L4", "hans")  # Sword: 2 moves + warp ≥ 2 rows; Hammer: 2 < 3 rows
    assert _warning(s, "en") == ("⚠ Raid warning: B's URA-01A Sword (prototype) at C3 (2 rows away) may enter A's "
                                 "ship row on B's next turn, and that wins B the game.")
    assert _warning(s, "zh-CN") == ("⚠ 劫掠警告：B 的 URA-01A 利剑（试做型）（C3，距离 2 行）可能在其下个回合进入 A 的"
                                    "战舰行，那样 B 即获胜。")


def test_the_reach_counts_orders_the_warp_drive_and_face_down_cards_and_nothing_else():
    s = _scene()
    put(s, "b1", "L5", "zack"), put(s, "b2", "R4", "hans")  # the Sword in its own ship row: 4 rows away
    assert _warning(s, "en") == ""  # Sword 3 < 4, Hammer 2 < 3
    # one face-down card on the Hammer may be a booster: 3 ≥ 3
    _attach(s, "b2", "smoke")
    assert "URA-01B Hammer (prototype) #2 at R4 (3 rows away)" in _warning(s, "en")
    # a mech stunned for its owner's next turn moves by boosters alone: 1 < 3
    mech(s, "b2").stun = 1
    assert _warning(s, "en") == ""
    # the Sword walks into the threat: 3 rows from row 1 at C4, warp makes it 3
    mech(s, "b1").zone = "C4"
    ENGINE.invalidate(s)
    assert _warning(s, "en").startswith("⚠ Raid warning: B's URA-01A Sword (prototype) at C4 (3 rows away)")


def test_no_warning_without_raid_in_play_or_for_the_seat_not_deciding():
    s = _scene(goals=("annihilation", "arms"))
    put(s, "b1", "C2", "zack")
    assert _warning(s, "en") == "" and _warning(s, "zh-CN") == ""
    s = _scene()
    put(s, "a1", "C4", "hans")  # A's Hammer one row from B's ship row, but it is A's turn: B is not deciding
    assert _warning(s, "en") == ""
    my_turn(s, 1)
    assert _warning(s, "en").startswith("⚠ Raid warning: A's URA-01B Hammer (prototype) #1 at C4 (1 row away) may enter "
                                        "B's ship row")


def test_the_rules_summary_and_the_victory_choice_state_the_losing_condition():
    intro = GAME.text.rules_path().read_text(encoding="utf-8").split("\n## ")[0]
    assert "你就立即输掉" in intro and "you lose the moment an enemy mech enters your ship row" in intro
    from games.fleet.present import build_facts
    assert build_facts("victory", "raid", "en") == "either side's mech entering the other's ship row wins"
    assert build_facts("victory", "raid", "zh-CN") == "任一方战甲进入对方战舰区即获胜，双方适用"


def test_the_warning_is_made_from_public_facts_only():
    """check_determinization: what a seat is shown (its summary with the warning among it) is the
    same in every world it cannot tell apart (the enemy's hand, face-down cards and pilots, the
    captain), so the warning reveals nothing hidden."""
    s = _scene()
    put(s, "b1", "C3", "zack"), put(s, "b2", "R4", "hans")
    _attach(s, "b2", "booster")  # face down: the warning counts it as a card, whatever it is
    assert "Hammer" in _warning(s, "en") and "Sword" in _warning(s, "en")
    rnd = random.Random(3)
    for seat in (0, 1):
        problems, _ = check_determinization(GAME, s, seat, rnd, continue_steps=2, lockstep_steps=2)
        assert problems == [], problems
