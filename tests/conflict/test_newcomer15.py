"""Conflict played to the end by a newcomer (issue 18, session 14), each symptom a class:
a rider left the game with no line, a pair's damage differed from the table's with no word
why, the first half of a trade posted the board alone, two lines in a row read "face-down
unit #2" for two units, and "Reed Bank is wiped from the map (credited to …)" said neither
why nor, in a two-player game, what the credit was for."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from games.conflict import ENGINE, GAME
from games.conflict import rules as R
from games.conflict.present import state_labels, view_labels
from games.core import Seat
from games.core.i18n import localize_value
from tests.conflict.helpers import aegis_heads, bare, battle, clear_hand, give, outer, play, to_battle, unit

LOCALES = ("en", "zh-CN")
PASSIVE = ("flip", "halt", "next", "no", "pass")  # skipped while another action is legal: fights, bombs, falls


def _lines(state, events, loc):
    return GAME.text.event_lines(state, [(e.key, e.params) for e in events if e.to is None], loc)


def _terr(state, tid, loc):
    return localize_value(R.content().territories[state.territories[tid].key].name, loc)


def _walk(seed: int, players: int, bots: float = 0.5, rounds: int = 12, quit: float = 0.002):
    """A seeded game of the bot's moves (a share `bots`) and random moves that prefer action
    (PASSIVE skipped while another is legal), with a concession now and then: (labels the table
    saw before, crews riding before, whether in the opening, the action, the step)."""
    rnd = random.Random(seed)
    state = ENGINE.setup([Seat(index=i, name=f"P{i}") for i in range(players)],
                         ENGINE.parse_options({"max_rounds": str(rounds)}), seed).state
    for _ in range(2500):
        if ENGINE.outcome(state) is not None:
            return
        seat = rnd.choice(sorted(ENGINE.active_seats(state)))
        before = {loc: view_labels(ENGINE.view(state, None), loc) for loc in LOCALES}
        riders = {u.id: u.riding for u in state.units.values() if u.riding}
        setup = state.phase == "setup"
        if rnd.random() < quit:
            step, action = ENGINE.resign(state, seat), None
        else:
            acts = ENGINE.legal_actions(state, seat)
            active = [a for a in acts if a.kind not in PASSIVE] or acts
            action = GAME.bot_action(state, seat, rnd) if rnd.random() < bots else rnd.choice(active)
            step = ENGINE.apply(state, seat, action)
        yield before, riders, setup, action, step
        state = step.state


WALKS = [(1, 4), (2, 3), (9, 4), (3, 2)]  # seeds and players: fights, crews out, bombs, concessions


def _walks(seed, players):
    return _walk(seed, players, bots=0, rounds=30, quit=0.0003)


@pytest.mark.parametrize("seed,players", WALKS)
def test_every_unit_leaving_the_board_and_every_step_is_said(seed, players):
    """RULES.md, Development: "the crew rides along and climbs out if the vehicle is destroyed";
    Conceding: "their units are removed"; the H-U Bomb: "连同其上单位移出游戏". Every unit that
    leaves the board (destroyed in a fight, by a bomb, its player out or conceding) is named in
    a line of that step by the label the board gave it, and so is every crew whose vehicle
    went; every step a seat takes after the opening posts at least one line for the table."""
    missing, silent = [], []
    for before, riders, setup, action, step in _walks(seed, players):
        state = step.state
        kind = action.kind if action else "resign"
        for loc in LOCALES:
            lines = _lines(state, step.events, loc)
            text = "\n".join(lines)
            gone = [uid for uid in before[loc] if uid not in state.units]
            freed = [uid for uid, vehicle in riders.items() if uid in state.units and vehicle not in state.units]
            missing += [f"{kind} {loc}: {before[loc][uid]} not in {lines}" for uid in gone + freed
                        if before[loc][uid] not in text]
            if not setup and not lines:
                silent.append(f"{kind} posted no line")
    assert not missing, "\n".join(missing[:10])
    assert not silent, silent[:10]


def test_the_walks_reach_every_way_a_unit_leaves():
    """The walks above cover what they claim: fights, a crew climbing out, a concession and a
    bomb (a player knocked out: test_a_player_out_names_each_crew_once)."""
    seen = Counter()
    for seed, players in WALKS:
        for _, _, _, _, step in _walks(seed, players):
            seen.update(e.key for e in step.events if e.to is None)
    for key in ("reveal", "destroyed", "crew_out", "lands_returned", "wiped_out", "captured", "sell_start", "halt",
                "next_turn", "term"):
        assert seen[f"conflict.ev.{key}"], (key, seen)
    assert seen["core.outcome.resign"], seen


def _tank_fight(seed=3):
    """Seat a (to act) with Storm Troopers in its outer row; seat b with a Light Tank crewed by
    Riflemen in its outer row; a's attack on the tank under way."""
    def crewed(state, a, b, trooper, tank):
        crew = unit(state, b, "rifleman", tank.loc)
        tank.rider, crew.riding = crew.id, tank.id

    state, a, b, _, tank = battle("stormtrooper", "lighttank", seed, before=crewed)
    return state, a, b, tank, state.units[tank.rider]


@pytest.mark.parametrize("loc,line", [
    ("en", "Crew out: Riflemen climbed out of the wrecked Light Tank and remained in {terr}."),
    ("zh-CN", "乘员下车：轻型坦克 被毁，乘员 步枪兵 爬出，留在 {terr}。")])
def test_a_crew_outliving_its_vehicle_is_said(loc, line):
    """RULES.md, Development: "the crew rides along and climbs out if the vehicle is destroyed".
    The board had shown the Riflemen inside the tank; the tank's line alone left them unsaid."""
    state, a, b, tank, crew = _tank_fight()
    play(state, a, "lay A")
    step = play(state, b, "lay S")  # Attack against Self-destruct: the tank −3, gone
    assert tank.id not in state.units and state.units[crew.id].riding is None
    lines = _lines(state, step.events, loc)
    assert line.format(terr=_terr(state, crew.loc, loc)) in lines, lines


def test_a_player_out_names_each_crew_once():
    """A player out loses every unit, crews too: each has its own line, and no crew is said to
    climb out of a vehicle only to be destroyed the next line."""
    state, a, b = bare(3, 3, to_battle)
    tank = unit(state, b, "lighttank", outer(state, b)[0])
    crew = unit(state, b, "rifleman", outer(state, b)[0])
    tank.rider, crew.riding = crew.id, tank.id
    events: list = []
    R.eliminate(state, b, a, events)
    lines = GAME.text.event_lines(state, [(e.key, e.params) for e in events if e.to is None], "en")
    who = state.players[b].name
    assert f"Destroyed: {who}'s Light Tank." in lines and f"Destroyed: {who}'s Riflemen." in lines, lines
    assert not any(line.startswith("Crew out") for line in lines), lines


@pytest.mark.parametrize("loc,expected", [
    ("en", "Pair 1: the attacker's Self-destruct against the defender's Rest: attacker −1, defender −3; "
           "durability left: attacker 2, defender 0. Demolition (Grenadiers): its Self-destruct does 1 more damage."),
    ("zh-CN", "第 1 组：进攻方 自爆 对 防守方 休整：进攻方 −1、防守方 −3；剩余耐久：进攻方 2，防守方 0。"
              "爆破（掷弹兵）：自爆对敌多造成 1 点损伤。")])
def test_a_pair_names_the_ability_that_changed_its_damage(loc, expected):
    """RULES.md, Unit abilities: "爆破 demolition（其自爆对敌多 1 点损伤）"; the table: "自爆 S | 休整 R |
    敌 −2，己 −1". The defender lost 3 where the table says 2: the pair says each side's change and
    names the ability with its effect."""
    state, a, b, _, rifle = battle("grenadier", "rifleman")
    play(state, a, "lay S")
    step = play(state, b, "lay R")
    assert rifle.id not in state.units
    assert expected in _lines(state, step.events, loc)


@pytest.mark.parametrize("loc,expected", [
    ("en", "Pair 3: the attacker's Rest against the defender's Rest: defender +2; durability left: attacker 3, "
           "defender 3. Medic (Field Medics): its Rest recovers 2, not 1."),
    ("zh-CN", "第 3 组：进攻方 休整 对 防守方 休整：防守方 +2；剩余耐久：进攻方 3，防守方 3。医护（野战医疗队）：休整回复 2 点而不是 1 点。")])
def test_a_medic_s_rest_is_named_where_it_recovers_two(loc, expected):
    """RULES.md, Unit abilities: "医护 medic（其休整回复 2）"; the table: "休整 R | 休整 R | 双方 +1"."""
    state, a, b, _, _ = battle("stormtrooper", "fieldmedic")
    play(state, a, "lay ADR")
    step = play(state, b, "lay DAR")  # the medic −1, −1, then +2 from 1 (+1 would leave it at 2)
    assert expected in _lines(state, step.events, loc)


def test_a_pair_with_no_ability_names_none_and_a_medic_at_full_is_not_named():
    """The note says what changed a number: a Medic resting at full durability changed nothing."""
    state, a, b, _, _ = battle("rifleman", "fieldmedic")
    play(state, a, "lay D")
    step = play(state, b, "lay R")
    assert "Pair 1: the attacker's Defend against the defender's Rest: no change; durability left: attacker 3, " \
           "defender 3." in _lines(state, step.events, "en")


def test_the_aegis_shield_is_named_in_the_pair_it_cancels():
    """RULES.md: "宙斯盾 Aegis | 单位对单位开始时掷一次硬币，正面抵消第一点损伤". The damage and its
    cancelling are one term of the pair (session 17: "defender: no change … Aegis cancels 1 point
    of damage to Riflemen." read as a contradiction); a log from before reads as it did."""
    state, step, rifle = aegis_heads("stormtrooper", "A", "A")
    lines = _lines(state, step.events, "en")
    assert "Pair 1: the attacker's Attack against the defender's Attack: attacker −1, defender −1 (cancelled " \
           "by Aegis); durability left: attacker 2, defender 3." in lines, lines
    assert "第 1 组：进攻方 攻击 对 防守方 攻击：进攻方 −1、防守方 −1（被宙斯盾抵消）；剩余耐久：进攻方 2，防守方 3。" \
        in _lines(state, step.events, "zh-CN"), _lines(state, step.events, "zh-CN")
    pair = next(e for e in step.events if e.key == "conflict.ev.pair")
    logged = {**{k: v for k, v in pair.params.items() if k not in ("ca", "cb")}, "why": [f"aegis {rifle.id}"]}
    assert GAME.text.event_lines(state, [("conflict.ev.pair", logged)], "en") == [  # an event of session 16
        "Pair 1: the attacker's Attack against the defender's Attack: attacker −1; durability left: "
        "attacker 2, defender 3. Aegis cancels 1 point of damage to Riflemen."]


@pytest.mark.parametrize("loc,sell,buy", [
    ("en", "{a} plays Trade: offers Riflemen to {b}; the asking price comes next.",
     "{b} plays Trade: asks {a} for Riflemen; the offer comes next."),
    ("zh-CN", "{a} 打出交易：向 {b} 出售 步枪兵，接下来标价。", "{b} 打出交易：向 {a} 求购 步枪兵，接下来出价。")])
def test_the_first_half_of_a_trade_has_its_line(loc, sell, buy):
    """RULES.md, Trade: "Sell your face-up unit or ask to buy another's, then name a price". The
    first half posted the board with no line at all."""
    state, a, b = bare(3, 3)
    rifle = unit(state, a, "rifleman", state.players[a].capital)
    state.players[b].res = 5
    step = play(state, a, f"sell {give(state, a, 'trade')} {rifle.id} {b}")
    names = {"a": state.players[a].name, "b": state.players[b].name}
    assert _lines(state, step.events, loc) == [sell.format(**names)]
    state.pending = None
    state.turn = b
    step = play(state, b, f"buy {give(state, b, 'trade')} {rifle.id}")
    assert _lines(state, step.events, loc) == [buy.format(**names)]


def test_each_step_of_a_draft_and_a_phase_ended_has_its_line():
    """Every step a seat takes posts a line: a draft, each term (public: the pending view shows
    them), a stop to the attacks, each phase ended."""
    state, a, b = bare(3, 3)
    pa, pb = state.players[a].name, state.players[b].name
    assert _lines(state, play(state, a, f"pact {give(state, a, 'pact')} {b}").events, "en") == [
        f"{pa} plays Strategic Agreement with {pb}: drafting up to four terms."]
    assert _lines(state, play(state, a, "term peace").events, "zh-CN") == [f"{pa} 在草案中加入条款：和平（互不攻击）。"]
    state.pending = None
    assert _lines(state, play(state, a, "next").events, "en") == [f"{pa} ends development: battle phase."]
    assert _lines(state, play(state, a, "next").events, "zh-CN") == [f"{pa} 结束战事阶段，进入战后发展阶段。"]
    assert _lines(state, play(state, a, "next").events, "en")[0] == f"{pa} ends the turn."


def test_a_face_down_unit_keeps_its_label_while_another_turns_up():
    """RULES.md: others see "only 'face-down unit #N'". Numbered among the face-down units, a
    turn face up renumbered the rest, and two lines in a row read "face-down unit #2" for two
    units: each keeps its number among the face-down units while it lies face down (session 17: the
    lowest free when it went face down, where its public id's number read "#33"), in both languages."""
    state, a, b = bare(3, 3)
    where = state.players[a].capital
    first, second, third = (unit(state, a, "rifleman", where, up=False) for _ in range(3))
    before = {loc: state_labels(state, None, loc) for loc in LOCALES}
    step = play(state, a, f"flip {first.id}")
    for loc in LOCALES:
        after = state_labels(state, None, loc)
        assert after[second.id] == before[loc][second.id] and after[third.id] == before[loc][third.id]
        assert len({before[loc][u.id] for u in (first, second, third)}) == 3
    assert _lines(state, step.events, "en") == [
        f"In {_terr(state, where, 'en')}, the face-down unit #1 turned face up: revealed as Riflemen."]
    assert before["zh-CN"][second.id] == "暗置单位 #2"


def test_a_face_down_label_tells_nothing_of_the_card():
    """The label comes from its number among the face-down units alone: another card under it reads the same."""
    state, a, b = bare(3, 3)
    hidden = unit(state, a, "rifleman", state.players[a].capital, up=False)
    before = state_labels(state, b, "en")[hidden.id]
    hidden.key = "heavytank"
    assert state_labels(state, b, "en")[hidden.id] == before


def _bomb(n: int):
    """Seat a, holding two other cards, bombs seat b's outer territory (a rifleman on it);
    (state, step, a, b, territory key)."""
    state, a, b = bare(3, n, to_battle)
    state.players[a].res = 5
    unit(state, a, "gunship", outer(state, a)[0])
    give(state, a, "spy"), give(state, a, "move")
    cid = give(state, a, "hbomb")
    target = outer(state, b)[0]
    unit(state, b, "rifleman", target)
    key = state.territories[target].key
    step = play(state, a, f"hbomb {cid} {target}")
    if state.pending is not None:  # a reaction window: let it happen
        step = play(state, b, "allow")
    return state, step, a, b, key


@pytest.mark.parametrize("loc,why", [
    ("en", "{a}'s Hydrogen-Uranium Bomb takes {terr} out of the game with every unit on it (the card: any rival "
           "territory but a capital leaves the game, kept by the user, never placed, no resources drawn for it)."),
    ("zh-CN", "{a} 的氢铀弹把 {terr} 连同其上所有单位移出游戏（卡牌效果：除首都外任一他方领地连同其上单位移出游戏，由使用者保管，"
              "不放置、不计抽资源）。")])
def test_a_territory_wiped_by_a_bomb_says_why_and_credits_nothing_with_two_players(loc, why):
    """RULES.md: "氢铀弹 … 除首都外任一他方领地连同其上单位移出游戏，由使用者保管（不放置、不计抽资源）";
    Nuclear Doomsday is a goal of three players or more ("成就与胜利目标 · 3 人以上"). With two, the
    line says why the territory left and no credit: "(credited to …)" meant nothing there."""
    state, step, a, b, key = _bomb(2)
    terr = localize_value(R.content().territories[key].name, loc)
    lines = _lines(state, step.events, loc)
    assert why.format(a=state.players[a].name, terr=terr) in lines, lines
    wiped = lines.index(why.format(a=state.players[a].name, terr=terr))
    assert any("Riflemen" in line or "步枪兵" in line for line in lines[wiped + 1:])  # its units after the cause


@pytest.mark.parametrize("loc,credit", [
    ("en", " It counts toward {a}'s Nuclear Doomsday: 1 territory wiped, {left} left on the map (the goal: at least "
           "as many wiped as left)."),
    ("zh-CN", "计入 {a} 的核末日：已毁 1 块，场上剩 {left} 块（已毁不少于剩余即达成）。")])
def test_with_three_players_the_wiped_territory_counts_toward_nuclear_doomsday(loc, credit):
    """RULES.md: "核末日 ⚖ 记在你名下的被氢铀弹毁掉的领地数 ≥ 场上剩余领地数"."""
    state, step, a, b, key = _bomb(3)
    lines = _lines(state, step.events, loc)
    text = credit.format(a=state.players[a].name, left=len(state.territories))
    assert any(line.endswith(text) for line in lines), lines


@pytest.mark.parametrize("loc,head,tail", [
    ("en", "{p}'s territories leave the board: ", " go to the bottom of the territory deck (a player who concedes "
                                                  "is out, their units are removed and their territories go back to the deck)."),
    ("zh-CN", "{p} 的领地离开地图：", " 放回领地牌堆底（认输的玩家出局，其单位移除，其领地回到领地牌堆底）。")])
def test_a_concession_says_where_the_territories_go(loc, head, tail):
    """RULES.md, Conceding: "多人局该玩家出局，其单位移除，其领地回到领地牌堆底，游戏继续". The
    territories left the board without a word."""
    state, a, b = bare(3, 3)
    lands = [tid for row in state.players[b].rows for tid in row]
    names = [_terr(state, tid, loc) for tid in lands]
    step = ENGINE.resign(state, b)
    line = next(x for x in _lines(state, step.events, loc) if x.startswith(head.format(p=state.players[b].name)))
    assert line.endswith(tail) and all(name in line for name in names), line


@pytest.mark.parametrize("loc,line", [
    ("en", "{a} uses Hydrogen-Uranium Bomb on {b}'s {terr}, paying 5 resource cards and discarding the rest of the "
           "hand (2 cards)."),
    ("zh-CN", "{a} 对 {b} 的{terr} 使用 氢铀弹，支付 5 张资源牌并弃掉其余 2 张手牌。")])
def test_a_special_attack_says_what_it_cost(loc, line):
    """RULES.md: "氢铀弹 H-U Bomb | 5 + 弃掉全部手牌": the hand went without a word."""
    state, step, a, b, key = _bomb(3)
    terr = localize_value(R.content().territories[key].name, loc)
    assert line.format(a=state.players[a].name, b=state.players[b].name, terr=terr) in _lines(state, step.events, loc)
    assert state.players[a].hand == []


@pytest.mark.parametrize("loc,said", [("en", "{p} does not save their own Light Tank."), ("zh-CN", "{p} 不救自己的轻型坦克。")])
def test_a_rescue_declined_names_the_unit_as_it_stood(loc, said):
    """RULES.md, Unit against unit: "seats are asked in order from the owner … each may give a
    retreat card, pay one resource, or pass". The pass came before the unit fell: "alice does not
    help Self-Propelled Gun (no longer in play)." read as if the help came too late. The owner
    is asked first, and saves its own unit rather than helping it (session 16)."""
    state, a, b, tank, crew = _tank_fight()
    state.players[b].res = 1  # b is asked (resources to give)
    play(state, a, "lay A")
    events = play(state, b, "lay S").events
    assert state.pending is not None and state.pending.kind == "doom"
    events += play(state, b, "pass").events
    assert tank.id not in state.units
    assert said.format(p=state.players[b].name) in _lines(state, events, loc)


@pytest.mark.parametrize("loc,said", [("en", "Tactical evasion: Riflemen escaped the blast and went back to {home}."),
                                      ("zh-CN", "战术回避：步枪兵 躲过爆炸，退回 {home}。")])
def test_an_evading_crew_leaves_a_bombed_territory_for_home(loc, said):
    """RULES.md, Tactical Evasion: "the unit cannot be attacked until your next turn (含特殊攻击)";
    the H-U Bomb takes the territory "连同其上单位". A crew under evasion inside a vehicle there
    stayed aboard and stood on a territory gone from the map; it gets off and goes home, said."""
    state, a, b = bare(3, 3, to_battle)
    state.players[a].res = 5
    unit(state, a, "gunship", outer(state, a)[0])
    cid = give(state, a, "hbomb")
    target = outer(state, b)[0]
    jeep, crew = unit(state, b, "jeep", target), unit(state, b, "rifleman", target)
    jeep.rider, crew.riding = crew.id, jeep.id
    state.players[b].evading.append(crew.id)
    step = play(state, a, f"hbomb {cid} {target}")
    home = state.players[b].capital
    assert jeep.id not in state.units and crew.loc == home and crew.riding is None
    assert not ENGINE.invariants(state)
    assert said.format(home=_terr(state, home, loc)) in _lines(state, step.events, loc)
