"""The speed shortcuts give the same answers as the plain rules they replace.

gun tables vs in_range + aim_turns, cached sight vs line_of_sight with the blocker set,
incremental draft checks vs army_problem, one-model parsing vs decode_action over every action model.
"""
import random

from games.core import RuleError
from games.core.engine import decode_action
from games.core.hexgrid import DIRECTION_NAMES, distance, line_of_sight, neighbor
from games.panzer import ENGINE
from games.panzer import rules as R
from games.panzer.data import MAPS, ROSTER
from games.panzer.models import ALL_ACTIONS, PanzerState, Tank, Turn, Turret
from tests.panzer.helpers import seats


def test_gun_tables_match_range_and_aim_for_every_tank_type_and_facing():
    gmap = MAPS["zhenli"]
    here = gmap.by_name["f5"]
    for key, typ in ROSTER.items():
        for hull in range(6):
            for turret in range(6) if typ.has_turret else (hull,):
                tank = Tank(id="a1", owner=0, type=key, pos=here, hull=hull, turret=turret)
                for turns in range(typ.turret_turns + 1):
                    table = R.gun_reach(tank, turns)
                    for target in gmap.cells:
                        if target == here:
                            continue
                        long_way = tuple(g for g in range(len(typ.guns))
                                         if R.in_range(tank, g, target) and R.aim_turns(tank, g, target, turns) is not None)
                        offset = (target[0] - here[0], target[1] - here[1])
                        assert table.get(offset, ()) == long_way, (key, hull, turret, turns, target)


def test_cached_sight_matches_line_of_sight_with_the_blocker_set():
    rnd = random.Random(3)
    for key, gmap in MAPS.items():
        state = ENGINE.setup(seats(), ENGINE.parse_options({"map": key}), 1).state
        open_hexes = [h for h, c in gmap.cells.items() if c not in "FM"]
        cells = list(gmap.cells)
        for _ in range(400):
            state.wrecks = rnd.sample(open_hexes, rnd.choice((0, 1, 3, 8)))
            a, b = rnd.sample(cells, 2)
            for recon in (False, True):
                assert R.can_see(state, gmap, a, b, recon) == line_of_sight(a, b, R.blockers(state, gmap, recon)), \
                    (key, a, b, state.wrecks, recon)


def test_draft_shortcut_matches_army_problem_for_every_roster_tank():
    rnd = random.Random(5)
    keys = list(ROSTER)
    for _ in range(300):
        picks = rnd.choices(keys, k=rnd.randint(0, 11))
        if rnd.random() < 0.3:  # single-nation lists (the bonus budget)
            nation = ROSTER[picks[0]].nation if picks else "de"
            picks = [k for k in picks if ROSTER[k].nation == nation]
        budget = rnd.choice((30, 120, 200, 400))
        long_way = [k for k in ROSTER if R.army_problem(picks + [k], budget) is None]
        assert R.addable(picks, budget) == long_way, (picks, budget)
    assert R.addable(["no_such_tank"], 200) == []


def _decode(code: str):
    try:
        return decode_action(ALL_ACTIONS, code)
    except RuleError as exc:
        return exc.key, exc.params


def _parse(code: str):
    try:
        return ENGINE.parse_action(code)
    except RuleError as exc:
        return exc.key, exc.params


def test_one_model_parsing_matches_decoding_over_all_models():
    codes = ["", "  ", "zz 1", "go a1", "go a1 c4 x", "precise a1 b2 x", "precise a1 b2 1", " endturn ", "endturn x",
             "path a1 c4,ne", "path a1 ~", "load a1 nuke", "side east", "drive a1 -"]
    rnd = random.Random(2)
    state = ENGINE.setup(seats(), ENGINE.parse_options({}), 2).state
    while ENGINE.outcome(state) is None:
        seat = rnd.choice(ENGINE.active_seats(state))
        legal = ENGINE.legal_actions(state, seat)
        codes += [a.code() for a in legal[:5]]
        state = ENGINE.apply(state, seat, rnd.choice(legal)).state
    for code in codes:
        assert _parse(code) == _decode(code), code
    # a memoised Route is never shared: its step list is the caller's own
    first, again = ENGINE.parse_action("path a1 c4,ne"), ENGINE.parse_action("path a1 c4,ne")
    assert first == again and first.steps is not again.steps


def test_gun_tables_by_offset_number_match_the_tables_by_offset():
    for key, typ in ROSTER.items():
        for hull in range(6):
            for turret in range(6) if typ.has_turret else (hull,):
                tank = Tank(id="a1", owner=0, type=key, hull=hull, turret=turret)
                for turns in range(typ.turret_turns + 1):
                    by_offset = R.gun_reach(tank, turns)
                    by_number = R.reach_keys(key, hull, turret, turns)
                    assert by_number == {dq * R.HEX_KEY + dr: guns for (dq, dr), guns in by_offset.items()}
    # the number of an offset between two hexes of the largest map a map file may hold (26 x 30)
    # is never that of another offset, in particular of one in a gun table
    hexes = [(q, row - (q - (q & 1)) // 2) for q in range(26) for row in range(30)]
    offsets = {(b[0] - a[0], b[1] - a[1]) for a in hexes for b in hexes}
    offsets |= {(dq, dr) for dq in range(-15, 16) for dr in range(-15, 16)}
    assert len({dq * R.HEX_KEY + dr for dq, dr in offsets}) == len(offsets)


def _plain_move_steps(state: PanzerState, t: Tank, m) -> list:
    """The move-step menu from R.move_cost and _turn_cost, as before the per-map step table."""
    gmap = ENGINE.gmap(state)
    occ = ENGINE._occupied(state, skip=t)
    out = []
    for reverse, dest in ((False, neighbor(t.pos, t.hull)), (True, neighbor(t.pos, t.hull + 3))):
        c = R.move_cost(gmap, state, t, dest, reverse, m.dash, occ)
        if c is not None and (m.ap if reverse else m.ap + m.reserve) >= c:
            out.append(ENGINE.parse_action(f"go {t.id} {gmap.names[dest]}"))
    if m.ap >= ENGINE._turn_cost(state, t, m)[0]:
        out += [ENGINE.parse_action(f"turn {t.id} {d}") for d in (DIRECTION_NAMES[(t.hull - 1) % 6],
                                                                   DIRECTION_NAMES[(t.hull + 1) % 6])]
    return out


def _plain_fire_options(state: PanzerState, t: Tank, mode: str) -> list[tuple[str, int]]:
    """(target id, gun index) pairs from the tuple-keyed gun table, can_see and is_recon, as the
    engine found them before the inlined menus."""
    gmap = ENGINE.gmap(state)
    reach = R.gun_reach(t, t.turret_left)
    out = []
    for e in state.tanks:
        if e.alive and e.owner != t.owner and e.pos is not None:
            guns = reach.get((e.pos[0] - t.pos[0], e.pos[1] - t.pos[1]), ())
            if guns and R.can_see(state, gmap, t.pos, e.pos, R.is_recon(mode, t, e)):
                out += [(e.id, g) for g in guns]
    return out


def _plain_shots(state: PanzerState, t: Tank, mode: str) -> list:
    """A tank's shot actions from _plain_fire_options, every ammunition choice of each."""
    kind = {"precise": "precise", "advance": "advfire", "jump": "jumpfire"}[mode]
    return [ENGINE.parse_action(f"{kind} {t.id} {target} {g + 1} {'-' if a is None else a}")
            for target, g in _plain_fire_options(state, t, mode) for a in ENGINE._ammo_kinds(t)]


def _check_fire_agrees(state: PanzerState, seat: int, t: Tank, mode: str) -> None:
    """The engine's check of one chosen shot accepts exactly the pairs of _plain_fire_options."""
    pairs = _plain_fire_options(state, t, mode)
    for e in state.tanks:
        if e.owner != seat and e.alive:
            for g in range(len(ROSTER[t.type].guns)):
                try:
                    ENGINE._check_fire(state, seat, t.id, e.id, g + 1, None, mode)
                    ok = True
                except RuleError as exc:
                    assert exc.key == "panzer.err.no_shot", exc.key
                    ok = False
                assert ok == ((e.id, g) in pairs), (t.id, e.id, g, mode)


def test_move_and_fire_menus_match_the_plain_rules():
    """The menus built from the step table and the inlined gun tables list the same actions, in the
    same order, as the rule helpers they replace, and a chosen shot is checked the same way, over
    random games on every map with and without options."""
    rnd = random.Random(13)
    checked = {"moving": 0, "dash": 0, "shots": 0, "advance": 0, "with shots": 0}
    for seed, key in enumerate(list(MAPS) * 2):
        options = {"map": key, "hybrid": "1", "spotting": "1", "shortage": "1"} if seed % 2 else {"map": key}
        state = ENGINE.setup(seats(), ENGINE.parse_options(options), seed).state
        while ENGINE.outcome(state) is None:
            seat = rnd.choice(ENGINE.active_seats(state))
            legal = ENGINE.legal_actions(state, seat)
            ph = state.phase
            if ph in ("moving", "dash"):
                t = ENGINE.tank(state, state.mover.tank)
                assert ENGINE._move_steps(state, t, state.mover) == _plain_move_steps(state, t, state.mover)
                if ph == "dash":
                    # only at the target the jump shot was declared against (1-2, note 2)
                    assert ENGINE._jump_shots(state, t) == [a for a in _plain_shots(state, t, "jump")
                                                            if a.target == state.mover.target]
                    if t.alive and not t.done and not t.fired and not t.dfired and ENGINE._can_shoot_now(state, t):
                        _check_fire_agrees(state, seat, t, "jump")
                checked[ph] += 1
            elif ph in ("shots", "advance"):
                mode = "precise" if ph == "shots" else "advance"
                shots = [a for a in legal if a.kind in ("precise", "advfire")]
                shooters = [t for t in state.tanks if t.owner == seat and t.alive and not t.done and not t.fired
                            and not (ph == "shots" and t.dfired) and ENGINE._can_shoot_now(state, t)]
                assert shots == [a for t in shooters for a in _plain_shots(state, t, mode)]
                # the rest of the menu: dashes, then every turret turn, then the phase's end
                # a jump shot names an untried enemy that some move of the dash brings into sight and
                # range (dash_routes; tests/panzer/test_newcomer17.py checks it move by move)
                rest = [ENGINE.parse_action(f"dash {t.id} {e.id}") for t in shooters
                        if ph == "shots" and ENGINE._can_drive(state, t)
                        for e in state.tanks if e.owner != seat and e.alive and e.pos is not None
                        and e.id not in t.dash_tried and e.id in ENGINE.dash_routes(state, t)]
                rest += [ENGINE.parse_action(f"turret {t.id} {DIRECTION_NAMES[(t.turret + d) % 6]}")
                         for t in state.tanks if t.owner == seat and t.alive and t.turret_left > 0
                         and ROSTER[t.type].has_turret for d in (-1, 1)]
                rest.append(ENGINE.parse_action("endshots" if ph == "shots" else "endturn"))
                assert [a for a in legal if a.kind not in ("precise", "advfire")] == rest
                for t in shooters:
                    _check_fire_agrees(state, seat, t, mode)
                checked[ph] += 1
                checked["with shots"] += bool(shots)
            state = ENGINE.apply(state, seat, rnd.choice(legal)).state
    assert min(checked.values()) > 20, checked


def test_events_built_without_validation_are_the_events_core_builds():
    from games.core import Event, Step
    from games.core.events import roll_event
    from games.panzer.engine import _private, _public, _roll, _step
    pairs = [
        (_public("panzer.ev.step", tank="a1", frm="c4", to="c5", cost=1, ap=3),
         Event.public("panzer.ev.step", tank="a1", frm="c4", to="c5", cost=1, ap=3)),
        (_public("panzer.ev.ammo_phase"), Event.public("panzer.ev.ammo_phase")),
        (_private(1, "panzer.ev.loaded", tank="b1", token="am1"),
         Event.private(1, "panzer.ev.loaded", tank="b1", token="am1")),
        (_roll("a1", "@panzer.roll.hit", [3, 4], 7, mod=0, need=5, target="b1"),
         roll_event("a1", "@panzer.roll.hit", [3, 4], 7, mod=0, need=5, target="b1")),
    ]
    for fast, slow in pairs:
        assert type(fast) is Event and fast == slow and repr(fast) == repr(slow)
        assert fast.model_dump() == slow.model_dump() and fast.model_dump_json() == slow.model_dump_json()
        assert list(fast.params) == list(slow.params)  # same order of parameters
        assert fast.model_fields_set == slow.model_fields_set
        assert fast.visible_to(1) == slow.visible_to(1) and fast.visible_to(0) == slow.visible_to(0)
    step = Step(state=None, events=[fast for fast, _ in pairs])
    assert Step.model_validate_json(step.model_dump_json()).events == [slow for _, slow in pairs]
    begun = ENGINE.setup(seats(), ENGINE.parse_options({}), 1)
    state, events = begun.state, begun.events
    fast, slow = _step(state, list(events)), Step(state=state, events=list(events))
    assert type(fast) is Step and fast == slow and fast.model_fields_set == slow.model_fields_set
    assert fast.state is state and fast.events == events
    first, second = _private(0, "k"), _private(0, "k")
    first.to.append(1)
    assert second.to == [0]  # each event owns its lists


def test_apply_refuses_actions_outside_their_phases_before_the_handler_runs():
    """apply checks each action's phases from a table (the handlers no longer check them): every
    action kind is refused with wrong_phase in a phase the rules do not play it in."""
    import copy

    plays_in = {  # RULES.md: the phase each action belongs to
        "army": {"army"}, "pick": {"draft"}, "done": {"draft"}, "side": {"side"}, "deploy": {"deploy"},
        "face": {"face"}, "load": {"ammo"}, "ready": {"ammo"}, "endshots": {"shots"}, "precise": {"shots"},
        "dash": {"shots"}, "turret": {"shots", "move", "moving", "dash", "advance"}, "jumpfire": {"dash"},
        "cancel": {"dash"}, "drive": {"move"}, "go": {"moving", "dash"}, "path": {"moving", "dash"},
        "turn": {"moving", "dash"}, "halt": {"moving"}, "endmove": {"move"}, "dfire": {"react"},
        "hold": {"react"}, "advfire": {"advance"}, "endturn": {"advance"}, "again": {"second"},
        "noagain": {"second"},
    }
    samples = {"army": "army x", "pick": "pick tiger", "done": "done", "side": "side north", "deploy": "deploy a1 c4",
               "face": "face n", "load": "load a1 hesh", "ready": "ready", "endshots": "endshots",
               "precise": "precise a1 b1 1", "dash": "dash a1 b1", "turret": "turret a1 n", "jumpfire": "jumpfire a1 b1 1",
               "cancel": "cancel a1", "drive": "drive a1 0", "go": "go a1 c4", "path": "path a1 c4",
               "turn": "turn a1 n", "halt": "halt a1", "endmove": "endmove", "dfire": "dfire a1 1", "hold": "hold",
               "advfire": "advfire a1 b1 1",
               "endturn": "endturn", "again": "again", "noagain": "noagain"}
    assert set(plays_in) == set(samples) == {cls.model_fields["kind"].default for cls in ALL_ACTIONS}
    rnd = random.Random(4)
    state = ENGINE.setup(seats(), ENGINE.parse_options({}), 4).state
    phases_seen = set()
    while ENGINE.outcome(state) is None:
        seat = rnd.choice(ENGINE.active_seats(state))
        if state.phase not in phases_seen or rnd.random() < 0.02:
            phases_seen.add(state.phase)
            before = ENGINE.dump_state(state)
            for kind, code in samples.items():
                if state.phase not in plays_in[kind]:
                    trial = copy.deepcopy(state)
                    try:
                        ENGINE.apply(trial, seat, ENGINE.parse_action(code))
                        raise AssertionError(f"{code} accepted in {state.phase}")
                    except RuleError as exc:
                        assert exc.key == "panzer.err.wrong_phase", (code, state.phase, exc.key)
                    assert ENGINE.dump_state(trial) == before
        state = ENGINE.apply(state, seat, rnd.choice(ENGINE.legal_actions(state, seat))).state
    assert {"draft", "side", "deploy", "face", "ammo", "shots", "move", "moving", "advance"} <= phases_seen


def test_pick_and_deploy_checks_match_army_problem_and_the_free_zone():
    """_do_pick checks a pick against the cached addable keys, _do_deploy a hex against a zone set
    and the occupied hexes: the same answers (and refusals) as army_problem and _free_zone."""
    import copy

    rnd = random.Random(8)
    keys = list(ROSTER) + ["no_such_tank"]
    checked = {"draft": 0, "deploy": 0}
    for seed, key in enumerate(MAPS):
        state = ENGINE.setup(seats(), ENGINE.parse_options({"map": key}), seed).state
        while state.phase in ("draft", "side", "deploy", "face"):
            seat = rnd.choice(ENGINE.active_seats(state))
            if state.phase == "draft":
                for k in rnd.sample(keys, 12):
                    problem = R.army_problem(state.picks[seat] + [k], state.options.budget)
                    try:
                        ENGINE.apply(copy.deepcopy(state), seat, ENGINE.parse_action(f"pick {k}"))
                        assert problem is None, k
                    except RuleError as exc:
                        assert problem is not None and (exc.key, exc.params) == (problem.key, problem.params), k
                    checked["draft"] += 1
            elif state.phase == "deploy":
                gmap = ENGINE.gmap(state)
                free = ENGINE._free_zone(state, seat)
                t = next(t for t in state.tanks if t.owner == seat and t.pos is None)
                for h, name in gmap.names.items():
                    try:
                        ENGINE.apply(copy.deepcopy(state), seat, ENGINE.parse_action(f"deploy {t.id} {name}"))
                        assert h in free, name
                    except RuleError as exc:
                        assert exc.key == "panzer.err.not_in_zone" and h not in free, (name, exc.key)
                    checked["deploy"] += 1
            state = ENGINE.apply(state, seat, rnd.choice(ENGINE.legal_actions(state, seat))).state
    assert min(checked.values()) > 100, checked


def test_hull_and_turret_turn_checks_match_turn_steps():
    """Turn and Turret check one 60° step by (d - facing) % 6 in (1, 5) and read the direction
    from a dict first: the same refusals as turn_steps and _dir, for every direction spelling."""
    import copy

    from games.core.hexgrid import turn_steps
    from games.panzer.engine import _dir

    rnd = random.Random(21)
    spellings = list(DIRECTION_NAMES) + [d.upper() for d in DIRECTION_NAMES] + ["x", ""]
    checked = {"turn": 0, "turret": 0}
    state = ENGINE.setup(seats(), ENGINE.parse_options({}), 21).state
    while ENGINE.outcome(state) is None:
        seat = rnd.choice(ENGINE.active_seats(state))
        ph = state.phase
        tanks = [t for t in state.tanks if t.owner == seat and t.alive and t.pos is not None]
        if ph in ("moving", "dash") or (ph == "shots" and tanks):
            kind = "turn" if ph != "shots" else "turret"
            t = ENGINE.tank(state, state.mover.tank) if kind == "turn" else rnd.choice(tanks)
            for name in spellings:
                try:
                    d = _dir(name)
                except RuleError:
                    d = None
                try:
                    action = Turn(tank=t.id, dir=name) if kind == "turn" else Turret(tank=t.id, dir=name)
                    ENGINE.apply(copy.deepcopy(state), seat, action)
                    key = None
                except RuleError as exc:
                    key = exc.key
                if d is None:
                    assert key == "panzer.err.bad_dir", (name, key)
                elif kind == "turn":
                    assert (key == "panzer.err.turn_60") == (turn_steps(t.hull, d) != 1), (name, key)
                elif ROSTER[t.type].has_turret and not t.done:
                    assert (key == "panzer.err.turret_turns") == (turn_steps(t.turret, d) != 1 or t.turret_left < 1)
            checked[kind] += 1
        state = ENGINE.apply(state, seat, rnd.choice(ENGINE.legal_actions(state, seat))).state
    assert min(checked.values()) > 20, checked


def test_sight_lines_are_symmetric_on_every_map():
    """R.sees looks up each pair of hexes in one order only: that is right only because the line
    from a to b crosses the same groups as the line from b to a, checked here for every pair of
    hexes of every map (sight_line itself, not its cache)."""
    import itertools

    from games.core.hexgrid import sight_line

    for key, gmap in MAPS.items():
        for a, b in itertools.combinations(sorted(gmap.cells), 2):
            there, back = sight_line.__wrapped__(a, b), sight_line.__wrapped__(b, a)
            assert sorted(map(sorted, there)) == sorted(map(sorted, back)), (key, a, b)


def test_tank_lookup_by_place_finds_the_tank_a_search_finds():
    """ENGINE.tank tries the place a tank id has in the draft order before searching: the same
    tank (or None) as a plain search, in games and on boards built in any order."""
    from tests.panzer.helpers import board

    states = []
    rnd = random.Random(17)
    state = ENGINE.setup(seats(), ENGINE.parse_options({}), 17).state
    while ENGINE.outcome(state) is None:
        if rnd.random() < 0.05:
            states.append(state)
        seat = rnd.choice(ENGINE.active_seats(state))
        state = ENGINE.apply(state, seat, rnd.choice(ENGINE.legal_actions(state, seat))).state
    states.append(state)
    states.append(board([("b1", "m4", "g9", "n"), ("a2", "m4", "k7", "s"), ("a1", "bt7", "i5", "n")]))
    ids = [f"{x}{n}" for x in "abc" for n in range(0, 13)] + ["", "a", "b01", "A1"]
    for s in states:
        for tid in ids:
            assert ENGINE.tank(s, tid) is next((t for t in s.tanks if t.id == tid), None), tid


def _mutable_parts(value, path="state"):
    """Every list, dict and state part (a dataclass instance) reachable from value, by path."""
    if isinstance(value, (list, dict)):
        yield path, value
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for k, v in items:
            yield from _mutable_parts(v, f"{path}[{k!r}]")
    elif hasattr(value, "__dataclass_fields__"):
        yield path, value
        for name in value.__dataclass_fields__:
            yield from _mutable_parts(getattr(value, name), f"{path}.{name}")


def test_the_fast_state_copy_equals_a_deep_copy_and_shares_nothing_the_rules_change():
    """copy_state (the bots' copy, determinize's) against copy.deepcopy, on states of seeded
    games in every phase, opening=armies included: the same JSON, no list, dict or state part
    shared (a field added later and left out of its copier is shared, and fails here), and
    the game's dice copied, not shared."""
    import copy

    from games.panzer.bot import choose
    from games.panzer.models import copy_state
    phases = set()
    for seed, opening in ((1, "draft"), (2, "armies"), (3, "draft")):
        rnd = random.Random(seed)
        state = ENGINE.setup(seats(), ENGINE.parse_options({"opening": opening, "veteran": "per_mode"}), seed).state
        while ENGINE.outcome(state) is None:
            phases.add(state.phase)
            twin = copy_state(state)
            assert ENGINE.dump_state(twin) == ENGINE.dump_state(copy.deepcopy(state))
            mine = {id(part): path for path, part in _mutable_parts(state)}
            shared = [path for path, part in _mutable_parts(twin) if id(part) in mine]
            assert not shared, (state.phase, shared)
            assert twin.rng is not state.rng and twin.rng == state.rng
            seat = ENGINE.active_seats(state)[0]
            state = ENGINE.apply(state, seat, choose(ENGINE, state, seat, rnd)).state
    assert {"army", "draft", "deploy", "ammo", "shots", "move", "moving", "advance"} <= phases
