"""The rules of fleet & mech (战舰战甲): fleet building, victory choice, turns, combat,
captain skills, sub-weapons and event zones. See RULES.md for the rules as implemented."""
from __future__ import annotations

import random
from functools import lru_cache
from itertools import combinations
from typing import Any

from pydantic import TypeAdapter

from games.core import Engine, Event, GameRng, Outcome, RuleError, Seat, Step
from games.core.engine import code_fields
from games.core.events import roll_event, step_of
from games.fleet import aim
from games.fleet.data import DATA, DECK_SIDE_SIZE, MAX_COPIES, Weapon, parse_loadout
from games.fleet.observer import build_view
from games.fleet.state import (
    ACTIONS, EVENT_ZONES, LAUNCH_ZONES, MECH_PREFIX, SHIP_ROW, Attach, Attack, Build, Card, Done, Draw, EndTurn,
    Fire, FleetCode, FleetOptions, FleetState, Gather, Go, Launch, Mech, Move, Operate, Order, Packet, Pass, Pending,
    Pick, PickCaptain, PickCard, PickMain, PickMech, PickPilot, PickShip, Pilot, PlayCard, Preset, React, Recall, Reset,
    Resupply, Second, Ship, Side, Stand, Strike, Turret, UseCard, UseSkill, Victory, Warp, ZONES, dist, forward,
    NEIGHBOURS, neighbours, ship_dist, window_answers, zrow,
)

D = DATA()
STATE_JSON = TypeAdapter(FleetState)
GOALS = ("raid", "annihilation", "arms")
SUPPORT_WEAPONS = ("charger", "repair_drone")
REACT_SKILLS = ("dodge", "redirect", "precision")
SHIELDS = ("warp_shield", "convert_shield")
PLAYABLE = frozenset({"emp", "repair_bot", "turret", "spy_drone", "adv_weapons"})  # cards _play_actions offers
SHIP_GAP = abs(SHIP_ROW[0] - SHIP_ROW[1])  # ship to ship
WEAPONS = D.weapon_table
SUB_NAMES = {k: f"{sub.name['zh-CN']} / {sub.name['en']}" for k, sub in D.subs.items()}  # card texts in events
SHIP_CARDS = frozenset(k for k, sub in D.subs.items() if sub.side == "ship")
MECH_CARDS = frozenset(k for k, sub in D.subs.items() if sub.side == "mech")

# Tables derived once from the map and the card data (both fixed), for the hot loops of
# legal_actions and apply: membership tests and lookups instead of distances and searches.
# Zones each weapon reaches from each zone, and from each seat's ship:
REACH = {(wid, here): frozenset(z for z in ZONES if w.in_range(dist(here, z)))
         for wid, w in WEAPONS.items() for here in ZONES}
SHIP_REACH = {(seat, wid): frozenset(z for z in ZONES if w.in_range(ship_dist(seat, z)))
              for wid, w in WEAPONS.items() for seat in range(2)}
# a weapon's (energy, support, aoe), and whether it reaches the enemy ship from the own ship
# or from a zone (plain values: pydantic field reads are slow)
WEAPON_USE = {wid: (w.energy, w.support, w.aoe) for wid, w in WEAPONS.items()}
SHIP_HITS_SHIP = {wid: w.in_range(SHIP_GAP) for wid, w in WEAPONS.items()}
MECH_HITS_SHIP = {(seat, wid, here): w.in_range(ship_dist(1 - seat, here))
                  for wid, w in WEAPONS.items() for seat in range(2) for here in ZONES}
MECH_WEAPONS = {k: tuple(md.weapons) for k, md in D.mechs.items()}  # weapon ids of each mech model
# zones within n moves of a zone (blast areas)
WITHIN = {(here, n): frozenset(z for z in ZONES if dist(here, z) <= n) for here in ZONES for n in range(7)}
# zones within 1, 2 and 3 moves of each seat's ship (recall and 破釜沉舟, EMP, turret)
NEAR_SHIP = {(seat, n): frozenset(z for z in ZONES if ship_dist(seat, z) <= n) for seat in range(2) for n in (1, 2, 3)}
# the zones of the enemy's ship row, where a mech of `seat` wins by 劫掠 (raid)
RAID_ZONES = {seat: frozenset(z for z in ZONES if zrow(z) == SHIP_ROW[1 - seat]) for seat in range(2)}
# the zone one step towards the enemy (None at the far edge)
AHEAD = {(seat, z): next((n for n in NEIGHBOURS[z] if zrow(n) - zrow(z) == forward(seat)), None)
         for seat in range(2) for z in ZONES}
# the neighbours of a zone without the one ahead (forward is blocked by an enemy mech there)
NOT_AHEAD = {(seat, z): tuple(n for n in NEIGHBOURS[z] if n != AHEAD[seat, z]) for seat in range(2) for z in ZONES}
# mech uids are given by position: a1 is sides[0].mechs[0]
MECH_SLOTS = {f"{prefix}{i + 1}": (seat, i) for seat, prefix in enumerate(MECH_PREFIX)
              for i in range(max(ship.mechs for ship in D.ships.values()))}
# a mech and a pilot can launch into either launch zone of the mech's side
LAUNCHES = {(uid, pid): tuple(Launch(mech=uid, pilot=pid, zone=z) for z in LAUNCH_ZONES[seat])
            for uid, (seat, _) in MECH_SLOTS.items() for pid in D.pilots}
# every ship attack, built once (legal_actions hands out these shared objects); a Pegasus
# turned giant mech fires its mechs' weapons too
FIRE_ACTS = {(wid, t): Fire(weapon=wid, target=t) for wid in WEAPONS
             for t in ("ship", *ZONES, *MECH_SLOTS)}
DECK_PICKS = tuple((k, sub.side, PickCard(id=k)) for k, sub in D.subs.items())
# the deck picks in card order, by (ship side has room, mech side has room)
DECK_PICKS_WITH_ROOM = {(ship_room, mech_room): tuple((k, a) for k, side, a in DECK_PICKS
                                                      if (ship_room if side == "ship" else mech_room))
                        for ship_room in (False, True) for mech_room in (False, True)}
CAPTAIN_SKILLS = {k: tuple(c.skills) for k, c in D.captains.items()}
ALL_SKILLS = tuple(dict.fromkeys(s for skills in CAPTAIN_SKILLS.values() for s in skills))
N_SKILLS = len(ALL_SKILLS)
TALENTS = {k: p.talent for k, p in D.pilots.items()}
WARP_MODELS = frozenset(k for k, md in D.mechs.items() if "warp_drive" in md.traits)  # mechs that warp at turn end


@lru_cache(maxsize=4096)  # ~2 MB; holds the actions of many tables at once
def _act(cls: type, *values: Any) -> Any:
    """Actions are frozen values: legal_actions reuses them instead of building thousands
    of equal objects per game (the random-playout hot loop). The values come in
    the order of the action's code (`_act(Launch, mech, pilot, zone)`): a positional cache
    key costs half of a keyword one.

    Card ids are new in every game, so a game still builds some thirty actions that name a
    card: from str values (ids, zones, weapon and skill names read off the state) the action
    is made without validating again (ActionBase.from_values: a str field takes a str as it
    is; test_fast_paths compares whole games' listings with validated actions). Any other
    value is validated."""
    assert len(values) <= len(code_fields(cls)), (cls, values)
    return cls.from_values(*values)


# actions over the fixed vocabulary of mech slots and zones, built once: a dict lookup costs
# less than an _act call in the legal-actions hot loop
ORDER_ACTS = {uid: Order(mech=uid) for uid in MECH_SLOTS}
RECALL_ACTS = {uid: Recall(mech=uid) for uid in MECH_SLOTS}
MOVE_ACTS = {(uid, z): Move(mech=uid, zone=z) for uid in MECH_SLOTS for z in ZONES}
WARP_ACTS = {(uid, z): Warp(mech=uid, zone=z) for uid in MECH_SLOTS for z in ZONES}
DRAW_SHIP, DRAW_MECH = _act(Draw, "ship"), _act(Draw, "mech")
# the fleet-building choices over the fixed card data, in card order
SHIP_STAGE = tuple([_act(Preset, k) for k in D.presets] + [_act(PickShip, k) for k in D.ships])
MAIN_PICKS = tuple((k, _act(PickMain, k)) for k in D.mains)
MECH_PICKS = tuple((k, _act(PickMech, k)) for k in D.mechs)
PILOT_PICKS = tuple((k, _act(PickPilot, k)) for k in D.pilots)
CAPTAIN_PICKS = tuple(_act(PickCaptain, k) for k in D.captains)
VICTORY_STAGE = tuple([_act(Victory, g) for g in GOALS] + [_act(Reset)])
OPERATE, GATHER, END_TURN, STAND, GO, PASS, DONE = (_act(k) for k in (Operate, Gather, EndTurn, Stand, Go, Pass,
                                                                       Done))


@lru_cache(maxsize=4096)
def _blast_targets(reach: frozenset[str], aoe: int, enemies: tuple[str, ...]) -> tuple[str, ...]:
    """The zones in reach with an enemy mech (at the `enemies` zones) within the blast, in map
    order: the target zones of an area weapon, cached as the same few layouts recur."""
    blast = {z for here in enemies for z in WITHIN[here, aoe]}
    return tuple(z for z in ZONES if z in reach and z in blast)


@lru_cache(maxsize=None)  # one entry per preset of the fixed card data
def _preset(name: str) -> tuple[Any, str]:
    """A preset fleet's parsed loadout and its code, parsed once (a random game starts from a
    preset about one time in four; the caller copies the loadout's lists)."""
    lo = parse_loadout(D.presets[name].code)
    return lo, lo.code()


@lru_cache(maxsize=256)
def _resupply(mechs: tuple[str, ...]) -> Resupply:
    """分离补给 actions, shared like the others (a list field cannot be an _act key)."""
    return Resupply(mechs=list(mechs))



def _holds(cards: list[Card], kinds: Any) -> bool:
    """Whether any of the cards is of one of the kinds (a loop: cheaper than any(genexpr))."""
    for c in cards:
        if c.card in kinds:
            return True
    return False


# Events and steps skip pydantic's validation of their known-good fields (games/core's fast
# builders; a random game makes ~300 events and ~170 steps; test_fast_paths compares them).
_public = Event.public  # _public(key, **params)
_private = Event.private  # _private(seat, key, **params)
_roll = roll_event  # _roll(who, what, dice, total, **extra)
_step = step_of  # _step(state, events): the caller's fresh list of events, not copied


def _err(key: str, **params: Any) -> RuleError:
    return RuleError("fleet.err." + key, **params)


def _weapon_codes(weapons: Any) -> list[dict[str, str]]:
    """A unit's weapons by name with the code /play takes, for an error naming a weapon it lacks
    (the console playtest typed `attack a1 rifle b3` and read only "There is no weapon rifle here")."""
    return [{"en": f"{D.weapon(w).name['en']} ({w})", "zh-CN": f"{D.weapon(w).name['zh-CN']}（{w}）"} for w in weapons]


def _among(action: Any, legal: list) -> bool:
    """`action in legal`, looking for the very object first: legal actions are shared cached
    objects, and pydantic's __eq__ is slow (a parsed action still compares by value)."""
    for a in legal:
        if a is action:
            return True
    return action in legal


class FleetEngine(Engine[FleetState, Any, FleetOptions]):
    key = "fleet"
    title = {"en": "Fleet & Mech", "zh-CN": "战舰战甲"}
    min_players = 2
    max_players = 2
    State = FleetState
    Options = FleetOptions
    actions = ACTIONS
    # a pilot's talent and a captain's skill show themselves when they first apply (RULES.md 9, 10)
    reveal_events = frozenset({"fleet.pilot.revealed", "fleet.skill.used"})

    # ================================================================ setup / building
    def setup(self, seats: list[Seat], options: FleetOptions, seed: int) -> Step:
        rng = GameRng.from_seed(seed)
        sides = [Side(build=Build(token=rng.token("f"))) for _ in range(2)]
        pile = [eid for eid, ev in D.events.items() for _ in range(ev.count)]
        rng.shuffle(pile)
        state = FleetState(names=[s.name for s in seats], rng=rng, options=options, sides=sides, event_pile=pile)
        events = [_public("fleet.start")]
        for seat in range(2):
            events.append(_private(seat, "fleet.build.prompt"))
        return _step(state, events)

    def validate_loadout(self, code: str) -> str:
        return parse_loadout(code).code()

    def loadout_presets(self) -> dict[str, str]:
        return {k: parse_loadout(p.code).code() for k, p in D.presets.items()}

    def _build_actions(self, b: Build) -> list:
        stage = b.stage
        if stage == "ship":
            return list(SHIP_STAGE)
        if stage == "main":
            return self._picks(MAIN_PICKS, b.mains, D.ships[b.ship].mains)
        if stage == "mech":
            return self._picks(MECH_PICKS, b.mechs, D.ships[b.ship].mechs)
        if stage == "captain":
            return list(CAPTAIN_PICKS)
        if stage == "pilot":
            return self._picks(PILOT_PICKS, b.pilots, D.ships[b.ship].pilots)
        if stage == "deck":
            ship_cards, mech_cards = b.ship_cards, b.mech_cards
            picks = DECK_PICKS_WITH_ROOM[sum(ship_cards.values()) < DECK_SIDE_SIZE,
                                         sum(mech_cards.values()) < DECK_SIDE_SIZE]
            # card ids are unique across both sides, so one merged count serves both
            counts = {**ship_cards, **mech_cards}
            out = []
            for k, a in picks:
                if counts.get(k, 0) < MAX_COPIES:
                    out.append(a)
            return out
        if stage == "victory":
            return list(VICTORY_STAGE)
        return []

    @staticmethod
    def _picks(picks: tuple, chosen: list[str], room: int) -> list:
        """The items not chosen yet while there is room, then Done once one is chosen."""
        acts = [a for k, a in picks if k not in chosen] if len(chosen) < room else []
        if chosen:
            acts.append(DONE)
        return acts

    def _apply_build(self, state: FleetState, seat: int, action: Any) -> Step:
        b = state.sides[seat].build
        ev: list[Event] = []
        stage = b.stage
        if isinstance(action, (Preset, FleetCode)):
            if stage != "ship":
                raise _err("build_stage")
            if isinstance(action, Preset):
                if action.name not in D.presets:
                    raise _err("no_preset", name=action.name)
                lo, code = _preset(action.name)
            else:
                lo = parse_loadout(action.loadout)
                code = lo.code()
            # copies: a preset's parsed loadout is shared by every fleet built from it
            b.ship, b.mains, b.mechs, b.captain, b.pilots = lo.ship, list(lo.mains), list(lo.mechs), lo.captain, \
                list(lo.pilots)
            b.ship_cards, b.mech_cards = dict(lo.ship_cards), dict(lo.mech_cards)
            b.stage = "victory"
            ev.append(_private(seat, "fleet.build.loaded", code=code))
        elif isinstance(action, Reset):
            if stage != "victory":
                raise _err("build_stage")
            state.sides[seat].build = Build(token=b.token)
            ev.append(_private(seat, "fleet.build.reset"))
        elif isinstance(action, Victory):
            if stage != "victory":
                raise _err("build_stage")
            b.victory = action.goal
            b.stage = "ready"
            ev.append(_private(seat, "fleet.build.victory_set", goal=f"@fleet.goal.{action.goal}"))
            ev.append(_public("fleet.build.ready", name=state.names[seat]))
        else:
            kind = type(action)
            # a deck pick (20 per fleet) is checked without listing every pick: _build_actions
            # offers a card while its side of the deck has room and it has copies left
            if kind is PickCard and stage == "deck" and action.id in D.subs:
                cards = b.ship_cards if D.subs[action.id].side == "ship" else b.mech_cards
                legal = sum(cards.values()) < DECK_SIDE_SIZE and cards.get(action.id, 0) < MAX_COPIES
            else:
                legal = _among(action, self._build_actions(b))
            if not legal:
                raise _err("build_choice", choice=action.code(), stage=f"@fleet.stage.{stage}")
            ship = D.ships[b.ship] if b.ship else None
            # one of the legal actions now: an exact model class
            if kind is PickCard:
                cards[action.id] = cards.get(action.id, 0) + 1
                if sum(b.ship_cards.values()) + sum(b.mech_cards.values()) >= 2 * DECK_SIDE_SIZE:
                    b.stage = "victory"
            elif kind is PickShip:
                b.ship, b.stage = action.id, "main"
            elif kind is PickMain:
                b.mains.append(action.id)
                if len(b.mains) >= ship.mains:
                    b.stage = "mech"
            elif kind is PickMech:
                b.mechs.append(action.id)
                if len(b.mechs) >= ship.mechs:
                    b.stage = "captain"
            elif kind is PickCaptain:
                b.captain, b.stage = action.id, "pilot"
            elif kind is PickPilot:
                b.pilots.append(action.id)
                if len(b.pilots) >= ship.pilots:
                    b.stage = "deck"
            elif kind is Done:
                b.stage = {"main": "mech", "mech": "captain", "pilot": "deck"}[stage]
            if b.stage == "deck" and kind is PickCard:  # the count, not the step's words 20 times over
                ev.append(_private(seat, "fleet.build.cards", ship=sum(b.ship_cards.values()),
                                   mech=sum(b.mech_cards.values()), max=DECK_SIDE_SIZE))
            elif b.stage != stage:  # the next step, once: a pick within a step is confirmed by its reply
                ev.append(_private(seat, "fleet.build.step", stage=f"@fleet.stage.{b.stage}"))
        sides = state.sides
        if sides[0].build.stage == "ready" and sides[1].build.stage == "ready":
            self._start_game(state, ev)
        return _step(state, ev)

    def _start_game(self, state: FleetState, ev: list[Event]) -> None:
        rng = state.rng
        for seat, side in enumerate(state.sides):
            b = side.build
            sd = D.ships[b.ship]
            side.ship = Ship(model=b.ship, hp=sd.hp, max_hp=sd.hp, hit=sd.hit, evade=sd.evade, weapons=list(b.mains),
                             ammo={w: D.mains[w].ammo for w in b.mains if D.mains[w].ammo is not None})
            for i, mid in enumerate(b.mechs):
                md = D.mechs[mid]
                side.mechs.append(Mech(uid=f"{MECH_PREFIX[seat]}{i + 1}", model=mid, hp=md.hp, max_hp=md.hp,
                                       ammo={w: wd.ammo for w, wd in md.weapons.items() if wd.ammo is not None}))
            side.captain = b.captain
            side.captain_token = rng.token("k")
            side.pilots = [Pilot(pid=p, token=rng.token("p")) for p in b.pilots]
            side.ship_pile = [Card(id=rng.token("c"), card=c) for c, n in b.ship_cards.items() for _ in range(n)]
            side.mech_pile = [Card(id=rng.token("c"), card=c) for c, n in b.mech_cards.items() for _ in range(n)]
            rng.shuffle(side.ship_pile)
            rng.shuffle(side.mech_pile)
            side.hand = side.ship_pile[:2] + side.mech_pile[:3]
            del side.ship_pile[:2], side.mech_pile[:3]
            side.victory = b.victory
            ev.append(_public("fleet.reveal.fleet", name=state.names[seat], ship=self._name(D.ships[b.ship]),
                                   mains=[self._name(D.mains[w]) for w in b.mains],
                                   mechs=[self._name(D.mechs[m]) for m in b.mechs]))
            ev.append(_private(seat, "fleet.hand", cards=self._cards_text(side.hand)))
        state.conditions = [g for g in GOALS if g in (state.sides[0].victory, state.sides[1].victory)]
        ev.append(_public("fleet.reveal.victory", a=state.names[0], ga=f"@fleet.goal.{state.sides[0].victory}",
                               b=state.names[1], gb=f"@fleet.goal.{state.sides[1].victory}",
                               goals=[f"@fleet.goal.{g}" for g in state.conditions]))
        while True:  # each rolls a d20, higher goes first, ties roll again
            r = [rng.die(20), rng.die(20)]
            for seat in range(2):
                ev.append(_roll(state.names[seat], "@fleet.roll.first", [r[seat]], r[seat]))
            if r[0] != r[1]:
                break
        state.first = state.turn = 0 if r[0] > r[1] else 1
        state.phase = "play"
        ev.append(_public("fleet.first", name=state.names[state.first]))
        self._begin_turn(state, ev)
        self._settle(state, ev)

    @staticmethod
    def _name(item: Any) -> dict[str, str]:
        return dict(item.name)

    def _cards_text(self, cards: list[Card]) -> str:
        return ", ".join(f"{SUB_NAMES[c.card]} [{c.id}]" for c in cards)

    # ================================================================ protocol basics
    def active_seats(self, state: FleetState) -> list[int]:
        if state.phase == "over":
            return []
        if state.phase == "build":
            return [s for s in range(2) if state.sides[s].build.stage != "ready"]
        if state.pending:
            return [state.pending[0].seat]
        return [state.turn]

    def outcome(self, state: FleetState) -> Outcome | None:
        if state.phase != "over":
            return None
        if state.draw or state.winner is None:
            return Outcome(winners=[], ranks=[1, 1], reason=state.reason or "core.outcome.draw",
                           params=state.reason_params)
        w = state.winner
        return Outcome(winners=[w], ranks=[1 if s == w else 2 for s in range(2)], reason=state.reason,
                       params=state.reason_params)

    def resign(self, state: FleetState, seat: int) -> Step:
        self._listed = None
        if state.phase != "over":
            self._finish(state, 1 - seat, "core.outcome.resign", name=state.names[seat])
        return _step(state, [_public("core.outcome.resign", name=state.names[seat])])

    def _finish(self, state: FleetState, winner: int | None, reason: str, **params: Any) -> None:
        state.phase = "over"
        state.winner = winner
        state.draw = winner is None
        state.reason = reason
        state.reason_params = params
        state.pending = []
        state.strike = None

    # ================================================================ helpers
    def _mech(self, state: FleetState, uid: str) -> Mech | None:
        slot = MECH_SLOTS.get(uid)
        if slot is None:
            return None
        mechs = state.sides[slot[0]].mechs
        m = mechs[slot[1]] if slot[1] < len(mechs) else None
        return m if m is not None and m.uid == uid else None

    @staticmethod
    def _owner(uid: str) -> int:
        return MECH_PREFIX.index(uid[0])

    @staticmethod
    def _field(side: Side) -> list[Mech]:
        return [m for m in side.mechs if m.status == "field"]

    def _unit_zone_dist(self, state: FleetState, seat: int, unit: str, zone: str) -> int:
        """Distance from a unit of `seat` ("ship" or a mech uid) to a zone."""
        if unit == "ship":
            return ship_dist(seat, zone)
        return dist(self._mech(state, unit).zone, zone)

    # Public queries, for the bot and the faces: the same the rules use.
    mech = _mech  # (state, uid): the mech `uid` of either side, or None
    on_field = _field  # (side): a side's mechs on the field
    unit_zone_dist = _unit_zone_dist  # (state, seat, unit, zone): from "ship" or a mech uid

    def _target_dist(self, state: FleetState, seat: int, unit: str, target: str) -> int:
        """Distance from a unit of `seat` to a target (enemy "ship" or a mech uid)."""
        enemy = 1 - seat
        if target == "ship":
            if unit == "ship":
                return SHIP_GAP
            return ship_dist(enemy, self._mech(state, unit).zone)
        return self._unit_zone_dist(state, seat, unit, self._mech(state, target).zone)

    @staticmethod
    def _ship_hurt(side: Side) -> bool:
        """The ship's health is not full (awakening talents)."""
        return side.ship.destroyed or side.ship.hp < side.ship.max_hp

    def _pilot(self, side: Side, pid: str) -> Pilot:
        for p in side.pilots:  # a loop, not next(genexpr): cheaper on launch and recall
            if p.pid == pid:
                return p
        raise StopIteration  # as next() on an exhausted search

    def _reveal_pilot(self, state: FleetState, seat: int, m: Mech, ev: list[Event]) -> None:
        if m.pilot and not m.revealed:
            m.revealed = True
            self._pilot(state.sides[seat], m.pilot).revealed = True
            ev.append(_public("fleet.pilot.revealed", mech=m.uid, pilot=self._name(D.pilots[m.pilot]),
                                   talent=f"@fleet.talent.{D.pilots[m.pilot].talent}"))

    def _talent(self, m: Mech | None) -> str | None:
        return TALENTS[m.pilot] if m is not None and m.pilot else None

    def _weapons_of(self, state: FleetState, seat: int, unit: str) -> list[str]:
        if unit == "ship":
            return state.sides[seat].ship.weapons
        return list(D.mechs[self._mech(state, unit).model].weapons)

    def _ammo_ok(self, holder: Mech | Ship, wid: str) -> bool:
        return wid not in holder.ammo or holder.ammo[wid] > 0

    def _ship_targets(self, state: FleetState, seat: int) -> list[str]:
        """Enemy units an attack from `seat` may aim at (not while 动若脱兔 makes them immune)."""
        enemy = state.sides[1 - seat]
        if enemy.immune:
            return []
        out = [m.uid for m in self._field(enemy)]
        if not enemy.ship.destroyed:
            out.append("ship")
        return out

    def _is_mech_target(self, state: FleetState, seat: int, target: str) -> bool:
        return target != "ship" or state.sides[1 - seat].ship.giant

    def _targets_for(self, state: FleetState, seat: int, unit: str, wid: str) -> list[str]:
        # the hot loop of legal_actions: the zones in range come from the reach tables, and the
        # weapon's facts from a plain tuple (pydantic reads are slow)
        energy, support, aoe = WEAPON_USE[wid]
        side = state.sides[seat]
        me = None if unit == "ship" else self._mech(state, unit)
        ammo = (side.ship if me is None else me).ammo
        if (wid in ammo and ammo[wid] <= 0) or (energy and side.ship.energy < energy):
            return []
        if me is None:
            here = None
            reach = SHIP_REACH[seat, wid]
        else:
            here = me.zone
            reach = REACH[wid, here]
        if support:
            if me is None:
                return []
            return [m.uid for m in side.mechs if m.status == "field" and m.uid != unit and m.zone in reach]
        enemy = state.sides[1 - seat]
        if enemy.immune:
            return []
        if aoe:  # zones in range with an enemy mech within the blast
            blast = {z for m in enemy.mechs if m.status == "field" for z in WITHIN[m.zone, aoe]}
            return [z for z in ZONES if z in reach and z in blast]
        out = [m.uid for m in enemy.mechs if m.status == "field" and m.zone in reach]
        if (SHIP_HITS_SHIP[wid] if me is None else MECH_HITS_SHIP[seat, wid, here]) and not enemy.ship.destroyed:
            out.append("ship")
        return out

    def _fire_actions(self, state: FleetState, seat: int, ship: Ship) -> list:
        """The ship's attacks: _targets_for of each ship weapon, with the enemy's field read
        once for all of them (the hottest part of a main turn's legal actions)."""
        enemy = state.sides[1 - seat]
        if enemy.immune:
            return []
        ammo, ship_energy = ship.ammo, ship.energy
        field = []
        for m in enemy.mechs:
            if m.status == "field":
                field.append(m)
        enemy_ship = not enemy.ship.destroyed
        out: list = []
        for wid in ship.weapons:
            energy, support, aoe = WEAPON_USE[wid]
            if (wid in ammo and ammo[wid] <= 0) or (energy and ship_energy < energy) or support:
                continue
            reach = SHIP_REACH[seat, wid]
            if aoe:
                for z in _blast_targets(reach, aoe, tuple([m.zone for m in field])):
                    out.append(FIRE_ACTS[wid, z])
            else:
                for m in field:
                    if m.zone in reach:
                        out.append(FIRE_ACTS[wid, m.uid])
                if enemy_ship and SHIP_HITS_SHIP[wid]:
                    out.append(FIRE_ACTS[wid, "ship"])
        return out

    def _attack_actions(self, state: FleetState, seat: int, m: Mech) -> list:
        """A mech's attacks: _targets_for of each of its weapons, with the mech and the enemy's
        field read once for all of them."""
        side, enemy = state.sides[seat], state.sides[1 - seat]
        uid, here, ammo = m.uid, m.zone, m.ammo
        field = None  # the enemy's (uid, zone) on the field, read on first need
        out: list = []
        for wid in MECH_WEAPONS[m.model]:
            energy, support, aoe = WEAPON_USE[wid]
            if (wid in ammo and ammo[wid] <= 0) or (energy and side.ship.energy < energy):
                continue
            reach = REACH[wid, here]
            if support:
                for f in side.mechs:
                    if f.status == "field" and f.uid != uid and f.zone in reach:
                        out.append(_act(Attack, uid, wid, f.uid))
                continue
            if enemy.immune:
                continue
            if field is None:
                field = [e for e in enemy.mechs if e.status == "field"]
            if aoe:
                for z in _blast_targets(reach, aoe, tuple([e.zone for e in field])):
                    out.append(_act(Attack, uid, wid, z))
            else:
                for e in field:
                    if e.zone in reach:
                        out.append(_act(Attack, uid, wid, e.uid))
                if MECH_HITS_SHIP[seat, wid, here] and not enemy.ship.destroyed:
                    out.append(_act(Attack, uid, wid, "ship"))
        return out

    def _can_act(self, m: Mech) -> bool:
        return m.status == "field" and m.stun == 0

    def _mech_moves(self, state: FleetState, seat: int, m: Mech) -> list[str]:
        """Neighbouring zones; not forward out of a zone an enemy mech shares."""
        here = m.zone
        for e in state.sides[1 - seat].mechs:  # a loop, not any(genexpr): this runs per legal_actions
            if e.zone == here and e.status == "field":
                return list(NOT_AHEAD[seat, here])
        return list(NEIGHBOURS[here])

    # ================================================================ legal actions
    # The last listing of legal actions, (state, seat, actions): `apply` checks its action
    # against it instead of listing again when it is asked about that very state object and
    # seat, as a caller that chooses from the listing does at every decision. Only `apply`
    # and `resign` change a state, and both drop the listing first; a copy of the state is
    # another object, so it never matches. `invariants` compares a kept listing with a fresh
    # one; code that edits a listed state by hand (a test's scenario) calls `invalidate` first.
    _listed: tuple[FleetState, int, list] | None = None
    # The state whose skill conditions (_check_skills) and whose victory (_check_victory) were
    # checked last with nothing to do, unchanged since in what the check reads: settle skips the
    # check while it is that very object. Each rules write of a fact a check reads that may meet
    # a condition resets it (ship health, damage dealt, hits, evades, kills, losses, round 4, a
    # third mech on the field; mechs entering and leaving zones, a ship destroyed);
    # `invariants` runs a skipped check afresh, so a write that forgets to reset it fails the
    # playouts.
    _skills_seen: FleetState | None = None
    _victory_seen: FleetState | None = None

    def invalidate(self, state: FleetState) -> None:
        """Forget what the engine keeps of `state` (its last listing, its checks seen): for code
        that changes a state by other means than apply and resign, such as a test's scenario."""
        if self._listed is not None and self._listed[0] is state:
            self._listed = None
        if self._skills_seen is state:
            self._skills_seen = None
        if self._victory_seen is state:
            self._victory_seen = None

    def legal_actions(self, state: FleetState, seat: int) -> list:
        """The legal actions of `seat` now (empty for a seat not awaited)."""
        legal = self._legal(state, seat)
        if legal and state.phase == "play":
            self._listed = (state, seat, legal)  # a seat awaited (the others' lists are empty)
        return legal

    def _legal(self, state: FleetState, seat: int, only: type | None = None) -> list:
        """The legal actions. With `only`, turn actions of other models are not built (apply
        checks one action that way when it has no listing: actions of different models never
        compare equal); the short build and pending lists still come whole."""
        phase = state.phase
        if phase == "over":
            return []
        if phase == "build":
            return self._build_actions(state.sides[seat].build)
        pending = state.pending
        if pending:
            p = pending[0]
            return self._pending_actions(state, p) if p.seat == seat else []
        if seat != state.turn:
            return []
        return self._turn_actions(state, seat, only)

    def _turn_actions(self, state: FleetState, seat: int, only: type | None) -> list:
        """_legal in play, for the seat whose turn it is and no pending decision."""
        # Python 3.11 runs a comprehension as a call of its own: the hot listings append in loops
        side = state.sides[seat]
        acting = []
        for m in side.mechs:
            if m.acts > 0 and m.stun == 0 and m.status == "field":  # _can_act
                acting.append(m)
        if not acting:
            return self._main_actions(state, seat, only)
        out: list = []
        for m in acting:
            if only is None or only is Move:
                uid = m.uid
                for z in self._mech_moves(state, seat, m):
                    out.append(MOVE_ACTS[uid, z])
            if only is None or only is Attack:
                out += self._attack_actions(state, seat, m)
        if only is None or only is UseCard:
            out += self._use_actions(state, seat)
        if only is None or only is Stand:
            out.append(STAND)
        return out

    def _main_actions(self, state: FleetState, seat: int, only: type | None = None) -> list:
        # state fields, the side's mechs and its hand are read once into locals, and with `only`
        # (apply checking one action) the sections of other kinds are skipped before any work
        sides = state.sides
        side = sides[seat]
        ship = side.ship
        ap = state.ap
        destroyed = ship.destroyed
        every = only is None  # (`every or only is X`: no set lookup per section)
        out: list = []
        if ap >= 2 and not destroyed and (every or only is Fire):
            out += self._fire_actions(state, seat, ship)
        field, ready_field, hangar = [], [], []  # _field(side), those that can act, those in the hangar
        carrying = False  # a mech on the field carries a card
        for m in side.mechs:
            status = m.status
            if status == "field":
                field.append(m)
                if m.stun == 0:  # _can_act
                    ready_field.append(m)
                if m.cards:
                    carrying = True
            elif status == "hangar":
                hangar.append(m)
        mech_cards = 0  # _mech_cards_in_hand
        playable = False  # a card _play_actions may offer (mostly none)
        for c in side.hand:
            k = c.card
            if k in MECH_CARDS:
                mech_cards += 1
            elif k in PLAYABLE:
                playable = True
        if (every or only is Draw) and (ap >= 1 or (ship.model == "hummingbird" and not side.free_draw)):
            if side.ship_pile:
                out.append(DRAW_SHIP)
            if side.mech_pile and mech_cards < 3:
                out.append(DRAW_MECH)
        if ap >= 1:
            if ap >= 2 and ready_field and (every or only is Operate):
                out.append(OPERATE)
            if (every or only is Order):
                for m in ready_field:
                    out.append(ORDER_ACTS[m.uid])
            if hangar and (every or only is Launch) and not destroyed and not ship.giant:
                ready = []
                for p in side.pilots:
                    if p.status == "ready":
                        ready.append(p.pid)
                rnd = state.round
                for m in hangar:
                    if m.banned_until <= rnd:
                        uid = m.uid
                        for pid in ready:
                            out += LAUNCHES[uid, pid]
            if field and (every or only is Recall):
                near = NEAR_SHIP[seat, 1]
                for m in field:
                    if m.zone in near:
                        out.append(RECALL_ACTS[m.uid])
        if ap >= 2 and not destroyed and (every or only is Gather):
            out.append(GATHER)
        if playable and (every or only is PlayCard):
            out += self._play_actions(state, seat)
        if carrying and (every or only is UseCard):
            out += self._use_actions(state, seat, field)
        if (every or only is Turret) and side.turret and not side.turret_used and not destroyed:
            enemy = sides[1 - seat]
            if not enemy.immune:
                near = NEAR_SHIP[seat, 3]
                for m in enemy.mechs:
                    if m.status == "field" and m.zone in near:
                        out.append(_act(Turret, m.uid))
        if (every or only is Resupply) and ship.model == "pegasus" and not ship.giant and not destroyed \
                and not side.resupply_used and ship.hp > 12 and ready_field:
            uids = [m.uid for m in ready_field]
            groups = [uids] if len(uids) <= 3 else [list(c) for c in combinations(uids, 3)]
            out += [_resupply(tuple(g)) for g in groups]
        if side.ready and (every or only is UseSkill):  # no skill ready, none usable
            out += self._skill_actions(state, seat)
        if (every or only is EndTurn):
            out.append(END_TURN)
        return out

    @staticmethod
    def _mech_cards_in_hand(side: Side) -> int:
        return len([c for c in side.hand if c.card in MECH_CARDS])

    def _play_actions(self, state: FleetState, seat: int) -> list:
        """Cards played from the hand."""
        side, ship = state.sides[seat], state.sides[seat].ship
        enemy = state.sides[1 - seat]
        if ship.destroyed:
            return []
        out: list = []
        for c in side.hand:
            k = c.card
            if k not in PLAYABLE:  # most of a hand is mech cards
                continue
            if k == "emp":
                near = NEAR_SHIP[seat, 2]
                zones = {m.zone for m in self._field(enemy) if m.zone in near}
                out += [_act(PlayCard, c.id, z) for z in sorted(zones)]
            elif k == "repair_bot" and ship.hp < ship.max_hp:
                out.append(_act(PlayCard, c.id))
            elif k == "turret" and ship.energy >= 1 and not side.turret:
                out.append(_act(PlayCard, c.id))
            elif k == "spy_drone" and state.ap >= 1 and _holds(enemy.hand, SHIP_CARDS):
                out.append(_act(PlayCard, c.id))
            elif k == "adv_weapons" and ship.energy >= 1 and side.ship_pile:
                out.append(_act(PlayCard, c.id))
        return out

    def _use_actions(self, state: FleetState, seat: int, field: list[Mech] | None = None) -> list:
        """Mech card uses; `field` is the side's field mechs when the caller has them already."""
        out: list = []
        for m in state.sides[seat].mechs if field is None else field:
            cards = m.cards
            if not cards or (field is None and m.status != "field"):
                continue
            for c in cards:
                if c.card == "booster":
                    out += [_act(UseCard, m.uid, c.id, z) for z in neighbours(m.zone)]
                elif c.card == "repair_kit" and m.hp >= m.max_hp:
                    continue
                else:
                    out.append(_act(UseCard, m.uid, c.id))
        return out

    def _skill_ok(self, side: Side, skill: str) -> bool:
        return skill in side.ready and skill not in side.used

    def _skill_actions(self, state: FleetState, seat: int) -> list:
        side = state.sides[seat]
        used = side.used
        usable = []  # _skill_ok
        for s in side.ready:
            if s not in used:
                usable.append(s)
        if not usable:
            return []
        ship = side.ship
        enemy = state.sides[1 - seat]
        out: list = []
        if "transfer" in usable and state.ap >= 1 and not ship.destroyed:
            for w1 in ship.weapons:
                if ship.ammo.get(w1, 0) > 0:
                    out += [_act(UseSkill, "transfer", w1, w2) for w2 in ship.weapons
                            if w2 != w1 and w2 in ship.ammo]
                    out.append(_act(UseSkill, "transfer", w1, "energy"))
        if "revenge" in usable and state.ap >= 1:
            out += [_act(UseSkill, "revenge", m.uid) for m in self._field(enemy)]
        if "last_stand" in usable and not ship.destroyed:
            near = NEAR_SHIP[seat, 1]
            for m in enemy.mechs:  # an enemy mech on the field next to the ship (a loop: hot)
                if m.status == "field" and m.zone in near:
                    out.append(_act(UseSkill, "last_stand"))
                    break
        if "sacrifice" in usable and not ship.destroyed and not enemy.ship.destroyed \
                and self._field(side):
            out.append(_act(UseSkill, "sacrifice"))
        return out

    def _pending_actions(self, state: FleetState, p: Pending) -> list:
        kind, seat, data = p.kind, p.seat, p.data  # read once
        if kind == "attach":  # the most frequent: after most launches
            m = self._mech(state, data["mech"])
            out: list = []
            if len(m.cards) < 2:
                for c in state.sides[seat].hand:
                    if c.card in MECH_CARDS:
                        out.append(_act(Attach, c.id))
            out.append(GO)
            return out
        if kind == "react":
            return self._react_options(state, seat, data["trigger"]) + [PASS]
        if kind == "twin":
            first = data["first"]
            return [_act(Second, t) for t in self._ship_targets(state, seat) if t != first] + [PASS]
        if kind == "pick":
            return [_act(Pick, cid) for cid in data["cards"]]
        if kind == "warp":
            out = []
            for uid in data["mechs"]:
                m = self._mech(state, uid)
                if m is not None and m.status == "field":
                    for z in self._mech_moves(state, seat, m):
                        out.append(WARP_ACTS[uid, z])
            out.append(PASS)
            return out
        return []

    def _react_options(self, state: FleetState, me: int, trigger: str) -> list:
        side = state.sides[me]
        out: list = []
        if trigger == "strike":
            st = state.strike
            if st.seat == me:
                if self._skill_ok(side, "precision") and not st.double:
                    out.append(_act(React, "precision"))
                return out
            if self._skill_ok(side, "dodge"):
                out.append(_act(React, "dodge"))
            if self._skill_ok(side, "redirect"):
                current = {pk.target for pk in st.packets}
                for seat in (st.seat, me):
                    s = state.sides[seat]
                    if not s.ship.destroyed and not (seat == me and "ship" in current):
                        out.append(_act(React, "redirect", "ship" if seat == me else "enemy_ship"))
                    out += [_act(React, "redirect", m.uid) for m in self._field(s) if m.uid not in current]
            if any(pk.target == "ship" and pk.owner == me for pk in st.packets):
                out += [_act(React, c.id) for c in side.hand if c.card in SHIELDS]
            # 自律修理机器人 works at any time: offered whenever this window is open anyway
            if side.ship.hp < side.ship.max_hp and not side.ship.destroyed:
                out += [_act(React, c.id) for c in side.hand if c.card == "repair_bot"]
        elif trigger == "launch":
            out += [_act(React, c.id) for c in side.hand if c.card == "deck_bomb"]
        elif trigger == "gather":
            out += [_act(React, c.id) for c in side.hand if c.card == "drain_field"]
        return out

    def _may_react(self, state: FleetState, me: int, trigger: str) -> bool:
        """Whether a reaction window opens for `me`: whenever it might have an answer by what the
        opponent sees (ship cards in hand, skill conditions met, a captain not yet shown), never
        by the cards it holds or the captain it hides. A window that opened only for a drain
        field, a deck bomb or a shield in hand would tell the opponent it is there (issue 17);
        with nothing to answer, `pass` is the only choice."""
        side = state.sides[me]
        if trigger != "strike":  # 甲板炸弹 on a launch, 泄能磁场 on a gathering: ship cards
            return _holds(side.hand, SHIP_CARDS)
        st = state.strike
        if st.seat == me:
            return not st.double and self._might_have(side, "precision")
        if self._might_have(side, "dodge") or self._might_have(side, "redirect"):
            return True
        hit_ship = any(pk.target == "ship" and pk.owner == me for pk in st.packets)
        return hit_ship and _holds(side.hand, SHIP_CARDS)  # a shield, as far as the opponent knows

    @staticmethod
    def _might_have(side: Side, skill: str) -> bool:
        """The skill may be usable as the opponent sees it: its condition met and not used, and
        the captain either shown and having it or still hidden (a hidden captain has used no skill)."""
        if skill not in side.unlocked or skill in side.used:
            return False
        return skill in CAPTAIN_SKILLS[side.captain] if side.captain_revealed else True

    # ================================================================ apply
    def apply(self, state: FleetState, seat: int, action: Any) -> Step:
        phase = state.phase
        if phase == "over":
            raise _err("over")
        if phase == "build":
            if state.sides[seat].build.stage == "ready":
                raise RuleError("core.not_your_turn")
            return self._apply_build(state, seat, action)
        # the active seat (active_seats, in play) and then `action in legal_actions(...)`,
        # from the listing just made for this state when there is one
        pending = state.pending
        listed = self._listed
        if listed is not None and listed[0] is state and listed[1] == seat:
            legal = listed[2]
        elif pending:
            p = pending[0]
            if seat != p.seat:
                raise RuleError("core.not_your_turn")
            legal = self._pending_actions(state, p)
        else:
            if seat != state.turn:
                raise RuleError("core.not_your_turn")
            legal = self._turn_actions(state, seat, type(action))
        if not _among(action, legal):
            raise self._why_not(state, seat, action)
        self._listed = None  # the state changes from here on
        ev: list[Event] = []
        if pending:
            self._apply_pending(state, seat, action, ev)
        else:
            self._apply_turn(state, seat, action, ev)
        self._settle(state, ev)
        return _step(state, ev)

    def _why_not(self, state: FleetState, seat: int, action: Any) -> RuleError:
        """A clear reason for an action that is not among the legal ones."""
        side = state.sides[seat]
        if state.pending:
            return _err("pending", what=f"@fleet.pending.{state.pending[0].kind}")
        cost = {Fire: 2, Operate: 2, Gather: 2, Order: 1, Launch: 1, Recall: 1, Draw: 1}.get(type(action))
        if cost and state.ap < cost:
            return _err("no_ap", need=cost, have=state.ap)
        if isinstance(action, (Move, Attack, UseCard)) and getattr(action, "mech", None):
            m = self._mech(state, action.mech)
            if m is None or self._owner(action.mech) != seat:
                return _err("no_mech", mech=action.mech)
            if m.status != "field":
                return _err("not_on_field", mech=action.mech)
            if isinstance(action, Move) and action.zone not in neighbours(m.zone):
                return _err("not_adjacent", zone=action.zone)
            if isinstance(action, Move):
                return _err("forward_blocked", mech=action.mech)
            if isinstance(action, Attack):
                if m.acts <= 0:
                    return _err("mech_no_action", mech=action.mech)
                if action.weapon not in D.mechs[m.model].weapons:
                    return _err("no_weapon", weapon=action.weapon, weapons=_weapon_codes(D.mechs[m.model].weapons))
                if not self._ammo_ok(m, action.weapon):
                    return _err("no_ammo", weapon=action.weapon)
                return _err("out_of_range", target=action.target)
        if isinstance(action, Fire):
            if action.weapon not in side.ship.weapons:
                return _err("no_weapon", weapon=action.weapon, weapons=_weapon_codes(side.ship.weapons))
            if not self._ammo_ok(side.ship, action.weapon):
                return _err("no_ammo", weapon=action.weapon)
            if D.weapon(action.weapon).energy > side.ship.energy:
                return _err("no_energy")
            return _err("out_of_range", target=action.target)
        if isinstance(action, Launch):
            m = self._mech(state, action.mech)
            if m is None or self._owner(action.mech) != seat or m.status != "hangar":
                return _err("not_in_hangar", mech=action.mech)
            if m.banned_until > state.round:
                return _err("launch_banned", mech=action.mech, round=m.banned_until)
            if action.zone not in LAUNCH_ZONES[seat]:
                return _err("not_launch_zone", zone=action.zone, zones=" ".join(LAUNCH_ZONES[seat]))
            return _err("pilot_unavailable", pilot=action.pilot)
        if isinstance(action, PlayCard):
            if not any(c.id == action.card for c in side.hand):
                return _err("no_card", card=action.card)
            return _err("card_not_now")
        if isinstance(action, UseSkill):
            return _err("skill_unavailable", skill=f"@fleet.skill.{action.name}.name")
        if any(m.acts > 0 and self._can_act(m) for m in side.mechs):
            return _err("mechs_acting")
        return _err("illegal", code=action.code())

    def _apply_turn(self, state: FleetState, seat: int, a: Any, ev: list[Event]) -> None:
        side, ship = state.sides[seat], state.sides[seat].ship
        name = state.names[seat]
        kind = type(a)  # actions are exact model classes: `is` tests beat an isinstance chain
        if kind is Fire:
            state.ap -= 2
            self._attack(state, seat, "ship", a.weapon, a.target, ev)
        elif kind is Draw:
            if ship.model == "hummingbird" and not side.free_draw:
                side.free_draw = True  # 快速武装切换
                ev.append(_public("fleet.skill_ship.quick_switch", name=name))
            else:
                state.ap -= 1
            if a.pile == "ship":
                drawn = [side.ship_pile.pop(0)]
            else:
                drawn = []
                held = self._mech_cards_in_hand(side)  # the hand does not change while drawing
                while side.mech_pile and held + len(drawn) < 3:
                    drawn.append(side.mech_pile.pop(0))
            side.hand += drawn
            ev.append(_public("fleet.draw", name=name, n=len(drawn), pile=f"@fleet.pile.{a.pile}"))
            ev.append(_private(seat, "fleet.drawn", cards=self._cards_text(drawn)))
        elif kind is Operate:
            state.ap -= 2
            for m in self._field(side):
                if self._can_act(m):
                    m.acts = 1
            ev.append(_public("fleet.operate", name=name))
        elif kind is Order:
            state.ap -= 1
            self._mech(state, a.mech).acts = 1
            ev.append(_public("fleet.order", name=name, mech=a.mech))
        elif kind is Launch:
            state.ap -= 1
            m = self._mech(state, a.mech)
            m.status, m.zone, m.pilot = "field", a.zone, a.pilot
            self._victory_seen = None  # (a mech in a zone: 劫掠)
            if len(self._field(side)) >= 3:  # 军势's condition, the only one a launch can meet
                self._skills_seen = None
            if m.revealed:  # a recalled mech is face down already
                m.revealed = False
            self._pilot(side, a.pilot).status = "flying"
            ev.append(_public("fleet.launch", name=name, mech=m.uid, model=self._name(D.mechs[m.model]),
                                   zone=a.zone))
            if self._mech_cards_in_hand(side):
                state.pending.append(Pending(kind="attach", seat=seat, data={"mech": m.uid}))
            else:
                self._launched(state, seat, m, ev)
        elif kind is Recall:
            state.ap -= 1
            self._recall(state, seat, self._mech(state, a.mech), ev)
            ev.append(_public("fleet.recall", name=name, mech=a.mech))
        elif kind is Gather:
            state.ap -= 2
            ev.append(_public("fleet.gather_try", name=name))
            if self._may_react(state, 1 - seat, "gather"):
                self._open_window(state, 1 - seat, {"trigger": "gather"}, ev)
            else:
                self._gathered(state, seat, ev)
        elif kind is PlayCard:
            self._play_card(state, seat, a, ev)
        elif kind is EndTurn:
            state.ap = 0
            ev.append(_public("fleet.end_turn", name=name))
        elif kind is UseSkill:
            self._use_skill(state, seat, a, ev)
        elif kind is Turret:
            side.turret_used = True
            ev.append(_public("fleet.turret", name=name, target=a.target))
            self._hurt(state, 1 - seat, a.target, 2, False, ev, by=seat)
        elif kind is Resupply:
            ship.hp -= 12
            self._skills_seen = None
            side.resupply_used = True
            for uid in a.mechs:
                self._mech(state, uid).acts += 1
            ev.append(_public("fleet.skill_ship.split_supply", name=name, mechs=a.mechs, hp=ship.hp))
        elif kind is Move:
            m = self._mech(state, a.mech)
            m.acts -= 1
            self._move(state, seat, m, a.zone, ev)
        elif kind is Attack:
            m = self._mech(state, a.mech)
            m.acts -= 1
            m.attacked = True
            self._attack(state, seat, m.uid, a.weapon, a.target, ev)
        elif kind is UseCard:
            self._use_card(state, seat, a, ev)
        elif kind is Stand:
            for m in side.mechs:
                if m.acts:  # only when needed
                    m.acts = 0
            ev.append(_public("fleet.stand", name=name))

    @staticmethod
    def _open_window(state: FleetState, seat: int, data: dict[str, Any], ev: list[Event]) -> None:
        """A reaction window for `seat`, said on the table's status line while it is open, in the
        same words whatever the seat holds (RULES.md 5: a window opens by what the opponent sees,
        so the words tell nothing either); only a seat holding an answer is also asked by DM
        (present.prompt). Its answer or pass has the line: a window that opened and closed in one
        post read "may answer the launch (with a deck bomb)" and then "nothing to answer with"."""
        state.pending.append(Pending(kind="react", seat=seat, data=data))

    def _launched(self, state: FleetState, seat: int, m: Mech, ev: list[Event]) -> None:
        """A launch succeeded: the opponent may answer with 甲板炸弹."""
        if self._may_react(state, 1 - seat, "launch"):
            self._open_window(state, 1 - seat, {"trigger": "launch", "mech": m.uid}, ev)

    def _recall(self, state: FleetState, seat: int, m: Mech, ev: list[Event]) -> None:
        side = state.sides[seat]
        if m.pilot:
            self._pilot(side, m.pilot).status = "ready"
        if m.cards:
            side.mech_pile.extend(m.cards)
            state.rng.shuffle(side.mech_pile)
            m.cards = []
        m.status, m.zone, m.pilot = "hangar", None, None
        self._victory_seen = None  # (歼灭: no mech on the field; one fewer meets no skill condition)
        # the flags are mostly clear already
        if m.revealed:
            m.revealed = False
        if m.acts or m.stun or m.burn:
            m.acts, m.stun, m.burn = 0, 0, 0
        if m.boost or m.smoke or m.ap_rounds or m.targeting:
            m.boost = m.smoke = m.ap_rounds = m.targeting = False

    def _gathered(self, state: FleetState, seat: int, ev: list[Event]) -> None:
        side = state.sides[seat]
        gain = 2 if side.ship.model == "bull" else 1  # 高级能源管理
        if state.weather == "solar_wind":
            gain += 1
        side.ship.energy += gain
        side.gathered = True
        ev.append(_public("fleet.gather", name=state.names[seat], n=gain, energy=side.ship.energy))

    def _move(self, state: FleetState, seat: int, m: Mech, zone: str, ev: list[Event]) -> None:
        m.zone = zone
        self._victory_seen = None
        ev.append(_public("fleet.move", mech=m.uid, zone=zone))
        self._entered(state, seat, m, ev)

    def _entered(self, state: FleetState, seat: int, m: Mech, ev: list[Event]) -> None:
        if m.zone not in EVENT_ZONES or m.status != "field":
            return
        if not state.event_pile:
            state.event_pile, state.event_discard = state.event_discard, []
            state.rng.shuffle(state.event_pile)
        if not state.event_pile:
            return
        card = state.event_pile.pop(0)
        state.event_discard.append(card)
        ev.append(_public("fleet.event.drawn", mech=m.uid, card=self._name(D.events[card]),
                               text=f"@fleet.event.{card}"))
        if card == "supply_pod":
            m.hp = m.max_hp
        elif card == "minefield":
            self._hurt(state, seat, m.uid, 3, False, ev, by=None)
        elif card == "energy_crystal" and not state.sides[seat].ship.destroyed:
            state.sides[seat].ship.energy += 1
        elif card == "mag_storm":  # the mech sits out its owner's next turn
            m.stun, m.acts = (2 if seat == state.turn else 1), 0
        elif card == "ammo_cache":
            m.ammo = {w: wd.ammo for w, wd in D.mechs[m.model].weapons.items() if wd.ammo is not None}
        elif card == "wreck_cover":
            m.smoke = True
        elif D.events[card].kind == "weather":
            state.weather = None if card == "clear_sky" else card

    # ---------------------------------------------------------------- cards
    @staticmethod
    def _pop_card(cards: list[Card], card_id: str) -> Card:
        """Take a card out of a list by id (list.remove would compare the cards before it with
        the cards' __eq__)."""
        return cards.pop(next(i for i, c in enumerate(cards) if c.id == card_id))

    def _take_card(self, side: Side, card_id: str) -> Card:
        card = self._pop_card(side.hand, card_id)
        side.discard.append(card.card)
        return card

    def _play_card(self, state: FleetState, seat: int, a: PlayCard, ev: list[Event]) -> None:
        side, ship = state.sides[seat], state.sides[seat].ship
        enemy = state.sides[1 - seat]
        card = self._take_card(side, a.card)
        ev.append(_public("fleet.card.played", name=state.names[seat], card=self._name(D.subs[card.card]),
                               text=f"@fleet.sub.{card.card}"))
        if card.card == "emp":
            hit = [m for m in self._field(enemy) if m.zone == a.target]
            for m in hit:
                m.stun, m.acts = 2, 0
            ev.append(_public("fleet.card.emp", zone=a.target, mechs=[m.uid for m in hit] or "@core.none"))
        elif card.card == "repair_bot":
            self._repair_ship(state, seat, ev)
        elif card.card == "turret":
            ship.energy -= 1
            side.turret = True
        elif card.card == "spy_drone":
            state.ap -= 1
            ships = [c for c in enemy.hand if D.subs[c.card].side == "ship"]
            seen = state.rng.choice(ships)
            enemy.shown.append(seen.id)
            ev.append(_private(seat, "fleet.card.spy_seen", card=self._name(D.subs[seen.card])))
            others = [c for c in ships if c is not seen]
            if others:
                gone = state.rng.choice(others)
                self._pop_card(enemy.hand, gone.id)
                enemy.discard.append(gone.card)
                ev.append(_public("fleet.card.spy_discard", name=state.names[1 - seat],
                                       card=self._name(D.subs[gone.card])))
        elif card.card == "adv_weapons":
            ship.energy -= 1
            top = side.ship_pile[:3]
            state.pending.append(Pending(kind="pick", seat=seat, data={"cards": [c.id for c in top]}))
            ev.append(_private(seat, "fleet.card.adv_top", cards=self._cards_text(top)))

    def _repair_ship(self, state: FleetState, seat: int, ev: list[Event]) -> None:
        ship = state.sides[seat].ship
        ship.hp = min(ship.max_hp, ship.hp + 10)
        self._skills_seen = None
        ev.append(_public("fleet.card.repaired", name=state.names[seat], hp=ship.hp))

    def _use_card(self, state: FleetState, seat: int, a: UseCard, ev: list[Event]) -> None:
        m = self._mech(state, a.mech)
        card = self._pop_card(m.cards, a.card)
        state.sides[seat].discard.append(card.card)
        k = card.card
        in_zone = [e for e in self._field(state.sides[1 - seat]) if e.zone == m.zone]
        # a grenade with no enemy mech in the zone says so: its text promises damage that no line follows
        text = "@fleet.label.grenade_none" if k == "grenade" and not in_zone else f"@fleet.sub.{k}"
        ev.append(_public("fleet.card.used", mech=m.uid, card=self._name(D.subs[card.card]), text=text))
        if k == "repair_kit":
            m.hp = min(m.max_hp, m.hp + 3)
        elif k == "smoke":
            m.smoke = True
        elif k == "booster":
            self._move(state, seat, m, a.target, ev)
        elif k == "ap_rounds":
            m.ap_rounds = True
        elif k == "targeting":
            m.targeting = True
        elif k == "grenade":
            for e in in_zone:
                if not state.sides[1 - seat].immune:
                    self._hurt(state, 1 - seat, e.uid, 2, False, ev, by=seat)

    # ---------------------------------------------------------------- captain skills
    def _use_skill(self, state: FleetState, seat: int, a: UseSkill, ev: list[Event]) -> None:
        side, ship = state.sides[seat], state.sides[seat].ship
        enemy = state.sides[1 - seat]
        self._announce_skill(state, seat, a.name, ev)
        if a.name == "transfer":  # 南水北调
            ship.ammo[a.a] = 0
            if a.b == "energy":
                ship.energy += 2
            else:
                ship.ammo[a.b] = D.weapon(a.b).ammo
        elif a.name == "revenge":  # 以牙还牙
            self._destroy_mech(state, 1 - seat, self._mech(state, a.a), ev, by=seat)
        elif a.name == "last_stand":  # 破釜沉舟
            ship.hp = ship.max_hp = 100
            self._skills_seen = None
            ship.evade = 0
            ship.energy += 3
        elif a.name == "sacrifice":  # 向死而生
            mine = self._field(side)
            energy, ship.energy = ship.energy, 0
            for m in mine:
                self._destroy_mech(state, seat, m, ev, by=None)
            for _ in range(len(mine)):
                if enemy.ship.destroyed:
                    break
                if self._roll_hit(state, seat, [("hit", ship.hit)], aim.evade_terms(state, 1 - seat, None), ev, "ship"):
                    self._hurt(state, 1 - seat, "ship", energy * 3, False, ev, by=seat, nothing="no_energy")

    def _announce_skill(self, state: FleetState, seat: int, skill: str, ev: list[Event]) -> None:
        side = state.sides[seat]
        side.used.append(skill)
        side.captain_revealed = True
        ev.append(_public("fleet.skill.used", name=state.names[seat], captain=self._name(D.captains[side.captain]),
                               skill=f"@fleet.skill.{skill}.name", text=f"@fleet.skill.{skill}.text"))

    def _roll_hit(self, state: FleetState, seat: int, hit_terms: list[aim.Term], evade_terms: list[aim.Term],
                  ev: list[Event], target: str, double_hit: bool = False, double_evade: bool = False,
                  strike: int = 0) -> bool:
        """Hit roll (d20 <= hit) then evade roll (d20 <= evade); True when the attack lands. Each
        roll event carries the terms its target adds up from (games/fleet/aim.py).
        `strike`: the roll's number in an attack that rolls more than once (0: not numbered)."""
        rng, enemy = state.rng, 1 - seat
        hit, evade = aim.total(hit_terms), aim.total(evade_terms)
        numbered = {"strike": strike} if strike else {}
        for what in ("@fleet.roll.hit", "@fleet.roll.hit_again")[:2 if double_hit else 1]:  # 危机超感: a second roll
            d = rng.die(20)
            ev.append(_roll(state.names[seat], what, [d], d, need=hit, terms=[list(x) for x in hit_terms],
                            target=target, **numbered))
            if d > hit:
                return False
        evaded = True
        for what in ("@fleet.roll.evade", "@fleet.roll.evade_again")[:2 if double_evade else 1]:  # 视限超感
            d = rng.die(20)
            ev.append(_roll(state.names[enemy], what, [d], d, need=evade, terms=[list(x) for x in evade_terms],
                            target=target, **numbered))
            if d > evade:
                evaded = False
                break
        if evaded:
            state.sides[enemy].evades += 1
            self._skills_seen = None
            return False
        return True

    # ---------------------------------------------------------------- combat
    _buffs = staticmethod(aim.buffs)  # (state, seat, mech): active bonuses of a mech (纳米切割刀 counts them)

    def _has_melee(self, state: FleetState, seat: int, target: str) -> bool:
        if target == "ship":
            s = state.sides[seat].ship
            return s.giant and any(D.weapon(w).melee for w in s.weapons)
        return any(w.melee for w in D.mechs[self._mech(state, target).model].weapons.values())

    def _attack(self, state: FleetState, seat: int, unit: str, wid: str, target: str, ev: list[Event]) -> None:
        """Roll every shot of one attack, then open the reaction windows before damage."""
        side, enemy_seat = state.sides[seat], 1 - seat
        enemy = state.sides[enemy_seat]
        w = D.weapon(wid)
        me = None if unit == "ship" else self._mech(state, unit)
        holder = side.ship if me is None else me
        if wid in holder.ammo:
            holder.ammo[wid] -= 1
        energy_spent = 0
        if w.energy:
            side.ship.energy -= w.energy
        if wid == "siege_laser":
            energy_spent, side.ship.energy = side.ship.energy, 0
        ev.append(_public("fleet.attack", name=state.names[seat], unit=unit, weapon=self._name(w), target=target))
        if w.support:
            t = self._mech(state, target)
            if wid == "charger":
                t.boost = True
            else:
                t.hp = t.max_hp
            ev.append(_public(f"fleet.support.{wid}", mech=target))
            return
        if w.aoe:
            victims = [m.uid for m in self._field(enemy) if dist(target, m.zone) <= w.aoe]
        else:
            victims = [target]
        packets: list[Packet] = []
        for victim in victims:
            packets += self._shots(state, seat, unit, me, w, wid, victim, energy_spent, ev)
        strike = Strike(seat=seat, attacker=unit, weapon=wid, defender=enemy_seat, packets=packets, windows=[],
                        twin=wid == "twin_laser" and bool(packets))
        if packets:
            strike.windows = [seat, enemy_seat]
        state.strike = strike

    def _shots(self, state: FleetState, seat: int, unit: str, me: Mech | None, w: Weapon, wid: str, target: str,
               energy_spent: int, ev: list[Event]) -> list[Packet]:
        side, enemy_seat = state.sides[seat], 1 - seat
        enemy = state.sides[enemy_seat]
        tgt_mech = None if target == "ship" else self._mech(state, target)
        is_mech = self._is_mech_target(state, seat, target)
        tgt_unit: Mech | Ship = enemy.ship if tgt_mech is None else tgt_mech
        d = self._target_dist(state, seat, unit, target)
        # the attacker's hit value and the target's evade value, term by term; a talent that counts
        # shows its pilot, and tracer marks are spent on this attack
        hit = aim.hit_terms(state, seat, me, wid, tgt_mech, d)
        if me is not None and ("awaken", 4) in hit:
            self._reveal_pilot(state, seat, me, ev)
        if any(k == "marks" for k, _ in hit):
            tgt_unit.marks = 0
        evade = aim.evade_terms(state, enemy_seat, tgt_mech)
        if tgt_mech is not None and ("awaken", 4) in evade:
            self._reveal_pilot(state, enemy_seat, tgt_mech, ev)
        double_hit = tgt_mech is not None and self._talent(tgt_mech) == "crisis_sense" and tgt_mech.hp < tgt_mech.max_hp
        if double_hit:
            self._reveal_pilot(state, enemy_seat, tgt_mech, ev)
        double_evade = (me is not None and tgt_mech is not None and self._talent(me) == "hyper_sight"
                        and tgt_mech.hp < tgt_mech.max_hp)
        if double_evade:
            self._reveal_pilot(state, seat, me, ev)
        packets: list[Packet] = []
        hits = 0
        shots = w.shots
        extra_melee = False
        first_rolls = len(ev)  # where strike 1's rolls begin: numbered once a second blow is won
        i = 0
        while i < shots:
            i += 1
            # the rolls of an attack that may roll more than once are numbered: its damage lands
            # after all of them (RULES.md 5) and each damage line names the strike it comes from
            strike = i if shots > 1 else 0
            if wid == "flak" and is_mech:  # 防空弹幕炮: no rolls against mechs
                landed = True
            else:
                landed = self._roll_hit(state, seat, hit, evade, ev, target, double_hit, double_evade, strike)
            if not landed:
                continue
            dmg, nothing, why = self._shot_damage(state, seat, me, w, wid, target, energy_spent, hits, ev, strike)
            hits += 1
            if me is not None:
                side.hits_landed += 1
                self._skills_seen = None
            packets.append(Packet(target=target, owner=enemy_seat, dmg=dmg, nothing=nothing, laser=w.kind == "laser",
                                  burn=wid == "heat_ray", knock=2 if wid == "impact_flak" else 0,
                                  claw=wid == "claw" and target == "ship", strike=i, why=why))
            if wid == "tracer_vulcan":
                tgt_unit.marks += 5
                tgt_unit.mark_until = state.turn_no + 2
            if me is not None and w.melee and not extra_melee and "joint_boost" in D.mechs[me.model].traits:
                d100 = state.rng.die(100)
                ev.append(_roll(state.names[seat], "@fleet.roll.joint_boost", [d100], d100, need=50,
                                **({"strike": i} if strike else {})))
                if d100 <= 50:  # 关节增压系统: one more melee attack
                    extra_melee = True
                    shots += 1
                    if not strike:  # a single strike became two: its rolls, this one too, are strike 1
                        for e in ev[first_rolls:]:
                            if e.key == "core.roll":
                                e.params["strike"] = i
        if shots == 1:  # one roll: nothing to tell apart
            for pk in packets:
                pk.strike = 0
        return packets

    def _shot_damage(self, state: FleetState, seat: int, me: Mech | None, w: Weapon, wid: str, target: str,
                     energy_spent: int, hits_before: int, ev: list[Event],
                     strike: int = 0) -> tuple[int, str, list[str]]:
        """A landed shot's damage, what brought it to nothing (an ion storm, a parried saber;
        empty otherwise) and what made it differ from the weapon's (`why`, in order): the damage
        line says why a hit deals no damage, or 4 where the weapon deals 2."""
        side = state.sides[seat]
        nothing = ""
        dmg = w.damage
        why: list[str] = []
        if wid == "siege_laser":
            dmg = dmg + 5 * energy_spent if energy_spent else dmg - 8
            why.append("siege_laser" if energy_spent else "siege_laser_cold")
        if me is not None:
            talent = self._talent(me)
            if wid == "laser_gun" and side.ship.energy:
                dmg += 2 * side.ship.energy
                why.append("laser_gun")
            if wid == "nano_blade" and (buffs := self._buffs(state, seat, me)):
                dmg += 2 * buffs
                why.append("nano_blade")
            if talent == "reaper" and w.melee:
                dmg += 1
                why.append("reaper")
                self._reveal_pilot(state, seat, me, ev)
            if talent == "killing_intent" and self._ship_hurt(side):
                dmg += 1
                why.append("killing_intent")
                self._reveal_pilot(state, seat, me, ev)
            if me.ap_rounds:
                dmg += 2
                why.append("ap_rounds")
            if me.boost:
                dmg *= 2
                why.append("boost")
        if wid == "heavy_vulcan" and hits_before >= 2:
            dmg *= 2
            why.append("heavy_vulcan")
        if w.kind == "laser" and state.weather == "ion_storm":
            nothing = "ion_storm" if dmg <= 1 else nothing
            dmg = max(0, dmg - 1)
            why.append("ion_storm")
        if wid == "saber" and self._has_melee(state, 1 - seat, target):
            d100 = state.rng.die(100)
            ev.append(_roll(state.names[seat], "@fleet.roll.saber", [d100], d100, need=70,
                            **({"strike": strike} if strike else {})))
            if d100 <= 70:
                dmg, nothing = 0, "saber"
        return dmg, nothing, why

    def _resolve_strike(self, state: FleetState, ev: list[Event]) -> None:
        st = state.strike
        state.strike = None
        double = st.double or state.sides[st.seat].precision
        for pk in st.packets:
            owner = state.sides[pk.owner]
            unit = owner.ship if pk.target == "ship" else self._mech(state, pk.target)
            if unit is None or (pk.target == "ship" and unit.destroyed) or \
                    (pk.target != "ship" and unit.status != "field"):
                continue
            dmg = pk.dmg * (2 if double else 1)
            why = pk.why + (["precision"] if double and pk.dmg else [])
            if why:  # the terms start from the weapon's own damage ("2 = ? − 8" could not be checked)
                why.insert(0, f"base.{st.weapon}")
            self._hurt(state, pk.owner, pk.target, dmg, pk.laser, ev, by=st.seat, nothing=pk.nothing,
                       strike=pk.strike, why=why)
            if pk.burn:
                unit.burn = 3
            if pk.claw and owner.ship.energy > 0:  # 电击钩爪
                owner.ship.energy -= 1
                state.sides[1 - pk.owner].ship.energy += 1
                ev.append(_public("fleet.claw", name=state.names[1 - pk.owner]))
            if pk.knock and pk.target != "ship" and unit.status == "field":
                self._knock_back(state, pk.owner, unit, pk.knock, ev)
        if st.twin and state.phase != "over":
            first = st.packets[0].target if st.packets else ""
            state.pending.append(Pending(kind="twin", seat=st.seat, data={"first": first}))

    def _knock_back(self, state: FleetState, seat: int, m: Mech, n: int, ev: list[Event]) -> None:
        row = zrow(m.zone)
        home = SHIP_ROW[seat]
        new_row = max(home, row - n) if seat == 0 else min(home, row + n)
        if new_row != row:
            m.zone = f"{m.zone[0]}{new_row}"
            self._victory_seen = None
            ev.append(_public("fleet.knocked", mech=m.uid, zone=m.zone))
            self._entered(state, seat, m, ev)

    def _hurt(self, state: FleetState, seat: int, target: str, amount: int, laser: bool, ev: list[Event],
              by: int | None, nothing: str = "", strike: int = 0, why: list[str] | None = None) -> None:
        """Damage to a unit of `seat`, after its own defences. A damage event of none says what
        brought it to nothing (`nothing`: the hit's own cause, else the defence that halved it);
        `strike`: the numbered roll of its attack that landed it (0: not numbered); `why`: what
        made an attack's damage differ from its weapon's (`_shot_damage`)."""
        side = state.sides[seat]
        numbered = {"strike": strike} if strike else {}
        noted = {**numbered, "why": why} if why else numbered  # the damage lines' (never a roll's)
        if target == "ship":
            ship = side.ship
            if ship.destroyed:
                return
            self._skills_seen = self._victory_seen = None  # (health, damage dealt, a ship destroyed)
            if ship.model == "bull" and ship.energy > 0 and amount > 0:  # 聚能增压护盾
                nothing = "boost_shield" if amount == 1 else nothing
                amount //= 2
                ev.append(_public("fleet.skill_ship.boost_shield", dmg=amount))
            ship.hp -= amount
            if by is not None and by != seat:
                state.sides[by].ship_damage += amount
            ev.append(_public("fleet.damage", unit="ship", owner=state.names[seat], dmg=amount, hp=max(0, ship.hp),
                              **({"nothing": nothing} if amount == 0 else {}), **noted))
            if ship.hp <= 0:
                ship.hp, ship.destroyed, ship.energy = 0, True, 0
                ev.append(_public("fleet.ship_destroyed", name=state.names[seat]))
            elif ship.model == "pegasus" and not ship.giant and ship.hp < 10:
                self._giant(state, seat, ev)
            return
        m = self._mech(state, target)
        if m is None or m.status != "field":
            return
        if laser and amount > 0 and "red_armor" in D.mechs[m.model].traits:  # 异色外装甲（红）
            d100 = state.rng.die(100)
            ev.append(_roll(state.names[seat], "@fleet.roll.red_armor", [d100], d100, need=30, target=m.uid,
                            **numbered))
            if d100 <= 30:
                nothing = "red_armor" if amount == 1 else nothing
                amount //= 2
        sharers = [m]
        if "link_shield" in D.mechs[m.model].traits:  # 战术链接护盾: damage shared, rounded half up
            sharers = [x for x in self._field(side) if x.zone == m.zone and "link_shield" in D.mechs[x.model].traits]
        share = (2 * amount + len(sharers)) // (2 * len(sharers)) if len(sharers) > 1 else amount
        shared = {"share_of": amount, "hit_on": m.uid} if len(sharers) > 1 else {}  # the text says why
        if share == 0:
            shared["nothing"] = nothing
        for x in sharers:
            x.hp -= share
            ev.append(_public("fleet.damage", unit=x.uid, owner=state.names[seat], dmg=share, hp=max(0, x.hp),
                              **shared, **noted))
            if x.hp <= 0:
                self._destroy_mech(state, seat, x, ev, by=by)

    def _destroy_mech(self, state: FleetState, seat: int, m: Mech, ev: list[Event], by: int | None,
                      lost: bool = False) -> None:
        side = state.sides[seat]
        m.hp = max(0, m.hp)
        side.discard += [c.card for c in m.cards]
        m.cards = []
        m.status, m.zone, m.acts = "lost", None, 0
        self._skills_seen = self._victory_seen = None
        ev.append(_public("fleet.mech_destroyed", mech=m.uid, model=self._name(D.mechs[m.model])))
        if by is not None and by != seat:
            state.sides[by].kills += 1
        if not lost:
            side.losses += 1
        if m.pilot:
            p = self._pilot(side, m.pilot)
            if lost:
                p.status = "lost"
            elif self._talent(m) == "bail_out":  # 紧急脱离
                self._reveal_pilot(state, seat, m, ev)
                d100 = state.rng.die(100)
                ev.append(_roll(state.names[seat], "@fleet.roll.bail_out", [d100], d100, need=50))
                p.status = "ready" if d100 <= 50 else "injured"
            else:
                p.status = "injured"
            if p.status == "injured":
                p.back_turn = side.turns + D.pilots[p.pid].recovery
                ev.append(_private(seat, "fleet.pilot.injured", pilot=self._name(D.pilots[p.pid]),
                                        turns=D.pilots[p.pid].recovery))
        m.pilot = None

    def _giant(self, state: FleetState, seat: int, ev: list[Event]) -> None:
        """巨型战甲: below 10 health the Pegasus breaks up its field mechs and becomes one."""
        side, ship = state.sides[seat], state.sides[seat].ship
        mechs = self._field(side)
        total = sum(m.hp for m in mechs)
        if total <= 0:
            return
        weapons: list[str] = []
        for m in mechs:
            weapons += [w for w, wd in D.mechs[m.model].weapons.items() if not wd.support and w not in weapons]
            self._destroy_mech(state, seat, m, ev, by=None, lost=True)
        ship.giant = True
        ship.hp = ship.max_hp = total
        self._skills_seen = self._victory_seen = None
        ship.hit = ship.evade = 10
        ship.weapons = weapons
        ship.ammo = {w: D.weapon(w).ammo for w in weapons if D.weapon(w).ammo is not None}
        ev.append(_public("fleet.skill_ship.giant_mech", name=state.names[seat], hp=total))

    # ================================================================ pending decisions
    def _apply_pending(self, state: FleetState, seat: int, a: Any, ev: list[Event]) -> None:
        p = state.pending.pop(0)
        side = state.sides[seat]
        name = state.names[seat]
        # every step a seat takes has a line the table reads, a pass too (a bot's pass said nothing:
        # only the host's automatic passes were announced); a card picked in secret is not named
        if p.kind == "react":
            if isinstance(a, React):
                self._react(state, seat, p, a, ev)
            else:
                ev.append(_public("fleet.passed", name=name, what=f"@fleet.passed_on.{window_answers(state, p)}"))
                if p.data["trigger"] == "gather":
                    self._gathered(state, 1 - seat, ev)
            if p.data["trigger"] == "strike" and state.strike is not None and state.strike.windows:
                state.strike.windows.pop(0)
        elif p.kind == "twin":
            if isinstance(a, Second):
                self._attack_second(state, seat, a.target, ev)
            else:
                ev.append(_public("fleet.twin_pass", name=name))
        elif p.kind == "attach":
            m = self._mech(state, p.data["mech"])
            if isinstance(a, Attach):
                m.cards.append(self._pop_card(side.hand, a.card))
                ev.append(_public("fleet.attach", mech=m.uid, n=len(m.cards)))
                state.pending.insert(0, p)  # attach more, or go
            else:
                ev.append(_public("fleet.go", name=name, mech=m.uid))
                self._launched(state, seat, m, ev)
        elif p.kind == "pick":
            chosen = next(c for c in side.ship_pile if c.id == a.card)
            rest = [c for c in side.ship_pile if c.id in p.data["cards"] and c is not chosen]
            side.ship_pile = [c for c in side.ship_pile if c.id not in p.data["cards"]] + rest
            state.rng.shuffle(side.ship_pile)
            side.hand.append(chosen)
            ev.append(_public("fleet.card.picked", name=name, n=len(p.data["cards"])))
            ev.append(_private(seat, "fleet.drawn", cards=self._cards_text([chosen])))
        elif p.kind == "warp":
            if isinstance(a, Warp):
                m = self._mech(state, a.mech)
                ev.append(_public("fleet.trait.warp", mech=m.uid))
                self._move(state, seat, m, a.zone, ev)
                rest = [u for u in p.data["mechs"] if u != a.mech]
                if rest:
                    state.pending.insert(0, Pending(kind="warp", seat=seat, data={"mechs": rest}))
            else:
                ev.append(_public("fleet.warp_pass", name=name, mechs=list(p.data["mechs"])))

    def _attack_second(self, state: FleetState, seat: int, target: str, ev: list[Event]) -> None:
        """双管镭射炮: the first shot hit, so a second target is shot at (no energy spent)."""
        w = D.mains["twin_laser"]
        ev.append(_public("fleet.twin_second", target=target))
        packets = self._shots(state, seat, "ship", None, w, "twin_laser", target, 0, ev)
        if packets:
            state.strike = Strike(seat=seat, attacker="ship", weapon="twin_laser", defender=1 - seat,
                                  packets=packets, windows=[seat, 1 - seat])

    def _react(self, state: FleetState, seat: int, p: Pending, a: React, ev: list[Event]) -> None:
        side = state.sides[seat]
        if a.what in REACT_SKILLS:
            st = state.strike
            self._announce_skill(state, seat, a.what, ev)
            if a.what == "precision":  # 精准打击
                st.double = True
                side.precision = True
            elif a.what == "dodge":  # 动若脱兔
                st.packets = []
                side.immune = True
                side.evades += 1
                self._skills_seen = None
            elif a.what == "redirect":  # 借刀杀人
                if a.target == "enemy_ship":
                    target, owner = "ship", st.seat
                elif a.target == "ship":
                    target, owner = "ship", seat
                else:
                    target, owner = a.target, self._owner(a.target)
                for pk in st.packets:
                    pk.target, pk.owner = target, owner
                    pk.claw = pk.claw and target == "ship"
                ev.append(_public("fleet.redirected", target=a.target))
            return
        card = self._take_card(side, a.what)
        ev.append(_public("fleet.card.played", name=state.names[seat], card=self._name(D.subs[card.card]),
                               text=f"@fleet.sub.{card.card}"))
        if card.card == "repair_bot":
            self._repair_ship(state, seat, ev)
        elif card.card in SHIELDS:
            st = state.strike
            blocked = sum(pk.dmg for pk in st.packets if pk.target == "ship" and pk.owner == seat)
            if st.double or state.sides[st.seat].precision:
                blocked *= 2
            st.packets = [pk for pk in st.packets if not (pk.target == "ship" and pk.owner == seat)]
            if card.card == "warp_shield":  # 扭曲护盾: the same damage to the enemy ship
                self._hurt(state, 1 - seat, "ship", blocked, False, ev, by=seat, nothing="warp_shield")
            else:  # 转化护盾
                side.ship.energy += 3
        elif card.card == "deck_bomb":  # 甲板炸弹
            m = self._mech(state, p.data["mech"])
            self._recall(state, 1 - seat, m, ev)
            m.banned_until = state.round + 5
            ev.append(_public("fleet.card.deck_bomb", mech=m.uid, round=m.banned_until))
        elif card.card == "drain_field":  # 泄能磁场
            state.ap = 0
            state.sides[1 - seat].gathered = False
            ev.append(_public("fleet.card.drained", name=state.names[1 - seat]))

    # ================================================================ flow
    def _settle(self, state: FleetState, ev: list[Event]) -> None:
        """Carry the game forward until someone must decide."""
        guard = 0
        while state.phase == "play":
            guard += 1
            if guard > 100:
                raise RuntimeError("fleet: settle loop")
            if self._skills_seen is not state:
                self._check_skills(state, ev)
            if self._victory_seen is not state and self._check_victory(state, ev):
                return
            if state.pending:
                return
            st = state.strike
            if st is not None:
                while st.windows:
                    seat = st.windows[0]
                    if st.packets and self._may_react(state, seat, "strike"):
                        self._open_window(state, seat, {"trigger": "strike"}, ev)
                        return
                    st.windows.pop(0)
                self._resolve_strike(state, ev)
                continue
            if state.ap > 0:  # tested before the mechs: cheaper, and either one stops here
                return
            side = state.sides[state.turn]
            for m in side.mechs:
                if m.acts > 0 and m.stun == 0 and m.status == "field":  # a mech still acts (_can_act)
                    return
            if not state.warp_done:
                state.warp_done = True
                swords = [m.uid for m in self._field(side) if m.model in WARP_MODELS
                          and not m.attacked and m.stun == 0]
                if swords:
                    state.pending.append(Pending(kind="warp", seat=state.turn, data={"mechs": swords}))
                    continue
            self._end_turn(state, ev)
            if state.phase != "play":
                return
            self._begin_turn(state, ev)

    def _check_skills(self, state: FleetState, ev: list[Event]) -> None:
        """Unlock the skill conditions (RULES.md 10) met now and not before, every captain's:
        public facts, whatever captain a side hides; the side's captain's skills become ready.
        Settle skips this while `_skills_seen` is the state (nothing it reads has changed)."""
        for seat in (0, 1):
            met = self._newly_met(state, seat)
            if met:
                self._unlock(state, seat, met, ev)
        self._skills_seen = state

    @staticmethod
    def _newly_met(state: FleetState, seat: int) -> list[str]:
        """The skills whose conditions `seat` meets and has not unlocked yet, in skill order (it
        reads only the facts whose writes reset `_skills_seen`)."""
        side = state.sides[seat]
        unlocked = side.unlocked
        if len(unlocked) == N_SKILLS:  # all acquired
            return []
        enemy = state.sides[1 - seat]
        # each condition's cheap test first and the list of unlocked skills read only when it holds;
        # a state saved before `unlocked` was kept has its captain's skills in `ready` only
        met = list(side.ready) if not unlocked and side.ready else []
        if "last_stand" not in unlocked:  # no condition
            met.append("last_stand")
        if side.hits_landed and "dodge" not in unlocked:
            met.append("dodge")
        if side.evades >= 5 and "redirect" not in unlocked:
            met.append("redirect")
        if (side.kills >= 2 or side.ship_damage * 10 >= enemy.ship.max_hp * 3) and "precision" not in unlocked:
            met.append("precision")
        if state.round > 3 and "transfer" not in unlocked:
            met.append("transfer")
        if side.losses >= 3 and "revenge" not in unlocked:
            met.append("revenge")
        ship = side.ship
        if ship.hp < enemy.ship.hp and not ship.destroyed and "sacrifice" not in unlocked:
            met.append("sacrifice")
        if len(side.mechs) >= 3 and "rally" not in unlocked:
            fielded = 0
            for m in side.mechs:  # three on the field (a loop that stops there)
                if m.status == "field":
                    fielded += 1
                    if fielded == 3:
                        met.append("rally")
                        break
        return sorted(set(met), key=ALL_SKILLS.index) if len(met) > 1 else met

    def _unlock(self, state: FleetState, seat: int, met: list[str], ev: list[Event]) -> None:
        side = state.sides[seat]
        unlocked, skills, ready = side.unlocked, CAPTAIN_SKILLS[side.captain], side.ready
        for skill in met:
            unlocked.append(skill)
            if skill not in skills or skill in ready:
                continue
            ready.append(skill)
            # 军势 is used at once: its table post says so, and a DM "now usable" would arrive after
            # that post (the host sends a step's DMs after its table post)
            if skill == "rally":
                self._announce_skill(state, seat, skill, ev)
                for m in self._field(side):
                    m.hp = min(m.max_hp, m.hp + 3)
            else:
                ev.append(_private(seat, "fleet.skill.ready", skill=f"@fleet.skill.{skill}.name",
                                   text=f"@fleet.skill.{skill}.text", when=f"@fleet.skill.{skill}.when"))

    def _check_victory(self, state: FleetState, ev: list[Event]) -> bool:
        """End the game when a side has won or both have lost (settle skips this while
        `_victory_seen` is the state: nothing it reads has changed)."""
        victor = self._victor(state)
        if victor is None:
            self._victory_seen = state
            return False
        seat, goal = victor
        if seat is None:
            self._finish(state, None, "fleet.win.mutual")
            ev.append(_public("fleet.win.mutual"))
            return True
        return self._win(state, seat, goal, ev)

    def _victor(self, state: FleetState) -> tuple[int | None, str] | None:
        """(the winner, its goal), (None, "mutual") when both have lost, or None (it reads only
        the facts whose writes reset `_victory_seen`)."""
        # state fields are read once into locals
        conditions = state.conditions
        raid = "raid" in conditions
        sides = state.sides
        ships = (sides[0].ship, sides[1].ship)
        if not raid and not ships[0].destroyed and not ships[1].destroyed:
            return None  # without 劫掠 only a destroyed ship can end the game
        destroyed = (ships[0].destroyed, ships[1].destroyed)
        annihilation = "annihilation" in conditions
        turn = state.turn
        for seat in (turn, 1 - turn):
            giant = ships[1 - seat].giant
            if raid and not giant:
                goal = RAID_ZONES[seat]
                for m in sides[seat].mechs:
                    if m.zone in goal and m.status == "field":
                        return seat, "raid"
            # against a Pegasus turned giant mech, 劫掠 becomes 歼灭 (巨型战甲)
            if destroyed[1 - seat] and (annihilation or (raid and giant)) and not self._field(sides[1 - seat]):
                return seat, "annihilation"
        if destroyed[0] and destroyed[1] and not self._field(sides[0]) and not self._field(sides[1]):
            return None, "mutual"
        return None

    def _win(self, state: FleetState, seat: int, goal: str, ev: list[Event]) -> bool:
        self._finish(state, seat, f"fleet.win.{goal}", name=state.names[seat])
        ev.append(_public(f"fleet.win.{goal}", name=state.names[seat]))
        return True

    def _begin_turn(self, state: FleetState, ev: list[Event]) -> None:
        seat = state.turn
        side = state.sides[seat]
        state.turn_no += 1
        side.turns += 1
        state.ap = 2
        state.warp_done = False
        # only the flags that are set
        if side.gathered:
            side.gathered = False
        if side.free_draw:
            side.free_draw = False
        if side.resupply_used:
            side.resupply_used = False
        if side.turret_used:
            side.turret_used = False
        if side.precision:
            side.precision = False
        for s in state.sides:
            if s.immune:  # only when needed
                s.immune = False
        ev.append(_public("fleet.turn", name=state.names[seat], round=state.round))
        for p in side.pilots:
            if p.status == "injured" and p.back_turn <= side.turns:
                p.status = "ready"
                ev.append(_private(seat, "fleet.pilot.back", pilot=self._name(D.pilots[p.pid])))
        field = []  # _field(side), gathered on the way
        for m in side.mechs:
            if m.status == "field":
                field.append(m)
                if m.boost or m.smoke:
                    m.boost = m.smoke = False
        # burning units of this side take 3 damage at the start of their turn
        ship = side.ship
        if ship.burn and not ship.destroyed:
            ship.burn -= 1
            ev.append(_public("fleet.burn", unit="ship"))
            self._hurt(state, seat, "ship", 3, False, ev, by=1 - seat)
            field = self._field(side)  # 巨型战甲 may have broken up the field mechs
        for m in field:
            if m.burn:
                m.burn -= 1
                ev.append(_public("fleet.burn", unit=m.uid))
                self._hurt(state, seat, m.uid, 3, False, ev, by=1 - seat)

    def _end_turn(self, state: FleetState, ev: list[Event]) -> None:
        seat = state.turn
        side = state.sides[seat]
        if not side.gathered and side.ship.energy:
            side.ship.energy = 0
            ev.append(_public("fleet.energy_lost", name=state.names[seat]))
        for m in side.mechs:
            if m.acts or m.attacked or m.ap_rounds or m.targeting:  # only when needed
                m.acts = 0
                m.attacked = m.ap_rounds = m.targeting = False
            if m.stun:
                m.stun -= 1
        state.turn = 1 - seat
        if state.turn == state.first:
            state.round += 1
            if state.round == 4:  # 南水北调's condition (after round 3), the only one reading the round
                self._skills_seen = None
            arms = "arms" in state.conditions
            last = state.options.arms_round if arms else state.options.cap_round
            if state.round > last:
                self._count_arms(state, arms, ev)

    def _count_arms(self, state: FleetState, arms: bool, ev: list[Event]) -> None:
        """军备竞赛 (and the hard cap, which uses the same count as its tie-break)."""
        totals = [self._strength(s) for s in state.sides]
        reason = "fleet.win.arms" if arms else "fleet.win.cap"
        ev.append(_public("fleet.arms_count", a=state.names[0], ta=totals[0], b=state.names[1], tb=totals[1]))
        if totals[0] == totals[1]:
            self._finish(state, None, "fleet.win.draw_count", total=totals[0])
            ev.append(_public("fleet.win.draw_count", total=totals[0]))
        else:
            w = 0 if totals[0] > totals[1] else 1  # the winner's total first ("B wins: 29 to 20")
            self._finish(state, w, reason, name=state.names[w], ta=totals[w], tb=totals[1 - w])
            ev.append(_public(reason, name=state.names[w], ta=totals[w], tb=totals[1 - w]))

    def _strength(self, side: Side) -> int:
        return max(0, side.ship.hp) + sum(m.hp for m in self._field(side))

    # ================================================================ storage
    # the state is plain dataclasses (see state.py): dumped and loaded through an adapter
    def dump_state(self, state: FleetState) -> str:
        return STATE_JSON.dump_json(state).decode()

    def load_state(self, data: str | bytes) -> FleetState:
        return STATE_JSON.validate_json(data)

    # ================================================================ views
    def view(self, state: FleetState, seat: int | None) -> dict[str, Any]:
        return build_view(state, seat, self.active_seats(state))

    def secrets(self, state: FleetState) -> dict[int, set[str]]:
        out: dict[int, set[str]] = {}
        for seat, side in enumerate(state.sides):
            toks = set()
            if state.phase == "build":
                toks.add(side.build.token)
            if side.captain_token and not side.captain_revealed:
                toks.add(side.captain_token)
            toks |= {p.token for p in side.pilots if not p.revealed}
            toks |= {c.id for c in side.hand} | {c.id for c in side.ship_pile} | {c.id for c in side.mech_pile}
            for m in side.mechs:
                toks |= {c.id for c in m.cards}
            out[seat] = toks
        return out

    def invariants(self, state: FleetState) -> list[str]:
        problems = []
        listed = self._listed
        if listed is not None and listed[0] is state and listed[2] != self._legal(state, listed[1]):
            problems.append(f"the listing kept differs from a fresh one for seat {listed[1]}")
        if state.phase == "play":  # a check settle skips finds nothing when run afresh
            if self._skills_seen is state and (self._newly_met(state, 0) or self._newly_met(state, 1)):
                problems.append("skill conditions met and not checked")
            if self._victory_seen is state and self._victor(state) is not None:
                problems.append("a victory not checked")
        if state.phase == "build":
            return problems
        for seat, side in enumerate(state.sides):
            b = side.build
            cards = len(side.hand) + len(side.ship_pile) + len(side.mech_pile) + len(side.discard) + \
                sum(len(m.cards) for m in side.mechs)
            if cards != 2 * DECK_SIDE_SIZE:
                problems.append(f"seat {seat} holds {cards} sub-weapon cards, not 20")
            flying = {m.pilot for m in side.mechs if m.status == "field"}
            for p in side.pilots:
                if (p.status == "flying") != (p.pid in flying):
                    problems.append(f"seat {seat} pilot {p.pid} is {p.status} but flying={p.pid in flying}")
            for m in side.mechs:
                if m.status == "field" and (m.zone is None or m.hp <= 0 or m.pilot is None):
                    problems.append(f"{m.uid} on the field without zone, health or pilot")
                if m.hp > m.max_hp or len(m.cards) > 2:
                    problems.append(f"{m.uid} over its health or card limit")
            if not side.ship.destroyed and (side.ship.hp <= 0 or side.ship.hp > side.ship.max_hp):
                problems.append(f"seat {seat} ship health {side.ship.hp}")
            if side.ship.energy < 0:
                problems.append(f"seat {seat} negative energy")
            if len(b.mechs) != len(side.mechs):
                problems.append("mech count differs from the fleet")
        if state.phase == "play" and not (0 <= state.ap <= 2):
            problems.append(f"action points {state.ap}")
        return problems

    def determinize(self, state: FleetState, seat: int, rng: random.Random) -> FleetState:
        from games.fleet.determinize import determinize
        return determinize(state, seat, rng)
