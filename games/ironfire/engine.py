"""Iron & Fire (铁与火): the rules engine.

Flow of one game (rule numbers of the source):
  deck (100.2-100.5, all seats at once) -> first player (101.1) -> environment roll (101.2)
  -> logistics (101.3) -> secret army selection, revealed together (101.4)
  -> rounds of attacks (102.1-102.3, 207) -> after each round: logistics effects (207.5),
     restore (102.5), recount with reinforcement or cut-off (102.4) and, with fog of war,
     shuffle face down (101.5) -> tally (103.2), or earlier when armies are wiped out (103.1).
A match is several games; the loser of a game chooses who goes first in the next (101.1).
Card references in action codes are public slot labels: seat letter + number (`a3`).
"""
from __future__ import annotations

import random
from functools import lru_cache
from dataclasses import asdict, dataclass
from collections.abc import Iterable
from typing import Any, ClassVar, Literal

from pydantic import TypeAdapter

from games.core import ActionBase, Engine, Event, GameRng, Outcome, RuleError, Seat, Step
from games.core.events import roll_event, step_of
from games.ironfire.cards import (
    ABILITY_LOGISTICS, ATTACKS, CARD_LOGISTICS, CARD_NAMES, FORMAT_MIN, FREE_BITS, GRANTS, MOST_LOGISTICS, OPTION,
    PLAIN, POOL, PRESETS, UNIT_ABILITIES, UNIT_BIT, UNIT_CLS, UNIT_CV, UNIT_ENV, UNIT_LOGISTICS, AttackFacts, deck_size,
    deck_cards, normalize_deck, parse_deck,
)
from games.ironfire.data import CLASSES, round_half_up
from games.ironfire.determinize import determinize
from games.ironfire.state import (
    LETTERS, MAX_EDITS, MAX_REINFORCE, AttackCtx, DeckCard, FocusCtx, IronOptions, IronState, Player, Unit,
)

_STATE = TypeAdapter(IronState)
_SEAT_OF = {letter: seat for seat, letter in enumerate(LETTERS)}  # a slot's first letter -> its seat
_ORDERS = {n: [tuple((first + i) % n for i in range(n)) for first in range(n)] for n in range(1, len(LETTERS) + 1)}  # turn orders
_CLASS_ORDER = {c: i for i, c in enumerate(CLASSES)}


# --- actions -----------------------------------------------------------------------------


class ChooseDeck(ActionBase):
    kind: Literal["deck"] = "deck"
    choice: str  # a preset name or a deck code


class ChooseFirst(ActionBase):
    kind: Literal["first"] = "first"
    seat: int


class Pick(ActionBase):
    kind: Literal["pick"] = "pick"
    card: str


class Drop(ActionBase):
    kind: Literal["drop"] = "drop"
    card: str


class Ready(ActionBase):
    kind: Literal["ready"] = "ready"


class Attack(ActionBase):
    kind: Literal["attack"] = "attack"
    unit: str
    option: str


class Hit(ActionBase):
    kind: Literal["hit"] = "hit"
    target: str


class Stop(ActionBase):
    kind: Literal["stop"] = "stop"


class Focus(ActionBase):
    kind: Literal["focus"] = "focus"
    target: str


class Join(ActionBase):
    kind: Literal["with"] = "with"
    unit: str
    option: str


class Fire(ActionBase):
    kind: Literal["fire"] = "fire"


class Pass(ActionBase):
    kind: Literal["pass"] = "pass"
    waiver: ClassVar[bool] = True  # declines: alone, the host applies it (bot/host)
    worded: ClassVar[bool] = True  # its own event says the pass ("… makes no more answering attacks.")


class Cut(ActionBase):
    kind: Literal["cut"] = "cut"
    unit: str


IronAction = ChooseDeck | ChooseFirst | Pick | Drop | Ready | Attack | Hit | Stop | Focus | Join | Fire | Pass | Cut


class _Actions(dict):
    """Actions are frozen, so legal_actions reuses one object per code (it runs every step):
    `_Actions(Pick)["t34"]` is `Pick(card="t34")`, made on first use (ActionBase.from_values;
    test_core_fast_paths compares listed actions with validated ones); a tuple key gives the
    fields in code order."""

    def __init__(self, cls: type[ActionBase]) -> None:
        super().__init__()
        self.cls = cls
        self.fields = tuple(name for name in cls.model_fields if name != "kind")

    def __missing__(self, key: Any) -> Any:
        values = key if len(self.fields) > 1 else (key,)
        action = self[key] = self.cls.from_values(*values)  # str ids and int seats: not validated again
        return action



@lru_cache(maxsize=64)
def _deck_choices(fmt: str, bans: str) -> tuple[ChooseDeck, ...]:
    """The presets of a format that use no banned card (100.5): the deck phase's choices."""
    banned = set(bans.split(",")) - {""}
    return tuple(ChooseDeck(choice=name) for name, (pfmt, code, _) in PRESETS.items()
                 if pfmt == fmt and not banned & {k for k, _ in parse_deck(code)})


_FIRST = _Actions(ChooseFirst)
_PICK = _Actions(Pick)
_DROP = _Actions(Drop)
_ATTACK = _Actions(Attack)
_HIT = _Actions(Hit)
_FOCUS = _Actions(Focus)
_JOIN = _Actions(Join)
_CUT = _Actions(Cut)
_READY, _STOP, _FIRE, _PASS = Ready(), Stop(), Fire(), Pass()


# per room below MOST_LOGISTICS: the cards whose logistics fit in it (101.4, 102.4)
_FITS = [frozenset(k for k, cost in CARD_LOGISTICS.items() if cost <= room) for room in range(MOST_LOGISTICS)]


@dataclass(slots=True, eq=False)
class _ArmyListing:
    """What a seat's army selection listing is made of (see `IronFireEngine._army`): its
    reserve's cards and its picked cards, each once in the order of their first copy, the
    picked cards' logistics and how many of them are combat cards."""

    state: IronState
    reserve: list[str]  # the player's lists themselves, to tell when they were replaced
    picked: list[DeckCard]
    size: int  # len(reserve)
    keys: dict[str, None]  # dict.fromkeys(reserve)
    picked_keys: list[str]  # [c.card for c in picked]
    drops: dict[str, None]  # dict.fromkeys(picked_keys)
    cost: int
    combat: int

    @classmethod
    def of(cls, state: IronState, p: Player) -> "_ArmyListing":
        picked = [c.card for c in p.picked]
        return cls(state, p.reserve, p.picked, len(p.reserve), dict.fromkeys(p.reserve), picked,
                   dict.fromkeys(picked), sum(map(CARD_LOGISTICS.__getitem__, picked)),
                   sum(k in UNIT_CLS for k in picked))

    def holds(self, state: IronState, p: Player) -> bool:
        """Whether this is of `state` and of the lists `p` holds now, at their sizes."""
        return self.state is state and self.reserve is p.reserve and self.picked is p.picked \
            and len(p.reserve) == self.size and len(p.picked) == len(self.picked_keys)

    def pick(self, key: str) -> None:
        """The first copy of `key` leaves the reserve for the picked cards (their end)."""
        _remove_first(self.reserve, self.keys, key)
        self.size -= 1
        self.picked_keys.append(key)
        self.drops.setdefault(key)
        self.cost += CARD_LOGISTICS[key]
        self.combat += key in UNIT_CLS

    def drop(self, key: str) -> int:
        """The first picked `key` goes back to the reserve's end; returns where it was picked."""
        at = _remove_first(self.picked_keys, self.drops, key)
        self.reserve.append(key)
        self.size += 1
        self.keys.setdefault(key)
        self.cost -= CARD_LOGISTICS[key]
        self.combat -= key in UNIT_CLS
        return at


def _remove_first(items: list[str], order: dict[str, None], key: str) -> int:
    """Removes the first `key` from `items` and keeps `order`, dict.fromkeys(items), right:
    `key` stays where it was when its next copy comes right after, leaves with its last copy,
    and otherwise (a copy further on: keys in between may now come first) order is rebuilt."""
    at = items.index(key)
    del items[at]
    if at < len(items) and items[at] == key:
        return at
    if key not in items:
        del order[key]
    else:
        order.clear()
        order.update(dict.fromkeys(items))
    return at


_PLAIN_USABLE: dict[tuple[str, int], tuple[AttackFacts, ...]] = {}


def _plain_usable(card: str, enemy: int) -> tuple[AttackFacts, ...]:
    """The options of a PLAIN card with a target among enemy cards of the classes `enemy`
    (bits, none face down); kept in _PLAIN_USABLE (at most one entry per card and class set)."""
    usable = _PLAIN_USABLE[card, enemy] = tuple(o for o in ATTACKS[card] if o.vs_bits & enemy)
    return usable


@lru_cache(maxsize=4096)
def _unit_label(slot: str, card: str) -> dict[str, str]:
    """A card as events name it: slot and name in each language. The same few recur in every
    game, so one dict serves them all (as `_name`'s pool names do; no reader changes an
    event's parameters)."""
    name = POOL.combat[card].name
    return {"en": f"{slot} {name['en']}", "zh-CN": f"{slot} {name['zh-CN']}"}


def _name(key: str) -> dict[str, str]:
    name = CARD_NAMES.get(key)
    return name if name is not None else {"en": key, "zh-CN": key}


# --- the engine --------------------------------------------------------------------------


class IronFireEngine(Engine[IronState, IronAction, IronOptions]):
    key = "ironfire"
    title = {"en": "Iron & Fire", "zh-CN": "铁与火"}
    min_players = 2
    max_players = 4
    State = IronState
    Options = IronOptions
    actions = (ChooseDeck, ChooseFirst, Pick, Drop, Ready, Attack, Hit, Stop, Focus, Join, Fire, Pass, Cut)
    # reinforcements picked in secret are shown (or counted, under fog) when they are placed (101.5)
    reveal_events = frozenset({"ironfire.reinforced", "ironfire.reinforced_hidden"})
    pool = POOL

    # ---- loadouts (deck building, saved by the host) ----
    def parse_action(self, code: str) -> IronAction:
        """A pick or put-back of no card of the pool is no code: `/play pick KV-1` names the
        card `kv1` as the menus do, and the host then reads it as a name (it read "There is no
        KV-1 left in your deck" while two were)."""
        action = super().parse_action(code)
        if isinstance(action, (Pick, Drop)) and action.card not in CARD_LOGISTICS:
            raise RuleError("core.bad_action", code=code[:100])
        return action

    def validate_loadout(self, code: str) -> str:
        """A deck code, normalized; at least the smaller format's 20 cards. Format and bans
        of a particular table are checked when the deck is chosen at that table."""
        norm = normalize_deck(code)
        if deck_size(norm) < min(FORMAT_MIN.values()):
            raise RuleError("ironfire.deck.too_small", size=deck_size(norm), need=min(FORMAT_MIN.values()))
        return norm

    def loadout_presets(self) -> dict[str, str]:
        return {name: code for name, (_, code, _) in PRESETS.items()}

    # ---- setup ----
    def setup(self, seats: list[Seat], options: IronOptions, seed: int) -> Step:
        if not self.min_players <= len(seats) <= self.max_players:
            raise RuleError("ironfire.players", n=len(seats))
        state = IronState(
            rng=GameRng.from_seed(seed),
            options=options,
            players=[Player(name=s.name, ready=False) for s in seats],
        )
        events = [Event.public("ironfire.start", format=f"@ironfire.format.{options.format}",
                               fog="@ironfire.fog." + ("on" if options.fog_of_war else "off"),
                               match=options.match, bans=options.bans or "@core.none")]
        return step_of(state, events)

    # ---- helpers ----
    @staticmethod
    def _seat_of(slot: str) -> int:
        return _SEAT_OF.get(slot[:1], -1)

    @staticmethod
    def _unit(state: IronState, slot: str) -> Unit | None:
        seat = _SEAT_OF.get(slot[:1], -1)
        if seat < 0 or seat >= len(state.players):
            return None
        for u in state.players[seat].army:
            if u.slot == slot:
                return u
        return None

    def _has(self, player: Player, unit: Unit, ability: str) -> bool:
        """401.2: a unit has an ability when its card lists it and the card is in play."""
        if not player.abilities or ability not in UNIT_ABILITIES[unit.card]:
            return False
        return any(GRANTS[a] == ability for a in player.abilities)

    def has_ability(self, player: Player, unit: Unit, ability: str) -> bool:
        """401.2, for bots and faces: whether `unit` of `player` has `ability` now."""
        return self._has(player, unit, ability)

    @staticmethod
    def grants(player: Player, ability: str) -> bool:
        """Whether `player` has an ability card in play granting `ability` (401.2), to the cards
        that list it: public, as ability cards lie face up."""
        return any(GRANTS[a] == ability for a in player.abilities)

    def valid_targets(self, state: IronState, seat: int, opt: AttackFacts) -> list[Unit]:
        """The cards an attack of `opt` by `seat` may target now, for the faces (its damage range)."""
        return self._valid_targets(state, seat, opt, [])

    @staticmethod
    def seen_cards(player: Player) -> dict[str, int]:
        """The cards of a deck the table sees in play now: army cards it has seen, ability
        cards and the discard pile."""
        out: dict[str, int] = {}
        for key in [u.card for u in player.army if u.shown] + player.abilities + player.discard:
            out[key] = out.get(key, 0) + 1
        return out

    @staticmethod
    def army_logistics(player: Player) -> int:
        total = 0
        for u in player.army:
            total += UNIT_LOGISTICS[u.card]
        for a in player.abilities:
            total += ABILITY_LOGISTICS[a]
        return total

    def _affordable(self, player: Player, opt: AttackFacts, extra: int = 0) -> bool:
        """207.3: an attack that costs logistics needs more spare logistics than its cost."""
        if opt.cost == 0:
            return True
        return player.logistics - self.army_logistics(player) - extra > opt.cost

    def seats_in_play(self, state: IronState) -> list[int]:
        """103.1: a seat whose combat cards are all destroyed is out; before the match's last
        game it is back in the next one, so only a resignation (100.6) takes it out for good."""
        if state.finished:
            return []
        if state.game_no < state.options.match:
            return [i for i, p in enumerate(state.players) if not p.resigned]
        return self._live_seats(state)

    def _live_seats(self, state: IronState) -> list[int]:
        return [i for i, p in enumerate(state.players) if not p.out]

    def _order(self, state: IronState) -> tuple[int, ...]:
        return _ORDERS[len(state.players)][state.first]

    def _valid_targets(self, state: IronState, seat: int, opt: AttackFacts, hit: list[str]) -> list[Unit]:
        if opt.own:
            return [u for u in state.players[seat].army if u.slot not in hit and UNIT_CLS[u.card] in opt.vs]
        out = []
        for s, p in enumerate(state.players):
            if s == seat or p.out:
                continue
            for u in p.army:
                if u.slot in hit:
                    continue
                if not u.up or UNIT_CLS[u.card] in opt.vs:
                    out.append(u)
        return out

    def _is_target(self, state: IronState, seat: int, opt: AttackFacts, hit: list[str], unit: Unit) -> bool:
        """Whether `unit` is among `_valid_targets(state, seat, opt, hit)`, without building them."""
        if unit.slot in hit:
            return False
        tseat = self._seat_of(unit.slot)
        if opt.own:
            return tseat == seat and UNIT_CLS[unit.card] in opt.vs
        return tseat != seat and not state.players[tseat].out and (not unit.up or UNIT_CLS[unit.card] in opt.vs)

    def _any_target(self, state: IronState, seat: int, opt: AttackFacts, hit: list[str] = ()) -> bool:
        """Whether `_valid_targets(state, seat, opt, hit)` is non-empty, without building it."""
        if opt.own:
            return any(UNIT_CLS[u.card] in opt.vs and u.slot not in hit for u in state.players[seat].army)
        for s, p in enumerate(state.players):
            if s != seat and not p.out:
                for u in p.army:
                    if (not u.up or UNIT_CLS[u.card] in opt.vs) and u.slot not in hit:
                        return True
        return False

    def _can_attack(self, state: IronState, seat: int) -> bool:
        p = state.players[seat]
        return not p.out and bool(self._turn_listing(state, seat)[1][0])

    def _in_round(self, state: IronState, seat: int) -> bool:
        """Whether `seat` still gets turns (and answers) in this round. Under fog the table
        cannot tell whether a face-down card can attack (its class, cut-off and the army's
        spare logistics are hidden), so a seat holding one stays in until it ends its attacks
        (ruling 22): whose turn it is must not tell what lies face down."""
        self._next = None
        p = state.players[seat]
        if p.out or p.done:
            return False
        if state.options.fog_of_war and any(not u.up for u in p.army):
            return True
        # the attacks it could make decide it; they are most of its next listing, kept (`_next`)
        listing = self._turn_listing(state, seat)
        if not listing[1][0]:
            return False
        self._next = (state, seat, listing, self._applying)
        return True

    # Public queries, for the text, the bot and determinization: the same the rules use.
    seat_of = _seat_of  # (slot): the seat a unit slot belongs to, -1 if none
    unit = _unit  # (state, slot): the unit in `slot`, or None
    can_attack = _can_attack  # (state, seat): whether the seat has an attack it can declare

    def _focus_candidates(self, state: IronState, seat: int, target: Unit, free_only: bool,
                          only: Unit | None = None) -> list[tuple[Unit, AttackFacts]]:
        """The (card, option) pairs of the seat that may join a focus fire on `target` (102.3):
        free ones only when the focus is declared, affordable ones (207.3) when joining;
        `only`: those of that card alone."""
        cls = UNIT_CLS[target.card]
        player = state.players[seat]
        out = []
        members = {m[0] for m in state.focus.members} if state.focus else set()
        spare = None  # summed once, when an option costs logistics
        for u in player.army if only is None else [only]:
            if u.slot in members or u.attacked or (u.cut and not self._has(player, u, "captured")):
                continue
            for o in ATTACKS[u.card]:
                if o.own or cls not in o.vs:
                    continue
                if o.cost:
                    if free_only:
                        continue
                    if spare is None:
                        spare = player.logistics - self.army_logistics(player)
                    if not spare > o.cost:  # as _affordable
                        continue
                out.append((u, o))
        return out

    focus_candidates = _focus_candidates  # (state, seat, target, free_only): who may join a focus on `target`

    # ---- whose input ----
    def active_seats(self, state: IronState) -> list[int]:
        if state.phase in ("deck", "army", "recount"):
            return [i for i, p in enumerate(state.players) if not p.ready and not p.out]
        seat = self._one_awaited(state)
        return [] if seat is None else [seat]

    def _one_awaited(self, state: IronState) -> int | None:
        """The seat awaited in the phases where one seat acts at a time (first, battle)."""
        ph = state.phase
        if ph == "battle":
            if state.attack is not None:
                return state.attack.seat
            focus = state.focus
            if focus is not None:
                return _SEAT_OF.get(focus.target[:1], -1) if focus.declared else focus.seat
            return state.turn
        if ph == "first":
            return state.chooser
        return None

    # ---- legal actions ----
    def _awaits(self, state: IronState, seat: int) -> bool:
        """`seat in self.active_seats(state)`, without building the list."""
        if state.phase in ("deck", "army", "recount"):
            if not 0 <= seat < len(state.players):
                return False
            p = state.players[seat]
            return not p.ready and not p.out
        awaited = self._one_awaited(state)
        return awaited is not None and awaited == seat

    def legal_actions(self, state: IronState, seat: int) -> list[IronAction]:
        if not self._awaits(state, seat):
            return []
        p = state.players[seat]
        ph = state.phase
        if ph == "deck":
            return list(_deck_choices(state.options.format, state.options.bans))
        if ph == "first":
            return [_FIRST[s] for s in self._live_seats(state)]
        if ph == "army":
            army = self._army_listing(state, seat)
            acts: list[IronAction] = self._picks(army.keys, p.logistics - army.cost)
            if p.edits < MAX_EDITS or not army.combat:  # never leave a seat without a move
                acts += map(_DROP.__getitem__, army.drops)
            if army.combat:  # a combat card is picked
                acts.append(_READY)
            return acts
        if ph == "recount":
            if p.need_cut > 0:
                return [_CUT[u.slot] for u in p.army if not u.cut]
            room = p.logistics - self.army_logistics(p)
            for c in p.picked:
                room -= CARD_LOGISTICS[c.card]
            acts = []
            if len(p.picked) < MAX_REINFORCE and not UNIT_CLS.keys().isdisjoint(p.reserve):
                acts = self._picks(dict.fromkeys(p.reserve), room)
            return acts + [_READY]
        if ph != "battle":
            return []
        if state.attack is not None:
            ctx = state.attack
            attacker = self._unit(state, ctx.unit)
            opt = OPTION[attacker.card, ctx.option]
            targets = self._valid_targets(state, seat, opt, ctx.hit)
            self._listed = (state, seat, Hit, (attacker, opt, targets))
            return [_HIT[u.slot] for u in targets] + [_STOP]
        if state.focus is not None and not state.focus.declared:
            target = self._unit(state, state.focus.target)
            pairs = self._focus_candidates(state, seat, target, False)
            self._listed = (state, seat, Join, (target, pairs))
            acts = [_JOIN[u.slot, o.key] for u, o in pairs]
            if len(state.focus.members) >= 2:
                acts.append(_FIRE)
            return acts
        kept = self._next
        if kept is not None and kept[0] is state and kept[1] == seat and kept[3] is state:
            self._next = None  # made by the apply that led here, after its last change (see `_next`)
            acts, parts = kept[2]
        else:
            acts, parts = self._turn_listing(state, seat)
        self._listed = (state, seat, Attack, parts)
        return acts

    def _turn_listing(self, state: IronState, seat: int) -> tuple[list[IronAction], tuple]:
        """The listing of a seat whose turn it is, or which answers a focus fire (102.2, 102.3,
        ruling 22), with what `_listed` keeps of it: the (card, option) pairs of its attacks
        and the focus fire targets. `_can_attack` is whether the pairs are not empty.

        The attacks (206, 207.3, 207.4): each option of each card that has not attacked this
        round and is not cut off from logistics unless captured supplies let it, that the
        spare logistics pay for, and that has a target: an own card of its classes (healing,
        207.2) or an enemy card in play of its classes or face down (fog of war: any option
        may aim at it, 101.5). Class sets are bits (`CLASS_BIT`), the enemy's taken in one
        pass; which options of a card that only has free attacks on enemies are usable
        depends on those bits alone and is kept per (card, bits)."""
        p = state.players[seat]
        enemy = 0  # classes of the enemy cards in play face up
        down = False  # an enemy card in play is face down
        ups: list[Unit] = []  # the enemy cards face up, in seat and army order
        for s, other in enumerate(state.players):
            if s != seat and not other.out:
                for u in other.army:
                    if u.up:
                        enemy |= UNIT_BIT[u.card]
                        ups.append(u)
                    else:
                        down = True
        pairs: list[tuple[Unit, AttackFacts]] = []
        acts: list[IronAction] = []
        once = twice = 0  # the classes one, and two or more, ready cards could focus fire on
        spare = None  # the spare logistics (207.3), summed only when an option costs some
        own = None  # classes among the seat's own cards
        for u in p.army:
            if u.attacked or (u.cut and not self._has(p, u, "captured")):
                continue
            card = u.card
            bits = FREE_BITS[card]
            twice |= once & bits
            once |= bits
            if card in PLAIN:
                opts = ATTACKS[card] if down else _PLAIN_USABLE.get((card, enemy))
                if opts is None:
                    opts = _plain_usable(card, enemy)
            else:
                opts = []
                for o in ATTACKS[card]:
                    if o.cost:
                        if spare is None:
                            spare = p.logistics - self.army_logistics(p)
                        if not spare > o.cost:
                            continue
                    if o.own:
                        if own is None:
                            own = 0
                            for v in p.army:
                                own |= UNIT_BIT[v.card]
                        if not own & o.vs_bits:
                            continue
                    elif not (down or enemy & o.vs_bits):
                        continue
                    opts.append(o)
            for o in opts:
                pairs.append((u, o))
                acts.append(_ATTACK[u.slot, o.key])
        focus_targets: list[Unit] = []
        parts = (pairs, focus_targets)
        if state.focus is not None or state.options.fog_of_war:  # answering a focus fire (102.3), ruling 22
            acts.append(_PASS)
        if state.focus is not None:
            return acts, parts
        if twice:  # focus fire (102.3) on a card face up of a class two ready cards may attack free
            for u in ups:
                if UNIT_BIT[u.card] & twice:
                    acts.append(_FOCUS[u.slot])
                    focus_targets.append(u)
        return acts, parts

    @staticmethod
    def _picks(keys: Iterable[str], room: int) -> list[IronAction]:
        """A pick of each card of `keys` (the reserve's cards, each once, in reserve order)
        that fits in `room` logistics."""
        if room >= MOST_LOGISTICS:  # every card fits (the usual case early in army selection)
            return list(map(_PICK.__getitem__, keys))
        return list(map(_PICK.__getitem__, filter(_FITS[max(room, 0)].__contains__, keys)))

    # army selection (101.4): what its listing is made of, per seat, kept up to date by `apply`
    # (each pick or drop changes a few of them) instead of rebuilt from the seat's whole reserve
    # at every decision. `_army_listing` checks that an entry is of that very state and of the
    # lists the player holds now (a copy, a new game's lists or lists resized by hand make a
    # new one); `invalidate(state)` drops them after other changes by hand, and `invariants`
    # compares them with fresh ones, so random playouts catch a stale one.
    _army: dict[int, _ArmyListing] | None = None

    def _army_listing(self, state: IronState, seat: int) -> _ArmyListing:
        p = state.players[seat]
        army = self._army.get(seat) if self._army is not None else None
        if army is None or army.state is not state or army.reserve is not p.reserve or army.picked is not p.picked \
                or len(p.reserve) != army.size or len(p.picked) != len(army.picked_keys):  # as `holds`
            if self._army is None:
                self._army = {}
            army = self._army[seat] = _ArmyListing.of(state, p)
        return army

    # ---- apply ----
    # What the last battle listing was made of, (state, seat, kind, parts): for Hit the
    # attacker, its option and the targets; for Join the focus target and the (card, option)
    # pairs; for Attack the (card, option) pairs and the focus fire targets. `apply` skips its
    # checks for an action of the listing (found by `_known`) when asked about that very state
    # object and seat, as a caller choosing from the listing does at every decision. Only
    # `apply` and `resign` change a state, and both drop the listing first; a copy of the state
    # is another object, so it never matches. Listed actions are the shared objects of
    # `_Actions`: an action parsed from text, even an equal one, is another object and is
    # checked in full (tests edit states by hand between listing and playing).
    _listed: tuple[IronState, int, type, tuple] | None = None

    @staticmethod
    def _known(kind: type, parts: tuple, action: IronAction) -> Any:
        """What the listing holds for `action` (see `_listed`), or None when it is not listed."""
        cls = type(action)
        if cls is Hit and kind is Hit:
            attacker, opt, targets = parts
            slot = action.target
            for u in targets:
                if u.slot == slot:
                    return (attacker, opt, u) if _HIT[slot] is action else None
        elif cls is Join and kind is Join:
            target, pairs = parts
            slot, key = action.unit, action.option
            for u, o in pairs:
                if u.slot == slot and o.key == key:
                    return (target, u, o) if _JOIN[slot, key] is action else None
        elif cls is Attack and kind is Attack:
            slot, key = action.unit, action.option
            for u, o in parts[0]:
                if u.slot == slot and o.key == key:
                    return (u, o) if _ATTACK[slot, key] is action else None
        elif cls is Focus and kind is Attack:
            slot = action.target
            for u in parts[1]:
                if u.slot == slot:
                    return u if _FOCUS[slot] is action else None
        return None

    # The next turn's listing, (state, seat, (actions, parts), made in apply of): `_in_round`
    # works out the attacks a seat could make to know whether it still plays in the round, and
    # the seat it finds gets the turn (or answers a focus fire) with nothing changed after,
    # so what it worked out is that seat's next listing. `legal_actions` takes it once, for
    # that very state object and seat, and only when it was made inside `apply` of that state
    # (`_applying`): rounds started or ended by other means (tests call `_end_round`) and a
    # state changed by hand after apply are listed afresh; call `invalidate(state)` after such
    # a change if an apply made a listing just before (the name conflict and fleet use). `invariants` compares a kept listing with a
    # fresh one, so random playouts catch a stale one.
    _next: tuple[IronState, int, tuple, IronState | None] | None = None
    _applying: IronState | None = None

    def invalidate(self, state: IronState) -> None:
        """Drop what the engine keeps of the last listing and apply (`_listed`, `_next`, `_army`)
        of `state`: for code that changes a state by hand (tests setting up a scenario) between
        an apply and the next listing."""
        if self._listed is not None and self._listed[0] is state:
            self._listed = None
        if self._next is not None and self._next[0] is state:
            self._next = None
        if self._army:
            for seat, army in list(self._army.items()):
                if army.state is state:
                    del self._army[seat]

    def apply(self, state: IronState, seat: int, action: IronAction) -> Step:
        listed, self._listed = self._listed, None  # the state changes from here on
        self._next = None
        if state.phase == "over":
            raise RuleError("ironfire.over")
        if not self._awaits(state, seat):
            raise RuleError("core.not_your_turn")
        self._applying = state
        try:
            if state.phase == "battle":
                known = None
                if listed is not None and listed[0] is state and listed[1] == seat:
                    known = self._known(listed[2], listed[3], action)
                return self._do_battle(state, seat, action, known)
            return self._PHASES[state.phase](self, state, seat, action)
        finally:
            self._applying = None

    def _wrong(self, action: IronAction) -> RuleError:
        return RuleError("ironfire.not_now", action=action.kind)

    # deck (100.2-100.5)
    def _do_deck(self, state: IronState, seat: int, action: IronAction) -> Step:
        if not isinstance(action, ChooseDeck):
            raise self._wrong(action)
        fmt = state.options.format
        if action.choice in PRESETS:
            pfmt, code, _ = PRESETS[action.choice]
            if pfmt != fmt:
                raise RuleError("ironfire.deck.wrong_format", deck=action.choice, format=f"@ironfire.format.{fmt}")
        else:
            code = normalize_deck(action.choice)
        size = deck_size(code)
        if size < FORMAT_MIN[fmt]:
            raise RuleError("ironfire.deck.too_small", size=size, need=FORMAT_MIN[fmt])
        banned = state.options.bans and state.options.banned() & {k for k, _ in parse_deck(code)}
        if banned:
            raise RuleError("ironfire.deck.banned", cards=[CARD_NAMES[k] for k in sorted(banned)])
        p = state.players[seat]
        p.deck = code
        p.deck_n = size
        p.ready = True
        events = [Event.public("ironfire.deck_chosen", name=p.name, size=size),
                  Event.private(seat, "ironfire.deck_yours", code=code)]
        if all(pl.ready for pl in state.players if not pl.out):
            events += self._start_game(state)
        return step_of(state, events)

    def _start_game(self, state: IronState) -> list[Event]:
        """101.1 first player; the loser of the previous game chooses (after game 1)."""
        for p in state.players:
            p.ready = True
        if state.game_no == 1:
            return self._roll_first(state)
        state.phase = "first"
        return [Event.public("ironfire.choose_first", name=state.players[state.chooser].name)]

    def _roll_first(self, state: IronState) -> list[Event]:
        events: list[Event] = []
        tied = self._live_seats(state)
        while len(tied) > 1:
            rolls = {}
            for s in tied:
                rolls[s] = state.rng.die(6)
                events.append(roll_event(state.players[s].name, "@ironfire.roll.first", [rolls[s]], rolls[s]))
            best = max(rolls.values())
            tied = [s for s in tied if rolls[s] == best]
        state.first = tied[0]
        events.append(Event.public("ironfire.first", name=state.players[state.first].name))
        return events + self._prepare(state)

    def _do_first(self, state: IronState, seat: int, action: IronAction) -> Step:
        if not isinstance(action, ChooseFirst):
            raise self._wrong(action)
        if not 0 <= action.seat < len(state.players) or state.players[action.seat].out:
            raise RuleError("ironfire.no_seat", seat=action.seat)
        state.first = action.seat
        events = [Event.public("ironfire.first_chosen", name=state.players[seat].name,
                               first=state.players[action.seat].name)]
        return step_of(state, events + self._prepare(state))

    def _prepare(self, state: IronState) -> list[Event]:
        """101.2 environment, 101.3 logistics, 102.1 rounds, then secret army selection."""
        rng = state.rng
        roll = rng.die(6)
        state.env = "mountain" if roll in (4, 6) else "city" if roll == 5 else "normal"
        events = [roll_event(state.players[state.first].name, "@ironfire.roll.env", [roll], roll),
                  Event.public("ironfire.env_set", env=f"@ironfire.env.{state.env}")]
        live = self._live_seats(state)
        mode = state.options.logistics
        if mode == "shared":
            dice = rng.dice(2, 6)
            for s in live:
                state.players[s].logistics = 38 + sum(dice)
            events.append(roll_event(state.players[state.first].name, "@ironfire.roll.logistics", dice, 38 + sum(dice)))
        elif mode == "each":
            for s in live:
                dice = rng.dice(2, 6)
                state.players[s].logistics = 38 + sum(dice)
                events.append(roll_event(state.players[s].name, "@ironfire.roll.logistics", dice, 38 + sum(dice)))
        else:
            for s in live:
                state.players[s].logistics = int(mode)
        low = min(state.players[s].logistics for s in live)
        state.rounds = rounds_for(low)
        events.append(Event.public("ironfire.logistics", values=[
            f"{state.players[s].name} {state.players[s].logistics}" for s in live], rounds=state.rounds))
        for s in live:
            p = state.players[s]
            p.reserve = list(deck_cards(p.deck))
            p.reserve_id = rng.token("r")
            p.picked, p.army, p.abilities, p.discard = [], [], [], []
            p.pending, p.edits, p.next_slot, p.need_cut = 0, 0, 1, 0
            p.ready = False
        state.shown_order = {}
        state.phase = "army"
        state.round = 0
        events.append(Event.public("ironfire.select_army"))
        return events

    # army selection (101.4), secret and simultaneous
    def _do_army(self, state: IronState, seat: int, action: IronAction) -> Step:
        p = state.players[seat]
        army = self._army_listing(state, seat)
        if isinstance(action, Pick):
            key = action.card
            if key not in army.keys:
                raise RuleError("ironfire.not_in_deck", card=_name(key))
            room = p.logistics - army.cost
            cost = CARD_LOGISTICS[key]
            if cost > room:
                raise RuleError("ironfire.over_budget", card=_name(key), cost=cost, room=room)
            army.pick(key)
            p.picked.append(DeckCard(uid=state.rng.token("k"), card=key))
            p.edits += 1
            return step_of(state, [Event.private(seat, "ironfire.picked", card=_name(key),
                                                 used=p.logistics - room + cost, budget=p.logistics)])
        if isinstance(action, Drop):
            key = action.card
            if key not in army.drops:
                raise RuleError("ironfire.not_picked", card=_name(key))
            if p.edits >= MAX_EDITS and army.combat:
                raise RuleError("ironfire.too_many_edits", n=MAX_EDITS)
            del p.picked[army.drop(key)]
            p.edits += 1
            return step_of(state, [Event.private(seat, "ironfire.dropped", card=_name(key))])
        if isinstance(action, Ready):
            if not army.combat:
                raise RuleError("ironfire.army_empty")
            p.ready = True
            events = [Event.public("ironfire.army_ready", name=p.name)]
            if all(pl.ready for pl in state.players if not pl.out):
                events += self._reveal_armies(state)
            return step_of(state, events)
        raise self._wrong(action)

    def _place(self, state: IronState, seat: int, cards: list[DeckCard]) -> None:
        p = state.players[seat]
        fog = state.options.fog_of_war
        for c in cards:
            if c.card in GRANTS:  # an ability card (401)
                p.abilities.append(c.card)
                continue
            p.army.append(Unit(uid=c.uid, card=c.card, slot=f"{LETTERS[seat]}{p.next_slot}",
                               cv=UNIT_CV[c.card], heavy=False, cut=False, attacked=False,
                               up=not fog, shown=not fog))
            p.next_slot += 1
            if not fog:
                state.shown_order.setdefault(c.card, []).append(p.army[-1].slot)

    def _reveal_armies(self, state: IronState) -> list[Event]:
        events = []
        fog = state.options.fog_of_war
        for s in self._live_seats(state):
            p = state.players[s]
            if fog:  # face down, the order must tell nothing (by class it told the classes)
                state.rng.shuffle(p.picked)
            else:
                self._sort_by_class(p.picked)
            self._place(state, s, p.picked)
            p.picked = []
            p.ready = True
            if fog:
                events.append(Event.public("ironfire.army_hidden", name=p.name, n=len(p.army),
                                           abilities=[_name(a) for a in p.abilities] or "-"))
            else:
                events.append(Event.public("ironfire.army", name=p.name, cards=[
                    _name(u.card) for u in p.army], abilities=[_name(a) for a in p.abilities] or "@core.none"))
        return events + self._start_round(state)

    @staticmethod
    def _sort_by_class(cards: list[DeckCard]) -> None:
        """101.4: the army is laid out by class."""
        cards.sort(key=lambda c: _CLASS_ORDER[UNIT_CLS[c.card]] if c.card in UNIT_CLS else 9)

    # rounds (102)
    def _start_round(self, state: IronState) -> list[Event]:
        state.phase = "battle"
        state.round += 1
        for p in state.players:
            p.done = False
            for u in p.army:
                u.attacked = False
        events = [Event.public("ironfire.round", round=state.round, rounds=state.rounds)]
        for s in self._order(state):
            if self._in_round(state, s):
                state.turn = s
                return events
        return events + self._end_round(state)

    def _end_turn(self, state: IronState, seat: int) -> list[Event]:
        state.attack = None
        if state.phase != "battle":
            return []
        order = self._order(state)
        i = order.index(seat)
        for k in range(1, len(order) + 1):
            s = order[(i + k) % len(order)]
            if self._in_round(state, s):
                state.turn = s
                return []
        return self._end_round(state)

    def _end_round(self, state: IronState) -> list[Event]:
        events = [Event.public("ironfire.round_end", round=state.round)]
        state.attack = state.focus = None
        for s in self._live_seats(state):  # 207.5: logistics effects land now, for the next round
            p = state.players[s]
            if p.pending:
                p.logistics = max(0, p.logistics + p.pending)
                events.append(Event.public("ironfire.logistics_change", name=p.name, delta=f"{p.pending:+d}",
                                           value=p.logistics))
                p.pending = 0
        if state.round >= state.rounds:
            return events + self._tally(state)
        for s in self._live_seats(state):  # 102.5 restore (not after the last round)
            p = state.players[s]
            for u in p.army:
                full = UNIT_CV[u.card]
                if u.heavy and self._has(p, u, "repair"):
                    u.heavy = False
                    u.cv = full
                    events.append(Event.public("ironfire.repaired", unit=self._label(u)))
                elif not u.heavy:
                    u.cv = full
        events.append(Event.public("ironfire.restored"))
        # 102.4 recount: reinforce below the budget, cut off above it
        state.phase = "recount"
        for s in self._live_seats(state):
            p = state.players[s]
            for u in p.army:
                u.cut = False
            p.picked = []
            total = self.army_logistics(p)
            p.need_cut = max(0, total - p.logistics)
            # A seat is passed over only when the table can see it has nothing to do: whether it
            # can reinforce (102.4: a combat card left that fits) depends on its secret reserve,
            # and under fog of war its total is secret too, so being waited for or not would
            # tell the others what it holds. Such a seat confirms with `ready`.
            fog = state.options.fog_of_war
            p.ready = not (fog or p.need_cut > 0 or (p.reserve and total < p.logistics))
            if p.need_cut:  # with fog of war the army's total is the owner's to know
                make = Event.private if fog else (lambda _s, k, **kw: Event.public(k, **kw))
                events.append(make(s, "ironfire.must_cut", name=p.name, total=total, budget=p.logistics,
                                   need=p.need_cut))
        if all(state.players[s].ready for s in self._live_seats(state)):
            events += self._finish_recount(state)
        return events

    def _do_recount(self, state: IronState, seat: int, action: IronAction) -> Step:
        p = state.players[seat]
        if isinstance(action, Cut):
            if p.need_cut <= 0:
                raise RuleError("ironfire.no_cut_needed")
            unit = self._unit(state, action.unit)
            if unit is None or self._seat_of(action.unit) != seat:
                raise RuleError("ironfire.not_yours", unit=action.unit)
            if unit.cut:
                raise RuleError("ironfire.already_cut", unit=action.unit)
            unit.cut = True
            p.need_cut = max(0, p.need_cut - UNIT_LOGISTICS[unit.card])
            if p.need_cut == 0:
                p.ready = True
            if state.options.fog_of_war:  # a cut tells the army's total, the owner's to know (101.5)
                events = [Event.private(seat, "ironfire.cut", name=p.name, unit=self._label(unit))]
            else:
                events = [Event.public("ironfire.cut", name=p.name, unit=self._label(unit))]
        elif isinstance(action, Pick):
            if p.need_cut > 0:
                raise RuleError("ironfire.must_cut_first", need=p.need_cut)
            if len(p.picked) >= MAX_REINFORCE:
                raise RuleError("ironfire.reinforce_max", n=MAX_REINFORCE)
            if UNIT_CLS.keys().isdisjoint(p.reserve):
                raise RuleError("ironfire.no_combat_left")
            if action.card not in p.reserve:
                raise RuleError("ironfire.not_in_deck", card=_name(action.card))
            room = p.logistics - self.army_logistics(p)
            for c in p.picked:
                room -= CARD_LOGISTICS[c.card]
            if CARD_LOGISTICS[action.card] > room:
                raise RuleError("ironfire.over_budget", card=_name(action.card), cost=CARD_LOGISTICS[action.card],
                                room=room)
            p.reserve.remove(action.card)
            card = DeckCard(uid=state.rng.token("k"), card=action.card)
            p.picked.append(card)
            cost = CARD_LOGISTICS[action.card]  # what it costs and what is left to spend (102.4)
            events = [Event.private(seat, "ironfire.reinforce_pick", card=_name(card.card), cost=cost,
                                    left=room - cost, budget=p.logistics)]
        elif isinstance(action, Ready):
            if p.need_cut > 0:
                raise RuleError("ironfire.must_cut_first", need=p.need_cut)
            p.ready = True
            events = []
        else:
            raise self._wrong(action)
        if all(state.players[s].ready for s in self._live_seats(state)):
            events += self._finish_recount(state)
        return step_of(state, events)

    def _finish_recount(self, state: IronState) -> list[Event]:
        events = []
        fog = state.options.fog_of_war
        for s in self._live_seats(state):
            p = state.players[s]
            if p.picked:
                if fog:
                    events.append(Event.public("ironfire.reinforced_hidden", name=p.name, n=len(p.picked)))
                else:
                    events.append(Event.public("ironfire.reinforced", name=p.name,
                                               cards=[_name(c.card) for c in p.picked]))
                self._place(state, s, p.picked)
                p.picked = []
            if fog:  # 101.5: shuffle and turn face down; new labels and tokens
                state.rng.shuffle(p.army)
                for i, u in enumerate(p.army):
                    u.slot = f"{LETTERS[s]}{i + 1}"
                    u.up = False
                    u.uid = state.rng.token("u")
                p.next_slot = len(p.army) + 1
        if fog:  # the cards shown so far are now face down and relabelled: their ordinals go
            state.shown_order = {key: [""] * len(slots) for key, slots in state.shown_order.items()}
            events.append(Event.public("ironfire.shuffled"))
        return events + self._start_round(state)

    # battle (102.2, 102.3, 203, 207)
    def _do_battle(self, state: IronState, seat: int, action: IronAction, known: Any = None) -> Step:
        """`known`: what the listing just made for this state and seat holds for `action`
        (see `_listed`), or None: then every check runs."""
        if state.attack is not None:
            return self._do_aim(state, seat, action, known)
        focus = state.focus
        if focus is not None and not focus.declared:
            return self._do_focus_build(state, seat, action, known)
        if isinstance(action, Pass):
            if focus is None and state.options.fog_of_war:  # ruling 22
                state.players[seat].done = True
                return Step(state=state, events=[Event.public("ironfire.attacks_done", name=state.players[seat].name)]
                            + self._end_turn(state, seat))
            if focus is None:
                raise RuleError("ironfire.cannot_pass")
            return step_of(state, [Event.public("ironfire.answer_pass", name=state.players[seat].name)]
                           + self._strike(state))
        if isinstance(action, Attack):
            if known is not None:
                unit, opt = known
            else:
                unit = self._unit(state, action.unit)
                if unit is None or self._seat_of(action.unit) != seat:
                    raise RuleError("ironfire.not_yours", unit=action.unit)
                opt = OPTION.get((unit.card, action.option))
                if opt is None:
                    raise RuleError("ironfire.no_option", unit=action.unit, option=action.option,
                                    options=",".join(o.key for o in POOL.combat[unit.card].attack))
                self._check_can_attack(state, seat, unit, opt)
            return step_of(state, self._declare(state, seat, unit, opt))
        if isinstance(action, Focus):
            if known is not None:
                target = known
            else:
                if focus is not None:
                    raise self._wrong(action)
                target = self._unit(state, action.target)
                if target is None or self._seat_of(action.target) == seat:
                    raise RuleError("ironfire.bad_target", target=action.target)
                if not target.up:
                    raise RuleError("ironfire.focus_face_down", target=action.target)
                if len(self._focus_candidates(state, seat, target, True)) < 2:
                    raise RuleError("ironfire.focus_needs_two")
            state.focus = FocusCtx(seat=seat, target=target.slot, members=[], declared=False, answers_left=0)
            return step_of(state, [Event.public("ironfire.focus", name=state.players[seat].name,
                                                target=self._label(target))])
        raise self._wrong(action)

    _PHASES = {"deck": _do_deck, "first": _do_first, "army": _do_army, "recount": _do_recount}  # battle: see apply

    def _reveal(self, state: IronState, unit: Unit) -> Event:
        """101.5: a card turned face up shows its combat value left and its state ("后勤断绝与
        重创状态只有翻开时才公开"), as the message says."""
        unit.up = unit.shown = True
        state.shown_order.setdefault(unit.card, []).append(unit.slot)
        flags = _REVEAL_FLAGS[(unit.heavy, unit.cut)]
        return Event.public("ironfire.reveal", unit=self._label(unit), cv=unit.cv, max=UNIT_CV[unit.card],
                            flags=flags)

    def _check_can_attack(self, state: IronState, seat: int, unit: Unit, opt: AttackFacts) -> None:
        p = state.players[seat]
        if unit.attacked:
            raise RuleError("ironfire.already_attacked", unit=unit.slot)
        if unit.cut and not self._has(p, unit, "captured"):
            raise RuleError("ironfire.cut_off", unit=unit.slot)
        if not self._affordable(p, opt):
            raise RuleError("ironfire.no_logistics", cost=opt.cost,
                            spare=p.logistics - self.army_logistics(p))
        if not self._any_target(state, seat, opt):
            raise RuleError("ironfire.no_targets", option=f"@ironfire.opt.{opt.key}")

    def _declare(self, state: IronState, seat: int, unit: Unit, opt: AttackFacts) -> list[Event]:
        p = state.players[seat]
        events = []
        if not unit.up:
            events.append(self._reveal(state, unit))
        unit.attacked = True
        if opt.cost:
            p.logistics -= opt.cost
        if opt.own_logistics:
            p.pending += opt.own_logistics
        n = self._roll(state, p.name, opt.n, "@ironfire.roll.attacks")
        t = self._roll(state, p.name, opt.targets, "@ironfire.roll.targets")
        events += n[1] + t[1]  # the rolls, then what they decided
        events.append(Event.public("ironfire.attack", name=p.name, unit=self._label(unit), option=f"@ironfire.opt.{opt.key}",
                                   n=n[0], targets=t[0], cost=opt.cost))
        state.attack = AttackCtx(seat=seat, unit=unit.slot, option=opt.key, n=n[0], targets_left=t[0],
                                 hit=[], hit_seats=[])
        if n[0] <= 0 or t[0] <= 0:
            return events + self._finish_attack(state)
        return events

    @staticmethod
    def _roll(state: IronState, who: str, dice, what: str) -> tuple[int, list[Event]]:
        if dice.fixed:
            return dice.plus, []
        rolled = state.rng.dice(dice.count, dice.sides)
        total = sum(rolled) + dice.plus
        return total, [roll_event(who, what, rolled, total, plus=dice.plus, notation=f"{dice.count}d{dice.sides}")]

    def _do_aim(self, state: IronState, seat: int, action: IronAction, known: Any) -> Step:
        ctx = state.attack
        if known is not None:
            attacker, opt, target = known
        else:
            attacker = self._unit(state, ctx.unit)
            opt = OPTION[attacker.card, ctx.option]
            if isinstance(action, Stop):
                return step_of(state, [Event.public("ironfire.stop", name=state.players[seat].name)]
                               + self._finish_attack(state))
            if not isinstance(action, Hit):
                raise self._wrong(action)
            target = self._unit(state, action.target)
            if target is None or not self._is_target(state, seat, opt, ctx.hit, target):
                raise RuleError("ironfire.bad_target", target=action.target)
        events = []
        ctx.hit.append(target.slot)
        ctx.targets_left -= 1
        if not target.up:
            events.append(self._reveal(state, target))
        if UNIT_CLS[target.card] not in opt.vs:  # a face-down card of another class (fog)
            events.append(Event.public("ironfire.wrong_class", unit=self._label(target), option=f"@ironfire.opt.{opt.key}"))
        else:
            tseat = self._seat_of(target.slot)
            if not opt.own and opt.enemy_logistics and tseat not in ctx.hit_seats:
                ctx.hit_seats.append(tseat)
                state.players[tseat].pending += opt.enemy_logistics
                events.append(Event.public("ironfire.logistics_hit", name=state.players[tseat].name,
                                           delta=f"{opt.enemy_logistics:+d}"))
            events += self._resolve(state, seat, attacker, opt, target, ctx.n, focus=False)
        if state.phase != "battle":
            return step_of(state, events)
        if ctx.targets_left <= 0 or self._unit(state, attacker.slot) is None \
                or not self._any_target(state, seat, opt, ctx.hit):
            events += self._finish_attack(state)
        return step_of(state, events)

    def _finish_attack(self, state: IronState) -> list[Event]:
        ctx = state.attack
        state.attack = None
        focus = state.focus
        if focus is not None and focus.declared:  # that was an answering attack (102.3)
            focus.answers_left -= 1
            defender = self._seat_of(focus.target)
            if focus.answers_left <= 0 or not self._in_round(state, defender):
                return self._strike(state)
            return []
        return self._end_turn(state, ctx.seat)

    def _resolve(self, state: IronState, seat: int, attacker: Unit, opt: AttackFacts, target: Unit, n: int,
                 focus: bool) -> list[Event]:
        """n attacks of one option on one target: damage rolls, heavy damage, destruction."""
        p = state.players[seat]
        tseat = self._seat_of(target.slot)
        tp = state.players[tseat]
        # 102.3 / ruling: percentages add before they apply
        pct = 100 + (25 if focus else 0) - (50 if attacker.heavy and not self._has(p, attacker, "veteran") else 0)
        env_mod = UNIT_ENV[attacker.card].get(state.env, 0)
        precise = not opt.own and self._has(p, attacker, "precision")
        fortified = not opt.own and self._has(tp, target, "fortify")
        full = UNIT_CV[target.card]
        events: list[Event] = []
        for _ in range(n):
            roll = state.rng.randint(opt.dmg_min, opt.dmg_max)
            if opt.own:  # 207.2: negative damage heals, up to the printed value
                amount = round_half_up(-roll * pct, 100)
                before = target.cv
                target.cv = min(full, target.cv + amount)
                events.append(roll_event(p.name, "@ironfire.roll.heal", [roll], -amount, pct=pct, lo=opt.dmg_min,
                                         hi=opt.dmg_max))
                events.append(Event.public("ironfire.healed", unit=self._label(target), amount=target.cv - before,
                                           cv=target.cv))
                continue
            raw = max(0, roll + env_mod + (1 if precise else 0))
            dmg = round_half_up(raw * pct, 100)
            if fortified:
                dmg = max(0, dmg - 1)
            events.append(roll_event(p.name, "@ironfire.roll.damage", [roll], dmg, env=env_mod, pct=pct,
                                     precise=int(precise), fortify=int(fortified), lo=opt.dmg_min, hi=opt.dmg_max))
            target.cv -= dmg
            if target.cv <= 0:  # 203.1 destroyed
                tp.army.remove(target)
                tp.discard.append(target.card)
                events.append(Event.public("ironfire.destroyed", unit=self._label(target)))
                events += self._check_out(state, tseat)
                break
            events.append(Event.public("ironfire.damaged", unit=self._label(target), dmg=dmg, cv=target.cv))
            if not target.heavy and 2 * (full - target.cv) > full:  # 203.1 heavy damage
                target.heavy = True
                events.append(Event.public("ironfire.heavy", unit=self._label(target)))
        return events

    def _check_out(self, state: IronState, seat: int) -> list[Event]:
        """103.1: a player whose combat cards are all destroyed loses (is out)."""
        p = state.players[seat]
        if p.army or p.out:
            return []
        self._put_out(state, seat)
        events = [Event.public("ironfire.wiped_out", name=p.name)]
        if len(self._live_seats(state)) <= 1:
            events += self._end_game(state, reason="wipeout")
        return events

    def _put_out(self, state: IronState, seat: int) -> None:
        p = state.players[seat]
        p.out = True
        p.ready = True
        state.out_count += 1
        p.out_order = state.out_count

    def _do_focus_build(self, state: IronState, seat: int, action: IronAction, known: Any) -> Step:
        focus = state.focus
        if known is not None:
            target, *pair = known
        else:
            target = self._unit(state, focus.target)
        if isinstance(action, Join):
            if known is None:
                unit = self._unit(state, action.unit)
                if unit is None or self._seat_of(action.unit) != seat:
                    raise RuleError("ironfire.not_yours", unit=action.unit)
                pair = next(((u, o) for u, o in self._focus_candidates(state, seat, target, False, only=unit)
                             if o.key == action.option), None)
                if pair is None and OPTION.get((unit.card, action.option)) is None:  # no such attack at all
                    raise RuleError("ironfire.no_option", unit=action.unit, option=action.option,
                                    options=",".join(o.key for o in POOL.combat[unit.card].attack))
                if pair is None:
                    raise RuleError("ironfire.cannot_join", unit=action.unit, option=action.option)
            unit = pair[0]
            p = state.players[seat]
            unit.attacked = True
            if pair[1].cost:
                p.logistics -= pair[1].cost
            focus.members.append([unit.slot, pair[1].key])
            events = []
            if not unit.up:
                events.append(self._reveal(state, unit))
            events.append(Event.public("ironfire.joined", unit=self._label(unit), target=self._label(target)))
            return step_of(state, events)
        if isinstance(action, Fire):
            if len(focus.members) < 2:
                raise RuleError("ironfire.focus_needs_two")
            focus.declared = True
            focus.answers_left = len(focus.members)
            defender = self._seat_of(focus.target)
            events = [Event.public("ironfire.focus_declared", name=state.players[seat].name, n=len(focus.members),
                                   target=self._label(target), defender=state.players[defender].name)]
            if not self._in_round(state, defender):
                events += self._strike(state)
            return step_of(state, events)
        raise self._wrong(action)

    def _strike(self, state: IronState) -> list[Event]:
        """102.3: after the answering attacks, the surviving focus cards strike at +25%."""
        focus = state.focus
        seat = focus.seat
        state.focus = None
        events = [Event.public("ironfire.strike", name=state.players[seat].name)]
        target = self._unit(state, focus.target)
        aimed = self._label(target) if target is not None else focus.target  # named after it is gone
        for slot, key in focus.members:
            target = self._unit(state, focus.target)
            unit = self._unit(state, slot)
            if state.phase != "battle":
                break
            if unit is None:
                events.append(Event.public("ironfire.member_lost", slot=slot))
                continue
            if target is None:  # every focus card says what it did: this one had nothing left to hit
                events.append(Event.public("ironfire.member_idle", unit=self._label(unit), target=aimed))
                continue
            opt = OPTION[unit.card, key]
            # which card strikes: the rolls that follow name only the player and the target
            events.append(Event.public("ironfire.member_strikes", unit=self._label(unit), target=self._label(target),
                                       option=f"@ironfire.opt.{opt.key}"))
            n, rolls = self._roll(state, state.players[seat].name, opt.n, "@ironfire.roll.attacks")
            events += rolls
            tseat = self._seat_of(target.slot)
            if opt.enemy_logistics:
                state.players[tseat].pending += opt.enemy_logistics
                events.append(Event.public("ironfire.logistics_hit", name=state.players[tseat].name,
                                           delta=f"{opt.enemy_logistics:+d}"))
            if opt.own_logistics:
                state.players[seat].pending += opt.own_logistics
            events += self._resolve(state, seat, unit, opt, target, n, focus=True)
        if state.phase == "battle":
            events += self._end_turn(state, seat)
        return events

    # tally and end (103)
    def _tally(self, state: IronState) -> list[Event]:
        totals = [sum(u.cv for u in p.army) if not p.out else 0 for p in state.players]
        events = [Event.public("ironfire.tally", totals=[
            f"{p.name} {totals[i]}" for i, p in enumerate(state.players) if not p.out])]
        return events + self._end_game(state, reason="tally", totals=totals)

    def _end_game(self, state: IronState, reason: str, totals: list[int] | None = None) -> list[Event]:
        n = len(state.players)
        if totals is None:
            totals = [sum(u.cv for u in p.army) if not p.out else 0 for p in state.players]
        # live players by tally, then those out (later out ranks better), resigned last
        def key(s: int) -> tuple:
            p = state.players[s]
            return (p.resigned, p.out, -totals[s] if not p.out else -p.out_order)
        ranks = [1 + sum(1 for o in range(n) if key(o) < key(s)) for s in range(n)]
        state.game_ranks.append(ranks)
        # a game decided before the tally (103.1) has none; the survivor's strength may be face down
        state.tallies.append(totals if reason == "tally" else [])
        state.attack = state.focus = None
        winners = [s for s in range(n) if ranks[s] == 1]
        live = [s for s in range(n) if not state.players[s].resigned]
        if state.game_no >= state.options.match or len(live) <= 1:
            # the host announces the match's winner once, with the result
            events = [Event.public("ironfire.match_over", game=state.game_no, reason=f"@ironfire.reason.{reason}")]
            state.phase = "over"
            state.finished = True
            return events
        events = [Event.public("ironfire.game_over", game=state.game_no, reason=f"@ironfire.reason.{reason}",
                               winners=[state.players[s].name for s in winners] if len(winners) < n
                               else "@ironfire.nobody_won")]
        # 101.1: the loser chooses who goes first; after a draw the previous chooser does
        worst = max(ranks[s] for s in live)
        losers = [s for s in live if ranks[s] == worst]
        if len(losers) == len(live):
            state.chooser = state.chooser if state.chooser is not None and state.chooser in live else state.first
        else:
            order = self._order(state)
            state.chooser = min(losers, key=order.index)
        state.game_no += 1
        for s, p in enumerate(state.players):
            for key, n in self.seen_cards(p).items():  # the deck stays for the next game (ruling 18)
                p.seen[key] = max(n, p.seen.get(key, 0))
            p.out = p.resigned
            p.army, p.picked, p.abilities = [], [], []
        state.phase = "first"
        events.append(Event.public("ironfire.next_game", game=state.game_no,
                                   name=state.players[state.chooser].name))
        return events

    def resign(self, state: IronState, seat: int) -> Step:
        self.invalidate(state)
        self._listed = self._next = None
        p = state.players[seat]
        events = [Event.public("core.outcome.resign", name=p.name)]
        if state.phase == "over" or p.resigned:
            return step_of(state, events)
        p.resigned = True
        if not p.out:
            self._put_out(state, seat)
        p.discard += [u.card for u in p.army]
        p.army, p.picked = [], []
        live = self._live_seats(state)
        n = len(state.players)
        if len([s for s in range(n) if not state.players[s].resigned]) <= 1:  # the match is over
            state.phase = "over"
            state.finished = True
            state.attack = state.focus = None
            state.game_ranks.append([2 if state.players[s].resigned else 1 for s in range(n)])
            state.tallies.append([0] * n)
            return step_of(state, events)
        if len(live) <= 1:  # the others are wiped out already: this game ends, the match goes on
            return step_of(state, events + self._end_game(state, reason="resign"))
        ph = state.phase
        if ph in ("deck", "army", "recount"):
            if all(state.players[s].ready for s in live):
                events += {"deck": self._start_game, "army": self._reveal_armies,
                           "recount": self._finish_recount}[ph](state)
        elif ph == "first" and state.chooser == seat:
            state.chooser = live[0]
        elif ph == "battle":
            ctx, focus = state.attack, state.focus
            if focus is not None and (focus.seat == seat or self._seat_of(focus.target) == seat):
                state.focus = None
                state.attack = None
                events += self._end_turn(state, focus.seat if focus.seat != seat else seat)
            elif ctx is not None and ctx.seat == seat:
                events += self._end_turn(state, seat)
            elif state.attack is None and state.focus is None and state.turn == seat:
                events += self._end_turn(state, seat)
        return step_of(state, events)

    def outcome(self, state: IronState) -> Outcome | None:
        if not state.finished:
            return None
        n = len(state.players)
        # match points: in each game a seat scores one per seat it ranked above
        points = [0] * n
        for ranks in state.game_ranks:
            for s in range(n):
                points[s] += sum(1 for o in range(n) if ranks[o] > ranks[s])
        def key(s: int) -> tuple:
            return (state.players[s].resigned, -points[s])
        ranks = [1 + sum(1 for o in range(n) if key(o) < key(s)) for s in range(n)]
        winners = [s for s in range(n) if ranks[s] == 1]
        resigned = [p.name for p in state.players if p.resigned]
        if len(winners) == n:
            return Outcome(winners=[], ranks=ranks, scores=[float(x) for x in points], reason="core.outcome.draw")
        if resigned and len(winners) == 1 and all(state.players[s].resigned for s in range(n) if s not in winners):
            return Outcome(winners=winners, ranks=ranks, scores=[float(x) for x in points],
                           reason="core.outcome.resign", params={"name": resigned})
        tally = state.tallies[-1] if state.tallies else []
        return Outcome(winners=winners, ranks=ranks, scores=[float(x) for x in points],
                       reason="ironfire.outcome" if tally else "ironfire.outcome_no_tally",
                       params={"name": [state.players[s].name for s in winners],
                               "tally": [f"{p.name} {x}" for p, x in zip(state.players, tally)]})

    # ---- views and secrets ----
    def _label(self, unit: Unit) -> dict[str, str]:
        return _unit_label(unit.slot, unit.card)

    @staticmethod
    def ordinal(state: IronState, unit: Unit) -> int | None:
        """The number in a card's label, the same for every reader and for the whole game: a
        face-up card's place among the cards of its name turned face up in this game (0 while
        it is the only one; `Sniper Team #2` stays #2 after #1 is destroyed); a face-down
        card's place on the table since the last shuffle (`face-down card #7`: seat by seat,
        by slot, which tells nothing of the card). None: a state stored before the order of
        face-up cards was kept."""
        if not unit.up:
            seat = _SEAT_OF[unit.slot[0]]
            if sum(p.next_slot - 1 for p in state.players) == 1:  # alone since the shuffle
                return 0
            return sum(p.next_slot - 1 for p in state.players[:seat]) + int(unit.slot[1:])
        slots = state.shown_order.get(unit.card, ())
        if unit.slot not in slots:
            return None
        return slots.index(unit.slot) + 1 if len(slots) > 1 else 0

    def _unit_view(self, state: IronState, u: Unit, mine: bool) -> dict[str, Any]:
        """Compact: flags appear only when set (views are built after every step)."""
        if not u.up and not mine:
            return {"slot": u.slot, "down": True, "no": self.ordinal(state, u)}
        card = POOL.combat[u.card]
        out: dict[str, Any] = {"slot": u.slot, "card": u.card, "cls": card.cls, "cv": u.cv, "max": card.cv,
                               "no": self.ordinal(state, u)}
        if u.heavy:
            out["heavy"] = True
        if u.cut:
            out["cut"] = True
        if u.attacked:
            out["attacked"] = True
        if not u.up:
            out["down"] = True
        if mine:
            out["uid"] = u.uid
        return out

    def view(self, state: IronState, seat: int | None) -> dict[str, Any]:
        fog = state.options.fog_of_war
        players = []
        for s, p in enumerate(state.players):
            mine = seat == s
            entry: dict[str, Any] = {
                "seat": s, "name": p.name, "letter": LETTERS[s], "logistics": p.logistics, "out": p.out,
                # cards picked in secret (army selection, reinforcement) still count in the
                # reserve others see, so that the count does not tell how many were picked
                "resigned": p.resigned, "ready": p.ready,
                "reserve": len(p.reserve) if mine else len(p.reserve) + len(p.picked),
                "units": [self._unit_view(state, u, mine) for u in p.army],
                "abilities": list(p.abilities), "discard": list(p.discard),
            }
            if p.done and state.phase == "battle":  # ruling 22
                entry["done"] = True
            if mine:  # including the cards being chosen in secret
                entry["army_logistics"] = self.army_logistics(p) + sum(POOL.logistics(c.card) for c in p.picked)
            elif not fog and state.phase != "army":
                entry["army_logistics"] = self.army_logistics(p)
            if mine:
                entry["deck"] = p.deck
                entry["reserve_id"] = p.reserve_id
                entry["reserve_cards"] = sorted(p.reserve)
                entry["picked"] = [{"uid": c.uid, "card": c.card} for c in p.picked]
                entry["need_cut"] = p.need_cut
                entry["pending"] = p.pending
            players.append(entry)
        return {
            "me": seat, "phase": state.phase, "game": state.game_no, "match": state.options.match,
            "format": state.options.format, "fog": fog, "bans": state.options.bans, "env": state.env,
            "round": state.round, "rounds": state.rounds, "first": state.first, "turn": state.turn,
            "active": self.active_seats(state), "players": players,
            "attack": asdict(state.attack) if state.attack else None,
            "focus": asdict(state.focus) if state.focus else None,
            "game_ranks": [list(r) for r in state.game_ranks], "tallies": [list(t) for t in state.tallies],
        }

    def secrets(self, state: IronState) -> dict[int, set[str]]:
        out: dict[int, set[str]] = {}
        for s, p in enumerate(state.players):
            toks = {c.uid for c in p.picked}
            if p.reserve_id:
                toks.add(p.reserve_id)
            toks |= {u.uid for u in p.army if not u.up}
            out[s] = toks
        return out

    def invariants(self, state: IronState) -> list[str]:
        problems = []
        for s, p in enumerate(state.players):
            if p.reserve_id and not p.resigned and state.phase != "first":  # cards are conserved
                held = len(p.reserve) + len(p.picked) + len(p.army) + len(p.abilities) + len(p.discard)
                if held != p.deck_n:
                    problems.append(f"seat {s} holds {held} cards, deck has {p.deck_n}")
            for u in p.army:
                full = POOL.combat[u.card].cv
                if not 0 < u.cv <= full:
                    problems.append(f"{u.slot} cv {u.cv} outside 1..{full}")
                if 2 * (full - u.cv) > full and not u.heavy:
                    problems.append(f"{u.slot} should be heavily damaged")
                if not u.slot.startswith(LETTERS[s]):
                    problems.append(f"{u.slot} in seat {s}")
            if p.out and p.army and not p.resigned:
                problems.append(f"seat {s} out with an army")
            if state.phase in ("battle",) and not p.out and not p.army:
                problems.append(f"seat {s} in play without an army")
        slots = [u.slot for p in state.players for u in p.army]
        if len(slots) != len(set(slots)):
            problems.append("duplicate slots")
        kept = self._next
        if kept is not None and kept[0] is state and kept[3] is state \
                and kept[2][0] != self._turn_listing(state, kept[1])[0]:
            problems.append(f"the listing kept for seat {kept[1]} differs from a fresh one")
        for seat, army in (self._army or {}).items():
            if army.state is state and state.phase == "army" and army.holds(state, state.players[seat]):
                fresh = _ArmyListing.of(state, state.players[seat])
                if [list(army.keys), army.picked_keys, list(army.drops), army.cost, army.combat] != \
                        [list(fresh.keys), fresh.picked_keys, list(fresh.drops), fresh.cost, fresh.combat]:
                    problems.append(f"the army selection kept for seat {seat} differs from a fresh one")
        return problems

    def dump_state(self, state: IronState) -> str:
        return _STATE.dump_json(state).decode()

    def load_state(self, data: str | bytes) -> IronState:
        return _STATE.validate_json(data)

    def determinize(self, state: IronState, seat: int, rng: random.Random) -> IronState:
        return determinize(self, state, seat, rng)


# (heavily damaged, cut off) -> what a revealed card's message adds
_REVEAL_FLAGS = {(False, False): "", (True, False): "@ironfire.reveal_flags.heavy",
                 (False, True): "@ironfire.reveal_flags.cut", (True, True): "@ironfire.reveal_flags.heavy_cut"}


def rounds_for(logistics: int) -> int:
    """102.1: one round above 10 logistics, one more for every further 20."""
    if logistics <= 10:
        return 0
    return 1 + (logistics - 10) // 20
