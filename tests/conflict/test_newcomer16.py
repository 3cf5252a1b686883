"""Conflict at the console against two bots, zh-CN (session 16): what read wrong.

- A unit about to be destroyed: "步枪兵 即将被消灭：alice 可以协助撤退。" then "alice 不协助 步枪兵。",
  alice being its owner. RULES.md, 撤退 Retreat: the owner's emergency retreat ("紧急撤退") saves its
  own unit; "help" is what the others do. The owner's lines say so."""
from __future__ import annotations

import pytest

from tests.conflict.helpers import battle, give, play, public_lines


def _doomed(seed=3):
    """b's Riflemen at 0 durability after Attack against Self-destruct, b holding the means to save it."""
    def means(state, a, b, att, dfd):
        give(state, b, "retreat")
        state.players[b].res = 1
        state.players[(b + 1) % 3].res = 1  # the third player may help: asked after the owner

    state, a, b, att, rifle = battle("stormtrooper", "rifleman", seed, before=means)
    if state.pending.kind == "react":  # b may escape with its Retreat card: it lets the attack come
        play(state, b, "allow")
    play(state, a, "lay A")
    step = play(state, b, "lay S")
    assert state.pending is not None and state.pending.kind == "doom" and state.pending.seat == b
    return state, a, b, rifle, step


@pytest.mark.parametrize("loc, said", [
    ("en", "About to be destroyed: Riflemen. {b}, its owner, may save it with an emergency retreat (a Retreat card "
           "and a resource card)."),
    ("zh-CN", "步枪兵 即将被消灭：其主人 {b} 可以紧急撤退救下它（一张撤退卡和一张资源牌）。")])
def test_the_owner_is_asked_to_save_its_own_unit_not_to_help_it(loc, said):
    state, a, b, rifle, step = _doomed()
    assert state.pending.seat == b  # the owner is asked first
    assert said.format(b=state.players[b].name) in public_lines(state, step, loc), public_lines(state, step, loc)


@pytest.mark.parametrize("loc, own, other", [("en", "{b} does not save their own Riflemen.", "{p} does not help"),
                                             ("zh-CN", "{b} 不救自己的步枪兵。", "{p} 不协助")])
def test_the_owner_passing_reads_as_not_saving_it(loc, own, other):
    state, a, b, rifle, _ = _doomed()
    step = play(state, b, "pass")
    lines = public_lines(state, step, loc)
    assert own.format(b=state.players[b].name) in lines, lines
    helper = state.pending.seat  # the next one asked is not the owner: it helps, or does not
    assert state.pending.kind == "doom" and helper == (b + 1) % 3
    lines = public_lines(state, play(state, helper, "pass"), loc)
    assert any(line.startswith(other.format(p=state.players[helper].name)) for line in lines), lines


# --- clickplay16's findings (/work/wt/findings16.md), zh-CN at the console ----------------------


@pytest.mark.parametrize("loc, said", [("en", "Storm Troopers (cost 3 · power 4 · guard 3 · range 1)"),
                                       ("zh-CN", "突击队（费用 3 · 战力 4 · 守值 3 · 范围 1）")])
def test_the_hand_shows_a_unit_s_cost(loc, said):
    """"🃏查看我的手牌" showed "突击队（战力 4 · 守值 3 · 范围 1）" with no cost, while the deploy menu
    did: the hand gives the printed cost (RULES.md: "部署部队/人物/载具（付资源…）")."""
    from games.conflict.data import content
    from tests.conflict.helpers import bare, board_text, to_develop

    card = content().cards["stormtrooper"]
    assert (card.cost, card.power, card.guard, card.range) == (3, 4, 3, 1)  # data/cards.toml
    state, a, _ = bare(3, 3, to_develop)
    give(state, a, "stormtrooper")
    assert said in board_text(state, a, loc, key=False)


@pytest.mark.parametrize("loc, inner, outer, middle", [("en", "  inner row: ◆", "  outer row: ", "  row 2: "),
                                                       ("zh-CN", "  内排：◆", "  外排：", "  第2排：")])
def test_the_board_names_rows_as_the_menu_does(loc, inner, outer, middle):
    """The board said "第1排 / 第2排（外层）", the arrange menu "内排 / 外排", the picture "外排": one
    pair of words. RULES.md, Geography: the capital in the inner row, only the outer row attacked;
    a capture opens a new outer row, the rows between keep their number."""
    from games.conflict import rules as R
    from tests.conflict.helpers import bare, board_text, to_develop

    state, a, b = bare(3, 3, to_develop)
    lines = board_text(state, a, loc, key=False).splitlines()
    assert sum(x.startswith(inner) for x in lines) == 3 and sum(x.startswith(outer) for x in lines) == 3, lines
    for _ in range(2):  # a takes two of b's outer territories: a's outer row is full, a third row opens
        R.capture(state, state.players[b].rows[-1][0], a, [])
    rows = [x for x in board_text(state, a, loc, key=False).splitlines() if x.startswith("  ")]
    assert len(state.players[a].rows) == 3 and any(x.startswith(middle) for x in rows), rows


@pytest.mark.parametrize("loc, up, down", [
    ("en", "face up: may act, and may be attacked",
     "face down: hidden from others, cannot act or be attacked; turn it over later to use it"),
    ("zh-CN", "明置：可以行动，也可能被攻击", "暗置：别人看不到是什么，不能行动也不会被攻击；之后翻面才能使用")])
def test_a_deploy_choice_says_what_its_face_means(loc, up, down):
    """RULES.md, Face up and face down: "明置：可以行动。暗置：不会被攻击、不能行动，其他玩家看不到是什么卡"."""
    from games.conflict import ENGINE, GAME
    from tests.conflict.helpers import bare, to_develop

    state, a, _ = bare(3, 3, to_develop)
    state.players[a].res = 5
    give(state, a, "stormtrooper")
    deploys = [x for x in ENGINE.legal_actions(state, a) if x.kind == "deploy"]
    facts = {x.face: GAME.text.action_facts(state, a, x, loc) for x in deploys}
    assert facts == {"up": up, "down": down}


@pytest.mark.parametrize("loc, said", [("en", "nobody attacks in round one"), ("zh-CN", "第一轮任何人都不能进攻")])
def test_round_one_s_battle_choices_say_why_there_is_no_attack(loc, said):
    """RULES.md, Battle: "⚖ 第一轮任何人都不能攻击". The menu offered only "跳过战事 / 结束阶段"
    without a word why; from round two the note is gone."""
    from games.conflict import ENGINE, GAME
    from tests.conflict.helpers import bare, to_battle

    state, a, _ = bare(3, 3, to_battle)
    state.round = 1
    give(state, a, "attack")
    legal = ENGINE.legal_actions(state, a)
    assert not any(x.kind == "attack" for x in legal)
    assert {x.kind: GAME.text.action_facts(state, a, x, loc) for x in legal if x.kind in ("claim", "next")} == \
        {"claim": said, "next": said}
    state.round = 2
    assert all(GAME.text.action_facts(state, a, x, loc) != said for x in ENGINE.legal_actions(state, a))


@pytest.mark.parametrize("loc, said", [
    ("en", "Heavy Tank (vehicle, needs a crew to move or attack · cost 4 · power 6 · guard 5 · range 1)"),
    ("zh-CN", "重型坦克（载具，需有人搭乘才能移动和进攻 · 费用 4 · 战力 6 · 守值 5 · 范围 1）")])
def test_a_vehicle_in_the_hand_says_it_needs_a_crew(loc, said):
    """clickplay16 deployed a Heavy Tank alone and the attack menu left it out without a word.
    RULES.md, Development: "载具需同一领地的部队或人物搭乘（`board`）才能移动和攻击"."""
    from tests.conflict.helpers import bare, board_text, to_develop

    state, a, _ = bare(3, 3, to_develop)
    give(state, a, "heavytank")
    assert said in board_text(state, a, loc, key=False)
