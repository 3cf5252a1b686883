"""Frontline (前线): the engine class. Validation and legal actions live here; rules.py
does the resolving."""
from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from games.core import Engine, Event, GameRng, Outcome, RuleError, Seat, Step
from games.core.events import private_event, public_event, step_of

from . import rules as R
from .rules import UNIT_TYPE
from .cards import CARDS, DECK_SIZE, deck_code, load_presets, parse_deck
from .state import (
    ACTIONS, FRONT_SIZE, MAX_TURNS, SUPPORT_SIZE, Attack, ChooseDeck, DeckCard, Deploy, EndTurn, FrontlineAction,
    FrontlineOptions, FrontlineState, HandCard, Keep, Move, PlayOrder, Player, SetCounter, STATE_JSON, Swap, Unit,
    blank,
)

OPENING = (4, 5)  # 1.3: first player 4 cards, second player 5


def _action(cls: type, *values: Any) -> FrontlineAction:
    """A new action of `cls`: `values` are the fields in code order; those left out keep their
    defaults. Made without validating known-good values again (ActionBase.unchecked;
    test_fast_paths compares every listed action with a validated one, field types included)."""
    return cls.unchecked(*values)


# Actions are frozen values: legal_actions reuses them instead of building thousands of equal
# objects per game (the random-playout hot loop). They are kept per action class and
# card or unit id, by their second value (a target, or `...` for an action without one): a
# lookup by one string in a plain dict costs a fraction of a cache keyed by all the values.
# Units' ids ("u7") come back in every game; each new card id still brings new actions.
_KEEP = 1024  # card or unit ids whose actions are kept, per action class: many tables' worth
_DEPLOYS, _ORDERS, _COUNTERS, _MOVES, _ATTACKS, _SWAPS = ({} for _ in range(6))
_END, _KEEP_HAND = _action(EndTurn), _action(Keep)


def _kept(kept: dict[str, dict[Any, FrontlineAction]], first: str) -> dict[Any, FrontlineAction]:
    """The actions kept for a card or unit id new to `kept` (all forgotten past _KEEP ids)."""
    if len(kept) >= _KEEP:
        kept.clear()
    made = kept[first] = {}
    return made


def _made(made: dict[Any, FrontlineAction], cls: type, first: str, second: Any = ...) -> FrontlineAction:
    """A new action of `cls` for `first` and `second` (`...`: none), kept in `made` (about one
    new action every decision: new card ids)."""
    action = made[second] = cls.unchecked(first) if second is ... else cls.unchecked(first, second)
    return action


@lru_cache(maxsize=None)  # a few ready-made decks
def _deck_action(name: str) -> ChooseDeck:
    return _action(ChooseDeck, name)


@lru_cache(maxsize=None)  # a few ready-made decks, parsed once instead of at every choice
def _preset_deck(name: str) -> tuple[str, str, tuple[str, ...], str]:
    main, ally, keys = parse_deck(load_presets()[name].code)
    return main, ally, tuple(keys), deck_code(main, ally, keys)


# what legal_actions reads of a hand card, per card key: kind, cost, target kind, condition
_PLAYS = {key: (card.kind, card.cost, card.target, card.condition) for key, card in CARDS.items()}
# target kinds that list the turn player's own units (a set: a tuple compares each string)
_FRIENDLY = frozenset({"friendly_unit", "any_unit"})


def _may_move(st: FrontlineState, u: Unit, seat: int) -> bool:
    """can_move past can_act and the kredits: not moved yet (a tank may still move after its
    attack), from the support line to a frontline that is empty or ours with a free place."""
    return (not u.moved and (u.attacks == 0 or R.UNIT_TYPE[u.key] == "tank")
            and st.front_owner in (None, seat) and len(st.front) < FRONT_SIZE and u.uid in st.players[seat].support)


def _may_attack(u: Unit) -> bool:
    """can_attack past can_act and the kredits: an attack value, attacks left (fury: two),
    and not moved unless a tank."""
    return (u.atk > 0 and u.attacks < (2 if "fury" in u.keywords else 1)
            and (not u.moved or R.UNIT_TYPE[u.key] == "tank"))


def _attack_targets(st: FrontlineState, seat: int, kind: str, in_front: bool, hq_ok: bool) -> list[str]:
    """What a unit of `seat` of this type attacks from where it stands (3.1, rulings): ranged
    units reach both enemy lines, the frontline reaches the enemy support line (and HQ), the
    support line only the enemy-held frontline. Smokescreen hides (3.3.2); a guard shields its
    neighbours (3.3.1) except from artillery and bombers; a bomber facing fighters in a line
    may attack only them, and enemy fighters in the support line keep it from the HQ."""
    units = st.units
    foe_support = st.players[1 - seat].support
    foe_front = st.front if st.front_owner == 1 - seat else ()
    if kind in R.RANGED:
        lines = (foe_support, foe_front)
    elif in_front:
        lines = (foe_support,)
    else:
        lines = (foe_front,)
        hq_ok = False
    guards_shield = kind != "artillery" and kind != "bomber"
    bomber = kind == "bomber"
    out: list[str] = []
    for uids in lines:
        for x in uids:  # nobody hidden, shielded, or left out by fighters: the whole line
            d = units[x]
            keywords = d.keywords
            if keywords and ("smokescreen" in keywords or (guards_shield and "guard" in keywords)):
                break
            if bomber and UNIT_TYPE[d.key] == "fighter":
                break
        else:
            out += uids
            continue
        line = []  # a loop: a comprehension would make `units` a cell at every call
        fighters = False
        for x in uids:
            d = units[x]
            line.append(d)
            if bomber and UNIT_TYPE[d.key] == "fighter":
                fighters = True
        guards = ["guard" in d.keywords for d in line] if guards_shield else []
        if True not in guards:
            guards = []  # no guard in the line: nobody shielded
        last = len(line) - 1
        for i, d in enumerate(line):
            if "smokescreen" in d.keywords:
                continue
            if fighters and UNIT_TYPE[d.key] != "fighter":
                continue
            if guards and not guards[i] and ((i > 0 and guards[i - 1]) or (i < last and guards[i + 1])):
                continue
            out.append(d.uid)
    if hq_ok:
        for x in foe_support:
            d = units[x]
            if (guards_shield and d.keywords and "guard" in d.keywords) or (bomber and UNIT_TYPE[d.key] == "fighter"):
                return out
        out.append("hq")
    return out


class FrontlineEngine(Engine[FrontlineState, FrontlineAction, FrontlineOptions]):
    key = "frontline"
    title = {"en": "Frontline", "zh-CN": "前线"}
    min_players = 2
    max_players = 2
    State = FrontlineState
    Options = FrontlineOptions
    actions = ACTIONS
    # a counter-order in hand shows itself when its trigger comes (4.2); a search of the deck
    # for a unit type shows whether the deck holds one
    reveal_events = frozenset({"frontline.counter_fired", "frontline.tutored", "frontline.tutor_none"})

    # --- deck building ------------------------------------------------------------------
    def loadout_presets(self) -> dict[str, str]:
        return {name: p.code for name, p in load_presets().items()}

    def validate_loadout(self, code: str) -> str:
        main, ally, keys = parse_deck(code)
        return deck_code(main, ally, keys)

    def _deck_from(self, text: str) -> tuple[str, str, tuple[str, ...], str]:
        """(main nation, ally nation, card keys, deck code) of a ready-made deck's name or a code."""
        if text in load_presets():
            return _preset_deck(text)
        main, ally, keys = parse_deck(text)
        return main, ally, tuple(keys), deck_code(main, ally, keys)

    # the state is slotted dataclasses (see state.py): dumped and loaded through a TypeAdapter
    def dump_state(self, state: FrontlineState) -> str:
        return STATE_JSON.dump_json(state).decode()

    def load_state(self, data: str | bytes) -> FrontlineState:
        return STATE_JSON.validate_json(data)

    # --- setup ----------------------------------------------------------------------------
    def setup(self, seats: list[Seat], options: FrontlineOptions, seed: int) -> Step:
        rng = GameRng.from_seed(seed)
        players = [Player(name=s.name) for s in seats]
        st = FrontlineState(rng=rng, players=players)
        st.first = -1 if options.first == "random" else int(options.first)
        return Step(state=st, events=[public_event("frontline.start", {})])

    def active_seats(self, st: FrontlineState) -> list[int]:
        phase = st.phase
        if phase == "main":  # asked at every decision: the usual phase first
            return [st.turn]
        if phase in ("deck", "mulligan"):
            a, b = st.players  # no comprehension: it would make `st` a cell at every call
            return [0, 1] if not a.ready and not b.ready else [0] if not a.ready else [1] if not b.ready else []
        return []

    # --- legal actions --------------------------------------------------------------------
    def card_targets(self, st: FrontlineState, seat: int, kind: str, for_order: bool) -> list[str]:
        if kind == "none":
            return []
        if kind == "friendly_unit":
            return R.uids_of(st, seat)[:]
        # an order cannot target a unit that "cannot be targeted by orders" (4.1.6.1); loops,
        # not comprehensions: no call of their own (listed at most decisions)
        units = st.units
        foes = []
        for uid in R.uids_of(st, 1 - seat):
            u = units[uid]
            if not (for_order and "order_proof" in u.flags) and (kind != "damaged_enemy" or u.damaged):
                foes.append(uid)
        if kind == "enemy_unit" or kind == "damaged_enemy":
            return foes
        if kind == "any_unit":
            return R.uids_of(st, seat) + foes
        if kind == "enemy_target":
            foes.append("hq")
            return foes
        raise ValueError(kind)

    def can_act(self, st: FrontlineState, u: Unit) -> bool:
        """3.3.5: blitz acts on arrival; 3.8: a pinned unit loses that turn."""
        return (
            u.owner == st.turn and u.pinned_turn != st.turn_no
            and (u.arrived_turn != st.turn_no or "blitz" in u.keywords)
        )

    def can_move(self, st: FrontlineState, u: Unit) -> bool:
        """3.1 / ruling: one action a turn except tanks (one move and one attack); the
        frontline must be empty or ours with a free place."""
        return self.can_act(st, u) and st.players[u.owner].kredits >= u.op and _may_move(st, u, u.owner)

    def can_attack(self, st: FrontlineState, u: Unit) -> bool:
        """3.3.3: fury gives two attacks; a moved unit attacks only if it is a tank."""
        return self.can_act(st, u) and st.players[u.owner].kredits >= u.op and _may_attack(u)

    def attack_targets(self, st: FrontlineState, u: Unit) -> list[str]:
        """Reach (3.1, rulings), smokescreen (3.3.2), guard (3.3.1), the bomber rule."""
        return _attack_targets(st, u.owner, R.UNIT_TYPE[u.key], u.uid in st.front, "no_hq_attack" not in u.flags)

    # The last listing of the turn player's actions, (state, seat, actions): `apply` skips its
    # checks for an action found there when it is asked about that very state object and
    # seat, as a caller that chooses from the listing does at every decision. Only `apply`
    # and `resign` change a state, and both drop the listing first; a copy of the state is
    # another object, so it never matches.
    _listed: tuple[FrontlineState, int, list[FrontlineAction]] | None = None

    # The turn player's next listing, (state, seat, actions), worked out by `apply` from the
    # listing it was chosen from when the action changed little (`_listing_after`): the same
    # turn goes on, and what changed is known. `legal_actions` takes it once, for that very
    # state object and seat. A copy is another object, so it never matches; code that changes
    # a state by hand after an apply (a test's scenario) calls `invalidate(state)` first.
    # `invariants` compares a kept listing with a fresh one, so random playouts catch a stale one.
    _next: tuple[FrontlineState, int, list[FrontlineAction]] | None = None

    def invalidate(self, state: FrontlineState) -> None:
        """Drop what the engine keeps of the last listing and apply of `state` (`_listed`,
        `_next`) and what the rules keep of its decks (`rules.deck_changed`): for code that
        changes a state by hand between an apply and the next listing."""
        if self._listed is not None and self._listed[0] is state:
            self._listed = None
        if self._next is not None and self._next[0] is state:
            self._next = None
        for p in state.players:  # a deck edited in place may hold a growing card now
            R.deck_changed(p.deck)

    def legal_actions(self, st: FrontlineState, seat: int) -> list[FrontlineAction]:
        phase = st.phase
        if phase == "main":
            if seat != st.turn:
                return []
            kept = self._next
            if kept is not None and kept[0] is st and kept[1] == seat:
                self._next = None
                self._listed = kept  # the same (state, seat, actions)
                return kept[2]
            acts = self._main_actions(st, seat)
            self._listed = (st, seat, acts)
            return acts
        if phase not in ("deck", "mulligan") or seat not in (0, 1) or st.players[seat].ready:
            return []
        if phase == "deck":
            return [_deck_action(name) for name in load_presets()]
        acts = []
        for c in st.players[seat].hand:
            made = _SWAPS.get(c.id) or _kept(_SWAPS, c.id)
            acts.append(made.get(...) or _made(made, Swap, c.id))
        acts.append(_KEEP_HAND)
        return acts

    def _main_actions(self, st: FrontlineState, seat: int) -> list[FrontlineAction]:
        """The turn player's actions, in the order players see them: hand cards, then each
        unit's move and attacks, then the end of the turn. The checks are those of `apply`
        (can_move, can_attack, card_targets ...), read once per decision: card targets per
        target kind, attack targets per reach."""
        p = st.players[seat]
        kredits = p.kredits
        acts: list[FrontlineAction] = []
        hand = p.hand
        if hand:
            room = len(p.support) < SUPPORT_SIZE
            targets_of: dict[tuple[str, bool], list[str]] = {}
            counter_set = None  # whether a counter-order is active, asked when a counter is listed
            for c in hand:
                kind, cost, target, condition = _PLAYS[c.key]
                if cost > kredits or c.active:
                    continue
                if kind == "unit":
                    if room:
                        made = _DEPLOYS.get(c.id) or _kept(_DEPLOYS, c.id)
                        if target == "none":
                            acts.append(made.get(None) or _made(made, Deploy, c.id, None))
                        else:
                            targets = targets_of.get((target, False))
                            if targets is None:
                                targets = targets_of[target, False] = self.card_targets(st, seat, target, False)
                            for x in targets:  # loops, not comprehensions: no call of their own
                                acts.append(made.get(x) or _made(made, Deploy, c.id, x))
                            if not targets:
                                acts.append(made.get(None) or _made(made, Deploy, c.id, None))
                elif kind == "order":
                    if condition and not self._condition_met(st, seat, condition):
                        continue
                    made = _ORDERS.get(c.id) or _kept(_ORDERS, c.id)
                    if target == "none":
                        acts.append(made.get(...) or _made(made, PlayOrder, c.id))
                    else:
                        targets = targets_of.get((target, True))
                        if targets is None:
                            targets = targets_of[target, True] = self.card_targets(st, seat, target, True)
                        for x in targets:
                            acts.append(made.get(x) or _made(made, PlayOrder, c.id, x))
                else:  # one counter-order at a time (rarely in hand)
                    if counter_set is None:
                        counter_set = False
                        for h in hand:
                            if h.active:
                                counter_set = True
                                break
                    if counter_set:
                        continue
                    made = _COUNTERS.get(c.id) or _kept(_COUNTERS, c.id)
                    acts.append(made.get(...) or _made(made, SetCounter, c.id))
        # the units: can_act, and the kredits both a move and an attack need; then
        # _may_move (only from the support line) and _may_attack written out
        turn_no = st.turn_no
        units = st.units
        front = st.front
        ours = st.front_owner == seat
        enter = (ours or st.front_owner is None) and len(front) < FRONT_SIZE  # the frontline takes a unit
        in_front = False
        # the support line, then the frontline when it is ours: a line at a time, so where a
        # unit stands is known without looking for it in the frontline
        for line in ((p.support, front) if ours else (p.support,)):
            reach_of: dict[str, list[str]] = {}  # attack targets from this line, by unit type
            for uid in line:
                u = units[uid]
                keywords = u.keywords
                if (u.owner != seat or u.pinned_turn == turn_no or kredits < u.op
                        or (u.arrived_turn == turn_no and "blitz" not in keywords)):
                    continue
                utype = UNIT_TYPE[u.key]
                if u.moved:
                    if utype != "tank":
                        continue  # acted: only a tank attacks after moving, and nobody moves twice
                elif enter and not in_front and (u.attacks == 0 or utype == "tank"):
                    made = _MOVES.get(uid) or _kept(_MOVES, uid)
                    acts.append(made.get(...) or _made(made, Move, uid))
                # keywords and flags are mostly empty: asked before looking inside
                if u.atk > 0 and u.attacks < (2 if keywords and "fury" in keywords else 1):
                    if u.flags and "no_hq_attack" in u.flags:  # rare: targets of its own
                        targets = _attack_targets(st, seat, utype, in_front, False)
                    else:
                        targets = reach_of.get(utype)
                        if targets is None:
                            targets = reach_of[utype] = _attack_targets(st, seat, utype, in_front, True)
                    made = _ATTACKS.get(uid) or _kept(_ATTACKS, uid)
                    for x in targets:
                        acts.append(made.get(x) or _made(made, Attack, uid, x))
            in_front = True
        acts.append(_END)
        return acts

    @staticmethod
    def _condition_met(st: FrontlineState, seat: int, condition: str) -> bool:
        if condition == "hold_front":
            return st.front_owner == seat
        return not st.front  # front_empty

    # --- apply ----------------------------------------------------------------------------
    def apply(self, st: FrontlineState, seat: int, action: FrontlineAction) -> Step:
        if st.phase != "main":  # the main phase written here: one call fewer a decision
            return self._apply_before(st, seat, action)
        if seat != st.turn:  # active_seats in the main phase
            raise RuleError("core.not_your_turn")
        cls = type(action)
        handler = _HANDLERS.get(cls)  # a module's dict: a class attribute read through self is not specialised
        if handler is None:
            raise RuleError("frontline.phase.main")
        last, self._listed = self._listed, None  # the state changes from here on
        self._next = None
        listed = False  # `action in` the listing of this very state and seat, the very object looked for first
        if last is not None and last[0] is st and last[1] == seat:
            for a in last[2]:
                if a is action:
                    listed = True
                    break
            else:  # a parsed action, or another: compared by value (pydantic's __eq__ is slow)
                listed = action in last[2]
        ev: list[Event] = []
        st.counter_owner = None
        unit = handler(self, st, seat, action, ev, listed)
        if st.phase != "over":  # deaths (adj. 2), then victory (1.1), after the whole action
            # Who may be at 0: not after the end of a turn (the start of the next resolves the
            # deaths its effects cause), nor after a move or a deploy without a deploy effect
            # (`unit` given: they only raise stats) unless a counter-order fired
            if cls is Attack or (unit is None and cls is not EndTurn and cls is not SetCounter) \
                    or st.counter_owner is not None:
                for u in st.units.values():  # the usual case, nobody at 0, asked here without a call
                    if u.hp <= 0:
                        R.process_deaths(st, ev)
                        listed = False  # the lines changed: the next listing is made afresh
                        break
            a, b = st.players
            if a.hq <= 0 or b.hq <= 0:
                R.check_victory(st, ev)
        if unit is not None and listed and st.counter_owner is None and st.turn == seat and st.phase == "main":
            acts = self._listing_after(st, seat, action, unit, last[2])
            if acts is not None:
                self._next = (st, seat, acts)
        st.counter_owner = None
        return step_of(st, ev)

    def _apply_before(self, st: FrontlineState, seat: int, action: FrontlineAction) -> Step:
        """The deck and mulligan phases (and a game over)."""
        phase = st.phase
        if phase == "over":
            raise RuleError("frontline.over")
        if seat not in self.active_seats(st):
            raise RuleError("core.not_your_turn")
        ev: list[Event] = []
        if phase == "deck":
            if not isinstance(action, ChooseDeck):
                raise RuleError("frontline.phase.deck")
            self._choose_deck(st, seat, action.deck, ev)
            return step_of(st, ev)
        if isinstance(action, Swap):
            p = st.players[seat]
            card = action.card
            for c in p.hand:  # a loop: a generator would make `action` a cell at every call
                if c.id == card:
                    break
            else:
                raise RuleError("frontline.no_card", card=action.card[:16])
            if action.card in p.mulligan:
                p.mulligan.remove(action.card)
            else:
                p.mulligan.append(action.card)
            ev.append(private_event(seat, "frontline.swap_marked", {"n": len(p.mulligan)}))
            return step_of(st, ev)
        if isinstance(action, Keep):
            self._keep(st, seat, ev)
            return step_of(st, ev)
        raise RuleError("frontline.phase.mulligan")

    def _listing_after(self, st: FrontlineState, seat: int, action: FrontlineAction, u: Unit,
                       before: list[FrontlineAction]) -> list[FrontlineAction] | None:
        """The turn player's listing after `action`, chosen from the listing `before` of the same
        turn, when the action changed only what this filters; None when it may have changed
        more (then the listing is made afresh). Called only when nobody died and no
        counter-order fired, with the unit the action deployed (without a deploy effect),
        moved or attacked with. Such an action changes the kredits (entries costing more go),
        the hand (the played card's entries go), the support line (full: no deploys; a place
        freed is listed afresh), the frontline (full: no moves), and what the acting unit may
        still do; a card targeting friendly units (a new or moved unit), one with a condition
        (a frontline taken) or one targeting damaged enemies (a unit attacked) reads more, so
        those are listed afresh."""
        cls = type(action)
        p = st.players[seat]
        units = st.units
        hand = p.hand
        mover = spent = None  # the unit that may no longer move; that may no longer attack
        if cls is Deploy:
            if "blitz" in u.keywords:  # the deployed unit acts this turn only with blitz
                return None
            for c in hand:
                if _PLAYS[c.key][2] in _FRIENDLY:
                    return None
        elif cls is Move:
            if UNIT_TYPE[u.key] == "tank":  # attacks on from the frontline: its targets change
                return None
            if len(p.support) == SUPPORT_SIZE - 1:  # the support line was full: deploys come back
                return None
            entered = len(st.front) == 1  # the frontline was empty: conditions change
            for c in hand:
                play = _PLAYS[c.key]
                if play[2] in _FRIENDLY or (entered and play[3]):
                    return None
            mover = spent = u.uid  # moved, and no tank: done for the turn
        elif cls is Attack:
            if u.key in R.ON_ATTACK and not u.silenced:
                return None
            if action.target != "hq":
                for c in hand:
                    if _PLAYS[c.key][2] == "damaged_enemy":
                        return None
            if UNIT_TYPE[u.key] != "tank":
                mover = u.uid
            if u.atk <= 0 or u.attacks >= (2 if "fury" in u.keywords else 1):
                spent = u.uid
        else:
            return None
        kredits = p.kredits
        room = len(p.support) < SUPPORT_SIZE
        enter = st.front_owner in (None, seat) and len(st.front) < FRONT_SIZE  # the frontline takes a unit
        playable = set()  # the cards still in hand whose entries stay
        for c in hand:
            kind, cost = _PLAYS[c.key][:2]
            if cost <= kredits and (room or kind != "unit"):
                playable.add(c.id)
        acts = []
        for a in before:
            k = type(a)
            if k is Attack:
                uid = a.unit
                if uid == spent or kredits < units[uid].op:
                    continue
            elif k is Move:
                uid = a.unit
                if not enter or uid == mover or kredits < units[uid].op:
                    continue
            elif k is not EndTurn and a.card not in playable:
                continue
            acts.append(a)
        return acts

    def _choose_deck(self, st: FrontlineState, seat: int, text: str, ev: list[Event]) -> None:
        main, ally, keys, code = self._deck_from(text)
        p = st.players[seat]
        p.main, p.ally, p.deck_code = main, ally, code
        p.deck = deck = [blank(DeckCard) for _ in keys]
        for dc, k in zip(deck, keys):
            dc.__init__(key=k)
        p.ready = True
        ev.append(private_event(seat, "frontline.deck_code", {"code": p.deck_code}))
        ev.append(public_event("frontline.deck_chosen", {"name": p.name}))
        if not all(pl.ready for pl in st.players):
            return
        for pl in st.players:
            ev.append(public_event("frontline.nations", {"name": pl.name, "main": f"@frontline.nation.{pl.main}",
                                                         "ally": f"@frontline.nation.{pl.ally}"}))
            st.rng.shuffle(pl.deck)
            pl.ready = False
        if st.first < 0:
            st.first = R.first_roll(st, ev, "random")
        ev.append(public_event("frontline.first", {"name": st.players[st.first].name}))
        for order, s in enumerate((st.first, 1 - st.first)):
            for _ in range(OPENING[order]):
                dc = st.players[s].deck.pop()
                st.players[s].hand.append(HandCard(id=st.rng.token("c"), key=dc.key))
            ev.append(private_event(s, "frontline.opening", {"cards": self._hand_text(st, s)}))
        st.phase = "mulligan"

    @staticmethod
    def _hand_text(st: FrontlineState, seat: int) -> list:
        return [{loc: f"{CARDS[c.key].name[loc]} [{c.id}]" for loc in ("en", "zh-CN")} for c in st.players[seat].hand]

    def _keep(self, st: FrontlineState, seat: int, ev: list[Event]) -> None:
        """1.3: the marked cards go back, the deck is shuffled, as many are drawn again."""
        p = st.players[seat]
        back = [c for c in p.hand if c.id in p.mulligan]
        for c in back:
            p.hand.remove(c)
            p.deck.append(DeckCard(key=c.key))
        if back:
            st.rng.shuffle(p.deck)
            for _ in back:
                dc = p.deck.pop()
                p.hand.append(HandCard(id=st.rng.token("c"), key=dc.key))
        p.mulligan = []
        p.ready = True
        ev.append(public_event("frontline.mulligan", {"name": p.name, "n": len(back)}))
        ev.append(private_event(seat, "frontline.hand", {"cards": self._hand_text(st, seat)}))
        if all(pl.ready for pl in st.players):
            st.phase = "main"
            R.start_turn(st, st.first, ev)
            R.check_victory(st, ev)

    def _hand_card(self, st: FrontlineState, seat: int, card_id: str) -> HandCard:
        for hc in st.players[seat].hand:
            if hc.id == card_id:
                return hc
        raise RuleError("frontline.no_card", card=card_id[:16])

    def _check_target(self, st: FrontlineState, seat: int, kind: str, target: str | None, for_order: bool) -> None:
        """A card that names a target must get one when any exists (4.1.6.1: an order
        without a valid target cannot be played; a unit still deploys, its effect fizzles)."""
        if kind == "none":
            if target is not None:
                raise RuleError("frontline.no_target_needed")
            return
        options = self.card_targets(st, seat, kind, for_order)
        if not options:
            if for_order:
                raise RuleError("frontline.no_valid_target")
            if target is not None:
                raise RuleError("frontline.bad_target", target=target[:16])
            return
        if target not in options:
            raise RuleError("frontline.bad_target", target=str(target)[:16])

    def _pay_check(self, st: FrontlineState, seat: int, cost: int) -> None:
        if cost > st.players[seat].kredits:
            raise RuleError("frontline.kredits", need=cost, have=st.players[seat].kredits)

    # The handlers return the unit deployed (without a deploy effect), moved or attacked with,
    # for `_listing_after`; None for any other action.
    def _deploy(self, st: FrontlineState, seat: int, a: Deploy, ev: list[Event], listed: bool) -> Unit | None:
        p = st.players[seat]
        hc = self._hand_card(st, seat, a.card)
        key = hc.key
        kind, cost, target, _ = _PLAYS[key]
        if not listed:
            if kind != "unit":
                raise RuleError("frontline.not_unit")
            self._pay_check(st, seat, cost)
            if len(p.support) >= SUPPORT_SIZE:
                raise RuleError("frontline.support_full")
            self._check_target(st, seat, target, a.target, for_order=False)
        # resolve: 3.4.1 deploy effects, then promotion on deploy, then counter-orders (adj. 5)
        p.kredits -= cost
        R.take_from_hand(p, hc)
        u = R.new_unit(st, seat, hc.key, hc.bonus, hc.captured)
        R.place(st, u, ev)
        ev.append(public_event("frontline.deployed", {"name": p.name, "unit": R.unit_label(u), "atk": u.atk,
                                                      "hp": u.hp}))
        effects = R.EFFECTS[key]
        if effects:
            R.run_effects(st, seat, effects, ev, source=u, target=a.target)
        if R.PROMOTE[key] == "deploy":
            R.promote(st, u, ev)
        R.fire_counter(st, "enemy_deploy", ev, u)
        return None if effects else u

    def _order(self, st: FrontlineState, seat: int, a: PlayOrder, ev: list[Event], listed: bool) -> None:
        p = st.players[seat]
        hc = self._hand_card(st, seat, a.card)
        key = hc.key
        kind, cost, target, condition = _PLAYS[key]
        if not listed:
            if kind != "order":
                raise RuleError("frontline.not_order")
            self._pay_check(st, seat, cost)
            if condition and not self._condition_met(st, seat, condition):
                raise RuleError(f"frontline.condition.{condition}")
            self._check_target(st, seat, target, a.target, for_order=True)
        p.kredits -= cost
        R.take_from_hand(p, hc)
        name = R.NAMES[key]
        if a.target is None:  # an order without a target (never "plays Supply Drop -.")
            ev.append(public_event("frontline.order_plain", {"name": p.name, "card": name}))
        else:
            ev.append(public_event("frontline.order", {"name": p.name, "card": name,
                                                     "target": self._target_label(st, seat, a.target)}))
        if R.fire_counter(st, "enemy_order", ev):
            ev.append(public_event("frontline.cancelled", {"card": name}))
            return
        R.run_effects(st, seat, R.EFFECTS[key], ev, source=None, target=a.target)
        for u in R.units_of(st, seat):  # 3.4.3: "whenever you play an order"
            if u.key in R.ON_ORDER and not u.silenced and u.hp > 0:
                R.run_effects(st, seat, CARDS[u.key].on_order, ev, source=u, target=None)

    @staticmethod
    def _target_label(st: FrontlineState, seat: int, target: str | None) -> Any:
        if target is None:
            return "-"
        if target == "hq":
            return {"en": f"HQ of {st.players[1 - seat].name}", "zh-CN": f"{st.players[1 - seat].name}的总部"}
        return R.unit_label(st.units[target])

    def _counter(self, st: FrontlineState, seat: int, a: SetCounter, ev: list[Event], listed: bool) -> None:
        """4.2 / ruling: activated in secret on your own turn; one at a time. Activating
        also ends the turn, so the step the table sees is an ordinary end of turn: a
        separate step would show (in the game log, in a re-posted board) that something
        secret was done. No rule is lost: a counter-order only ever fires on the
        opponent's turn, and nothing in its owner's turn acts on an active one."""
        p = st.players[seat]
        hc = self._hand_card(st, seat, a.card)
        card = CARDS[hc.key]
        if not listed:
            if card.kind != "counter":
                raise RuleError("frontline.not_counter")
            if any(c.active for c in p.hand):
                raise RuleError("frontline.counter_already")
            self._pay_check(st, seat, card.cost)
        p.kredits -= card.cost
        p.hidden_spent += card.cost
        hc.active = True
        ev.append(private_event(seat, "frontline.counter_set", {"card": card.name, "id": hc.id}))
        self._end(st, seat, _END, ev, True)

    def _unit(self, st: FrontlineState, seat: int, uid: str) -> Unit:
        u = st.units.get(uid)
        if u is None or u.owner != seat:
            raise RuleError("frontline.no_unit", unit=uid[:16])
        return u

    def _move(self, st: FrontlineState, seat: int, a: Move, ev: list[Event], listed: bool) -> Unit:
        u = self._unit(st, seat, a.unit)
        if not listed and not self.can_move(st, u):
            raise RuleError(self._why_not(st, u, moving=True))
        R.move(st, u, ev)
        return u

    def _attack(self, st: FrontlineState, seat: int, a: Attack, ev: list[Event], listed: bool) -> Unit:
        u = self._unit(st, seat, a.unit)
        if not listed:
            if not self.can_attack(st, u):
                raise RuleError(self._why_not(st, u, moving=False))
            if a.target not in self.attack_targets(st, u):
                raise RuleError("frontline.bad_attack_target", target=a.target[:16])
        R.attack(st, u, a.target, ev)
        return u

    def _why_not(self, st: FrontlineState, u: Unit, moving: bool) -> str:
        if u.pinned_turn == st.turn_no:
            return "frontline.pinned_now"
        if u.arrived_turn == st.turn_no and "blitz" not in u.keywords:
            return "frontline.just_arrived"
        if st.players[u.owner].kredits < u.op:
            return "frontline.kredits_op"
        if moving:
            if R.in_front(st, u):
                return "frontline.already_front"
            if st.front_owner not in (None, u.owner):
                return "frontline.front_enemy"
            if len(st.front) >= FRONT_SIZE:
                return "frontline.front_full"
        elif u.atk <= 0:
            return "frontline.no_attack_value"
        return "frontline.acted"

    def _end(self, st: FrontlineState, seat: int, a: EndTurn, ev: list[Event], listed: bool) -> None:
        ev.append(public_event("frontline.end_turn", {"name": st.players[seat].name}))
        R.end_loans(st, ev)
        if st.turn_no >= MAX_TURNS:
            R.end_by_cap(st, ev)
            return
        R.start_turn(st, 1 - seat, ev)

    # the main phase's actions and the methods that check and resolve them
    _HANDLERS = {Deploy: _deploy, PlayOrder: _order, SetCounter: _counter, Move: _move, Attack: _attack, EndTurn: _end}

    # --- end of game --------------------------------------------------------------------
    def resign(self, st: FrontlineState, seat: int) -> Step:
        self._listed = self._next = None
        st.resigned = seat
        st.winner = 1 - seat
        st.phase = "over"
        st.end_reason = "core.outcome.resign"
        return Step(state=st, events=[public_event("core.outcome.resign", {"name": st.players[seat].name})])

    def outcome(self, st: FrontlineState) -> Outcome | None:
        if st.phase != "over":
            return None
        hqs = [float(max(0, p.hq)) for p in st.players]  # the HQ defence left: none past 0 (1.1)
        if st.draw:
            return Outcome(winners=[], ranks=[1, 1], scores=hqs, reason="core.outcome.draw")
        w = st.winner
        params = {"name": st.players[st.resigned].name} if st.resigned is not None else {
            "name": st.players[w].name}
        # ranks written out: a comprehension would make `w` a cell at every call (asked at every decision)
        return Outcome(winners=[w], ranks=[1, 2] if w == 0 else [2, 1], scores=hqs, reason=st.end_reason,
                       params=params)

    # --- what each seat sees --------------------------------------------------------------
    def _unit_view(self, st: FrontlineState, u: Unit) -> dict[str, Any]:
        return {
            "uid": u.uid, "key": u.key, "owner": u.owner, "type": CARDS[u.key].type, "atk": u.atk, "hp": u.hp,
            "max_hp": u.max_hp, "op": u.op, "armour": u.armour, "keywords": list(u.keywords),
            "flags": list(u.flags), "effects": list(u.effects), "veteran": u.veteran, "damaged": u.damaged,
            "pinned": u.pinned_turn >= st.turn_no, "lent_by": u.lent_by, "no": R.ordinal(st, u.uid, u.key),
        }

    def view(self, st: FrontlineState, seat: int | None) -> dict[str, Any]:
        players = []
        for s, p in enumerate(st.players):
            own = seat == s
            players.append({
                "name": p.name, "hq": p.hq, "slots": p.slots,
                # 2.3: kredits spent on an active counter-order stay invisible to others
                "kredits": p.kredits if own else p.kredits + p.hidden_spent,
                "hand_count": len(p.hand), "deck_count": len(p.deck), "fatigue": p.fatigue,
                "main": p.main if st.phase != "deck" or own else None,
                "ally": p.ally if st.phase != "deck" or own else None,
                "revealed": [c.key for c in p.hand if c.revealed],
                "hq_effects": list(p.hq_effects), "ready": p.ready,
                "support": [self._unit_view(st, st.units[x]) for x in p.support],
            })
        out: dict[str, Any] = {
            "phase": st.phase, "turn": st.turn, "turn_no": st.turn_no, "first": st.first,
            "front_owner": st.front_owner, "front": [self._unit_view(st, st.units[x]) for x in st.front],
            "players": players, "seat": seat, "winner": st.winner, "draw": st.draw,
        }
        if seat is not None:
            p = st.players[seat]
            out["hand"] = [
                {"id": c.id, "key": c.key, "kind": CARDS[c.key].kind, "cost": CARDS[c.key].cost,
                 "revealed": c.revealed, "active": c.active, "captured": c.captured, "bonus": c.bonus,
                 "marked": c.id in p.mulligan}
                for c in p.hand
            ]
            out["deck_code"] = p.deck_code
            out["next"] = {"kredits": p.next_kredits, "draws": p.next_draws}
        return out

    def secrets(self, st: FrontlineState) -> dict[int, set[str]]:
        return {s: {c.id for c in p.hand} for s, p in enumerate(st.players)}

    def determinize(self, st: FrontlineState, seat: int, rng: random.Random) -> FrontlineState:
        from .determinize import determinize
        return determinize(st, seat, rng)

    def invariants(self, st: FrontlineState) -> list[str]:
        bad: list[str] = []
        on_board = list(st.front) + [x for p in st.players for x in p.support]
        if sorted(on_board) != sorted(st.units):
            bad.append("units on lines differ from the unit table")
        if st.front and (st.front_owner is None or any(st.units[x].owner != st.front_owner for x in st.front)):
            bad.append("frontline holds units of a player who does not hold it")
        if not st.front and st.front_owner is not None:
            bad.append("empty frontline has an owner")
        if len(st.front) > FRONT_SIZE:
            bad.append("frontline over 5")
        for s, p in enumerate(st.players):
            if len(p.support) > SUPPORT_SIZE:
                bad.append(f"support line {s} over 4")
            if any(st.units[x].owner != s for x in p.support):
                bad.append(f"support line {s} holds an enemy unit")
            if len(p.hand) > 9:
                bad.append(f"hand {s} over 9")
            if not 0 <= p.kredits <= 24 or not 0 <= p.slots <= 24:
                bad.append(f"kredits or slots of {s} out of range")
            if sum(c.active for c in p.hand) > 1:
                bad.append(f"player {s} has two active counter-orders")
        for u in st.units.values():  # 4.1.5: a loan lasts only the borrower's own turn
            if u.lent_by is not None and (u.lent_by == u.owner or u.owner != st.turn or u.lent_by not in (0, 1)):
                bad.append(f"{u.uid} borrowed outside its borrower's turn")
        if st.phase in ("main", "over") and st.resigned is None:
            for u in st.units.values():
                if u.hp <= 0:
                    bad.append(f"{u.uid} at 0 defence still on the board")
                if not 0 <= u.armour <= 3:
                    bad.append(f"{u.uid} heavy armour {u.armour}")
        if st.phase == "main" and sum(len(p.deck) for p in st.players) > 2 * DECK_SIZE + 60:
            bad.append("decks grew beyond reason")
        for s, p in enumerate(st.players):
            if R.growth_skipped(p.deck) and any(dc.key in R.DECK_GROWTH for dc in p.deck):
                bad.append(f"deck {s} holds a growing card but its growth is skipped")
        kept = self._next
        if kept is not None and kept[0] is st and kept[2] != self._main_actions(st, kept[1]):
            bad.append(f"the listing kept for seat {kept[1]} differs from a fresh one")
        return bad


_HANDLERS = FrontlineEngine._HANDLERS
