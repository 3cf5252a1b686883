"""Frontline: what a seat cannot see, drawn again (Engine.determinize).

Hidden from a seat: the order of its own deck; the other player's deck list (but its
nations and the cards of it the table has seen), its deck order and which of its cards sit
in its hand unrevealed (its hand and deck together are one pool of cards, deck cards with
the bonus they gathered, 3.4.6; a card a tutor fetched stays a unit of the type the table
was told, 4.1.4.2); whether the other player has an active counter-order, and
which (4.2, with the kredits it cost, 2.3); the cards it marked to swap in the mulligan;
its deck while decks are chosen; the dice to come. Revealed cards (1.3.1) stay where they
are.
"""
from __future__ import annotations

import copy
import random
from collections import Counter

from games.core import GameRng

from .cards import CARDS, DECK_SIZE, MAX_ALLIED, MAX_COPIES, deck_code, load_presets, parse_deck
from .state import DeckCard, FrontlineState, Player


def determinize(st: FrontlineState, seat: int, rnd: random.Random) -> FrontlineState:
    st = copy.deepcopy(st)
    st.rng = GameRng.fresh(rnd)
    me, foe = st.players[seat], st.players[1 - seat]
    me.deck.sort(key=lambda d: (d.key, d.bonus))  # sorted first: the draw depends on what the seat sees only
    rnd.shuffle(me.deck)
    if st.phase == "deck":
        if foe.ready:
            _redraw_deck(foe, rnd)
        return st
    _redraw_hand_and_deck(st, foe, 1 - seat, rnd)
    if st.phase == "mulligan":
        foe.mulligan = [c.id for c in foe.hand if rnd.random() < 0.5]
    elif st.phase == "main":
        _redraw_counter(st, foe, 1 - seat, rnd)
    return st


def _redraw_deck(p: Player, rnd: random.Random) -> None:
    """A deck chosen but not shown yet: any ready-made deck."""
    main, ally, keys = parse_deck(rnd.choice(list(load_presets().values())).code)
    p.main, p.ally, p.deck_code = main, ally, deck_code(main, ally, keys)
    p.deck = [DeckCard(key=k) for k in keys]


def _redraw_hand_and_deck(st: FrontlineState, p: Player, owner: int, rnd: random.Random) -> None:
    """The unrevealed hand cards and the deck are one pool, dealt again: each unrevealed
    hand place (its id kept) gets a card of the pool, the rest is the deck, in a new order.
    The pool is not the player's: the deck list behind it is its secret, so it is drawn again
    (`_redraw_list`) from what the table knows: its nations, the deck rules, and the cards of
    the list it has seen (played, discarded, revealed: those no longer hidden). Hidden cards
    from outside the list (shuffled in, returned to the deck) were told to the table and stay,
    and so do the revealed cards that went back among the hidden ones (`known_hidden`).
    A card a tutor fetched gets a unit of the type the table was told (4.1.4.2); a unit of a
    type a search found none of in the deck (`searched_none`, 4.1.4.2) goes to the hand."""
    hidden = [c for c in p.hand if not c.revealed]
    real = Counter(c.key for c in hidden) + Counter(d.key for d in p.deck)
    listed = Counter(parse_deck(p.deck_code)[2])
    seen, extra = listed - real, real - listed
    tutored = sorted(c.tutored for c in hidden if c.tutored)
    must = seen + (Counter(p.known_hidden) - extra)  # the list holds these: seen, or known hidden
    banned = set(p.searched_none)
    new_list = _redraw_list(p.main, p.ally, must, seen, extra, tutored, banned, len(hidden), rnd)
    p.deck_code = deck_code(p.main, p.ally, sorted(new_list.elements()))
    pool = sorted((new_list - seen + extra).elements())
    rnd.shuffle(pool)
    # in the hand go first the unit a tutor fetched (one of the type told, a banned type
    # when one fits), then every unit of a banned type, then any card
    pool.sort(key=lambda key: not _banned(key, banned))  # stable: a shuffled order within each
    started = (st.turn_no + (st.first == owner)) // 2  # the owner's turns begun: in-deck growth (3.4.6)
    places = sorted(hidden, key=lambda c: not c.tutored)
    loose = [c for c in places if not c.tutored]
    rnd.shuffle(loose)
    for c in places[:len(places) - len(loose)] + loose:  # the constrained places first
        i = next(i for i, key in enumerate(pool) if not c.tutored or _is_unit_of(key, c.tutored))
        c.key, c.active = pool.pop(i), False
        growth = CARDS[c.key].deck_growth
        if growth or not c.tutored:  # a tutor's own +N/+N (adj. 5) is printed on a card the table saw
            c.bonus = growth * rnd.randint(0, started)  # drawn after some of those turns
    rnd.shuffle(pool)
    p.deck = [DeckCard(key=key, bonus=CARDS[key].deck_growth * started) for key in pool]


def _banned(key: str, banned: set[str]) -> bool:
    card = CARDS[key]
    return card.kind == "unit" and card.type in banned


def _redraw_list(main: str, ally: str, must: Counter, seen: Counter, extra: Counter, tutored: list[str],
                 banned: set[str], places: int, rnd: random.Random) -> Counter:
    """A deck list the player could have chosen, holding the `must` cards (the seen ones and
    those known to be hidden) and, among the cards still hidden (list - seen + extra), a unit
    of each `tutored` type, with no more units of a `banned` type than the hand's `places`
    can hold besides the tutored places of other types: half the time one of the ready-made
    decks of its nations that fits, else a random legal deck of its nations (39 cards, at
    most 3 copies, at most 12 allied) grown from the `must` cards. Only what the table knows
    goes in (the real list never does: a search bot cannot read it back)."""
    other_tutored = sum(1 for t in tutored if t not in banned)

    def banned_room(cards: Counter) -> int:
        return places - other_tutored - sum(n for k, n in (cards - seen + extra).items() if _banned(k, banned))

    def fits(cards: Counter) -> bool:
        rest = cards - seen + extra
        need = Counter(tutored)
        return not must - cards and banned_room(cards) >= 0 and all(
            sum(n for k, n in rest.items() if _is_unit_of(k, t)) >= m for t, m in need.items())
    presets = [Counter(keys) for m, a, keys in (parse_deck(d.code) for d in load_presets().values())
               if (m, a) == (main, ally)]
    presets = [d for d in presets if fits(d)]
    if presets and rnd.random() < 0.5:
        return rnd.choice(presets)
    pool = sorted(k for k, c in CARDS.items() if c.collectible and c.nation in (main, ally))
    deck = Counter(must)
    for t in tutored:  # the fetched cards came from the list (more than seen, if seen holds some)
        if sum(n for k, n in (deck - seen + extra).items() if _is_unit_of(k, t)) < tutored.count(t):
            _add_one(deck, [k for k in pool if _is_unit_of(k, t)], ally, rnd)
    while sum(deck.values()) < DECK_SIZE:
        allowed = pool if banned_room(deck) > 0 else [k for k in pool if not _banned(k, banned)]
        _add_one(deck, allowed, ally, rnd)
    return deck


def _add_one(deck: Counter, choices: list[str], ally: str, rnd: random.Random) -> None:
    allied = sum(n for k, n in deck.items() if CARDS[k].nation == ally)
    deck[rnd.choice([k for k in choices if deck[k] < MAX_COPIES
                     and (CARDS[k].nation != ally or allied < MAX_ALLIED)])] += 1


def _is_unit_of(key: str, utype: str) -> bool:
    card = CARDS[key]
    return card.kind == "unit" and card.type == utype


def _redraw_counter(st: FrontlineState, p: Player, owner: int, rnd: random.Random) -> None:
    """4.2: an active counter-order is set in secret on its owner's turn, which it ends; 2.3:
    the table sees the owner's kredits as if it had not been paid. Drawn again: none, or any
    counter-order in the hand the owner could have set. Paid in the owner's last turn (the
    other seat's turn now), it must fit the kredits the table sees; set earlier, it cost
    nothing visible now."""
    for c in p.hand:
        c.active = False
    shown = p.kredits + p.hidden_spent
    p.kredits, p.hidden_spent = shown, 0
    own_turns = (st.turn_no + (st.first == owner)) // 2 - (st.turn == owner)  # owner's turns before this one
    if own_turns <= 0:
        return
    just_ended = st.turn != owner
    earlier = own_turns >= 2 or not just_ended  # a turn of the owner before the last one
    options = [c for c in p.hand if CARDS[c.key].kind == "counter"
               and (earlier or CARDS[c.key].cost <= shown)]
    if not options or rnd.random() < 1 / (len(options) + 1):
        return
    card = rnd.choice(options)
    card.active = True
    cost = CARDS[card.key].cost
    if just_ended and cost <= shown and (not earlier or rnd.random() < 0.5):
        p.kredits, p.hidden_spent = shown - cost, cost
