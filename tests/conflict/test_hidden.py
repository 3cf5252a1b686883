"""Secrets proven hidden (issue 17): whom the game waits for never depends on cards in a
hand, and the determinization keeps what a seat has seen of others' secrets."""
import random

from games.conflict import ENGINE
from games.conflict import rules as R

from tests.conflict.helpers import codes, give, outer, play, unit
from tests.conflict.test_battle import fight_to_doom, setup_battle, strike_unit


def test_the_escape_window_opens_whether_or_not_the_defender_holds_a_retreat_card():
    # RULES.md: "躲避 Escape（反应窗口）：被攻击的单位可打撤退卡退回首都，攻击落空。" ⚖ The window opens
    # whenever the defender might hold a retreat card by what the table sees (any card in hand),
    # so that "waiting for P1" does not tell the table a retreat card is there.
    waits = {}
    for key in ("retreat", "move"):
        state, a, b = setup_battle(seed=3)
        give(state, b, key)
        ua, ub = strike_unit(state, a, b)
        waits[key] = (state.pending.kind, ENGINE.active_seats(state), codes(state, b))
    assert waits["retreat"][:2] == waits["move"][:2] == ("react", [b])
    assert any(c.startswith("escape") for c in waits["retreat"][2])
    assert waits["move"][2] == {"allow"}  # nothing to answer with: allowing is the only choice
    # an empty hand is seen by all: no window then
    state, a, b = setup_battle(seed=3)
    strike_unit(state, a, b)
    assert state.pending.kind == "combat"


def test_the_rescue_asks_every_seat_that_might_hold_a_retreat_card():
    # RULES.md: "紧急撤退 / 协助撤退：单位即将被消灭时，从其主人开始按座位顺序询问（不问击毁它的一方）：
    # 每人可 cover 交一张撤退卡、fund 付一张资源牌、或 pass。" ⚖ Asked: every seat with resources or any
    # card in hand, as the table sees it; not only those that hold a retreat card.
    state, a, b = setup_battle(seed=3)
    give(state, b, "move")  # no resources, and not a retreat card
    fight_to_doom(state, a, b)
    assert state.pending.kind == "doom" and ENGINE.active_seats(state) == [b]
    assert codes(state, b) == {"pass"}


def _hidden_keys(state, seat):
    return [c.key for c in state.players[seat].hand]


def test_determinize_keeps_the_seats_own_secrets_and_draws_the_others_again():
    state, a, b = setup_battle(seed=3)
    for key in ("retreat", "spy", "attack"):
        give(state, a, key)
        give(state, b, key)
    hidden = unit(state, b, "rifleman", outer(state, b)[0], up=False)
    before = ENGINE.dump_state(state)
    seen = set()
    for k in range(20):
        other = ENGINE.determinize(state, a, random.Random(k))
        assert _hidden_keys(other, a) == _hidden_keys(state, a)
        assert ENGINE.view(other, a) == ENGINE.view(state, a)
        seen.add((tuple(_hidden_keys(other, b)), other.units[hidden.id].key))
    assert ENGINE.dump_state(state) == before
    assert len(seen) > 10  # the other hand and the face-down card are drawn again


def test_what_espionage_showed_stays_known_to_the_spy_only():
    state, a, b = setup_battle(seed=3)
    c = 3 - a - b
    state.phase = "develop"
    for key in ("retreat", "maintain", "aid"):
        give(state, b, key)
    hidden = unit(state, b, "sniper_ana", outer(state, b)[0], up=False)
    play(state, a, f"spy {give(state, a, 'spy')} {b}")
    spied = sorted(_hidden_keys(state, b))
    for k in range(10):
        other = ENGINE.determinize(state, a, random.Random(k))
        assert sorted(_hidden_keys(other, b)) == spied and other.units[hidden.id].key == "sniper_ana"
    drawn = {(tuple(sorted(_hidden_keys(o, b))), o.units[hidden.id].key)
             for o in (ENGINE.determinize(state, c, random.Random(k)) for k in range(10))}
    assert len(drawn) > 1  # a seat that did not spy knows nothing of it


def test_a_face_down_card_costs_what_was_paid_for_it_in_the_open():
    # the payment for a face-down deployment is public: the hidden card is drawn among cards of that cost
    state, a, b = setup_battle(seed=3)
    state.phase, state.turn = "develop", b
    state.players[b].res = 9
    cid = give(state, b, "artillery")  # cost 4
    play(state, b, f"deploy {cid} {outer(state, b)[0]} down")
    uid = next(u.id for u in state.units.values() if not u.up)
    assert state.players[b].res == 9 - R.deploy_cost(state, b, "artillery")
    drawn = {ENGINE.determinize(state, a, random.Random(k)).units[uid].key for k in range(30)}
    paid = 9 - state.players[b].res
    assert len(drawn) > 1 and all(R.deploy_cost(state, b, k) == paid for k in drawn)
