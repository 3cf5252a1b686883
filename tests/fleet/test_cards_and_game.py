"""Sub-weapons, event zones, victory conditions, fleet building, views and secrets."""
import json
from pathlib import Path

import pytest

from games.core import RuleError, Seat
from games.core.i18n import t
from games.fleet import ENGINE, GAME
from games.fleet.data import load_data
from tests.fleet.helpers import (MECH_DECK, SHIP_DECK, act, clear_hands, dice, fleet, give, keys, mech, my_turn,
                                 new_game, pass_windows, put)


def game(f0=None, f1=None, ap=4, goals=("annihilation", "annihilation")):
    s = new_game(f0 or fleet(), f1 or fleet(), goals=goals)
    clear_hands(s)
    my_turn(s, 0, ap=ap)
    return s


def legal(s, seat):
    return {a.code() for a in ENGINE.legal_actions(s, seat)}


# --- ship sub-weapons -------------------------------------------------------------------
def test_emp_stops_enemy_mechs_two_turns():
    s = game(ap=2)
    put(s, "b1", "C3")
    cid = give(s, 0, "emp")
    act(s, 0, f"play {cid} C3")
    assert mech(s, "b1").stun == 2
    act(s, 0, "end")
    assert "order b1" not in legal(s, 1)
    act(s, 1, "end"), act(s, 0, "end")
    assert "order b1" not in legal(s, 1)
    act(s, 1, "end"), act(s, 0, "end")
    assert "order b1" in legal(s, 1)


def test_repair_bot_heals_10():
    s = game()
    s.sides[0].ship.hp = 10
    act(s, 0, f"play {give(s, 0, 'repair_bot')} -")
    assert s.sides[0].ship.hp == 20


def test_turret_costs_energy_and_fires_each_turn():
    s = game()
    s.sides[0].ship.energy = 1
    put(s, "b1", "C3")
    act(s, 0, f"play {give(s, 0, 'turret')} -")
    assert s.sides[0].turret and s.sides[0].ship.energy == 0
    act(s, 0, "turret b1")
    assert mech(s, "b1").hp == 2 and "turret b1" not in legal(s, 0)


def test_deck_bomb_answers_a_launch():
    s = game()
    bomb = give(s, 1, "deck_bomb")
    act(s, 0, "launch a1 zack L2")
    assert s.pending[0].seat == 1 and f"react {bomb} -" in legal(s, 1)
    act(s, 1, f"react {bomb} -")
    m = mech(s, "a1")
    assert m.status == "hangar" and m.banned_until == s.round + 5 and s.ap == 3
    assert s.sides[0].pilots[0].status == "ready"
    assert not any(c.startswith("launch a1") for c in legal(s, 0))


def test_launch_attaches_face_down_cards_and_recall_shuffles_them_back():
    s = game()
    c1, c2, c3 = give(s, 0, "smoke"), give(s, 0, "booster"), give(s, 0, "grenade")
    step = act(s, 0, "launch a1 zack L2")
    assert s.pending[0].kind == "attach"
    act(s, 0, f"attach {c1}")
    step = act(s, 0, f"attach {c2}")
    assert legal(s, 0) == {"go"}
    act(s, 0, "go")
    assert [c.id for c in mech(s, "a1").cards] == [c1, c2]
    public = json.dumps(ENGINE.view(s, 1), ensure_ascii=False)
    public += json.dumps([e.model_dump() for e in step.events if e.visible_to(1)], ensure_ascii=False)
    assert c1 not in public and c2 not in public and "booster" not in public
    pile = len(s.sides[0].mech_pile)
    act(s, 0, "recall a1")
    assert len(s.sides[0].mech_pile) == pile + 2 and mech(s, "a1").cards == []


def test_spy_drone_sees_one_and_discards_another():
    s = game()
    give(s, 1, "emp"), give(s, 1, "warp_shield")
    spy = give(s, 0, "spy_drone")
    step = act(s, 0, f"play {spy} -")
    seen = [e for e in step.events if e.key == "fleet.card.spy_seen"]
    assert seen and seen[0].to == [0]
    assert len(s.sides[1].hand) == 1 and s.ap == 3


def test_warp_shield_reflects_and_convert_shield_gives_energy():
    s = game(fleet("bull", "heat_ray"), fleet("bull", "heat_ray"))
    warp = give(s, 1, "warp_shield")
    dice(s, 1, 20)
    act(s, 0, "fire heat_ray ship")
    act(s, 1, f"react {warp} -")
    assert s.sides[1].ship.hp == 25 and s.sides[0].ship.hp == 22
    conv = give(s, 1, "convert_shield")
    dice(s, 1, 20)
    act(s, 0, "fire heat_ray ship")
    act(s, 1, f"react {conv} -")
    assert s.sides[1].ship.hp == 25 and s.sides[1].ship.energy == 3


def test_drain_field_cancels_gathering_and_ends_the_turn():
    s = game(ap=4)
    drain = give(s, 1, "drain_field")
    act(s, 0, "gather")
    assert s.pending[0].seat == 1
    act(s, 1, f"react {drain} -")
    assert s.turn == 1 and s.sides[0].ship.energy == 0
    s2 = game(ap=4)
    give(s2, 1, "drain_field")
    act(s2, 0, "gather")
    act(s2, 1, "pass")
    assert s2.sides[0].ship.energy == 2 and s2.turn == 0


def test_advanced_weapon_system_pick_one_of_three():
    s = game()
    s.sides[0].ship.energy = 1
    top = [c.id for c in s.sides[0].ship_pile[:3]]
    step = act(s, 0, f"play {give(s, 0, 'adv_weapons')} -")
    assert [e.to for e in step.events if e.key == "fleet.card.adv_top"] == [[0]]
    assert legal(s, 0) == {f"pick {cid}" for cid in top}
    act(s, 0, f"pick {top[1]}")
    assert s.sides[0].hand[-1].id == top[1]
    assert top[1] not in {c.id for c in s.sides[0].ship_pile} and {top[0], top[2]} <= {c.id for c in s.sides[0].ship_pile}


# --- mech sub-weapons -------------------------------------------------------------------
def _with_card(card, zone="C3"):
    s = game(fleet("bull", "heavy_vulcan", "sword"), fleet("bull", "heavy_vulcan", "kagami,magatama", "tim", "zack,hans"))
    put(s, "a1", zone)
    cid = s.rng.token("c")
    from games.fleet.state import Card
    mech(s, "a1").cards.append(Card(id=cid, card=card))
    return s, cid


def test_mech_cards_repair_smoke_ap_targeting():
    s, cid = _with_card("repair_kit")
    mech(s, "a1").hp = 1
    act(s, 0, f"use a1 {cid} -")
    assert mech(s, "a1").hp == 4
    for card, flag in (("smoke", "smoke"), ("ap_rounds", "ap_rounds"), ("targeting", "targeting")):
        s, cid = _with_card(card)
        act(s, 0, f"use a1 {cid} -")
        assert getattr(mech(s, "a1"), flag)


def test_booster_moves_forward_past_enemies():
    s, cid = _with_card("booster")
    put(s, "b1", "C3", "zack")
    act(s, 0, f"use a1 {cid} C4")
    assert mech(s, "a1").zone == "C4"


def test_grenade_hits_enemies_in_zone():
    s, cid = _with_card("grenade")
    put(s, "b1", "C3", "zack"), put(s, "b2", "C4", "hans")
    act(s, 0, f"use a1 {cid} -")
    assert mech(s, "b1").hp == 1 and mech(s, "b2").hp == 3


# --- event zones --------------------------------------------------------------------------
def test_entering_event_zone_draws_event():
    s = game()
    put(s, "a1", "L2")
    s.event_pile = ["minefield", "fog"]
    mech(s, "a1").acts = 2
    step = act(s, 0, "move a1 L3")
    assert "fleet.event.drawn" in keys(step) and mech(s, "a1").hp == 1
    mech(s, "a1").zone = "L2"
    act(s, 0, "move a1 L3")
    assert s.weather == "fog"


# --- victory ------------------------------------------------------------------------------
def test_victory_union_revealed_together():
    s = new_game(fleet(), fleet(), goals=("raid", "arms"))
    assert s.conditions == ["raid", "arms"]
    s = new_game(fleet(), fleet(), goals=("raid", "raid"))
    assert s.conditions == ["raid"]


def test_raid_wins_on_entering_enemy_ship_zone():
    s = game(goals=("raid", "raid"))
    put(s, "a1", "L4")
    mech(s, "a1").acts = 1
    act(s, 0, "move a1 L5")
    assert ENGINE.outcome(s).winners == [0] and s.reason == "fleet.win.raid"


def test_annihilation_needs_ship_and_field_mechs_gone():
    s = game(fleet("bull", "railgun"), fleet("hummingbird"))
    put(s, "b1", "C4")
    dice(s, 1, 20)
    act(s, 0, "fire railgun ship")
    assert s.sides[1].ship.destroyed and ENGINE.outcome(s) is None
    s.sides[0].ship.ammo["railgun"] = 1
    dice(s, 1, 20)
    act(s, 0, "fire railgun b1")
    pass_windows(s)  # the ship destroyed: a hidden captain might now strike with precision
    assert ENGINE.outcome(s).winners == [0] and s.reason == "fleet.win.annihilation"


def test_arms_race_counts_after_round_20():
    s = game(goals=("arms", "raid"), ap=2)
    s.round = 20
    s.first = 0
    s.sides[1].ship.hp = 20
    act(s, 0, "end")
    act(s, 1, "end")
    out = ENGINE.outcome(s)
    assert out.winners == [0] and s.reason == "fleet.win.arms"


def test_hard_cap_without_arms_race_uses_the_count():
    s = game(goals=("raid", "raid"), ap=2)
    s.round, s.first = 30, 0
    act(s, 0, "end")
    act(s, 1, "end")
    assert ENGINE.outcome(s).winners == [] and s.reason == "fleet.win.draw_count"


def test_resign_other_wins():
    s = game()
    ENGINE.resign(s, 0)
    assert ENGINE.outcome(s).winners == [1]


# --- fleet building -----------------------------------------------------------------------
def test_build_step_by_step_and_hidden_from_opponent():
    step = ENGINE.setup([Seat(index=0, name="A"), Seat(index=1, name="B")], ENGINE.parse_options({}), 5)
    s = step.state
    for code in ["ship hummingbird", "main railgun", "main heat_ray", "done", "mech sword", "mech longbow", "done",
                 "captain aaron", "pilot linus", "pilot snow"]:
        act(s, 0, code)
    assert s.sides[0].build.stage == "deck"
    for card in SHIP_DECK.split(","):
        name, n = card.split("*")
        for _ in range(int(n)):
            act(s, 0, f"card {name}")
    with pytest.raises(RuleError) as err:
        act(s, 0, "card emp")
    assert err.value.key == "fleet.err.build_choice"
    for card in MECH_DECK.split(","):
        name, n = card.split("*")
        for _ in range(int(n)):
            act(s, 0, f"card {name}")
    assert s.sides[0].build.stage == "victory"
    opp = json.dumps(ENGINE.view(s, 1), ensure_ascii=False) + json.dumps(ENGINE.view(s, None), ensure_ascii=False)
    for word in ("hummingbird", "railgun", "aaron", "linus", "sword"):
        assert word not in opp
    act(s, 0, "victory raid")
    act(s, 1, "preset raider")
    act(s, 1, "victory arms")
    assert s.phase == "play"
    opp = json.dumps(ENGINE.view(s, 1), ensure_ascii=False)
    assert "railgun" in opp and "aaron" not in opp and "linus" not in opp and "snow" not in opp
    assert sum(1 for c in s.sides[0].hand if c.card in ("emp", "repair_bot", "turret", "deck_bomb", "spy_drone",
                                                       "warp_shield", "convert_shield", "drain_field",
                                                       "adv_weapons")) == 2
    assert len(s.sides[0].hand) == 5


def test_loadout_validation_and_presets():
    presets = ENGINE.loadout_presets()
    assert set(presets) == {"raider", "bastion", "carrier", "steel"}
    for code in presets.values():
        assert ENGINE.validate_loadout(code) == code
    good = fleet()
    with pytest.raises(RuleError) as err:
        ENGINE.validate_loadout(good.replace("emp*2", "emp*3").replace("turret*1", ""))
    assert err.value.key == "fleet.code.copies"
    with pytest.raises(RuleError) as err:
        ENGINE.validate_loadout("hummingbird/heat_ray/sword,hammer,longbow,kagami/tim/zack/" + SHIP_DECK + "/" + MECH_DECK)
    assert err.value.key == "fleet.code.count_mech"
    with pytest.raises(RuleError) as err:
        ENGINE.validate_loadout(good.replace("turret*1", "repair_kit*1"))
    assert err.value.key == "fleet.code.bad_ship_card"
    with pytest.raises(RuleError) as err:
        ENGINE.validate_loadout("nonsense")
    assert err.value.key == "fleet.code.bad_format"
    for key in ("fleet.code.copies", "fleet.code.count_mech", "fleet.code.bad_format"):
        assert t("en", key) != key and t("zh-CN", key) != t("en", key)


def test_pasted_fleet_code_error_leaves_state():
    s = ENGINE.setup([Seat(index=0, name="A"), Seat(index=1, name="B")], ENGINE.parse_options({}), 2).state
    before = ENGINE.dump_state(s)
    with pytest.raises(RuleError):
        act(s, 0, "fleet bull/heat_ray/sword/tim/zack/emp*2/smoke*2")
    assert ENGINE.dump_state(s) == before


def test_data_counts_and_bad_data_error(tmp_path):
    d = load_data()
    assert set(d.ships) == {"hummingbird", "bull", "pegasus"} and len(d.mains) == 8 and len(d.mechs) == 7
    assert len(d.captains) == 4 and len(d.pilots) == 6
    assert sum(1 for x in d.subs.values() if x.side == "ship") == 9
    assert sum(1 for x in d.subs.values() if x.side == "mech") >= 5
    assert {e.kind for e in d.events.values()} == {"event", "weather"}
    src = Path("games/fleet/data/fleet.toml").read_text(encoding="utf-8")
    bad = tmp_path / "bad.toml"
    bad.write_text(src.replace("hp = 15\nhit = 15", "hp = \"many\"\nhit = 15", 1), encoding="utf-8")
    with pytest.raises(ValueError) as err:
        load_data(bad)
    assert "ships.hummingbird.hp" in str(err.value) and "bad.toml" in str(err.value)


def test_every_key_has_both_languages():
    from games.core.i18n import _catalogs
    en = {k for k in _catalogs["en"] if k.startswith("fleet.")}
    zh = {k for k in _catalogs["zh-CN"] if k.startswith("fleet.")}
    assert en == zh and len(en) > 200


# --- playouts and secrets ------------------------------------------------------------------
def test_random_playouts_finish_without_errors_or_leaks():
    from games.core.playout import run_playouts
    report = run_playouts(GAME, 40, seed=11)
    assert report.ok, report.first_problem()
    assert report.finished == 40


def test_bot_playouts_finish():
    from games.core.playout import run_playouts
    report = run_playouts(GAME, 10, seed=5, use_bot=True)
    assert report.ok, report.first_problem()


def test_opponent_never_sees_hidden_configuration_or_hand():
    import random
    for g in range(6):
        chooser = random.Random(g)
        step = ENGINE.setup([Seat(index=0, name="A"), Seat(index=1, name="B")], ENGINE.parse_options({}), g)
        s = step.state
        while ENGINE.outcome(s) is None:
            seat = chooser.choice(ENGINE.active_seats(s))
            step = ENGINE.apply(s, seat, chooser.choice(ENGINE.legal_actions(s, seat)))
            if s.phase != "play":
                continue
            for viewer in (0, 1):
                other = s.sides[1 - viewer]
                seen = json.dumps(ENGINE.view(s, viewer), ensure_ascii=False)
                seen += json.dumps([e.model_dump() for e in step.events if e.visible_to(viewer)], ensure_ascii=False)
                if not other.captain_revealed:
                    assert other.captain_token not in seen
                for c in other.hand:
                    assert c.id not in seen
                for m in other.mechs:
                    if m.status == "field" and not m.revealed:
                        assert not any(mv["uid"] == m.uid and mv["pilot"] for mv in
                                       ENGINE.view(s, viewer)["sides"][1 - viewer]["mechs"])


def test_render_and_summary_from_views():
    from PIL import Image
    import io
    s = game()
    put(s, "a1", "C3")
    for seat in (None, 0, 1):
        view = ENGINE.view(s, seat)
        png = GAME.render(view, "zh-CN")
        assert Image.open(io.BytesIO(png)).size[0] > 500
        assert len(GAME.text.summary(view, "en")) <= 1500
    assert "URA-01A Sword (prototype) #1 @C3" in GAME.text.summary(ENGINE.view(s, None), "en")
    assert "fleet." not in GAME.text.describe_action(s, 0, ENGINE.parse_action("order a1"), "zh-CN")


def test_a_grenade_with_no_enemy_mech_in_its_zone_says_so():
    """Fourth newcomer playtest: "URA-01C 长弓（试做型） #2 使用 破片手雷：对该战甲所在区域每架敌方战甲造成 2 点
    伤害。" and then no line at all (no enemy mech stood there): the card's line promised damage nobody took.
    Rule (seed 004, 破片手雷): 对该战甲所在区域每架敌方战甲造成 2 点伤害."""
    from games.fleet import GAME

    s, cid = _with_card("grenade")
    put(s, "b2", "C4", "hans")
    events = [(e.key, e.params) for e in act(s, 0, f"use a1 {cid} -").events if e.to is None]
    assert [k for k, _ in events] == ["fleet.card.used"] and mech(s, "b2").hp == 3
    assert GAME.text.event_lines(s, events, "en")[0].endswith(
        "uses Frag grenade: 2 damage to every enemy mech in this mech's zone: there is none.")
    assert GAME.text.event_lines(s, events, "zh-CN")[0].endswith("：该区域没有敌方战甲。")
    s, cid = _with_card("grenade")
    put(s, "b1", "C3", "zack")
    events = [(e.key, e.params) for e in act(s, 0, f"use a1 {cid} -").events if e.to is None]
    assert "there is none" not in GAME.text.event_lines(s, events, "en")[0]
