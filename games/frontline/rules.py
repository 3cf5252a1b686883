"""Frontline rules: effect resolution, combat, turn start, victory. Section numbers
refer to the rulebook (`seeds/001`), "adj. N" to its adjudication appendix.

Every function here mutates the state; engine.py validates an action completely before
calling into this module, so a RuleError never leaves a half-applied action behind.
"""
from __future__ import annotations

from games.core import Event
from games.core.events import private_event, public_event, roll_event

from .cards import CARDS, Effect
from .state import (
    HAND_LIMIT, HQ_START, MAX_KREDITS, NATURAL_SLOTS, SUPPORT_SIZE, DeckCard, FrontlineState,
    HandCard, Player, Unit, blank,
)

Events = list[Event]
RANGED = ("artillery", "fighter", "bomber")


def card_name(key: str) -> dict[str, str]:
    return NAMES[key]


# A card's fields read at every action, in plain dicts per card key: a field of a pydantic Card
# is read through BaseModel's __getattr__ slot (no specialised attribute read, ~350 instructions).
NAMES = {key: card.name for key, card in CARDS.items()}
PROMOTE = {key: card.promote for key, card in CARDS.items()}  # 3.5: when the unit promotes, or None
EFFECTS = {key: card.effects for key, card in CARDS.items()}  # a unit's deploy effects, an order's
DESTROYED = {key: card.destroyed for key, card in CARDS.items()}


def unit_label(u: Unit) -> dict[str, str]:
    """A unit's name in both languages, as events carry it: made once per card and unit id,
    not at every event. Events share the dict (as they share a card's name) and nothing
    changes it. Kept in plain dicts (an lru_cache's key tuple and bookkeeping cost twice the
    lookups), per card key then unit id: ids come back in every game, so there are few."""
    by_uid = _LABELS[u.key]
    label = by_uid.get(u.uid)
    if label is None:
        uid = u.uid
        label = by_uid[uid] = {}  # a loop: a comprehension would make `u` a cell at every call
        for loc, text in NAMES[u.key].items():
            label[loc] = f"{text} ({uid})"
    return label


# card key -> unit id -> label; ids are "u1", "u2" ... in every game, so it stays small
_LABELS: dict[str, dict[str, dict[str, str]]] = {key: {} for key in CARDS}


# --- where things are -----------------------------------------------------------------
def line_of(st: FrontlineState, u: Unit) -> list[str]:
    return st.front if u.uid in st.front else st.players[u.owner].support


def in_front(st: FrontlineState, u: Unit) -> bool:
    return u.uid in st.front


def units_of(st: FrontlineState, seat: int) -> list[Unit]:
    """The seat's units in board order: its support line, then the frontline if it holds it."""
    # uids_of written out (one call fewer), and map: no comprehension's frame
    uids = st.players[seat].support + st.front if st.front_owner == seat else st.players[seat].support
    return [*map(st.units.__getitem__, uids)]


def uids_of(st: FrontlineState, seat: int) -> list[str]:
    """The ids of the seat's units, in the order of `units_of`."""
    return st.players[seat].support + st.front if st.front_owner == seat else st.players[seat].support


UNIT_TYPE = {key: card.type or "infantry" for key, card in CARDS.items()}  # read at every decision
DECK_GROWTH = {key: card.deck_growth for key, card in CARDS.items() if card.deck_growth}  # 3.4.6, every turn
# Decks found holding no growing card at a turn's start (one card grows, in one of six ready-made
# decks), by identity: `start_turn` skips their walk until cards are added to them (the shuffle
# and return effects call `deck_changed`; code that edits a deck by hand calls the engine's
# `invalidate`). A deck replaced by another list (a reloaded or copied state) is walked afresh.
# The value holds the list, so no other list can take its id while it is kept.
_NO_GROWTH: dict[int, list[DeckCard]] = {}


def deck_changed(deck: list[DeckCard]) -> None:
    """Cards were added to `deck`: it may hold a growing card now."""
    _NO_GROWTH.pop(id(deck), None)


def growth_skipped(deck: list[DeckCard]) -> bool:
    """Whether `start_turn` skips this deck's growth (for the engine's invariants)."""
    return _NO_GROWTH.get(id(deck)) is deck
# Which card's ability each effect is, (card key, hook), so a line can say what did the
# damage ("from Engineer's deploy effect"): a unit's `effects` are its deploy effect, an
# order's its play. Keyed by the effect object (every card holds its own, loaded once).
EFFECT_SOURCE = {id(eff): (key, ("deploy" if card.kind == "unit" else "play") if hook == "effects" else hook)
                 for key, card in CARDS.items()
                 for hook in ("effects", "destroyed", "discarded", "turn_start", "on_attack", "on_order")
                 for eff in getattr(card, hook)}

AT_TURN_START = {key for key, card in CARDS.items() if card.turn_start or card.promote == "turn_start"}  # every turn
ON_ATTACK = {key for key, card in CARDS.items() if card.on_attack}  # at every attack
ON_ORDER = {key for key, card in CARDS.items() if card.on_order}  # at every order


def utype(u: Unit) -> str:
    return UNIT_TYPE[u.key]


# --- cards in hand and deck -----------------------------------------------------------
def add_to_hand(st: FrontlineState, seat: int, card: HandCard, ev: Events) -> bool:
    """1.3: a tenth card is removed. Cards from outside the deck arrive revealed."""
    p = st.players[seat]
    if len(p.hand) >= HAND_LIMIT:
        ev.append(public_event("frontline.hand_full", {"name": p.name, "card": card_name(card.key)}))
        return False
    p.hand.append(card)
    return True


def draw(st: FrontlineState, seat: int, ev: Events, count: int = 1) -> None:
    """1.4: drawing from an empty deck deals fatigue damage 1, 2, 3 ... to the HQ."""
    p = st.players[seat]
    for _ in range(count):
        if not p.deck:
            p.fatigue += 1
            p.hq -= p.fatigue
            ev.append(public_event("frontline.fatigue", {"name": p.name, "amount": p.fatigue}))
            continue
        dc = p.deck.pop()
        hc = blank(HandCard)
        hc.__init__(id=st.rng.token("c"), key=dc.key, bonus=dc.bonus)
        if len(p.hand) < HAND_LIMIT:  # add_to_hand's room check, written out: called for a full hand only
            p.hand.append(hc)
            ev.append(private_event(seat, "frontline.drew", {"card": NAMES[dc.key], "id": hc.id}))
            ev.append(public_event("frontline.drew_public", {"name": p.name}))
        else:  # removed in view of the table
            add_to_hand(st, seat, hc, ev)
            left_hidden(p, dc.key)


def tutor(st: FrontlineState, seat: int, utype_: str, ev: Events, bonus: int = 0) -> None:
    """4.1.4.2: a card of the type from the deck, if any; never fatigue. `bonus` is a
    +N/+N the card carries in hand (adj. 5)."""
    p = st.players[seat]
    for i in range(len(p.deck) - 1, -1, -1):
        card = CARDS[p.deck[i].key]
        if card.kind == "unit" and card.type == utype_:
            dc = p.deck.pop(i)
            hc = HandCard(id=st.rng.token("c"), key=dc.key, bonus=dc.bonus + bonus, tutored=utype_)
            if add_to_hand(st, seat, hc, ev):
                ev.append(private_event(seat, "frontline.drew", {"card": card_name(dc.key), "id": hc.id}))
                ev.append(public_event("frontline.tutored", {"name": p.name, "type": f"@frontline.type.{utype_}"}))
            else:
                left_hidden(p, dc.key)
            return
    if utype_ not in p.searched_none:  # the table now knows the deck holds no such unit
        p.searched_none.append(utype_)
    ev.append(public_event("frontline.tutor_none", {"name": p.name, "type": f"@frontline.type.{utype_}"}))


def left_hidden(p: Player, key: str) -> None:
    """A card of the player's hidden cards left them in view of the table (played,
    discarded, revealed, removed from a full hand): a copy the table knew was among them
    may have been this one, so it knows one fewer."""
    if key in p.known_hidden:
        p.known_hidden.remove(key)


def deck_may_hold(p: Player, key: str) -> None:
    """A card went into the deck: a search that found none of its unit type tells no more."""
    card = CARDS[key]
    if card.kind == "unit" and card.type in p.searched_none:
        p.searched_none.remove(card.type)


def take_from_hand(p: Player, hc: HandCard) -> None:
    """This very card leaves the hand (found by identity: comparing cards field by field
    costs, and two cards in a hand never share an id)."""
    hand = p.hand
    if not hc.revealed and p.known_hidden:  # every caller shows the card it takes (played, discarded, fired)
        left_hidden(p, hc.key)
    for i, c in enumerate(hand):
        if c is hc:
            del hand[i]
            return
    hand.remove(hc)  # an equal card (a caller's copy)


def discard_card(st: FrontlineState, seat: int, hc: HandCard, ev: Events) -> None:
    """4.1.11 / 3.4.5: the card leaves the hand and its discard effects resolve."""
    p = st.players[seat]
    take_from_hand(p, hc)
    # An active counter-order discarded unfired keeps its cost hidden (2.3, 4.2): the
    # opponent must not learn from the kredits that it was active.
    ev.append(public_event("frontline.discarded", {"name": p.name, "card": card_name(hc.key)}))
    for eff in CARDS[hc.key].discarded:
        resolve(st, seat, eff, ev, source=None, target=None)


# --- units entering the battlefield ---------------------------------------------------
def new_unit(st: FrontlineState, seat: int, key: str, bonus: int = 0, captured: bool = False) -> Unit:
    atk, hp, op, armour, keywords, flags = _PRINTED[key]
    if captured:
        atk = hp = 1
    else:
        atk += bonus
        hp += bonus
    u = blank(Unit)
    u.__init__(
        uid=f"u{st.next_uid}", key=key, owner=seat, atk=atk, hp=hp, max_hp=hp, peak_hp=hp, op=op,
        armour=armour, keywords=list(keywords), flags=list(flags), effects=[], veteran=False,
        captured=captured, silenced=False, damaged=False, arrived_turn=st.turn_no, moved=False, attacks=0,
        pinned_turn=-1, double_turn=-1, ambush_turn=-1,
    )
    st.next_uid += 1
    return u


# a card's printed unit stats, read by new_unit from a tuple (a card's fields are pydantic
# attributes, each read a few times dearer than a tuple's unpacking)
_PRINTED = {key: (card.atk, card.hp, card.op, card.armour, tuple(card.keywords), tuple(card.flags))
            for key, card in CARDS.items()}


def place(st: FrontlineState, u: Unit, ev: Events) -> None:
    """Put a unit in its owner's support line, with its label's number (`ordinal`); 3.3.11
    mountain counts friendly mountain units already on the battlefield."""
    if "mountain" in u.keywords:
        n = sum("mountain" in o.keywords for o in units_of(st, u.owner))
        if n:
            buff(u, n, n)
            ev.append(public_event("frontline.mountain", {"unit": unit_label(u), "n": n}))
    number_unit(st, u)
    st.units[u.uid] = u
    st.players[u.owner].support.append(u.uid)


def number_unit(st: FrontlineState, u: Unit) -> None:
    """`u` comes onto the board: beside a twin it takes the lowest number they do not hold,
    and a twin that was alone shows its 1 from now on (`#1` beside `#2`)."""
    key = u.key
    for o in st.units.values():  # a twin on the board? (rarely: then the numbers)
        if o.key == key:
            numbers = board_numbers(st, key)
            st.numbers[u.uid] = lowest_free(numbers)
            for uid, number in numbers.items():
                st.numbers.setdefault(uid, number)
            return


def board_numbers(st: FrontlineState, key: str) -> dict[str, int]:
    """The numbers of the units of card `key` on the board (1: shown without one). A unit of
    a state stored before numbers were kept takes the lowest free number, in id order."""
    # loops, not comprehensions: asked at every deploy beside a twin, and a comprehension
    # would make `st` and `key` cells at every call
    numbers = {}
    unnumbered = []
    known = st.numbers
    for uid, u in st.units.items():
        if u.key == key:
            n = numbers[uid] = known.get(uid, 0)
            if not n:
                unnumbered.append(uid)
    if len(unnumbered) > 1:
        unnumbered.sort(key=_id_order)
    for uid in unnumbered:
        numbers[uid] = lowest_free(numbers)
    return numbers


def _id_order(uid: str) -> int:
    return int(uid[1:])


def lowest_free(numbers: dict[str, int]) -> int:
    taken = set(numbers.values())
    n = 1
    while n in taken:
        n += 1
    return n


def ordinal(st: FrontlineState, uid: str, key: str) -> int:
    """The number in a unit's label (`Rearguard #2`), 0 for none: a unit that came onto the
    board while another of its card was there holds the lowest number its twins did not, from
    then on, and the twin that was alone takes its 1 (`Rearguard #1` beside `#2`: a bare name
    never means one of two); a unit that never met a twin holds none. So two units on the
    board never share a label, and a number once shown stays (after the unit left the board
    too: the log names it so)."""
    if uid in st.numbers:
        return st.numbers[uid]
    number = board_numbers(st, key).get(uid, 0) if uid in st.units else 0  # a state stored before numbers
    return number if number > 1 else 0


def buff(u: Unit, atk: int, hp: int) -> None:
    """A stat change by an effect (not damage: 3.7.1's tip)."""
    u.atk = max(0, u.atk + atk)
    u.hp += hp
    if hp > 0:
        u.peak_hp = max(u.peak_hp, u.hp)
        if u.hp >= u.max_hp:
            u.damaged = False  # 3.7.2: raised again after damage counts as undamaged


def damage_unit(u: Unit, amount: int) -> int:
    """Damage to a unit; 3.3.10 immune units take none; 3.3.9 damage ends mobilize."""
    keywords = u.keywords  # mostly empty: asked before looking inside
    if amount <= 0 or (keywords and "immune" in keywords):
        return 0
    u.hp -= amount
    u.damaged = True
    if keywords and "mobilize" in keywords:
        u.keywords.remove("mobilize")
    return amount


def promote(st: FrontlineState, u: Unit, ev: Events) -> None:
    """3.5: stats reset to the veteran stats; keywords and effects stay. A unit at 0 defence
    is destroyed first and never promotes."""
    if u.veteran or u.silenced or PROMOTE[u.key] is None or u.hp <= 0 or u.uid not in st.units:
        return
    card = CARDS[u.key]
    u.atk, u.hp = card.vet_atk, card.vet_hp
    u.max_hp = u.peak_hp = card.vet_hp
    u.damaged = False
    u.veteran = True
    ev.append(public_event("frontline.promoted", {"unit": unit_label(u), "atk": u.atk, "hp": u.hp}))


def silence(u: Unit) -> None:
    """4.1.12: reset operation cost, erase keywords and effects, reset attack and defence
    to the printed values (a lower defence stays), lose veteran."""
    card = CARDS[u.key]
    u.keywords, u.flags, u.effects = [], [], []
    u.op, u.armour = card.op, 0
    u.atk = 1 if u.captured else card.atk
    printed_hp = 1 if u.captured else card.hp
    if u.hp > printed_hp:
        u.hp = printed_hp
    u.max_hp = printed_hp
    u.veteran = False
    u.silenced = True
    u.double_turn = -1


def remove_from_board(st: FrontlineState, u: Unit) -> None:
    line = line_of(st, u)
    line.remove(u.uid)
    del st.units[u.uid]
    if not st.front:
        st.front_owner = None  # 1.2: an emptied frontline belongs to no one


def retreat(st: FrontlineState, u: Unit, ev: Events) -> None:
    """3.6: front → own support line; support (or no room there) → hand, revealed;
    a full hand removes the unit."""
    p = st.players[u.owner]
    if in_front(st, u) and len(p.support) < SUPPORT_SIZE:
        st.front.remove(u.uid)
        if not st.front:
            st.front_owner = None
        p.support.append(u.uid)
        ev.append(public_event("frontline.retreat_support", {"unit": unit_label(u)}))
        return
    remove_from_board(st, u)
    home = u.owner if u.lent_by is None else u.lent_by  # a borrowed card goes to its owner's hand
    # the "captured" mark (3.3.8) belongs to the card, so it comes back to hand with it
    hc = HandCard(id=st.rng.token("c"), key=u.key, revealed=True, captured=u.captured)
    if add_to_hand(st, home, hc, ev):
        ev.append(public_event("frontline.retreat_hand", {"unit": unit_label(u), "name": st.players[home].name}))


def switch_side(st: FrontlineState, u: Unit, seat: int, ev: Events) -> bool:
    """4.1.5: the lone unit of a frontline takes the frontline along; otherwise the unit
    joins the new owner's support line, or is removed when that line is full (False)."""
    if in_front(st, u) and len(st.front) == 1:
        st.front_owner = seat
    else:
        line_of(st, u).remove(u.uid)
        if not st.front:
            st.front_owner = None
        if len(st.players[seat].support) >= SUPPORT_SIZE:
            del st.units[u.uid]
            ev.append(public_event("frontline.removed", {"unit": unit_label(u)}))
            return False
        st.players[seat].support.append(u.uid)
    u.owner = seat
    return True


def take_control(st: FrontlineState, u: Unit, seat: int, ev: Events) -> None:
    """4.1.5 permanent control; it also ends a loan, so a borrowed unit simply stays."""
    u.lent_by = None
    if u.owner != seat:
        if not switch_side(st, u, seat, ev):
            return
        u.arrived_turn = st.turn_no
        u.moved, u.attacks = False, 0
    ev.append(public_event("frontline.control", {"unit": unit_label(u), "name": st.players[seat].name}))


def borrow(st: FrontlineState, u: Unit, seat: int, ev: Events) -> None:
    """4.1.5 temporary control until the end of this turn; the unit may act at once."""
    home = u.owner if u.lent_by is None else u.lent_by
    if u.owner == seat or not switch_side(st, u, seat, ev):
        return
    u.lent_by = None if home == seat else home
    u.arrived_turn = -1  # not "arrived this turn": it may move or attack now
    u.moved, u.attacks = False, 0
    ev.append(public_event("frontline.borrowed", {"unit": unit_label(u), "name": st.players[seat].name}))


def end_loans(st: FrontlineState, ev: Events) -> None:
    """End of turn: borrowed units go back, in board order, by the same placement rule
    (the lone frontline unit takes the frontline back; else to the support line, or removed)."""
    for u in st.units.values():  # at every end of a turn: a loan is rare, so asked first
        if u.lent_by is not None:
            break
    else:
        return
    for u in units_of(st, st.turn):
        if u.lent_by is None:
            continue
        home, u.lent_by = u.lent_by, None
        if switch_side(st, u, home, ev):
            ev.append(public_event("frontline.loan_over", {"unit": unit_label(u), "name": st.players[home].name}))


def pin(st: FrontlineState, u: Unit) -> None:
    """3.8: the unit loses its owner's next turn; pins never stack (3.8.1). A borrowed
    unit's next turn is its lender's."""
    owner = u.owner if u.lent_by is None else u.lent_by
    u.pinned_turn = st.turn_no + (2 if st.turn == owner else 1)


# --- effect resolution ----------------------------------------------------------------
def select(st: FrontlineState, seat: int, eff: Effect, source: Unit | None, target: str | None) -> list:
    """Units (and the strings "hq0"/"hq1") an effect touches."""
    enemy = 1 - seat
    sel = eff.to
    if sel in ("target", "trigger"):
        if target in ("hq", f"hq{enemy}"):
            return [f"hq{enemy}"]
        return [st.units[target]] if target in st.units else []
    if sel == "self":
        return [source] if source is not None and source.uid in st.units else []
    if sel == "enemy_units":
        return units_of(st, enemy)
    if sel == "friendly_units":
        return units_of(st, seat)
    if sel == "other_friendly_units":
        out = []  # a loop: a comprehension would make `source` a cell at every call
        for u in units_of(st, seat):
            if source is None or u.uid != source.uid:
                out.append(u)
        return out
    if sel == "all_units":
        return units_of(st, 0) + units_of(st, 1)
    if sel == "enemy_hq":
        return [f"hq{enemy}"]
    if sel == "own_hq":
        return [f"hq{seat}"]
    if sel == "both_hqs":
        return ["hq0", "hq1"]
    if sel == "enemies":
        return units_of(st, enemy) + [f"hq{enemy}"]
    if sel == "damaged_enemies":
        return [u for u in units_of(st, enemy) if u.damaged]
    pool = units_of(st, enemy if sel == "random_enemy" else seat)
    pool = [u for u in pool if u.hp > 0]
    return [st.rng.choice(pool)] if pool else []


def hq_shielded(st: FrontlineState, seat: int) -> bool:
    """A shield_hq unit of `seat` is on the battlefield. Units destroyed by the effect being
    resolved are still there (they leave after the action), so the shield holds to the end
    of the damage that destroys it (adj. 6)."""
    return any("shield_hq" in u.flags for u in units_of(st, seat))


# the effects on a player (kredits, cards, HQ) rather than on units, and those of them told by one event
_PLAYER_OPS = frozenset({"kredits", "kredits_next", "slots", "draw", "draw_next", "tutor", "create", "shuffle",
                         "discard", "heal_hq", "hq_effect", "summon", "intel", "return"})
_TOLD_OPS = frozenset({"kredits", "kredits_next", "slots", "draw_next", "create", "shuffle", "heal_hq", "hq_effect"})


def resolve(st: FrontlineState, seat: int, eff: Effect, ev: Events, source: Unit | None, target: str | None) -> None:
    """One effect of a card owned by `seat`. Deaths are collected by the caller (adj. 2)."""
    p, foe = st.players[seat], st.players[1 - seat]
    do = eff.do
    if do in _PLAYER_OPS:
        who = foe if eff.who == "enemy" else p
        whose = 1 - seat if eff.who == "enemy" else seat
        if do == "kredits":  # 2.1: kredits may exceed the slots, never 24
            who.kredits = max(0, min(MAX_KREDITS, who.kredits + eff.amount))
        elif do == "kredits_next":
            who.next_kredits += eff.amount
        elif do == "slots":
            who.slots = max(0, min(MAX_KREDITS, who.slots + eff.amount))
        elif do == "draw":
            draw(st, whose, ev, eff.amount)
        elif do == "draw_next":
            who.next_draws += eff.amount
        elif do == "tutor":
            tutor(st, whose, eff.type or "infantry", ev, eff.amount)
        elif do == "create":
            for _ in range(max(1, eff.amount)):
                add_to_hand(st, whose, HandCard(id=st.rng.token("c"), key=eff.card, revealed=True), ev)
        elif do == "shuffle":
            for _ in range(max(1, eff.amount)):  # a loop: a comprehension would make `eff` a cell
                who.deck.append(DeckCard(key=eff.card))
            deck_changed(who.deck)
            st.rng.shuffle(who.deck)
            deck_may_hold(who, eff.card)
        elif do == "discard":
            for _ in range(max(1, eff.amount)):
                if who.hand:
                    discard_card(st, whose, st.rng.choice(who.hand), ev)
        elif do == "return":  # 4.1.11: random hand cards go back into the deck, unseen
            for _ in range(max(1, eff.amount)):
                if who.hand:
                    hc = st.rng.choice(who.hand)
                    who.hand.remove(hc)  # an active counter-order's cost stays hidden (2.3)
                    who.deck.append(DeckCard(key=hc.key))
                    deck_changed(who.deck)
                    if hc.revealed:  # the table saw it go: it is among the hidden cards again
                        who.known_hidden.append(hc.key)
                        deck_may_hold(who, hc.key)
                    else:  # which card went back is not told: the deck may now hold any unit type
                        who.searched_none.clear()
            st.rng.shuffle(who.deck)
            ev.append(public_event("frontline.returned", {"name": who.name, "n": max(1, eff.amount)}))
        elif do == "heal_hq":
            who.hq = min(HQ_START, who.hq + eff.amount)
        elif do == "hq_effect":
            if eff.hq not in who.hq_effects:
                who.hq_effects.append(eff.hq)
        elif do == "summon":  # 4.1.9.1: "added", not deployed
            if len(who.support) < SUPPORT_SIZE:
                u = new_unit(st, whose, eff.card)
                place(st, u, ev)
                ev.append(public_event("frontline.summoned", {"unit": unit_label(u), "name": who.name}))
        elif do == "intel":  # 4.1.14
            hidden = [c for c in foe.hand if not c.revealed]
            picked = []
            for _ in range(min(eff.amount, len(hidden))):
                c = st.rng.choice(hidden)
                hidden.remove(c)
                c.revealed = True
                left_hidden(foe, c.key)
                picked.append(card_name(c.key))
            ev.append(public_event("frontline.intel", {"name": foe.name, "cards": picked or "@core.none",
                                                       "hand": len(foe.hand)}))
        if do in _TOLD_OPS:
            # the table sees kredits as if no counter-order had been paid for (2.3)
            ev.append(public_event(f"frontline.fx.{do}", {"name": who.name, "amount": eff.amount,
                                                   "total": who.kredits + who.hidden_spent, "slots": who.slots,
                                                   "hq": who.hq, "card": card_name(eff.card) if eff.card else "-"}))
        return
    targets = select(st, seat, eff, source, target)
    by, hook = EFFECT_SOURCE.get(id(eff), ("-", "-"))
    # which card's ability, and which unit's when a unit's (`Rearguard #2`, as the lines name it)
    origin = {"by": by, "hook": hook, "by_unit": source.uid if source is not None else "-"}
    if do == "damage":  # adj. 6: all damage of one effect lands together, deaths after
        for t in targets:
            if isinstance(t, str):
                hq_owner = int(t[2])
                if hq_owner != seat and hq_shielded(st, hq_owner):
                    ev.append(public_event("frontline.hq_shielded", {"name": st.players[hq_owner].name}))
                    continue
                st.players[hq_owner].hq -= eff.amount
                ev.append(public_event("frontline.hq_damage", {"name": st.players[hq_owner].name, "amount": eff.amount,
                                                               "hq": st.players[hq_owner].hq, **origin}))
            else:
                dealt = damage_unit(t, eff.amount)
                ev.append(public_event("frontline.damage", {"unit": unit_label(t), "amount": dealt, "hp": t.hp,
                                                            **origin}))
        return
    for t in targets:
        if isinstance(t, str):
            continue
        if do == "stat":
            buff(t, eff.atk, eff.hp)
            ev.append(public_event("frontline.stat", {"unit": unit_label(t), "atk": t.atk, "hp": t.hp,
                                                      **origin}))
        elif do == "opcost":
            t.op = max(0, t.op + eff.amount)
            ev.append(public_event("frontline.opcost", {"unit": unit_label(t), "op": t.op, **origin}))
        elif do == "destroy":
            t.hp = min(t.hp, 0)
            ev.append(public_event("frontline.destroy", {"unit": unit_label(t), **origin}))
        elif do == "grant":
            bucket = t.effects if eff.keyword == "attrition" else t.keywords
            if eff.keyword not in bucket:
                bucket.append(eff.keyword)
            ev.append(public_event("frontline.grant", {"unit": unit_label(t), "what": f"@frontline.kw.{eff.keyword}",
                                                       **origin}))
        elif do == "silence":
            silence(t)
            ev.append(public_event("frontline.silenced", {"unit": unit_label(t), **origin}))
        elif do == "repair":  # 4.1.13
            t.hp = max(t.hp, t.peak_hp)
            t.max_hp = t.peak_hp = t.hp
            t.damaged = False
            ev.append(public_event("frontline.repaired", {"unit": unit_label(t), "hp": t.hp, **origin}))
        elif do == "retreat":
            retreat(st, t, ev)
        elif do == "pin":
            if t.hp <= 0:  # destroyed by this card's damage: it leaves the board, no turn to lose (3.8)
                continue
            pin(st, t)
            ev.append(public_event("frontline.pinned", {"unit": unit_label(t), **origin}))
        elif do == "double":
            t.double_turn = st.turn_no
            ev.append(public_event("frontline.doubled", {"unit": unit_label(t), **origin}))
        elif do == "control":
            take_control(st, t, seat, ev)
        elif do == "borrow":
            borrow(st, t, seat, ev)


def run_effects(st: FrontlineState, seat: int, effects: list[Effect], ev: Events, source: Unit | None,
                target: str | None) -> None:
    for eff in effects:
        resolve(st, seat, eff, ev, source, target)


def process_deaths(st: FrontlineState, ev: Events) -> None:
    """Adj. 2: every unit at 0 defence leaves together; then their destruction effects
    resolve in board order (and may destroy more)."""
    while True:
        dead = []  # a loop: no comprehension's frame
        for u in st.units.values():
            if u.hp <= 0:
                dead.append(u)
        if not dead:
            return
        for u in dead:
            remove_from_board(st, u)
            ev.append(public_event("frontline.destroyed", {"unit": unit_label(u)}))
        for u in dead:
            if not u.silenced and DESTROYED[u.key]:  # most units have no destruction effect
                run_effects(st, u.owner, DESTROYED[u.key], ev, source=u, target=None)  # off the board: named only


# --- counter-orders -------------------------------------------------------------------
def fire_counter(st: FrontlineState, trigger: str, ev: Events, unit: Unit | None = None) -> bool:
    """4.2: the non-active player's active counter-order with this trigger resolves now.
    Returns True when it cancels the triggering order."""
    seat = 1 - st.turn
    p = st.players[seat]
    for hc in p.hand:
        if hc.active and CARDS[hc.key].trigger == trigger:
            break
    else:
        return False
    take_from_hand(p, hc)
    p.hidden_spent = 0
    st.counter_owner = seat
    card = CARDS[hc.key]
    ev.append(public_event("frontline.counter_fired", {"name": p.name, "card": card.name}))
    cancels = any(e.do == "cancel" for e in card.effects)
    run_effects(st, seat, [e for e in card.effects if e.do != "cancel"], ev, source=None,
                target=unit.uid if unit is not None else None)
    return cancels


# --- combat (3.1, 3.2, 3.3) -------------------------------------------------------------
def no_counter_damage(attacker_type: str, defender_type: str) -> str:
    """3.1: why an attacker of this type takes no counter damage from a defender of that type
    ("artillery" takes none; a "bomber" only from fighters; a "bombed" bomber never strikes
    back), or "" when it does take it. The attack's line says the reason (text.event_params)."""
    if attacker_type == "artillery":
        return "artillery"
    if defender_type == "bomber":
        return "bombed"
    if attacker_type == "bomber" and defender_type != "fighter":
        return "bomber"
    return ""


def counter_damage_applies(attacker: Unit, defender: Unit) -> bool:
    return not no_counter_damage(UNIT_TYPE[attacker.key], UNIT_TYPE[defender.key])


def combat_damage(st: FrontlineState, src: Unit, dst: Unit) -> int:
    """3.3.7 / adj. 4: doubling first, then heavy armour; immune takes nothing."""
    dmg = src.atk * (2 if src.double_turn == st.turn_no else 1)
    if dst.keywords and "immune" in dst.keywords:  # mostly empty: asked before looking inside
        return 0
    dmg = max(0, dmg - dst.armour)
    if dst.flags and "combat_damage_one" in dst.flags and dmg > 0:
        dmg = 1
    return dmg


def combat_terms(st: FrontlineState, src: Unit, dst: Unit) -> dict[str, int]:
    """What made a combat damage (`combat_damage`), for its line: the attack, doubled or not,
    heavy armour, and the cap of 1 (3.3.7, adj. 4); 0 for what did not apply."""
    return {"atk": src.atk, "x2": int(src.double_turn == st.turn_no), "armour": dst.armour,
            "cap": int(bool(dst.flags and "combat_damage_one" in dst.flags))}


def attack(st: FrontlineState, u: Unit, target: str, ev: Events) -> None:
    seat = u.owner
    p = st.players[seat]
    p.kredits -= u.op
    u.attacks += 1
    if "smokescreen" in u.keywords:
        u.keywords.remove("smokescreen")  # ruling: lost on moving or attacking
    if "pincer" in u.keywords and sum("pincer" in o.keywords for o in units_of(st, seat)) >= 2:
        buff(u, 1, 1)  # 3.3.6: a formed pincer gives +1/+1 when attacking
        ev.append(public_event("frontline.pincer", {"unit": unit_label(u)}))
    if u.key in ON_ATTACK and not u.silenced:
        run_effects(st, seat, CARDS[u.key].on_attack, ev, source=u, target=None)
    enemy = 1 - seat
    foe = st.players[enemy]
    if target == "hq":
        dmg = u.atk * (2 if u.double_turn == st.turn_no else 1)
        foe.hq -= dmg
        ev.append(public_event("frontline.attack_hq", {"unit": unit_label(u), "name": foe.name, "amount": dmg,
                                                       "hq": foe.hq, "fortified": "retaliate" in foe.hq_effects}))
        if "retaliate" in foe.hq_effects:
            dealt = damage_unit(u, 1)
            ev.append(public_event("frontline.retaliate", {"unit": unit_label(u), "amount": dealt}))
        if dmg > 0:
            fire_counter(st, "hq_attacked", ev, u)
        return
    d = st.units[target]
    ul, dl = unit_label(u), unit_label(d)  # each named up to three times below
    ev.append(public_event("frontline.attack", {"unit": ul, "target": dl}))
    strikes_back = not no_counter_damage(UNIT_TYPE[u.key], UNIT_TYPE[d.key])
    if strikes_back and "ambush" in d.keywords and d.ambush_turn != st.turn_no:
        d.ambush_turn = st.turn_no  # 3.3.4: the defender strikes first, once a turn
        dealt = damage_unit(u, combat_damage(st, d, u))
        ev.append(public_event("frontline.ambush", {"unit": dl, "target": ul, "amount": dealt,
                                                    **combat_terms(st, d, u)}))
        if u.hp <= 0:
            destroyed_in_combat(st, d, u, ev)
            return
        dealt = damage_unit(d, combat_damage(st, u, d))
        ev.append(public_event("frontline.damage", {"unit": dl, "amount": dealt, "hp": d.hp, **combat_terms(st, u, d)}))
    else:
        to_def = combat_damage(st, u, d)
        to_att = combat_damage(st, d, u) if strikes_back else 0
        dealt_d = damage_unit(d, to_def)
        dealt_a = damage_unit(u, to_att)
        ev.append(public_event("frontline.damage", {"unit": dl, "amount": dealt_d, "hp": d.hp,
                                                    **combat_terms(st, u, d)}))
        if strikes_back:
            ev.append(public_event("frontline.damage", {"unit": ul, "amount": dealt_a, "hp": u.hp,
                                                        **combat_terms(st, d, u)}))
    if d.hp <= 0:
        destroyed_in_combat(st, u, d, ev)
    if u.hp <= 0 and strikes_back:  # the defender's counter damage destroyed the attacker
        destroyed_in_combat(st, d, u, ev)


def destroyed_in_combat(st: FrontlineState, killer: Unit, victim: Unit, ev: Events) -> None:
    """`killer` destroyed `victim` in combat, attacking or striking back: 3.3.8 capture (a
    1/1 copy, effects kept, arrives revealed) and 3.5 promotion on a kill (which needs
    defence left)."""
    if "capture" in killer.keywords:
        hc = HandCard(id=st.rng.token("c"), key=victim.key, revealed=True, captured=True)
        if add_to_hand(st, killer.owner, hc, ev):
            ev.append(public_event("frontline.captured", {"name": st.players[killer.owner].name,
                                                          "card": card_name(victim.key)}))
    if PROMOTE[killer.key] == "kill" and not killer.silenced:
        promote(st, killer, ev)


def move(st: FrontlineState, u: Unit, ev: Events) -> None:
    p = st.players[u.owner]
    p.kredits -= u.op
    u.moved = True
    p.support.remove(u.uid)
    st.front.append(u.uid)
    st.front_owner = u.owner
    if "smokescreen" in u.keywords:
        u.keywords.remove("smokescreen")
    ev.append(public_event("frontline.moved", {"unit": unit_label(u)}))
    if PROMOTE[u.key] == "enter_front":
        promote(st, u, ev)
    fire_counter(st, "enemy_move", ev, u)


# --- actions that change whose turn it is ------------------------------------------------
def start_turn(st: FrontlineState, seat: int, ev: Events) -> None:
    """2.1 then adj. 1: slots +1 (to 12) and refill; (1) mobilize, (2) lasting
    turn-start damage, (3) units' own turn-start effects; then the draw."""
    st.turn = seat
    st.turn_no += 1
    p = st.players[seat]
    if p.slots < NATURAL_SLOTS:
        p.slots += 1
    p.kredits = min(MAX_KREDITS, p.slots + p.next_kredits)
    p.next_kredits = 0
    p.hidden_spent = 0
    ev.append(public_event("frontline.turn", {"name": p.name, "n": st.turn_no, "kredits": p.kredits, "slots": p.slots}))
    mine = units_of(st, seat)
    lasting = own = False  # whether any unit has a lasting effect, or turn-start effects of its own
    for u in mine:
        u.moved, u.attacks = False, 0  # a new turn's actions (nothing below reads them)
        if u.keywords and "mobilize" in u.keywords:  # mostly empty: asked before looking inside
            buff(u, 1, 1)
            ev.append(public_event("frontline.mobilize", {"unit": unit_label(u), "atk": u.atk, "hp": u.hp}))
        if u.effects:
            lasting = True
        if u.key in AT_TURN_START:
            own = True
    if lasting:
        for u in mine:
            if "attrition" in u.effects:
                dealt = damage_unit(u, 1)
                ev.append(public_event("frontline.damage", {"unit": unit_label(u), "amount": dealt, "hp": u.hp,
                                                            "by": "-", "hook": "attrition"}))
    if own:
        for u in mine:
            if u.key in AT_TURN_START and u.hp > 0 and not u.silenced:
                card = CARDS[u.key]
                run_effects(st, seat, card.turn_start, ev, source=u, target=None)
                if card.promote == "turn_start":
                    promote(st, u, ev)
    if lasting or own:  # only these may wound: the action before left nobody at 0 (adj. 2)
        process_deaths(st, ev)
    deck = p.deck  # 3.4.6: in-deck growth, unless the deck is known to hold no growing card
    if _NO_GROWTH.get(id(deck)) is not deck:
        grows = False
        for dc in deck:
            if dc.key in DECK_GROWTH:
                dc.bonus += DECK_GROWTH[dc.key]
                grows = True
        if not grows:
            if len(_NO_GROWTH) >= 256:  # decks of past games: forgotten now and then
                _NO_GROWTH.clear()
            _NO_GROWTH[id(deck)] = deck
    draw(st, seat, ev, 1 + p.next_draws)
    p.next_draws = 0


def check_victory(st: FrontlineState, ev: Events) -> None:
    """1.1 / adj. 3: after the whole action; both HQs at 0: the player whose turn it is
    loses, unless a counter-order fired in the action: then its owner loses."""
    a, b = st.players
    if a.hq > 0 and b.hq > 0:  # after every action: the usual case first
        return
    dead = [s for s in (0, 1) if st.players[s].hq <= 0]
    if len(dead) == 2:
        loser = st.counter_owner if st.counter_owner is not None else st.turn
    else:
        loser = dead[0]
    st.winner = 1 - loser
    st.phase = "over"
    st.end_reason = "frontline.outcome.hq"
    ev.append(public_event("frontline.victory", {"name": st.players[st.winner].name,
                                                 "loser": st.players[loser].name}))


def end_by_cap(st: FrontlineState, ev: Events) -> None:
    """Hard cap: the higher HQ wins; equal HQs draw."""
    a, b = st.players[0].hq, st.players[1].hq
    st.phase = "over"
    st.end_reason = "frontline.outcome.cap"
    if a == b:
        st.draw = True
    else:
        st.winner = 0 if a > b else 1
    ev.append(public_event("frontline.cap", {"a": a, "b": b}))


def first_roll(st: FrontlineState, ev: Events, setting: str) -> int:
    if setting in ("0", "1"):
        return int(setting)
    die = st.rng.die(2)
    ev.append(roll_event("table", "@frontline.first_roll", [die], die))
    return die - 1

