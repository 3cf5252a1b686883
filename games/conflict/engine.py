"""The engine of 战地强装&冲突: setup, apply (one handler per action kind), views, outcome."""
from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any

from pydantic import TypeAdapter

from games.core import Engine, Event, GameRng, Outcome, RuleError, Seat, Step

from games.conflict import legal as L
from games.conflict import model as m
from games.conflict import rules as R
from games.conflict.data import content
from games.conflict.model import ConflictOptions, ConflictState, Pending, Player

TERM_RE = re.compile(r"^[\w\-\u4e00-\u9fff]{1,30}$")
_STATE = TypeAdapter(ConflictState)  # the state is a dataclass (see model.py), not a BaseModel


_TURN_PHASES = frozenset({"develop", "battle", "post", "end"})  # the turn seat alone acts, bar a pending decision


@dataclass(slots=True)
class Listing:
    """The engine's last listing of legal actions for a state and seat (see
    ConflictEngine._listed). A development listing keeps its parts and what relisting needs.
    A flip and the relisting after it update the listing in place (`flipped`, `unit`, then
    `parts` and `acts`): two objects fewer to build for half of all actions."""
    state: ConflictState
    seat: int
    parts: list | None  # the development listing in parts (L.develop_parts), else None
    first: dict[str, str] | None
    units: list[m.Unit] | None
    flipped: bool  # the seat flipped `unit` since: `acts` is one flip old (relist before use)
    acts: list
    unit: m.Unit | None
    memo: L.Memo | None


def _holds(acts: list, action: Any) -> bool:
    """Whether `acts` holds that very object: listed actions are shared cached objects, and
    pydantic's __eq__ is slow (callers compare by value when this says no)."""
    for a in acts:
        if a is action:
            return True
    return False


class ConflictEngine(Engine[ConflictState, Any, ConflictOptions]):
    key = "conflict"
    title = {"en": "Battlefield Armour & Conflict", "zh-CN": "战地强装&冲突"}
    min_players = 2
    max_players = 6
    State = ConflictState
    Options = ConflictOptions
    actions = m.ACTIONS

    # --- setup -------------------------------------------------------------------------------
    def setup(self, seats: list[Seat], options: ConflictOptions, seed: int) -> Step:
        n = len(seats)
        if not self.min_players <= n <= self.max_players:
            raise RuleError("conflict.err.players", min=self.min_players, max=self.max_players)
        data = content()
        rng = GameRng.from_seed(seed)
        state = ConflictState(rng=rng, n=n, max_rounds=options.max_rounds, players=[Player(name=s.name) for s in seats])
        # enough copies of the faction deck that every player gets three different ones
        copies = -(-3 * n // len(data.factions))
        for p in state.players:
            pool = list(data.factions) * copies
            rng.shuffle(pool)
            offer: list[str] = []
            for k in pool:
                if k not in offer:
                    offer.append(k)
                if len(offer) == 3:
                    break
            p.offer = offer
        keys = list(data.territories)
        rng.shuffle(keys)
        for seat, p in enumerate(state.players):
            p.dealt = [R.new_terr(state, keys.pop(), seat).id for _ in range(4)]
        state.terr_deck = keys
        deck = [m.Card(id=rng.token("c"), key=c.key) for c in data.cards.values() for _ in range(c.count)]
        rng.shuffle(deck)
        state.deck = deck
        for seat in range(n):
            R.draw_cards(state, seat, 5)
        events = [R.public("conflict.ev.setup", players=n)]
        for seat, p in enumerate(state.players):
            events.append(Event.private(seat, "conflict.ev.dealt", factions=[data.factions[k].name for k in p.offer],
                                        terrs=[R.tname(state, t) for t in p.dealt]))
        return Step(state=state, events=events)

    def dump_state(self, state: ConflictState) -> str:
        return _STATE.dump_json(state).decode()

    def load_state(self, data: str | bytes) -> ConflictState:
        return _STATE.validate_json(data)

    # --- whose input ---------------------------------------------------------------------------
    def active_seats(self, state: ConflictState) -> list[int]:
        if state.phase in _TURN_PHASES and state.pending is None:  # asked before every decision
            return [state.turn]
        phase = state.phase
        if phase == "over":
            return []
        pend = state.pending
        if pend is not None:
            if pend.kind == "combat":
                return [s for s, lay in ((pend.by, pend.lay_by), (pend.other, pend.lay_other)) if lay is None]
            return [pend.seat]
        if phase == "setup":
            return [s for s, p in enumerate(state.players) if p.alive and not p.ready]
        return [state.turn]

    def seats_in_play(self, state: ConflictState) -> list[int]:
        """The seats not yet eliminated (a player with no territory left is eliminated) nor
        resigned; the first to fall stays in until it has chosen who gets its cards (失败者)."""
        if state.phase == "over":
            return []
        pend = state.pending
        heir_chooser = pend.seat if pend is not None and pend.kind == "bequeath" else None
        return [s for s, p in enumerate(state.players) if p.alive or s == heir_chooser]

    def put_out(self, state: ConflictState) -> set[int]:
        """Eliminated (its last territory fell), whether or not it conceded at the heir prompt."""
        return {s for s, p in enumerate(state.players) if p.out == "eliminated"}

    # The last listing of legal actions (see Listing): `apply` checks its action against it
    # instead of checking again when it is asked about that very state object and seat, as a
    # caller that chooses from the listing does at every decision; and a flip, half of all
    # actions, changes a few parts of a development listing, so the next listing of that
    # state for that seat builds those alone (L.relist_after_flip). Only `apply` and `resign`
    # change a state: both drop the listing of the state they change, bar a flip that marks
    # it `flipped`. A copy of a state is another object, so it never matches. `invariants`
    # compares a kept listing with a fresh one. A test that edits a listed state by hand and
    # then lists or applies again calls `invalidate(state)` first.
    _listed: Listing | None = None
    # The development listing from which the turn seat ended its development (`next`), kept
    # through a battle phase of a single `next`: that battle changes nothing a development
    # listing reads (the phase only), so it is the post phase's first listing, and the battle's
    # first listing takes its hand's first cards and its units. Any other action on that state
    # drops it, and so does the post phase's first listing, which takes it; `invariants`
    # compares it (and any listing kept) with a fresh one.
    _before_battle: Listing | None = None

    # The seat's units after a development action that keeps them (L.UNITS_KEPT, and a
    # deployment, which adds one), and after an action that starts a turn (start_turn lists
    # the new turn seat's units): (state, seat, units_of(state, seat)) for the next listing of
    # that state for that seat; any other action drops it, and `invariants` compares it with a
    # fresh units_of. With them, the flips of the listing the action was chosen from, when the
    # action changes no unit's `flipped` nor `riding` nor which units the seat has
    # (L.FLIPS_KEPT), or those and the new unit's after a deployment, else None; the seat's
    # vehicles among them (L.vehicles_of), when the listing had them, else None; and its units
    # abroad (L.ABROAD_KEPT, Memo.abroad), else None. `invariants` compares these with fresh ones too.
    _kept_units: tuple[ConflictState, int, list[m.Unit], dict | None, list[m.Unit] | None,
                       list[m.Unit] | None] | None = None

    def invalidate(self, state: ConflictState) -> None:
        """Forget what the engine keeps of `state` (its last listings): for code that changes
        a state by other means than apply and resign, such as a test's scenario."""
        if self._listed is not None and self._listed.state is state:
            self._listed = None
        if self._kept_units is not None and self._kept_units[0] is state:
            self._kept_units = None
        if self._before_battle is not None and self._before_battle.state is state:
            self._before_battle = None

    def legal_actions(self, state: ConflictState, seat: int) -> list:
        listed = self._listed
        if listed is not None and listed.state is state and listed.flipped and listed.seat == seat:
            parts = listed.parts = L.relist_after_flip(state, seat, listed.parts, listed.first, listed.units,
                                                       listed.unit, listed.memo)
            acts = listed.acts = L.joined(parts)
            listed.flipped, listed.unit = False, None
            return acts
        before = self._before_battle
        if before is not None and before.state is state and before.seat == seat:
            if state.phase == "post":
                self._before_battle = None
                self._listed = before  # the development listing, kept through a battle of a single `next`
                return list(before.acts)  # a list of its own, as every listing is
            if state.phase == "battle" and state.pending is None and not state.assault:
                # the battle's first listing: `next` changed neither the hand nor the units
                acts = L.battle_actions(state, seat, before.first, before.units, before.memo.abroad)
                self._listed = Listing(state, seat, None, None, None, False, acts, None, None)
                return acts
        if L.developing(state, seat):
            kept = self._kept_units
            units = flips = vehicles = abroad = None
            if kept is not None and kept[0] is state and kept[1] == seat:
                _, _, units, flips, vehicles, abroad = kept
            self._kept_units = None
            parts, first, units, memo = L.develop_parts(state, seat, units, flips, vehicles, abroad)
            acts = L.joined(parts)
            self._listed = Listing(state, seat, parts, first, units, False, acts, None, memo)
            return acts
        acts = L.legal(state, seat)
        if acts:  # a seat awaited (the others' lists are empty)
            self._listed = Listing(state, seat, None, None, None, False, acts, None, None)
        return acts

    # --- apply -------------------------------------------------------------------------------
    def apply(self, state: ConflictState, seat: int, action: Any) -> Step:
        kind = action.kind
        listed = self._listed
        if kind == "flip" and listed is not None and listed.state is state and listed.seat == seat \
                and not listed.flipped and listed.parts is not None:
            # half of all actions: a flip from the development listing just made for this very
            # state and seat, which the listing answers for. So the game is on, nothing is kept
            # through a battle for this state (see _before_battle), and the flip knocks nobody
            # out (no _after): the listing is kept one flip old, as below. (An action's field
            # is read once: a pydantic model's attributes are slow to read.)
            uid = action.unit
            if listed.parts[L.FLIPS].get(uid) is action:
                self._kept_units = None
                events: list[Event] = []
                unit = state.units[uid]
                self._flip(state, seat, unit, events)
                listed.flipped, listed.unit = True, unit
                return R.step(state, events)
        phase = state.phase
        if phase == "over":
            raise RuleError("conflict.err.over")
        before = self._before_battle
        if before is not None and before.state is state:
            self._before_battle = None  # kept through a battle's `next` alone (see _before_battle)
        ours = listed is not None and listed.state is state
        # the listing of this state for this seat, up to date, that the action may come from
        fresh = listed if ours and listed.seat == seat and not listed.flipped else None
        # the chosen action is looked for where the listing puts its kind: a flip by its unit
        # among the flips (half of all actions), `next` and `halt` at the end (a fifth)
        if fresh is None:
            self._check(state, seat, action, kind)
        elif kind == "flip" and fresh.parts is not None:
            if fresh.parts[L.FLIPS].get(action.unit) is not action:
                self._check(state, seat, action, kind)
        elif fresh.acts[-1] is not action:  # listings kept are not empty
            if fresh.parts is None:
                found = _holds(fresh.acts, action)
            else:  # a development listing: the kind's part alone (a kind with none is checked)
                part = L.PART_OF.get(kind)
                found = part is not None and _holds(fresh.parts[part], action)
            if not found:
                self._check(state, seat, action, kind)
        if ours:
            self._listed = None  # the state changes from here on
        self._kept_units = None
        events = []
        _HANDLERS[kind](self, state, seat, action, events)
        if kind == "next":
            self._keep_through_battle(state, seat, phase, listed, before)
        elif fresh is not None:
            if kind == "flip":
                if fresh.parts is not None:  # a development listing, kept one flip old (never two)
                    fresh.flipped, fresh.unit = True, state.units[action.unit]
                    self._listed = fresh
            elif kind in L.UNITS_KEPT and fresh.units is not None:
                units, vehicles = fresh.units, fresh.memo.vehicles
                if kind == "deploy":  # its unit is the last one made, unflipped, riding nothing
                    made = next(reversed(state.units.values()))
                    units = units + [made]
                    if made.key in L.VEHICLES:
                        vehicles = vehicles + [made]
                    flips = {**fresh.parts[L.FLIPS], made.id: L.flip_of(made.id)}
                else:
                    flips = fresh.parts[L.FLIPS] if kind in L.FLIPS_KEPT else None
                abroad = fresh.memo.abroad if kind in L.ABROAD_KEPT else None
                self._kept_units = (state, seat, units, flips, vehicles, abroad)
        if not state.players[state.turn].alive:  # rare (see _after): the call spared
            self._after(state, events)
        return R.step(state, events)  # Step(state=state, events=events) without validation

    def _keep_through_battle(self, state: ConflictState, seat: int, phase: str, listed: Listing | None,
                             before: Listing | None) -> None:
        """After `next` from `phase`: keep the development listing it was chosen from through
        the battle phase, and make it the post phase's listing (see _before_battle)."""
        if phase == "develop":
            if listed is not None and listed.state is state and listed.seat == seat and listed.parts is not None \
                    and not listed.flipped and state.phase == "battle":
                self._before_battle = listed
        elif phase == "battle" and before is not None and before.state is state and before.seat == seat \
                and state.phase == "post":
            self._before_battle = before  # for the post phase's first listing

    def _check(self, state: ConflictState, seat: int, action: Any, kind: str) -> None:
        """Raise the RuleError that refuses `action`, if it is not legal for `seat` now."""
        if seat != state.turn or state.pending is not None or state.phase == "setup":  # else only the turn seat acts
            if seat not in self.active_seats(state):
                raise RuleError("core.not_your_turn")
        quick = L.QUICK.get(kind)
        if kind == "term":
            self._check_term(state, seat, action)
        elif quick is not None and quick(state, seat, action):
            pass  # the commonest kinds (flips are half of all actions) are checked without a listing
        elif kind in L.OTHER_FORMS and L.OTHER_FORMS[kind](state, seat, action):
            pass
        else:
            legal = L.legal(state, seat, kind)
            # legal lists hand out cached action objects, so the chosen one is usually the very
            # same object; an action parsed from text is compared by value
            if not _holds(legal, action) and action not in set(legal):
                raise self._why(state, seat, action)

    def _after(self, state: ConflictState, events: list[Event]) -> None:
        """A turn player knocked out on their own turn (a counter-blow) passes the turn on."""
        if state.players[state.turn].alive:
            return
        if state.phase not in ("setup", "over") and state.pending is None and state.winner is None:
            R.end_turn(state, events)

    def _check_term(self, state: ConflictState, seat: int, action: Any) -> None:
        pend = state.pending
        if pend is None or pend.kind != "draft":
            raise RuleError("conflict.err.phase", action="term")
        if len(pend.terms) >= 4:
            raise RuleError("conflict.err.terms_full")
        if not TERM_RE.match(action.text) or action.text in pend.terms:
            raise RuleError("conflict.err.bad_term", text=action.text[:40])

    def _why(self, state: ConflictState, seat: int, action: Any) -> RuleError:
        """A clear reason for a refused action."""
        card_id = getattr(action, "card", None)
        if card_id and state.pending is None and R.find_card(state, seat, card_id) is None:
            return RuleError("conflict.err.no_card", card=card_id)
        if card_id and state.pending is None:
            card = R.find_card(state, seat, card_id)
            key = card.key if card else ""
            if action.kind == "deploy" and R.deploy_cost(state, seat, key) > state.players[seat].res:
                return RuleError("conflict.err.cost", cost=R.deploy_cost(state, seat, key), res=state.players[seat].res)
            if R.cdef(key).type == "special" and R.special_cost(state, seat, key) > state.players[seat].res:
                return RuleError("conflict.err.cost", cost=R.special_cost(state, seat, key), res=state.players[seat].res)
            if R.cdef(key).type == "strategy" and state.players[seat].hacked:
                return RuleError("conflict.err.hacked")
            if action.kind in ("attack", "hbomb", "neutron", "smite", "emp", "plague", "hack", "assassinate") \
                    and not L.may_attack(state, seat):
                return RuleError("conflict.err.no_attack")
            if action.kind == "neutron" and not R.is_city(state, action.tid):
                rival_city = any(R.is_city(state, t) for g in L.others(state, seat) for t in L.own_tids(state, g))
                if not rival_city:
                    return RuleError("conflict.err.no_city")
                return RuleError("conflict.err.not_city", terr=R.tname(state, action.tid))
            expect = {"deploy": None, "equip": "upgrade"}.get(action.kind)
            if expect and R.cdef(key).type != expect:
                return RuleError("conflict.err.wrong_card", card=R.cdef(key).name)
            if action.kind not in ("deploy", "equip") and action.kind in R.content().cards and key != action.kind:
                return RuleError("conflict.err.wrong_card", card=R.cdef(key).name)
        kinds = {type(a).model_fields["kind"].default for a in L.legal(state, seat)}
        if action.kind not in kinds:
            return RuleError("conflict.err.phase", action=action.kind)
        return RuleError("conflict.err.illegal", code=action.code()[:100])

    # setup
    def _do_faction(self, state, seat, a, ev):
        state.players[seat].faction = a.key
        ev.append(Event.private(seat, "conflict.ev.faction_chosen", faction=content().factions[a.key].name))

    def _do_arrange(self, state, seat, a, ev):
        p = state.players[seat]
        inner, outer = R.arranged_rows(p.dealt, a.capital, a.inner)
        p.rows = [inner, outer] if outer else [inner]
        p.capital = a.capital
        R.fortify_capital(state, seat)
        p.ready = True
        ev.append(R.public("conflict.ev.ready", player=p.name))  # what, in secret: revealed when all are ready
        if all(q.ready for q in state.players if q.alive):
            self._begin(state, ev)

    def _begin(self, state: ConflictState, ev: list[Event]) -> None:
        for seat, p in enumerate(state.players):
            if not p.alive:
                continue
            ev.append(R.public("conflict.ev.revealed", player=p.name, faction=content().factions[p.faction].name,
                                   capital=R.tname(state, p.capital), rows=len(p.rows)))
            p.offer, p.dealt = [], []
        living = R.alive(state)
        die = state.rng.die(len(living))
        state.first = living[die - 1]
        ev.append(R.public("core.roll", who="-", what="@conflict.first_player", dice=[die], total=die))
        state.round = 1
        R.start_turn(state, state.first, ev)

    # development
    def _do_deploy(self, state, seat, a, ev):
        key = R.spend(state, seat, a.card)
        state.discard.pop()  # a fielded card stays on the board, not in the discard
        cuts = R.cost_cuts(state, seat)
        paid = R.deploy_cost(state, seat, key, cuts)
        state.players[seat].res -= paid
        up = a.face == "up"
        unit = R.make_unit(state, seat, key, a.tid, up)
        if not up:  # the table sees the payment, which tells something of the hidden card
            state.paid[unit.mask] = [paid, cuts[1]]
        if up:
            ev.append(R.public("conflict.ev.deploy", player=state.players[seat].name, unit=unit.id,
                                   name=R.cdef(key).name, terr=R.tname(state, a.tid)))
        else:
            ev.append(R.public("conflict.ev.deploy_down", player=state.players[seat].name, unit=unit.id,
                                   terr=R.tname(state, a.tid)))
            ev.append(Event.private(seat, "conflict.ev.deploy_down_you", unit=unit.id, name=R.cdef(key).name,
                                    mask=unit.mask))

    def _do_board(self, state, seat, a, ev):
        veh, crew = state.units[a.vehicle], state.units[a.unit]
        veh.rider, crew.riding = crew.id, veh.id
        ev.append(R.public("conflict.ev.board", unit=crew.id, vehicle=veh.id, name=R.uname(veh)))

    def _do_flip(self, state, seat, a, ev):
        self._flip(state, seat, state.units[a.unit], ev)

    @staticmethod
    def _flip(state, seat, u, ev):
        """The seat turns its unit `u` over (apply's short path hands over the unit it looked up)."""
        u.flipped = True
        u.up = not u.up
        R.number_unit(state, u)
        if u.up:
            if state.known or state.paid:
                state.known.pop(u.mask, None)
                state.paid.pop(u.mask, None)
            u.mask = ""
            ev.append(R.public("conflict.ev.flip_up", unit=u.id, name=R.uname(u), down=u.down))  # its face-down number
        else:
            u.mask = state.rng.token("m")
            others = list(range(state.n))  # everyone saw it face up
            del others[seat]
            state.known[u.mask] = others
            ev.append(R.public("conflict.ev.flip_down", unit=u.id))

    def _do_equip(self, state, seat, a, ev):
        p = state.players[seat]
        key = R.spend(state, seat, a.card)
        state.discard.pop()
        replaced = R.cdef(p.upgrade).name if p.upgrade else "-"  # the line names the fitting it discards
        if p.upgrade:
            state.discard.append(p.upgrade)
        p.upgrade = key
        ev.append(R.public("conflict.ev.equip", player=p.name, name=R.cdef(key).name, old=replaced))

    def _do_move(self, state, seat, a, ev):
        R.spend(state, seat, a.card)
        unit = state.units[a.unit]
        owner = state.territories[a.tid].owner
        if owner == seat or R.passage_between(state, seat, owner):
            R.relocate(state, unit, a.tid)
            ev.append(R.public("conflict.ev.move", unit=unit.id, name=R.uname(unit), terr=R.tname(state, a.tid),
                               **R.carried(unit)))
            return
        state.pending = Pending(kind="approve", seat=owner, by=seat, what="move", unit=unit.id, target=a.tid)
        ev.append(R.public("conflict.ev.ask_move", player=state.players[seat].name, unit=unit.id,
                               terr=R.tname(state, a.tid), owner=state.players[owner].name))

    def _do_maintain(self, state, seat, a, ev):
        R.spend(state, seat, a.card)
        t = state.territories[a.tid]
        t.dur += 1
        ev.append(R.public("conflict.ev.maintained", player=state.players[seat].name, terr=R.tname(state, t.id),
                           dur=t.dur, max=t.max))

    def _do_retreat(self, state, seat, a, ev):
        R.spend(state, seat, a.card)
        unit = state.units[a.unit]
        home = R.fallback(state, seat)
        R.relocate(state, unit, home)
        ev.append(R.public("conflict.ev.retreat", unit=unit.id, to=R.tname(state, home), **R.carried(unit)))

    # each half of a trade has its line (the first half posted the board alone): the price comes next
    def _do_sell(self, state, seat, a, ev):
        R.spend(state, seat, a.card)
        state.pending = Pending(kind="price", seat=seat, by=seat, other=a.seat, what="sell", unit=a.unit)
        ev.append(R.public("conflict.ev.sell_start", player=state.players[seat].name, other=state.players[a.seat].name,
                           unit=a.unit, name=R.uname(state.units[a.unit])))

    def _do_buy(self, state, seat, a, ev):
        R.spend(state, seat, a.card)
        owner = state.units[a.unit].owner
        state.pending = Pending(kind="price", seat=seat, by=seat, other=owner, what="buy", unit=a.unit)
        ev.append(R.public("conflict.ev.buy_start", player=state.players[seat].name, other=state.players[owner].name,
                           unit=a.unit, name=R.uname(state.units[a.unit])))

    def _do_price(self, state, seat, a, ev):
        pend = state.pending
        unit = state.units[pend.unit]
        what = "buy_offer" if pend.what == "sell" else "sell_offer"  # what the other side is asked
        state.pending = Pending(kind="approve", seat=pend.other, by=seat, what=what, unit=unit.id, price=a.amount)
        ev.append(R.public(f"conflict.ev.{pend.what}_offer", player=state.players[seat].name,
                               other=state.players[pend.other].name, unit=unit.id, name=R.uname(unit), price=a.amount))

    def _do_yes(self, state, seat, a, ev):
        pend = state.pending
        state.pending = None
        if pend.what == "move":
            unit = state.units.get(pend.unit)
            if unit is not None:
                R.relocate(state, unit, pend.target)
            ev.append(R.public("conflict.ev.move_ok", unit=pend.unit, terr=R.tname(state, pend.target),
                               **(R.carried(unit) if unit is not None else {})))
        elif pend.what in ("buy_offer", "sell_offer"):
            unit = state.units[pend.unit]
            buyer = seat if pend.what == "buy_offer" else pend.by
            seller = unit.owner
            state.players[buyer].res -= pend.price
            state.players[seller].res += pend.price
            if unit.id in state.players[seller].evading:
                state.players[seller].evading.remove(unit.id)
            unit.owner = buyer
            R.relocate(state, unit, R.fallback(state, buyer))
            ev.append(R.public("conflict.ev.traded", unit=unit.id, name=R.uname(unit), buyer=state.players[buyer].name,
                                   seller=state.players[seller].name, price=pend.price, **R.carried(unit)))
        elif pend.what == "pact":
            aid = f"a{state.next_id}"
            state.next_id += 1
            state.agreements.append(m.Agreement(id=aid, a=pend.by, b=seat, terms=list(pend.terms)))
            ev.append(R.public("conflict.ev.pact", id=aid, a=state.players[pend.by].name, b=state.players[seat].name,
                                   terms=list(pend.terms)))

    def _do_no(self, state, seat, a, ev):
        pend = state.pending
        state.pending = None
        ev.append(R.public("conflict.ev.refused", player=state.players[seat].name, what=f"@conflict.req.{pend.what}"))

    # strategy cards
    def _do_withdraw(self, state, seat, a, ev):
        R.spend(state, seat, a.card)
        home = R.fallback(state, seat)
        for u in list(state.units.values()):
            if u.owner == seat and u.riding is None and state.territories[u.loc].owner != seat:
                R.relocate(state, u, home)
                ev.append(R.public("conflict.ev.retreat", unit=u.id, to=R.tname(state, home), **R.carried(u)))

    def _do_evade(self, state, seat, a, ev):
        R.spend(state, seat, a.card)
        state.players[seat].evading.append(a.unit)
        ev.append(R.public("conflict.ev.evade", unit=a.unit, player=state.players[seat].name))

    def _do_pact(self, state, seat, a, ev):
        R.spend(state, seat, a.card)
        state.pending = Pending(kind="draft", seat=seat, by=seat, other=a.seat)
        ev.append(R.public("conflict.ev.draft", player=state.players[seat].name, other=state.players[a.seat].name))

    def _do_term(self, state, seat, a, ev):
        state.pending.terms.append(a.text)  # the draft's terms are public (the pending view shows them)
        ev.append(R.public("conflict.ev.term", player=state.players[seat].name, terms=[a.text]))

    def _do_propose(self, state, seat, a, ev):
        pend = state.pending
        state.pending = Pending(kind="approve", seat=pend.other, by=seat, what="pact", terms=list(pend.terms))
        ev.append(R.public("conflict.ev.propose", player=state.players[seat].name,
                               other=state.players[pend.other].name, terms=list(pend.terms)))

    def _do_breakpact(self, state, seat, a, ev):
        R.spend(state, seat, a.card)
        broken = next(g for g in state.agreements if g.id == a.agreement)
        state.agreements.remove(broken)
        other = broken.b if broken.a == seat else broken.a  # the line names the agreement by its party and terms
        ev.append(R.public("conflict.ev.broken", id=a.agreement, player=state.players[seat].name,
                           other=state.players[other].name, terms=list(broken.terms)))

    def _do_spy(self, state, seat, a, ev):
        R.spend(state, seat, a.card)
        target = state.players[a.seat]
        hand = [R.cdef(c.key).name for c in target.hand]
        hidden = [f"{u.id}" for u in state.units.values() if u.owner == a.seat and not u.up]
        hidden_names = [R.uname(u) for u in state.units.values() if u.owner == a.seat and not u.up]
        for secret in [c.id for c in target.hand] + [u.mask for u in state.units.values()
                                                      if u.owner == a.seat and not u.up]:
            knowers = state.known.setdefault(secret, [])
            if seat not in knowers:
                knowers.append(seat)
        ev.append(R.public("conflict.ev.spy", player=state.players[seat].name, target=target.name))
        ev.append(Event.private(seat, "conflict.ev.spy_report", target=target.name, hand=hand or "-",
                                units=", ".join(hidden) or "-", names=hidden_names or "-"))

    def _do_blockade(self, state, seat, a, ev):
        R.spend(state, seat, a.card)
        state.players[a.seat].blockaded = True
        state.players[seat].no_attack_until = a.seat
        ev.append(R.public("conflict.ev.blockade", player=state.players[seat].name, target=state.players[a.seat].name))

    def _do_recall(self, state, seat, a, ev):
        R.spend(state, seat, a.card)
        state.discard.remove(a.key)
        card = R.give(state, seat, a.key, known_by=R.everyone(state))  # the table saw it taken
        ev.append(R.public("conflict.ev.recall", player=state.players[seat].name, name=R.cdef(a.key).name))
        ev.append(Event.private(seat, "conflict.ev.got_card", name=R.cdef(a.key).name, card=card.id))

    def _do_aid(self, state, seat, a, ev):
        R.spend(state, seat, a.card)
        knew = state.known.get(a.gift, [])
        gift = R.take_card(state, seat, a.gift)
        card = R.give(state, a.seat, gift.key, known_by=[seat, *knew])
        ev.append(R.public("conflict.ev.aid", player=state.players[seat].name, target=state.players[a.seat].name))
        ev.append(Event.private(a.seat, "conflict.ev.got_card", name=R.cdef(gift.key).name, card=card.id))

    def _do_airdrop(self, state, seat, a, ev):
        R.spend(state, seat, a.card)
        unit = state.units[a.unit]
        R.relocate(state, unit, a.tid)
        ev.append(R.public("conflict.ev.airdrop", unit=unit.id, name=R.uname(unit), terr=R.tname(state, a.tid),
                           **R.carried(unit)))

    def _do_wreck(self, state, seat, a, ev):
        R.spend(state, seat, a.card)
        target = state.players[a.seat]
        if a.what == "hand":
            lost = target.hand.pop(state.rng.randint(0, len(target.hand) - 1))
            key = lost.key
        else:
            key, target.upgrade = target.upgrade, None
        state.discard.append(key)
        ev.append(R.public("conflict.ev.wreck", player=state.players[seat].name, target=target.name,
                               name=R.cdef(key).name))

    # battle
    def _do_attack(self, state, seat, a, ev):
        R.spend(state, seat, a.card)
        state.assault = True
        ev.append(R.public("conflict.ev.attack", player=state.players[seat].name))

    def _do_halt(self, state, seat, a, ev):
        state.assault = False
        ev.append(R.public("conflict.ev.halt", player=state.players[seat].name))

    def _do_strike(self, state, seat, a, ev):
        unit = state.units[a.unit]
        unit.strikes += 1
        R.note_attack(state, seat, ev)
        target_owner = (state.units[a.target].owner if a.target in state.units else state.territories[a.target].owner)
        tname = R.uname(state.units[a.target]) if a.target in state.units else R.tname(state, a.target)
        ev.append(R.public("conflict.ev.strike", unit=unit.id, name=R.uname(unit), target=a.target, tname=tname))
        pend = Pending(kind="react", seat=target_owner, by=seat, what="strike", unit=unit.id, target=a.target)
        if L.may_react(state, pend):
            state.pending = pend
            return
        self._resolve_strike(state, seat, unit.id, a.target, ev)

    def _resolve_strike(self, state, seat, uid, target, ev):
        if target in state.territories:
            R.damage_territory(state, target, 1, seat, ev)
            return
        state.pending = Pending(kind="combat", by=seat, other=state.units[target].owner, unit=uid, target=target,
                                tok_by=state.rng.token("k"), tok_other=state.rng.token("k"))
        ev.append(R.public("conflict.ev.combat", a=uid, b=target, a_name=R.seen_name(state.units[uid]),
                           b_name=R.seen_name(state.units[target])))

    def _do_allow(self, state, seat, a, ev):
        pend = state.pending
        state.pending = None
        if pend.what == "strike":
            self._resolve_strike(state, pend.by, pend.unit, pend.target, ev)
        else:
            self._resolve_special(state, pend, ev)

    def _do_void(self, state, seat, a, ev):
        pend = state.pending
        state.pending = None
        state.players[seat].res -= 1 if pend.what == "strike" else pend.cost
        ev.append(R.public("conflict.ev.voided", player=state.players[seat].name, what=f"@conflict.req.{pend.what}"))

    def _do_deflect(self, state, seat, a, ev):
        pend = state.pending
        state.pending = None
        R.spend(state, seat, a.card)
        ev.append(R.public("conflict.ev.deflected", old=pend.target, new=a.unit))
        self._resolve_strike(state, pend.by, pend.unit, a.unit, ev)

    def _do_escape(self, state, seat, a, ev):
        pend = state.pending
        state.pending = None
        R.spend(state, seat, a.card)
        unit = state.units[pend.target]
        home = R.fallback(state, seat)
        R.relocate(state, unit, home)
        ev.append(R.public("conflict.ev.escaped", unit=unit.id, to=R.tname(state, home), **R.carried(unit)))

    def _do_lay(self, state, seat, a, ev):
        pend = state.pending
        cards = [] if a.cards == "none" else list(a.cards)
        if seat == pend.by and pend.lay_by is None:
            pend.lay_by = cards
            tok = pend.tok_by
        else:
            pend.lay_other = cards
            tok = pend.tok_other
        ev.append(R.public("conflict.ev.laid", player=state.players[seat].name, count=len(cards)))
        ev.append(Event.private(seat, "conflict.ev.laid_you", cards=a.cards, tok=tok))
        if pend.lay_by is not None and pend.lay_other is not None:
            self._fight(state, ev)

    def _fight(self, state: ConflictState, ev: list[Event]) -> None:
        """Reveal pair by pair from the attacker's left and apply the combat table."""
        pend = state.pending
        state.pending = None
        att, dfd = state.units[pend.unit], state.units[pend.target]
        if len(pend.lay_by) == 4:
            state.players[pend.by].res -= 1  # 核动力炉: the fourth card costs a resource card
        terms = dict(zip(("pa", "ga"), R.strength_terms(state, att, "attack")))
        terms.update(zip(("pd", "gd"), R.strength_terms(state, dfd, "defend")))
        pa, ga, pd, gd = (R.total(terms[k]) for k in ("pa", "ga", "pd", "gd"))
        ev.append(R.public("conflict.ev.reveal", a=att.id, b=dfd.id, cards_a="".join(pend.lay_by) or "-",
                               cards_b="".join(pend.lay_other) or "-", a_name=R.seen_name(att), b_name=R.seen_name(dfd),
                               pa=pa, ga=ga, pd=pd, gd=gd,  # the strengths the table compares (Attack v Defend)
                               terms={k: [list(term) for term in v] for k, v in terms.items()}))  # and what makes each
        shield = {}
        for u in (att, dfd):
            if R.has_up(state, u.owner, "aegis"):
                heads = R.roll_coin(state, state.players[u.owner].name, "@conflict.card.aegis", ev)
                shield[u.id] = 1 if heads else 0
        for i in range(max(len(pend.lay_by), len(pend.lay_other))):
            x = pend.lay_by[i] if i < len(pend.lay_by) else None
            y = pend.lay_other[i] if i < len(pend.lay_other) else None
            dx, dy = R.slot_result(x, y, pa, ga, pd, gd)
            hpa, hpb = att.hp, dfd.hp
            why = []  # "ability unit": what changed the table's number (the line names it, with its effect)
            cancelled = []  # per side, the point Aegis cancelled (the line says it with the damage)
            for u, card, d, foe, foe_card in ((att, x, dx, dfd, y), (dfd, y, dy, att, x)):
                medic = d < 0 and "medic" in R.abilities(state, u)
                if medic:
                    d = -2
                blast = d > 0 and foe_card == "S" and "demolition" in R.abilities(state, foe)
                if blast:
                    d += 1
                aegis = d > 0 and shield.get(u.id)
                if aegis:
                    shield[u.id] = 0
                    d -= 1
                hp = max(0, min(R.BATTLE_HP, u.hp - d))
                # an ability is named where it changed the durability left (a Medic at full, not)
                if medic and hp != min(R.BATTLE_HP, u.hp + 1):
                    why.append(f"medic {u.id}")
                if blast and (aegis or hp != max(0, u.hp - d + 1)):
                    why.append(f"demolition {foe.id}")
                cancelled.append(1 if aegis else 0)
                u.hp = hp
            ev.append(R.public("conflict.ev.pair", n=i + 1, x=f"@conflict.word.{x or 'none'}",
                               y=f"@conflict.word.{y or 'none'}", hpa=att.hp, hpb=dfd.hp,
                               da=att.hp - hpa, db=dfd.hp - hpb, why=why, ca=cancelled[0], cb=cancelled[1]))
            if att.hp == 0 or dfd.hp == 0:
                break
        dooms = [u.id for u in (dfd, att) if u.hp == 0]
        if dooms:
            self._next_doom(state, dooms, pend.by, pend.other, ev)

    # 撤退: emergency retreat by the owner, assisted retreat by anyone else (not the killer)
    def _next_doom(self, state, dooms, attacker, defender, ev):
        while dooms:
            uid = dooms.pop(0)
            if uid not in state.units:
                continue
            unit = state.units[uid]
            killer = defender if unit.owner == attacker else attacker
            order = [(unit.owner + k) % state.n for k in range(state.n)]
            # asked: everyone who might help by what the table sees (resources, or any card in
            # hand that could be a retreat card), not by the cards they hold (issue 17)
            queue = [s for s in order if state.players[s].alive and s != killer
                     and (state.players[s].hand or state.players[s].res >= 1)]
            if queue and R.fallback(state, unit.owner) and R.fallback(state, unit.owner) != unit.loc:
                state.pending = Pending(kind="doom", seat=queue[0], queue=queue[1:], unit=uid, dooms=dooms,
                                        by=attacker, other=defender, killer=killer)
                ev.append(R.public("conflict.ev.doomed", unit=uid, name=R.uname(unit), asked=state.players[queue[0]].name,
                                   own=queue[0] == unit.owner))  # the owner saves its own unit: no "help"
                return
            self._destroy_in_combat(state, uid, killer, ev)

    def _destroy_in_combat(self, state, uid, killer, ev):
        unit = state.units[uid]
        tid = unit.loc
        R.remove_unit(state, uid, ev)
        if R.has_up(state, killer, "satellite") and state.territories[tid].owner != killer \
                and state.players[state.territories[tid].owner].alive:
            R.damage_territory(state, tid, 1, killer, ev)  # 战略卫星

    # each answer to the rescue has its line: the table sees the hand or the resources drop anyway
    def _do_cover(self, state, seat, a, ev):
        pend = state.pending
        R.take_card(state, seat, a.card)
        pend.paid_card = True
        pend.gifts.append([seat, "card"])
        ev.append(R.public("conflict.ev.cover", player=state.players[seat].name, unit=pend.unit))
        self._doom_check(state, ev)

    def _do_fund(self, state, seat, a, ev):
        pend = state.pending
        state.players[seat].res -= 1
        pend.paid_res = True
        pend.gifts.append([seat, "res"])
        ev.append(R.public("conflict.ev.fund", player=state.players[seat].name, unit=pend.unit))
        self._doom_check(state, ev)

    def _doom_check(self, state, ev):
        pend = state.pending
        if not (pend.paid_card and pend.paid_res):
            return
        unit = state.units[pend.unit]
        state.discard.append("retreat")
        helpers = sorted({g[0] for g in pend.gifts} - {unit.owner})
        home = R.fallback(state, unit.owner)
        R.relocate(state, unit, home)
        unit.hp = 1
        ev.append(R.public("conflict.ev.saved", unit=unit.id, to=R.tname(state, home), **R.carried(unit),
                               helpers=[state.players[h].name for h in helpers] or "-"))
        killer = pend.killer
        if R.has_up(state, killer, "tracker") and state.players[unit.owner].hand:
            stolen = state.players[unit.owner].hand.pop(state.rng.randint(0, len(state.players[unit.owner].hand) - 1))
            card = R.give(state, killer, stolen.key, known_by=[unit.owner, *state.known.get(stolen.id, ())])
            ev.append(R.public("conflict.ev.tracked", player=state.players[killer].name,
                                   target=state.players[unit.owner].name))
            ev.append(Event.private(killer, "conflict.ev.got_card", name=R.cdef(stolen.key).name, card=card.id))
        state.pending = None
        self._next_doom(state, list(pend.dooms), pend.by, pend.other, ev)

    def _do_pass(self, state, seat, a, ev):
        pend = state.pending
        ev.append(R.public("conflict.ev.pass", player=state.players[seat].name, unit=pend.unit,
                           own=pend.unit in state.units and state.units[pend.unit].owner == seat))
        if pend.queue:
            pend.seat = pend.queue.pop(0)
            return
        for s, what in pend.gifts:  # an incomplete rescue gives back what was offered
            if what == "card":
                R.give(state, s, "retreat", known_by=R.everyone(state))  # the table saw it given
            else:
                state.players[s].res += 1
        state.pending = None
        self._destroy_in_combat(state, pend.unit, pend.killer, ev)
        if state.pending is None and state.phase != "over":
            self._next_doom(state, list(pend.dooms), pend.by, pend.other, ev)

    # special attacks (算作攻击)
    def _special(self, state, seat, a, ev, target_seat: int | None, discarded: int = 0, **extra):
        key = R.spend(state, seat, a.card)
        cost = R.special_cost(state, seat, key)
        state.players[seat].res -= cost
        R.note_attack(state, seat, ev)
        where = {"terr": R.tname(state, extra["target"])} if extra.get("target") in state.territories else {}
        # what it cost, said (the H-U Bomb's whole hand went without a word)
        ev.append(R.public("conflict.ev.special", player=state.players[seat].name, name=R.cdef(key).name,
                           target=state.players[target_seat].name if target_seat is not None else "-", cost=cost,
                           discarded=discarded, **where))
        pend = Pending(kind="react", seat=target_seat if target_seat is not None else seat, by=seat, what=key,
                       cost=cost, **extra)
        if target_seat is not None and L.may_react(state, pend):
            state.pending = pend
            return
        self._resolve_special(state, pend, ev)

    def _do_hbomb(self, state, seat, a, ev):
        p = state.players[seat]
        state.discard += [c.key for c in p.hand if c.id != a.card]
        discarded = len(p.hand) - 1
        p.hand = [c for c in p.hand if c.id == a.card]  # 氢铀弹: discard the whole hand
        self._special(state, seat, a, ev, state.territories[a.tid].owner, discarded=discarded, target=a.tid)

    def _do_neutron(self, state, seat, a, ev):
        self._special(state, seat, a, ev, state.territories[a.tid].owner, target=a.tid)

    def _do_smite(self, state, seat, a, ev):
        self._special(state, seat, a, ev, a.seat, other=a.seat)

    def _do_emp(self, state, seat, a, ev):
        self._special(state, seat, a, ev, a.seat, other=a.seat)

    def _do_hack(self, state, seat, a, ev):
        self._special(state, seat, a, ev, a.seat, other=a.seat)

    def _do_plague(self, state, seat, a, ev):
        self._special(state, seat, a, ev, None)

    def _do_assassinate(self, state, seat, a, ev):
        self._special(state, seat, a, ev, state.units[a.target].owner, unit=a.unit, target=a.target, price=0,
                      terms=[a.tid])

    def _nuke_source(self, state, seat):
        """灾难之源: every nuclear hit after the first counts as the holder's."""
        holder = next((s for s, p in enumerate(state.players) if "doom" in p.achievements), None)
        return holder if holder is not None else seat

    def _resolve_special(self, state: ConflictState, pend: Pending, ev: list[Event]) -> None:
        seat, key = pend.by, pend.what
        if key in ("hbomb", "neutron") and state.n >= 3 and not any("doom" in p.achievements for p in state.players):
            R.award(state, seat, "doom", ev)
        if key == "hbomb":
            tid = pend.target
            terr = state.territories[tid]
            owner = terr.owner
            source = self._nuke_source(state, seat)
            # why it leaves the map, before the units it takes along; and, where Nuclear Doomsday
            # can be won (three players or more), whose count it adds to, and how far it stands
            ev.append(R.public("conflict.ev.wiped_out", terr=content().territories[terr.key].name,
                               by=state.players[seat].name, player=state.players[source].name,
                               count=len(state.players[source].nuked) + 1, left=len(state.territories) - 1,
                               goal=state.n >= 3))
            self._wipe(state, tid, ev, spare_evading=True)
            R.detach(state, tid)
            del state.territories[tid]
            state.players[source].nuked.append(terr.key)
            if R.terr_count(state, owner) == 0:
                R.eliminate(state, owner, source, ev, "hbomb")
            self._check_doomsday(state, source, ev)
        elif key == "neutron":
            before = len(ev)
            self._wipe(state, pend.target, ev, spare_evading=False)
            if len(ev) == before:  # the table would read the bomb and nothing after it
                ev.append(R.public("conflict.ev.wiped_none", terr=R.tname(state, pend.target)))
        elif key == "smite":
            state.pending = Pending(kind="smite", seat=seat, by=seat, other=pend.other, points=4)
        elif key == "emp":
            state.players[pend.other].emp = True
            ev.append(R.public("conflict.ev.emp", target=state.players[pend.other].name))
        elif key == "hack":
            state.players[pend.other].hacked = True
            ev.append(R.public("conflict.ev.hacked", target=state.players[pend.other].name))
        elif key == "plague":
            for s in R.alive(state):
                cap = state.players[s].capital
                if cap:
                    t = state.territories[cap]
                    t.dur = max(1, t.dur - 1)  # bio plague wears a capital down but takes none
                    ev.append(R.public("conflict.ev.terr_damage", terr=R.tname(state, cap), dur=t.dur, max=t.max))
        elif key == "assassinate":
            killer = state.units[pend.unit]
            R.relocate(state, killer, pend.terms[0])
            victim = state.units.get(pend.target)
            heads = R.roll_coin(state, state.players[seat].name, "@conflict.card.assassinate", ev)
            if heads and victim is not None and not R.is_evading(state, victim):
                R.remove_unit(state, victim.id, ev)
            else:
                ev.append(R.public("conflict.ev.missed", unit=pend.target))

    def _wipe(self, state, tid, ev, spare_evading):
        """Every unit on a territory is destroyed, crews inside vehicles too; units under
        tactical evasion are spared (an evading unit on a vanishing territory goes home)."""
        for uid in [u.id for u in state.units.values() if u.loc == tid]:
            u = state.units.get(uid)
            if u is None:
                continue
            if R.is_evading(state, u):
                home = R.fallback(state, u.owner)
                if not spare_evading:  # said: the unit stands there still, where every other one fell
                    ev.append(R.public("conflict.ev.spared", unit=u.id))
                    continue
                if home not in (None, tid):  # out of its vehicle first: the vehicle goes with the territory
                    if u.riding is not None:
                        state.units[u.riding].rider, u.riding = None, None
                    R.relocate(state, u, home)
                    ev.append(R.public("conflict.ev.evaded_home", unit=u.id, to=R.tname(state, home), **R.carried(u)))
                    continue
            R.remove_unit(state, uid, ev, crew_line=False)  # a crew is destroyed or spared in its own line

    def _check_doomsday(self, state, seat, ev):
        """核末日: bombs credited to you removed as many territories as remain on the board."""
        if state.n >= 3 and state.winner is None and len(state.players[seat].nuked) >= len(state.territories):
            R.win(state, seat, "doomsday", ev)

    def _do_hit(self, state, seat, a, ev):
        pend = state.pending
        pend.points -= 1
        target = pend.other
        if pend.points == 0 or R.terr_count(state, target) == 0:
            state.pending = None
        R.damage_territory(state, a.tid, 1, seat, ev, via="smite")
        if state.pending is pend and (not state.players[target].alive or not L.smite_targets(state, target)):
            state.pending = None

    def _do_claim(self, state, seat, a, ev):
        key = state.terr_deck.pop()
        state.terr_known = min(state.terr_known, len(state.terr_deck))
        terr = R.new_terr(state, key, seat, half=True)
        R.place_outer(state, seat, terr.id)
        ev.append(R.public("conflict.ev.claim", player=state.players[seat].name, terr=R.tname(state, terr.id),
                               dur=terr.dur))
        self._leave_battle(state)

    def _do_bequeath(self, state, seat, a, ev):
        p = state.players[seat]
        for c in p.hand:
            R.give(state, a.seat, c.key, known_by=[seat, *state.known.get(c.id, ())])
        if p.upgrade:
            R.give(state, a.seat, p.upgrade, known_by=R.everyone(state))  # a fitting is face up
        state.players[a.seat].res += p.res
        ev.append(R.public("conflict.ev.bequeath", player=p.name, heir=state.players[a.seat].name,
                               count=len(p.hand) + bool(p.upgrade), res=p.res))
        p.hand, p.upgrade, p.res = [], None, 0
        state.pending = None
        heir = state.players[a.seat]
        if "antipeace" in heir.achievements and state.winner is None:
            R.crown_boss(state, a.seat, ev)
        R.finish_elimination(state, seat, ev)

    def _do_nobody(self, state, seat, a, ev):
        self._decline_bequest(state, seat, ev)

    @staticmethod
    def _decline_bequest(state, seat, ev):
        """失败者 "*可*将所有牌交给指定一人": may, so declining (by the menu or by conceding) is allowed
        and the cards are discarded."""
        p = state.players[seat]
        ev.append(R.public("conflict.ev.bequeath_none", player=p.name, count=len(p.hand) + bool(p.upgrade), res=p.res))
        state.pending = None
        R.finish_elimination(state, seat, ev)

    def _leave_battle(self, state):
        state.phase = "post"
        state.assault = False
        if state.fought:  # else no unit fought: all are at full durability (see R.reset_hp)
            R.reset_hp(state)

    def _do_next(self, state, seat, a, ev):
        name = state.players[seat].name  # every phase ended has its line (the board alone said nothing)
        if state.phase == "develop":
            state.phase = "battle"  # every unit is at full durability already (see R.reset_hp)
            ev.append(R.public("conflict.ev.next_battle", player=name))
        elif state.phase == "battle":
            self._leave_battle(state)
            ev.append(R.public("conflict.ev.next_post", player=name))
        else:
            limit = R.hand_limit(state, seat)
            if limit is not None and len(state.players[seat].hand) > limit:
                state.phase = "end"
                ev.append(R.public("conflict.ev.next_end", player=name, cards=len(state.players[seat].hand),
                                   limit=limit))
            else:
                ev.append(R.public("conflict.ev.next_turn", player=name))
                self._end_turn(state, ev)

    def _do_discard(self, state, seat, a, ev):
        names = [R.cdef(R.spend(state, seat, card)).name for card in a.cards.split(",")]
        ev.append(R.public("conflict.ev.discard", player=state.players[seat].name, names=names))
        limit = R.hand_limit(state, seat)
        if limit is None or len(state.players[seat].hand) <= limit:
            self._end_turn(state, ev)

    def _end_turn(self, state, ev):
        """R.end_turn, keeping the new turn seat's units (from start_turn's pass over every
        unit) for the turn's first listing (see _kept_units)."""
        units = R.end_turn(state, ev)
        if units is not None:
            self._kept_units = (state, state.turn, units, None, None, None)

    # --- end of the game ---------------------------------------------------------------------
    def outcome(self, state: ConflictState) -> Outcome | None:
        if state.phase != "over":
            return None
        n = state.n
        if state.winner is not None:
            w = state.winner
            order = [w] + self._standing(state, exclude=w)
            reason = "conflict.outcome"
            return Outcome(winners=[w], ranks=self._ranks(order, n), reason=reason,
                           params={"name": state.players[w].name, "goal": f"@conflict.goal.{state.win_reason}"})
        order = self._standing(state)  # the round cap: tie-break of RULES.md
        # the goal names the tie-break that decided ("most territories" read wrong at 5 · 5 · 5)
        decided = 0
        if len(R.alive(state)) > 1:  # the first two of the order are living players
            first, second = self._standing_key(state, order[0]), self._standing_key(state, order[1])
            decided = next(i for i in range(4) if first[i] != second[i])  # the seats differ at the last
        goal = ("cap", "cap_durability", "cap_resources", "cap_seat")[decided]
        return Outcome(winners=[order[0]], ranks=self._ranks(order, n), reason="conflict.outcome",
                       params={"name": state.players[order[0]].name, "goal": f"@conflict.goal.{goal}"},
                       scores=[float(R.terr_count(state, s)) for s in range(n)])

    @staticmethod
    def _standing_key(state: ConflictState, s: int) -> tuple[int, int, int, int]:
        """The round cap's order: territories, total durability, resources, seat."""
        own = [state.territories[t] for row in state.players[s].rows for t in row]
        return (-len(own), -sum(t.dur for t in own), -state.players[s].res, s)

    def _standing(self, state: ConflictState, exclude: int | None = None) -> list[int]:
        """Living players by territories, total durability, resources, seat; then the fallen,
        the last to fall first."""
        living = [s for s in R.alive(state) if s != exclude]
        fallen = [s for s in reversed(state.out_order) if s != exclude]
        rest = [s for s in range(state.n) if s not in living and s not in fallen and s != exclude]
        return sorted(living, key=lambda s: self._standing_key(state, s)) + fallen + rest

    @staticmethod
    def _ranks(order: list[int], n: int) -> list[int]:
        ranks = [0] * n
        for i, s in enumerate(order):
            ranks[s] = i + 1
        return ranks

    def resign(self, state: ConflictState, seat: int) -> Step:
        self.invalidate(state)
        p = state.players[seat]
        pend = state.pending
        if pend is not None and pend.kind == "bequeath" and pend.seat == seat:
            # out already: conceding at the heir prompt (or the prompt's time running out) declines,
            # and the table reads the decline, never "conceded" for a player who gave nothing up
            events: list[Event] = []
            self._decline_bequest(state, seat, events)
            self._after(state, events)
            return Step(state=state, events=events)
        events = [R.public("core.outcome.resign", name=p.name)]
        if not p.alive or state.phase == "over":
            return Step(state=state, events=events)
        p.alive = False
        p.out = "resigned"
        state.out_order.append(seat)
        pend = state.pending
        if pend is not None and (seat in (pend.seat, pend.by, pend.other) or pend.kind == "doom"):
            state.pending = None
            if pend.kind == "doom":
                for s, what in pend.gifts:
                    if what == "card":
                        R.give(state, s, "retreat", known_by=R.everyone(state))
                    else:
                        state.players[s].res += 1
        elif pend is not None and seat in pend.queue:
            pend.queue.remove(seat)
        for uid in [u.id for u in state.units.values() if u.owner == seat]:
            if uid in state.units:
                R.remove_unit(state, uid, events, crew_line=False)  # its crews are the seat's, removed here too
        lands = list(dict.fromkeys([t for row in p.rows for t in row] + p.dealt))
        if state.phase != "setup" and lands and len(R.alive(state)) >= 2:  # the board loses them: said, with why
            events.append(R.public("conflict.ev.lands_returned", player=p.name,
                                   terrs=[R.tname(state, tid) for tid in lands]))
        for tid in lands:
            R.evict(state, tid, seat, events)
            state.terr_deck.insert(0, state.territories[tid].key)
            if state.phase != "setup":  # the table saw it on the board (in the opening it was secret)
                state.terr_known += 1
            del state.territories[tid]
        p.rows, p.capital, p.offer, p.dealt = [], None, [], []
        R.finish_elimination(state, seat, events)
        if state.phase == "setup":
            if state.winner is None and all(q.ready for q in state.players if q.alive):
                self._begin(state, events)
            return Step(state=state, events=events)
        if state.winner is None and state.phase != "over" and state.turn == seat:
            state.assault = False
            state.pending = None
            R.end_turn(state, events)
        return Step(state=state, events=events)

    # --- what each seat sees -----------------------------------------------------------------
    def view(self, state: ConflictState, seat: int | None) -> dict[str, Any]:
        """Compact on purpose (lists, not dicts): views are built for every seat after every
        step. terrs: id -> [key, owner, dur, max]; units: one string each, "id owner loc up hp
        key rider riding number [mask]" with key "?" when hidden from this seat, "-" for none,
        the number its label shows (Unit.no face up, Unit.down face down) and the mask only on
        the seat's own face-down units (read them with present.units_of)."""
        setup = state.phase == "setup"
        players = []
        for s, p in enumerate(state.players):
            mine = seat == s
            known = not setup or mine
            entry = {
                "name": p.name, "alive": p.alive, "out": p.out, "faction": p.faction if known else None,
                "capital": p.capital if known else None, "rows": p.rows if known else [], "res": p.res,
                "hand": len(p.hand), "upgrade": p.upgrade, "ach": p.achievements, "evading": p.evading,
                "flags": [f for f in ("blockaded", "emp", "hacked") if getattr(p, f)], "nuked": len(p.nuked),
            }
            if mine and setup:
                entry["offer"] = p.offer
                entry["dealt"] = p.dealt
            players.append(entry)
        terrs = {t.id: [t.key, t.owner, t.dur, t.max] for t in state.territories.values()
                 if not setup or t.owner == seat}
        units = [f"{u.id} {u.owner} {u.loc} {int(u.up)} {u.hp} {u.key if (u.up or u.owner == seat) else '?'} "
                 f"{u.rider or '-'} {u.riding or '-'} {u.no if u.up else u.down}"
                 + (f" {u.mask}" if not u.up and u.owner == seat else "")
                 for u in state.units.values()]
        out: dict[str, Any] = {
            "phase": state.phase, "round": state.round, "max_rounds": state.max_rounds, "turn": state.turn,
            "first": state.first, "players": players, "terrs": terrs, "units": units, "assault": state.assault,
            "deck": len(state.deck), "discard": len(state.discard), "terr_deck": len(state.terr_deck),
            "agreements": [[a.id, a.a, a.b, a.terms] for a in state.agreements], "economy": R.economy_holder(state),
            "pending": self._pending_view(state, seat), "winner": state.winner,
        }
        if seat is not None and 0 <= seat < state.n:
            out["seat"] = seat
            out["hand"] = [[c.id, c.key] for c in state.players[seat].hand]
        return out

    def _pending_view(self, state: ConflictState, seat: int | None) -> dict[str, Any] | None:
        pend = state.pending
        if pend is None:
            return None
        out = {"kind": pend.kind, "seat": pend.seat, "by": pend.by, "other": pend.other, "what": pend.what,
               "unit": pend.unit, "target": pend.target, "price": pend.price, "terms": list(pend.terms),
               "points": pend.points}
        if pend.kind == "combat":
            out["laid_by"] = pend.lay_by is not None
            out["laid_other"] = pend.lay_other is not None
            if seat == pend.by and pend.lay_by is not None:
                out["my_lay"] = {"cards": "".join(pend.lay_by), "token": pend.tok_by}
            if seat == pend.other and pend.lay_other is not None:
                out["my_lay"] = {"cards": "".join(pend.lay_other), "token": pend.tok_other}
        return out

    def secrets(self, state: ConflictState) -> dict[int, set[str]]:
        out: dict[int, set[str]] = {s: {c.id for c in p.hand} for s, p in enumerate(state.players)}
        for u in state.units.values():
            if not u.up:
                out[u.owner].add(u.mask)
        pend = state.pending
        if pend is not None and pend.kind == "combat":
            if pend.lay_by is not None:
                out[pend.by].add(pend.tok_by)
            if pend.lay_other is not None:
                out[pend.other].add(pend.tok_other)
        return out

    def invariants(self, state: ConflictState) -> list[str]:
        problems = []
        listed = self._listed
        if listed is not None and listed.state is state:  # what the engine keeps equals a fresh listing
            if listed.flipped:
                kept = L.joined(L.relist_after_flip(state, listed.seat, listed.parts, listed.first, listed.units,
                                                    listed.unit, listed.memo))
                if kept != L.legal(state, listed.seat):
                    problems.append(f"the listing kept after a flip differs from a fresh one for seat {listed.seat}")
            elif listed.acts != L.legal(state, listed.seat):
                problems.append(f"the listing kept differs from a fresh one for seat {listed.seat}")
        kept = self._kept_units
        if kept is not None and kept[0] is state and list(map(id, kept[2])) != list(map(id, L.units_of(state, kept[1]))):
            problems.append(f"the units kept for seat {kept[1]} differ from a fresh list")
        if kept is not None and kept[0] is state and kept[3] is not None and kept[3] != L.flips_of(kept[2]):
            problems.append(f"the flips kept for seat {kept[1]} differ from fresh ones")
        if kept is not None and kept[0] is state and kept[4] is not None \
                and list(map(id, kept[4])) != list(map(id, L.vehicles_of(L.units_of(state, kept[1])))):
            problems.append(f"the vehicles kept for seat {kept[1]} differ from a fresh list")
        if kept is not None and kept[0] is state and kept[5] is not None \
                and list(map(id, kept[5])) != list(map(id, L._abroad(state, kept[1], L.units_of(state, kept[1])))):
            problems.append(f"the units abroad kept for seat {kept[1]} differ from a fresh list")
        before = self._before_battle
        if before is not None and before.state is state:  # the listing kept for the post phase
            if state.phase not in ("battle", "post") or before.acts != L.joined(L.develop_parts(state, before.seat)[0]):
                problems.append(f"the listing kept through the battle differs from a fresh one for seat {before.seat}")
        total = sum(c.count for c in content().cards.values())
        held = len(state.deck) + len(state.discard) + sum(len(p.hand) + bool(p.upgrade) for p in state.players)
        held += len(state.units)
        pend = state.pending
        if pend is not None and pend.kind == "doom":
            held += sum(1 for _, w in pend.gifts if w == "card")
        if held != total:
            problems.append(f"cards {held} != {total}")
        for tid, t in state.territories.items():
            if state.players[t.owner].ready and state.players[t.owner].alive and not any(tid in r for r in state.players[t.owner].rows):
                problems.append(f"{tid} not in its owner's rows")
            if not 0 <= t.dur <= t.max:
                problems.append(f"{tid} durability {t.dur}/{t.max}")
        for p in state.players:
            if any(len(r) > 3 or not r for r in p.rows):
                problems.append(f"{p.name} has a bad row")
            if p.res < 0:
                problems.append(f"{p.name} has {p.res} resources")
        full = state.phase in ("develop", "post", "end") or (state.phase == "battle" and not state.fought)
        for u in state.units.values():
            if full and u.hp != R.BATTLE_HP:
                problems.append(f"{u.id} at durability {u.hp} outside a battle phase with a strike")
            if u.loc not in state.territories:
                problems.append(f"{u.id} stands on a missing territory")
            if not state.players[u.owner].alive:
                problems.append(f"{u.id} belongs to a fallen player")
        return problems

    def determinize(self, state: ConflictState, seat: int, rng: random.Random) -> ConflictState:
        from games.conflict.determinize import determinize
        return determinize(state, seat, rng)


# kind -> ConflictEngine._do_<kind>, found once rather than by name at every step
_HANDLERS = {kind: getattr(ConflictEngine, "_do_" + kind)
             for kind in (cls.model_fields["kind"].default for cls in m.ACTIONS)}
