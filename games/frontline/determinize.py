"""Frontline: what a seat cannot see, drawn again (Engine.determinize).

Hidden from a seat: the order of its own deck; the other player's deck order and which of
its cards sit in its hand unrevealed (its hand and deck together are one pool of cards,
each with the bonus it gathered, 3.4.6; a card a tutor fetched stays a unit of the type
the table was told, 4.1.4.2); whether the other player has an active counter-order, and
which (4.2, with the kredits it cost, 2.3); the cards it marked to swap in the mulligan;
its deck while decks are chosen; the dice to come. Revealed cards (1.3.1) stay where they
are.
"""
from __future__ import annotations

import random

from games.core import GameRng

from .cards import CARDS, deck_code, load_presets, parse_deck
from .state import DeckCard, FrontlineState, Player


def determinize(st: FrontlineState, seat: int, rnd: random.Random) -> FrontlineState:
    st = st.model_copy(deep=True)
    st.rng = GameRng.fresh(rnd)
    me, foe = st.players[seat], st.players[1 - seat]
    me.deck.sort(key=lambda d: (d.key, d.bonus))  # sorted first: the draw depends on what the seat sees only
    rnd.shuffle(me.deck)
    if st.phase == "deck":
        if foe.ready:
            _redraw_deck(foe, rnd)
        return st
    _redraw_hand_and_deck(foe, rnd)
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


def _redraw_hand_and_deck(p: Player, rnd: random.Random) -> None:
    """The unrevealed hand cards and the deck are one pool, dealt again: each unrevealed
    hand place (its id kept) gets a card of the pool, the rest is the deck, in a new order.
    A card a tutor fetched gets a unit of the type the table was told (4.1.4.2)."""
    hidden = [c for c in p.hand if not c.revealed]
    pool = sorted([(c.key, c.bonus) for c in hidden] + [(d.key, d.bonus) for d in p.deck])
    rnd.shuffle(pool)
    for c in sorted(hidden, key=lambda c: not c.tutored):  # the constrained places first
        i = next(i for i, (key, _) in enumerate(pool) if not c.tutored or _is_unit_of(key, c.tutored))
        (c.key, c.bonus), c.active = pool.pop(i), False
    p.deck = [DeckCard(key=key, bonus=bonus) for key, bonus in pool]


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
