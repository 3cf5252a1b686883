"""Refusals a player can trigger, read as the player reads them (issue 18, session 17).

Random playouts with a fixed seed; at each step every seat tries what a player could send
that the rules refuse: an action it had in an earlier turn (a stale menu or a typed code),
another seat's action made only of what this seat can see, and its own actions with one
part swapped for another thing it can see (a wrong target, a unit where an option goes).
Each refusal is named as the host names it (`names.named_refusal`) and rendered in English
and Chinese. Ids are only ever typed from what a seat sees: another seat's hidden card ids
never reach it, so they are not tried.
"""
from __future__ import annotations

import random
import re
from typing import Any, Iterator

from bot.host import names
from games.core import Seat
from games.core.errors import RuleError
from games.core.game import Game
from games.core.i18n import t

LOCALES = ("en", "zh-CN")


def refusals(game: Game, seed: int, steps: int, tries: int = 6, options: dict | None = None,
             passive: tuple[str, ...] = ()) -> Iterator[tuple[str, str, str, str]]:
    """(code tried, refusal key, locale, text) for the refusals met in one seeded playout."""
    engine = game.engine
    rng = random.Random(seed)
    state = engine.setup([Seat(index=i, name=f"P{i + 1}") for i in range(2)],
                         engine.parse_options(options or {}), seed).state
    earlier: list[set[str]] = [set(), set()]
    for _ in range(steps):
        active = engine.active_seats(state)
        if engine.outcome(state) is not None or not active:
            return
        legal = {s: [a.code() for a in engine.legal_actions(state, s)] for s in range(2)}
        for seat in range(2):
            seen = set(game.text.token_names(state, seat, "en"))
            codes = [c for c in sorted(earlier[seat]) if c not in legal[seat]]
            codes += [c for c in legal[1 - seat] if all(_visible(tok, seen) for tok in c.split()[1:])]
            for code in rng.sample(legal[seat], min(tries, len(legal[seat]))):
                parts = code.split()
                if len(parts) > 1:
                    parts[rng.randrange(1, len(parts))] = rng.choice(sorted(seen))
                    codes.append(" ".join(parts))
            for code in rng.sample(codes, min(tries, len(codes))):
                yield from _refused(game, state, seat, code)
            earlier[seat].update(legal[seat])
        seat = active[0]
        actions = engine.legal_actions(state, seat)
        busy = [a for a in actions if a.code().split()[0] not in passive]
        state = engine.apply(state, seat, rng.choice(busy if busy and rng.random() < 0.85 else actions)).state


def _visible(token: str, seen: set[str]) -> bool:
    return token in seen or not names._ID.fullmatch(token)


def _refused(game: Game, state: Any, seat: int, code: str) -> Iterator[tuple[str, str, str, str]]:
    engine = game.engine
    try:
        action = engine.parse_action(code)
    except RuleError:
        return
    try:
        engine.apply(engine.load_state(engine.dump_state(state)), seat, action)
    except RuleError as exc:
        for loc in LOCALES:
            key, params = names.named_refusal(game.text, state, seat, exc.key, exc.params, loc)
            yield code, exc.key, loc, t(loc, key, **params)


def bare_words(text: str, words: re.Pattern[str]) -> list[str]:
    return words.findall(text)


def unreadable(text: str, loc: str, ids: re.Pattern[str], words: tuple[str, ...]) -> list[str]:
    """What a refusal shows that a player cannot read: an id (`ids`), a raw option word (a code's
    word, `words`) in quotes or, in Chinese, anywhere; an English sentence starting with a lower-case word."""
    found = ids.findall(text)
    for word in words:
        if re.search(rf"['“(]{word}['”)]", text) or (loc == "zh-CN" and re.search(rf"(?<![A-Za-z]){word}(?![A-Za-z])", text)):
            found.append(word)
    if loc == "en" and re.match(r"[a-z]+\b", text):  # a name in its own case ("sFH 18 Battery") is fine
        found.append("lower-case start")
    return found
