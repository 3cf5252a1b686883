"""The host: every verb from every adapter goes through `Host.handle`.

For one command: remember the caller's locale, resolve the session (the channel's table, or
in a DM the caller's game), take the session's lock, reload it, check who may do what, run
the engine on the stored state, let bot seats move, commit state + log in one versioned
transaction, and return an Outbox of already localized messages. Refusals raise HostError
or RuleError before anything is written, so a refused command changes nothing.
"""
from __future__ import annotations

import asyncio
import functools
import logging
import pickle
import random
import threading
import time
import weakref
from contextlib import asynccontextmanager
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, AsyncIterator, Awaitable, Callable, Iterable

from pydantic import BaseModel, ValidationError

from bot import markdown
from bot.commandref import SURFACE
from bot.host import decks, fair, names, rules, thinking
from bot.league.service import LeagueService
from bot.outbox import (
    ActionMenu, Command, Image, MenuOption, Message, Outbox, command_origin, new_nonce, post_body, read_post,
)
from games.core.engine import Engine, Outcome
from games.core.game import Game, Text
from games.core.errors import RuleError
from games.core import options as table_options
from games.core.events import Event
from games.core.search import LEVEL_BUDGETS, LEVELS, Budget, Memory, heuristic
from games.core.i18n import LOCALES, aside, has, listed, localize_value, normalize_locale, register_catalog, sentences, t
from games.registry import available_games, find_game, find_tool, get_engine, get_game
from storage.sessions import (
    OPEN_STATUSES, LogRow, PostRow, Repository, SeatRow, SessionRow, StaleVersion, TableExists, open_repository,
)

register_catalog(Path(__file__).resolve().parent.parent / "locale")
log = logging.getLogger(__name__)

# Bot moves per command: one command answers quickly, and the bots' remaining moves go on
# in slices of the same size at the next ticks (the table is told the bots are thinking).
BOT_STEP_CAP = 200
BOT_SECONDS = 1.0  # and at most this long (measured on `work_clock`) per slice
LOG_LINES = 15
# A claimed turn timer is this process's for so long; if it dies, another takes the timer over
# after this and its next tick (the Discord client ticks every 5 s): under 8 s in all. The
# lease only spares the others the work: a table's row lock and the timer checked again under
# it make a timer fire once even if a slow batch outlives its lease and another claims it.
TIMER_LEASE_SECONDS = 3.0
TIMER_BATCH = 100  # timers claimed per tick; the rest wait for the next tick
# A committed step's posts are the committing process's to send for so long; if it dies first,
# another process (or this one, restarted) sends them once the lease has passed, with the
# same nonces, so Discord makes no second message (it remembers a nonce for a few minutes).
POST_LEASE_SECONDS = 20.0
POST_BATCH = 50  # undelivered posts claimed at a time
SUGGEST_LIMIT = 25  # Discord shows at most 25 autocomplete choices
# A player the rules put out and still asked for a last choice (conflict's heir, 失败者「可将所有
# 牌交给指定一人」) has this long to make it at a table without a turn timer; then it lapses as
# declining does. Without it the others wait on a player who is out, for ever; a live table
# waits a quarter of an hour at most (a timed table uses its own timer).
OUT_CHOICE_MINUTES = 15
PUBLIC_VIEWS_KEPT = 1024  # tables whose last public board stays in memory (a few KiB each)
BOT_MEMORIES_KEPT = 4096  # bot seats whose recent positions are remembered (no null moves)
HINT_LEVEL = "normal"  # /game hint shows what this level would play
# Once commitments to entropy values are closed, the committed players have this long to
# reveal their values; then the game starts, a missing value counting as fair.WITHHELD.
REVEAL_SECONDS = 1800.0


class TableOptions(BaseModel):
    """Options of every table whatever its game, given with the game's own (`/game new conflict
    auto_pass=off`) and listed after them by `/game help GAME`; the host's, not the rules'."""

    model_config = {"extra": "forbid"}
    # A seat whose only legal action is a waiver (an action model with `waiver = True`: declining
    # a window it has nothing to answer with) passes at once, as a bot seat would, with no DM and
    # no ping. The instant pass shows that the player had no answer (as MTG Arena's auto-pass
    # does); a table that wants no such timing tell turns it off.
    auto_pass: bool = True


TABLE_OPTIONS = "host"  # their catalog prefix: host.option.auto_pass.name, .help


class HostError(Exception):
    """A refused command: a message key and parameters, shown in the caller's language."""

    def __init__(self, key: str, **params: Any):
        super().__init__(key)
        self.key = key
        self.params = params


GameFinished = Callable[[SessionRow, Outcome], Awaitable[None]]
AUTO = "auto"  # the action log's source of a pass the host made for a player (`Host._auto_pass`)


def lone_waiver(engine: Engine, state: Any, seat: int) -> Any | None:
    """The seat's only legal action when it is a waiver (see `Host._auto_pass`), else None. The
    console scripts skip such moves: at an auto_pass table the host makes them."""
    legal = engine.legal_actions(state, seat)
    return legal[0] if len(legal) == 1 and getattr(legal[0], "waiver", False) is True else None


def auto_pass_line(action: Any, player: str) -> list[Event]:
    """The host's line for a pass it made for `player` ("passes automatically: nothing to answer
    with"), or none when the game's own events say that pass (`worded` on the action's model:
    fleet's "alice does not answer the launch."): one line for one pass, never two."""
    return [] if getattr(action, "worded", False) is True else [Event.public("host.auto_passed", player=player)]


@functools.lru_cache(maxsize=64)
def _has_waivers(engine: Engine) -> bool:
    """Whether the game has an action a seat may be left with alone to decline (see `Host._auto_pass`)."""
    return any(getattr(model, "waiver", False) is True for model in engine.actions)


@dataclass
class Progress:
    """What one command did to a started game, before it is committed."""

    state: Any
    log: list[LogRow] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # host lines for the public post (table locale)
    changed: bool = False
    # who was awaited before the command; the board picture is drawn again only when that
    # changes (a new turn, a reaction window) or the game ends, not after every small step
    awaited_before: list[int] | None = None
    # of those, the seats that stopped being awaited at some step and are awaited again (the
    # bots played a whole turn, or answered, in between): for them it is a new turn or window
    interrupted: set[int] = field(default_factory=set)
    # the host ended the game without a winner (only bots were left, a kick chose `end`)
    ended: str | None = None  # the message key saying why
    bots_pending: bool = False  # the bots' slice ran out: they go on at the next tick
    # the game, if it ends now, ends without play (a turn-timer forfeit, a kick): remembered
    # for the league only once the step is committed, so a step that failed leaves no trace
    forfeit: bool = False
    # the seats in play (Engine.seats_in_play) before the command's first step and after its last
    in_play_before: list[int] | None = None
    active_before: list[int] | None = None  # the seats active before its first step (Engine.active_seats)
    in_play: list[int] | None = None
    # seats that left play in this command, in order, and whether by their own user's concession
    went_out: list[tuple[int, bool]] = field(default_factory=list)
    # No human is in play from this event on: the bots finish the game, and the table gets no
    # line per move (only who else goes out, then the result; /game log keeps every move)
    quiet_from: int | None = None
    quiet_outs: list[int] = field(default_factory=list)  # seats that left play after quiet_from
    quiet_began: bool = False  # in this command: the table is told what happens now
    # the table's view and awaited seats after the last step (before the first: as stored), to
    # tell for each step whether the table could see it (see `Host._record`)
    table_view: Any = None
    table_awaited: list[int] | None = None

    def awaited_throughout(self) -> set[int]:
        """The seats awaited before the command and at every step of it: for anyone else now
        awaited, a turn or a window begins (a ping, a prompt, a new picture, a new deadline)."""
        return set(self.awaited_before or []) - self.interrupted

    def same_turn(self, awaited: list[int]) -> bool:
        """The same seats are awaited as before the command, each of them all through it."""
        return self.awaited_before is not None and sorted(awaited) == self.awaited_before and not self.interrupted


def _drawn_values(seats: Iterable[SeatRow]) -> dict[str, str]:
    """Entropy values drawn by the bot for every human of a rematch's lobby (each player may
    give their own instead), as for a player who joins without one."""
    return {str(s.user_id): fair.new_contribution() for s in seats if not s.is_bot and s.user_id is not None}


def _human_seats(seats: Iterable[SeatRow]) -> list[tuple[int, int | None]]:
    """Whose values make a table's key, in order (see fair.contributions)."""
    return [(s.seat, s.user_id) for s in seats if not s.is_bot]


def _player_count(engine: Engine) -> dict[str, Any]:
    """`players` as a message says it: `2` for a game of exactly two, `2–4` for a range; `max`
    for the word's number (`{max|player|players}`)."""
    low, high = engine.min_players, engine.max_players
    return {"players": str(low) if low == high else f"{low}–{high}", "max": high}


def _flag(value: Any) -> bool:
    """A yes/no argument as adapters send it (a bool from Discord, a word from the console)."""
    return value is True or str(value).strip().lower() in ("true", "yes", "on", "1")


def _int_arg(value: Any, key: str = "host.bad_number") -> int | None:
    if value is None or value == "":
        return None
    try:
        number = int(str(value).lstrip("#"))
    except ValueError:
        raise HostError(key, value=str(value)[:40]) from None
    if not -(2**63) <= number < 2**63:  # SQLite integers are 64-bit; larger ids name nothing
        raise HostError(key, value=str(value)[:40])
    return number


class Host:
    def __init__(self, repo: Repository, clock: Callable[[], float] = time.time,
                 seed_source: Callable[[], int] = fair.new_seed, bot_step_cap: int = BOT_STEP_CAP,
                 dice_rng: random.Random | None = None, work_clock: Callable[[], float] = time.perf_counter,
                 database: str | Path | None = None):
        self.repo = repo
        self.database = database  # as opened (a file or URL): the reveal's verify line names it
        self.work_clock = work_clock  # times the bots' slice of a command (a fake one in tests)
        self.bot_seconds = BOT_SECONDS
        # /roll dice: the system's generator unless a seeded one is given (tests, --seed)
        self.dice_rng = dice_rng or random.SystemRandom()
        self.clock = clock
        self.seed_source = seed_source
        # each table's bot secret (secrets.token_hex); tests and the console's --seed set a
        # repeatable one, so that games with bot seats replay the same from the same commands
        self.bot_secret_source: Callable[[], str] = fair.new_bot_secret
        self.bot_step_cap = bot_step_cap
        self.post_lease_seconds = POST_LEASE_SECONDS
        # per level, a thinking budget other than the level's own (tests: a few iterations)
        self.bot_budgets: dict[str, Budget] = {}
        self.think_in_processes = True  # searching bots think in worker processes (bot.host.thinking)
        # the positions each bot seat stood in lately (table, seat): kept so that a bot never
        # undoes its own move; worker threads share it, hence the lock
        self._bot_memories: OrderedDict[tuple[int, int], Memory] = OrderedDict()
        self._bot_memories_lock = threading.Lock()
        self.on_game_finished: list[GameFinished] = []
        # open_thread(parent channel, name) -> thread id: set by an adapter that has threads;
        # league games then open in a thread of the league's channel, else in the channel itself
        self.open_thread: Callable[[int, str], Awaitable[int]] | None = None
        # leagues share the connection, its transactions and the clock (the console's /wait
        # moves the league's deadlines too); finished games feed them
        self.league = LeagueService(repo.conn, clock=lambda: self.clock(), start_game=self._start_league_game,
                                    transaction=repo.transaction, keep=self._keep_in_transaction)
        self.on_game_finished.append(self._league_result)
        # tables that ended without play (a turn-timer forfeit, a kick): unrated forfeits in a league
        self._forfeits: set[int] = set()
        # One lock per table; weak so a table nobody is using holds no lock (the coroutine
        # inside or waiting on `async with` keeps it alive).
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._locales: dict[int, str] = {}
        # The table's board (public view) as each command left it, by session and version:
        # `_unseen` compares with it instead of parsing the stored state again. Safe to keep:
        # the host never touches a state again once it is committed (the next command loads
        # its own copy), so nothing can change a kept view.
        self._public_views: OrderedDict[int, tuple[int, Any]] = OrderedDict()
        self._verbs: dict[str, Callable[[Command, str], Awaitable[Outbox]]] = {
            "game.new": self._new, "game.join": self._join, "game.leave": self._leave,
            "game.start": self._start, "game.bot": self._bot, "game.seat": self._seat,
            "game.status": self._status, "game.log": self._log, "game.concede": self._concede,
            "game.abandon": self._abandon, "game.kick": self._kick, "game.help": self._help,
            "game.timer": self._timer, "game.rematch": self._rematch, "game.hint": self._hint, "play": self._play, "hand": self._hand,
            "menu": self._menu,
            "rules": self._rules,
        }

    @classmethod
    async def create(cls, db_path: str | Path, clock: Callable[[], float] = time.time,
                     seed_source: Callable[[], int] = fair.new_seed, bot_step_cap: int = BOT_STEP_CAP,
                     dice_rng: random.Random | None = None) -> "Host":
        return cls(await open_repository(db_path), clock=clock, seed_source=seed_source, bot_step_cap=bot_step_cap,
                   dice_rng=dice_rng, database=db_path)

    async def close(self) -> None:
        await self.repo.close()

    # --- entry points ------------------------------------------------------------------
    async def handle(self, cmd: Command) -> Outbox:
        surface = SURFACE.set(cmd.surface)  # the commands its messages name, as typed there
        try:
            return await self._handle(cmd)
        finally:
            SURFACE.reset(surface)

    async def _handle(self, cmd: Command) -> Outbox:
        locale = await self._caller_locale(cmd)
        try:
            if cmd.verb == "roll" or cmd.verb.startswith("roll."):
                return await self._roll(cmd, locale)
            if cmd.verb.startswith("league."):
                return await self.league.handle(cmd)
            if cmd.verb.startswith("deck."):
                return await decks.handle(self, cmd, locale)
            verb = self._verbs.get(cmd.verb)
            if verb is None and (tool := find_tool(cmd.verb)) is not None:  # a game's own (/design)
                return self._reply(tool(dict(cmd.args), locale))
            if verb is None:
                raise HostError("host.unknown_verb", commands=self._command_list(cmd))
            return await verb(cmd, locale)
        except (HostError, RuleError) as exc:
            return self._reply(t(locale, exc.key, **exc.params))
        except StaleVersion:
            return self._reply(t(locale, "host.stale"))

    async def suggest(self, cmd: Command, param: str, partial: str) -> list[tuple[str, str]]:
        """Autocomplete choices (value, label). Only a suggestion: `handle` validates again."""
        locale = await self._caller_locale(cmd)
        low = (partial or "").lower()
        out: list[tuple[str, str]] = []
        try:
            if cmd.verb.startswith("roll") and param in ("name", "expr"):
                from bot import rolls

                return await rolls.suggest(self, cmd, partial)
            if param == "league":
                names = await self.league.league_names(cmd.guild_id)
                return [(n, n) for n in names if low in n.lower()][:SUGGEST_LIMIT]
            if param == "game" and cmd.verb in ("game.new", "rules", "game.help"):
                for key in available_games():
                    label = f"{key} · {localize_value(get_engine(key).title, locale)}"
                    if low in label.lower():
                        out.append((key, label))
            elif param in ("game", "session"):
                for s in await self.repo.open_sessions_of_user(cmd.user_id):
                    label = self._session_label(s, locale)
                    if low in label.lower():
                        out.append((str(s.id), label))
            elif param == "code":
                session = await self._resolve(cmd)
                if session.state is not None:
                    # every legal move with its label can take long in a big game: computed on
                    # a worker thread (from its own copy of the state), never on the event loop
                    out = await asyncio.to_thread(self._code_suggestions, cmd, session, low, locale)
            elif param == "section":
                found = rules.page(get_game(find_game(str(cmd.args.get("game", "")))).text, locale)
                for section in found.sections if found is not None else []:
                    if low in section.title().lower():
                        out.append((section.number, section.title()))
            elif param == "seat":
                session = await self._resolve(cmd)
                for seat in session.seats_of(cmd.user_id):
                    out.append((str(seat), f"{seat} · {session.seats[seat].name}"))
        except (HostError, RuleError, KeyError):
            return []
        return [(v[:100], l[:100]) for v, l in out[:SUGGEST_LIMIT]]

    def _code_suggestions(self, cmd: Command, session: SessionRow, low: str, locale: str) -> list[tuple[str, str]]:
        game = get_game(session.game)
        engine = game.engine
        state = engine.load_state(session.state)
        out = []
        for seat in self._acting_seats(cmd, session, engine, state, required=False):
            for action in engine.legal_actions(state, seat):
                code = action.code()
                label = game.text.describe_action(state, seat, action, locale)
                if code.lower().startswith(low) or low in label.lower():
                    out.append((code, label))  # the code is the value, never shown
        return out

    async def tick(self, now: float | None = None) -> Outbox:
        """Turn timers: a reminder at half time (once), and on expiry the table's policy.

        Each table on its own: one that fails is logged, marked as errored (its timer stops,
        its channel is told) and every other table's timers and reminders go on."""
        now = self.clock() if now is None else now
        box = Outbox()
        # Claimed with a lease so that of several processes one fires each timer, and the
        # timers of a process that died are claimed by another once its lease has passed.
        for session_id in await self.repo.claim_due_timers(now, now + TIMER_LEASE_SECONDS, TIMER_BATCH):
            try:
                box.merge(await self._tick_table(session_id, now))
            except StaleVersion:
                continue  # another process handled this table; the next tick looks again
            except Exception as exc:
                log.exception("table %s failed in the timer tick", session_id)
                box.merge(await self._mark_errored(session_id, exc, now))
            finally:
                await self.repo.release_timer(session_id)
        try:
            box.merge(await self.league.tick())
        except Exception:
            log.exception("the league clock failed in the timer tick")
        box.reply = None
        return box

    # --- the outbox: posts of committed steps ------------------------------------------------
    def _kept(self, box: Outbox, cmd: Command | None, session_id: int | None = None) -> list[PostRow]:
        """The box's posts as outbox rows, committed with the step they report: each message
        gets its nonce, and stays this process's to send for `post_lease_seconds`. The reply
        to `cmd` too: this process answers under the command; if it dies first, another
        sends the reply by DM (or in the channel, if it was public) once the lease passed."""
        lease = self.clock() + self.post_lease_seconds
        origin = command_origin(cmd)
        rows = []
        replies = []
        if cmd is not None and box.reply is not None:
            box.reply.public_reply = not box.reply_ephemeral
            replies = [(cmd.user_id, box.reply)]
        # in the order the adapters send them (a resend after a crash too): the reply, then
        # the posts and DMs in the order the events happened (`Outbox.in_order`)
        for kind, target, message in [("reply", user, m) for user, m in replies] + box.in_order():
            if message.nonce is not None:
                continue  # kept already, with an earlier step (a league game's start)
            message.nonce = new_nonce()
            rows.append(PostRow(message.nonce, kind, target, post_body(message, origin),
                                message.session_id or session_id, lease))
        return rows

    async def _keep_in_transaction(self, box: Outbox, cmd: Command | None) -> None:
        """The box's posts, written in the transaction under way (a league step's news)."""
        await self.repo.add_posts(self._kept(box, cmd), self.clock())

    async def _store(self, box: Outbox, cmd: Command | None) -> Outbox:
        """Posts that belong to no table's step, kept (and so sent) as the steps' posts are."""
        await self.repo.store_posts(self._kept(box, cmd), self.clock())
        return box

    async def claim_posts(self, limit: int = POST_BATCH) -> list[tuple[str, int, Message, Command | None, int]]:
        """Posts committed but never delivered (their process died, or Discord failed for a
        passing reason), oldest first, now this process's to send: (kind, target, message,
        the command it answered, attempts so far). The adapter reports back with `settle_posts`."""
        now = self.clock()
        out = []
        for row in await self.repo.claim_posts(now, now + self.post_lease_seconds, limit):
            try:
                message, origin = read_post(row.body)
            except Exception as exc:  # a post that cannot be read is recorded, never retried
                log.exception("outbox post %s cannot be read", row.nonce)
                await self.repo.settle_posts(now, failed={row.nonce: f"unreadable: {type(exc).__name__}"})
                continue
            message.nonce = row.nonce
            out.append((row.kind, row.target, message, origin, row.attempts))
        return out

    async def settle_posts(self, sent: Iterable[str] = (), failed: dict[str, str] | None = None,
                           retry: Iterable[str] = ()) -> None:
        """How the deliveries went, by nonce: sent; refused (recorded, not tried again); or
        to be tried again after a lease (a passing failure)."""
        now = self.clock()
        await self.repo.settle_posts(now, list(sent), failed, {n: now + self.post_lease_seconds for n in retry})

    def _command_list(self, cmd: Command) -> list[str]:
        """The commands as users type them where they are (never an internal verb name); a
        list, which `t()` joins in the reader's language."""
        names = ["/" + verb.replace(".", " ") for verb in self._verbs]
        if cmd.surface != "console":
            names = [name.replace("/menu", "/act") for name in names]
        return names + ["/roll", "/dice", "/deck", "/design", "/league"]

    async def _tick_table(self, session_id: int, now: float) -> Outbox:
        async with self._hold(session_id):
            session = await self.repo.load_session(session_id)  # as it is now, under the hold
            if session is None or session.turn_deadline is None:
                return Outbox()
            if session.status == "lobby":  # a league lobby, or the time to reveal: at its deadline
                if now < session.turn_deadline:
                    return Outbox()
                if session.reveal_until is not None:  # the game starts; a value not revealed is WITHHELD
                    return await self._begin_lobby(None, session, None, t(session.locale, "host.reveal_time_up"))
                if session.entropy is None:  # a rematch whose process died before it started it
                    return await self._begin_lobby(None, session, None)
                return await self._close_commitments(None, session, None, t(session.locale, "host.lobby_time_up"))
            if session.status != "active":
                return Outbox()
            if now >= session.turn_deadline:
                return await self._expire(session, now)
            if not session.reminded and now >= session.turn_deadline - (session.timer_hours or 0) * 1800:
                return await self._remind(session, now)
            return Outbox()

    async def _mark_errored(self, session_id: int, exc: Exception, now: float) -> Outbox:
        """Record the failure on the table and stop its timer (so it is not retried every
        minute); the table keeps its game, and the next command that works re-arms the timer."""
        try:
            async with self._hold(session_id):
                session = await self.repo.load_session(session_id)
                if session is None:
                    return Outbox()
                text = t(session.locale, "host.table_error", id=session.id)
                box = Outbox(public=[(session.channel_id, Message(text=text, session_id=session.id))])
                await self.repo.commit(session, now, turn_deadline=None, timer_seats=[], reminded=False,
                                       error=f"{type(exc).__name__}: {str(exc)[:200]}", posts=self._kept(box, None))
        except Exception:
            log.exception("could not mark table %s as errored", session_id)
            return Outbox()
        return box

    # --- locale and small helpers ----------------------------------------------------
    async def _caller_locale(self, cmd: Command) -> str:
        if cmd.locale:
            locale = normalize_locale(cmd.locale)
            if self._locales.get(cmd.user_id) != locale:
                self._locales[cmd.user_id] = locale
                await self.repo.remember_user(cmd.user_id, cmd.user_name, locale)
            return locale
        return await self._user_locale(cmd.user_id)

    async def _user_locale(self, user_id: int) -> str:
        if user_id not in self._locales:
            self._locales[user_id] = normalize_locale(await self.repo.user_locale(user_id))
        return self._locales[user_id]

    def _lock(self, session_id: int) -> asyncio.Lock:
        lock = self._locks.get(session_id)
        if lock is None:
            lock = self._locks[session_id] = asyncio.Lock()
        return lock

    @asynccontextmanager
    async def _hold(self, session_id: int, expected: int | None = None,
                    optimistic: bool = False) -> AsyncIterator[int | None]:
        """One command's hold on a table: this process's lock, then the database's hold
        against other processes (PostgreSQL). Yields the stored version when known
        (`expected`: the version the caller loaded; `optimistic`: no database hold, the
        commit's version check decides; see Repository.table_lock)."""
        async with self._lock(session_id), self.repo.table_lock(session_id, expected, optimistic) as version:
            yield version

    @staticmethod
    def _reply(text: str, ephemeral: bool = True, **extra: Any) -> Outbox:
        return Outbox(reply=Message(text=text, **extra), reply_ephemeral=ephemeral)

    def _session_label(self, s: SessionRow, locale: str) -> str:
        title = localize_value(get_engine(s.game).title, locale)
        return t(locale, "host.session_label", id=s.id, title=title, status=t(locale, f"host.status.{s.status}"),
                 channel=s.channel_id)

    @staticmethod
    def _session_arg(cmd: Command) -> int | None:
        raw = cmd.args.get("session")
        if raw is None and cmd.verb != "game.new":
            raw = cmd.args.get("game")
        return _int_arg(raw, "host.bad_session")

    async def _resolve(self, cmd: Command, finished_ok: bool = False, kept_ok: bool = False) -> SessionRow:
        """The session a command is about: the channel's open table, or the caller's game in a DM.
        With `finished_ok`, a channel without an open table gives its last game (it stays
        viewable until a new table opens there). With `kept_ok`, the channel's table may be
        the one kept in memory, possibly out of date (for `_locked`, which checks it)."""
        wanted = self._session_arg(cmd)
        if cmd.is_dm:
            mine = await self.repo.open_sessions_of_user(cmd.user_id)
            if wanted is not None:
                match = [s for s in mine if s.id == wanted]
                if not match:
                    raise HostError("host.not_your_game", id=wanted)
                return match[0]
            candidates = [s for s in mine if s.status == "active"] or mine
            if not candidates:
                raise HostError("host.no_games")
            if len(candidates) > 1:
                locale = await self._user_locale(cmd.user_id)
                listing = "\n".join(self._session_label(s, locale) for s in candidates)
                raise HostError("host.ambiguous", games=listing)
            return candidates[0]
        if wanted is not None:
            session = await self.repo.load_session(wanted)
            if session is None or session.guild_id != cmd.guild_id:
                # another server's table is answered exactly like one that does not exist
                raise HostError("host.no_such_game", id=wanted)
            if session.channel_id != cmd.channel_id:
                raise HostError("host.wrong_channel", id=wanted, channel=session.channel_id)
            return session
        lookup = self.repo.kept_open_session if kept_ok else self.repo.open_session_in_channel
        session = await lookup(cmd.channel_id)
        if session is None:
            last = await self.repo.last_session_in_channel(cmd.channel_id)
            if last is not None and finished_ok:
                return last
            if last is not None:  # after the game: say so, and what can be done now
                raise HostError("host.no_table_over", id=last.id, game=get_engine(last.game).title)
            raise HostError("host.no_table")
        return session

    async def _locked(self, cmd: Command, locale: str, body: Callable[[SessionRow], Awaitable[Outbox]],
                      statuses: tuple[str, ...] = ("lobby", "active"), kept_ok: bool = True) -> Outbox:
        """Resolve, lock, reload the session fresh, check its status, then run `body`.

        With `kept_ok` the table may come from memory and the command runs optimistically
        (PostgreSQL: no lock, one round trip for the step; see Repository.table_lock): if
        another process has played the table since, the commit's version check refuses it
        (StaleVersion, nothing written) and the command runs again under the lock on the
        table as stored."""
        found = await self._resolve(cmd, kept_ok=kept_ok)
        try:
            async with self._hold(found.id, found.version, optimistic=kept_ok) as version:
                # Reload only if this process wrote the session since `found` was read, or the
                # database says another process did; a write by another process that the
                # database cannot tell us about is caught by the version check of the commit.
                fresh = (self.repo.committed.get(found.id, found.version) == found.version
                         and version in (None, found.version))
                session = found if fresh else await self.repo.load_session(found.id)
                if fresh or not kept_ok or (session is not None and session.status in OPEN_STATUSES):
                    self._require_status(session, statuses, found.id)
                    try:
                        return await body(session)
                    except RuleError as exc:  # every refusal names things as the menus do (a tank, not `a1`)
                        raise self._named_refusal(cmd, session, exc, locale) from None
        except StaleVersion:
            if not kept_ok:
                raise
        # the table kept in memory has changed or closed since (in another process): the
        # channel may have a new one, so look in the database, and hold the table this time
        return await self._locked(cmd, locale, body, statuses, kept_ok=False)

    @staticmethod
    def _require_status(session: SessionRow | None, statuses: tuple[str, ...], session_id: int) -> None:
        if session is None or session.status not in statuses:
            status = session.status if session else "abandoned"
            if status == "lobby":
                raise HostError("host.not_started")
            if status == "active":
                raise HostError("host.already_started")
            raise HostError("host.game_over", id=session_id)

    def _named_refusal(self, cmd: Command, session: SessionRow, exc: RuleError, locale: str) -> RuleError:
        """The rules' refusal with its ids named for the caller's seat (the one given, else
        their first), from the stored state: the refused command changed nothing."""
        if session.state is None:
            return exc
        game = get_game(session.game)
        mine = session.seats_of(cmd.user_id)
        wanted = cmd.args.get("seat")
        seat = int(wanted) if str(wanted).isdigit() and int(wanted) in mine else (mine[0] if mine else None)
        state = game.engine.load_state(session.state)
        key, params = names.named_refusal(game.text, state, seat, exc.key, exc.params, locale)
        return type(exc)(key, **params)

    @staticmethod
    def _require_seated(cmd: Command, session: SessionRow) -> list[int]:
        seats = session.seats_of(cmd.user_id)
        if not seats:
            raise HostError("host.spectator" if session.status == "active" else "host.not_player")
        return seats

    async def _require_manager(self, cmd: Command, session: SessionRow, key: str) -> None:
        """Powers over a table (start, kick, abandon, timer): its creator or Manage Server; at
        a league table, the league's organizers only (the seat that opened it has none)."""
        refusal = await self.league.table_powers(session.id, cmd)
        if refusal is None:
            if cmd.user_id != session.creator_id and not cmd.can_manage_guild:
                raise HostError(key)
        elif refusal:
            raise HostError(refusal)

    @staticmethod
    def _name(session: SessionRow, seat: int) -> str:
        """A seat's name as it goes into a post (user text: markdown escaped)."""
        return markdown.escape(session.seats[seat].name)

    @staticmethod
    def _user_name(cmd: Command) -> str:
        return markdown.escape(cmd.user_name)

    @staticmethod
    def _event_text(session: SessionRow, locale: str, key: str, params: dict[str, Any]) -> str:
        """An engine's message: the seat names inside its parameters are user text."""
        return t(locale, key, **markdown.escape_names(params, (s.name for s in session.seats)))

    @staticmethod
    def _event_lines(session: SessionRow, state: Any, locale: str,
                     events: list[tuple[str, dict[str, Any]]]) -> list[str]:
        """Engine events as lines (ids named, rolls explained); seat names inside them are user text."""
        return [line for _, line in Host._indexed_event_lines(session, state, locale, events)]

    @staticmethod
    def _indexed_event_lines(session: SessionRow, state: Any, locale: str,
                             events: list[tuple[str, dict[str, Any]]]) -> list[tuple[int, str]]:
        """`_event_lines`, each line with the index of the event it tells (`Text.indexed_event_lines`)."""
        names = [s.name for s in session.seats]
        return get_game(session.game).text.indexed_event_lines(
            state, events, locale, escape=lambda params: markdown.escape_names(params, names))

    def _acting_seats(self, cmd: Command, session: SessionRow, engine: Engine, state: Any,
                      required: bool = True) -> list[int]:
        """The caller's seats that may act now; with `seat` given, exactly that one."""
        mine = self._require_seated(cmd, session)
        active = set(engine.active_seats(state))
        wanted = _int_arg(cmd.args.get("seat"), "host.bad_seat")
        if wanted is not None:
            if wanted not in mine:
                raise HostError("host.not_your_seat", seat=wanted)
            if wanted not in active and required:
                raise HostError("host.not_your_turn", waiting=self._waiting(session, engine, state))
            return [wanted]
        acting = [s for s in mine if s in active]
        if required and not acting:
            raise HostError("host.not_your_turn", waiting=self._waiting(session, engine, state))
        return acting

    def _my_seats(self, cmd: Command, session: SessionRow) -> list[int]:
        """The caller's seats, or only the one the `seat` argument names."""
        mine = self._require_seated(cmd, session)
        wanted = _int_arg(cmd.args.get("seat"), "host.bad_seat")
        if wanted is None:
            return mine
        if wanted not in mine:
            raise HostError("host.not_your_seat", seat=wanted)
        return [wanted]

    def _one_acting_seat(self, cmd: Command, session: SessionRow, engine: Engine, state: Any) -> int:
        seats = self._acting_seats(cmd, session, engine, state)
        if len(seats) > 1:
            raise HostError("host.which_seat", seats=[f"{s}:{self._name(session, s)}" for s in seats])
        return seats[0]

    def _picture_view(self, session: SessionRow, engine: Engine, state: Any, public_view: dict[str, Any],
                      events: list[tuple[str, dict[str, Any]]], ended: bool = False) -> dict[str, Any]:
        """The table's view with what every picture shows around the board: who is to act, or
        the winners once the game is over (`ended`: the host ended it without a winner), and
        the public events of the last step (the last move, for the picture to highlight). All
        of it is public."""
        outcome = engine.outcome(state)
        over = outcome is not None or ended
        awaited = [] if over else self._awaited(session, engine, state)  # as the text's "Waiting for"
        table = {"over": over, "events": events, "to_act": [self._name(session, s) for s in awaited],
                 "awaited": awaited, "winners": [self._name(session, w) for w in outcome.winners] if outcome else []}
        return {**public_view, "table": table}

    @staticmethod
    def _board_view(public_view: dict[str, Any], ended: bool, key: bool | list[Any] = False,
                    awaited: list[int] | None = None) -> dict[str, Any]:
        """The view a text board is made from: one the host ended (abandoned, only bots left, a
        kick that ended it) says so (`games.core.game.table_over`), for its state still has
        somebody to act ("alice to act (draft)", "▶" on a seat, under "Table #2 was abandoned");
        `key`: the board gives its key of symbols (`games.core.game.wants_key`), or of the marks
        listed; `awaited`: the
        seats "Waiting for" names, the ones the board marks as to act (`marked_to_act`)."""
        table = {**({"over": True} if ended else {}), **({"key": key} if key else {}),
                 **({"awaited": awaited} if awaited is not None else {})}
        return {**public_view, "table": table} if table else public_view

    def _first_key(self, session: SessionRow, engine: Engine, game: Any,
                   public_view: dict[str, Any]) -> bool | list[Any]:
        """Whether this post's board gives its key: it shows a mark the board before the command
        did not (the tank game's symbols appear once a tank is on the map; conflict's ★ and ⚙
        as they are won and fitted; repeating the key on every post crowded the channel).
        `has_key` says yes or no, or names the marks. Games without a key cost nothing here."""
        def marks(value: Any) -> set[Any]:
            return ({"key"} if value else set()) if isinstance(value, bool) else set(value)

        now = marks(game.text.has_key(public_view))
        if not now:
            return False
        if session.state is None:
            return True
        new = now - marks(game.text.has_key(self._view_before(session, engine)))
        # a game that names its marks explains only the new ones (conflict's key block repeated)
        return sorted(new, key=str) if new and new != {"key"} else bool(new)

    @staticmethod
    def _awaited(session: SessionRow, engine: Engine, state: Any) -> list[int]:
        """The seats the table waits for, as the text's "Waiting for", the picture's "To act"
        and a board's marks (Iron & Fire's ▶) all name them: the humans awaited, if any (bots
        in a simultaneous choice answer after them, see `_bots_to_move`: "Waiting for: Bot 1,
        alice" at a fleet's building left a newcomer waiting for a bot that would not move
        before her), else the bots to move."""
        return Host._awaited_among(session, engine.active_seats(state))

    @staticmethod
    def _awaited_among(session: SessionRow, active: Iterable[int]) -> list[int]:
        active = list(active)
        return [s for s in active if not session.seats[s].is_bot] or active

    def _waiting(self, session: SessionRow, engine: Engine, state: Any) -> Any:
        """Who the table waits for, by name (`_awaited`)."""
        names = [self._name(session, s) for s in self._awaited(session, engine, state)]  # joined in the reader's language
        return names or {loc: t(loc, "host.nobody") for loc in ("en", "zh-CN")}

    # --- lobby verbs ---------------------------------------------------------------------
    @staticmethod
    def _game(cmd: Command) -> str:
        """The game a command names (key or title, any case, either language), or a refusal."""
        given = str(cmd.args.get("game") or "").strip()
        if not given:
            raise HostError("host.name_a_game", games=available_games())
        try:
            return find_game(given)
        except KeyError:
            raise HostError("host.unknown_game", game=given[:40], games=available_games()) from None

    def check_new(self, cmd: Command) -> tuple[str, Engine, dict[str, str], TableOptions]:
        """Everything `/game new` can check before anything is made (a Discord thread is
        created only after this passes): the place, the game, its options and the table's."""
        if cmd.is_dm or cmd.channel_id is None:
            raise HostError("host.channel_only")
        key = self._game(cmd)
        engine = get_engine(key)
        raw = cmd.args.get("options") or {}
        if not isinstance(raw, dict):
            raise HostError("host.bad_options")
        raw = {str(k): str(v) for k, v in raw.items()}
        mine = {k: v for k, v in raw.items() if table_options.field_named(TABLE_OPTIONS, TableOptions, k)}
        options = engine.parse_options({k: v for k, v in raw.items() if k not in mine})
        # stored by the model's own names, so `Max_Rounds=5` and `回合上限=5` are one option
        stored = {k: str(v) for k, v in options.model_dump().items() if k in options.model_fields_set}
        named = table_options.normalize(TABLE_OPTIONS, TableOptions, mine)
        try:
            table = TableOptions.model_validate(named)
        except ValidationError as exc:
            raise table_options.refusal(TABLE_OPTIONS, TableOptions, exc, named) from None
        return key, engine, stored, table

    async def refusal(self, cmd: Command) -> Outbox | None:
        """For adapters that must act before the host (a thread for `/game new thread:true`):
        the refusal the command would get, or None when it may go ahead."""
        locale = await self._caller_locale(cmd)
        try:
            if cmd.verb == "game.new":
                key, _, _, _ = self.check_new(cmd)
                cmd.args["game"] = key
        except (HostError, RuleError) as exc:
            return self._reply(t(locale, exc.key, **exc.params))
        return None

    async def _new(self, cmd: Command, locale: str) -> Outbox:
        key, engine, raw, table = self.check_new(cmd)
        table_locale = normalize_locale(cmd.guild_locale or cmd.locale or locale)
        with_entropy = _flag(cmd.args.get("entropy"))
        seed = self.seed_source()
        box = Outbox()

        def opened(session_id: int) -> list[PostRow]:  # the table's first post, kept with the new table
            title = localize_value(engine.title, table_locale)
            # The commitment is public before anybody can add a value, so no value can steer it.
            text = t(table_locale, "host.opened", name=self._user_name(cmd), title=title, id=session_id,
                     **_player_count(engine)) + "\n" + t(table_locale, "host.seed_hash", hash=fair.seed_hash(seed))
            if raw:  # the options as the table took them, so the players can check (play17zh)
                text += "\n" + _options_line(key, raw, table_locale)
            if with_entropy:
                text += "\n" + t(table_locale, "host.entropy_open")
            box.public = [(cmd.channel_id, Message(text=text, session_id=session_id))]
            box.reply = Message(text=t(locale, "host.created", id=session_id,
                                       title=localize_value(engine.title, locale)))
            return self._kept(box, cmd)

        try:
            session_id = await self.repo.create_session(
                guild_id=cmd.guild_id, channel_id=cmd.channel_id, thread=bool(cmd.args.get("thread")), game=key,
                options=raw, creator_id=cmd.user_id, locale=table_locale, seed=seed, seed_hash=fair.seed_hash(seed),
                seats=[SeatRow(0, cmd.user_id, cmd.user_name)], now=self.clock(),
                bot_secret=self.bot_secret_source(),
                entropy={str(cmd.user_id): fair.new_contribution()} if with_entropy else None,
                commitments={} if with_entropy else None, posts=opened,
                hints=not _flag(cmd.args.get("nohints")), auto_pass=table.auto_pass,
            )
        except TableExists:
            raise HostError("host.table_exists") from None
        return box

    async def _lobby_change(self, cmd: Command, session: SessionRow, seats: list[SeatRow], note: str,
                            locale: str, **changes: Any) -> Outbox:
        if session.reveal_until is not None and _human_seats(seats) != _human_seats(session.seats):
            # a player who has seen a revealed value must not change whose values make the key
            raise HostError("host.revealing")
        text = note + "\n" + self._seat_list(replace(session, seats=seats))
        box = Outbox(public=[(session.channel_id, Message(text=text, session_id=session.id))],
                     reply=Message(text=t(locale, "host.done")))
        await self.repo.commit(session, self.clock(), seats=seats, posts=self._kept(box, cmd), **changes)
        return box

    def _seat_list(self, session: SessionRow) -> str:
        engine = get_engine(session.game)
        names = [f"{s.seat}:{self._name(session, s.seat)}" for s in session.seats]
        return t(session.locale, "host.seat_list", seats=names, n=len(session.seats), max=engine.max_players)

    async def _join(self, cmd: Command, locale: str) -> Outbox:
        """Sit down, with a value for the dice's key or a commitment to one (`commit:HEX`); a
        seated player (the creator, a league table's player) commits with `/game join commit:HEX`."""
        async def body(session: SessionRow) -> Outbox:
            committed = self._commitment_arg(cmd, session)
            given = self._contribution(cmd, session)
            if committed is not None and given is not None:
                raise HostError("host.commit_and_value")
            if committed is not None and session.seats_of(cmd.user_id):
                return await self._commit_value(cmd, session, committed, locale)
            await self._refuse_at_league_table(cmd, session)
            if session.seats_of(cmd.user_id):
                raise HostError("host.already_seated")
            self._require_room(session)
            changes: dict[str, Any] = {}
            note = t(session.locale, "host.joined", name=self._user_name(cmd))
            if committed is not None:  # their value stays theirs until commitments close
                self._require_commitments_open(session)
                changes["commitments"] = {**(session.commitments or {}), str(cmd.user_id): committed}
                note += " " + t(session.locale, "host.entropy_committed", name=self._user_name(cmd))
            elif session.entropy is not None:  # a value given, else one drawn now (recorded, revealed at the end)
                changes["entropy"] = {**session.entropy, str(cmd.user_id): given or fair.new_contribution()}
            seats = session.seats + [SeatRow(len(session.seats), cmd.user_id, cmd.user_name)]
            return await self._lobby_change(cmd, session, seats, note, locale, **changes)
        return await self._locked(cmd, locale, body, ("lobby",))

    async def _commit_value(self, cmd: Command, session: SessionRow, committed: str, locale: str) -> Outbox:
        """A seated player commits to a value they keep; a value given or drawn for them before
        gives way. At a league table the commitments close once every player has one or a value."""
        self._require_commitments_open(session)
        mine = str(cmd.user_id)
        session = replace(session, commitments={**(session.commitments or {}), mine: committed},
                          entropy={k: v for k, v in session.entropy.items() if k != mine})
        note = t(session.locale, "host.entropy_committed", name=self._user_name(cmd))
        league = await self.league.table_powers(session.id, cmd) is not None
        return await self._entropy_step(cmd, session, note, locale, close_when_all=league)

    @staticmethod
    def _require_commitments_open(session: SessionRow) -> None:
        if session.reveal_until is not None:
            raise HostError("host.commit_closed")

    @staticmethod
    def _commitment_arg(cmd: Command, session: SessionRow) -> str | None:
        """The commitment a player gave with the command (64 hex digits, checked), or None."""
        raw = cmd.args.get("commit")
        if raw is None or raw == "":
            return None
        if session.entropy is None:
            raise HostError("host.entropy_off")
        value = str(raw).strip().lower()
        if not fair.COMMITMENT.fullmatch(value):
            raise HostError("host.commit_bad", value=value[:70])
        return value

    async def _refuse_at_league_table(self, cmd: Command, session: SessionRow) -> None:
        """A league table's seats are its pairing's: nobody joins, leaves, adds a bot or a seat,
        or is kicked from its lobby."""
        if await self.league.table_powers(session.id, cmd) is not None:
            raise HostError("host.league_seats")

    @staticmethod
    def _require_room(session: SessionRow) -> None:
        engine = get_engine(session.game)
        if len(session.seats) >= engine.max_players:
            raise HostError("host.full", max=engine.max_players)

    @staticmethod
    def _without(session: SessionRow, user_id: int) -> list[SeatRow]:
        """Seats after a user leaves the lobby, renumbered in join order."""
        kept = [s for s in session.seats if s.user_id != user_id]
        return [replace(s, seat=i) for i, s in enumerate(kept)]

    async def _leave(self, cmd: Command, locale: str) -> Outbox:
        async def body(session: SessionRow) -> Outbox:
            if session.status == "active":
                raise HostError("host.use_concede")
            await self._refuse_at_league_table(cmd, session)
            self._require_seated(cmd, session)
            if cmd.user_id == session.creator_id:
                box = Outbox(public=[(session.channel_id, Message(
                    text=t(session.locale, "host.creator_left", name=self._user_name(cmd), id=session.id),
                    session_id=session.id))], reply=Message(text=t(locale, "host.done")))
                await self.repo.commit(session, self.clock(), status="abandoned", posts=self._kept(box, cmd))
                return box
            return await self._lobby_change(cmd, session, self._without(session, cmd.user_id),
                                            t(session.locale, "host.left", name=self._user_name(cmd)), locale)
        return await self._locked(cmd, locale, body)

    async def _bot(self, cmd: Command, locale: str) -> Outbox:
        """A bot takes a free seat (lobby), at a level if one is given; with `seat`, the bot
        in that seat plays at the given level from now on (lobby or game)."""
        level = self._level_arg(cmd, locale)
        if level in LEVEL_BUDGETS and self.think_in_processes:
            await asyncio.to_thread(thinking.warm_up)  # its first decision then finds the worker ready

        async def body(session: SessionRow) -> Outbox:
            self._require_seated(cmd, session)
            await self._refuse_at_league_table(cmd, session)
            wanted = _int_arg(cmd.args.get("seat"), "host.bad_seat")
            if wanted is not None:
                if not 0 <= wanted < len(session.seats) or not session.seats[wanted].is_bot:
                    raise HostError("host.not_a_bot", seat=wanted)
                if level is None:
                    raise HostError("host.bad_level", value="", levels=self._level_names(locale))
                seats = [replace(s, level=level) if s.seat == wanted else s for s in session.seats]
                note = t(session.locale, "host.bot_level", name=self._name(session, wanted),
                         level=t(session.locale, f"host.level.{level}"))
                return await self._lobby_change(cmd, session, seats, note, locale)
            if session.status != "lobby":
                raise HostError("host.already_started")
            self._require_room(session)
            n = sum(s.is_bot for s in session.seats) + 1
            name = t(session.locale, "host.bot_name", n=n)
            seats = session.seats + [SeatRow(len(session.seats), None, name, True, level)]
            text = t(session.locale, "host.bot_added", name=name)
            if level is not None:
                text = t(session.locale, "host.bot_added_level", name=name,
                         level=t(session.locale, f"host.level.{level}"))
            return await self._lobby_change(cmd, session, seats, text, locale)
        return await self._locked(cmd, locale, body)

    @staticmethod
    def _level_names(locale: str) -> str:
        """`easy（简单）, …` in the reader's language; the English names are the keys ("easy (easy)" said nothing)."""
        names = {level: t(locale, f"host.level.{level}") for level in LEVELS}
        return listed(locale, (level if names[level] == level else aside(locale, level, names[level]) for level in LEVELS))

    def _level_arg(self, cmd: Command, locale: str) -> str | None:
        """The bot level a command names: its key or its name in either language, or None."""
        raw = str(cmd.args.get("level") or "").strip().lower()
        if not raw:
            return None
        for level in LEVELS:
            if raw == level or raw in (t(loc, f"host.level.{level}").lower() for loc in ("en", "zh-CN")):
                return level
        raise HostError("host.bad_level", value=raw[:40], levels=self._level_names(locale))

    async def _seat(self, cmd: Command, locale: str) -> Outbox:
        async def body(session: SessionRow) -> Outbox:
            mine = self._require_seated(cmd, session)
            await self._refuse_at_league_table(cmd, session)
            self._require_room(session)
            name = f"{cmd.user_name}·{len(mine) + 1}"
            seats = session.seats + [SeatRow(len(session.seats), cmd.user_id, name)]
            return await self._lobby_change(cmd, session, seats,
                                            t(session.locale, "host.extra_seat", name=self._user_name(cmd),
                                              seat=len(seats) - 1),
                                            locale)
        return await self._locked(cmd, locale, body, ("lobby",))

    async def _rematch(self, cmd: Command, locale: str) -> Outbox:
        """The channel's last game again: same game, options and players, the seat order
        rotated by one, so whoever sat first (and moves first where seat order decides) now
        sits last. Games that draw the first player keep drawing."""
        if cmd.is_dm or cmd.channel_id is None:
            raise HostError("host.channel_only")
        last = await self.repo.last_session_in_channel(cmd.channel_id)
        if last is None or last.state is None or last.guild_id != cmd.guild_id:
            raise HostError("host.no_rematch")
        if last.status in ("lobby", "active"):
            raise HostError("host.table_exists")
        if not last.seats_of(cmd.user_id) and not cmd.can_manage_guild:
            raise HostError("host.not_player")
        engine = get_engine(last.game)
        order = last.seats[1:] + last.seats[:1]
        seed = self.seed_source()
        title = localize_value(engine.title, last.locale)
        announced = Outbox()

        # A table with entropy stays one, and its rematch waits in the lobby like a new table:
        # the seal is shown first, then each player may replace the value the bot drew for
        # them (`/game start entropy:VALUE`) or commit to one before whoever asked for the
        # rematch starts it. Started at once, the players could add nothing.
        lobby = last.entropy is not None
        # The reply is kept with the new table: whatever happens next, the command is answered.
        announced.reply = Message(text=t(locale, "host.done"))

        def announcement(session_id: int) -> list[PostRow]:  # kept with the new table
            text = t(last.locale, "host.rematch", id=session_id, title=title, name=self._user_name(cmd))
            if lobby:
                text += "\n" + "\n".join([t(last.locale, "host.seed_hash", hash=fair.seed_hash(seed)),
                                           t(last.locale, "host.rematch_lobby", name=self._user_name(cmd))])
            announced.public = [(last.channel_id, Message(text=text, session_id=session_id))]
            return self._kept(announced, cmd, session_id)

        try:
            session_id = await self.repo.create_session(
                guild_id=last.guild_id, channel_id=last.channel_id, thread=last.thread, game=last.game,
                options=last.options, creator_id=cmd.user_id, locale=last.locale, seed=seed,
                seed_hash=fair.seed_hash(seed), now=self.clock(),
                seats=[replace(s, seat=i) for i, s in enumerate(order)],
                bot_secret=self.bot_secret_source(),
                entropy=_drawn_values(order) if lobby else None, commitments={} if lobby else None,
                posts=announcement, hints=last.hints, auto_pass=last.auto_pass,
                # Without entropy the rematch starts at once, in a second transaction: created
                # due now, so that if this process dies before that, the next timer tick (of
                # any process) starts it instead (see `_tick_table`); `_begin` starts it once.
                turn_deadline=None if lobby else self.clock(),
            )
        except TableExists:
            raise HostError("host.table_exists") from None
        if lobby:
            return announced
        box = await self._begin(session_id, engine, cmd, locale)
        box.public[:0] = announced.public
        box.reply, box.reply_ephemeral = announced.reply, announced.reply_ephemeral
        return box

    async def _start(self, cmd: Command, locale: str) -> Outbox:
        """The creator (or Manage Server; at a league table an organizer) starts the game, or on
        a table where players committed to values, closes the commitments (the game then starts
        with the last reveal). A seated player who may not start it adds their entropy value, or
        reveals the one they committed to, instead: at a league table `/game start` alone asks
        the bot to draw theirs, and the commitments close once every player has one or a value."""
        async def body(session: SessionRow) -> Outbox:
            powers = await self.league.table_powers(session.id, cmd)  # None: a casual table
            given = self._contribution(cmd, session)
            seated = bool(session.seats_of(cmd.user_id))
            if given and not seated:
                raise HostError("host.not_player")
            if powers:  # a league table's player (an organizer who is not seated has powers "")
                if not seated:
                    raise HostError(powers)
                return await self._give_value(cmd, session, given, locale, start_when_all=True)
            if powers is None:
                if not cmd.can_manage_guild:
                    self._require_seated(cmd, session)
                if cmd.user_id != session.creator_id and not cmd.can_manage_guild:
                    if given or str(cmd.user_id) in (session.commitments or {}):
                        # a player of a casual table adds or reveals their value; the creator starts
                        return await self._give_value(cmd, session, given, locale, start_when_all=False)
                    raise HostError("host.start_denied")  # players cannot start it under the creator
            # The creator (a manager, a league's organizer) closes the commitments, or starts.
            if session.reveal_until is not None:
                if given and seated:  # their own reveal
                    return await self._give_value(cmd, session, given, locale, start_when_all=False)
                raise HostError("host.reveal_waiting", **self._reveal_waiting(session))
            note = None
            if given:  # their value (or the reveal of their commitment: it closes the commitments first)
                session, note = self._with_value(cmd, session, given, closing=True)
            return await self._close_commitments(cmd, session, locale, note)
        return await self._locked(cmd, locale, body, ("lobby",))

    def _with_value(self, cmd: Command, session: SessionRow, given: str | None,
                    closing: bool = False) -> tuple[SessionRow, str]:
        """The table with the caller's entropy value: given, or drawn by the bot (unless they
        gave one before); for a player who committed, the reveal of their value, refused
        before the commitments close (`closing`: this command closes them) or when it does not
        match. Returns the note for the table."""
        if session.entropy is None:
            raise HostError("host.entropy_off")
        mine = str(cmd.user_id)
        committed = (session.commitments or {}).get(mine)
        name = self._user_name(cmd)
        if committed is None:
            if session.reveal_until is not None:  # every value but the committed ones is fixed now
                raise HostError("host.reveal_waiting", **self._reveal_waiting(session))
            value = given or session.entropy.get(mine) or fair.new_contribution()
            return replace(session, entropy={**session.entropy, mine: value}), t(session.locale, "host.entropy_given",
                                                                                  name=name)
        if mine in session.entropy:
            raise HostError("host.already_revealed")
        if given is None:
            raise HostError("host.reveal_how")
        if session.reveal_until is None and not closing:
            raise HostError("host.reveal_too_early", names=self._names_of(self._unsettled(session)) or "-")
        if fair.commitment_of(given) != committed:
            raise HostError("host.reveal_mismatch", value=given[:70], hash=committed)
        return replace(session, entropy={**session.entropy, mine: given}), t(session.locale, "host.entropy_revealed",
                                                                              name=name)

    async def _give_value(self, cmd: Command, session: SessionRow, given: str | None, locale: str,
                          start_when_all: bool) -> Outbox:
        """A seated player's entropy value or reveal (see `_with_value`). With `start_when_all`
        (a league table) the commitments close when every player has a value or a commitment."""
        session, note = self._with_value(cmd, session, given)
        return await self._entropy_step(cmd, session, note, locale, close_when_all=start_when_all)

    async def _entropy_step(self, cmd: Command, session: SessionRow, note: str, locale: str,
                            close_when_all: bool) -> Outbox:
        """After a value, a reveal or a commitment: the game starts with the last reveal; with
        `close_when_all` the commitments close once every player has a value or a commitment;
        else the table hears who is still awaited."""
        if session.reveal_until is not None and not fair.unrevealed(session):
            return await self._begin_lobby(cmd, session, locale, note)
        if close_when_all and session.reveal_until is None and not self._unsettled(session):
            return await self._close_commitments(cmd, session, locale, note)
        if session.reveal_until is not None:
            waiting = t(session.locale, "host.reveal_waiting", **self._reveal_waiting(session))
        else:
            missing = self._names_of(self._unsettled(session))
            waiting = t(session.locale, "host.entropy_waiting", names=missing) if missing else ""
        text = note + ("\n" + waiting if waiting else "")
        box = Outbox(public=[(session.channel_id, Message(text=text, session_id=session.id))],
                     reply=Message(text=t(locale, "host.done")))
        await self.repo.commit(session, self.clock(), entropy=session.entropy, commitments=session.commitments,
                               posts=self._kept(box, cmd))
        return box

    @staticmethod
    def _unsettled(session: SessionRow) -> list[SeatRow]:
        """Human seats whose player has neither a value nor a commitment yet."""
        committed = session.commitments or {}
        return [seat for seat, value in fair.contributions(session)
                if value is None and str(seat.user_id) not in committed]

    @staticmethod
    def _names_of(seats: Iterable[SeatRow]) -> list[str]:
        """The seats' names, once each, as a list: `t()` joins it in the reader's language."""
        return list(dict.fromkeys(markdown.escape(seat.name) for seat in seats))

    def _reveal_waiting(self, session: SessionRow) -> dict[str, Any]:
        return {"names": self._names_of(fair.unrevealed(session)) or "-",
                "deadline": f"<t:{int(session.reveal_until or self.clock())}:R>"}

    async def _close_commitments(self, cmd: Command | None, session: SessionRow, locale: str | None,
                                 note: str | None = None) -> Outbox:
        """No commitment may be made or changed from now on. The bot draws the value of every
        player who has neither a value nor a commitment; if a committed player has not revealed
        yet, the committed players have REVEAL_SECONDS to (they are pinged), else the game starts."""
        engine = get_engine(session.game)
        if len(session.seats) < engine.min_players:
            raise HostError("host.need_players", min=engine.min_players, have=len(session.seats))
        waiting = fair.unrevealed(session)
        if session.entropy is None or not waiting:
            return await self._begin_lobby(cmd, session, locale, note)
        session, drawn = self._draw_missing(session)
        until = self.clock() + REVEAL_SECONDS
        session = replace(session, reveal_until=until)
        lines = [note] if note else []
        lines += drawn + [t(session.locale, "host.commitments_closed", **self._reveal_waiting(session))]
        box = Outbox(public=[(session.channel_id, Message(text="\n".join(lines), session_id=session.id,
                                                          pings=sorted({s.user_id for s in waiting})))])
        if cmd is not None:
            box.reply = Message(text=t(locale, "host.done"))
        await self.repo.commit(session, self.clock(), entropy=session.entropy, reveal_until=until,
                               turn_deadline=until, reminded=False, posts=self._kept(box, cmd))
        return box

    def _draw_missing(self, session: SessionRow) -> tuple[SessionRow, list[str]]:
        """The bot draws the value of every player who has neither a value nor a commitment;
        once the time to reveal is over, a committed player who did not reveal gets WITHHELD.
        Returns the table and the lines naming them."""
        entropy = dict(session.entropy or {})
        drawn = self._unsettled(session)
        withheld = fair.unrevealed(session) if session.reveal_until is not None else []
        for seat in drawn:
            entropy[str(seat.user_id)] = fair.new_contribution()
        for seat in withheld:
            entropy[str(seat.user_id)] = fair.WITHHELD
        lines = []
        if drawn:
            lines.append(t(session.locale, "host.entropy_drawn", names=self._names_of(drawn)))
        if withheld:
            lines.append(t(session.locale, "host.entropy_withheld", names=self._names_of(withheld),
                           value=fair.WITHHELD))
        return replace(session, entropy=entropy), lines

    async def _begin_lobby(self, cmd: Command | None, session: SessionRow, locale: str | None,
                           note: str | None = None) -> Outbox:
        """Start a lobby's game. On a table with entropy the bot draws the value of every
        player who has none (recorded, listed now, revealed at the end with the others), and a
        committed player who did not reveal in time counts as WITHHELD (named)."""
        engine = get_engine(session.game)
        if len(session.seats) < engine.min_players:
            raise HostError("host.need_players", min=engine.min_players, have=len(session.seats))
        changes: dict[str, Any] = {}
        progress_notes = [note] if note else []
        if session.entropy is not None:
            session, drawn = self._draw_missing(session)
            progress_notes += drawn
            changes["entropy"] = session.entropy
            if session.commitments:
                changes["commitments"] = session.commitments
        step = engine.setup(fair.engine_seats(session), engine.parse_options(session.options),
                            fair.game_seed(session))
        progress = Progress(state=step.state, events=list(step.events), changed=True)
        progress.notes += progress_notes + self._start_notes(session)
        return await self._finish(cmd, session, engine, progress, locale, status="active",
                                  reply=None if cmd is None else t(locale, "host.done"), changes=changes)

    @staticmethod
    def _contribution(cmd: Command, session: SessionRow) -> str | None:
        """The entropy value a player gave with the command (checked), or None."""
        raw = cmd.args.get("entropy")
        if raw is None or raw == "":
            return None
        if session.entropy is None:
            raise HostError("host.entropy_off")
        value = str(raw).strip()
        if not fair.CONTRIBUTION.fullmatch(value):
            raise HostError("host.entropy_bad", value=value[:70])
        return value

    def _start_notes(self, session: SessionRow) -> list[str]:
        notes = [t(session.locale, "host.started", hash=session.seed_hash)]
        if session.options:
            notes.append(_options_line(session.game, session.options, session.locale))
        if session.entropy is not None:
            notes.append(t(session.locale, "host.entropy_mixed", values=self._contribution_list(session, session.locale)))
        if not session.auto_pass and _has_waivers(get_engine(session.game)):  # said once, as /game status says it
            notes.append(t(session.locale, "host.auto_pass_off"))
        return notes

    @staticmethod
    def _contribution_list(session: SessionRow, locale: str | None = None) -> str:
        """Each human seat's value (said in words while none), and the commitment of a player who made one."""
        loc = locale or session.locale
        committed = session.commitments or {}
        parts = []
        for seat, value in fair.contributions(session):
            text = f"{seat.seat}:{markdown.escape(seat.name)} " + (f"`{value}`" if value else t(loc, "host.entropy_missing"))
            if str(seat.user_id) in committed:
                text += " " + t(loc, "host.entropy_commitment", hash=committed[str(seat.user_id)])
            parts.append(text)
        return listed(loc, parts)

    def _reveal(self, session: SessionRow, locale: str | None = None) -> str:
        """The end of a game: the secret, and on a table with entropy the values and the key."""
        loc = locale or session.locale
        text = t(loc, "host.seed_reveal", seed=fair.secret_text(session), hash=session.seed_hash,
                 command=fair.verify_command(self.database, session.id))
        if session.entropy is not None:
            text += "\n" + t(loc, "host.entropy_reveal", values=self._contribution_list(session, loc),
                             text=fair.mix_text(session), game_key=f"{fair.game_seed(session):064x}")
        return text

    # --- verbs on a started game -----------------------------------------------------------
    async def _play(self, cmd: Command, locale: str) -> Outbox:
        code = " ".join(str(cmd.args.get("code", "")).split())
        if not code:
            raise HostError("host.no_code")

        async def body(session: SessionRow) -> Outbox:
            game = get_game(session.game)
            engine = game.engine
            state = engine.load_state(session.state)
            seat = self._one_acting_seat(cmd, session, engine, state)
            try:
                expanded, unsaved = await decks.expand(self, cmd.user_id, session.game, code), None
            except RuleError as exc:  # `@I2` copied from a menu label is a hex, not a saved code
                if exc.key != "host.deck.unknown":
                    raise
                expanded, unsaved = code, exc
            # Not a legal code as typed (`Red_Army` for `red_army`, or no code at all): a name, as
            # the menus show it. A code the rules refuse keeps the rules' own message.
            read = names.read_move(game, state, seat, expanded, locale)
            if read.choices:  # the count is of the choices the menu shows, not of the actions under them
                menu = build_menu(game, state, session.id, seat, [], locale, among=read.choices)
                return self._reply(t(locale, "host.ambiguous_name", text=code[:100], count=len(menu.options) + menu.complete),
                                   menu=menu)
            if unsaved is not None and not read.matched:  # names nothing: the `@NAME` was meant as a saved code
                raise unsaved
            if read.refused is not None:
                raise read.refused from None
            if read.why is not None:  # what the words name, and the actions that use it: never "not understood"
                key, params, instead = read.why
                return self._reply(t(locale, key, **params), menu=build_menu(game, state, session.id, seat, [], locale,
                                                                              among=instead))
            action = read.action
            try:
                described = game.text.describe_action(state, seat, action, locale)
            except Exception:  # a label for an action the rules are about to refuse
                described = action.code()
            progress = Progress(state=state, awaited_before=sorted(engine.active_seats(state)))
            self._apply(engine, session, progress, seat, action, cmd.user_id, "user")
            return await self._finish(cmd, session, engine, progress, locale,
                                      reply=t(locale, "host.played", action=described),
                                      menu_seat=seat if cmd.args.get("next_menu") else None)
        return await self._locked(cmd, locale, body, ("active",))

    async def _hand(self, cmd: Command, locale: str) -> Outbox:
        async def body(session: SessionRow) -> Outbox:
            game = get_game(session.game)
            engine = game.engine
            state = engine.load_state(session.state)
            mine = self._my_seats(cmd, session)
            parts, images = [], []
            for seat in mine:
                view = engine.view(state, seat)
                head = t(locale, "host.seat_head", seat=seat, name=self._name(session, seat))
                board = self._board_view(view, False, key=True, awaited=self._awaited(session, engine, state))
                parts.append(head + "\n" + game.text.summary(board, locale))
                png = game.render(self._picture_view(session, engine, state, view, []), locale)
                if png:
                    images.append(Image(f"table{session.id}-seat{seat}.png", png))
            return self._reply("\n\n".join(parts), images=images)
        return await self._locked(cmd, locale, body, ("active",))

    async def _menu(self, cmd: Command, locale: str) -> Outbox:
        prefix = cmd.args.get("prefix") or []
        if isinstance(prefix, str):
            prefix = prefix.split()
        elif not isinstance(prefix, (list, tuple)):
            prefix = str(prefix).split()  # a lone token from a careless adapter
        prefix = [str(p) for p in prefix]

        async def body(session: SessionRow) -> Outbox:
            game = get_game(session.game)
            engine = game.engine
            state = engine.load_state(session.state)
            seat = self._one_acting_seat(cmd, session, engine, state)
            legal = engine.legal_actions(state, seat)
            codes = [game.text.menu_steps(state, seat, action) for action in legal]
            at = skip_forced(codes, prefix, back=bool(cmd.args.get("back")))
            menu = build_menu(game, state, session.id, seat, at, locale)
            if not at:
                head = t(locale, "host.menu_start")
            elif menu.complete and not menu.options:  # nothing left to pick: the whole action, by name
                action = legal[codes.index(at)]
                named = game.text.describe_action(state, seat, action, locale)
                facts = game.text.action_facts(state, seat, action, locale)  # a shot's odds, as its option showed
                head = t(locale, "host.menu_ready", action=f"{named} — {facts}" if facts else named)
            else:
                head = t(locale, "host.menu", prefix=named_tokens(game.text, state, seat, at, locale))
            return self._reply(head, menu=menu)
        return await self._locked(cmd, locale, body, ("active",))

    async def _hint(self, cmd: Command, locale: str) -> Outbox:
        """What the normal bot would play in the caller's place, shown to the caller only.
        Off at league tables and where the table turned hints off. Thought out on a worker
        thread without the table's lock (it only reads the stored state)."""
        session = await self._resolve(cmd)
        if session.status != "active":
            raise HostError("host.not_started" if session.status == "lobby" else "host.game_over", id=session.id)
        if not session.hints:
            raise HostError("host.hints_off")
        if await self.league.table_powers(session.id, cmd) is not None:
            raise HostError("host.hints_league")
        engine = get_engine(session.game)
        state = engine.load_state(session.state)
        seat = self._one_acting_seat(cmd, session, engine, state)
        action = await asyncio.to_thread(self._bot_choice, engine, session, state, seat,
                                         self._bot_rng(session, 20_000 + seat), HINT_LEVEL)
        label = get_game(session.game).text.describe_action(state, seat, action, locale)
        return self._reply(t(locale, "host.hint", action=label))

    async def _concede(self, cmd: Command, locale: str) -> Outbox:
        async def body(session: SessionRow) -> Outbox:
            engine = get_engine(session.game)
            state = engine.load_state(session.state)
            mine = [s for s in self._my_seats(cmd, session) if s in engine.seats_in_play(state)]
            if not mine:  # the rules put them out: the game goes on to its result without them
                raise HostError("host.already_out", id=session.id)
            if len(mine) > 1:  # hot-seat: conceding is one seat's choice, never picked for the player
                raise HostError("host.which_seat_concede",
                                seats=[f"{s}:{self._name(session, s)}" for s in mine])
            progress = Progress(state=state)
            for seat in mine:
                if engine.outcome(progress.state) is None:
                    self._resign(engine, session, progress, seat, cmd.user_id, "user")
            return await self._finish(cmd, session, engine, progress, locale, reply=t(locale, "host.done"))
        return await self._locked(cmd, locale, body, ("active",))

    async def _abandon(self, cmd: Command, locale: str) -> Outbox:
        async def body(session: SessionRow) -> Outbox:
            await self._require_manager(cmd, session, "host.abandon_denied")
            text = t(session.locale, "host.abandoned", id=session.id, name=self._user_name(cmd))
            if session.state is not None:
                text += "\n" + self._reveal(session)
            box = Outbox(public=[(session.channel_id, Message(text=text, session_id=session.id))],
                         reply=Message(text=t(locale, "host.done")))
            await self.repo.commit(session, self.clock(), status="abandoned", turn_deadline=None,
                                   posts=self._kept(box, cmd))
            try:  # the table is closed either way; a league table's match is freed again
                league_note = await self.league.table_abandoned(session.id, cmd, session.locale)
            except Exception:  # a league hook must never break the table (/league play frees it too)
                log.exception("freeing the league match of session %s failed", session.id)
                league_note = None
            if league_note:  # the league's own step: its post is kept after its own transaction
                box.public += (await self._store(Outbox(public=[(session.channel_id, Message(
                    text=league_note, session_id=session.id))]), cmd)).public
            return box
        return await self._locked(cmd, locale, body)

    async def _kick(self, cmd: Command, locale: str) -> Outbox:
        target = _int_arg(cmd.args.get("user_id"), "host.bad_user")
        if target is None:
            raise HostError("host.kick_usage")
        then = str(cmd.args.get("then") or "bot").strip().lower()
        if then not in ("bot", "end"):
            raise HostError("host.bad_kick_then", value=then[:20])

        async def body(session: SessionRow) -> Outbox:
            await self._require_manager(cmd, session, "host.kick_denied")
            seats = session.seats_of(target)
            if not seats:
                raise HostError("host.not_seated")
            name = self._name(session, seats[0])
            if session.status == "lobby":
                await self._refuse_at_league_table(cmd, session)  # an organizer abandons or starts it
                if target == session.creator_id:
                    raise HostError("host.kick_creator")
                return await self._lobby_change(cmd, session, self._without(session, target),
                                                t(session.locale, "host.kicked", name=name), locale)
            engine = get_engine(session.game)
            if await self.league.table_powers(session.id, cmd) is not None:
                # A league table: only its organizers get here, and their kick is a forfeit of
                # the kicked player (unrated; the league records it as such), never a rated win.
                progress = Progress(state=engine.load_state(session.state))
                progress.notes.append(t(session.locale, "host.kicked", name=name))
                for seat in seats:
                    if engine.outcome(progress.state) is None:
                        self._resign(engine, session, progress, seat, cmd.user_id, "user")
                progress.forfeit = True  # a game a kick ends was not played out
                return await self._finish(cmd, session, engine, progress, locale, reply=t(locale, "host.done"))
            # A casual table: the kicked seat never resigns, so a kick never makes anyone win.
            progress = Progress(state=engine.load_state(session.state), changed=True)
            if then == "end":
                progress.ended = "host.kick_ended"
                progress.notes.append(t(session.locale, "host.kicked", name=name))
                return await self._finish(cmd, session, engine, progress, locale, reply=t(locale, "host.done"))
            progress.notes.append(t(session.locale, "host.kicked_bot", name=name))
            seated = [SeatRow(s.seat, None, s.name, True) if s.user_id == target else s for s in session.seats]
            return await self._finish(cmd, session, engine, progress, locale, reply=t(locale, "host.done"),
                                      seats=seated)
        return await self._locked(cmd, locale, body)

    async def _timer(self, cmd: Command, locale: str) -> Outbox:
        try:
            hours = float(str(cmd.args.get("hours", "0")))
        except ValueError:
            raise HostError("host.bad_number", value=str(cmd.args.get("hours"))[:40]) from None
        policy = str(cmd.args.get("policy") or "skip")
        if policy not in ("skip", "forfeit") or not (0 <= hours <= 24 * 30):
            raise HostError("host.bad_timer")

        async def body(session: SessionRow) -> Outbox:
            await self._require_manager(cmd, session, "host.timer_denied")
            changes: dict[str, Any] = {"timer_hours": hours or None, "timer_policy": policy}
            if session.status == "active":  # a lobby's deadline (a league lobby's) is not a turn's
                changes.update(turn_deadline=None, timer_seats=[], reminded=False)
            if hours and session.state is not None:
                engine = get_engine(session.game)
                humans = self._awaited_humans(session, engine, engine.load_state(session.state))
                if humans:
                    changes.update(turn_deadline=self.clock() + hours * 3600, timer_seats=humans)
            key = "host.timer_set" if hours else "host.timer_off"
            text = t(session.locale, key, hours=f"{hours:g}", policy=t(session.locale, f"host.policy.{policy}"))
            box = Outbox(public=[(session.channel_id, Message(text=text, session_id=session.id))],
                         reply=Message(text=t(locale, "host.done")))
            await self.repo.commit(session, self.clock(), posts=self._kept(box, cmd), **changes)
            return box
        return await self._locked(cmd, locale, body)

    # --- read-only verbs -----------------------------------------------------------------
    async def _status(self, cmd: Command, locale: str) -> Outbox:
        session = await self._resolve(cmd, finished_ok=True)
        game = get_game(session.game)
        engine = game.engine
        lines = [self._session_label(session, locale)]
        seats = listed(locale, (f"{s.seat}:{self._name(session, s.seat)}" + (" 🤖" if s.is_bot else "")
                                for s in session.seats))
        lines.append(t(locale, "host.status_seats", seats=seats))
        png = None
        if session.state is not None:
            state = engine.load_state(session.state)
            if session.status == "active":
                lines.append(t(locale, "host.waiting", names=self._waiting(session, engine, state)))
                if not self._humans_among(session, engine.seats_in_play(state)):
                    lines.append(t(locale, "host.bots_play_on"))
            public_view = engine.view(state, None)
            last = await self.repo.public_log(session.id, last=1)
            events = [(ev["key"], ev.get("params", {})) for _, e in last for ev in e.events if ev.get("to") is None]
            over = session.status in ("finished", "abandoned")
            awaited = None if over else self._awaited(session, engine, state)
            lines.append(game.text.summary(self._board_view(public_view, over, key=True, awaited=awaited), locale))
            png = game.render(self._picture_view(session, engine, state, public_view, events, ended=over), locale)
        if session.status in ("finished", "abandoned"):
            lines.append(self._result_text(session, engine, locale))
            if session.state is not None:
                lines.append(self._reveal(session, locale))
        else:
            if session.timer_hours:
                lines.append(t(locale, "host.timer_set", hours=f"{session.timer_hours:g}",
                               policy=t(locale, f"host.policy.{session.timer_policy}")))
            if not session.auto_pass and _has_waivers(engine):  # the table chose it: say so (newcomer15)
                lines.append(t(locale, "host.auto_pass_off"))
            if session.options:
                lines.append(_options_line(session.game, session.options, locale))
            if session.error:
                lines.append(t(locale, "host.status_error", error=session.error))
            lines.append(t(locale, "host.seed_hash", hash=session.seed_hash))
            if session.entropy is not None:
                lines.append(t(locale, "host.entropy_status", values=self._contribution_list(session, locale)))
        images = [Image(f"table{session.id}.png", png)] if png else []
        return self._reply("\n".join(lines), images=images)

    def _result_text(self, session: SessionRow, engine: Engine, locale: str, already_said: list[str] = ()) -> str:
        """How a table that is over ended, for /game status and /game log (after the lines of
        `already_said`, which may have given the reason, as the final post did)."""
        if session.status == "abandoned":
            return t(locale, "host.result_abandoned", id=session.id)
        outcome = engine.outcome(engine.load_state(session.state)) if session.state is not None else None
        if outcome is None:  # ended by the host: only bots were left, or a kick ended it (as its post said)
            return sentences(locale, [t(locale, session.ended or "host.result_ended"), t(locale, "host.no_winner")])
        return self._outcome_text(session, outcome, already_said, locale=locale)

    async def _log(self, cmd: Command, locale: str) -> Outbox:
        """What the reader was shown live, step by step: the channel's lines, and a seated
        reader's own DMs (their private events, as `_posts` sent them) at the step that made
        them; the game's opening (its setup's events) on the oldest page."""
        session = await self._resolve(cmd, finished_ok=True)
        raw_page = str(cmd.args.get("page") or "1").strip()
        seen = await self.repo.count_public_log(session.id)
        pages = max(1, -(-seen // LOG_LINES))
        page = int(raw_page) if raw_page.isdigit() and len(raw_page) < 9 else 0
        if not 1 <= page <= pages:
            raise HostError("host.bad_log_page", value=raw_page[:20], pages=pages)
        entries = await self.repo.public_log(session.id, last=LOG_LINES, skip=(page - 1) * LOG_LINES)
        over = session.status in ("finished", "abandoned")
        if session.state is None:  # never started: nothing was played
            if not over:
                return self._reply(t(locale, "host.log_empty"))
            return self._reply(self._result_text(session, get_engine(session.game), locale))
        engine = get_engine(session.game)
        # ids name the same things all game long
        state = engine.load_state(session.state)
        mine = session.seats_of(cmd.user_id)
        hidden: list[LogRow] = []
        if mine:  # the steps the table did not see may hold the reader's own DMs
            newer = await self.repo.public_log(session.id, last=1, skip=(page - 1) * LOG_LINES - 1) if page > 1 else []
            hidden = await self.repo.hidden_log(session.id, -1 if page == pages or not entries else entries[0][1].seq,
                                                newer[0][1].seq if newer else None)
        lines = []
        if pages > 1:
            lines.append(t(locale, "host.log_page", page=page, pages=pages, first=entries[0][0], last=entries[-1][0],
                           total=seen, next=page + 1 if page < pages else page - 1))
        if page == pages:  # the opening, as the game's first post showed it (step 0: nobody's move)
            first = (entries[0][1] if entries and entries[0][1].seq == 1
                     else next(iter(await self.repo.hidden_log(session.id, 0, 2)), None))
            kept, named_by = first.events[0].get("opening") if first is not None and first.events else None, state
            if kept is None:  # no step in the start command: its post named things as setup left them
                setup = engine.setup(fair.engine_seats(session), engine.parse_options(session.options),
                                     fair.game_seed(session))
                kept, named_by = [e.model_dump() for e in setup.events], setup.state
            told = self._log_lines(session, named_by, locale, kept, mine)
            lines += [f"#0 {told[0]}"] + [f"    {line}" for line in told[1:]] if told else []
        steps = sorted([(e.seq, shown, e) for shown, e in entries] + [(e.seq, None, e) for e in hidden],
                       key=lambda step: step[0])
        boards = await self._boards_then(session, engine, [e for _, _, e in steps], locale)
        if boards is None:  # rows without their lines, and no replay: named as things stand now, and said so
            lines.append(t(locale, "host.log_named_now"))
            boards = {}
        said: list[str] = []  # the last step's public lines: the result does not say its reason again
        # steps whose public lines a later step's line tells with its own (conflict's phases ended in
        # a row: one line for three `next`s): numbered with that step, "#4–6", as the channel read them
        # (a run cut by the page's edge: its head is on the newer page, its first number looked up here)
        told_later = {shown for _, shown, e in steps if shown is not None and _told_later(e, locale)}
        last_told = max((shown for _, shown, _ in steps if shown is not None and shown not in told_later), default=0)
        last_told = last_told if page == 1 else max(last_told, seen + 1)
        older = await self.repo.public_log(session.id, last=4, skip=page * LOG_LINES) if entries else []
        run_from: int | None = None
        for shown, e in older:
            run_from = (shown if run_from is None else run_from) if _told_later(e, locale) else None
        held: list[str] = []
        for _, shown, e in steps:
            mover = (self._name(session, e.seat) if e.seat is not None and e.seat < len(session.seats)
                     else t(locale, "host.log_host"))
            # Action codes may name hidden items, so the log shows only what the reader saw:
            # each event on its own line (a new round is the game's, not the mover's), the
            # mover named in front unless the first line already starts with them
            seen_events = [(ev["key"], ev.get("params", {})) for ev in e.events if ev.get("to") is None]
            then = boards.get(e.seq, state)
            public = self._log_lines(session, then, locale, [ev for ev in e.events if ev.get("to") is None], mine) \
                if shown is not None else []
            said = public if shown is not None else said
            own = self._log_lines(session, then, locale, [ev for ev in e.events if ev.get("to") is not None], mine)
            if shown is None:  # a step only the reader saw (a DM): unnumbered, as nobody else counts it
                lines += [f"    {line}" for line in own]
                continue
            # a first line naming a player without starting with the mover is not the mover's
            # ("alice: Round 10: Bot 1's turn."); "alice: (acted)" said nothing
            if shown in told_later and last_told > shown:
                run_from = shown if run_from is None else run_from
                held += own  # the step's own DMs, under the line that tells it
                continue
            number = f"#{shown}" if run_from is None else f"#{run_from}–{shown}"
            run_from, own, held = None, held + own, []
            if not public:
                lines.append(f"{number} " + t(locale, "host.log_acted", who=mover))
            else:
                head, rest = log_credit(locale, mover, {seat.name for seat in session.seats}, seen_events[0], public)
                lines += [f"{number} {head}"] + [f"    {line}" for line in rest]
            lines += [f"    {line}" for line in own]
        if over and page == 1:
            lines.append(self._result_text(session, engine, locale, said))
            lines.append(self._reveal(session, locale))
        return self._reply("\n".join(lines))

    async def _boards_then(self, session: SessionRow, engine: Engine, rows: list[LogRow],
                           locale: str) -> dict[int, Any] | None:
        """For the rows of a log page stored before their lines were kept (session 15), whose
        events `_log_lines` names anew: the board right after each, replayed from the game's seed
        and its log (`fair.replay`), so that a unit reads as it did then, not as it stands now
        (an ordinal it has since gained, a unit destroyed since). Keyed by seq; empty when every
        row kept its lines; None when the replay fails (a seed from before 256-bit secrets)."""
        wanted = {e.seq for e in rows if not all(locale in ev.get("lines", ()) for ev in e.events)}
        if not wanted:
            return {}
        if fair.is_retired_seed(session):  # its dice may have come from the retired generator
            return None
        last = max(wanted)
        boards: dict[int, Any] = {}
        try:
            for entry, after in fair.replayed(engine, session, await self.repo.log_entries(session.id)):
                if entry.seq in wanted:
                    boards[entry.seq] = engine.load_state(engine.dump_state(after))  # the next step may change it
                if entry.seq >= last:
                    break
        except Exception:  # a replay that cannot be made (a retired seed, a changed rule): say so instead
            log.warning("the log of session %s could not be replayed to name its older steps", session.id,
                        exc_info=True)
            return None
        return boards

    def _log_lines(self, session: SessionRow, state: Any, locale: str, events: list[dict[str, Any]],
                   seats: list[int]) -> list[str]:
        """Of stored events, the lines `seats` (the reader's) were shown: the public ones as the
        channel's post, and each private one as its DM, where it reached them (`Host._told`).
        Events that kept their lines (`_keep_log_lines`) read as they did then; older ones are
        named with `state` (`_boards_then`: the board right after their step)."""
        if all(locale in ev.get("lines", ()) for ev in events):
            return [line for ev in events for line in (
                ev["lines"][locale] if ev.get("to") is None else
                [said for seat, said in zip(ev.get("told", ev["to"]), ev["lines"][locale]) if seat in seats])]
        public = [(ev["key"], ev.get("params", {})) for ev in events if ev.get("to") is None]
        lines = self._event_lines(session, state, locale, public) if public else []
        for ev in events:
            if ev.get("to") is not None:
                lines += [self._private_line(session, state, locale, seat, ev["key"], ev.get("params", {}))
                          for seat in ev.get("told", ev["to"]) if seat in seats]
        return lines

    async def _help(self, cmd: Command, locale: str) -> Outbox:
        if cmd.args.get("game"):  # one game: its table options
            key = self._game(cmd)
            engine = get_engine(key)
            lines = table_options.help_lines(key, engine.Options, locale)
            head = t(locale, "host.help_game", title=localize_value(engine.title, locale), game=key,
                     **_player_count(engine))
            body = "\n".join(lines) if lines else t(locale, "host.help_no_options")
            body += "\n" + t(locale, "host.help_table_options") + "\n" + "\n".join(
                table_options.help_lines(TABLE_OPTIONS, TableOptions, locale))
            return self._reply(head + "\n" + body + "\n" + t(locale, "host.help_options_usage", game=key))
        games = listed(locale, (aside(locale, k, localize_value(get_engine(k).title, locale)) for k in available_games()))
        return self._reply(t(locale, "host.help", games=games))

    async def _rules(self, cmd: Command, locale: str) -> Outbox:
        key = self._game(cmd)
        engine = get_engine(key)
        found = rules.page(get_game(key).text, locale)
        if found is None or not (found.intro or found.sections):
            raise HostError("host.no_rules", game=key)
        title = str(localize_value(engine.title, locale))
        wanted = str(cmd.args.get("section") or "").strip()
        if not wanted:  # the introduction, then the sections by the numbers that open them
            toc = [t(locale, "host.rules_toc", game=key)] + [section.title(locale) for section in found.sections]
            intro = rules.intro_in(found.intro, locale, t(locale, "host.rules_other_language"))
            return self._reply("\n\n".join(filter(None, [intro, "\n".join(toc)])), title=title)
        section = rules.find_section(found.sections, wanted)
        if section is None:
            raise HostError("host.no_section", section=wanted[:40], game=key)
        # a long section is sent whole: the adapters cut a message where Discord needs it
        return self._reply(section.body or "…", title=f"{title} · {section.title(locale)}")

    async def _roll(self, cmd: Command, locale: str) -> Outbox:
        try:
            from bot import rolls  # the dice engineer's module; optional until it lands
        except ModuleNotFoundError as exc:
            if exc.name not in ("bot.rolls",):
                raise
            raise HostError("host.roll_unavailable") from None
        return await rolls.handle(self, cmd)

    # --- running the engine ------------------------------------------------------------------
    def _apply(self, engine: Engine, session: SessionRow, progress: Progress, seat: int, action: Any,
               user_id: int | None, source: str) -> None:
        self._before_step(engine, session, progress)
        step = engine.apply(progress.state, seat, action)
        if source == AUTO:  # said first in the post and in /game log, unless the game says it itself
            step.events[:0] = auto_pass_line(action, self._name(session, seat))
        self._record(engine, session, progress, step, seat, action.code(), user_id, source)

    def _resign(self, engine: Engine, session: SessionRow, progress: Progress, seat: int,
                user_id: int | None, source: str) -> None:
        self._before_step(engine, session, progress)
        step = engine.resign(progress.state, seat)
        self._record(engine, session, progress, step, seat, fair.resign_code(seat), user_id, source)

    @staticmethod
    def _humans_among(session: SessionRow, seats: Iterable[int]) -> list[int]:
        return [s for s in seats if not session.seats[s].is_bot]

    def _before_step(self, engine: Engine, session: SessionRow, progress: Progress) -> None:
        """Who is in play and what the table sees before the command's first step (a step may
        change the state in place)."""
        if progress.in_play is None:
            progress.in_play = progress.in_play_before = engine.seats_in_play(progress.state)
            progress.active_before = sorted(engine.active_seats(progress.state))
        if progress.table_awaited is None and session.state is not None:
            progress.table_view = self._view_before(session, engine)
            progress.table_awaited = sorted(engine.active_seats(progress.state))
        elif progress.table_view is None and progress.table_awaited is not None:
            # the board the last step left, for this step's `_step_seen`: taken now, while the
            # state is as that step left it, and copied, for this step may change the state
            # in place and a view may share its lists
            view = engine.view(progress.state, None)
            progress.table_view = pickle.loads(pickle.dumps(view, pickle.HIGHEST_PROTOCOL))

    def _record(self, engine: Engine, session: SessionRow, progress: Progress, step: Any, seat: int, code: str,
                user_id: int | None, source: str) -> None:
        progress.state = step.state
        progress.events += step.events
        progress.changed = True
        progress.log.append(LogRow(0, seat, user_id, source, code, [e.model_dump() for e in step.events], self.clock(),
                                   public=self._step_seen(engine, progress, step)))
        if progress.awaited_before:
            progress.interrupted.update(set(progress.awaited_before).difference(engine.active_seats(step.state)))
        in_play = engine.seats_in_play(step.state)
        # none is in play once the game is over: the result says who won and who did not
        gone = [s for s in progress.in_play if s not in in_play] if in_play else []
        progress.in_play = in_play
        if not gone:
            return
        conceded = code.startswith(fair.RESIGN + " ") and user_id is not None and user_id == session.user_of(seat)
        progress.went_out += [(s, conceded and s == seat) for s in gone]
        if progress.quiet_from is not None:
            progress.quiet_outs += gone
        elif in_play and not self._humans_among(session, in_play):
            progress.quiet_from = len(progress.events)  # the last human is out: the step is shown, not the rest

    @staticmethod
    def _step_seen(engine: Engine, progress: Progress, step: Any) -> bool:
        """Whether the table could see this one step: a public event, the game's end, other seats
        awaited or another public board. Each step of a command decides its own line in /game log:
        a bot's hidden army picks after alice's public "ready" stay out of it, as hers would."""
        if progress.table_awaited is None:  # no board before it to compare with
            return True
        awaited = sorted(engine.active_seats(step.state))
        # the boards are compared last, and only when nothing else told: a view costs
        seen = (any(e.to is None for e in step.events) or engine.outcome(step.state) is not None
                or awaited != progress.table_awaited or engine.view(step.state, None) != progress.table_view)
        # this step's board is taken only if another step follows (`_before_step`): most
        # commands are one step, and their last step's board is never compared
        progress.table_view, progress.table_awaited = None, awaited
        return seen

    @staticmethod
    def _bot_rng(session: SessionRow, n: int) -> random.Random:
        # From the bot seats' own secret (never the game's seed or dice, which a player might
        # learn or a reveal shows) and the table's version: a restarted process makes the same
        # choice. Replays never need it: every bot move is in the action log.
        if not session.bot_secret:  # a row read from a database before migration 0007
            return random.Random()  # seeded from the operating system
        return random.Random(f"{session.bot_secret}:{session.version}:{n}")

    @staticmethod
    def _bots_to_move(session: SessionRow, engine: Engine, state: Any) -> bool:
        if engine.outcome(state) is not None:
            return False
        active = engine.active_seats(state)
        # a human must act first when any is awaited (bots in a simultaneous choice answer after them)
        return bool(active) and all(session.seats[s].is_bot for s in active)

    @staticmethod
    def _auto_pass(session: SessionRow, engine: Engine, state: Any) -> tuple[int, Any] | None:
        """A human seat awaited whose only legal action is a waiver (`waiver = True` on its model:
        declining a window with nothing to answer with), and that action: at a table with
        auto_pass on, the host plays it at once, as the bot seat would, instead of sending a
        one-button prompt or waiting on the timer (issue 18)."""
        if not session.auto_pass or not _has_waivers(engine) or engine.outcome(state) is not None:
            return None
        for seat in engine.active_seats(state):
            if not session.seats[seat].is_bot and (action := lone_waiver(engine, state, seat)) is not None:
                return seat, action
        return None

    def _host_moves(self, session: SessionRow, engine: Engine, state: Any) -> bool:
        """Whether the host has a move to make for a seat: an automatic pass, or the bots'."""
        return self._bots_to_move(session, engine, state) or self._auto_pass(session, engine, state) is not None

    def _bot_choice(self, engine: Engine, session: SessionRow, state: Any, seat: int, rng: random.Random,
                    level: str | None = None) -> Any:
        """What the bot of `seat` plays: at its level (a search thinks within the level's
        budget), or the plain heuristic for a bot seat without one."""
        level = level or session.seats[seat].level
        if not level:
            return heuristic(engine, state, seat, rng)
        with self._bot_memories_lock:
            memory = self._bot_memories.pop((session.id, seat), None) or Memory()
            self._bot_memories[session.id, seat] = memory  # the most recent last
            while len(self._bot_memories) > BOT_MEMORIES_KEPT:
                self._bot_memories.popitem(last=False)
        return thinking.think(engine, state, seat, level, rng, self.bot_budgets.get(level), memory,
                              self.think_in_processes)

    def _play_bots(self, engine: Engine, session: SessionRow, progress: Progress) -> bool:
        """Bot seats move until a human must act or the game ends, within this command's slice
        (bot_step_cap moves, bot_seconds of work). True when the bots have moves left: the
        next tick goes on with them."""
        started = self.work_clock()
        game = get_game(session.game)
        for n in range(self.bot_step_cap):
            if (auto := self._auto_pass(session, engine, progress.state)) is not None:
                seat, action = auto  # before the bots: a human awaited in a simultaneous choice acts first
                self._apply(engine, session, progress, seat, action, session.user_of(seat), AUTO)
                continue
            if not self._bots_to_move(session, engine, progress.state):
                return False
            if n and self.work_clock() - started >= self.bot_seconds:
                break
            seat = engine.active_seats(progress.state)[0]
            rng = self._bot_rng(session, n)
            try:
                self._apply(engine, session, progress, seat, self._bot_choice(engine, session, progress.state, seat, rng),
                            None, "bot")
            except Exception:
                # A faulty heuristic must not refuse the human command that woke the bots:
                # fall back to a random legal move (engines leave the state untouched on refusal).
                log.exception("bot of %s chose badly in session %s; playing a random legal move", session.game,
                              session.id)
                legal = engine.legal_actions(progress.state, seat)
                if not legal:
                    progress.notes.append(t(session.locale, "host.bot_stuck", name=self._name(session, seat)))
                    return False
                self._apply(engine, session, progress, seat, rng.choice(legal), None, "bot")
        progress.bots_pending = self._host_moves(session, engine, progress.state)
        return progress.bots_pending

    async def _humans_still_in(self, session: SessionRow, progress: Progress) -> bool:
        """Whether a human seat is still at the table: neither resigned nor replaced by a bot (one
        the rules put out counts: it waits for the result, so the bots finish the game; also
        when it conceded after the rules put it out, as at conflict's prompt to choose an heir)."""
        humans = {s.seat for s in session.seats if not s.is_bot}
        if not humans:
            return False
        log_rows = [e for e in await self.repo.log_entries(session.id) if e.code.startswith(fair.RESIGN + " ")]
        resigned = {int(e.code.split()[1]) for e in log_rows + progress.log if e.code.startswith(fair.RESIGN + " ")}
        resigned -= get_engine(session.game).put_out(progress.state)
        return bool(humans - resigned)

    def _awaited_humans(self, session: SessionRow, engine: Engine, state: Any) -> list[int]:
        if engine.outcome(state) is not None:
            return []
        return sorted(s for s in engine.active_seats(state) if not session.seats[s].is_bot)

    def _timer_changes(self, session: SessionRow, engine: Engine, state: Any, now: float,
                       restart: bool = False) -> dict[str, Any]:
        """Deadline bookkeeping: a new deadline when new human seats are awaited."""
        humans = self._awaited_humans(session, engine, state)
        if not session.timer_hours:  # no turn timer: only the last choice of a seat the rules put out is timed
            humans = sorted(set(humans) & engine.put_out(state))
        if not humans:
            return {"turn_deadline": None, "timer_seats": [], "reminded": False}
        still_same_turn = set(humans) <= set(session.timer_seats) and session.turn_deadline is not None
        if still_same_turn and not restart:
            return {"timer_seats": humans}
        if not session.timer_hours:  # no reminder: the prompt said how long (host.out_choice_time)
            return {"turn_deadline": now + OUT_CHOICE_MINUTES * 60, "timer_seats": humans, "reminded": True}
        return {"turn_deadline": now + session.timer_hours * 3600, "timer_seats": humans, "reminded": False}

    async def _finish(self, cmd: Command | None, session: SessionRow, engine: Engine, progress: Progress,
                      locale: str | None, reply: str | None = None, status: str | None = None,
                      restart_timer: bool = False, seats: list[SeatRow] | None = None,
                      changes: dict[str, Any] | None = None, menu_seat: int | None = None) -> Outbox:
        """Bots move, the posts are built, then state + log (and `changes` to the session) are
        committed in one transaction. With `seats`, the seats change too (a kicked player's
        seat goes to a bot). With `menu_seat` (a move confirmed in a click menu), the reply
        carries that seat's next menu when its turn goes on.

        The posts come first so that the step and its messages form one unit: a failure while
        presenting the step (a view, a summary) leaves nothing committed, and a committed step
        always has its messages (the adapter sends each on its own, see bot.discord.deliver)."""
        before = session
        if seats is not None:
            session = replace(session, seats=seats)
        if (progress.ended is None and engine.outcome(progress.state) is None and session.state is not None
                and (seats is not None or any(e.code.startswith(fair.RESIGN + " ") for e in progress.log))
                and not await self._humans_still_in(session, progress)):
            progress.ended = "host.only_bots_left"  # the last human left: bots do not play on alone
        if progress.in_play is None:  # no step before the bots' (a kick, a tick): as stored
            progress.in_play = progress.in_play_before = engine.seats_in_play(progress.state)
        if progress.quiet_from is None and progress.in_play and not self._humans_among(session, progress.in_play):
            progress.quiet_from = len(progress.events)  # the bots are finishing it, or the last human's seat went to one
        # the bots think on a worker thread: the event loop (every other table) never waits on them
        # (only when a bot is to move: the hop to the thread and back costs more than most commands)
        bots_pending = (progress.ended is None and self._host_moves(session, engine, progress.state)
                        and await asyncio.to_thread(self._play_bots, engine, session, progress))
        progress.quiet_began = (progress.quiet_from is not None and progress.ended is None
                                and bool(self._humans_among(before, progress.in_play_before)))
        now = self.clock()
        outcome = engine.outcome(progress.state)
        changes = {**(changes or {}), "state": engine.dump_state(progress.state)}
        if status:
            changes["status"] = status
        if outcome is not None or progress.ended:
            changes["status"] = "finished"
        if session.error is not None:
            changes["error"] = None  # the table works again
        if progress.ended:
            changes.update(turn_deadline=None, timer_seats=[], reminded=False, ended=progress.ended)
        elif bots_pending:  # due at once: the next tick lets the bots go on
            changes.update(turn_deadline=now, timer_seats=[], reminded=False)
        else:
            renewed = progress.interrupted.intersection(engine.active_seats(progress.state))  # their turn came back
            changes.update(self._timer_changes(session, engine, progress.state, now, restart_timer or bool(renewed)))
        public_view = engine.view(progress.state, None)
        seen = not self._unseen(session, engine, progress, outcome, public_view)
        if not seen:
            for entry in progress.log:
                entry.public = False
        box = await self._posts(session, engine, progress, outcome, public_view, seen)
        box.tick_soon = progress.bots_pending
        if reply is not None:
            box.reply = Message(text=reply)
            if menu_seat is not None and outcome is None and not progress.ended \
                    and menu_seat in engine.active_seats(progress.state):
                # the turn goes on: its next choice in the same message, a click away (not /act)
                box.reply.menu = build_menu(get_game(session.game), progress.state, session.id, menu_seat, [],
                                            locale or session.locale)
        stored = await self.repo.commit(session, now, log=progress.log, seats=seats,
                                        posts=self._kept(box, cmd, session.id), **changes)
        self._keep_public_view(stored, public_view)
        if progress.forfeit and outcome is not None:
            self._forfeits.add(stored.id)
        if outcome is not None:
            for callback in list(self.on_game_finished):
                try:
                    await callback(stored, outcome)
                except Exception:  # a league hook must never break the table
                    log.exception("on_game_finished callback failed for session %s", stored.id)
        return box

    def _unseen(self, session: SessionRow, engine: Engine, progress: Progress, outcome: Outcome | None,
                public_view: dict[str, Any]) -> bool:
        """True when the table could not tell that the command did anything: no public event
        or host note, the same seats awaited, and the same public board as before. Such a step
        (a hidden pick, a mulligan swap) gets no public post and no line in /game log, since
        even "(acted)" would count the hidden steps for everybody. So do the bots' hidden moves in a
        slice that ends before they are done: the table was told they are thinking when their
        moves began (the playtest's Iron & Fire army selection repeated one board 20 times)."""
        if (outcome is not None or progress.ended or progress.notes
                or session.state is None or any(e.to is None for e in progress.events)
                or not progress.same_turn(engine.active_seats(progress.state))):
            return False
        return self._view_before(session, engine) == public_view

    def _view_before(self, session: SessionRow, engine: Engine) -> dict[str, Any]:
        """The table's view before the command: as the last command left it, or from the stored JSON."""
        kept = self._public_views.get(session.id)
        if kept is not None and kept[0] == session.version:
            return kept[1]
        return engine.view(engine.load_state(session.state), None)

    async def _posts(self, session: SessionRow, engine: Engine, progress: Progress, outcome: Outcome | None,
                     public_view: dict[str, Any], seen: bool = True) -> Outbox:
        """Public post in the table's locale (none for a step the table cannot see); private
        events to each seat's user in theirs.

        Once no human is in play (`Progress.quiet_from`), the bots' moves get no lines: the
        table hears who else goes out, then the final board, picture, result and standings."""
        box = Outbox()
        loc = session.locale
        game = get_game(session.game)
        over = outcome is not None or progress.ended is not None
        quiet = progress.quiet_from is not None and progress.ended is None
        shown = progress.events[:progress.quiet_from] if quiet else progress.events
        lines = list(progress.notes)
        posted = self._indexed_event_lines(session, progress.state, loc,
                                           [(e.key, e.params) for e in shown if e.to is None])
        lines += [line for _, line in posted]
        if quiet:
            if progress.quiet_began and not over:
                lines.append(t(loc, "host.bots_play_on"))
            elif progress.quiet_began and any(e.to is None for e in progress.events[progress.quiet_from:]):
                lines.append(t(loc, "host.bots_played_on"))  # all in this post: rounds pass unseen, say why
            lines += [t(loc, "host.seat_out", name=self._name(session, s)) for s in progress.quiet_outs]
        images: list[Image] = []
        turn_started = False
        if progress.changed and (over or not quiet):
            key = not over and self._first_key(session, engine, game, public_view)
            awaited = [] if over else self._awaited(session, engine, progress.state)
            board = game.text.summary(self._board_view(public_view, progress.ended is not None, key, awaited), loc)
            turn_changed = (outcome is not None or progress.ended is not None
                            or not progress.same_turn(engine.active_seats(progress.state)))
            turn_started = turn_changed and outcome is None
            with_board = self._shows_board(session, engine, game, progress, board, always=over or key,
                                           turn_changed=turn_changed, said=bool(lines))
            if with_board:
                lines.append(board)
            if with_board and turn_changed:  # drawn by the adapter after the answer (see bot.outbox.Image)
                picture = self._picture_view(session, engine, progress.state, public_view,
                                             [(e.key, e.params) for e in progress.events if e.to is None],
                                             ended=progress.ended is not None)
                images.append(Image.of_board(f"table{session.id}.png", session.game, picture, loc))
        if outcome is not None:
            lines.append(self._outcome_text(session, outcome, already_said=lines))
            lines.append(self._reveal(session))
        elif progress.ended:
            lines.append(sentences(loc, [t(loc, progress.ended), t(loc, "host.no_winner")]))
            lines.append(self._reveal(session))
        elif progress.changed and not quiet:
            lines.append(t(loc, "host.waiting", names=self._waiting(session, engine, progress.state)))
            if progress.bots_pending:
                lines.append(t(loc, "host.bots_thinking"))
        if lines and seen:
            # the players whose turn begins are pinged (nobody else; see Message.pings)
            # (those newly awaited: a reaction window pings its player; one who was already
            # awaited, as in a simultaneous phase the others finished, is not pinged again)
            before = progress.awaited_throughout()
            pings = [] if not turn_started else sorted(
                {u for s in self._awaited_humans(session, engine, progress.state)
                 if s not in before and (u := session.user_of(s))})
            box.public.append((session.channel_id, Message(text="\n".join(lines), images=images, pings=pings,
                                                           session_id=session.id, game_on=not over)))
        # Private events: one message per user; a hot-seat user hears each of their seats
        # (none once the game is over, see `_told`). What happened before the first public
        # event goes before the channel's post, the rest after it (`Outbox.in_order`): a
        # player reads of a bot's attack in the channel, then the DM that asks them to answer.
        per_user: dict[tuple[bool, int], list[str]] = {}  # (before the post, user) -> lines
        in_play = set(progress.in_play or ())
        has_post = bool(box.public)
        first_public = next((i for i, e in enumerate(progress.events) if e.to is None), len(progress.events))
        for i, event in enumerate(progress.events):
            if event.to is None:
                continue
            for seat in self._told(event.to, in_play, over):
                user = session.user_of(seat)
                if user is None:
                    continue  # a bot seat
                uloc = await self._user_locale(user)
                per_user.setdefault((has_post and i < first_public, user), []).append(
                    self._private_line(session, progress.state, uloc, seat, event.key, event.params))
        # /game log shows each seat what reached it: a private event that reached only some of
        # its seats says which (none after the result)
        for entry in progress.log:
            for ev in entry.events:
                if ev.get("to") is not None and (told := self._told(ev["to"], in_play, over)) != ev["to"]:
                    ev["told"] = told
        self._keep_log_lines(session, progress, len(shown), posted, in_play, over)
        if not over:
            for seat, conceded in progress.went_out:
                user = session.user_of(seat)
                if user is not None and not conceded:  # one who conceded knows
                    per_user.setdefault((False, user), []).append(
                        await self._out_notice(session, engine, progress, seat, user))
        for (early, user), texts in per_user.items():
            box.private.append((user, Message(text="\n".join(texts), session_id=session.id, before_posts=early,
                                              game_on=not over)))
        if not over:
            box.private += await self._prompts(session, engine, progress)
        return box

    def _shows_board(self, session: SessionRow, engine: Engine, game: Game, progress: Progress, board: str,
                     always: bool, turn_changed: bool, said: bool) -> bool:
        """Whether a step's post shows the board (its text, and at a turn's start its picture):
        when the game begins, and `always` (the game ends, or the board has a key to give); at a
        turn's start (a window, the turn back after others played) and for a step that says
        nothing of its own (the tank game's end of shots changes only the phase), only if the
        board changed. Never within a turn a step's lines tell: a newcomer scrolled through
        copies of one 20-line board after every focus-fire join (issue 18). /game status and
        /hand always show it."""
        if always or session.state is None:
            return True
        if said and not turn_changed:
            return False
        active = progress.active_before
        if active is None:  # no step (a kick gave the seat to a bot): as stored
            active = engine.active_seats(engine.load_state(session.state))
        before = self._board_view(self._view_before(session, engine), False, awaited=self._awaited_among(session, active))
        return board != game.text.summary(before, session.locale)

    def _keep_log_lines(self, session: SessionRow, progress: Progress, shown: int,
                        posted: list[tuple[int, str]], in_play: set[int], over: bool) -> None:
        """Each step's lines as the command's post and DMs read them, in every language, kept in
        its stored events (`lines`) for /game log: named with the board of the time, the post's
        ("#2" stays the unit it was; a unit destroyed since keeps its name). `posted`: the post's
        lines of the first `shown` events (`_indexed_event_lines` of their public ones). The
        moves the bots made once no person was in play (`Progress.quiet_from`) got no post; the
        log keeps them as a post of their own would have read them, as the table was told. A
        start's setup events have no row of their own: when bots moved in the start command,
        they are kept with its first row (`opening`), as named after those moves."""
        rows = [ev for entry in progress.log for ev in entry.events]
        first = len(progress.events) - len(rows)
        if first and progress.log and progress.log[0].events:
            opening = [e.model_dump() for e in progress.events[:first]]
            for ev in opening:
                if ev.get("to") is not None:
                    ev["told"] = self._told(ev["to"], in_play, over)
            progress.log[0].events[0]["opening"] = opening
            rows, first = opening + rows, 0
        for loc in LOCALES:
            for start, end in ((0, shown), (shown, len(progress.events))):
                index = [i for i in range(start, end) if progress.events[i].to is None]
                told = posted if (loc == session.locale and start == 0) else self._indexed_event_lines(
                    session, progress.state, loc, [(progress.events[i].key, progress.events[i].params) for i in index])
                for i in index:
                    if i >= first:
                        rows[i - first].setdefault("lines", {})[loc] = []
                for j, line in told:
                    if index[j] >= first:
                        rows[index[j] - first]["lines"][loc].append(line)
            for ev in rows:
                if ev.get("to") is not None:
                    ev.setdefault("lines", {})[loc] = [
                        self._private_line(session, progress.state, loc, seat, ev["key"], ev.get("params", {}))
                        for seat in ev.get("told", ev["to"])]

    @staticmethod
    def _told(to: list[int], in_play: set[int], over: bool) -> list[int]:
        """The seats a private event reaches by DM: none once the game is over (the result, and
        the seed reveal, close it for everyone; news from the command's earlier steps, a pilot
        hurt, a skill ready, would come after it), nor a seat out of the game: it hears nothing more."""
        return [] if over else [seat for seat in to if seat in in_play]

    def _private_line(self, session: SessionRow, state: Any, locale: str, seat: int, key: str,
                      params: dict[str, Any]) -> str:
        """A private event as the DM to `seat`'s user says it (and /game log again): a hot-seat
        user, who holds several seats, is told whose it is."""
        text = self._event_lines(session, state, locale, [(key, params)])[0]
        if len(session.seats_of(session.user_of(seat))) > 1:
            text = t(locale, "host.seat_head", seat=seat, name=self._name(session, seat)) + " " + text
        return text

    async def _out_notice(self, session: SessionRow, engine: Engine, progress: Progress, seat: int, user: int) -> str:
        """What a player whose seat the game put out hears, once, in their language: that they
        are out, and what happens now (the others play on, or only bots are left)."""
        uloc = await self._user_locale(user)
        after = "host.out_bots_play_on" if progress.quiet_from is not None else "host.out_others_play_on"
        return sentences(uloc, [
            t(uloc, "host.out_notice", id=session.id, game=localize_value(engine.title, uloc),
              name=self._name(session, seat)),
            t(uloc, after, channel=session.channel_id)])

    async def _prompts(self, session: SessionRow, engine: Engine, progress: Progress) -> list[tuple[int, Message]]:
        """A rule gave a player a choice out of turn (a reaction window, defensive fire, an
        answer to an attack): that player gets it by DM with the buttons, once, when the
        window opens. Their turn timer runs as for a turn (see `_timer_changes`)."""
        before = progress.awaited_throughout()
        game = get_game(session.game)
        out = []
        for seat in self._awaited_humans(session, engine, progress.state):
            user = session.user_of(seat)
            if seat in before or user is None:
                continue
            uloc = await self._user_locale(user)
            why = game.text.prompt(progress.state, seat, uloc)
            if why is None:
                continue
            text = t(uloc, "host.prompt", id=session.id, game=localize_value(engine.title, uloc), why=why)
            if not session.timer_hours and seat in engine.put_out(progress.state):  # see OUT_CHOICE_MINUTES
                text = sentences(uloc, [text, t(uloc, "host.out_choice_time", minutes=OUT_CHOICE_MINUTES)])
            menu = build_menu(game, progress.state, session.id, seat, [], uloc)
            out.append((user, Message(text=text, menu=menu, session_id=session.id, game_on=True)))
        return out

    def _keep_public_view(self, session: SessionRow, public_view: dict[str, Any]) -> None:
        """The board as the committed step left it (see `_unseen`)."""
        self._public_views[session.id] = (session.version, public_view)
        self._public_views.move_to_end(session.id)
        if len(self._public_views) > PUBLIC_VIEWS_KEPT:
            self._public_views.popitem(last=False)

    def _outcome_text(self, session: SessionRow, outcome: Outcome, already_said: list[str] = (),
                      locale: str | None = None) -> str:
        loc = locale or session.locale
        reason = self._event_text(session, loc, outcome.reason, outcome.params)
        parts = [] if reason in already_said else [reason]  # e.g. "alice conceded." was just posted
        if outcome.winners:
            parts.append(t(loc, "host.winners", names=listed(loc, (self._name(session, w) for w in outcome.winners))))
        else:
            parts.append(t(loc, "host.no_winner"))
        if outcome.scores is not None:  # a game whose scores are something says what (`<game>.scores`)
            key = f"{session.game}.scores" if has(f"{session.game}.scores", loc) else "host.scores"
            parts.append(t(loc, key, scores=" · ".join(
                f"{self._name(session, i)} {s:g}" for i, s in enumerate(outcome.scores))))
        if len(outcome.ranks) > 2:  # every place of a game of many (a league records them all)
            order = sorted(range(len(outcome.ranks)), key=lambda s: (outcome.ranks[s], s))
            parts.append(t(loc, "host.standings", places=" · ".join(
                f"{outcome.ranks[s]}. {self._name(session, s)}" for s in order)))
        return sentences(loc, parts)

    # --- timers --------------------------------------------------------------------------------
    async def _remind(self, session: SessionRow, now: float) -> Outbox:
        box = Outbox()
        left = max(0.0, (session.turn_deadline - now) / 3600)
        for user in sorted({session.user_of(s) for s in session.timer_seats} - {None}):
            uloc = await self._user_locale(user)
            box.private.append((user, Message(text=t(uloc, "host.reminder", id=session.id, hours=f"{left:.1f}",
                                                      channel=session.channel_id), session_id=session.id, game_on=True)))
        await self.repo.commit(session, now, reminded=True, posts=self._kept(box, None))
        return box

    async def _expire(self, session: SessionRow, now: float) -> Outbox:
        engine = get_engine(session.game)
        state = engine.load_state(session.state)
        # who was awaited: a bots' slice that goes on where the last one stopped is their same turn
        progress = Progress(state=state, awaited_before=sorted(engine.active_seats(state)))
        late = [s for s in session.timer_seats if s in engine.active_seats(progress.state)]
        out = engine.put_out(progress.state)
        for seat in late:
            if seat in out:  # put out by the rules, asked a last choice: it lapses as declining does, no forfeit
                progress.notes.append(t(session.locale, "host.expired.out", name=self._name(session, seat)))
                self._resign(engine, session, progress, seat, None, "timer")
                continue
            progress.notes.append(t(session.locale, f"host.expired.{session.timer_policy}", name=self._name(session, seat)))
            if session.timer_policy == "forfeit":
                if engine.outcome(progress.state) is None:
                    self._resign(engine, session, progress, seat, None, "timer")
                    progress.forfeit = True
                continue
            for n in range(self.bot_step_cap):  # skip: the bot makes this seat's pending decisions
                if engine.outcome(progress.state) is not None or seat not in engine.active_seats(progress.state):
                    break
                action = heuristic(engine, progress.state, seat, self._bot_rng(session, 10_000 + n))
                self._apply(engine, session, progress, seat, action, None, "timer")
        return await self._finish(None, session, engine, progress, None, restart_timer=True)


    # --- leagues ----------------------------------------------------------------------------
    async def _start_league_game(self, cmd: Command, game: str, channel_id: int | None, thread_name: str,
                                 players: list[tuple[int, str]], options: dict[str, str],
                                 lobby_until: float, link: Callable[[int, int], Awaitable[None]],
                                 ) -> tuple[int, int, Outbox]:
        """Open a league pairing's table with its players seated in order, in a thread of the
        league's channel when the adapter has threads. It opens in a lobby: the seal is shown
        first, then each player may add an entropy value (`/game start [entropy:VALUE]`); it
        starts when every player has, when an organizer starts it, or at `lobby_until`, when
        the bot draws the values still missing (see `_start` and `_tick_table`). `link(session
        id, channel)` is the league's part of the same transaction: the table is never seen
        without its match (a command in between would find a casual table, open to anyone)."""
        from bot.league.service import LeagueError

        if channel_id is None:
            raise LeagueError("league.channel_only")
        engine = get_engine(game)
        try:
            engine.parse_options(options)
        except RuleError as exc:
            raise LeagueError(exc.key, **exc.params) from None
        if self.open_thread is not None:
            channel_id = await self.open_thread(channel_id, thread_name)
        seed = self.seed_source()
        locale = normalize_locale(cmd.guild_locale or cmd.locale)
        seats = [SeatRow(i, uid, name) for i, (uid, name) in enumerate(players)]
        box = Outbox()

        def opened(session_id: int) -> list[PostRow]:  # the lobby's first post, kept with the new table
            title = localize_value(engine.title, locale)
            text = "\n".join([
                t(locale, "host.league_lobby", id=session_id, title=title,
                  players=listed(locale, (markdown.escape(name) for _, name in players))),
                t(locale, "host.seed_hash", hash=fair.seed_hash(seed)),
                t(locale, "host.league_lobby_values", deadline=f"<t:{int(lobby_until)}:R>")])
            box.public = [(channel_id, Message(text=text, session_id=session_id))]
            return self._kept(box, cmd)

        try:
            session_id = await self.repo.create_session(
                guild_id=cmd.guild_id, channel_id=channel_id, thread=True, game=game, options=options,
                creator_id=players[0][0], locale=locale, seed=seed, seed_hash=fair.seed_hash(seed),
                seats=seats, now=self.clock(), bot_secret=self.bot_secret_source(),
                entropy={}, commitments={},  # league tables take player entropy; nobody has given a value yet
                posts=opened, turn_deadline=lobby_until, linked=lambda session_id: link(session_id, channel_id),
            )
        except TableExists:
            raise LeagueError("league.channel_busy") from None
        return session_id, channel_id, box

    async def _begin(self, session_id: int, engine: Engine, cmd: Command | None = None,
                     locale: str | None = None, reply: str | None = None) -> Outbox:
        """Start a table created with all its seats (a rematch of a table without entropy), unless
        it has started already (a timer tick got to it first)."""
        async with self._hold(session_id):
            session = await self.repo.load_session(session_id)
            if session is None or session.status != "lobby":
                return Outbox()
            step = engine.setup(fair.engine_seats(session), engine.parse_options(session.options),
                                fair.game_seed(session))
            progress = Progress(state=step.state, events=list(step.events), changed=True)
            progress.notes += self._start_notes(session)
            return await self._finish(cmd, session, engine, progress, locale, status="active", reply=reply)

    async def _league_result(self, session: SessionRow, outcome: Outcome) -> None:
        """A finished table that is a league pairing reports to its league. A concession is
        a played result; a turn-timer forfeit or a kick is a forfeit (kept out of ratings)."""
        forfeit = session.id in self._forfeits
        self._forfeits.discard(session.id)
        ranks = {s.user_id: outcome.ranks[s.seat] for s in session.seats
                 if s.user_id is not None and not s.is_bot and s.seat < len(outcome.ranks)}
        await self.league.game_finished(session.id, ranks, forfeit=forfeit)


def _told_later(row: LogRow, locale: str) -> bool:
    """A step the table saw whose kept lines are empty though it had public events: another
    step's line told them (a game's one line for several steps, `Text.indexed_event_lines`)."""
    public = [ev for ev in row.events if ev.get("to") is None]
    return bool(public) and all(locale in ev.get("lines", ()) for ev in public) \
        and not any(ev["lines"][locale] for ev in public)


def log_credit(locale: str, who: str, names: set[str], first: tuple[str, dict[str, Any]],
               public: list[str]) -> tuple[str, list[str]]:
    """A `/game log` step's head line and the lines under it. The first line is the mover's
    when it starts with them or names only them ("🎲 alice rolls to hit …"), or names nobody
    and is about a thing of theirs ("alice: Pz III J #3 turns to NW"). A line naming another
    player (the next player's turn) or the game's clock (a round's number or limit: "The
    round limit (30) is reached.", a parameter `round` or `rounds`) is not: the step is
    headed "alice acted." and the lines follow under it."""
    key, params = first
    named = {v for v in params.values() if isinstance(v, str) and v in names}
    if public[0].startswith(who) or named == {who}:
        return public[0], public[1:]
    if not named and not {"round", "rounds"} & set(params):
        return f"{who}: {public[0]}", public[1:]
    return t(locale, "host.log_after", who=who), public


def build_menu(game: Game, state: Any, session_id: int, seat: int, prefix: list[str], locale: str,
               among: list[Any] | None = None) -> ActionMenu:
    """One click-menu step from the seat's legal actions (or from `among`, some of them): the
    next tokens after `prefix`, labelled by name, never by id. For `among` the prefix starts
    where their codes part."""
    text = names.Labels(game.text)
    if among is not None:
        prefix = names.common_prefix([text.menu_steps(state, seat, a) for a in among])
    legal = game.engine.legal_actions(state, seat)
    steps = [(text.menu_steps(state, seat, action), action) for action in legal]
    matching = [(tokens, action) for tokens, action in (steps if among is None else [
        (text.menu_steps(state, seat, a), a) for a in among]) if tokens[: len(prefix)] == prefix]
    if not matching:
        raise HostError("host.menu_no_match", prefix=named_tokens(text, state, seat, prefix, locale)[:80])
    # one option for choices a player cannot tell apart (two copies of a card in hand)
    groups = names.menu_choices(text, state, seat, matching, prefix)
    options = []
    token_names = text.token_names(state, seat, locale) if any(len(a) > 1 for a in groups.values()) else {}
    for token, actions in groups.items():
        step = [*prefix, token]  # what the option stands for: the game may say what that step means
        if len(actions) == 1:
            options.append(MenuOption(value=token, label=text.describe_action(state, seat, actions[0], locale),
                                      description=text.action_facts(state, seat, actions[0], locale)
                                      or text.step_facts(state, seat, step, locale)))
        else:  # a token the game has no name for (a gun's number): what its actions have in common
            label = token_names.get(token) or " ".join(names.common_prefix(
                [text.describe_action(state, seat, a, locale).split() for a in actions])) or token
            # what a click opens: the menu of every legal action under it (`Host._menu`), not only `among`
            under = [(tokens, a) for tokens, a in steps if tokens[:len(prefix) + 1] == step]
            options.append(MenuOption(value=token, label=label, description=text.step_facts(state, seat, step, locale)
                                      or t(locale, "host.menu_choices", count=choices_shown(text, state, seat, under, step))))
    complete = any(tokens == prefix for tokens, _ in matching)
    return ActionMenu(session_id=session_id, seat=seat, prefix=list(prefix), options=options, complete=complete)


def _options_line(game: str, options: dict[str, str], locale: str) -> str:
    """The game options a table was opened with, by the names the game stores them under."""
    return t(locale, "host.options_set", game=game,
             options=listed(locale, (f"{name}={value}" for name, value in sorted(options.items()))))


def choices_shown(text: Text, state: Any, seat: int, matching: list[tuple[list[str], Any]],
                  prefix: list[str]) -> int:
    """How many choices the menu a click on `prefix` opens shows (`matching`: the actions under
    it, with their menu steps), as `Host._menu` builds it with `build_menu`: past the steps with
    a single choice (`skip_forced`), its options (`names.menu_choices`: identical copies as one;
    "Discard — 8 choices" over 7 options was a newcomer's puzzle), and the whole action so far,
    when it is one, as one more."""
    at = skip_forced([tokens for tokens, _ in matching], prefix)
    return len(names.menu_choices(text, state, seat, matching, at)) + any(tokens == at for tokens, _ in matching)


def skip_forced(codes: list[list[str]], prefix: list[str], back: bool = False) -> list[str]:
    """Where a click on the menu lands: past every step that offers a single choice, so an
    option that names a whole action ("Play Railway Timetable") is ready to play at once.
    `back` (the back button, with the menu's prefix) returns to the last step that offered a
    choice, before those skipped steps. The first step (no prefix) is always shown."""
    def nexts(p: list[str]) -> tuple[set[str], bool]:
        following = {c[len(p)] for c in codes if len(c) > len(p) and c[:len(p)] == p}
        return following, any(c == p for c in codes)

    if back:
        at = prefix[:-1]
        while at and (step := nexts(at)) and len(step[0]) == 1 and not step[1]:
            at = at[:-1]
        return at
    at = list(prefix)
    while at and (step := nexts(at)) and len(step[0]) == 1 and not step[1]:
        at.append(next(iter(step[0])))
    return at


def named_tokens(text: Text, state: Any, seat: int, tokens: list[str], locale: str) -> str:
    """Tokens of an action code as the menus name them (`deck blitz` -> `Deck · Blitz`)."""
    known = text.token_names(state, seat, locale) if tokens else {}
    return " · ".join(known.get(token, token) for token in tokens)
