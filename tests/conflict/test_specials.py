"""Special attacks, achievements, victory goals, elimination and conceding."""
from games.conflict import ENGINE, GAME
from games.conflict import rules as R
from games.conflict.present import describe

import pytest

from games.core import RuleError
from tests.conflict.helpers import (
    bare, codes, fit, give, keys, make_city, no_cities, outer, play, to_battle, unit,
)


def test_hydrogen_uranium_bomb_removes_a_territory_and_the_whole_hand():
    state, a, b = bare(phase=to_battle)
    state.players[a].res = 5
    give(state, a, "spy")
    cid = give(state, a, "hbomb")
    assert not any(c.startswith("hbomb") for c in codes(state, a))  # needs a flying unit
    unit(state, a, "gunship", outer(state, a)[0])
    cap_b = state.players[b].capital
    assert f"hbomb {cid} {cap_b}" not in codes(state, a)  # never the capital
    target = outer(state, b)[0]
    victim = unit(state, b, "rifleman", target)
    play(state, a, f"hbomb {cid} {target}")
    assert target not in state.territories and victim.id not in state.units
    assert state.players[a].res == 0 and state.players[a].hand == []
    assert len(state.players[a].nuked) == 1
    assert R.terr_count(state, a) == 4  # kept aside: not placed, no extra resources


def test_neutron_bomb_destroys_every_unit_in_a_city():
    """中子弹：「支付四张资源牌,消灭一个城市中的所有单位。需要有飞行能力的单位。」"""
    state, a, b = bare(phase=to_battle)
    state.players[a].res = 4
    unit(state, a, "paratroopers", outer(state, a)[0])
    cid = give(state, a, "neutron")
    tid = make_city(state, outer(state, b)[0])
    us = [unit(state, b, "rifleman", tid), unit(state, b, "militia", tid, up=False)]
    safe = unit(state, b, "militia", tid)
    state.players[b].evading.append(safe.id)
    play(state, a, f"neutron {cid} {tid}")
    assert all(u.id not in state.units for u in us)
    assert safe.id in state.units  # tactical evasion: no attack reaches it
    assert state.players[a].res == 0


@pytest.mark.parametrize("loc,bomb,empty", [
    ("en", "{a} uses Neutron Bomb on {b}'s {city}, paying 4 resource cards.", "No unit in {city} is destroyed."),
    ("zh-CN", "{a} 对 {b} 的{city} 使用 中子弹，支付 4 张资源牌。", "{city} 没有单位被消灭。")])
def test_the_neutron_bomb_s_lines_name_the_city_and_say_when_nobody_was_there(loc, bomb, empty):
    """Fifth newcomer playtest: "Bot 2 uses Neutron Bomb against alice." and nothing after it (the
    city it fell on held no unit), elsewhere "alice's Ace Pilot is destroyed.": which city? what
    happened? 中子弹「消灭一个城市中的所有单位」: the line names the city it falls on, and says
    so when no unit there is destroyed."""
    from games.core.i18n import localize_value
    from games.conflict.data import content

    state, a, b = bare(phase=to_battle)
    state.players[a].res = 8
    unit(state, a, "paratroopers", outer(state, a)[0])
    first, second = give(state, a, "neutron"), give(state, a, "neutron")
    tid = make_city(state, outer(state, b)[0])
    city = localize_value(content().territories[state.territories[tid].key].name, loc)
    for u in [u for u in state.units.values() if u.loc == tid]:
        del state.units[u.id]
    post = [(e.key, e.params) for e in play(state, a, f"neutron {first} {tid}").events if e.to is None]
    lines = GAME.text.event_lines(state, post, loc)
    names = {"a": state.players[a].name, "b": state.players[b].name, "city": city}
    assert bomb.format(**names) in lines and empty.format(city=city) in lines, lines
    victim = unit(state, b, "rifleman", tid)
    post = [(e.key, e.params) for e in play(state, a, f"neutron {second} {tid}").events if e.to is None]
    lines = GAME.text.event_lines(state, post, loc)
    assert victim.id not in state.units and bomb.format(**names) in lines and empty.format(city=city) not in lines, lines


def test_neutron_bomb_targets_only_cities():
    """中子弹「消灭一个城市中的所有单位」: a rival territory whose terrain is not a city cannot be
    targeted (clear message); with no rival city on the board the card cannot be played at all."""
    state, a, b = bare(phase=to_battle, seed=5)
    state.players[a].res = 4
    unit(state, a, "paratroopers", outer(state, a)[0])
    cid = give(state, a, "neutron")
    no_cities(state)
    rival = [t for g in range(state.n) if g != a for row in state.players[g].rows for t in row]
    assert not any(c.startswith("neutron") for c in codes(state, a))
    with pytest.raises(RuleError) as err:
        play(state, a, f"neutron {cid} {rival[0]}")
    assert err.value.key == "conflict.err.no_city"
    city, plain = make_city(state, rival[0]), rival[1]
    assert [c for c in codes(state, a) if c.startswith("neutron")] == [f"neutron {cid} {city}"]
    before = ENGINE.dump_state(state)
    with pytest.raises(RuleError) as err:
        play(state, a, f"neutron {cid} {plain}")
    assert err.value.key == "conflict.err.not_city"
    assert ENGINE.dump_state(state) == before  # a refused command changes nothing


def test_divine_punishment_four_damage_split_freely_needs_satellite():
    state, a, b = bare(phase=to_battle)
    state.players[a].res = 4
    cid = give(state, a, "smite")
    assert f"smite {cid} {b}" not in codes(state, a)
    fit(state, a, "satellite")
    play(state, a, f"smite {cid} {b}")
    assert state.pending.kind == "smite" and state.pending.points == 4
    t1, t2 = outer(state, b)[0], state.players[b].rows[0][-1]
    for t in (t1, t2):
        state.territories[t].dur = state.territories[t].max = 6
    play(state, a, f"hit {t1}")
    play(state, a, f"hit {t1}")
    play(state, a, f"hit {t2}")
    assert state.pending.points == 1
    play(state, a, f"hit {t2}")
    assert state.pending is None
    assert (state.territories[t1].dur, state.territories[t2].dur) == (4, 4)


def test_divine_punishment_reaches_the_capital_only_with_three_or_four_territories():
    from games.conflict.legal import smite_targets
    state, a, b = bare(phase=to_battle)
    cap = state.players[b].capital
    assert cap in smite_targets(state, b)  # four territories
    for _ in range(2):
        R.place_outer(state, b, R.new_terr(state, state.terr_deck.pop(), b).id)
    assert cap not in smite_targets(state, b)  # six


def test_emp_disables_fitting_and_vehicles_until_the_end_of_the_target_turn():
    state, a, b = bare(phase=to_battle)
    state.players[a].res = 4
    cid = give(state, a, "emp")
    unit(state, a, "rifleman", state.players[a].rows[0][0])  # a unit garrisoned at home
    fit(state, b, "engine")
    tank = unit(state, b, "lighttank", outer(state, b)[0])
    crew = unit(state, b, "rifleman", outer(state, b)[0])
    tank.rider, crew.riding = crew.id, tank.id
    play(state, a, f"emp {cid} {b}")
    assert not R.has_up(state, b, "engine") and not R.can_act(state, tank)
    assert R.stats(state, tank)[:2] == (0, 0)
    R.start_turn(state, b, [])
    R.end_turn(state, [])
    assert R.has_up(state, b, "engine") and R.can_act(state, tank)


def test_bio_plague_costs_four_and_wears_every_capital():
    state, a, b = bare(phase=to_battle)
    state.players[a].res = 4
    cid = give(state, a, "plague")
    caps = {s: state.territories[state.players[s].capital].dur for s in range(3)}
    play(state, a, f"plague {cid}")
    assert all(state.territories[state.players[s].capital].dur == max(1, caps[s] - 1) for s in range(3))
    assert state.players[a].res == 0


def test_network_intrusion_needs_central_brain():
    state, a, b = bare(phase=to_battle)
    state.players[a].res = 3
    cid = give(state, a, "hack")
    assert f"hack {cid} {b}" not in codes(state, a)
    fit(state, a, "brain")
    play(state, a, f"hack {cid} {b}")
    assert state.players[b].hacked


def test_assassination_moves_the_character_and_kills_on_heads():
    outcomes = set()
    for seed in range(1, 30):
        state, a, b = bare(phase=to_battle, seed=seed)
        state.players[a].res = 3
        cid = give(state, a, "assassinate")
        killer = unit(state, a, "commando_ivan", outer(state, a)[0])
        victim = unit(state, b, "general_lin", state.players[b].rows[0][0])
        tid = outer(state, b)[0]
        step = play(state, a, f"assassinate {cid} {killer.id} {tid} {victim.id}")
        coin = next(e for e in step.events if e.key == "core.roll")
        assert killer.loc == tid
        assert (victim.id not in state.units) == (coin.params["total"] == 1)
        outcomes.add(coin.params["total"])
        if outcomes == {0, 1}:
            return
    raise AssertionError("the coin never showed both faces")


def test_ayrus_field_voids_a_special_attack_by_paying_its_cost_but_not_assassination():
    state, a, b = bare(phase=to_battle)
    state.players[a].res = 4
    state.players[b].res = 4
    fit(state, b, "ayrus")
    unit(state, a, "paratroopers", outer(state, a)[0])
    cid = give(state, a, "neutron")
    tid = make_city(state, outer(state, b)[0])
    victim = unit(state, b, "rifleman", tid)
    play(state, a, f"neutron {cid} {tid}")
    assert "void" in codes(state, b)
    play(state, b, "void")
    assert victim.id in state.units and state.players[b].res == 0
    # assassination cannot be voided
    state, a, b = bare(phase=to_battle)
    state.players[a].res = 3
    state.players[b].res = 3
    fit(state, b, "ayrus")
    cid = give(state, a, "assassinate")
    k = unit(state, a, "commando_ivan", outer(state, a)[0])
    v = unit(state, b, "general_lin", outer(state, b)[0])
    play(state, a, f"assassinate {cid} {k.id} {outer(state, b)[0]} {v.id}")
    assert state.pending is None


def test_elimination_when_the_last_territory_falls_and_conquest_in_two_players():
    state, a, b = bare(phase=to_battle, n=2)
    p = state.players[b]
    last = p.rows[-1][0]
    for tid in [t for r in p.rows for t in r if t != last]:
        R.detach(state, tid)
        del state.territories[tid]
    ua = unit(state, a, "artillery", outer(state, a)[0])
    state.territories[last].dur = 1
    cid = give(state, a, "attack")
    play(state, a, f"attack {cid}")
    step = play(state, a, f"strike {ua.id} {last}")
    assert not p.alive and "conflict.ev.eliminated" in keys(step.events)
    out = ENGINE.outcome(state)
    assert out.winners == [a] and out.reason == "conflict.outcome" and out.params["goal"] == "@conflict.goal.conquest"
    assert "loser" not in p.achievements  # achievements are for 3 or more players


def knock_out(state, a, victim, ua=None):
    """Leave the victim one territory at 1 and take it with a strike."""
    p = state.players[victim]
    last = p.rows[-1][0]
    for tid in [t for r in p.rows for t in r if t != last]:
        R.detach(state, tid)
        del state.territories[tid]
    state.territories[last].dur = 1
    if ua is None:
        ua = unit(state, a, "artillery", outer(state, a)[0])
    ua.strikes = 0
    state.pending = None
    state.assault = True
    return play(state, a, f"strike {ua.id} {last}")


def test_achievements_first_attacker_last_attacker_loser_and_boss():
    state, a, b = bare(phase=to_battle, n=4)
    c, d = (a + 2) % 4, (a + 3) % 4
    ua = unit(state, a, "artillery", outer(state, a)[0])
    cid = give(state, a, "attack")
    play(state, a, f"attack {cid}")
    play(state, a, f"strike {ua.id} {outer(state, b)[0]}")
    assert "antipeace" in state.players[a].achievements  # 反和平: first to attack
    for s in (b, c):
        R.note_attack(state, s, [])
    assert "envoy" in state.players[d].achievements  # 和平使者: the last one still at peace
    # 失败者: the first eliminated chooses who gets all their cards; if it is the 反和平
    # holder, that player becomes 继承者BOSS
    give(state, b, "spy")
    state.players[b].res = 2
    knock_out(state, a, b, ua)
    assert "loser" in state.players[b].achievements and state.pending.kind == "bequeath"
    assert ENGINE.active_seats(state) == [b]
    hand_before = len(state.players[a].hand)
    play(state, b, f"bequeath {a}")
    assert "boss" in state.players[a].achievements
    assert len(state.players[a].hand) == hand_before + 1 + 4  # the gift, then BOSS draws four
    assert all(state.territories[t].dur == state.territories[t].max for r in state.players[a].rows for t in r)
    assert R.hand_limit(state, a) is None


def test_peace_envoy_may_maintain_other_territories():
    state, a, b = bare(phase=to_battle, n=3)
    state.players[a].achievements.append("envoy")
    state.phase = "develop"
    tid = outer(state, b)[0]
    state.territories[tid].dur -= 1
    cid = give(state, a, "maintain")
    assert f"maintain {cid} {tid}" in codes(state, a)


def test_just_world_eliminating_the_boss_wins():
    state, a, b = bare(phase=to_battle, n=3)
    state.players[b].achievements.append("boss")
    knock_out(state, a, b)
    out = ENGINE.outcome(state)
    assert out.winners == [a] and out.reason == "conflict.outcome" and out.params["goal"] == "@conflict.goal.justice"


def test_anti_peace_holder_eliminated_gives_hand_and_fitting_to_the_eliminator():
    state, a, b = bare(phase=to_battle, n=3)
    c = (b + 1) % 3
    state.players[c].out = "eliminated"  # someone already fell: b is not the first (no bequest)
    state.players[b].achievements.append("antipeace")
    give(state, b, "spy")
    fit(state, b, "aegis")
    knock_out(state, a, b)
    assert sorted(c.key for c in state.players[a].hand) == ["aegis", "spy"]


def test_economic_supremacy_lowers_deploy_cost_and_source_of_disaster():
    state, a, b = bare(phase=to_battle, n=3)
    state.players[a].res = 9
    base = R.cdef("stormtrooper").cost - (1 if R.talent(state, a) == "unit_discount" else 0)
    assert R.economy_holder(state) == a
    assert R.deploy_cost(state, a, "stormtrooper") == max(0, base - 1)
    state.players[b].res = 9
    assert R.economy_holder(state) is None  # a tie holds no supremacy
    # 灾难之源: the first nuke user; later nuclear hits are credited to them
    state.players[a].res = 4
    unit(state, a, "paratroopers", outer(state, a)[0])
    cid = give(state, a, "neutron")
    play(state, a, f"neutron {cid} {make_city(state, outer(state, b)[0])}")
    assert "doom" in state.players[a].achievements


def test_divine_judge_awarded_for_eliminating_with_divine_punishment():
    state, a, b = bare(phase=to_battle, n=3)
    p = state.players[b]
    keep = p.rows[-1][0]
    for tid in [t for r in p.rows for t in r if t != keep]:
        R.detach(state, tid)
        del state.territories[tid]
    state.territories[keep].dur = 1
    fit(state, a, "satellite")
    state.players[a].res = 4
    cid = give(state, a, "smite")
    play(state, a, f"smite {cid} {b}")
    play(state, a, f"hit {keep}")
    assert not p.alive and "judge" in state.players[a].achievements
    assert R.special_cost(state, a, "smite") == 3  # 神罚 costs one less from now on


def test_nuclear_doomsday_when_bombed_territories_match_those_left():
    state, a, b = bare(phase=to_battle, n=3)
    state.players[a].nuked = ["x"] * (len(state.territories) - 1)
    state.players[a].res = 5
    unit(state, a, "gunship", outer(state, a)[0])
    cid = give(state, a, "hbomb")
    play(state, a, f"hbomb {cid} {outer(state, b)[0]}")
    out = ENGINE.outcome(state)
    assert out is not None and out.winners == [a]
    assert out.reason == "conflict.outcome" and out.params["goal"] == "@conflict.goal.doomsday"


def test_resign_in_two_players_the_other_wins_and_in_more_the_game_goes_on():
    state, a, b = bare(phase=to_battle, n=2)
    ENGINE.resign(state, b)
    assert ENGINE.outcome(state).winners == [a]
    state, a, b = bare(phase=to_battle, n=3)
    unit(state, a, "rifleman", outer(state, b)[0])
    ENGINE.resign(state, a)  # the turn player concedes: the turn passes on
    assert ENGINE.outcome(state) is None and state.turn != a
    assert ENGINE.invariants(state) == []
    assert not any(u.owner == a for u in state.units.values())


def test_round_cap_ends_by_territories_then_durability():
    state, a, b = bare(phase=to_battle, n=3)
    state.round = state.max_rounds
    state.first = (a + 1) % 3
    R.place_outer(state, b, R.new_terr(state, state.terr_deck.pop(), b).id)
    state.phase = "post"
    play(state, a, "next")
    out = ENGINE.outcome(state)
    assert out is not None and out.winners == [b]
    assert out.reason == "conflict.outcome" and out.params["goal"] == "@conflict.goal.cap"


def test_anti_peace_draws_two_cards_for_each_capture():
    state, a, b = bare(phase=to_battle, n=3)
    state.players[a].achievements.append("antipeace")
    ua = unit(state, a, "artillery", outer(state, a)[0])
    target = outer(state, b)[0]
    state.territories[target].dur = 1
    cid = give(state, a, "attack")
    play(state, a, f"attack {cid}")
    step = play(state, a, f"strike {ua.id} {target}")
    assert state.territories[target].owner == a
    assert len(state.players[a].hand) == 2 and "conflict.ev.antipeace_draw" in keys(step.events)


def test_source_of_disaster_takes_the_credit_for_later_bombs():
    state, a, b = bare(phase=to_battle, n=3)
    c = (b + 1) % 3
    state.players[c].achievements.append("doom")
    state.players[a].res = 5
    unit(state, a, "gunship", outer(state, a)[0])
    cid = give(state, a, "hbomb")
    play(state, a, f"hbomb {cid} {outer(state, b)[0]}")
    assert len(state.players[c].nuked) == 1 and state.players[a].nuked == []
    assert "doom" not in state.players[a].achievements


def test_tactical_evasion_card():
    state, a, b = bare(phase=to_battle, n=3)
    state.phase = "develop"
    u = unit(state, a, "rifleman", outer(state, a)[0])
    cid = give(state, a, "evade")
    play(state, a, f"evade {cid} {u.id}")
    assert state.players[a].evading == [u.id]
    from games.conflict.legal import strike_targets
    enemy = unit(state, b, "artillery", outer(state, b)[0])
    assert u.id not in strike_targets(state, enemy)


def test_the_first_fallen_may_concede_instead_of_naming_an_heir():
    state, a, b = bare(phase=to_battle, n=3)
    give(state, b, "spy")
    knock_out(state, a, b)
    assert state.pending.kind == "bequeath"
    ENGINE.resign(state, b)
    assert state.pending is None and ENGINE.active_seats(state) == [a]
    assert ENGINE.invariants(state) == []


@pytest.mark.parametrize("loc,label,said", [
    ("en", "Give to nobody: your cards are discarded",
     "{b} leaves nothing to anyone: 1 card and 2 resource cards are discarded."),
    ("zh-CN", "不交给任何人：你的牌弃掉", "{b} 不把牌交给任何人：1 张牌和 2 张资源牌弃掉。")])
def test_the_first_fallen_may_give_to_nobody_from_the_menu(loc, label, said):
    """RULES.md: 失败者"被消灭时可将所有牌交给指定一人"：*可*交，也可不交。不交……则这些牌进弃牌堆、资源作废，
    无人继承。 / declining discards the cards and the resources, and nobody inherits. Playtest (issue 18): only
    /game concede declined; the heir menu now lists "give to nobody", with conceding's effect."""
    state, a, b = bare(phase=to_battle, n=3)
    cid = give(state, b, "spy")
    state.players[b].res = 2
    knock_out(state, a, b)
    assert state.pending.kind == "bequeath"
    acts = ENGINE.legal_actions(state, b)
    nobody = ENGINE.parse_action("nobody")
    assert nobody in acts and acts[-1] == nobody  # after the heirs, so a bot's first choice is unchanged
    assert describe(ENGINE, state, b, nobody, loc) == label
    hands = [len(p.hand) for p in state.players]
    res = [p.res for p in state.players]
    step = play(state, b, "nobody")
    assert state.pending is None and ENGINE.active_seats(state) == [a]
    assert state.players[b].hand == [] and state.players[b].res == 0 and "spy" in state.discard
    assert [len(p.hand) for i, p in enumerate(state.players) if i != b] == [h for i, h in enumerate(hands) if i != b]
    assert [p.res for i, p in enumerate(state.players) if i != b] == [r for i, r in enumerate(res) if i != b]
    assert ENGINE.invariants(state) == []
    name = state.players[b].name
    assert said.format(b=name) in GAME.text.event_lines(state, [(e.key, e.params) for e in step.events], loc)
    assert cid not in [c.id for p in state.players for c in p.hand]


@pytest.mark.parametrize("loc,said", [
    ("en", "You are out of the game. The first player out (The Loser) may leave everything to one player: "
           "choose who gets your 2 cards and 3 resource cards, or give them to nobody (they are discarded)."),
    ("zh-CN", "你已出局。第一个被消灭的玩家（失败者）可以把所有牌交给一名玩家：请选择谁得到你的 2 张牌和 3 张资源牌；"
              "也可以不交给任何人（牌弃掉）。")])
def test_the_first_fallen_is_told_what_the_heir_prompt_is_about(loc, said):
    """Fifth newcomer playtest: right after "alice 被 机器人3 消灭。" the DM read "alice 离开游戏：请选择。
    1. 遗赠 — 3 个选项" (alice leaves the game: choose. Bequeath — 3 choices): about herself in the
    third person, and not what is chosen or why. 失败者: "第一个被消灭 … 被消灭时把所有牌（手牌、装配、
    资源）交给指定的一人"; the source: "被消灭时*可*将所有牌交给指定一人" (may: the zh prompt said 须,
    must, and neither said how to decline, which conceding at the prompt does)."""
    state, a, b = bare(phase=to_battle, n=3)
    give(state, b, "spy")
    give(state, b, "maintain")
    state.players[b].res = 3
    knock_out(state, a, b)
    assert state.pending.kind == "bequeath" and ENGINE.active_seats(state) == [b]
    assert GAME.text.prompt(state, b, loc) == said


def test_seats_in_play_the_eliminated_leave_once_the_loser_has_bequeathed():
    """RULES.md: "失去全部领地的玩家被消灭（其单位移除）。 A player with no territory left is
    eliminated." and 失败者 "第一个被消灭 … 被消灭时把所有牌（手牌、装配、资源）交给指定的一人":
    the first to fall stays in play until it has named the heir, then leaves for good; the
    next to fall leaves at once; "任何时候可以认输 … 多人局该玩家出局" takes a seat out too."""
    state, a, b = bare(phase=to_battle, seed=3, n=4)
    c, d = (a + 2) % 4, (a + 3) % 4
    give(state, b, "spy")
    ua = unit(state, a, "artillery", outer(state, a)[0])
    knock_out(state, a, b, ua)
    assert state.pending.kind == "bequeath" and ENGINE.active_seats(state) == [b]
    assert ENGINE.seats_in_play(state) == [0, 1, 2, 3]
    play(state, b, f"bequeath {a}")
    assert ENGINE.seats_in_play(state) == sorted({a, c, d})
    knock_out(state, a, c, ua)
    assert ENGINE.seats_in_play(state) == sorted({a, d}) and ENGINE.outcome(state) is None
    ENGINE.resign(state, d)
    assert ENGINE.outcome(state).winners == [a] and ENGINE.seats_in_play(state) == []
