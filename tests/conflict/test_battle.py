"""Battle phase: outer-row rule, garrisons, territory damage and capture at half
durability with new rows, drawing a territory instead of fighting, range in rows,
retreats (emergency, assisted, escape) and the upgrades that act in battle."""
from games.conflict import legal as L
from games.conflict import rules as R

from tests.conflict.helpers import bare, codes, fit, give, keys, outer, play, to_battle, unit


def setup_battle(seed=3, n=3):
    return bare(seed, n, to_battle)


def test_only_the_outer_row_can_be_attacked_and_garrison_first():
    state, a, b = setup_battle()
    ua = unit(state, a, "artillery", outer(state, a)[0])  # range 3: reaches everything in range
    targets = set(L.strike_targets(state, ua))
    inner_b = state.players[b].rows[0]
    assert not targets & set(inner_b)
    assert set(outer(state, b)) <= targets
    guard = unit(state, b, "rifleman", outer(state, b)[0])
    targets = set(L.strike_targets(state, ua))
    assert outer(state, b)[0] not in targets and guard.id in targets
    hidden = unit(state, b, "rifleman", outer(state, b)[-1], up=False)
    targets = set(L.strike_targets(state, ua))
    assert hidden.id not in targets  # 暗置: 不会被攻击
    assert outer(state, b)[-1] in targets  # and a face-down unit does not hold the territory


def test_range_counts_rows():
    state, a, b = setup_battle()
    inner_tid = state.players[a].rows[0][0]
    short = unit(state, a, "rifleman", inner_tid)  # range 1 from the inner row: 2 rows away
    tal = 1 if R.talent(state, a) == "range_plus" else 0
    assert R.distance(state, short, outer(state, b)[0]) == 2
    assert bool(L.strike_targets(state, short)) == (1 + tal >= 2)
    front = unit(state, a, "rifleman", outer(state, a)[0])
    assert R.distance(state, front, outer(state, b)[0]) == 1
    assert L.strike_targets(state, front)
    fit(state, a, "engine")  # 高性能作战引擎: unlimited range
    assert L.strike_targets(state, short)


def test_undefended_territory_loses_one_durability_and_is_captured_at_zero_with_half():
    state, a, b = setup_battle()
    ua = unit(state, a, "rifleman", outer(state, a)[0])
    ub_extra = [unit(state, a, "militia", outer(state, a)[0]) for _ in range(2)]
    target = outer(state, b)[0]
    terr = state.territories[target]
    terr.dur = 2
    give(state, a, "attack")
    play(state, a, f"attack {R.cards_of(state, a, 'attack')[0].id}")
    play(state, a, f"strike {ua.id} {target}")
    assert terr.dur == 1 and terr.owner == b
    step = play(state, a, f"strike {ub_extra[0].id} {target}")
    assert terr.owner == a
    assert terr.dur == terr.max // 2 or (terr.max // 2 == 0 and terr.dur == 1)
    assert "conflict.ev.captured" in keys(step.events)
    assert target in outer(state, a)  # placed in the attacker's outer row
    assert target not in [t for r in state.players[b].rows for t in r]


def test_capture_opens_a_new_row_when_the_outer_row_is_full():
    state, a, b = setup_battle()
    rows = state.players[a].rows
    while len(rows[-1]) < 3:  # fill the outer row by claiming from the deck
        R.place_outer(state, a, R.new_terr(state, state.terr_deck.pop(), a).id)
    nrows = len(rows)
    ua = unit(state, a, "rifleman", outer(state, a)[0])
    target = outer(state, b)[0]
    state.territories[target].dur = 1
    cid = give(state, a, "attack")
    play(state, a, f"attack {cid}")
    play(state, a, f"strike {ua.id} {target}")
    assert len(rows) == nrows + 1 and rows[-1] == [target]


def test_claim_territory_instead_of_fighting():
    state, a, b = setup_battle()
    before = R.terr_count(state, a)
    deck = len(state.terr_deck)
    step = play(state, a, "claim")
    assert R.terr_count(state, a) == before + 1 and len(state.terr_deck) == deck - 1
    new = [e for e in step.events if e.key == "conflict.ev.claim"][0]
    tid = outer(state, a)[-1]
    assert state.territories[tid].dur == max(1, state.territories[tid].max // 2)
    assert state.phase == "post"  # the battle phase is skipped
    assert new.params["dur"] == state.territories[tid].dur


def test_no_claim_after_attacking():
    state, a, b = setup_battle()
    ua = unit(state, a, "rifleman", outer(state, a)[0])
    cid = give(state, a, "attack")
    play(state, a, f"attack {cid}")
    play(state, a, f"strike {ua.id} {outer(state, b)[0]}")
    play(state, a, "halt")
    assert "claim" not in codes(state, a)


def fight_to_doom(state, a, b, helper_res=0):
    ua = unit(state, a, "stormtrooper", outer(state, a)[0])
    ub = unit(state, b, "rifleman", outer(state, b)[0])
    cid = give(state, a, "attack")
    play(state, a, f"attack {cid}")
    play(state, a, f"strike {ua.id} {ub.id}")
    if state.pending.kind == "react":  # holding a retreat card, the defender could escape
        play(state, b, "allow")
    play(state, a, "lay A")
    play(state, b, "lay S")  # A vs S: defender -3
    return ua, ub


def test_emergency_retreat_pays_one_resource_and_a_retreat_card():
    state, a, b = setup_battle()
    state.players[b].res = 1
    give(state, b, "retreat")
    ua, ub = fight_to_doom(state, a, b)
    assert state.pending.kind == "doom" and state.pending.seat == b
    play(state, b, f"cover {R.cards_of(state, b, 'retreat')[0].id}")
    step = play(state, b, "fund")
    assert ub.id in state.units and ub.loc == R.fallback(state, b)
    assert state.players[b].res == 0 and not R.cards_of(state, b, "retreat")
    assert "conflict.ev.saved" in keys(step.events)


def test_assisted_retreat_by_another_player():
    state, a, b = setup_battle()
    c = (b + 1) % 3
    give(state, b, "retreat")  # the owner has the card but no resource
    state.players[c].res = 1  # a third player pays the resource
    ua, ub = fight_to_doom(state, a, b)
    play(state, b, f"cover {R.cards_of(state, b, 'retreat')[0].id}")
    play(state, b, "pass")
    assert state.pending.seat == c  # the attacker is never asked
    step = play(state, c, "fund")
    assert ub.id in state.units and state.players[c].res == 0
    saved = [e for e in step.events if e.key == "conflict.ev.saved"][0]
    assert saved.params["helpers"] == [state.players[c].name]


def test_incomplete_rescue_is_refunded_and_the_unit_dies():
    state, a, b = setup_battle()
    give(state, b, "retreat")
    c = (b + 1) % 3
    state.players[c].res = 0
    ua, ub = fight_to_doom(state, a, b)
    play(state, b, f"cover {R.cards_of(state, b, 'retreat')[0].id}")
    play(state, b, "pass")
    assert ub.id not in state.units
    assert len(R.cards_of(state, b, "retreat")) == 1  # the card came back


def test_fingerprint_tracker_takes_a_card_when_the_victim_retreats():
    state, a, b = setup_battle()
    fit(state, a, "tracker")
    state.players[b].res = 1
    give(state, b, "retreat")
    give(state, b, "spy")
    ua, ub = fight_to_doom(state, a, b)
    play(state, b, f"cover {R.cards_of(state, b, 'retreat')[0].id}")
    play(state, b, "fund")
    assert [c.key for c in state.players[a].hand] == ["spy"]
    assert state.players[b].hand == []


def test_strategic_satellite_damages_the_territory_of_a_destroyed_unit():
    state, a, b = setup_battle()
    fit(state, a, "satellite")
    tid = outer(state, b)[0]
    before = state.territories[tid].dur
    fight_to_doom(state, a, b)
    assert state.territories[tid].dur == before - 1


def strike_unit(state, a, b, prep=None):
    ua = unit(state, a, "stormtrooper", outer(state, a)[0])
    ub = unit(state, b, "rifleman", outer(state, b)[0])
    if prep:
        prep(ua, ub)
    cid = give(state, a, "attack")
    play(state, a, f"attack {cid}")
    play(state, a, f"strike {ua.id} {ub.id}")
    return ua, ub


def test_ayrus_field_voids_an_attack_for_one_resource():
    state, a, b = setup_battle()
    fit(state, b, "ayrus")
    state.players[b].res = 1
    ua, ub = strike_unit(state, a, b)
    assert state.pending.kind == "react" and "void" in codes(state, b)
    play(state, b, "void")
    assert state.pending is None and state.players[b].res == 0 and ub.hp == 3


def test_smart_rifle_and_quantum_camouflage_stop_voiding():
    for upgrade in ("rifle", "camo"):
        state, a, b = setup_battle()
        fit(state, b, "ayrus")
        fit(state, a, upgrade)
        state.players[b].res = 1
        strike_unit(state, a, b)
        assert state.pending.kind == "combat"  # no reaction window: straight to the cards


def test_target_deflector_moves_the_attack_to_another_unit():
    state, a, b = setup_battle()
    fit(state, b, "deflector")
    give(state, b, "spy")
    other = unit(state, b, "militia", outer(state, b)[-1])
    ua, ub = strike_unit(state, a, b)
    code = f"deflect {state.players[b].hand[0].id} {other.id}"
    assert code in codes(state, b)
    play(state, b, code)
    assert state.pending.kind == "combat" and state.pending.target == other.id
    assert state.players[b].hand == []


def test_escape_with_a_retreat_card_and_the_catapult_against_a_smart_rifle():
    state, a, b = setup_battle()
    give(state, b, "retreat")
    ua, ub = strike_unit(state, a, b)
    play(state, b, f"escape {R.cards_of(state, b, 'retreat')[0].id}")
    assert state.pending is None and ub.loc == R.fallback(state, b)
    # a smart rifle makes the attack card impossible to escape ...
    state, a, b = setup_battle()
    fit(state, a, "rifle")
    give(state, b, "retreat")
    strike_unit(state, a, b)
    assert state.pending.kind == "combat"
    # ... unless the defender's retreat cards cannot be nullified (超电磁弹射器)
    state, a, b = setup_battle()
    fit(state, a, "rifle")
    fit(state, b, "catapult")
    give(state, b, "retreat")
    strike_unit(state, a, b)
    assert state.pending.kind == "react" and any(c.startswith("escape") for c in codes(state, b))


def test_body_augmentation_adds_one_to_units_and_characters_not_vehicles():
    state, a, b = setup_battle()
    u = unit(state, a, "rifleman", outer(state, a)[0])
    v = unit(state, a, "jeep", outer(state, a)[0])
    before_u, before_v = R.stats(state, u), R.stats(state, v)
    fit(state, a, "augment")
    assert R.stats(state, u) == tuple(x + 1 for x in before_u)
    assert R.stats(state, v) == before_v


def test_central_brain_repairs_one_territory_each_turn_start():
    state, a, b = setup_battle()
    fit(state, a, "brain")
    tid = outer(state, a)[0]
    state.territories[tid].dur -= 2
    R.start_turn(state, a, [])
    assert state.territories[tid].dur == state.territories[tid].max - 1


def test_new_fitting_replaces_the_old_one():
    state, a, b = setup_battle()
    state.phase = "develop"
    fit(state, a, "brain")
    cid = give(state, a, "aegis")
    play(state, a, f"equip {cid}")
    assert state.players[a].upgrade == "aegis" and "brain" in state.discard


def test_tactical_evasion_protects_until_the_next_own_turn():
    state, a, b = setup_battle()
    ua = unit(state, a, "artillery", outer(state, a)[0])
    ub = unit(state, b, "rifleman", outer(state, b)[0])
    state.players[b].evading.append(ub.id)
    assert ub.id not in L.strike_targets(state, ua)
    R.start_turn(state, b, [])
    assert ub.id in L.strike_targets(state, ua)
