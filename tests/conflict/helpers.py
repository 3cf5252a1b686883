"""Scenario helpers: a started game, then cards and units taken from the deck (so the
card-count invariant still holds) and placed where a test needs them."""
from __future__ import annotations

from games.conflict import ENGINE
from games.conflict import rules as R
from games.core import Seat


def started(n: int = 3, seed: int = 7, inner: int = 2):
    """Every seat picks its first offered faction and its first territory as capital."""
    state = ENGINE.setup([Seat(index=i, name=f"P{i}") for i in range(n)], ENGINE.parse_options({}), seed).state
    for s in range(n):
        p = state.players[s]
        play(state, s, f"faction {p.offer[0]}")
        play(state, s, f"arrange {p.dealt[0]} {inner}")
    return state


def play(state, seat: int, code: str):
    return ENGINE.apply(state, seat, ENGINE.parse_action(code))


def _pull(state, key: str) -> None:
    for i, c in enumerate(state.deck):
        if c.key == key:
            state.deck.pop(i)
            return
    if key in state.discard:
        state.discard.remove(key)
        return
    for p in state.players:  # last resort: out of someone's hand
        for i, c in enumerate(p.hand):
            if c.key == key:
                p.hand.pop(i)
                return
    raise AssertionError(f"no {key} card left")


def give(state, seat: int, key: str) -> str:
    _pull(state, key)
    return R.give(state, seat, key).id


def clear_hand(state, seat: int) -> None:
    p = state.players[seat]
    state.discard += [c.key for c in p.hand]
    p.hand = []


def unit(state, seat: int, key: str, tid: str, up: bool = True):
    _pull(state, key)
    return R.make_unit(state, seat, key, tid, up)


def fit(state, seat: int, key: str) -> None:
    _pull(state, key)
    p = state.players[seat]
    if p.upgrade:
        state.discard.append(p.upgrade)
    p.upgrade = key


def to_battle(state, seat: int) -> None:
    """Round 2, the seat's battle phase, no pending decision."""
    state.round = 2
    state.turn = seat
    state.phase = "battle"
    state.pending = None
    R.reset_hp(state)


def to_develop(state, seat: int) -> None:
    state.turn = seat
    state.phase = "develop"
    state.pending = None


def bare(seed: int = 3, n: int = 3, phase=to_develop):
    """A started game with no unit on the board, no hand card and no resource anywhere, in
    the first player's phase (`to_develop` or `to_battle`): (state, that seat, the next seat)."""
    state = started(n, seed=seed)
    empty_board(state)
    a = state.turn
    b = (a + 1) % n
    for s in range(n):
        clear_hand(state, s)
        state.players[s].res = 0
    phase(state, a)
    return state, a, b


def outer(state, seat: int) -> list[str]:
    return state.players[seat].rows[-1]


def codes(state, seat: int) -> set[str]:
    return {a.code() for a in ENGINE.legal_actions(state, seat)}


def keys(events) -> list[str]:
    return [e.key for e in events]


def empty_board(state) -> None:
    """Remove every unit (back to the discard) so a test controls the garrisons."""
    for uid in list(state.units):
        state.discard.append(state.units.pop(uid).key)


def make_city(state, tid: str) -> str:
    """Make territory tid a city (中子弹's target): swap its card with a city card still in the
    territory deck, so every territory card stays in play once. Returns tid."""
    terr = state.territories[tid]
    if terr.key in R.CITIES:
        return tid
    i = next(i for i, k in enumerate(state.terr_deck) if k in R.CITIES)
    terr.key, state.terr_deck[i] = state.terr_deck[i], terr.key
    return tid


def no_cities(state) -> None:
    """Swap every city on the board for a non-city card of the territory deck."""
    for terr in state.territories.values():
        if terr.key in R.CITIES:
            i = next(i for i, k in enumerate(state.terr_deck) if k not in R.CITIES)
            terr.key, state.terr_deck[i] = state.terr_deck[i], terr.key


def menu_labels(state, seat: int, steps: list[str], loc: str) -> list[str]:
    """The labels of the click menu `seat` sees after `steps` (["deploy"]: the deploy menu)."""
    from bot.host.core import build_menu
    from games.conflict import GAME

    return [o.label for o in build_menu(GAME, state, 1, seat, steps, loc).options]


def board_text(state, seat: int, loc: str, key: bool = True) -> str:
    """`seat`'s text board, with its key of symbols as the host asks for it (`key`)."""
    from games.conflict import GAME

    view = GAME.engine.view(state, seat)
    return GAME.text.summary({**view, "table": {"key": True}} if key else view, loc)


def public_lines(state, step, loc: str) -> list[str]:
    """A step's public events as the table reads them."""
    from games.conflict import GAME

    return GAME.text.event_lines(state, [(e.key, e.params) for e in step.events if e.to is None], loc)


def battle(attacker: str = "stormtrooper", defender: str = "rifleman", seed: int = 3, n: int = 3, strike: bool = True,
           before=None):
    """A bare game in the first seat's battle phase, its `attacker` unit in its outer row and the
    next seat's `defender` unit in that seat's outer row; with `strike`, the attack under way
    (an Attack card played, the strike chosen: both sides to lay their combat cards). `before`
    (state, a, b, att, dfd) runs ahead of the strike (a fitting, a crew). Returns (state, a, b,
    the attacker unit, the defender unit)."""
    state, a, b = bare(seed, n, to_battle)
    att = unit(state, a, attacker, outer(state, a)[0])
    dfd = unit(state, b, defender, outer(state, b)[0])
    if before is not None:
        before(state, a, b, att, dfd)
    if strike:
        play(state, a, f"attack {give(state, a, 'attack')}")
        play(state, a, f"strike {att.id} {dfd.id}")
    return state, a, b, att, dfd


def aegis_heads(attacker: str, lay_a: str, lay_b: str):
    """The first seed (1-39) whose fight of `attacker` against Riflemen wearing Aegis lands heads
    on its coin, the two combat cards laid: (state, step of the second lay, the defender unit)."""
    for seed in range(1, 40):
        state, a, b, _, dfd = battle(attacker, "rifleman", seed, before=lambda state, a, b, *_: fit(state, b, "aegis"))
        play(state, a, f"lay {lay_a}")
        step = play(state, b, f"lay {lay_b}")
        if next(e for e in step.events if e.key == "core.roll").params["total"] == 1:
            return state, step, dfd
    raise AssertionError("no heads in 40 seeds")


BUSY_SKIPS = ("pass", "next", "halt", "no", "flip")  # skipped while another action is legal


def walk(seed: int, players: int, rounds: int = 12, bots: float = 0.5, steps: int = 1500, look=None):
    """A seeded random playout: each step a seat to act moves by the bot heuristic (a share
    `bots`) or at random among the actions that do something (BUSY_SKIPS skipped while another
    is legal). `look(state, seat, legal)` runs ahead of each move, on the state it applies to.
    Yields (the state after, the seat, the action, the step)."""
    import random

    from games.conflict import GAME

    rnd = random.Random(seed)
    state = ENGINE.setup([Seat(index=i, name=f"P{i}") for i in range(players)],
                         ENGINE.parse_options({"max_rounds": str(rounds)}), seed).state
    for _ in range(steps):
        if ENGINE.outcome(state) is not None:
            return
        seat = rnd.choice(sorted(ENGINE.active_seats(state)))
        legal = ENGINE.legal_actions(state, seat)
        if look is not None:
            look(state, seat, legal)
        busy = [x for x in legal if x.kind not in BUSY_SKIPS] or legal
        action = GAME.bot_action(state, seat, rnd) if rnd.random() < bots else rnd.choice(busy)
        step = ENGINE.apply(state, seat, action)
        state = step.state
        yield state, seat, action, step
