"""The shortcuts the fleet engine takes for speed give the same answers as the long way:
apply checks an action against the legal actions of its own kind only, actions are parsed
with only the model their first word names, zones and weapons come from tables, weapon
targets from reach tables and mechs from their slot."""
from __future__ import annotations

import random

import pytest

from games.core import RuleError, Seat
from games.core.engine import decode_action
from games.fleet import ENGINE
from games.fleet.data import DATA
from games.fleet.engine import SHIP_GAP
from games.fleet.state import ACTIONS, COLS, ZONES, dist, forward, neighbours, ship_dist, zrow

D = DATA()


def _states(games: int = 3, every: int = 3):
    """States met in seeded random games (build phase, main turns, mech steps, reactions)."""
    for seed in range(games):
        chooser = random.Random(seed)
        state = ENGINE.setup([Seat(index=0, name="A"), Seat(index=1, name="B")], ENGINE.parse_options({}),
                             100 + seed).state
        for n in range(400):
            if ENGINE.outcome(state) is not None:
                break
            seat = chooser.choice(ENGINE.active_seats(state))
            if n % every == 0:
                yield state, seat
            state = ENGINE.apply(state, seat, chooser.choice(ENGINE.legal_actions(state, seat))).state


def test_legal_actions_of_one_kind_hold_exactly_the_legal_actions_of_that_kind():
    kinds_seen = set()
    for state, seat in _states():
        legal = ENGINE.legal_actions(state, seat)
        kinds_seen |= {type(a) for a in legal}
        for kind in ACTIONS:
            some = ENGINE._legal(state, seat, kind)
            assert [a for a in some if type(a) is kind] == [a for a in legal if type(a) is kind]
            assert all(a in legal for a in some)
    assert len(kinds_seen) >= 15  # the games reached many kinds of decision


def test_an_action_of_another_kind_is_still_refused_with_its_reason():
    state = next(s for s, seat in _states(games=1, every=1) if s.phase == "play" and not s.pending)
    seat = state.turn
    before = ENGINE.dump_state(state)
    with pytest.raises(RuleError) as exc:
        ENGINE.apply(state, seat, ENGINE.parse_action("recall a9"))
    assert exc.value.key.startswith("fleet.err.")
    assert ENGINE.dump_state(state) == before


def test_apply_reuses_a_listing_only_for_that_very_state_and_seat():
    """apply checks its action against the listing just made for the same state object and
    seat; a copy of the state (another object) is checked afresh, and so is a state after
    apply or resign changed it."""
    import copy

    state = next(s for s, seat in _states(games=1, every=1)
                 if s.phase == "play" and not s.pending and s.ap >= 1 and s.sides[s.turn].ship_pile)
    seat = state.turn
    draw = next(a for a in ENGINE.legal_actions(state, seat) if a.code() == "draw ship")
    other = copy.deepcopy(state)
    other.ap = 0  # a copy where drawing costs what it no longer has
    other.sides[seat].ship.model = "bull"  # (not the hummingbird's free draw)
    with pytest.raises(RuleError) as exc:
        ENGINE.apply(other, seat, draw)
    assert exc.value.key == "fleet.err.no_ap"
    with pytest.raises(RuleError) as exc:  # the listing was for `seat`: the other seat still waits
        ENGINE.apply(state, 1 - seat, draw)
    assert exc.value.key == "core.not_your_turn"
    ENGINE.apply(state, seat, draw)
    state.ap = 0  # changed after apply: the listing is gone, the check lists again
    with pytest.raises(RuleError):
        ENGINE.apply(state, seat, draw)


def test_the_kept_listing_equals_a_fresh_one_and_a_stale_one_is_reported():
    """The listing apply trusts is the fresh one at every decision of random games (invariants
    compares them), and a listed state edited by hand is reported until `invalidate` drops it."""
    listed = 0
    for state, seat in _states(games=3, every=1):
        ENGINE.legal_actions(state, seat)
        listed += ENGINE._listed is not None and ENGINE._listed[0] is state
        assert ENGINE.invariants(state) == []
    assert listed > 300
    state = next(s for s, seat in _states(games=1, every=1)
                 if s.phase == "play" and not s.pending and s.ap >= 1 and s.sides[s.turn].ship_pile)
    seat = state.turn
    draw = next(a for a in ENGINE.legal_actions(state, seat) if a.code() == "draw ship")
    state.ap = 0  # edited by hand after the listing
    state.sides[seat].ship.model = "bull"  # (not the hummingbird's free draw)
    assert any("listing kept" in p for p in ENGINE.invariants(state))
    ENGINE.invalidate(state)
    assert ENGINE.invariants(state) == []
    with pytest.raises(RuleError) as exc:
        ENGINE.apply(state, seat, draw)
    assert exc.value.key == "fleet.err.no_ap"



def test_the_checks_settle_skips_find_nothing_afresh_and_a_hand_edit_is_reported():
    """After each decision settle checks the skill conditions and the victory only when a fact
    they read was written since the last check (the engine keeps the state it checked last):
    at every step of random games a skipped check finds nothing when run afresh (invariants run
    it), and a fact edited by hand is reported until `invalidate` makes the next apply check it.
    RULES.md 10: "精准打击 precision（条件：对敌舰累计造成 ≥30% 最大生命的伤害，或击毁 2 台敌方战甲…）"."""
    kept = 0
    for state, seat in _states(games=3, every=1):
        ENGINE.legal_actions(state, seat)
        kept += ENGINE._skills_seen is state
        assert ENGINE.invariants(state) == []
    assert kept > 300  # the checks are skipped at most decisions
    state = next(s for s, seat in _states(games=1, every=1)
                 if s.phase == "play" and ENGINE._skills_seen is s and "precision" not in s.sides[s.turn].unlocked)
    seat, me = ENGINE.active_seats(state)[0], state.turn
    state.sides[me].kills = 2  # edited by hand: the check seen before is stale
    assert "skill conditions met and not checked" in ENGINE.invariants(state)
    ENGINE.invalidate(state)
    assert ENGINE.invariants(state) == []
    ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[-1])
    assert "precision" in state.sides[me].unlocked
    # RULES.md 3: "歼灭作战 annihilation：敌方战舰被击毁且场上没有敌方战甲。"
    state = next(s for s, seat in _states(games=1, every=1) if s.phase == "play" and ENGINE._victory_seen is s)
    seat, me = ENGINE.active_seats(state)[0], state.turn
    enemy = state.sides[1 - me]
    state.conditions, enemy.ship.hp, enemy.ship.destroyed = ["annihilation"], 0, True
    for m in enemy.mechs:
        if m.status == "field":
            m.status, m.zone, m.pilot = "lost", None, None
    assert "a victory not checked" in ENGINE.invariants(state)
    ENGINE.invalidate(state)
    ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[-1])
    assert ENGINE.outcome(state).winners == [me]

def _decoded(code: str):
    try:
        return decode_action(ACTIONS, code)
    except RuleError as exc:
        return (exc.key, exc.params)


def _parsed(code: str):
    try:
        return ENGINE.parse_action(code)
    except RuleError as exc:
        return (exc.key, exc.params)


def test_parse_action_agrees_with_the_core_decoder():
    codes = {a.code() for state, seat in _states(games=2) for a in ENGINE.legal_actions(state, seat)}
    codes |= {"", "   ", "nonsense", "fire", "fire laser", "fire a b c d", "play c1", "play c1 -", "skill transfer x",
              "resupply a1,a2", "resupply ~", "victory nothing", "end now", "  end  "}
    for code in codes:
        assert _parsed(code) == _decoded(code), code


def test_zone_tables_follow_the_map():
    for a in ZONES:
        assert dist(a, a) == 0
        assert sorted(neighbours(a)) == sorted(b for b in ZONES if dist(a, b) == 1)
        for b in ZONES:
            assert dist(a, b) == dist(b, a)
            assert dist(a, b) == abs(int(a[1]) - int(b[1])) + abs(COLS.index(a[0]) - COLS.index(b[0]))
        assert ship_dist(0, a) == int(a[1]) - 1 and ship_dist(1, a) == 5 - int(a[1])
    assert dist("L1", "R5") == 6 and len(neighbours("C3")) == 4 and len(neighbours("L1")) == 2
    neighbours("C3").append("X9")  # a caller's list is its own
    assert "X9" not in neighbours("C3")


def test_weapon_lookup_prefers_main_weapons_then_the_first_mech_that_carries_it():
    ids = set(D.mains) | {w for m in D.mechs.values() for w in m.weapons}
    for wid in ids:
        expected = D.mains.get(wid) or next(m.weapons[wid] for m in D.mechs.values() if wid in m.weapons)
        assert D.weapon(wid) is expected
    with pytest.raises(KeyError):
        D.weapon("no_such_weapon")


def _targets_by_distance(state, seat: int, unit: str, wid: str) -> list[str]:
    """A weapon's targets found by measuring every distance (what the reach tables replace)."""
    w = D.weapon(wid)
    side, enemy = state.sides[seat], state.sides[1 - seat]
    me = None if unit == "ship" else next(m for m in side.mechs if m.uid == unit)

    def in_range(zone: str) -> bool:
        return w.in_range(ship_dist(seat, zone) if me is None else dist(me.zone, zone))

    holder = side.ship if me is None else me
    if holder.ammo.get(wid, 1) <= 0 or (w.energy and side.ship.energy < w.energy):
        return []
    if w.support:
        return [] if me is None else [m.uid for m in side.mechs if m.status == "field" and m.uid != unit
                                      and in_range(m.zone)]
    if enemy.immune:
        return []
    enemy_zones = [m.zone for m in enemy.mechs if m.status == "field"]
    if w.aoe:
        return [z for z in ZONES if in_range(z) and any(dist(z, e) <= w.aoe for e in enemy_zones)]
    out = [m.uid for m in enemy.mechs if m.status == "field" and in_range(m.zone)]
    if not enemy.ship.destroyed and w.in_range(SHIP_GAP if me is None else ship_dist(1 - seat, me.zone)):
        out.append("ship")
    return out


def _play_states(games: int = 4):
    """States in play (each one valid until the next is drawn: the games go on in place)."""
    return (state for state, _ in _states(games=games, every=2) if state.phase == "play")


def test_weapon_targets_from_the_reach_tables_are_those_found_by_distance():
    checked = 0
    for state in _play_states():
        for seat, side in enumerate(state.sides):
            units = ["ship"] + [m.uid for m in side.mechs if m.status == "field"]
            for unit in units:
                for wid in D.weapon_table:  # every weapon, carried or not: the tables cover them all
                    assert ENGINE._targets_for(state, seat, unit, wid) == _targets_by_distance(state, seat, unit, wid)
                    checked += 1
    assert checked > 5000


def test_attack_lists_read_once_are_the_targets_of_each_weapon():
    """_fire_actions and _attack_actions read the enemy's field once for all weapons; they give
    the actions of _targets_for, weapon by weapon."""
    from games.fleet.state import Attack, Fire
    checked = 0
    for state in _play_states():
        for seat, side in enumerate(state.sides):
            ship = side.ship
            expected = [Fire(weapon=w, target=t) for w in ship.weapons
                        for t in ENGINE._targets_for(state, seat, "ship", w)]
            assert ENGINE._fire_actions(state, seat, ship) == expected
            for m in side.mechs:
                if m.status != "field":
                    continue
                expected = [Attack(mech=m.uid, weapon=w, target=t) for w in D.mechs[m.model].weapons
                            for t in ENGINE._targets_for(state, seat, m.uid, w)]
                assert ENGINE._attack_actions(state, seat, m) == expected
                checked += len(expected)
    assert checked > 100


def test_mech_moves_are_the_neighbours_less_forward_out_of_a_contested_zone():
    blocked = 0
    for state in _play_states():
        for seat, side in enumerate(state.sides):
            for m in side.mechs:
                if m.status != "field":
                    continue
                contested = any(e.status == "field" and e.zone == m.zone for e in state.sides[1 - seat].mechs)
                expected = [z for z in neighbours(m.zone)
                            if not (contested and zrow(z) - zrow(m.zone) == forward(seat))]
                assert ENGINE._mech_moves(state, seat, m) == expected
                blocked += len(expected) < len(neighbours(m.zone))
    assert blocked > 0  # the games reached contested zones


def test_mech_lookup_by_slot_finds_the_mech_a_search_finds():
    for state in _play_states(games=1):
        for uid in ["a1", "a3", "a6", "b1", "b4", "b6", "a0", "a7", "a9", "b12", "c1", "ship", "", None]:
            found = next((m for side in state.sides for m in side.mechs if m.uid == uid), None)
            assert ENGINE._mech(state, uid) is found, uid


def test_events_built_without_validation_are_the_events_core_builds():
    from games.core.events import Event, Step, roll_event
    from games.fleet.engine import _private, _public, _roll
    pairs = [
        (_public("fleet.move", mech="a1", zone="L2"), Event.public("fleet.move", mech="a1", zone="L2")),
        (_public("fleet.stand"), Event.public("fleet.stand")),
        (_private(1, "fleet.hand", cards="x [c1]"), Event.private(1, "fleet.hand", cards="x [c1]")),
        (_roll("P1", "@fleet.roll.hit", [7], 7, need=9, target="ship"),
         roll_event("P1", "@fleet.roll.hit", [7], 7, need=9, target="ship")),
    ]
    for fast, slow in pairs:
        assert type(fast) is Event and fast == slow and repr(fast) == repr(slow)
        assert fast.model_dump() == slow.model_dump() and fast.model_dump_json() == slow.model_dump_json()
        assert list(fast.params) == list(slow.params)  # same order of parameters
        assert fast.model_fields_set == slow.model_fields_set
        assert fast.visible_to(1) == slow.visible_to(1) and fast.visible_to(0) == slow.visible_to(0)
    step = Step(state=None, events=[fast for fast, _ in pairs])
    assert Step.model_validate_json(step.model_dump_json()).events == [slow for _, slow in pairs]
    from games.fleet.engine import _step
    begun = ENGINE.setup([Seat(index=0, name="A"), Seat(index=1, name="B")], ENGINE.parse_options({}), 1)
    state, events = begun.state, begun.events
    fast, slow = _step(state, list(events)), Step(state=state, events=list(events))
    assert type(fast) is Step and fast == slow and fast.model_fields_set == slow.model_fields_set
    assert fast.state is state and fast.events == events
    first, second = _private(0, "k"), _private(0, "k")
    first.to.append(1)
    assert second.to == [0]  # each event owns its lists


def test_a_deck_pick_is_accepted_exactly_when_the_build_lists_it():
    from games.fleet.state import PickCard
    checked = 0
    for state, seat in _states(games=6, every=1):
        if state.phase != "build":
            continue
        b = state.sides[seat].build
        listed = ENGINE._build_actions(b)
        for card in [*D.subs, "no_such_card"]:
            action = PickCard(id=card)
            trial = ENGINE.load_state(ENGINE.dump_state(state))
            try:
                ENGINE.apply(trial, seat, action)
                accepted = True
            except RuleError as exc:
                assert exc.key == "fleet.err.build_choice"
                accepted = False
            assert accepted == (action in listed), (b.stage, card)
            checked += accepted
    assert checked > 50  # the games built decks


def test_the_dataclass_state_round_trips_through_json_and_views_show_its_parts_as_dumped():
    import json

    from pydantic import ValidationError
    checked = 0
    for state, seat in _states(games=2, every=5):
        text = ENGINE.dump_state(state)
        again = ENGINE.load_state(text)
        assert again == state and ENGINE.dump_state(again) == text
        dumped = json.loads(text)
        view = ENGINE.view(state, seat)
        mine = view["sides"][seat]
        if state.phase == "build":
            expected = {k: v for k, v in dumped["sides"][seat]["build"].items() if k != "token"}
            assert mine["build"] == expected
        else:
            assert mine["hand"] == dumped["sides"][seat]["hand"]
            assert mine["pilots"] == dumped["sides"][seat]["pilots"]
        checked += 1
    assert checked > 50
    with pytest.raises(ValidationError):
        ENGINE.load_state('{"names": []}')


@pytest.mark.parametrize("seed", [31, 32, 33])
def test_listed_actions_equal_validated_ones_in_whole_games(seed):
    """Actions built from str values skip validation (engine._act): every action listed for
    either seat in whole seeded games must equal, field types, order and the fields given
    included, the action pydantic validates from its fields."""
    chooser = random.Random(seed)
    state = ENGINE.setup([Seat(index=0, name="A"), Seat(index=1, name="B")], ENGINE.parse_options({}), seed).state
    checked = {}  # id -> action (kept alive, so no id is reused)
    while ENGINE.outcome(state) is None:
        for s in (0, 1):
            for a in ENGINE.legal_actions(state, s):
                if id(a) in checked:
                    continue
                checked[id(a)] = a
                fields = type(a).model_fields  # the engine names the fields it sets, no default
                given = {k: v for k, v in a.__dict__.items() if k != "kind" and v != fields[k].default}
                validated = type(a).model_validate(given)
                assert validated == a and validated.model_fields_set == a.model_fields_set, a.code()
                assert [type(v) for v in validated.__dict__.values()] == [type(v) for v in a.__dict__.values()]
                assert list(validated.__dict__) == list(a.__dict__)
        seat = chooser.choice(ENGINE.active_seats(state))
        state = ENGINE.apply(state, seat, chooser.choice(ENGINE.legal_actions(state, seat))).state
    assert len(checked) > 100 and {"play", "attach"} <= {a.kind for a in checked.values()}
