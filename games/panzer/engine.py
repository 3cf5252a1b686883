"""Panzer: the tank hex wargame of seed 002 (少战 rules improved after TANKS+).

Phases of the state machine (state.phase):
  army    both seats choose a whole army in secret (table option opening=armies)
  draft   alternate picks (the source's opening); state.seat picks
  side    the first player chooses north or south
  deploy  / face   alternate placement in the deployment zones, then the facing
  ammo    both seats load special ammunition in secret
  shots   the turn player's precision shots and jump shots (phase rule 1)
  dash    a tank moving for its jump shot (state.mover)
  move    the turn player chooses the next tank to move (phase rule 2-1)
  moving  that tank moves step by step (state.mover)
  react   the waiting seat may fire defensively at the mover (phase rule 2-2)
  second  a light tank's rate-of-fire second shot (special rule 5)
  advance advance fire (phase rule 3)
"""
from __future__ import annotations

import copy
import random
from dataclasses import asdict
from functools import lru_cache
from pathlib import Path
from typing import Any


from games.core import Engine, Event, GameRng, Outcome, RuleError, Seat, Step
from games.core.engine import decode_action
from games.core.events import roll_event, step_of
from games.core.hexgrid import DIRECTION_NAMES, distance, hex_name, in_arc, neighbor, turn_steps
from games.core.i18n import register_catalog
from games.panzer import rules as R
from games.panzer.data import MAPS, ROSTER, GameMap
from games.panzer.models import (
    ALL_ACTIONS, AMMO_KINDS, Again, Ammo, Army, AdvFire, Cancel, Dash, Deploy, DFire, Done, Drive, EndMove,
    EndShots, EndTurn, Face, Go, Halt, Route, Hex, Hold, JumpFire, Load, Mover, NoAgain, PanzerAction, PanzerOptions,
    PanzerState, Pick, Precise, Reaction, Ready, STATE_JSON, SecondShot, Side, Tank, Turn, Turret,
)

LETTERS = "ab"
_DIR_KEYS = tuple(f"@panzer.dir.{d}" for d in DIRECTION_NAMES)  # event parameters of the six directions
# roster facts as plain sets: membership tests are cheaper than reading the type models in hot loops
_LIGHT_TYPES = frozenset(k for k, typ in ROSTER.items() if typ.tank_class == "light")
_HEX_KEY = R.HEX_KEY
# tank id -> (its index among its side's tanks, whether it is the second side's)
_TANK_PLACE = {f"{letter}{n}": (n - 1, letter == "b") for letter in LETTERS for n in range(1, R.MAX_TANKS + 1)}
_TURRET_TURNS = {k: typ.turret_turns for k, typ in ROSTER.items()}
_MOVES = {k: typ.move for k, typ in ROSTER.items()}
# the farthest a jump shot can reach: a base move of forward steps, then the longest gun
_JUMP_REACH = {k: typ.move + max(g.range for g in typ.guns) for k, typ in ROSTER.items()}
# the same reach as the R.HEX_KEY offsets (dq * HEX_KEY + dr) of every hex within it: the shots menu
# lists a dash against each enemy in reach for each tank, so a set lookup replaces a distance
_JUMP_KEYS = {k: frozenset(dq * _HEX_KEY + dr for dq in range(-far, far + 1) for dr in range(-far, far + 1)
                           if distance((0, 0), (dq, dr)) <= far)
              for k, far in _JUMP_REACH.items()}
# free points a tank may declare, [without, with] the hybrid option (rule 9)
_FREE_CAPS = {k: (R.FREE_CAP[typ.tank_class], R.HYBRID_FREE_CAP if typ.hybrid else R.FREE_CAP[typ.tank_class])
              for k, typ in ROSTER.items()}
_HEAVY_TYPES = frozenset(k for k, typ in ROSTER.items() if typ.tank_class == "heavy")
_HYBRID_TYPES = frozenset(k for k, typ in ROSTER.items() if typ.hybrid)
_TURRET_TYPES = frozenset(k for k, typ in ROSTER.items() if typ.has_turret)
# whether a turn right after a forward move is free, [without, with] the hybrid option (R.turns_free)
_TURNS_FREE = {k: (R.turns_free(k, False), R.turns_free(k, True)) for k in ROSTER}


_DIR_INDEX = {name: d for d, name in enumerate(DIRECTION_NAMES)}
# map key -> (hex by name, name by hex), the GameMap model's two tables as plain reads
_MAP_NAMES = {key: (gmap.by_name, gmap.names) for key, gmap in MAPS.items()}
_ONE_STEP = (1, 5)  # (b - a) % 6 of two directions one 60° turn apart


# Events and steps skip pydantic's validation of their known-good fields (games/core's fast
# builders): a random game makes ~750 events and ~670 steps. tests/panzer/test_speedups.py
# compares them with what Event.public, Event.private, roll_event and Step() make.
_public = Event.public  # _public(key, **params)
_private = Event.private  # _private(seat, key, **params)
_roll = roll_event  # _roll(who, what, dice, total, **extra)
_step = step_of  # _step(state, events): the caller's fresh list of events, not copied


def _dir(name: str) -> int:
    d = _DIR_INDEX.get(name)
    if d is None:
        d = _DIR_INDEX.get(name.lower())
        if d is None:
            raise RuleError("panzer.err.bad_dir", dir=name)
    return d


class PanzerEngine(Engine[PanzerState, PanzerAction, PanzerOptions]):
    key = "panzer"
    title = {"en": "Panzer: tank hex wargame", "zh-CN": "少战坦克兵棋"}
    min_players = 2
    max_players = 2
    State = PanzerState
    Options = PanzerOptions
    actions = ALL_ACTIONS

    # --- setup ---------------------------------------------------------------------
    def setup(self, seats: list[Seat], options: PanzerOptions, seed: int) -> Step:
        rng = GameRng.from_seed(seed)
        state = PanzerState(names=[s.name for s in seats], rng=rng, options=options)
        events = [_public("panzer.ev.start", map=MAPS[options.map].name, rounds=options.rounds)]
        if options.opening == "armies":
            state.phase = "army"
        else:
            state.phase = "draft"
            state.seat = self._roll_off(state, events, "@panzer.roll.draft")
            events.append(_public("panzer.ev.draft_first", name=state.names[state.seat]))
        return _step(state, events)

    def _roll_off(self, state: PanzerState, events: list[Event], what: str) -> int:
        """Both roll a die until one is higher; the higher wins."""
        while True:
            a, b = state.rng.die(6), state.rng.die(6)
            events.append(_roll(state.names[0], what, [a], a))
            events.append(_roll(state.names[1], what, [b], b))
            if a != b:
                return 0 if a > b else 1

    # --- loadouts (for the host's saved armies) --------------------------------------
    def validate_loadout(self, code: str) -> str:
        presets = self.loadout_presets()
        return presets[code] if code in presets else R.normalize_army(code, 200)

    def loadout_presets(self) -> dict[str, str]:
        return dict(_PRESETS)

    def parse_action(self, code: str) -> PanzerAction:
        action = _parse(code)
        return action.model_copy(deep=True) if isinstance(action, Route) else action  # a Route holds a list

    # the state is slotted dataclasses (see models.py): dumped and loaded through a TypeAdapter
    def dump_state(self, state: PanzerState) -> str:
        return STATE_JSON.dump_json(state).decode()

    def load_state(self, data: str | bytes) -> PanzerState:
        return STATE_JSON.validate_json(data)

    # --- who acts ------------------------------------------------------------------
    def active_seats(self, state: PanzerState) -> list[int]:
        if state.finished:
            return []
        if state.phase == "army":
            return [s for s in (0, 1) if state.pending_army[s] is None]
        if state.phase == "ammo":
            return [s for s in (0, 1) if not state.ammo_ready[s]]
        return [state.seat]

    # --- small helpers ---------------------------------------------------------------
    @staticmethod
    def gmap(state: PanzerState) -> GameMap:
        return MAPS[state.options.map]

    @staticmethod
    def tank(state: PanzerState, tid: str) -> Tank | None:
        # the draft lists a1, a2, .. then b1, b2, ..: try the tank's own place before searching
        place = _TANK_PLACE.get(tid)
        if place is not None:
            i, second = place
            if second:
                i += state.counts[0]
            tanks = state.tanks
            if i < len(tanks):
                t = tanks[i]
                if t.id == tid:
                    return t
        for t in state.tanks:
            if t.id == tid:
                return t
        return None

    def _own(self, state: PanzerState, seat: int, tid: str) -> Tank:
        t = self.tank(state, tid)
        if t is None or t.owner != seat:
            raise RuleError("panzer.err.not_your_tank", tank=tid)
        if not t.alive:
            raise RuleError("panzer.err.destroyed", tank=tid)
        return t

    @staticmethod
    def _occupied(state: PanzerState, skip: Tank | None = None) -> set[Hex]:
        """Hexes holding a live tank (wrecks are handled by the movement costs)."""
        occ = {t.pos for t in state.tanks if t.alive}  # model attribute reads are slow: two per tank
        occ.discard(None)  # not deployed yet
        if skip is not None and skip.alive:
            occ.discard(skip.pos)  # one live tank per hex, so no other stands there
        return occ  # type: ignore[return-value]

    @staticmethod
    def _dry(state: PanzerState, t: Tank) -> bool:
        return state.turn_no <= t.dry_until

    def _can_shoot_now(self, state: PanzerState, t: Tank) -> bool:
        return t.alive and not t.gun_broken and state.turn_no > t.dry_until  # not _dry

    def _ammo_kinds(self, t: Tank) -> tuple[str | None, ...]:
        return (None, *sorted({a.kind for a in t.ammo})) if t.ammo else (None,)

    # --- legal actions ------------------------------------------------------------------
    def legal_actions(self, state: PanzerState, seat: int) -> list[PanzerAction]:
        if state.finished:
            return []
        ph = state.phase
        if ph == "army" or ph == "ammo":  # the two phases where both seats may act (active_seats)
            if seat not in self.active_seats(state):
                return []
        elif seat != state.seat:
            return []
        # the phases of a turn first, the most frequent first
        if ph == "moving" or ph == "dash":
            m = state.mover
            assert m is not None
            t = self.tank(state, m.tank)
            assert t is not None
            acts = self._move_steps(state, t, m)
            if ph == "dash":
                acts += self._jump_shots(state, t)
                acts.append(_cancel(t.id))
            elif m.free == 0 or m.ap == 0:
                acts.append(_halt(t.id))
            if t.turret_left > 0 and t.type in _TURRET_TYPES:  # one-step turret turns (also after a shot, 6 v)
                acts += _turret_turns(t.id, t.turret)
            return acts
        if ph == "shots" or ph == "advance":
            return self._fire_menu(state, seat, ph == "shots")
        acts = []
        if ph == "move":
            turn_no, pool, hybrid = state.turn_no, state.pool, state.options.hybrid
            turrets = []
            for t in state.tanks:  # one pass, as in the shots phase
                if t.owner != seat or not t.alive:
                    continue
                done = t.done
                if not (done or t.moved or t.dfired or t.immobile or t.stalled_turn == turn_no):  # _can_drive
                    acts += _drives(t.id, min(_FREE_CAPS[t.type][hybrid], pool))  # self._free_cap
                if t.turret_left > 0 and t.type in _TURRET_TYPES:  # also after a shot (rule 6 v)
                    turrets += _turret_turns(t.id, t.turret)
            acts += turrets
            acts.append(_END_MOVE)
            return acts
        if ph == "react":
            for t, g in self._defenders(state):
                acts += [_act(DFire, tank=t.id, gun=g + 1, ammo=a) for a in self._ammo_kinds(t)]
            acts.append(_HOLD)
            return acts
        if ph == "second":
            s = state.second
            assert s is not None
            shooter = self.tank(state, s.shooter)
            assert shooter is not None
            return [_act(Again, ammo=a) for a in self._ammo_kinds(shooter)] + [_act(NoAgain)]
        # the opening
        if ph == "army":
            return [_act(Army, loadout=name) for name in _PRESETS]
        if ph == "draft":
            acts = list(_picks(R.addable_keys(state.picks[seat], state.options.budget)))
            if state.picks[seat]:
                acts.append(_act(Done))
            return acts
        if ph == "side":
            return [_act(Side, side="north"), _act(Side, side="south")]
        if ph == "deploy":  # _free_zone, with each tank's deploy actions for its whole zone kept
            taken = self._occupied(state) | set(state.wrecks)
            map_key, side = state.options.map, state.sides[seat]
            for t in state.tanks:
                if t.owner == seat and t.pos is None:
                    acts += [a for h, a in _zone_deploys(map_key, side, t.id) if h not in taken]
            return acts
        if ph == "face":
            return [_act(Face, dir=d) for d in DIRECTION_NAMES]
        if ph == "ammo":
            # the same kinds for every tank
            kinds = tuple(k for k in AMMO_KINDS if self._load_problem(state, seat, None, k) is None)
            for t in state.tanks:
                if t.owner == seat:
                    acts += _loads(t.id, kinds)
            if self._ready_problem(state, seat) is None:
                acts.append(_act(Ready))
            return acts
        return acts

    def _fire_menu(self, state: PanzerState, seat: int, shots_phase: bool) -> list[PanzerAction]:
        """The shots menu (precision shots and jump-shot dashes) or the advance menu (advance fire):
        each own live tank's shots, then every turret turn, then the phase's end. The hottest menu,
        so the gun tables, sight, _can_shoot_now and _can_drive are read inline in one pass."""
        cls = Precise if shots_phase else AdvFire
        turn_no, map_key, wrecks = state.turn_no, state.options.map, state.wrecks
        sees, reach_keys = R.sees, R.reach_keys
        own: list[Tank] = []
        # (id, hex, hex as an R.HEX_KEY number) of every live enemy tank on the board, in state order,
        # found in the same pass over the tanks as the own ones
        enemies = []
        for t in state.tanks:
            if t.alive:
                if t.owner == seat:
                    own.append(t)
                elif (epos := t.pos) is not None:
                    enemies.append((t.id, epos, epos[0] * _HEX_KEY + epos[1], t))
        acts: list[PanzerAction] = []
        turrets: list[PanzerAction] = []  # listed after every tank's shots
        taken = None  # every live tank's hex, for the dashes' searches
        for t in own:
            done = t.done
            if not (done or t.fired or (shots_phase and t.dfired) or t.gun_broken or turn_no <= t.dry_until):
                pos = t.pos
                here = pos[0] * _HEX_KEY + pos[1]
                reach = reach_keys(t.type, t.hull, t.turret, t.turret_left)  # R.gun_reach by offset number
                kinds = None
                for eid, epos, key, _ in enemies:
                    guns = reach.get(key - here)
                    # sight does not depend on the gun: check it once per target (no recon in these modes)
                    if guns and sees(map_key, pos, epos, wrecks, False):
                        if kinds is None:
                            kinds = self._ammo_kinds(t)
                        for g in guns:
                            acts += _shots(cls, t.id, eid, g + 1, kinds)
                if shots_phase and not t.immobile and t.stalled_turn != turn_no:
                    # a jump shot names its target first: each enemy that some move brings into
                    # sight and range (`dash_routes`) and that no cancelled jump shot of this tank
                    # named this turn (1-2, note 2); the reach's hexes first, a cheap test
                    jump, tried = _JUMP_KEYS[t.type], t.dash_tried
                    near = [e for _, _, key, e in enemies if key - here in jump and e.id not in tried]
                    if near:
                        if taken is None:
                            taken = frozenset(self._occupied(state))
                        finds, recon_shooter = self._dash_search(state, t, taken).finds, t.type in _LIGHT_TYPES
                        acts += [_dash(t.id, e.id) for e in near
                                 if finds(e.pos, recon_shooter and e.type not in _LIGHT_TYPES)]
            if t.turret_left > 0 and t.type in _TURRET_TYPES:  # also after a shot (rule 6 v)
                turrets += _turret_turns(t.id, t.turret)
        acts += turrets
        acts.append(_END_SHOTS if shots_phase else _END_TURN)
        return acts

    def _jump_shots(self, state: PanzerState, t: Tank) -> list[PanzerAction]:
        """The dashing tank's jump shots (as _fire_menu for one shooter, with the recon advantage
        of rule 6), looking at the enemy tanks directly."""
        out: list[PanzerAction] = []
        pos, owner, map_key, wrecks = t.pos, t.owner, state.options.map, state.wrecks
        here = pos[0] * _HEX_KEY + pos[1]
        reach = R.reach_keys(t.type, t.hull, t.turret, t.turret_left)  # R.gun_reach by offset number
        recon_shooter = t.type in _LIGHT_TYPES  # R.is_recon, shooter half
        target = state.mover.target if state.mover is not None else ""
        for e in state.tanks:
            if e.owner == owner or not e.alive or e.pos is None or (target and e.id != target):
                continue
            epos = e.pos
            guns = reach.get(epos[0] * _HEX_KEY + epos[1] - here)
            # sight does not depend on the gun: check it once per target
            if guns and R.sees(map_key, pos, epos, wrecks, recon_shooter and e.type not in _LIGHT_TYPES):
                for g in guns:
                    out += _shots(JumpFire, t.id, e.id, g + 1, self._ammo_kinds(t))
        return out

    def dash_routes(self, state: PanzerState, t: Tank) -> dict[str, tuple[str, ...]]:
        """For each enemy tank a jump shot of `t` can be fired at after some legal move of its
        dash (1-2: a base move, no free points, no wreck cleared): the moves to a place and facing
        with that shot, as a route's steps (`_dash_targets`; none: from where it stands).
        In a dash, from where the tank is with the points it has left, for the named target."""
        m = state.mover
        target = m.target if m is not None and m.dash and m.tank == t.id else ""
        recon_shooter = t.type in _LIGHT_TYPES  # R.is_recon, shooter half
        targets = tuple((e.id, e.pos, recon_shooter and e.type not in _LIGHT_TYPES) for e in state.tanks
                        if e.owner != t.owner and e.alive and e.pos is not None and (not target or e.id == target))
        occupied = frozenset(self._occupied(state, skip=t))
        return dict(_dash_targets(*self._dash_args(state, t, occupied), targets))  # the cached answer stays as it is

    def _dash_search(self, state: PanzerState, t: Tank, taken: frozenset[Hex] | None = None) -> _DashSearch:
        """Whether a jump shot of live `t` can reach a target (as `dash_routes` has it), asked
        lazily per target; one search per tank and position, cached on what it reads (the shots
        menu asks again after every turret turn, declaration and cancel, and a declaration
        checks). `taken`: every live tank's hex (`_occupied`), one set for a whole menu."""
        return _dash_search(*self._dash_args(state, t, frozenset(self._occupied(state)) if taken is None else taken))

    def _dash_args(self, state: PanzerState, t: Tank, occupied: frozenset[Hex]) -> tuple:
        """What a dash's search reads, as plain values (`_dash_targets`, `_dash_search`)."""
        m = state.mover
        if m is not None and m.dash and m.tank == t.id:
            ap, reserve, free_turn = m.ap, m.reserve, m.free_turn
        else:
            ap, reserve, free_turn = _MOVES[t.type], 0, False
        hybrid = state.options.hybrid
        return (state.options.map, t.type, t.pos, t.hull, t.turret, t.turret_left, ap, reserve, free_turn, occupied,
                tuple(state.wrecks), _TURNS_FREE[t.type][hybrid], hybrid and t.type in _HYBRID_TYPES)

    @staticmethod
    def _own_alive(state: PanzerState, seat: int) -> list[Tank]:
        return [t for t in state.tanks if t.owner == seat and t.alive]

    def _can_drive(self, state: PanzerState, t: Tank) -> bool:
        return not t.immobile and t.stalled_turn != state.turn_no

    def _free_cap(self, state: PanzerState, t: Tank) -> int:
        return _FREE_CAPS[t.type][state.options.hybrid]

    def _free_zone(self, state: PanzerState, seat: int) -> list[Hex]:
        occ = self._occupied(state) | set(state.wrecks)
        return [h for h in self.gmap(state).zone(state.sides[seat]) if h not in occ]

    def _turn_cost(self, state: PanzerState, t: Tank, m: Mover) -> tuple[int, int]:
        """(points paid, reserve kept) for a 60° hull turn now (R.turn_cost)."""
        return R.turn_cost(m.free_turn, _TURNS_FREE[t.type][state.options.hybrid])

    def _move_steps(self, state: PanzerState, t: Tank, m: Mover) -> list[PanzerAction]:
        out: list[PanzerAction] = []
        tid, ap = t.id, m.ap
        fwd, fwd_cost, fwd_go, back, back_cost, back_go, turns = _step_menu(state.options.map, tid, t.pos, t.hull)
        if fwd_cost is not None or back_cost is not None:  # R.step_cost with the terrain part precomputed
            # _occupied inline (t stands on neither hex, and None matches neither: no need to drop them)
            occ = {x.pos for x in state.tanks if x.alive}
            wrecks = state.wrecks
            if fwd_cost is not None and fwd not in occ:
                if fwd in wrecks:
                    fwd_cost = _wreck_cost(fwd_cost, m.dash, t.type in _HEAVY_TYPES)
                if fwd_cost is not None and R.step_points(ap, m.reserve, False) >= fwd_cost:
                    out.append(fwd_go)
            if back_cost is not None and back not in occ:
                if back in wrecks:
                    back_cost = _wreck_cost(back_cost, m.dash, t.type in _HEAVY_TYPES)
                if back_cost is not None and R.step_points(ap, m.reserve, True) >= back_cost:
                    out.append(back_go)
        if ap >= R.turn_cost(m.free_turn, _TURNS_FREE[t.type][state.options.hybrid])[0]:
            out += turns  # _hull_turns
        return out

    def _defenders(self, state: PanzerState) -> list[tuple[Tank, int]]:
        """Waiting-side tanks that may fire defensively at the mover now (no turret turning)."""
        r = state.reaction
        if r is None:
            return []
        mover = self.tank(state, r.mover)
        if mover is None or not mover.alive:
            return []
        return self._defenders_at(state, mover, r.aim_at)

    def _defenders_at(self, state: PanzerState, mover: Tank, at: Hex) -> list[tuple[Tank, int]]:
        map_key, owner, turn_no = state.options.map, mover.owner, state.turn_no
        there = at[0] * _HEX_KEY + at[1]
        out = []
        for t in state.tanks:
            # not _can_shoot_now, or already fired defensively, or not on the board
            if t.owner == owner or not t.alive or t.gun_broken or turn_no <= t.dry_until or t.dfired:
                continue
            pos = t.pos
            if pos is None:
                continue
            # in range and in the arc each gun points at now (gun_reach with no turret turn)
            guns = R.reach_keys(t.type, t.hull, t.turret, 0).get(there - pos[0] * _HEX_KEY - pos[1])
            if guns and R.sees(map_key, pos, at, state.wrecks):
                out += [(t, g) for g in guns]
        return out

    def _load_problem(self, state: PanzerState, seat: int, t: Tank | None, kind: str) -> str | None:
        """Why seat may not load one more round of this kind (on any of its tanks)."""
        loaded = [a.kind for x in state.tanks if x.owner == seat for a in x.ammo]
        if len(loaded) >= 3:
            return "panzer.err.ammo_full"
        if kind == "apfsds" and "apfsds" in loaded:
            return "panzer.err.one_apfsds"
        if len(loaded) == 2 and loaded[0] == loaded[1] == kind:
            return "panzer.err.ammo_kinds"
        return None

    @staticmethod
    def _ready_problem(state: PanzerState, seat: int) -> str | None:
        loaded = [a.kind for x in state.tanks if x.owner == seat for a in x.ammo]
        if len(loaded) >= 2 and len(set(loaded)) < 2:
            return "panzer.err.ammo_kinds"
        return None

    # --- apply ------------------------------------------------------------------------
    def apply(self, state: PanzerState, seat: int, action: PanzerAction) -> Step:
        if state.finished:
            raise RuleError("panzer.err.over")
        ph = state.phase  # as in legal_actions: active_seats only where both seats may act
        if (seat not in self.active_seats(state)) if ph == "army" or ph == "ammo" else seat != state.seat:
            raise RuleError("core.not_your_turn")
        rule = _RULES.get(type(action)) or _HANDLERS.get(action.kind)  # (by kind: an action of another class)
        if rule is None:
            raise RuleError("core.illegal")
        handler, phases = rule
        if ph not in phases:
            self._refuse_destroyed(state, seat, action)
            raise RuleError("panzer.err.wrong_phase")
        events: list[Event] = []
        try:
            handler(self, state, seat, action, events)
        except RuleError:
            self._refuse_destroyed(state, seat, action)
            raise
        return _step(state, events)

    def _refuse_destroyed(self, state: PanzerState, seat: int, action: PanzerAction) -> None:
        """A refused action for one of the seat's destroyed tanks says that, before any other
        reason ("go Panther #3 H6" once the Panther is a wreck: not "not possible in this phase")."""
        tid = getattr(action, "tank", None)
        t = self.tank(state, tid) if isinstance(tid, str) else None
        if t is not None and t.owner == seat and not t.alive:
            raise RuleError("panzer.err.destroyed", tank=t.id)

    # The _do_ handlers: apply has checked the seat and the phase (_PHASES) before calling one.

    # opening ------------------------------------------------------------------------
    def _do_army(self, state: PanzerState, seat: int, a: Army, ev: list[Event]) -> None:
        code = _PRESETS.get(a.loadout) or R.normalize_army(a.loadout, state.options.budget)
        state.pending_army[seat] = code
        state.army_token[seat] = state.rng.token("army")
        ev.append(_public("panzer.ev.army_chosen", name=state.names[seat]))
        ev.append(_private(seat, "panzer.ev.army_mine", army=self._army_text(code), token=state.army_token[seat]))
        if all(p is not None for p in state.pending_army):
            state.picks = [p.split(",") for p in state.pending_army]  # type: ignore[union-attr]
            for s in (0, 1):
                ev.append(_public("panzer.ev.army_reveal", name=state.names[s], army=self._army_text(state.pending_army[s])))
            state.pending_army = [None, None]
            state.army_token = ["", ""]
            state.draft_done = [True, True]
            self._after_draft(state, ev)

    @staticmethod
    def _army_text(code: str | None) -> str:
        return ",".join(code.split(",")) if code else ""

    def _do_pick(self, state: PanzerState, seat: int, a: Pick, ev: list[Event]) -> None:
        picks, budget = state.picks[seat], state.options.budget
        # army_problem(picks + [a.tank]) is None exactly for the addable keys (test_speedups), which
        # are cached by what they depend on; the full check runs only to name a refusal
        if a.tank not in R.addable_keys(picks, budget):
            problem = R.army_problem(picks + [a.tank], budget)
            assert problem is not None
            raise problem
        picks.append(a.tank)
        ev.append(_public("panzer.ev.pick", name=state.names[seat], tank=ROSTER[a.tank].name,
                               price=ROSTER[a.tank].price, total=self._price(state.picks[seat])))
        if not state.draft_done[1 - seat]:
            state.seat = 1 - seat

    def _do_done(self, state: PanzerState, seat: int, a: Done, ev: list[Event]) -> None:
        if not state.picks[seat]:
            raise RuleError("panzer.err.need_tank")
        state.draft_done[seat] = True
        ev.append(_public("panzer.ev.draft_done", name=state.names[seat], total=self._price(state.picks[seat])))
        if all(state.draft_done):
            self._after_draft(state, ev)
        else:
            state.seat = 1 - seat

    @staticmethod
    def _price(keys: list[str]) -> int:
        return sum(ROSTER[k].price for k in keys)

    def _after_draft(self, state: PanzerState, ev: list[Event]) -> None:
        """Opening 2: fewer points first, then fewer tanks, then a die (1-3 first seat)."""
        state.spent = [self._price(p) for p in state.picks]
        state.counts = [len(p) for p in state.picks]
        if state.spent[0] != state.spent[1]:
            first = 0 if state.spent[0] < state.spent[1] else 1
            why = "points"
        elif state.counts[0] != state.counts[1]:
            first = 0 if state.counts[0] < state.counts[1] else 1
            why = "count"
        else:
            d = state.rng.die(6)
            ev.append(_roll(state.names[0], "@panzer.roll.first", [d], d))
            first = 0 if d <= 3 else 1
            why = "die"
        state.first = first
        state.tanks = []
        for s in (0, 1):
            for i, k in enumerate(state.picks[s]):
                state.tanks.append(Tank(id=f"{LETTERS[s]}{i + 1}", owner=s, type=k))
        ev.append(_public("panzer.ev.first", name=state.names[first], why=f"@panzer.why.{why}"))
        state.phase = "side"
        state.seat = first

    def _do_side(self, state: PanzerState, seat: int, a: Side, ev: list[Event]) -> None:
        other = "south" if a.side == "north" else "north"
        state.sides = [a.side, other] if seat == 0 else [other, a.side]
        ev.append(_public("panzer.ev.side", name=state.names[seat], side=f"@panzer.side.{a.side}"))
        state.phase = "deploy"

    def _do_deploy(self, state: PanzerState, seat: int, a: Deploy, ev: list[Event]) -> None:
        t = self._own(state, seat, a.tank)
        if t.pos is not None:
            raise RuleError("panzer.err.already_deployed", tank=t.id)
        h = self.gmap(state).by_name.get(a.hex.lower())
        # h in _free_zone: in the zone, and neither a tank nor a wreck there
        if h is None or h not in _zone_set(state.options.map, state.sides[seat]) or h in self._occupied(state) \
                or h in state.wrecks:
            raise RuleError("panzer.err.not_in_zone", hex=a.hex)
        t.pos = h
        state.placing = t.id
        state.phase = "face"
        ev.append(_public("panzer.ev.placed", name=state.names[seat], tank=t.id, hex=hex_name(h)))

    def _do_face(self, state: PanzerState, seat: int, a: Face, ev: list[Event]) -> None:
        d = _dir(a.dir)
        t = self.tank(state, state.placing or "")
        assert t is not None
        t.hull = t.turret = d  # turret starts along the hull (rule 6-vii)
        state.placing = None
        ev.append(_public("panzer.ev.deploy", name=state.names[seat], tank=t.id, type=R.ttype(t).name,
                               hex=hex_name(t.pos), dir=f"@panzer.dir.{a.dir}"))  # type: ignore[arg-type]
        waiting = [s for s in (1 - seat, seat) if any(x.owner == s and x.pos is None for x in state.tanks)]
        if waiting:
            state.seat = waiting[0]
            state.phase = "deploy"
        else:
            state.phase = "ammo"
            ev.append(_public("panzer.ev.ammo_phase"))

    def _do_load(self, state: PanzerState, seat: int, a: Load, ev: list[Event]) -> None:
        t = self._own(state, seat, a.tank)
        problem = self._load_problem(state, seat, t, a.ammo)
        if problem:
            raise RuleError(problem)
        marker = Ammo(id=state.rng.token("am"), kind=a.ammo)
        t.ammo.append(marker)
        ev.append(_private(seat, "panzer.ev.loaded", tank=t.id, ammo=f"@panzer.ammo.{a.ammo}", token=marker.id))

    def _do_ready(self, state: PanzerState, seat: int, a: Ready, ev: list[Event]) -> None:
        problem = self._ready_problem(state, seat)
        if problem:
            raise RuleError(problem)
        state.ammo_ready[seat] = True
        counts = ", ".join(f"{t.id}×{len(t.ammo)}" for t in state.tanks if t.owner == seat and t.ammo) or "-"
        ev.append(_public("panzer.ev.ammo_ready", name=state.names[seat], counts=counts))
        if all(state.ammo_ready):
            self._start_turn(state, state.first, ev)

    # turn flow -----------------------------------------------------------------------
    def _start_turn(self, state: PanzerState, seat: int, ev: list[Event]) -> None:
        state.turn_no += 1
        state.own_turns[seat] += 1
        state.seat = seat
        ev.append(_public("panzer.ev.turn", round=state.round, name=state.names[seat]))
        turn_no, total = state.turn_no, 0
        for t in state.tanks:
            if t.owner != seat or not t.alive:
                continue
            t.done = t.fired = t.moved = False
            if t.dash_tried:
                t.dash_tried = []
            t.turret_left = _TURRET_TURNS[t.type]
            t.last_start, t.turn_start = t.turn_start, t.pos
            if t.visited:
                t.visited = []
            self._engine_check(state, t, ev)
            # the tanks that can move this turn: a defensive shooter cannot (2-2), so it adds nothing
            if not t.immobile and t.stalled_turn != turn_no and not t.dfired:  # _can_drive, after the engine check
                total += _MOVES[t.type]
        # preparation: free action points drawn from 3..max(3, half the mobile tanks' moves)
        hi = max(3, (total + 1) // 2)
        state.pool = state.rng.randint(3, hi)
        ev.append(_roll(state.names[seat], "@panzer.roll.free", [state.pool], state.pool, lo=3, hi=hi))
        state.phase = "shots"

    def _engine_check(self, state: PanzerState, t: Tank, ev: list[Event]) -> None:
        """Optional rule 10 (before preparation): Maus every turn; Tiger II, Jagdtiger, IS-2 every
        second own turn (the 2nd, 4th, ...). A 1 keeps the tank still this turn."""
        if not state.options.unreliable:
            return
        kind = R.ttype(t).unreliable
        own = state.own_turns[t.owner]
        if kind == "every" or (kind == "alternate" and own % 2 == 0):
            d = state.rng.die(6)
            ev.append(_roll(t.id, "@panzer.roll.engine", [d], d))
            if d == 1:
                t.stalled_turn = state.turn_no
                ev.append(_public("panzer.ev.stalled", tank=t.id))

    def _do_endshots(self, state: PanzerState, seat: int, a: EndShots, ev: list[Event]) -> None:
        state.phase = "move"
        ev.append(_public("panzer.ev.end_shots", name=state.names[seat]))

    def _do_turret(self, state: PanzerState, seat: int, a: Turret, ev: list[Event]) -> None:
        t = self._own(state, seat, a.tank)
        if state.mover is not None and state.mover.tank != t.id:
            raise RuleError("panzer.err.one_at_a_time")
        d = _DIR_INDEX.get(a.dir)
        if d is None:
            d = _dir(a.dir)  # other spellings, or the refusal
        if t.type not in _TURRET_TYPES:  # a shot does not end the turret's turns (rule 6 v)
            raise RuleError("panzer.err.no_turret", tank=t.id)
        if (d - t.turret) % 6 not in _ONE_STEP or t.turret_left < 1:  # turn_steps(t.turret, d) != 1
            raise RuleError("panzer.err.turret_turns", tank=t.id)
        t.turret = d
        t.turret_left -= 1
        ev.append(_public("panzer.ev.turret", tank=t.id, dir=_DIR_KEYS[d], left=t.turret_left))

    # shots ---------------------------------------------------------------------------
    def _check_fire(self, state: PanzerState, seat: int, tid: str, target: str, gun: int, ammo: str | None,
                    mode: str) -> tuple[Tank, Tank, int]:
        t = self._own(state, seat, tid)
        e = self.tank(state, target)
        if e is None or e.owner == seat or not e.alive:
            raise RuleError("panzer.err.bad_target", target=target)
        if not 1 <= gun <= len(R.ttype(t).guns):
            raise RuleError("panzer.err.bad_gun", gun=gun)
        if not self._can_shoot_now(state, t) or t.fired or t.done or (mode != "advance" and t.dfired):
            raise RuleError("panzer.err.cannot_fire", tank=t.id)
        # in range and arc within the turret turns left, and in sight (R.is_recon for jump shots)
        pos, epos = t.pos, e.pos
        guns = None if epos is None else R.reach_keys(t.type, t.hull, t.turret, t.turret_left).get(
            (epos[0] - pos[0]) * _HEX_KEY + epos[1] - pos[1])
        recon = mode == "jump" and t.type in _LIGHT_TYPES and e.type not in _LIGHT_TYPES
        if not guns or gun - 1 not in guns or not R.sees(state.options.map, pos, epos, state.wrecks, recon):
            raise RuleError("panzer.err.no_shot", tank=t.id, target=target)
        if ammo is not None and ammo not in {m.kind for m in t.ammo}:
            raise RuleError("panzer.err.no_ammo", tank=t.id)
        return t, e, gun - 1

    def _aim_turret(self, state: PanzerState, t: Tank, g: int, at: Hex, ev: list[Event]) -> None:
        d = R.aim_direction(t, g, at, t.turret_left)
        assert d is not None
        if R.ttype(t).guns[g].turret and d != t.turret:
            t.turret_left -= turn_steps(t.turret, d)
            t.turret = d
            ev.append(_public("panzer.ev.turret", tank=t.id, dir=_DIR_KEYS[d], left=t.turret_left))

    def _do_precise(self, state: PanzerState, seat: int, a: Precise, ev: list[Event]) -> None:
        t, e, g = self._check_fire(state, seat, a.tank, a.target, a.gun, a.ammo, "precise")
        self._aim_turret(state, t, g, e.pos, ev)  # type: ignore[arg-type]
        t.done = t.fired = True
        self._fire(state, t, e, g, a.ammo, "precise", e.pos, e.pos, ev, back="shots")  # type: ignore[arg-type]

    def _do_dash(self, state: PanzerState, seat: int, a: Dash, ev: list[Event]) -> None:
        t = self._own(state, seat, a.tank)
        if t.done or t.fired or t.dfired or not self._can_drive(state, t) or not self._can_shoot_now(state, t):
            raise RuleError("panzer.err.cannot_dash", tank=t.id)
        e = self.tank(state, a.target)
        if e is None or e.owner == seat or not e.alive or e.pos is None:
            raise RuleError("panzer.err.bad_target", target=a.target)
        if e.id in t.dash_tried:  # note 2: after a cancelled jump shot, another enemy tank
            raise RuleError("panzer.err.dash_tried", tank=t.id, target=e.id)
        recon = t.type in _LIGHT_TYPES and e.type not in _LIGHT_TYPES  # R.is_recon
        if not self._dash_search(state, t).finds(e.pos, recon):  # a declaration no move can make good
            raise RuleError("panzer.err.dash_far", tank=t.id, target=e.id)
        state.mover = Mover(tank=t.id, dash=True, ap=_MOVES[t.type], free=0, start=t.pos, start_hull=t.hull,
                            start_turret=t.turret, start_turret_left=t.turret_left, target=e.id)
        state.phase = "dash"
        ev.append(_public("panzer.ev.dash", tank=t.id, target=e.id))

    def _do_jumpfire(self, state: PanzerState, seat: int, a: JumpFire, ev: list[Event]) -> None:
        assert state.mover is not None
        if a.tank != state.mover.tank:
            raise RuleError("panzer.err.one_at_a_time")
        if state.mover.target and a.target != state.mover.target:
            raise RuleError("panzer.err.dash_target", tank=a.tank, target=state.mover.target)
        t, e, g = self._check_fire(state, seat, a.tank, a.target, a.gun, a.ammo, "jump")
        self._aim_turret(state, t, g, e.pos, ev)  # type: ignore[arg-type]
        t.done = t.fired = True
        if t.pos != state.mover.start:
            t.moved = True
        state.mover = None
        self._fire(state, t, e, g, a.ammo, "jump", e.pos, e.pos, ev, back="shots")  # type: ignore[arg-type]

    def _do_cancel(self, state: PanzerState, seat: int, a: Cancel, ev: list[Event]) -> None:
        """Note 2 of 1-2: the target out of range after the move: back to the start, the shot
        cancelled; the tank may declare a jump shot against another enemy tank."""
        m = state.mover
        assert m is not None
        if a.tank != m.tank:
            raise RuleError("panzer.err.one_at_a_time")
        t = self.tank(state, m.tank)
        assert t is not None
        t.pos, t.hull = m.start, m.start_hull
        t.turret, t.turret_left = m.start_turret, m.start_turret_left
        t.visited = []
        if m.target:
            t.dash_tried.append(m.target)
        state.mover = None
        state.phase = "shots"
        ev.append(_public("panzer.ev.cancel", tank=t.id, hex=hex_name(t.pos)))  # type: ignore[arg-type]

    # movement ------------------------------------------------------------------------
    def _do_drive(self, state: PanzerState, seat: int, a: Drive, ev: list[Event]) -> None:
        t = self._own(state, seat, a.tank)
        if t.done or t.moved or t.dfired or not self._can_drive(state, t):
            raise RuleError("panzer.err.cannot_move", tank=t.id)
        if not 0 <= a.free <= min(self._free_cap(state, t), state.pool):
            raise RuleError("panzer.err.free_points", cap=self._free_cap(state, t), pool=state.pool)
        state.pool -= a.free
        t.moved = True
        state.mover = Mover(tank=t.id, dash=False, ap=_MOVES[t.type] + a.free, free=a.free, start=t.pos)
        state.phase = "moving"
        ev.append(_public("panzer.ev.drive", tank=t.id, free=a.free, ap=state.mover.ap))
        if a.free and state.options.unreliable and R.ttype(t).unreliable == "hybrid":
            d = state.rng.die(6)
            ev.append(_roll(t.id, "@panzer.roll.engine", [d], d))
            if d == 1:  # rule 10-1: no move in the owner's next turn
                t.stalled_turn = state.turn_no + 2
                ev.append(_public("panzer.ev.stalled_next", tank=t.id))

    def _do_go(self, state: PanzerState, seat: int, a: Go, ev: list[Event]) -> None:
        m = state.mover
        assert m is not None
        if a.tank != m.tank:
            raise RuleError("panzer.err.one_at_a_time")
        t = self.tank(state, m.tank)
        assert t is not None and t.pos is not None
        map_key = state.options.map
        by_name, names = _MAP_NAMES[map_key]  # gmap.by_name and gmap.names
        dest = by_name.get(a.hex.lower())
        fwd, cost, _, back, back_cost, _ = _steps_at(map_key, t.pos, t.hull)
        if dest not in (fwd, back):
            raise RuleError("panzer.err.not_adjacent", hex=a.hex)
        reverse = dest == back
        if reverse:
            cost = back_cost
        # R.move_cost from the terrain cost (the tank itself stands on neither hex); _occupied inline
        if cost is not None and dest in {x.pos for x in state.tanks if x.alive}:
            cost = None
        if cost is not None and dest in state.wrecks:
            cost = _wreck_cost(cost, m.dash, t.type in _HEAVY_TYPES)
        if cost is None:
            raise RuleError("panzer.err.blocked", hex=a.hex)
        budget = R.step_points(m.ap, m.reserve, reverse)
        if budget < cost:  # a reverse says why it costs 2 (RULES 5)
            raise RuleError("panzer.err.no_points_reverse" if reverse else "panzer.err.no_points", need=cost,
                            have=budget)
        # validated: move
        refund = 0 if reverse else m.reserve  # a medium/heavy turn's point, back on this forward move
        m.ap = budget - cost
        m.reserve = 0
        before = t.pos
        cleared = dest if dest in state.wrecks else None
        if cleared is not None:
            state.wrecks.remove(dest)
        t.pos = dest
        if dest not in t.visited and dest != t.turn_start:
            t.visited.append(dest)
        m.free_turn = R.leaves_free_turn(reverse, state.options.hybrid and t.type in _HYBRID_TYPES)
        m.last = "step"
        ev.append(_public("panzer.ev.step", tank=t.id, frm=names[before], to=names[dest], cost=cost, ap=m.ap,
                          **({"refund": refund} if refund else {}), **({"reverse": True} if reverse else {})))
        if cleared is not None:
            ev.append(_public("panzer.ev.cleared", tank=t.id, hex=names[dest]))
        if not m.dash:
            spotted = state.options.spotting and t.spotted > 0
            aim = dest if (spotted or cleared is not None) else before
            if self._defenders_at(state, t, aim):  # a reaction window only when someone can shoot
                state.reaction = Reaction(mover=t.id, before=before, after=dest, aim_at=aim, wreck_at=aim,
                                          cleared=cleared)
                state.phase = "react"
                state.seat = 1 - seat
                # "comes into sight" only when the step before opened no window (2-2: each step on its own)
                ev.append(_public("panzer.ev.react_still" if m.watched else "panzer.ev.react",
                                  name=state.names[1 - seat], tank=t.id, hex=names[aim]))
                m.watched = True
                return
            m.watched = False
            if state.reaction is not None:
                state.reaction = None
            if not (m.ap > 0 or m.reserve > 0):  # _maybe_stop with the tank at hand (not dashing here)
                if not (m.free_turn and self._turn_cost(state, t, m)[0] == 0):
                    self._end_drive(state, ev)

    def _do_path(self, state: PanzerState, seat: int, a: Route, ev: list[Event]) -> None:
        """Each step as if typed alone; the route stops where defensive fire may interrupt it."""
        if not a.steps or len(a.steps) > 20:
            raise RuleError("panzer.err.bad_path")
        trial = copy.deepcopy(state)  # validate the whole route first: a refusal changes nothing
        done = self._walk(trial, seat, a, [])
        self._walk(state, seat, a, ev, limit=done)

    def _walk(self, state: PanzerState, seat: int, a: Route, ev: list[Event], limit: int | None = None) -> int:
        count = 0
        for token in a.steps:
            if limit is not None and count >= limit:
                break
            if state.phase not in ("moving", "dash") or state.mover is None:
                break
            if token.lower() in DIRECTION_NAMES:
                self._do_turn(state, seat, Turn(tank=a.tank, dir=token.lower()), ev)
            else:
                self._do_go(state, seat, Go(tank=a.tank, hex=token), ev)
            count += 1
        return count

    def _do_turn(self, state: PanzerState, seat: int, a: Turn, ev: list[Event]) -> None:
        m = state.mover
        assert m is not None
        if a.tank != m.tank:
            raise RuleError("panzer.err.one_at_a_time")
        t = self.tank(state, m.tank)
        assert t is not None
        d = _DIR_INDEX.get(a.dir)
        if d is None:
            d = _dir(a.dir)  # other spellings, or the refusal
        if (d - t.hull) % 6 not in _ONE_STEP:  # turn_steps(t.hull, d) != 1
            raise RuleError("panzer.err.turn_60")
        paid, reserve = self._turn_cost(state, t, m)
        if m.ap < paid:
            raise RuleError("panzer.err.no_points", need=paid, have=m.ap)
        m.ap -= paid
        m.reserve = reserve
        m.free_turn = False
        m.last = "turn"
        t.hull = d
        if t.type not in _TURRET_TYPES:
            t.turret = d
        ev.append(_public("panzer.ev.turn_hull", tank=t.id, dir=_DIR_KEYS[d], ap=m.ap,
                          **({"reserve": reserve} if reserve else {}), **({"free": True} if paid == 0 else {})))
        if not (m.dash or m.ap > 0 or m.reserve > 0):  # _maybe_stop, knowing a turn leaves no free turn
            self._end_drive(state, ev)

    def _maybe_stop(self, state: PanzerState, ev: list[Event]) -> None:
        """A moving tank with no points left (and no free turn to take) stops by itself."""
        m = state.mover
        if m is None or m.dash or m.ap > 0 or m.reserve > 0:
            return
        t = self.tank(state, m.tank)
        assert t is not None
        if m.free_turn and self._turn_cost(state, t, m)[0] == 0:
            return
        self._end_drive(state, ev)

    def _end_drive(self, state: PanzerState, ev: list[Event]) -> None:
        m = state.mover
        assert m is not None
        ev.append(_public("panzer.ev.halt", tank=m.tank, left=m.ap))
        state.mover = None
        state.phase = "move"

    def _do_halt(self, state: PanzerState, seat: int, a: Halt, ev: list[Event]) -> None:
        m = state.mover
        assert m is not None
        if a.tank != m.tank:
            raise RuleError("panzer.err.one_at_a_time")
        if m.free > 0 and m.ap > 0:
            raise RuleError("panzer.err.must_spend", ap=m.ap)
        self._end_drive(state, ev)

    def _do_endmove(self, state: PanzerState, seat: int, a: EndMove, ev: list[Event]) -> None:
        for t in self._own_alive(state, seat):
            if t.dfired:  # the defensive-fire marker lasts until the owner's movement ends
                t.dfired = False
        state.phase = "advance"
        ev.append(_public("panzer.ev.end_move", name=state.names[seat]))

    # defensive fire ------------------------------------------------------------------------
    def _do_dfire(self, state: PanzerState, seat: int, a: DFire, ev: list[Event]) -> None:
        r = state.reaction
        assert r is not None
        t = self._own(state, seat, a.tank)
        if (t, a.gun - 1) not in [(x, g) for x, g in self._defenders(state)]:
            raise RuleError("panzer.err.no_shot", tank=t.id, target=r.mover)
        if a.ammo is not None and a.ammo not in {m.kind for m in t.ammo}:
            raise RuleError("panzer.err.no_ammo", tank=t.id)
        mover = self.tank(state, r.mover)
        assert mover is not None
        t.dfired = t.fired = True
        self._fire(state, t, mover, a.gun - 1, a.ammo, "defensive", r.aim_at, r.wreck_at, ev, back="react")

    def _do_hold(self, state: PanzerState, seat: int, a: Hold, ev: list[Event]) -> None:
        assert state.reaction is not None
        ev.append(_public("panzer.ev.hold", name=state.names[seat], tank=state.reaction.mover))
        self._close_reaction(state, ev)

    def _after_defensive(self, state: PanzerState, ev: list[Event]) -> None:
        if state.finished:
            return
        r = state.reaction
        assert r is not None
        mover = self.tank(state, r.mover)
        if mover is not None and mover.alive and self._defenders(state):
            state.phase = "react"
            state.seat = 1 - mover.owner
            return
        self._close_reaction(state, ev)

    def _close_reaction(self, state: PanzerState, ev: list[Event]) -> None:
        r = state.reaction
        assert r is not None
        mover = self.tank(state, r.mover)
        assert mover is not None
        state.reaction = None
        state.seat = mover.owner
        if not mover.alive:
            state.mover = None  # the destroyed tank's declared free points are lost (note 2)
            state.phase = "move"
            return
        state.phase = "moving"
        self._maybe_stop(state, ev)

    # advance fire and the end of a turn ------------------------------------------------------
    def _do_advfire(self, state: PanzerState, seat: int, a: AdvFire, ev: list[Event]) -> None:
        t, e, g = self._check_fire(state, seat, a.tank, a.target, a.gun, a.ammo, "advance")
        self._aim_turret(state, t, g, e.pos, ev)  # type: ignore[arg-type]
        t.fired = True
        self._fire(state, t, e, g, a.ammo, "advance", e.pos, e.pos, ev, back="advance")  # type: ignore[arg-type]

    def _do_endturn(self, state: PanzerState, seat: int, a: EndTurn, ev: list[Event]) -> None:
        if state.options.spotting:
            self._update_spotting(state, seat, ev)
        nxt = 1 - seat
        if seat != state.first:
            state.round += 1
            if state.round > state.options.rounds:
                self._finish(state, "panzer.end.rounds", ev)
                return
        self._start_turn(state, nxt, ev)

    def _update_spotting(self, state: PanzerState, seat: int, ev: list[Event]) -> None:
        """Optional rule 11: a tank that ends its turn where it started is spotted (+1 to be hit);
        every 2 different hexes it drove this turn take 1 off again (not below 0)."""
        for t in self._own_alive(state, seat):
            if t.pos == t.turn_start:
                t.spotted += 1
                ev.append(_public("panzer.ev.spotted", tank=t.id, n=t.spotted))
            elif t.spotted:
                t.spotted = max(0, t.spotted - len(t.visited) // 2)

    # the shot itself ----------------------------------------------------------------------
    def _fire(self, state: PanzerState, t: Tank, e: Tank, g: int, ammo: str | None, mode: str, aim_at: Hex,
              wreck_at: Hex, ev: list[Event], back: str, second: bool = False) -> None:
        destroyed, short = self._resolve(state, t, e, g, ammo, mode, aim_at, wreck_at, ev, second)
        if state.finished:
            return
        typ, etyp = R.ttype(t), R.ttype(e)
        if (not second and not destroyed and not short and typ.tank_class == "light"
                and etyp.tank_class != "light" and self._can_shoot_now(state, t)):
            state.second = SecondShot(shooter=t.id, target=e.id, gun=g, mode=mode, aim_at=aim_at, seat=t.owner,
                                      back=back)
            state.phase = "second"
            state.seat = t.owner
            return
        self._resume(state, back, ev)

    def _resume(self, state: PanzerState, back: str, ev: list[Event]) -> None:
        if back == "react":
            self._after_defensive(state, ev)
        else:
            state.phase = back
            state.seat = self._turn_player(state)

    def _turn_player(self, state: PanzerState) -> int:
        return state.first if state.turn_no % 2 == 1 else 1 - state.first

    def _do_again(self, state: PanzerState, seat: int, a: Again, ev: list[Event]) -> None:
        s = state.second
        assert s is not None
        t = self.tank(state, s.shooter)
        e = self.tank(state, s.target)
        assert t is not None and e is not None
        if a.ammo is not None and a.ammo not in {m.kind for m in t.ammo}:
            raise RuleError("panzer.err.no_ammo", tank=t.id)
        state.second = None
        wreck_at = state.reaction.wreck_at if s.back == "react" and state.reaction else s.aim_at
        self._fire(state, t, e, s.gun, a.ammo, s.mode, s.aim_at, wreck_at, ev, back=s.back, second=True)

    def _do_noagain(self, state: PanzerState, seat: int, a: NoAgain, ev: list[Event]) -> None:
        s = state.second
        assert s is not None
        state.second = None
        ev.append(_public("panzer.ev.no_again", name=state.names[seat], tank=s.shooter))
        self._resume(state, s.back, ev)

    def _resolve(self, state: PanzerState, t: Tank, e: Tank, g: int, ammo: str | None, mode: str, aim_at: Hex,
                 wreck_at: Hex, ev: list[Event], second: bool = False) -> tuple[bool, bool]:
        """One shot: the hit roll, then damage (or the HESH table). Returns (destroyed, shortage);
        `second`: a light tank's second shot (rate of fire), which its roll names."""
        assert t.pos is not None
        typ = R.ttype(t)
        gun = typ.guns[g]
        if ammo is not None:
            marker = next(m for m in t.ammo if m.kind == ammo)
            t.ammo.remove(marker)
            state.ammo_spent[t.owner].append(ammo)  # the loadout's rules still bind what is left (determinize)
            ev.append(_public("panzer.ev.ammo_used", tank=t.id, ammo=f"@panzer.ammo.{ammo}"))
        dist = distance(t.pos, aim_at)
        mods = R.hit_modifier_terms(state, t, e, mode)
        mod = sum(mods.values())
        dice = state.rng.dice(2, 6)
        rolled, extra = list(dice), ({"second": True} if second else {})
        if ammo == "apfsds":  # rule 4-2: one die counts as a 6 (the lower one, the best choice)
            low = dice.index(min(dice))
            extra["apfsds"] = 6 - dice[low]  # the event shows the dice as rolled and what the round adds
            dice[low] = 6
        natural = sum(dice)
        total = natural + mod
        hit = total >= dist
        ev.append(_roll(t.id, "@panzer.roll.hit", rolled, total, mod=mod, mods=mods, need=dist, target=e.id, **extra))
        ev.append(_public("panzer.ev.hit_result", tank=t.id, target=e.id, mode=f"@panzer.mode.{mode}",
                               natural=natural, mod=mod, total=total, need=dist,
                               result="@panzer.hit" if hit else "@panzer.miss"))
        short = state.options.shortage and natural == 12
        if short:  # rule 12: no shot until the end of the owner's next turn
            t.dry_until = state.turn_no + 2
            ev.append(_public("panzer.ev.shortage", tank=t.id))
        if not hit:
            return False, short
        destroyed = False
        if ammo == "hesh":
            d = state.rng.die(6)
            ev.append(_roll(t.id, "@panzer.roll.hesh", [d], d, target=e.id))
            if d <= 2:
                e.immobile = True
                ev.append(_public("panzer.ev.immobilised", tank=e.id))
            elif d <= 4:
                e.gun_broken = True
                ev.append(_public("panzer.ev.gun_broken", tank=e.id))
            else:
                destroyed = True
        else:
            dice = state.rng.dice(2, 6)
            base = sum(dice)
            if ammo == "overcharge":
                base = R.overcharge(base, typ.tank_class)
            bonus = R.close_bonus(dist)
            armour = R.armour_against(e, aim_at, t.pos)
            total = base + bonus + gun.attack
            destroyed = total >= armour
            ev.append(_roll(t.id, "@panzer.roll.damage", dice, total, target=e.id))
            ev.append(_public("panzer.ev.damage_result", tank=t.id, target=e.id, dice=base, attack=gun.attack,
                                   close=bonus, total=total, armour=armour,
                                   result="@panzer.kill" if destroyed else "@panzer.survive"))
        if destroyed:
            self._destroy(state, t, e, wreck_at, mode, ammo, ev)
        return destroyed, short

    def _destroy(self, state: PanzerState, t: Tank, e: Tank, wreck_at: Hex, mode: str, ammo: str | None,
                 ev: list[Event]) -> None:
        e.alive = False
        # defensive fire judged the step from the hex the mover left, and its wreck lies there
        # (RULES.md 8; seed: 残骸位于移动之前的位置): the line names both hexes, not only the wreck's
        leaving = {"toward": hex_name(e.pos)} if e.pos is not None and e.pos != wreck_at else {}
        e.pos = wreck_at
        if wreck_at not in state.wrecks:
            state.wrecks.append(wreck_at)
        pts = R.POINTS[R.ttype(e).tank_class]
        state.score[t.owner] += pts
        ev.append(_public("panzer.ev.destroyed", tank=e.id, by=t.id, points=pts, hex=hex_name(wreck_at), **leaving))
        if ammo is None and state.options.veteran != "off":  # kills with special ammunition do not count
            if state.options.veteran == "on":
                t.veteran += 1
            else:
                t.veteran_modes[mode] = t.veteran_modes.get(mode, 0) + 1
            ev.append(_public("panzer.ev.veteran", tank=t.id))
        if not any(x.alive for x in state.tanks if x.owner == e.owner):
            self._finish(state, "panzer.end.annihilation", ev)

    def _finish(self, state: PanzerState, reason: str, ev: list[Event]) -> None:
        state.finished = True
        state.phase = "over"
        state.end_reason = reason
        state.mover = state.reaction = state.second = None
        out = self.outcome(state)
        assert out is not None
        ev.append(_public(out.reason, **out.params))

    # --- end of game --------------------------------------------------------------------
    def resign(self, state: PanzerState, seat: int) -> Step:
        state.resigned = seat
        state.finished = True
        state.phase = "over"
        state.end_reason = "core.outcome.resign"
        state.mover = state.reaction = state.second = None
        return _step(state, [_public("core.outcome.resign", name=state.names[seat])])

    def outcome(self, state: PanzerState) -> Outcome | None:
        if not state.finished:
            return None
        scores = [float(s) for s in state.score]
        if state.resigned is not None:
            w = 1 - state.resigned
            return Outcome(winners=[w], ranks=[1 if s == w else 2 for s in (0, 1)], scores=scores,
                           reason="core.outcome.resign", params={"name": state.names[state.resigned]})
        if state.end_reason == "panzer.end.annihilation":
            alive = [any(t.alive for t in state.tanks if t.owner == s) for s in (0, 1)]
            w = 0 if alive[0] else 1
            return Outcome(winners=[w], ranks=[1 if s == w else 2 for s in (0, 1)], scores=scores,
                           reason="panzer.end.annihilation", params={"name": state.names[w]})
        w, why = self.tie_break(state.score, state.spent, state.counts)
        if w is None:
            return Outcome(winners=[], ranks=[1, 1], scores=scores, reason="panzer.end.draw",
                           params={"a": state.score[0], "b": state.score[1]})
        return Outcome(winners=[w], ranks=[1 if s == w else 2 for s in (0, 1)], scores=scores,
                       reason="panzer.end.rounds", params={"name": state.names[w], "a": state.score[0],
                                                           "b": state.score[1], "why": f"@panzer.why.{why}"})

    @staticmethod
    def tie_break(score: list[int], spent: list[int], counts: list[int]) -> tuple[int | None, str]:
        """Victory after the last round: more points; then fewer pt used; then fewer tanks; else a draw."""
        if score[0] != score[1]:
            return (0 if score[0] > score[1] else 1), "score"
        if spent[0] != spent[1]:
            return (0 if spent[0] < spent[1] else 1), "points"
        if counts[0] != counts[1]:
            return (0 if counts[0] < counts[1] else 1), "count"
        return None, "draw"

    # --- views and secrets ------------------------------------------------------------------
    def view(self, state: PanzerState, seat: int | None) -> dict[str, Any]:
        hex_name = self.gmap(state).names.get  # noqa: N806 - cached names, same spelling
        turn_no = state.turn_no
        # while both sides load in secret, a side's rounds are counted for the table once it is
        # ready (its "ready" line counts them): a load before that shows the table nothing
        loading = state.phase == "ammo"
        tanks = []
        for t in state.tanks:
            card, has_turret = _tank_card(t.id, t.owner, t.type)
            facing = t.id != state.placing  # a tank just deployed has no facing until it is chosen
            rounds = len(t.ammo) if not loading or state.ammo_ready[t.owner] or seat == t.owner else 0
            tanks.append({
                **card, "pos": hex_name(t.pos) if t.pos is not None else None,
                "hull": t.hull if facing else None, "turret": t.turret if facing else None,
                "has_turret": has_turret, "alive": t.alive,
                "done": t.done, "fired": t.fired or t.dfired, "immobile": t.immobile or t.stalled_turn == turn_no,
                "gun_broken": t.gun_broken, "spotted": t.spotted, "dry": turn_no <= t.dry_until,  # _dry
                "veteran": t.veteran + sum(t.veteran_modes.values()) if t.veteran_modes else t.veteran,
                "ammo": rounds, "turret_left": t.turret_left,
                "last_start": hex_name(t.last_start) if t.last_start is not None else None,
            })
        v: dict[str, Any] = {
            "map": state.options.map, "names": state.names, "phase": state.phase, "seat": state.seat,
            "first": state.first, "sides": state.sides, "round": state.round, "rounds": state.options.rounds,
            "pool": state.pool, "score": state.score, "spent": state.spent, "counts": state.counts,
            "picks": state.picks if state.phase != "army" else [[], []],
            "picks_price": [self._price(p) for p in state.picks] if state.phase != "army" else [0, 0],
            "army_ready": [p is not None for p in state.pending_army],
            "ammo_ready": state.ammo_ready, "tanks": tanks, "wrecks": [hex_name(w) for w in state.wrecks],
            "mover": asdict(state.mover) if state.mover else None,
            "reaction": {"mover": state.reaction.mover, "at": hex_name(state.reaction.aim_at)} if state.reaction else None,
            "second": {"shooter": state.second.shooter, "target": state.second.target} if state.second else None,
            "options": state.options.model_dump(), "finished": state.finished, "me": seat,
        }
        if v["mover"]:
            v["mover"].pop("start", None)
            v["selected"] = state.mover.tank  # type: ignore[union-attr]
            v["reach"] = self._reach(state)
        if seat is not None:
            # a wreck's rounds are gone with it: only the live tanks' are the seat's to fire
            v["my_ammo"] = {t.id: [{"id": m.id, "kind": m.kind} for m in t.ammo]  # Ammo.model_dump()
                           for t in state.tanks if t.owner == seat and t.ammo and t.alive}
            if state.pending_army[seat]:
                v["my_army"] = {"army": state.pending_army[seat], "token": state.army_token[seat]}
        sel = v.get("selected")
        if sel:
            t = self.tank(state, sel)
            if t is not None and t.pos is not None:
                v["arc"] = self._arc_hexes(state, t)
        return v

    def _arc_hexes(self, state: PanzerState, t: Tank) -> list[str]:
        guns = tuple((R.gun_direction(t, g), gun.range) for g, gun in enumerate(R.ttype(t).guns))
        return list(_arc_cache(state.options.map, t.pos, guns))

    def _reach(self, state: PanzerState) -> list[str]:
        """Hexes the mover can still reach (a search over position, facing and points)."""
        m = state.mover
        assert m is not None
        t = self.tank(state, m.tank)
        if t is None or t.pos is None:
            return []
        hybrid = state.options.hybrid and t.type in _HYBRID_TYPES
        return list(R.reachable(state.options.map, t.pos, t.hull, m.ap, m.dash, t.type in _HEAVY_TYPES,
                                frozenset(self._occupied(state, skip=t)), tuple(state.wrecks), reserve=m.reserve,
                                free_turn=m.free_turn, free_turns=_TURNS_FREE[t.type][state.options.hybrid],
                                hybrid=hybrid))

    def secrets(self, state: PanzerState) -> dict[int, set[str]]:
        out: dict[int, set[str]] = {0: set(), 1: set()}
        for t in state.tanks:
            out[t.owner].update(m.id for m in t.ammo)
        for s in (0, 1):
            if state.pending_army[s] is not None:
                out[s].add(state.army_token[s])
        return out

    def determinize(self, state: PanzerState, seat: int, rng: random.Random) -> PanzerState:
        from games.panzer.determinize import determinize
        return determinize(state, seat, rng, _PRESETS)

    def invariants(self, state: PanzerState) -> list[str]:
        problems = []
        seen: set[Hex] = set()
        for t in state.tanks:
            if t.alive and t.pos is not None:
                if t.pos in seen:
                    problems.append(f"two tanks on {hex_name(t.pos)}")
                seen.add(t.pos)
                if self.gmap(state).cells.get(t.pos, "M") in "FM":
                    problems.append(f"{t.id} on impassable {hex_name(t.pos)}")
            if t.turret_left < 0:
                problems.append(f"{t.id} turret turns below 0")
        if seen & set(state.wrecks):
            problems.append("a tank shares a hex with a wreck")
        if len(set(state.wrecks)) != len(state.wrecks):
            problems.append("two wrecks in one hex")
        if state.pool < 0:
            problems.append("free points below 0")
        if state.mover and state.mover.ap < 0:
            problems.append("mover points below 0")
        for s in (0, 1):
            if sum(len(t.ammo) for t in state.tanks if t.owner == s) > 3:
                problems.append(f"seat {s} holds more than 3 special rounds")
            if sum(1 for t in state.tanks if t.owner == s for m in t.ammo if m.kind == "apfsds") > 1:
                problems.append(f"seat {s} holds two APFSDS")
        killed = [sum(R.POINTS[R.ttype(t).tank_class] for t in state.tanks if t.owner == s and not t.alive) for s in (0, 1)]
        if state.score != [killed[1], killed[0]]:
            problems.append(f"score {state.score} != destroyed {killed[::-1]}")
        return problems


@lru_cache(maxsize=8192)
def _act(cls: type, **fields: Any) -> Any:
    """Actions are frozen values: legal_actions reuses them instead of building thousands of
    equal objects per game (8192 entries, a few MB at most)."""
    return cls(**fields)


_BY_KIND = {a.model_fields["kind"].default: a for a in ALL_ACTIONS}


@lru_cache(maxsize=4096)
def _parse(code: str) -> Any:
    """decode_action with only the model the code names (the same result and errors), memoised:
    a refused code raises and is not kept."""
    tokens = code.split(None, 1)
    cls = _BY_KIND.get(tokens[0]) if tokens else None
    return decode_action((cls,) if cls else ALL_ACTIONS, code)


@lru_cache(maxsize=4096)
def _shots(cls: type, tank: str, target: str, gun: int, ammo: tuple[str | None, ...]) -> tuple[Any, ...]:
    """One shot action per ammunition choice (plain first), reused like _act."""
    return tuple(cls.from_values(tank, target, gun, a) for a in ammo)


@lru_cache(maxsize=256)  # maps × sides × tank ids
def _zone_deploys(map_key: str, side: str, tank: str) -> tuple[tuple[Hex, Any], ...]:
    """(hex, deploy action) for every hex of a deployment zone, in zone order."""
    gmap = MAPS[map_key]
    return tuple((h, Deploy.from_values(tank, gmap.names[h])) for h in gmap.zone(side))


@lru_cache(maxsize=1024)  # tank ids × target ids
def _dash(tank: str, target: str) -> Any:
    return Dash.from_values(tank, target)


@lru_cache(maxsize=64)  # maps × sides
def _zone_set(map_key: str, side: str) -> frozenset[Hex]:
    return frozenset(MAPS[map_key].zone(side))


@lru_cache(maxsize=256)  # tank ids × the 7 possible kind lists
def _loads(tank: str, kinds: tuple[str, ...]) -> tuple[Any, ...]:
    """The tank's Load actions for these ammunition kinds, in order."""
    return tuple(_act(Load, tank=tank, ammo=k) for k in kinds)


@lru_cache(maxsize=256)
def _cancel(tank: str) -> Any:
    return Cancel.from_values(tank)


@lru_cache(maxsize=256)
def _halt(tank: str) -> Any:
    return Halt.from_values(tank)


# the same as _act(EndShots) and so on, without the keyword-argument cache lookup
_END_SHOTS, _END_MOVE, _END_TURN, _HOLD = EndShots(), EndMove(), EndTurn(), Hold()


@lru_cache(maxsize=1024)
def _picks(tank_keys: tuple[str, ...]) -> tuple[Any, ...]:
    return tuple(_pick(k) for k in tank_keys)


@lru_cache(maxsize=256)
def _pick(tank_key: str) -> Any:
    return Pick.from_values(tank_key)


@lru_cache(maxsize=256)
def _drives(tank: str, cap: int) -> tuple[Any, ...]:
    """Drive with 0..cap free points."""
    return tuple(_act(Drive, tank=tank, free=f) for f in range(cap + 1))


@lru_cache(maxsize=None)  # maps × hexes × 6 facings
def _steps_at(map_key: str, pos: Hex, hull: int) -> tuple[Hex, int | None, str, Hex, int | None, str]:
    """(hex ahead, its terrain cost, its name, hex behind, its reverse cost, its name) for a tank
    at pos facing hull: the part of R.step_cost that depends on the map alone (None: impassable)."""
    gmap = MAPS[map_key]
    fwd, back = neighbor(pos, hull), neighbor(pos, hull + 3)
    cost = [R.step_cost(gmap.cells, (), False, h, reverse, False, frozenset())
            for h, reverse in ((fwd, False), (back, True))]
    return fwd, cost[0], gmap.names.get(fwd, ""), back, cost[1], gmap.names.get(back, "")


@lru_cache(maxsize=65536)  # maps × tank ids × hexes × 6 facings: 3 × 20 × 120 × 6 = 43,200 today
def _step_menu(map_key: str, tank: str, pos: Hex, hull: int) -> tuple[Hex, int | None, Any, Hex, int | None, Any,
                                                                      tuple[Any, Any]]:
    """_steps_at with the tank's actions: (hex ahead, its cost, the Go there, hex behind, its
    reverse cost, the Go there, the hull turns), one cached call for the move-step menu."""
    fwd, cost, name, back, back_cost, back_name = _steps_at(map_key, pos, hull)
    return fwd, cost, _go(tank, name), back, back_cost, _go(tank, back_name), _hull_turns(tank, hull)


@lru_cache(maxsize=4096)
def _dash_targets(map_key: str, type_key: str, pos: Hex, hull: int, turret: int, turret_left: int, ap: int,
                  reserve: int, free_turn: bool, occupied: frozenset[Hex], wrecks: tuple[Hex, ...], free_turns: bool,
                  hybrid: bool, targets: tuple[tuple[str, Hex, bool], ...]) -> dict[str, tuple[str, ...]]:
    """PanzerEngine.dash_routes by plain values: for each target (id, hex, whether the shooter
    sees it with recon, rule 6) a route of the dash to a place and facing where a gun has it in
    range and arc (turret turns left included) and the tank sees it. The places a dash reaches
    (`R.routes`) are tried by hex in the order first reached, each hex's sight checked once, and
    there the fewest moves among its facings with the shot."""
    by_hex: dict[Hex, list[tuple[int, tuple[str, ...]]]] = {}
    for (at, facing), route in R.routes(map_key, pos, hull, ap, True, type_key in _HEAVY_TYPES, occupied, wrecks,
                                        reserve, free_turn, free_turns, hybrid).items():
        by_hex.setdefault(at, []).append((facing, route))
    turreted = type_key in _TURRET_TYPES
    tables = [R.reach_keys(type_key, h, turret if turreted else h, turret_left) for h in range(6)]
    far = _JUMP_REACH[type_key] - _MOVES[type_key]  # the longest gun's range
    out: dict[str, tuple[str, ...]] = {}
    for tid, epos, recon in targets:
        eq, er = epos
        for (q, r), facings in by_hex.items():
            dq, dr = eq - q, er - r
            if (abs(dq) + abs(dr) + abs(dq + dr)) // 2 > far:  # distance: out of every gun's range
                continue
            offset = dq * _HEX_KEY + dr
            shots = [route for facing, route in facings if tables[facing].get(offset)]
            if shots and R.sees(map_key, (q, r), epos, wrecks, recon):
                out[tid] = min(shots, key=len)
                break
    return out


class _DashPoses:
    """A dash's places and facings (`R.poses`, a jump shot's move: no wreck cleared) as far as
    questions have needed them, shared by every target and turret facing of the tank there
    (a turret turn in the shots menu asks again from the same hex)."""

    __slots__ = ("found", "more")

    def __init__(self, map_key: str, pos: Hex, hull: int, ap: int, heavy: bool, occupied: frozenset[Hex],
                 wrecks: tuple[Hex, ...], reserve: int, free_turn: bool, free_turns: bool, hybrid: bool) -> None:
        self.found: list[tuple[Hex, int, int]] = []  # (hex, its R.HEX_KEY number, facing), as first reached
        self.more = R.poses(map_key, pos, hull, ap, True, heavy, occupied, wrecks, reserve, free_turn, free_turns,
                            hybrid)


@lru_cache(maxsize=1024)
def _dash_poses(*args: Any) -> _DashPoses:
    return _DashPoses(*args)


class _DashSearch:
    """Whether a gun of a dashing tank has a target in range and arc (turret turns left
    included) from some place and facing of its dash where it sees the target: `_dash_targets`'s
    test, so a target is found here exactly when it has a route there. The shots menu asks
    only whether, so the poses are searched only until one has the shot (`_DashPoses`), where
    `_dash_targets` searches them all for the fewest moves."""

    __slots__ = ("map_key", "wrecks", "tables", "poses", "answers")

    def __init__(self, map_key: str, type_key: str, pos: Hex, hull: int, turret: int, turret_left: int, ap: int,
                 reserve: int, free_turn: bool, taken: frozenset[Hex], wrecks: tuple[Hex, ...],
                 free_turns: bool, hybrid: bool) -> None:
        """`taken`: every live tank's hex, the tank's own too (one set for a whole menu)."""
        self.map_key, self.wrecks = map_key, wrecks
        turreted = type_key in _TURRET_TYPES
        self.tables = [R.reach_keys(type_key, h, turret if turreted else h, turret_left) for h in range(6)]
        self.poses = _dash_poses(map_key, pos, hull, ap, type_key in _HEAVY_TYPES, taken - {pos}, wrecks, reserve,
                                 free_turn, free_turns, hybrid)
        self.answers: dict[tuple[Hex, bool], bool] = {}

    def finds(self, epos: Hex, recon: bool) -> bool:
        """Whether some pose has a gun on the hex epos and sees it (`recon`: rule 6)."""
        known = self.answers.get((epos, recon))
        if known is None:
            known = self.answers[(epos, recon)] = self._search(epos, recon)
        return known

    def _search(self, epos: Hex, recon: bool) -> bool:
        ekey, tables, poses, sights = epos[0] * _HEX_KEY + epos[1], self.tables, self.poses, {}
        for at, key, facing in poses.found:
            if tables[facing].get(ekey - key) and self._sees(sights, at, epos, recon):
                return True
        for at, facing, _ in poses.more:  # the poses no question has needed yet
            key = at[0] * _HEX_KEY + at[1]
            poses.found.append((at, key, facing))
            if tables[facing].get(ekey - key) and self._sees(sights, at, epos, recon):
                return True
        return False

    def _sees(self, sights: dict[Hex, bool], at: Hex, epos: Hex, recon: bool) -> bool:
        """R.sees from at, once per hex for this question (a hex comes with up to six facings)."""
        seen = sights.get(at)
        if seen is None:
            seen = sights[at] = R.sees(self.map_key, at, epos, self.wrecks, recon)
        return seen


@lru_cache(maxsize=1024)
def _dash_search(*args: Any) -> _DashSearch:
    """One _DashSearch per dash's plain values (`PanzerEngine._dash_args`)."""
    return _DashSearch(*args)


def _wreck_cost(cost: int, dash: bool, heavy: bool) -> int | None:
    """R.step_cost's wreck rule on a terrain cost: a jump shot's move cannot clear wrecks; clearing
    costs at least 2 points (1 for a heavy tank)."""
    return None if dash else max(cost, 1 if heavy else 2)


@lru_cache(maxsize=4096)
def _go(tank: str, hex_name: str) -> Any:
    return Go.from_values(tank, hex_name)


@lru_cache(maxsize=256)
def _hull_turns(tank: str, hull: int) -> tuple[Any, Any]:
    """Hull turns one step left, then right (like _turret_turns)."""
    return tuple(Turn.from_values(tank, DIRECTION_NAMES[d % 6]) for d in (hull - 1, hull + 1))  # type: ignore[return-value]


@lru_cache(maxsize=256)
def _turret_turns(tank: str, turret: int) -> tuple[Any, Any]:
    return tuple(Turret.from_values(tank, DIRECTION_NAMES[d % 6]) for d in (turret - 1, turret + 1))  # type: ignore[return-value]


@lru_cache(maxsize=1024)
def _tank_card(tid: str, owner: int, type_key: str) -> tuple[dict[str, Any], bool]:
    """The fixed head of a tank's view entry (the view copies it, never changes it), and has_turret."""
    typ = ROSTER[type_key]
    return {"id": tid, "owner": owner, "type": type_key, "name": typ.name, "class": typ.tank_class,
            "nation": typ.nation}, typ.has_turret


@lru_cache(maxsize=20_000)
def _arc_cache(map_key: str, pos: Hex, guns: tuple[tuple[int, int], ...]) -> tuple[str, ...]:
    """Hex names inside any gun's arc and range (for the board image of a selected tank)."""
    out = []
    for h, name in MAPS[map_key].names.items():
        if any(distance(pos, h) <= rng and in_arc(pos, d, h) for d, rng in guns):
            out.append(name)
    return tuple(out)


# action kind -> the phases it is played in (apply refuses it in any other: panzer.err.wrong_phase)
_PHASES = {
    "army": ("army",),
    "pick": ("draft",),
    "done": ("draft",),
    "side": ("side",),
    "deploy": ("deploy",),
    "face": ("face",),
    "load": ("ammo",),
    "ready": ("ammo",),
    "endshots": ("shots",),
    "turret": ("shots", "move", "moving", "dash", "advance"),
    "precise": ("shots",),
    "dash": ("shots",),
    "jumpfire": ("dash",),
    "cancel": ("dash",),
    "drive": ("move",),
    "go": ("moving", "dash"),
    "path": ("moving", "dash"),
    "turn": ("moving", "dash"),
    "halt": ("moving",),
    "endmove": ("move",),
    "dfire": ("react",),
    "hold": ("react",),
    "advfire": ("advance",),
    "endturn": ("advance",),
    "again": ("second",),
    "noagain": ("second",),
}
# action kind -> (its _do_ handler, its phases), instead of a getattr by name at every apply;
# _RULES reaches the same pair from the action's class, one dict lookup without a model attribute read
_HANDLERS = {kind: (getattr(PanzerEngine, "_do_" + kind), _PHASES[kind]) for kind in _BY_KIND
             if hasattr(PanzerEngine, "_do_" + kind)}
_RULES = {cls: _HANDLERS[kind] for kind, cls in _BY_KIND.items() if kind in _HANDLERS}

register_catalog(Path(__file__).parent / "locale")
_PRESETS = R.with_presets()
