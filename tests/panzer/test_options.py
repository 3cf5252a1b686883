"""Optional rules 8-12 as table options, and the victory conditions with their tie-breaks."""
import pytest

from games.core import RuleError
from games.panzer import ENGINE
from tests.panzer.helpers import act, board, codes, event, give_ammo, keys, load
from tests.panzer.test_fire import duel, hit_mod


def test_options_validate():
    with pytest.raises(RuleError) as err:
        ENGINE.parse_options({"unreliable": "1"})
    assert err.value.key == "core.bad_option_mix"  # a rule between two options
    with pytest.raises(RuleError):
        ENGINE.parse_options({"map": "atlantis"})
    assert ENGINE.parse_options({"map": "saunders", "hybrid": "1", "unreliable": "1"}).unreliable


def _kill_then_shoot(veteran, ammo=None, second_mode="advance"):
    s = duel("m4", "t26", t_at="h5", extra=[("b2", "m4", "d7", "s")], veteran=veteran)
    if ammo:
        give_ammo(s, "a1", ammo)
    load(s, [6, 6, 6, 6] if ammo != "hesh" else [6, 6, 6])
    act(s, f"precise a1 b1 1 {ammo or '-'}")
    assert not ENGINE.tank(s, "b1").alive
    # next shot of the same tank, another turn
    a1 = ENGINE.tank(s, "a1")
    a1.done = a1.fired = False
    s.phase = second_mode
    load(s, [1, 1])
    code = "precise a1 b2 1 -" if second_mode == "shots" else "advfire a1 b2 1 -"
    return hit_mod(act(s, code))


def test_rule_8_veteran_gunner_plus_1_in_every_mode():
    assert _kill_then_shoot("off") == -1
    assert _kill_then_shoot("on") == 0  # advance -1, veteran +1


def test_rule_8_alternative_veteran_bonus_per_fire_mode():
    assert _kill_then_shoot("per_mode", second_mode="advance") == -1  # the kill was a precision shot
    assert _kill_then_shoot("per_mode", second_mode="shots") == 1


def test_rule_4_special_ammunition_kills_do_not_make_veterans():
    assert _kill_then_shoot("on", ammo="overcharge") == -1


def test_rule_9_hybrid_drive_free_cap_2_and_free_last_turn():
    tanks = [("a1", "tigerp", "h8", "n"), ("b1", "m4", "a1", "s")]
    s = board(tanks, phase="move")
    assert "drive a1 2" not in codes(s)
    s = board(tanks, phase="move", hybrid=1)
    assert "drive a1 2" in codes(s)
    act(s, "drive a1 0")
    act(s, "go a1 h7")
    act(s, "go a1 h6")  # both points spent
    assert "turn a1 ne" in codes(s)  # the free 60° turn after the last move
    act(s, "turn a1 ne")
    assert s.phase == "move"  # nothing left: the tank stops


def test_rule_10_1_hybrid_engine_rolls_when_free_points_are_used():
    s = board([("a1", "ferdinand", "h8", "n"), ("b1", "m4", "a1", "s")], phase="move", hybrid=1, unreliable=1)
    load(s, [1])
    step = act(s, "drive a1 1")
    assert "panzer.ev.stalled_next" in keys(step)
    assert ENGINE.tank(s, "a1").stalled_turn == s.turn_no + 2
    s = board([("a1", "ferdinand", "h8", "n"), ("b1", "m4", "a1", "s")], phase="move", hybrid=1, unreliable=1)
    step = act(s, "drive a1 0")  # no free points, no roll
    assert "core.roll" not in keys(step)


def _next_own_turn(s, value):
    """End seat 0's turn and Bob's, then seat 0 starts again with the loaded engine roll."""
    s.phase = "advance"
    act(s, "endturn")
    s.phase = "advance"
    load(s, [value] if value else [])
    return act(s, "endturn")


def test_rule_10_2_maus_rolls_every_turn_and_10_3_tiger2_every_second_turn():
    s = board([("a1", "maus", "h8", "n"), ("a2", "tiger2", "l8", "n"), ("b1", "m4", "a1", "s")], hybrid=1, unreliable=1)
    s.tanks[0].turn_start = s.tanks[0].pos
    load(s, [])
    # own turn 2: both roll (Maus every turn, Tiger II on the 2nd, 4th, ...)
    step = _next_own_turn(s, None)
    engine_rolls = [e for e in step.events if e.key == "core.roll" and e.params["what"] == "@panzer.roll.engine"]
    assert [e.params["who"] for e in engine_rolls] == ["a1", "a2"]
    # own turn 3: only the Maus rolls; a 1 keeps it still this turn
    s.phase = "advance"
    act(s, "endturn")
    s.phase = "advance"
    load(s, [1])
    step = act(s, "endturn")
    engine_rolls = [e for e in step.events if e.key == "core.roll" and e.params["what"] == "@panzer.roll.engine"]
    assert [e.params["who"] for e in engine_rolls] == ["a1"]
    assert ENGINE.tank(s, "a1").stalled_turn == s.turn_no
    act(s, "endshots")
    assert not any(c.startswith("drive a1") for c in codes(s))


def test_rule_11_forced_spotting():
    s = board([("a1", "m4", "h8", "n"), ("a2", "m4", "l10", "n"), ("b1", "pz4h", "h3", "s")], spotting=1)
    s.phase = "advance"
    step = act(s, "endturn")  # a1 did not move: spotted +1
    assert ENGINE.tank(s, "a1").spotted == 1 and "panzer.ev.spotted" in keys(step)
    act(s, "endshots", seat=1)
    s.phase = "advance"
    load(s, [1, 1])
    assert hit_mod(act(s, "advfire b1 a1 1 -")) == 0  # advance -1, spotted +1


def test_rule_11_spotted_mover_is_shot_after_the_step_and_two_hexes_take_one_off():
    s = board([("a1", "m4", "h8", "n"), ("a2", "m4", "l10", "n"), ("b1", "pz4h", "h3", "s")], phase="move",
              spotting=1)
    ENGINE.tank(s, "a1").spotted = 1
    act(s, "drive a1 0")
    act(s, "go a1 h7")
    assert s.phase == "react"
    load(s, [1, 1])
    step = act(s, "dfire b1 1 -")
    hit = event(step, "panzer.ev.hit_result").params
    assert hit["need"] == 4 and hit["mod"] == -1  # judged at h7 (after the step); defensive -2, spotted +1
    act(s, "go a1 h6")
    act(s, "halt a1")
    act(s, "endmove")
    act(s, "endturn")
    assert ENGINE.tank(s, "a1").spotted == 0  # two different hexes driven


def test_rule_12_ammunition_shortage_on_a_natural_12():
    s = duel("m4", "maus", t_at="h5", shortage=1, phase="advance")
    load(s, [6, 6, 1, 1])
    step = act(s, "advfire a1 b1 1 -")
    assert "panzer.ev.shortage" in keys(step)
    a1 = ENGINE.tank(s, "a1")
    assert a1.dry_until == s.turn_no + 2
    act(s, "endturn")  # Bob's turn: a1 cannot fire defensively
    act(s, "endshots", seat=1)
    s.tanks[2].hull = 3  # Bob's maus faces south to drive toward a1
    act(s, "drive b1 0", seat=1)
    act(s, "go b1 h6", seat=1)
    assert s.phase == "moving"  # no defensive-fire window from a1
    act(s, "halt b1", seat=1)
    act(s, "endmove", seat=1)
    act(s, "endturn", seat=1)
    assert not any(c.startswith("precise a1") for c in codes(s))  # still no shot in its own next turn
    act(s, "endshots")
    act(s, "endmove")
    act(s, "endturn")
    assert not ENGINE._dry(s, a1)  # recovered after that turn


def test_rule_12_off_by_default():
    s = duel("m4", "maus", t_at="h5", phase="advance")
    load(s, [6, 6, 1, 1])
    assert "panzer.ev.shortage" not in keys(act(s, "advfire a1 b1 1 -"))


# --- victory --------------------------------------------------------------------------------

def test_victory_annihilation():
    s = board([("a1", "m4", "h8", "n"), ("b1", "t26", "h5", "s")])
    load(s, [6, 6, 6, 6])
    step = act(s, "precise a1 b1 1 -")
    out = ENGINE.outcome(s)
    assert out.winners == [0] and out.reason == "panzer.end.annihilation" and "panzer.end.annihilation" in keys(step)
    assert ENGINE.active_seats(s) == [] and ENGINE.legal_actions(s, 0) == []


def test_victory_points_by_class():
    for target, pts in (("t26", 1), ("m4", 2), ("tiger", 4)):
        s = duel("firefly", target, t_at="h7", t_face="n")
        load(s, [6, 6, 6, 6])
        act(s, "precise a1 b1 1 -")
        assert s.score == [pts, 0]


def test_victory_after_the_last_round_and_tie_breaks():
    assert ENGINE.tie_break([5, 3], [200, 100], [5, 3]) == (0, "score")
    assert ENGINE.tie_break([4, 4], [200, 180], [5, 5]) == (1, "points")
    assert ENGINE.tie_break([4, 4], [200, 200], [4, 6]) == (0, "count")
    assert ENGINE.tie_break([4, 4], [200, 200], [5, 5]) == (None, "draw")
    s = board([("a1", "m4", "h8", "n"), ("b1", "m4", "h3", "s"), ("b2", "t26", "a1", "s")], rounds=1)
    s.phase, s.seat, s.turn_no = "advance", 1, 2
    act(s, "endturn")
    out = ENGINE.outcome(s)
    assert s.finished and out.winners == [0] and out.params["why"] == "@panzer.why.points"  # 28 pt < 40 pt


def test_game_ends_after_10_rounds_by_default():
    s = board([("a1", "m4", "h8", "n"), ("b1", "m4", "h3", "s")])
    assert s.options.rounds == 10
    s.round, s.phase, s.seat, s.turn_no = 10, "advance", 1, 20
    act(s, "endturn")
    assert ENGINE.outcome(s).reason == "panzer.end.draw"


def test_resign_always_works():
    s = board([("a1", "m4", "h8", "n"), ("b1", "m4", "h3", "s")], phase="react", seat=1)
    ENGINE.resign(s, 0)
    out = ENGINE.outcome(s)
    assert out.winners == [1] and ENGINE.active_seats(s) == []


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
def test_the_map_option_names_each_map_as_the_game_does(locale):
    """`/game help panzer` listed "map: zhenli, saunders or kuromorimine1" while the game
    began "on the map Pravda" (真理): a newcomer could not tell which was which (second
    newcomer playtest). Each value is shown with the name the table uses."""
    from games.core.options import help_lines
    from games.panzer.data import MAPS
    from games.panzer.models import PanzerOptions

    line = next(x for x in help_lines("panzer", PanzerOptions, locale) if x.startswith("• map"))
    for key, gmap in MAPS.items():
        assert key in line and gmap.name[locale] in line, (key, gmap.name[locale], line)


def test_the_map_option_accepts_the_names_the_table_shows():
    """Second newcomer playtest: `map=Pravda` and `map=真理` were refused (only the keys were
    accepted) although the game and its help call the map so. A map is chosen by its key or
    by its name in either language, in any case; a name of no map is still refused."""
    from games.panzer.data import MAPS

    for key, gmap in MAPS.items():
        for given in (key, key.upper(), gmap.name["en"], gmap.name["en"].lower(), gmap.name["en"].upper(),
                      gmap.name["zh-CN"], f" {gmap.name['zh-CN']} "):
            assert ENGINE.parse_options({"map": given}).map == key, given
    assert ENGINE.parse_options({"地图": "真理"}).map == "zhenli"  # the option's name in Chinese too
    with pytest.raises(RuleError) as err:
        ENGINE.parse_options({"map": "Atlantis"})
    assert err.value.key == "core.bad_option" and "Pravda" in err.value.params["allowed"]["en"]
