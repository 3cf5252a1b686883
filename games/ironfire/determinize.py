"""Iron & Fire: what a seat cannot see, drawn again (Engine.determinize).

Hidden from a seat: another seat's deck list (but its size, the format, the bans and the
cards of it the table has seen, in this game or an earlier one of the match), its cards
being picked in secret (army selection, reinforcement) and so the split of its deck
between those picks and its reserve, its face-down units under fog of war (which card,
damage, cut-off state sits behind each face-down slot, and which cards the unseen ones
are: any combat cards of its deck not otherwise accounted for), and the dice to come.

The deck list is drawn again (`_redraw_list`) while decks are chosen, between the games
of a match and, without fog, in play (the reserve is then dealt from the new list). Under
fog in play it is drawn again too (`_redraw_list_under_fog`), built around the unseen
face-down cards: those are drawn first, as a whole, so that the army keeps the logistics
total the owner's cut-off (or its absence) tells, which a list drawn blind rarely allows;
when no such draw fits (a focus fire being built, say), the list is kept and only split
again among the hidden places.
"""
from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from typing import TYPE_CHECKING

from games.core import GameRng
from games.ironfire.cards import POOL, PRESETS, deck_size, parse_deck
from games.ironfire.state import MAX_REINFORCE, DeckCard, IronState, Player

if TYPE_CHECKING:  # the engine passes itself in: determinize reads its public queries
    from games.ironfire.engine import IronFireEngine


def determinize(engine: IronFireEngine, state: IronState, seat: int, rnd: random.Random) -> IronState:
    # A dump and load copies the state faithfully (every seeded test plays the same) and costs
    # about 0.6 ms here against deepcopy's 1.0 (2,329 states of 12 random games, one run)
    st = engine.load_state(engine.dump_state(state))
    st.rng = GameRng.fresh(rnd)
    for s, p in enumerate(st.players):
        if s == seat or p.out:
            continue
        if p.deck and (st.phase in ("deck", "first") or not st.options.fog_of_war):
            _redraw_list(engine, st, p, rnd)
        elif p.deck:
            _redraw_list_under_fog(engine, st, s, rnd)
        _redraw_unseen_units(engine, st, s, rnd)
        if st.phase == "army":
            _redraw_picks(st, p, rnd, room=p.logistics, most=len(p.reserve) + len(p.picked),
                          need_combat=p.ready, combat_left=False)
        elif st.phase == "recount" and p.need_cut == 0:
            room = p.logistics - engine.army_logistics(p)
            _redraw_picks(st, p, rnd, room=room, most=MAX_REINFORCE, need_combat=False, combat_left=True)
        _shuffle_face_down(p, rnd)
    return st


def _redraw_list(engine: IronFireEngine, st: IronState, p: Player, rnd: random.Random) -> None:
    """A deck list the player could have chosen, in place of its own: of the announced size
    (100.2, 100.3), without banned cards (100.5), holding every card of it the table has
    seen; half the time a ready-made deck of the format that fits, else the seen cards and
    cards drawn at random from the whole pool (100.4: no limit on copies). The cards not in
    sight (the reserve and the secret picks) are then dealt from it."""
    shown = Counter(engine.seen_cards(p))
    known = shown | Counter(p.seen)  # the most copies of each the table has seen at once
    banned = st.options.banned()
    fits = [Counter(dict(parse_deck(code))) for fmt, code, _ in PRESETS.values()
            if fmt == st.options.format and deck_size(code) == p.deck_n]
    fits = [d for d in fits if not known - d and not banned & set(d) and _combat(d - shown)]
    if fits and rnd.random() < 0.5:
        deck = rnd.choice(fits)
    else:
        pool = sorted(k for k in [*POOL.combat, *POOL.abilities] if k not in banned)
        deck = Counter(known)
        if not _combat(deck - shown):  # a hidden combat card: one may be picked (101.4, 102.4)
            deck[rnd.choice([k for k in pool if k in POOL.combat])] += 1
        while sum(deck.values()) < p.deck_n:
            deck[rnd.choice(pool)] += 1
    p.deck = ",".join(k if n == 1 else f"{k}*{n}" for k, n in sorted(deck.items()))
    if st.phase in ("deck", "first"):  # the reserve is laid out from the list when a game starts
        return
    hidden = sorted((deck - shown).elements())
    rnd.shuffle(hidden)
    for c in p.picked:
        c.card = hidden.pop()
    p.reserve = hidden


def _redraw_list_under_fog(engine: IronFireEngine, st: IronState, s: int, rnd: random.Random,
                           tries: int = 8) -> None:
    """Under fog in play: a deck list the player could have chosen (its size, no banned card,
    every card the table has seen), whose unseen face-down cards keep the army as the table
    knows it (`_as_seen`: its logistics total, a focus fire still possible). The unseen cards
    are drawn first, as one sequence under the logistics budget (exactly the total while a
    cut-off is counted), every such sequence of combat cards equally likely
    (`_draw_under_budget`); the rest of the list is the seen cards and random cards. When no
    draw fits in a few tries the list stays as it is."""
    p = st.players[s]
    unseen = [u for u in p.army if not u.shown]
    total = engine.army_logistics(p)
    budget = total - sum(POOL.logistics(u.card) for u in unseen)  # what the seen part costs
    exact = st.phase == "recount"
    budget = (total if exact else max(p.logistics, total)) - budget
    shown = Counter(engine.seen_cards(p))
    known = shown | Counter(p.seen)
    banned = st.options.banned()
    combat = tuple(sorted(k for k in POOL.combat if k not in banned))
    pool = sorted(k for k in [*POOL.combat, *POOL.abilities] if k not in banned)
    before = (p.deck, list(p.reserve), [c.card for c in p.picked], [(u.card, u.cv) for u in unseen])
    for _ in range(tries):
        drawn = _draw_under_budget(combat, len(unseen), budget, exact, rnd)
        if drawn is None:
            break
        hidden = Counter(drawn) + (known - shown - Counter(drawn))  # the known cards not in sight
        if sum(shown.values()) + sum(hidden.values()) > p.deck_n:
            continue
        while sum(shown.values()) + sum(hidden.values()) < p.deck_n:
            hidden[rnd.choice(pool)] += 1
        rest = hidden - Counter(drawn)
        if st.phase == "army" and p.ready and not any(
                k in POOL.combat and POOL.logistics(k) <= p.logistics for k in rest):
            continue  # 101.4: the secret picks hold a combat card
        for u, key in zip(unseen, drawn):
            u.card, u.cv = key, POOL.combat[key].cv
        if not _as_seen(engine, st, s, total):
            continue
        deck = shown + hidden
        p.deck = ",".join(k if n == 1 else f"{k}*{n}" for k, n in sorted(deck.items()))
        rest = sorted(rest.elements())
        rnd.shuffle(rest)
        for c in p.picked:
            c.card = rest.pop()
        p.reserve = rest
        return
    p.deck, p.reserve = before[0], before[1]
    for c, key in zip(p.picked, before[2]):
        c.card = key
    for u, (key, cv) in zip(unseen, before[3]):
        u.card, u.cv = key, cv


def _draw_under_budget(cards: tuple[str, ...], n: int, budget: int, exact: bool,
                       rnd: random.Random) -> list[str] | None:
    """`n` cards (repeats allowed, 100.4) whose logistics add up to `budget` (`exact`) or
    at most `budget`, each such sequence equally likely; None when there is none. Counted by
    logistics value: ways[j][b] = sequences of j cards within b."""
    if budget < 0:
        return None
    by_cost: dict[int, list[str]] = {}
    for k in cards:
        by_cost.setdefault(POOL.logistics(k), []).append(k)
    costs = tuple(sorted((c, len(ks)) for c, ks in by_cost.items()))
    ways = _ways(costs, n, budget, exact)
    if ways[n][budget] == 0:
        return None
    out, left = [], budget
    for j in range(n, 0, -1):
        weights = [m * ways[j - 1][left - c] if c <= left else 0 for c, m in costs]
        cost = rnd.choices([c for c, _ in costs], weights)[0]
        out.append(rnd.choice(by_cost[cost]))
        left -= cost
    return out


@lru_cache(maxsize=256)
def _ways(costs: tuple[tuple[int, int], ...], n: int, budget: int, exact: bool) -> list[list[int]]:
    ways = [[int(b == 0 or not exact) for b in range(budget + 1)]]
    for _ in range(n):
        last = ways[-1]
        ways.append([sum(m * last[b - c] for c, m in costs if c <= b) for b in range(budget + 1)])
    return ways


def _combat(cards: Counter) -> int:
    return sum(n for k, n in cards.items() if k in POOL.combat)


def _redraw_picks(st: IronState, p: Player, rnd: random.Random, room: int, most: int, need_combat: bool,
                  combat_left: bool) -> None:
    """Cards picked in secret, drawn again from the same cards (reserve and picks together):
    within `room` logistics, at most `most` cards, with a combat card among them when the
    seat has declared itself ready (101.4), and, while reinforcing, each picked only while
    the reserve still held a combat card (102.4)."""
    pool = sorted(p.reserve + [c.card for c in p.picked])  # sorted: the draw depends on what the seat sees only
    rnd.shuffle(pool)
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
    # new tokens for all of them: keeping the real picks' would carry their secret tokens, and
    # how many there were, into every world drawn (the count is hidden: the view adds the
    # picks to the reserve's)
    p.picked = [DeckCard(uid=st.rng.token("k"), card=k) for k in picked]


def _redraw_unseen_units(engine: IronFireEngine, st: IronState, s: int, rnd: random.Random, tries: int = 20) -> None:
    """101.5: a face-down card the table has never seen may be any combat card of the deck
    not otherwise accounted for: those cards and the reserve are dealt again, the unseen
    places taking combat cards. Never seen, such a card was never hit, healed or used, so it
    stands at its printed value. Kept as the seat has seen them: the army's logistics stay
    within both the player's logistics and what it really holds (armies are built within
    logistics, 101.4, 102.4), and in battle the focus fire it is building (102.3). Whether
    the player can still attack is not kept: a seat with face-down cards keeps its turns
    until it ends its attacks (ruling 22), so the table never sees it."""
    p = st.players[s]
    unseen = [u for u in p.army if not u.shown]
    if not unseen:
        return
    total = engine.army_logistics(p)
    before = [u.card for u in unseen], list(p.reserve)
    pool = sorted(before[0] + before[1])
    for _ in range(tries):
        rnd.shuffle(pool)
        combat = [i for i, k in enumerate(pool) if k in POOL.combat][:len(unseen)]
        for u, i in zip(unseen, combat):
            u.card, u.cv = pool[i], POOL.combat[pool[i]].cv
        if _as_seen(engine, st, s, total):
            taken = set(combat)
            p.reserve = [k for i, k in enumerate(pool) if i not in taken]
            return
    for u, card in zip(unseen, before[0]):  # none fitted: the cards stay (their order is still drawn again)
        u.card, u.cv = card, POOL.combat[card].cv


def _as_seen(engine: IronFireEngine, st: IronState, s: int, total: int) -> bool:
    """Whether redrawn cards keep what `_redraw_unseen_units` promises."""
    new_total = engine.army_logistics(st.players[s])
    if st.phase == "recount":  # the cut-off still owed (need_cut) follows from the total
        return new_total == total
    if new_total > max(st.players[s].logistics, total):
        return False
    return st.phase != "battle" or _focus_still_possible(engine, st, s)


def _focus_still_possible(engine: IronFireEngine, st: IronState, s: int) -> bool:
    """102.3: focus fire is declared only with two cards that can join it without cost, so
    while the player builds one, those joined and those that still can make two at least."""
    focus = st.focus
    if focus is None or focus.declared or focus.seat != s:
        return True
    target = engine.unit(st, focus.target)
    return len(focus.members) + len(engine.focus_candidates(st, s, target, True)) >= 2


def _shuffle_face_down(p: Player, rnd: random.Random) -> None:
    """101.5: which card lies behind which face-down slot (with its damage and cut-off
    state, also hidden while face down) is unknown; the slots and their tokens stay."""
    down = [u for u in p.army if not u.up]
    cards = sorted((u.card, u.cv, u.heavy, u.cut, u.attacked, u.shown) for u in down)
    rnd.shuffle(cards)
    for u, (card, cv, heavy, cut, attacked, shown) in zip(down, cards):
        u.card, u.cv, u.heavy, u.cut, u.attacked, u.shown = card, cv, heavy, cut, attacked, shown
