"""Opening phase: alternate picks within the budget, caps, first player, deployment, ammunition."""
import pytest

from games.core import RuleError
from games.panzer import ENGINE
from tests.panzer.helpers import act, codes, keys, seats


def new(seed=3, **opts):
    return ENGINE.setup(seats(), ENGINE.parse_options({k: str(v) for k, v in opts.items()}), seed).state


def test_opening_1_dice_decide_the_first_pick_and_picks_alternate():
    step = ENGINE.setup(seats(), ENGINE.parse_options({}), 3)
    state = step.state
    rolls = [e for e in step.events if e.key == "core.roll"]
    a, b = rolls[-2].params["total"], rolls[-1].params["total"]
    assert a != b and state.seat == (0 if a > b else 1)
    first = state.seat
    act(state, "pick tiger")
    assert state.seat == 1 - first
    act(state, "pick t34_85")
    assert state.seat == first and state.picks[first] == ["tiger"]


def test_opening_1_caps_two_heavy_two_light_ten_tanks():
    state = new()
    s = state.seat
    state.draft_done[1 - s] = True  # the other side has stopped: s picks in a row
    state.picks[1 - s] = ["m4"]
    act(state, "pick tiger")
    act(state, "pick kv2")
    with pytest.raises(RuleError) as err:
        act(state, "pick is2")
    assert err.value.key == "panzer.err.too_many_heavy"
    state.picks[s] = ["bt7", "t26"]
    assert "pick crusader" not in codes(state)
    state.picks[s] = ["type97n"] * 10
    with pytest.raises(RuleError) as err:
        act(state, "pick type97n")
    assert err.value.key == "panzer.err.too_many"


def test_opening_1_budget_and_single_nation_bonus():
    state = new()
    s = state.seat
    state.draft_done[1 - s] = True
    # 7 × M4 (196) + M4A1 (32) = 228: only allowed thanks to the US bonus of 28
    state.picks[s] = ["m4"] * 7
    act(state, "pick m4a1")
    assert "pick m3" not in codes(state)
    # mixing in another nation drops the bonus: 196 + 14 (BT-7) = 210 > 200
    state.picks[s] = ["m4"] * 7
    with pytest.raises(RuleError) as err:
        act(state, "pick bt7")
    assert err.value.key == "panzer.err.over_budget" and err.value.params["limit"] == 200
    # a German-only army gets 27: 4 × Panther (160) + Pz IV H (30) + Pz IV D (18) = 208 ≤ 227
    state.picks[s] = ["panther"] * 4 + ["pz4h"]
    act(state, "pick pz4d")
    assert state.picks[s][-1] == "pz4d"


def _finish_draft(state, a, b):
    state.picks = [a, b]
    state.draft_done = [True, True]
    ENGINE._after_draft(state, [])
    return state


def test_opening_2_first_player_by_points_then_count_then_die():
    assert _finish_draft(new(), ["tiger"], ["m4"]).first == 1  # 48 pt against 28 pt
    assert _finish_draft(new(), ["m4", "m4"], ["panther", "t26", "t26"]).first == 0  # 56 pt against 64 pt
    s = _finish_draft(new(), ["pz4h"], ["type95", "type95", "type89"])  # 30 pt each, 1 tank against 3
    assert s.first == 0
    step_events = []
    s = new(seed=9)
    s.picks, s.draft_done = [["m4"], ["m3"]], [True, True]
    ENGINE._after_draft(s, step_events)
    die = next(e for e in step_events if e.key == "core.roll").params["total"]
    assert s.first == (0 if die <= 3 else 1)


def test_opening_3_side_deploy_in_zone_and_facing():
    state = _finish_draft(new(), ["tiger"], ["m4", "m4"])
    first = state.first
    act(state, "side south")
    assert state.sides[first] == "south" and state.sides[1 - first] == "north"
    tank = next(t for t in state.tanks if t.owner == first)
    before = ENGINE.dump_state(state)
    with pytest.raises(RuleError) as err:
        act(state, f"deploy {tank.id} e5")
    assert err.value.key == "panzer.err.not_in_zone"
    assert ENGINE.dump_state(state) == before  # a refused command changes nothing
    act(state, f"deploy {tank.id} e10")
    assert state.phase == "face"
    act(state, "face n")
    assert tank.hull == 0 and tank.turret == 0  # the turret starts along the hull
    assert state.seat == 1 - first


def _to_ammo(seed=4):
    state = _finish_draft(new(seed), ["tiger", "pz4h"], ["m4", "m4a1"])
    act(state, "side north")
    while state.phase in ("deploy", "face"):
        a = ENGINE.legal_actions(state, state.seat)[0]
        ENGINE.apply(state, state.seat, a)
    return state


def test_special_ammunition_is_secret_and_limited():
    state = _to_ammo()
    assert state.phase == "ammo" and set(ENGINE.active_seats(state)) == {0, 1}
    a = next(t for t in state.tanks if t.owner == 0)
    step = act(state, f"load {a.id} apfsds", seat=0)
    token = a.ammo[0].id
    assert all(e.to == [0] for e in step.events)
    with pytest.raises(RuleError) as err:
        act(state, f"load {a.id} apfsds", seat=0)
    assert err.value.key == "panzer.err.one_apfsds"
    act(state, f"load {a.id} hesh", seat=0)
    act(state, f"load {a.id} hesh", seat=0)
    assert token not in str(ENGINE.view(state, None)) and token not in str(ENGINE.view(state, 1))
    assert token in str(ENGINE.view(state, 0))
    # RULES (seed 002, opening): "背面放置【特种炮弹标志】(对方不可见具体种类)": the markers lie face
    # down, their kinds unseen. While both load in secret, the count is the loader's own; once
    # ready, the table is told how many each tank carries, and sees them on the board
    assert ENGINE.view(state, 0)["tanks"][0]["ammo"] == 3
    assert ENGINE.view(state, None)["tanks"][0]["ammo"] == 0 == ENGINE.view(state, 1)["tanks"][0]["ammo"]
    assert token in ENGINE.secrets(state)[0]
    act(state, "ready", seat=0)
    assert ENGINE.view(state, None)["tanks"][0]["ammo"] == 3 == ENGINE.view(state, 1)["tanks"][0]["ammo"]
    assert token not in str(ENGINE.view(state, None)) and token not in str(ENGINE.view(state, 1))


def test_special_ammunition_needs_two_kinds():
    state = _to_ammo()
    b = next(t for t in state.tanks if t.owner == 1)
    act(state, f"load {b.id} overcharge", seat=1)
    act(state, f"load {b.id} overcharge", seat=1)
    assert "ready" not in codes(state, 1)
    assert f"load {b.id} overcharge" not in codes(state, 1)
    with pytest.raises(RuleError) as err:
        act(state, "ready", seat=1)
    assert err.value.key == "panzer.err.ammo_kinds"
    act(state, f"load {b.id} hesh", seat=1)
    step = act(state, "ready", seat=1)
    assert "panzer.ev.ammo_ready" in keys(step)


def test_armies_opening_presets_and_custom_codes():
    state = new(opening="armies")
    assert set(ENGINE.active_seats(state)) == {0, 1}
    assert "army shermans" in codes(state, 0)
    with pytest.raises(RuleError) as err:
        act(state, "army tiger,tiger,maus", seat=0)
    assert err.value.key == "panzer.err.too_many_heavy"
    act(state, "army tiger,pz4h*2", seat=0)
    assert ENGINE.view(state, 1)["picks"] == [[], []]  # hidden until both chose
    tok = state.army_token[0]
    assert tok not in str(ENGINE.view(state, 1)) and tok in str(ENGINE.view(state, 0))
    act(state, "army guards", seat=1)
    assert state.picks[0] == ["tiger", "pz4h", "pz4h"] and state.phase == "side"


def test_validate_loadout_and_presets():
    assert ENGINE.validate_loadout("Tiger, pz4h*2") == "tiger,pz4h,pz4h"
    assert ENGINE.validate_loadout("shermans") == ENGINE.loadout_presets()["shermans"]
    for bad, key in [("tigr", "panzer.err.unknown_tank"), ("", "panzer.err.bad_army"), ("m4*x", "panzer.err.bad_army"),
                     ("panther*6", "panzer.err.over_budget"), ("bt7*3", "panzer.err.too_many_light")]:
        with pytest.raises(RuleError) as err:
            ENGINE.validate_loadout(bad)
        assert err.value.key == key
