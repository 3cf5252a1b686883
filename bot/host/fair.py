"""Provably fair games.

When a table opens the server draws a 256-bit secret and shows its commitment: SHA-256 of
the secret written as 64 hex digits. On a table that takes player entropy every human seat
adds a value after that (given at /game join or /game start, else drawn by the bot when they
joined), and the game's key is SHA-256 of `SECRET:VALUE0:VALUE1...` (human seats in seat
order), so nobody, the bot's operator included, can choose the dice. Otherwise the key is
the secret itself. At the end the secret and the values are revealed: anyone can recompute
the commitment and the key, and `replay` rebuilds the game from the key and the action log.

A player who does not trust the operator (who can read every value stored, and knows the
secret) commits instead: they send SHA-256 of a value they keep (`/game join commit:HEX`),
and reveal the value (`/game start entropy:VALUE`) only once commitments are closed, so
that nobody can add or change a value after seeing theirs. A committed player who never
reveals has the fixed value WITHHELD in the key: withholding gives a choice between two
outcomes at most, never a value of one's choosing.
"""
from __future__ import annotations

import hashlib
import json
import re
import secrets
import shlex
from pathlib import Path
from typing import Any, Iterator
from urllib.parse import urlsplit, urlunsplit

from games.core.engine import Engine, Seat
from storage.sessions import LogRow, SeatRow, SessionRow, is_postgres_url

RESIGN = "!resign"  # log code for a concession or a timer forfeit: `!resign SEAT`
# A player's value: what `printf %s` and a shell line take as they are, with no separator.
CONTRIBUTION = re.compile(r"[A-Za-z0-9_.-]{1,64}")
COMMITMENT = re.compile(r"[0-9a-f]{64}")  # SHA-256 of a value, as sha256sum prints it
# The value in the key of a committed player who did not reveal in time: fixed in advance, so
# withholding chooses between two keys at most (and nobody, the bot included, picks it).
WITHHELD = "withheld"


def new_seed() -> int:
    return secrets.randbits(256)


def new_bot_secret() -> str:
    return secrets.token_hex(32)


def new_contribution() -> str:
    return secrets.token_hex(16)


def seed_hash(seed: int) -> str:
    """The commitment the table sees: SHA-256 of the secret written as 64 hex digits."""
    return _sha256(f"{seed:064x}")


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def verify_command(database: str | Path | None, session_id: int) -> str:
    """The `shapan verify` line a reveal prints, runnable as printed: the database named as the
    host opened it (a SQLite file by its absolute path; a PostgreSQL URL without its password,
    which the reader supplies as libpq does, e.g. PGPASSWORD)."""
    command = f"shapan verify --session {session_id}"
    if database is None:
        return command
    target = str(database)
    if is_postgres_url(target):
        parts = urlsplit(target)
        if parts.password is not None:
            netloc = parts.netloc.rpartition("@")
            user = netloc[0].partition(":")[0]
            parts = parts._replace(netloc=f"{user}@{netloc[2]}")
        target = urlunsplit(parts)
    else:
        target = str(Path(target.removeprefix("sqlite:").removeprefix("//")).resolve())
    return f"shapan verify --db {shlex.quote(target)} --session {session_id}"


def secret_text(session: SessionRow) -> str:
    """The secret as revealed, the exact text whose SHA-256 is the commitment. Tables opened
    before 256-bit secrets (migration 0007) committed to their 64-bit seed in decimal."""
    return str(session.seed) if is_retired_seed(session) else f"{session.seed:064x}"


def is_retired_seed(session: SessionRow) -> bool:
    return session.seed_hash == _sha256(str(session.seed))


def contributions(session: SessionRow) -> list[tuple[SeatRow, str | None]]:
    """Each human seat with its player's value (None while none is recorded), in seat order."""
    values = session.entropy or {}
    return [(s, values.get(str(s.user_id))) for s in session.seats if not s.is_bot and s.user_id is not None]


def commitment_of(value: str) -> str:
    """What a player commits to: SHA-256 of their value (`printf %s VALUE | sha256sum`)."""
    return _sha256(value)


def unrevealed(session: SessionRow) -> list[SeatRow]:
    """The first seat of each player who committed and has not revealed (nor been marked as
    withholding) yet."""
    committed = session.commitments or {}
    values = session.entropy or {}
    seen: set[int] = set()
    out = []
    for seat, _ in contributions(session):
        if str(seat.user_id) in committed and str(seat.user_id) not in values and seat.user_id not in seen:
            seen.add(seat.user_id)
            out.append(seat)
    return out


def check_commitments(session: SessionRow) -> str | None:
    """None when every revealed value matches its player's commitment; else which does not."""
    values = session.entropy or {}
    for seat, _ in contributions(session):
        committed = (session.commitments or {}).get(str(seat.user_id))
        value = values.get(str(seat.user_id))
        if committed is not None and value != WITHHELD and (value is None or commitment_of(value) != committed):
            return f"the value of seat {seat.seat} ({seat.name}) does not match the commitment {committed}"
    return None


def mix_text(session: SessionRow) -> str:
    """`SECRET:VALUE0:VALUE1...`: the text whose SHA-256 is the key of a table with entropy."""
    values = [v for _, v in contributions(session)]
    if None in values:
        raise ValueError("a human seat has added no value")
    return ":".join([secret_text(session), *values])


def game_seed(session: SessionRow) -> int:
    """What the engine's setup receives: the game's 256-bit key."""
    if session.entropy is None:
        return session.seed
    return int(_sha256(mix_text(session)), 16)


def resign_code(seat: int) -> str:
    return f"{RESIGN} {seat}"


def engine_seats(session: SessionRow) -> list[Seat]:
    return [Seat(index=s.seat, name=s.name, is_bot=s.is_bot) for s in session.seats]


def replay(engine: Engine, session: SessionRow, log: list[LogRow]) -> Any:
    """setup(seats, options, seed) followed by every logged action, in order."""
    state = engine.setup(engine_seats(session), engine.parse_options(session.options), game_seed(session)).state
    for _, state in replayed(engine, session, log, state):
        pass
    return state


def replayed(engine: Engine, session: SessionRow, log: list[LogRow], state: Any = None) -> Iterator[tuple[LogRow, Any]]:
    """Each logged action with the state right after it, replayed from `state` (None: the
    setup's). The engine may change a state in place: copy one that must outlast the next step."""
    if state is None:
        state = engine.setup(engine_seats(session), engine.parse_options(session.options), game_seed(session)).state
    for entry in log:
        if entry.code.startswith(RESIGN + " "):
            state = engine.resign(state, int(entry.code.split()[1])).state
        else:
            state = engine.apply(state, entry.seat, engine.parse_action(entry.code)).state
        yield entry, state


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
    """None when the secret matches its commitment and the replay from the game's key (the
    secret mixed with the players' values) equals the stored state; else why not."""
    if _sha256(secret_text(session)) != session.seed_hash:
        return "the secret does not match the commitment shown at the start"
    if (wrong := check_commitments(session)) is not None:
        return wrong
    if session.state is None:
        return "the game never started: nothing to replay"
    try:
        replayed = replay(engine, session, log)
    except Exception as exc:  # a tampered log may name an impossible action
        return f"the replay failed: {exc!r}"
    difference = first_difference(json.loads(engine.dump_state(replayed)), json.loads(session.state))
    if difference and is_retired_seed(session):
        return (f"{difference} (this table has a 64-bit seed from before 256-bit secrets; if it started "
                "before that change, its dice came from the retired generator and cannot be replayed)")
    return difference
