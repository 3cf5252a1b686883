"""Secrets proven hidden (issue 17): a reaction window opens by what the opponent can see,
never by the cards in hand or the hidden captain; the determinization keeps what a seat
knows and draws the rest again."""
import random

import pytest

from games.core import Seat
from games.core.i18n import t
from games.fleet import ENGINE, GAME

from tests.fleet.helpers import act, dice, fleet, give, mech, put
from tests.fleet.test_cards_and_game import game, legal


def _waiting(s):
    return ENGINE.active_seats(s), legal(s, 1)


def test_gathering_opens_the_window_whether_or_not_the_opponent_holds_a_drain_field():
    # RULES.md 11: "泄能磁场 drain_field（敌方聚集能量时：无效并结束其回合，该回合不算聚集）"; ⚖ RULES.md 5:
    # the window opens whenever the opponent holds a ship card, so it does not tell a drain field is there
    seen = {}
    for card in ("drain_field", "emp"):
        s = game()
        cid = give(s, 1, card)
        act(s, 0, "gather")
        seen[card] = (ENGINE.active_seats(s), legal(s, 1), cid)
    assert seen["drain_field"][0] == seen["emp"][0] == [1]
    assert seen["drain_field"][1] == {f"react {seen['drain_field'][2]} -", "pass"}
    assert seen["emp"][1] == {"pass"}
    s = game()  # no ship card in hand, as the opponent sees: no window, the energy comes at once
    give(s, 1, "smoke")
    act(s, 0, "gather")
    assert not s.pending and s.sides[0].ship.energy == 2


def test_a_launch_opens_the_window_whether_or_not_the_opponent_holds_a_deck_bomb():
    # RULES.md 11: "甲板炸弹 deck_bomb（敌方出动成功时：强制回收，5 回合内不能出动，行动点不返还）"
    seen = {}
    for card in ("deck_bomb", "turret"):
        s = game()
        give(s, 1, card)
        act(s, 0, "launch a1 zack L2")
        seen[card] = ENGINE.active_seats(s), len(legal(s, 1))
    assert seen["deck_bomb"] == ([1], 2) and seen["turret"] == ([1], 1)  # the bomb and pass / pass only


def test_a_hit_on_the_ship_opens_the_window_whether_or_not_a_shield_is_in_hand():
    # RULES.md 11: "扭曲护盾 / 转化护盾（战舰被命中、伤害结算前：免疫 ...）"
    seen = {}
    for card in ("warp_shield", "spy_drone"):
        s = game(f1=fleet("hummingbird", captain="adam"))
        give(s, 1, card)
        dice(s, 1, 20, 20, 20, 20)
        act(s, 0, "fire heavy_vulcan ship")
        seen[card] = ENGINE.active_seats(s), len(legal(s, 1))
    assert seen["warp_shield"] == ([1], 2) and seen["spy_drone"] == ([1], 1)


def test_a_hidden_captain_whose_skill_might_apply_gets_the_window_whoever_it_is():
    # RULES.md 10: "精准打击 precision（条件：... 或击毁 2 台敌方战甲；我方攻击判定结束时 ...）". Tim Wall has no
    # precision, but the opponent cannot tell him from Aaron Thompson while he is hidden.
    s = game(fleet("bull", captain="tim"), fleet("hummingbird", captain="adam"))
    s.sides[0].kills = 2
    dice(s, 1, 20, 20, 20, 20)
    act(s, 0, "fire heavy_vulcan ship")
    assert ENGINE.active_seats(s) == [0] and legal(s, 0) == {"pass"}
    act(s, 0, "pass")
    # once the captain is shown, the table knows: no window
    s = game(fleet("bull", captain="tim"), fleet("hummingbird", captain="adam"))
    s.sides[0].kills, s.sides[0].captain_revealed = 2, True
    dice(s, 1, 20, 20, 20, 20)
    act(s, 0, "fire heavy_vulcan ship")
    assert not s.pending and s.sides[1].ship.hp < 15


def test_determinize_keeps_the_seats_view_and_draws_the_opponents_secrets_again():
    s = game(fleet("bull", captain="tim", pilots="zack,snow"), fleet("hummingbird", captain="adam"))
    give(s, 0, "emp")
    for card in ("drain_field", "smoke", "warp_shield"):
        give(s, 1, card)
    put(s, "b1", "C4")
    before = ENGINE.dump_state(s)
    drawn = set()
    for k in range(30):
        other = ENGINE.determinize(s, 0, random.Random(k))
        assert ENGINE.view(other, 0) == ENGINE.view(s, 0)
        side = other.sides[1]
        drawn.add((side.captain, tuple(c.card for c in side.hand), mech(other, "b1").pilot))
    assert ENGINE.dump_state(s) == before
    assert len({d[0] for d in drawn}) > 1 and len({d[1] for d in drawn}) > 1 and len({d[2] for d in drawn}) > 1


def test_a_card_seen_with_the_spy_drone_stays_known():
    s = game()
    spied = give(s, 1, "drain_field")
    give(s, 1, "emp")
    dice(s, 0)  # the drone sees the first ship card in hand, and drops the other
    act(s, 0, f"play {give(s, 0, 'spy_drone')} -")
    assert [c.id for c in s.sides[1].hand] == [spied]
    for k in range(10):
        other = ENGINE.determinize(s, 0, random.Random(k))
        assert [(c.id, c.card) for c in other.sides[1].hand] == [(spied, "drain_field")]


def test_while_building_the_opponents_fleet_is_drawn_again_as_far_along():
    step = ENGINE.setup([Seat(index=0, name="A"), Seat(index=1, name="B")], ENGINE.parse_options({}), 5)
    s = step.state
    act(s, 0, "preset raider")
    act(s, 1, "ship bull")
    for k in range(20):
        other = ENGINE.determinize(s, 0, random.Random(k))
        assert ENGINE.view(other, 0) == ENGINE.view(s, 0)
        assert other.sides[1].build.stage != "ready" and other.sides[0].build == s.sides[0].build
    s = ENGINE.setup([Seat(index=0, name="A"), Seat(index=1, name="B")], ENGINE.parse_options({}), 5).state
    act(s, 0, "preset raider")
    act(s, 1, "preset steel")
    act(s, 1, "victory raid")
    stages = {ENGINE.determinize(s, 0, random.Random(k)).sides[1].build.victory for k in range(20)}
    assert stages <= {"raid", "annihilation", "arms"} and len(stages) > 1


def _window(trigger: str, card: str):
    """A reaction window for seat 1 holding `card` (RULES.md 11's cards): (the step, the state)."""
    if trigger == "strike":
        s = game(f1=fleet("hummingbird", captain="adam"))
        give(s, 1, card)
        dice(s, 1, 20, 20, 20, 20)
        return act(s, 0, "fire heavy_vulcan ship"), s
    s = game()
    give(s, 1, card)
    return act(s, 0, "gather" if trigger == "gather" else "launch a1 zack L2"), s


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
@pytest.mark.parametrize("trigger,answer,other", [("launch", "deck_bomb", "turret"), ("gather", "drain_field", "emp"),
                                                  ("strike", "warp_shield", "spy_drone")])
def test_a_window_is_said_alike_in_the_channel_and_only_an_answer_in_hand_brings_a_dm(locale, trigger, answer, other):
    """Issue 18: fleet sent a "pass is your only choice" DM at every enemy launch. RULES.md 5 (⚖):
    a window opens by what the opponent sees, and is announced on the channel's status line in the
    same words whatever the seat holds; only a seat that holds an answer gets the DM with the
    buttons. The secret holds: the table's lines and board, who is awaited and the public and the
    opponent's views are the same with the answering card or another ship card in hand."""
    seen = {}
    for card in (answer, other):
        step, s = _window(trigger, card)
        public = GAME.text.event_lines(s, [(e.key, e.params) for e in step.events if e.to is None], locale)
        opponent = [e.key for e in step.events if e.to is not None and 0 in e.to]
        views = ENGINE.view(s, None), ENGINE.view(s, 0)
        board = GAME.text.summary(views[0], locale)
        seen[card] = public, opponent, ENGINE.active_seats(s), views, board, GAME.text.prompt(s, 1, locale)
    assert seen[answer][:5] == seen[other][:5]  # the table cannot tell
    said = t(locale, "fleet.window", name=s.names[1], trigger=t(locale, f"fleet.window_for.{trigger}"))
    assert said in seen[answer][4].splitlines()
    assert not [line for line in seen[answer][0] if said in line]  # the status line says it, not a step's line
    assert seen[answer][2] == [1] and seen[answer][5] and seen[other][5] is None  # a DM only with an answer
