"""Provably fair games: a secret seed committed by its hash at start, revealed at the end,
and a replay that rebuilds a stored game from its seed and action log."""
from __future__ import annotations

import hashlib
import json
import secrets
from typing import Any

from games.core.engine import Engine, Seat
from storage.sessions import LogRow, SessionRow

RESIGN = "!resign"  # log code for a concession or a timer forfeit: `!resign SEAT`


def new_seed() -> int:
    return secrets.randbits(64)


def seed_hash(seed: int) -> str:
    """What the table sees at start: SHA-256 of the seed written in decimal."""
    return hashlib.sha256(str(seed).encode()).hexdigest()


def resign_code(seat: int) -> str:
    return f"{RESIGN} {seat}"


def engine_seats(session: SessionRow) -> list[Seat]:
    return [Seat(index=s.seat, name=s.name, is_bot=s.is_bot) for s in session.seats]


def replay(engine: Engine, session: SessionRow, log: list[LogRow]) -> Any:
    """setup(seats, options, seed) followed by every logged action, in order."""
    state = engine.setup(engine_seats(session), engine.parse_options(session.options), session.seed).state
    for entry in log:
        if entry.code.startswith(RESIGN + " "):
            state = engine.resign(state, int(entry.code.split()[1])).state
        else:
            state = engine.apply(state, entry.seat, engine.parse_action(entry.code)).state
    return state


def first_difference(a: Any, b: Any, path: str = "$") -> str | None:
    """The first place two JSON values differ, as `path: a != b`, or None when equal."""
    if type(a) is not type(b):
        return f"{path}: {json.dumps(a)[:80]} != {json.dumps(b)[:80]}"
    if isinstance(a, dict):
        for key in sorted(set(a) | set(b)):
            if key not in a or key not in b:
                return f"{path}.{key}: present on one side only"
            diff = first_difference(a[key], b[key], f"{path}.{key}")
            if diff:
                return diff
        return None
    if isinstance(a, list):
        for i, (x, y) in enumerate(zip(a, b)):
            diff = first_difference(x, y, f"{path}[{i}]")
            if diff:
                return diff
        return None if len(a) == len(b) else f"{path}: length {len(a)} != {len(b)}"
    return None if a == b else f"{path}: {json.dumps(a)[:80]} != {json.dumps(b)[:80]}"


def verify_session(engine: Engine, session: SessionRow, log: list[LogRow]) -> str | None:
    """None when the seed matches its hash and the replay equals the stored state; else why not."""
    if seed_hash(session.seed) != session.seed_hash:
        return "the seed does not match the hash shown at the start"
    if session.state is None:
        return "the game never started: nothing to replay"
    try:
        replayed = replay(engine, session, log)
    except Exception as exc:  # a tampered log may name an impossible action
        return f"the replay failed: {exc!r}"
    return first_difference(json.loads(engine.dump_state(replayed)), json.loads(session.state))
