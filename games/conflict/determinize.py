"""What one seat of 战地强装&冲突 cannot see, drawn again (a determinization, issue 17).

Hidden from a seat: the other players' hand cards, the order of the basic deck, the cards
under the other players' face-down units, a combat lay the other side has made, the order of
the territory deck and the dice stream; during the opening also the other players' faction
offers and choices, their dealt territories and how they arranged them.

Kept: everything public (the board, counts, the face-up discard pile, upgrades, resources),
the seat's own secrets, and what the seat has seen of others' (`state.known`: cards it saw
through espionage, gave away with aid policy, watched being taken back from the discard or
given back after a failed rescue; units it saw face up before they were turned down). A
face-down card also stays consistent with the resources paid for it in the open
(`state.paid`). The hidden cards are dealt again from one pool: the deck plus every card
the seat cannot see, so the deck's make-up follows from what is public."""
from __future__ import annotations

import random

from games.core import GameRng

from games.conflict import rules as R
from games.conflict.model import ConflictState, Unit, copy_state

LETTERS = "ADSR"  # the combat cards of a lay
TRIES = 20  # attempts at dealing the face-down units before keeping their cards


def determinize(state: ConflictState, seat: int, rnd: random.Random) -> ConflictState:
    out = copy_state(state)
    out.rng = GameRng.fresh(rnd)
    if out.phase == "setup":
        _opening(out, seat, rnd)
    else:
        _shuffle_terr_deck(out, rnd)
    _cards(out, seat, rnd)
    _lays(out, seat, rnd)
    return out


def _sees(state: ConflictState, seat: int, owner: int, secret: str) -> bool:
    return owner == seat or seat in state.known.get(secret, ())


def _cards(state: ConflictState, seat: int, rnd: random.Random) -> None:
    """Deal every card the seat cannot see again: other hands, the deck, face-down units."""
    hands = [c for s, p in enumerate(state.players) for c in p.hand if not _sees(state, seat, s, c.id)]
    units = [u for u in state.units.values() if not u.up and not _sees(state, seat, u.owner, u.mask)]
    # sorted: the draw depends on what the seat sees only, not on where the cards really are
    pool = sorted([c.key for c in hands] + [c.key for c in state.deck] + [u.key for u in units])
    keys = _deal_units(state, units, pool, rnd)
    if keys is None:  # no other deal found: the units keep their cards, the rest is dealt again
        keys = [u.key for u in units]
    for u, key in zip(units, keys):
        pool.remove(key)
        u.key = key
    rnd.shuffle(pool)
    for card, key in zip(hands + state.deck, pool):
        card.key = key


def _deal_units(state: ConflictState, units: list[Unit], pool: list[str], rnd: random.Random) -> list[str] | None:
    """Cards for the hidden face-down units, each a fielded card that costs what was paid for
    it, without more vehicles of one kind per player than the card allows."""
    if not units:
        return []
    for _ in range(TRIES):
        left = list(pool)
        rnd.shuffle(left)
        vehicles: dict[tuple[int, str], int] = {}
        drawn = {u.id for u in units}
        for u in state.units.values():
            if R.CARD_TYPE[u.key] == "vehicle" and u.id not in drawn:
                vehicles[u.owner, u.key] = vehicles.get((u.owner, u.key), 0) + 1
        keys: list[str] = []
        for u in units:
            key = next((k for k in left if _fits(state, u, k, vehicles)), None)
            if key is None:
                break
            left.remove(key)
            keys.append(key)
            if R.CARD_TYPE[key] == "vehicle":
                vehicles[u.owner, key] = vehicles.get((u.owner, key), 0) + 1
        else:
            return keys
    return None


def _fits(state: ConflictState, unit: Unit, key: str, vehicles: dict[tuple[int, str], int]) -> bool:
    kind = R.CARD_TYPE[key]
    if kind not in ("unit", "character", "vehicle"):
        return False
    if kind == "vehicle" and vehicles.get((unit.owner, key), 0) >= R.CARDS[key].limit:
        return False
    paid = state.paid.get(unit.mask)
    if paid is None:
        return True
    discounted = R.DISCOUNTED.get(R.talent(state, unit.owner), "")
    return R.deploy_cost(state, unit.owner, key, (discounted, paid[1])) == paid[0]


def _lays(state: ConflictState, seat: int, rnd: random.Random) -> None:
    """A combat lay the other side has made: the table saw only how many cards."""
    pend = state.pending
    if pend is None or pend.kind != "combat":
        return
    if pend.lay_by is not None and pend.by != seat:
        pend.lay_by = rnd.sample(LETTERS, len(pend.lay_by))
    if pend.lay_other is not None and pend.other != seat:
        pend.lay_other = rnd.sample(LETTERS, len(pend.lay_other))


def _shuffle_terr_deck(state: ConflictState, rnd: random.Random) -> None:
    """The territory deck's order; the territories a resignation put under it stay there."""
    bottom = min(state.terr_known, len(state.terr_deck))
    top = sorted(state.terr_deck[bottom:])
    rnd.shuffle(top)
    state.terr_deck[bottom:] = top


def _opening(state: ConflictState, seat: int, rnd: random.Random) -> None:
    """The other players' secret opening: faction offers and choices, dealt territories and
    their arrangement (stage by stage as they are: chosen or not, arranged or not)."""
    factions = list(R.FACTIONS)
    others = [p for s, p in enumerate(state.players) if s != seat and p.alive]
    hidden = [tid for p in others for tid in p.dealt]
    pool = sorted([state.territories[t].key for t in hidden] + state.terr_deck)
    rnd.shuffle(pool)
    for tid, key in zip(hidden, pool):
        terr = state.territories[tid]
        full = R.TERRITORIES[key].durability
        terr.key, terr.dur, terr.max = key, full, full
    state.terr_deck = pool[len(hidden):]
    for s, p in enumerate(state.players):
        if s == seat or not p.alive:
            continue
        p.offer = rnd.sample(factions, 3)
        if p.faction is not None:
            p.faction = rnd.choice(p.offer)
        if p.ready:
            capital = rnd.choice(p.dealt)
            inner = rnd.randint(1, 3)
            rest = [t for t in p.dealt if t != capital]
            p.rows = [[capital] + rest[:inner - 1]] + ([rest[inner - 1:]] if rest[inner - 1:] else [])
            p.capital = capital
            R.fortify_capital(state, s)
