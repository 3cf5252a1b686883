"""What one seat of fleet & mech cannot see, drawn again (a determinization, issue 17).

While the fleets are built, the opponent's whole fleet is hidden but for being ready or not:
it is built again at random, as far along as the real one. In play the opponent's public
part stays (ship, main weapons, mechs, the victory goal, the face-up discard, the number of
cards in hand per kind and in each pile, the pilots shown); drawn again are its hidden
captain (with the skills whose conditions it has met), the pilots never shown, and the
make-up and places of its 20 sub-weapon cards (hand, piles, cards attached to mechs; the
discard and the cards the seat saw with a spy drone stay). The seat's own piles are
shuffled (it does not know their order, only the three cards an advanced weapon system
shows), the event pile too, and the dice stream is new.

Not kept (too fine to matter for a search bot): a pilot shown once and launched again may
fly another of the opponent's mechs for all the seat knows, but stays where it is."""
from __future__ import annotations

import copy
import random

from games.core import GameRng

from games.fleet.data import DATA, DECK_SIDE_SIZE, MAX_COPIES
from games.fleet.state import Build, FleetState, Side

D = DATA()
GOALS = ("raid", "annihilation", "arms")
STAGES = ("ship", "main", "mech", "captain", "pilot", "deck", "victory")
SIDE_OF = {k: sub.side for k, sub in D.subs.items()}
CAPTAIN_SKILLS = {k: tuple(c.skills) for k, c in D.captains.items()}


def determinize(state: FleetState, seat: int, rnd: random.Random) -> FleetState:
    out = copy.deepcopy(state)
    out.rng = GameRng.fresh(rnd)
    other = out.sides[1 - seat]
    if out.phase == "build":
        other.build = _random_build(other.build, rnd)
        return out
    _captain(other, rnd)
    _pilots(other, rnd)
    _cards(other, rnd)
    _own_piles(out, seat, rnd)
    out.event_pile.sort()  # sorted first: the draw depends on what the seat sees only
    rnd.shuffle(out.event_pile)
    return out


def _random_build(real: Build, rnd: random.Random) -> Build:
    """A fleet built as far as the real one: ready (victory chosen) or at a random stage before."""
    stage = "ready" if real.stage == "ready" else rnd.choice(STAGES)
    b = Build(token=real.token, stage=stage)
    if stage == "ship":
        return b
    done = STAGES.index(stage) if stage != "ready" else len(STAGES)
    ship = rnd.choice(list(D.ships))
    sd = D.ships[ship]
    b.ship = ship

    def some(items, room: int, open_stage: str) -> list[str]:
        # the stage still open holds fewer than its room, a finished one at least one
        n = rnd.randint(0, room - 1) if stage == open_stage else rnd.randint(1, room)
        return rnd.sample(list(items), n)

    b.mains = some(D.mains, sd.mains, "main")
    if done > STAGES.index("main"):
        b.mechs = some(D.mechs, sd.mechs, "mech")
    if done > STAGES.index("captain"):
        b.captain = rnd.choice(list(D.captains))
    if done > STAGES.index("captain"):
        b.pilots = some(D.pilots, sd.pilots, "pilot")
    if done >= STAGES.index("deck"):
        full = done > STAGES.index("deck")
        b.ship_cards = _counts(_draw_cards("ship", DECK_SIDE_SIZE if full else rnd.randint(0, DECK_SIDE_SIZE), {}, rnd))
        room = DECK_SIDE_SIZE if full else rnd.randint(0, DECK_SIDE_SIZE - 1)  # a deck in progress is short
        b.mech_cards = _counts(_draw_cards("mech", room, {}, rnd))
    if stage == "ready":
        b.victory = rnd.choice(GOALS)
    return b


def _counts(cards: list[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in cards:
        out[c] = out.get(c, 0) + 1
    return out


def _draw_cards(side: str, n: int, fixed: dict[str, int], rnd: random.Random) -> list[str]:
    """n cards of one side of the deck, at most MAX_COPIES of a kind counting the `fixed` ones."""
    pool = [k for k, s in SIDE_OF.items() if s == side for _ in range(max(0, MAX_COPIES - fixed.get(k, 0)))]
    return rnd.sample(pool, n)


def _captain(side: Side, rnd: random.Random) -> None:
    """A hidden captain has used no skill; 军势 would have shown itself once its condition was met."""
    if side.captain_revealed:
        return
    choices = [k for k, skills in CAPTAIN_SKILLS.items() if not ("rally" in skills and "rally" in side.unlocked)]
    captain = rnd.choice(choices)
    side.captain = side.build.captain = captain
    side.ready = [s for s in side.unlocked if s in CAPTAIN_SKILLS[captain]]


def _pilots(side: Side, rnd: random.Random) -> None:
    """Pilots never shown get other names, wherever they are (hangar, flying, injured)."""
    shown = {p.pid for p in side.pilots if p.revealed}
    hidden = [p for p in side.pilots if not p.revealed]
    names = rnd.sample([k for k in D.pilots if k not in shown], len(hidden))
    rename = {p.pid: new for p, new in zip(hidden, names)}
    for p in hidden:
        p.pid = rename[p.pid]
    for m in side.mechs:
        if m.pilot in rename:
            m.pilot = rename[m.pilot]
    side.build.pilots = [rename.get(k, k) for k in side.build.pilots]


def _cards(side: Side, rnd: random.Random) -> None:
    """The opponent's deck make-up and where its cards are, by side of the deck (hand counts
    per kind, pile sizes and attached cards are public; the discard and spied cards are kept)."""
    shown = set(side.shown)
    for kind in ("ship", "mech"):
        pile = side.ship_pile if kind == "ship" else side.mech_pile
        attached = [c for m in side.mechs for c in m.cards] if kind == "mech" else []
        hidden = [c for c in side.hand if SIDE_OF[c.card] == kind and c.id not in shown] + pile + attached
        fixed = _counts([k for k in side.discard if SIDE_OF[k] == kind] +
                        [c.card for c in side.hand if SIDE_OF[c.card] == kind and c.id in shown])
        for card, key in zip(hidden, _draw_cards(kind, len(hidden), fixed, rnd)):
            card.card = key
    side.build.ship_cards = _counts([k for k in side.discard if SIDE_OF[k] == "ship"] +
                                    [c.card for c in _all_cards(side) if SIDE_OF[c.card] == "ship"])
    side.build.mech_cards = _counts([k for k in side.discard if SIDE_OF[k] == "mech"] +
                                    [c.card for c in _all_cards(side) if SIDE_OF[c.card] == "mech"])


def _all_cards(side: Side) -> list:
    return side.hand + side.ship_pile + side.mech_pile + [c for m in side.mechs for c in m.cards]


def _own_piles(state: FleetState, seat: int, rnd: random.Random) -> None:
    """The seat knows what its piles hold, not their order: only the cards an advanced weapon
    system shows it (a pending pick) stay where they are."""
    side = state.sides[seat]
    pend = state.pending[0] if state.pending else None
    keep = set(pend.data["cards"]) if pend is not None and pend.kind == "pick" and pend.seat == seat else set()
    for pile in (side.ship_pile, side.mech_pile):
        free = [i for i, c in enumerate(pile) if c.id not in keep]
        cards = sorted((pile[i] for i in free), key=lambda c: c.id)  # sorted: the real order must not show
        rnd.shuffle(cards)
        for i, c in zip(free, cards):
            pile[i] = c
