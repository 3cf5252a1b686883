"""What a line shows, it says why (issue 18, last session's playtests): a territory "repaired
to 4" and "draws 0 resource cards" told a newcomer neither which rule nor whose card did it,
and agreements read as codes ("Agreement a57 between alice and bob: peace / passage",
"alice breaks agreement a57."). Each repair names its cause (the Maintain card, the Central
Brain, Deep Sea Republic's capital), a blockaded draw names the Economic Blockade, and an
agreement's terms are named, in the lines, the prompt, the menus and the board; its id never shows."""
from __future__ import annotations

import re

import pytest

from bot.host.names import match_actions
from games.conflict import ENGINE, GAME
from games.conflict import rules as R
from games.conflict.data import content
from games.core import Seat
from games.core.i18n import localize_value
from tests.conflict.helpers import bare, fit, give, outer, play, to_develop

LOCALES = ("en", "zh-CN")


def dev(seed=3, n=3):
    return bare(seed, n, to_develop)


def lines(state, events, loc):
    return GAME.text.event_lines(state, [(e.key, e.params) for e in events if e.to is None], loc)


def terr(state, tid, loc):
    return localize_value(content().territories[state.territories[tid].key].name, loc)


@pytest.mark.parametrize("loc, said", [
    ("en", "{p} plays Maintain: {t} is repaired to durability {d}/{m}."),
    ("zh-CN", "{p} 打出整备：{t} 耐久恢复到 {d}/{m}。")])
def test_a_maintain_card_s_repair_names_the_card_and_who_played_it(loc, said):
    """整备「恢复一个领地的一点耐久,只能对自己」 (RULES.md: +1 durability to an own territory)."""
    state, a, _ = dev()
    mine = outer(state, a)[0]
    t = state.territories[mine]
    t.dur -= 1
    cid = give(state, a, "maintain")
    shown = lines(state, play(state, a, f"maintain {cid} {mine}").events, loc)
    assert said.format(p=state.players[a].name, t=terr(state, mine, loc), d=t.max, m=t.max) in shown, shown


@pytest.mark.parametrize("loc, said", [
    ("en", "{p}'s Central Brain repairs {t} at the start of the turn: durability {d}/{m}."),
    ("zh-CN", "{p} 的中央智脑在回合开始时修复 {t}：耐久 {d}/{m}。")])
def test_the_central_brain_s_repair_names_the_fitting(loc, said):
    """中央智脑「每回合开始自动为损伤最重的本方领地 +1 耐久」 (RULES.md)."""
    state, a, _ = dev()
    fit(state, a, "brain")
    mine = outer(state, a)[0]
    t = state.territories[mine]
    t.dur -= 2
    events = []
    R.start_turn(state, a, events)
    assert t.dur == t.max - 1
    shown = lines(state, events, loc)
    assert said.format(p=state.players[a].name, t=terr(state, mine, loc), d=t.max - 1, m=t.max) in shown, shown


@pytest.mark.parametrize("loc, said", [
    ("en", "{p}'s capital {t} repairs itself at the start of the turn (Deep Sea Republic's capital effect): "
           "durability {d}/{m}."),
    ("zh-CN", "{p} 的首都 {t} 在回合开始时自行修复（深海共和国的首都效果）：耐久 {d}/{m}。")])
def test_deep_sea_republic_s_capital_repair_names_the_faction(loc, said):
    """深海共和国「每回合开始首都 +1 耐久」 (RULES.md, capital effects)."""
    state, a, _ = dev()
    p = state.players[a]
    p.faction = "deep"
    cap = state.territories[p.capital]
    cap.dur -= 1
    events = []
    R.start_turn(state, a, events)
    assert cap.dur == cap.max
    shown = lines(state, events, loc)
    assert said.format(p=p.name, t=terr(state, cap.id, loc), d=cap.max, m=cap.max) in shown, shown


@pytest.mark.parametrize("loc, played, drew", [
    ("en", "{a} plays Economic Blockade on {b}: until the end of {b}'s next turn {b} draws no resource cards "
           "and cannot trade, and {a} cannot attack.",
     "{b} is under Economic Blockade: no resource cards this turn; {b} draws 2 cards."),
    ("zh-CN", "{a} 对 {b} 打出经济封锁：到 {b} 的下个回合结束前，{b} 不能抽资源牌、不能交易，{a} 不能进攻。",
     "{b} 受经济封锁：本回合不抽资源牌；{b} 抽取 2 张卡。")])
def test_a_blockaded_draw_says_the_blockade_is_why_no_resource_came(loc, played, drew):
    """经济封锁「目标势力无法抽取资源牌,也无法交易。自己无法攻击任何人直到对方回合结束。」"""
    state, a, b = dev()
    cid = give(state, a, "blockade")
    names = {"a": state.players[a].name, "b": state.players[b].name}
    shown = lines(state, play(state, a, f"blockade {cid} {b}").events, loc)
    assert played.format(**names) in shown, shown
    events = []
    R.start_turn(state, b, events)
    assert state.players[b].res == 0
    shown = lines(state, events, loc)
    assert drew.format(**names) in shown, shown
    assert not any("0" in line and ("resource" in line or "资源" in line) for line in shown if line != drew.format(**names))


TERMS = {"en": ("peace (no attacks on each other)", "free passage (units move in without asking)", "互不侵犯北线"),
         "zh-CN": ("和平（互不攻击）", "通行（单位进驻无需许可）", "互不侵犯北线")}
SEP = {"en": ", ", "zh-CN": "、"}
CODE = re.compile(r"\b(peace|passage|trade|intel|aid)\b(?! \()|\ba\d+\b")  # a bare term code, an agreement id


@pytest.mark.parametrize("loc", LOCALES)
def test_an_agreement_reads_by_its_terms_names_never_its_codes(loc):
    """战略协议: up to four terms, preset peace/passage/trade/intel/aid or a word of the
    players' own; `peace` forbids attacks between the two, `passage` waives the move request
    (RULES.md). The codes `peace`, `passage` and the agreement's id show nowhere."""
    state, a, b = dev()
    A, B = state.players[a].name, state.players[b].name
    cid = give(state, a, "pact")
    play(state, a, f"pact {cid} {b}")
    menu = [GAME.text.describe_action(state, a, x, loc) for x in ENGINE.legal_actions(state, a)]
    assert any(TERMS[loc][0] in label for label in menu) and not any(CODE.search(x) for x in menu), menu
    for code in ("term peace", "term 互不侵犯北线", "term passage"):
        play(state, a, code)
    terms = SEP[loc].join((TERMS[loc][0], TERMS[loc][2], TERMS[loc][1]))
    proposed = lines(state, play(state, a, "propose").events, loc)
    assert any(terms in line for line in proposed), proposed
    ask = GAME.text.prompt(state, b, loc)
    assert terms in ask, ask
    signed = lines(state, play(state, b, "yes").events, loc)
    pact = state.agreements[0]
    assert signed == [{"en": f"Agreement between {A} and {B}: {terms}.",
                       "zh-CN": f"{A} 与 {B} 签订协议：{terms}。"}[loc]], signed
    board = GAME.text.summary(ENGINE.view(state, a), loc)
    assert terms in board and pact.id not in board, board
    bk = give(state, a, "breakpact")
    # the choice names the terms (the label), and says what the rules enforce of them beneath:
    # all in the label, four terms made 151 characters, past the 100 a select option shows
    breaks = [x for x in ENGINE.legal_actions(state, a) if x.kind == "breakpact"]
    menu = [GAME.text.describe_action(state, a, x, loc) for x in breaks]
    short = {"en": "peace, 互不侵犯北线, free passage", "zh-CN": "和平、互不侵犯北线、通行"}[loc]
    assert menu and all(label.endswith(short) and pact.id not in label for label in menu), menu
    enforced = {"en": f"enforced: {TERMS[loc][0]}, {TERMS[loc][1]}",
                "zh-CN": f"规则执行：{TERMS[loc][0]}、{TERMS[loc][1]}"}[loc]
    assert all(GAME.text.action_facts(state, a, x, loc) == enforced for x in breaks)
    assert all(match_actions(GAME, state, a, label) == [x] for x, label in zip(breaks, menu))  # `/play` by name
    broken = lines(state, play(state, a, f"breakpact {bk} {pact.id}").events, loc)
    assert broken == [{"en": f"{A} breaks the agreement with {B} ({terms}).",
                       "zh-CN": f"{A} 撕毁了与 {B} 的协议（{terms}）。"}[loc]], broken
    for text in proposed + signed + broken + [ask, board]:
        assert not CODE.search(text), text


@pytest.mark.parametrize("loc, said", [
    ("en", "{p} breaks the agreement with another player (its terms are not in this older record)."),
    ("zh-CN", "{p} 撕毁了与 另一位玩家的协议（这条旧记录没有记下条款）。")])
def test_a_broken_agreement_logged_before_its_party_and_terms_were_still_reads(loc, said):
    """A stored event keeps the fields it was logged with: a game's log from before `broken`
    gained `other` and `terms` holds only the agreement's id and who broke it, and its line
    read "alice breaks the agreement with {other} ({terms})." It reads with what is there
    (the agreement is gone from the state, so its party and terms cannot be looked up), and
    the id still shows nowhere."""
    state, a, _ = dev()
    shown = GAME.text.event_lines(state, [("conflict.ev.broken", {"id": "a57", "player": state.players[a].name})], loc)
    assert shown == [said.format(p=state.players[a].name)], shown


@pytest.mark.parametrize("loc, inner, outer", [("en", "  inner row: ◆", "  outer row: "),
                                               ("zh-CN", "  内排：◆", "  外排：")])
def test_the_board_says_which_row_is_the_outer_one(loc, inner, outer):
    """Playing as a newcomer: the board's rows read "1: ◆Old Citadel 6/6 | Cliffside 5/5" and
    "2: Frost Peak 5/5", and nothing said which could be attacked. RULES.md, Geography: "Only
    the outer row of a faction can be attacked"; the capital sits in the inner row. The rows
    are named as the arrange menu and the picture name them, inner and outer (clickplay16:
    "第1排 / 第2排（外层）" beside the menu's "内排 / 外排")."""
    state, a, _ = dev()
    board = GAME.text.summary(ENGINE.view(state, None), loc).splitlines()
    rows = [line for line in board if line.startswith("  ")]
    assert len(rows) == 2 * state.n and all(r.startswith((inner, outer)) for r in rows), rows
    assert sum(r.startswith(outer) for r in rows) == state.n  # one outer row per faction, the last


@pytest.mark.parametrize("loc, said", [
    ("en", "🎲 The table rolls 1–3 for the first player, one number a player in seat order: **{n}**, **{name}**."),
    ("zh-CN", "🎲 牌桌掷 1–3 决定先手玩家（按座位顺序每人一个数）：**{n}**，**{name}**。")])
def test_the_first_player_roll_says_what_its_number_means(loc, said):
    """Playing as a newcomer: "🎲 The table rolls the first player: 3 = **3**: **Bot 2**" (which
    die? why is 3 Bot 2?). The engine rolls a die of as many faces as living players and the
    face counts them in seat order (engine.py, the end of setup)."""
    state = ENGINE.setup([Seat(index=i, name=f"P{i}") for i in range(3)], ENGINE.parse_options({}), 5).state
    for s in range(3):
        p = state.players[s]
        play(state, s, f"faction {p.offer[0]}")
        step = play(state, s, f"arrange {p.dealt[0]} 2")  # the last arrangement starts the game
    roll = [(e.key, e.params) for e in step.events if e.key == "core.roll"]
    assert len(roll) == 1 and roll[0][1]["total"] == state.first + 1  # all three alive: face n is seat n-1
    shown = GAME.text.event_lines(state, roll, loc)
    assert shown == [said.format(n=state.first + 1, name=state.players[state.first].name)], shown


@pytest.mark.parametrize("loc, said", [
    ("en", "{p} draws no resource card (one comes per two territories, and {p} holds only one) and 2 cards."),
    ("zh-CN", "{p} 没有抽到资源牌（每两块领地一张，{p} 只剩一块领地），抽取 2 张卡。")])
def test_a_draw_of_no_resource_says_why(loc, said):
    """Playing as a newcomer: "Bot 1 draws 0 resource cards and 2 cards." RULES.md, the draw:
    "One resource card per two territories (rounded down), plus effects": with one territory
    left, no supply unit and no resource from the capital, none comes."""
    state, a, _ = dev()
    p = state.players[a]
    p.faction = next(k for k, f in content().factions.items() if f.capital not in ("capital_resource", "capital_draw"))
    keep = p.capital
    for tid in [t for row in p.rows for t in row if t != keep]:
        R.detach(state, tid)
        del state.territories[tid]
    assert R.terr_count(state, a) == 1
    events = []
    R.start_turn(state, a, events)
    assert p.res == 0
    shown = lines(state, events, loc)
    assert said.format(p=p.name) in shown, shown
