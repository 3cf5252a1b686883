"""Iron & Fire: what a seat cannot see, drawn again (Engine.determinize).

Hidden from a seat: another seat's deck while decks are chosen, its cards being picked in
secret (army selection, reinforcement) and so the split of its deck between those picks
and its reserve, its face-down units under fog of war (which card, damage, cut-off state
sits behind each face-down slot, and which cards the unseen ones are: any combat cards of
its deck not otherwise accounted for), and the dice to come. The contents of each deck as
a whole are kept (like the other engines keep the multiset of a hidden deck); how they are
split among hidden places is drawn again, within the rules' limits.
"""
from __future__ import annotations

import random

from games.core import GameRng
from games.ironfire.engine import (
    MAX_REINFORCE, POOL, PRESETS, DeckCard, IronFireEngine, IronState, Player, deck_size, parse_deck,
)


def determinize(engine: IronFireEngine, state: IronState, seat: int, rnd: random.Random) -> IronState:
    st = state.model_copy(deep=True)
    st.rng = GameRng.fresh(rnd)
    for s, p in enumerate(st.players):
        if s == seat or p.out:
            continue
        _redraw_unseen_units(engine, st, s, rnd)
        if st.phase == "deck" and p.ready:
            _redraw_deck(st, p, rnd)
        elif st.phase == "army":
            _redraw_picks(st, p, rnd, room=p.logistics, most=len(p.reserve) + len(p.picked),
                          need_combat=p.ready, combat_left=False)
        elif st.phase == "recount" and p.need_cut == 0:
            room = p.logistics - engine.army_logistics(p)
            _redraw_picks(st, p, rnd, room=room, most=MAX_REINFORCE, need_combat=False, combat_left=True)
        _shuffle_face_down(p, rnd)
    return st


def _redraw_deck(st: IronState, p: Player, rnd: random.Random) -> None:
    """A chosen deck not yet shown: any ready-made deck of the table's format and the same
    size (the size is announced), or the chosen one."""
    banned = st.options.banned()
    same = [code for fmt, code, _ in PRESETS.values()
            if fmt == st.options.format and deck_size(code) == p.deck_n
            and not banned & {k for k, _ in parse_deck(code)}]
    p.deck = rnd.choice(same + [p.deck])


def _redraw_picks(st: IronState, p: Player, rnd: random.Random, room: int, most: int, need_combat: bool,
                  combat_left: bool) -> None:
    """Cards picked in secret, drawn again from the same cards (reserve and picks together):
    within `room` logistics, at most `most` cards, with a combat card among them when the
    seat has declared itself ready (101.4), and, while reinforcing, each picked only while
    the reserve still held a combat card (102.4)."""
    pool = sorted(p.reserve + [c.card for c in p.picked])  # sorted: the draw depends on what the seat sees only
    rnd.shuffle(pool)
    uids = [c.uid for c in p.picked]
    picked: list[str] = []
    if need_combat:  # the true picks hold one, so some combat card fits the room
        first = next(i for i, k in enumerate(pool) if k in POOL.combat and POOL.logistics(k) <= room)
        picked.append(pool.pop(first))
        room -= POOL.logistics(picked[0])
    target = rnd.randint(len(picked), most)
    combat = sum(k in POOL.combat for k in pool)  # combat cards not picked (102.4 asks for one)
    rest = []
    for k in pool:
        if len(picked) < target and POOL.logistics(k) <= room and (combat or not combat_left):
            picked.append(k)
            room -= POOL.logistics(k)
            combat -= k in POOL.combat
        else:
            rest.append(k)
    p.reserve = rest
    uids += [st.rng.token("k") for _ in range(len(picked) - len(uids))]
    p.picked = [DeckCard.model_construct(uid=uid, card=k) for uid, k in zip(uids, picked)]


def _redraw_unseen_units(engine: IronFireEngine, st: IronState, s: int, rnd: random.Random, tries: int = 20) -> None:
    """101.5: a face-down card the table has never seen may be any combat card of the deck
    not otherwise accounted for: those cards and the reserve are dealt again, the unseen
    places taking combat cards. Never seen, such a card was never hit, healed or used, so it
    stands at its printed value. Kept as the seat has seen them: the army's logistics stay
    within both the player's logistics and what it really holds (armies are built within
    logistics, 101.4, 102.4), and in battle whether the player has a card that can attack
    (102.2: a player who cannot is passed over, so the table sees it) and the focus fire it
    is building (102.3)."""
    p = st.players[s]
    unseen = [u for u in p.army if not u.shown]
    if not unseen:
        return
    total = engine.army_logistics(p)
    can_attack = st.phase == "battle" and engine._can_attack(st, s)
    before = [u.card for u in unseen], list(p.reserve)
    pool = sorted(before[0] + before[1])
    for _ in range(tries):
        rnd.shuffle(pool)
        combat = [i for i, k in enumerate(pool) if k in POOL.combat][:len(unseen)]
        for u, i in zip(unseen, combat):
            u.card, u.cv = pool[i], POOL.combat[pool[i]].cv
        if _as_seen(engine, st, s, total, can_attack):
            taken = set(combat)
            p.reserve = [k for i, k in enumerate(pool) if i not in taken]
            return
    for u, card in zip(unseen, before[0]):  # none fitted: the cards stay (their order is still drawn again)
        u.card, u.cv = card, POOL.combat[card].cv


def _as_seen(engine: IronFireEngine, st: IronState, s: int, total: int, can_attack: bool) -> bool:
    """Whether redrawn cards keep what `_redraw_unseen_units` promises."""
    new_total = engine.army_logistics(st.players[s])
    if st.phase == "recount":  # the cut-off still owed (need_cut) follows from the total
        return new_total == total
    if new_total > max(st.players[s].logistics, total):
        return False
    return st.phase != "battle" or (engine._can_attack(st, s) == can_attack and _focus_still_possible(engine, st, s))


def _focus_still_possible(engine: IronFireEngine, st: IronState, s: int) -> bool:
    """102.3: focus fire is declared only with two cards that can join it without cost, so
    while the player builds one, those joined and those that still can make two at least."""
    focus = st.focus
    if focus is None or focus.declared or focus.seat != s:
        return True
    target = engine._unit(st, focus.target)
    return len(focus.members) + len(engine._focus_candidates(st, s, target, True)) >= 2


def _shuffle_face_down(p: Player, rnd: random.Random) -> None:
    """101.5: which card lies behind which face-down slot (with its damage and cut-off
    state, also hidden while face down) is unknown; the slots and their tokens stay."""
    down = [u for u in p.army if not u.up]
    cards = sorted((u.card, u.cv, u.heavy, u.cut, u.attacked, u.shown) for u in down)
    rnd.shuffle(cards)
    for u, (card, cv, heavy, cut, attacked, shown) in zip(down, cards):
        u.card, u.cv, u.heavy, u.cut, u.attacked, u.shown = card, cv, heavy, cut, attacked, shown
