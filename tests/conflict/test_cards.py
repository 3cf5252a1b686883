"""Basic cards (move, maintain, retreat, trade) and every strategy card."""
import pytest

from games.conflict import ENGINE
from games.conflict import rules as R
from games.core import RuleError

from tests.conflict.helpers import bare, codes, fit, give, keys, outer, play, to_develop, unit


def dev(seed=3, n=3):
    return bare(seed, n, to_develop)


def test_move_within_own_rows_and_into_another_faction_needs_its_yes():
    state, a, b = dev()
    u = unit(state, a, "rifleman", outer(state, a)[0])
    cid = give(state, a, "move")
    inner = state.players[a].rows[0][0]
    assert f"move {cid} {u.id} {inner}" in codes(state, a)
    target = outer(state, b)[0]
    step = play(state, a, f"move {cid} {u.id} {target}")
    assert ENGINE.active_seats(state) == [b] and u.loc != target
    assert "conflict.ev.ask_move" in keys(step.events)
    assert codes(state, b) == {"yes", "no"}
    play(state, b, "yes")
    assert u.loc == target and ENGINE.active_seats(state) == [a]
    # refused: the unit stays
    u2 = unit(state, a, "rifleman", outer(state, a)[0])
    cid = give(state, a, "move")
    play(state, a, f"move {cid} {u2.id} {target}")
    play(state, b, "no")
    assert u2.loc == outer(state, a)[0]


def test_move_needs_a_crewed_vehicle():
    state, a, b = dev()
    v = unit(state, a, "jeep", outer(state, a)[0])
    give(state, a, "move")
    assert not any(c.split()[2] == v.id for c in codes(state, a) if c.startswith("move"))


def test_maintain_restores_one_on_own_territory_only():
    state, a, b = dev()
    mine, theirs = outer(state, a)[0], outer(state, b)[0]
    state.territories[mine].dur -= 1
    state.territories[theirs].dur -= 1
    cid = give(state, a, "maintain")
    assert f"maintain {cid} {theirs}" not in codes(state, a)
    play(state, a, f"maintain {cid} {mine}")
    assert state.territories[mine].dur == state.territories[mine].max


def test_retreat_brings_a_unit_home():
    state, a, b = dev()
    u = unit(state, a, "rifleman", outer(state, b)[0])
    cid = give(state, a, "retreat")
    play(state, a, f"retreat {cid} {u.id}")
    assert u.loc == R.fallback(state, a)


def test_trade_price_capped_at_twice_the_cost_and_waits_for_yes():
    state, a, b = dev()
    u = unit(state, a, "stormtrooper", outer(state, a)[0])  # cost 3
    state.players[b].res = 10
    cid = give(state, a, "trade")
    play(state, a, f"sell {cid} {u.id} {b}")
    prices = sorted(int(c.split()[1]) for c in codes(state, a))
    assert prices == list(range(0, 7))  # 标价不得超过原所需资源两倍
    with pytest.raises(RuleError):
        play(state, a, "price 7")
    step = play(state, a, "price 5")
    assert "conflict.ev.sell_offer" in keys(step.events) and ENGINE.active_seats(state) == [b]
    play(state, b, "yes")
    assert u.owner == b and state.players[b].res == 5 and state.players[a].res == 5
    assert u.loc == R.fallback(state, b)


def test_buying_a_character_asks_at_least_its_loyalty():
    state, a, b = dev()
    lin = unit(state, b, "general_lin", outer(state, b)[0])  # cost 4, loyalty 4
    state.players[a].res = 8
    cid = give(state, a, "trade")
    play(state, a, f"buy {cid} {lin.id}")
    prices = sorted(int(c.split()[1]) for c in codes(state, a))
    assert prices == list(range(4, 9))
    play(state, a, "price 4")
    play(state, b, "no")
    assert lin.owner == b and state.players[a].res == 8


def test_agreement_up_to_four_terms_recorded_and_peace_enforced_until_broken():
    state, a, b = dev()
    cid = give(state, a, "pact")
    play(state, a, f"pact {cid} {b}")
    play(state, a, "term peace")
    play(state, a, "term 互不侵犯北线")  # a custom term is typed, validated, kept as written
    with pytest.raises(RuleError) as err:
        play(state, a, "term peace")
    assert err.value.key == "conflict.err.bad_term"
    play(state, a, "term passage")
    play(state, a, "term trade")
    with pytest.raises(RuleError) as err:
        play(state, a, "term intel")
    assert err.value.key == "conflict.err.terms_full"
    play(state, a, "propose")
    step = play(state, b, "yes")
    pact = state.agreements[0]
    assert pact.terms == ["peace", "互不侵犯北线", "passage", "trade"]
    assert "conflict.ev.pact" in keys(step.events) and step.events[-1].to is None
    # peace: no attack on each other; passage: moving in needs no request
    ua = unit(state, a, "artillery", outer(state, a)[0])
    from games.conflict.legal import strike_targets
    assert not any(state.territories.get(t, None) and state.territories[t].owner == b for t in strike_targets(state, ua))
    mv = give(state, a, "move")
    play(state, a, f"move {mv} {ua.id} {outer(state, b)[0]}")
    assert ua.loc == outer(state, b)[0] and state.pending is None
    # 毁约 by either side ends it
    bk = give(state, a, "breakpact")
    play(state, a, f"breakpact {bk} {pact.id}")
    assert state.agreements == []


def test_general_withdrawal_brings_every_unit_abroad_home():
    state, a, b = dev()
    us = [unit(state, a, "rifleman", outer(state, b)[0]) for _ in range(2)]
    cid = give(state, a, "withdraw")
    play(state, a, f"withdraw {cid}")
    assert all(u.loc == R.fallback(state, a) for u in us)


def test_espionage_shows_hand_and_face_down_units_only_to_the_spy():
    state, a, b = dev()
    give(state, b, "aegis")
    unit(state, b, "sniper_ana", outer(state, b)[0], up=False)
    cid = give(state, a, "spy")
    step = play(state, a, f"spy {cid} {b}")
    report = [e for e in step.events if e.key == "conflict.ev.spy_report"][0]
    assert report.to == [a]
    assert "宙斯盾" in str(report.params["hand"]) and "狙击手安娜" in str(report.params["names"])
    assert all("宙斯盾" not in str(e.params) for e in step.events if e.to is None)


def test_economic_blockade_stops_resources_and_trade_and_the_user_cannot_attack():
    state, a, b = dev()
    cid = give(state, a, "blockade")
    play(state, a, f"blockade {cid} {b}")
    assert state.players[b].blockaded and state.players[a].no_attack_until == b
    R.start_turn(state, b, [])
    assert state.players[b].res == 0
    give(state, b, "trade")
    assert not any(c.startswith(("sell", "buy")) for c in codes(state, b))
    R.end_turn(state, [])
    assert not state.players[b].blockaded and state.players[a].no_attack_until is None


def test_tactical_reload_takes_a_basic_card_from_the_discard():
    state, a, b = dev()
    state.discard.append("attack")
    state.deck = [c for c in state.deck]  # unchanged; the discard holds an attack card
    for k, c in enumerate(state.deck):
        if c.key == "attack":
            state.deck.pop(k)
            break
    cid = give(state, a, "recall")
    assert f"recall {cid} attack" in codes(state, a)
    play(state, a, f"recall {cid} attack")
    assert [c.key for c in state.players[a].hand] == ["attack"]


def test_aid_policy_gives_a_hand_card_under_a_new_secret_id():
    state, a, b = dev()
    cid = give(state, a, "aid")
    gift = give(state, a, "aegis")
    step = play(state, a, f"aid {cid} {b} {gift}")
    got = state.players[b].hand[0]
    assert got.key == "aegis" and got.id != gift
    assert all(got.id not in str(e.params) for e in step.events if e.to != [b])


def test_airdrop_into_any_outer_territory():
    state, a, b = dev()
    u = unit(state, a, "rifleman", state.players[a].rows[0][0])
    cid = give(state, a, "airdrop")
    play(state, a, f"airdrop {cid} {u.id} {outer(state, b)[-1]}")
    assert u.loc == outer(state, b)[-1] and state.pending is None


def test_sabotage_destroys_a_hand_card_or_the_fitting():
    state, a, b = dev()
    give(state, b, "spy")
    fit(state, b, "aegis")
    cid = give(state, a, "wreck")
    play(state, a, f"wreck {cid} {b} hand")
    assert state.players[b].hand == []
    cid = give(state, a, "wreck")
    play(state, a, f"wreck {cid} {b} fit")
    assert state.players[b].upgrade is None


def test_network_intrusion_blocks_strategy_cards():
    state, a, b = dev()
    state.players[a].hacked = True
    cid = give(state, a, "spy")
    with pytest.raises(RuleError) as err:
        play(state, a, f"spy {cid} {b}")
    assert err.value.key == "conflict.err.hacked"
