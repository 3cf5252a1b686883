"""The league host: `/league ...` commands over SQLite, fed by finished games.

Pure logic lives beside this file (pairing, standings, ratings); this module owns the
league tables, authorization (organizer role or Manage Server), the audit log and the
messages. It is transport-free like the game host: it takes a Command, returns an Outbox.
"""
from __future__ import annotations

import asyncio
import csv
import io
import json
import math
import time
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, AsyncContextManager, AsyncIterator, Awaitable, Callable

import aiosqlite
from pydantic import BaseModel, Field, ValidationError, model_validator

from bot.league.bracket import Bracket
from bot.league.pairing import DOWN, UP, baku_virtual_points, pods, round_robin, swiss_round
from bot.league.pictures import bracket_picture, standings_picture
from bot.league.ratings import RatedResult, leaderboard, replay
from bot.league.standings import POD_TIEBREAKS, TIEBREAKS, Game, pod_standings, standings
from bot.outbox import Command, Image, Message, Outbox
from games.core.i18n import normalize_locale, register_catalog, t
from storage.db import write_transaction

register_catalog(Path(__file__).parent / "locale")

DAY = 86400.0
CLAIM_SECONDS = 600.0  # a `/league play` claim older than this was left by a crashed process
MAX_ID = 2**63 - 1  # SQLite integers are 64-bit; larger ids name nothing

# start_game(command, game, parent channel, thread name, [(user_id, name)], options, lobby until,
#   link) -> (session id, the channel it opened in, its first posts). The table opens in a
#   lobby where each player may add an entropy value or commit to one; it starts when all have,
#   when an organizer starts it, or at `lobby until` (unix time), the bot drawing the missing
#   values. `link(session id, channel)` runs in the transaction that creates the table: the
#   match names its table in the same commit, so no command ever sees it as a casual table.
Link = Callable[[int, int], Awaitable[None]]
StartGame = Callable[[Command, str, int | None, str, list[tuple[int, str]], dict[str, str], float, Link],
                     Awaitable[tuple[int, int, Outbox]]]


# keep(news, the command it answers): stores the news in the outbox, in the open transaction
KeepPosts = Callable[[Outbox, Command | None], Awaitable[None]]


class LeagueError(Exception):
    def __init__(self, key: str, **params: Any):
        super().__init__(key)
        self.key = key
        self.params = params


class LeagueSettings(BaseModel):
    model_config = {"extra": "forbid"}
    format: str = Field("round_robin", pattern="^(round_robin|swiss|pods|single_elim|double_elim)$")
    rounds: int | None = Field(None, ge=1, le=50)  # None: round robin decides; Swiss needs it
    cycles: int = Field(1, ge=1, le=2)  # round robin: single or double
    playoff: int = Field(0, ge=0, le=64)  # round robin or Swiss: the top N then play a knockout (0: none)
    playoff_double: bool = False  # that knockout in double elimination
    half_byes: int = Field(0, ge=0, le=10)  # Swiss: half-point byes a player may ask for (FIDE's optional rule)
    acceleration: str | None = Field(None, pattern="^baku$")  # Swiss: FIDE's Baku acceleration (C.04.5.1)
    # points for a bye; None: FIDE's default for the format (round robin 0: the player
    # paired with the extra Berger number sits out; Swiss 1: a pairing-allocated bye)
    bye_points: float | None = Field(None, ge=0, le=1)
    round_days: float = Field(7.0, gt=0, le=60)
    rated: bool = True
    tiebreaks: list[str] = ["buchholz", "sonneborn_berger", "wins"]
    deadline_policy: str = Field("forfeit", pattern="^(forfeit|organizer)$")
    remind_hours: float = Field(24.0, ge=0, le=24 * 14)  # the reminder before a round's deadline
    # how long a league table waits in its lobby for the players' entropy values (never past
    # the round's deadline); then it starts and the bot draws the values still missing
    lobby_hours: float = Field(24.0, gt=0, le=24 * 14)
    organizer_role: int | None = Field(None, ge=1, le=MAX_ID)
    pod_min: int = Field(3, ge=2, le=6)
    pod_max: int = Field(4, ge=2, le=6)
    options: dict[str, str] = {}  # table options for the league's games
    channel_id: int | None = Field(None, ge=1, le=MAX_ID)  # league games open in threads of this channel

    @model_validator(mode="after")
    def _consistent(self) -> "LeagueSettings":
        if self.pod_min > self.pod_max:
            raise ValueError(f"pod_min ({self.pod_min}) is above pod_max ({self.pod_max})")
        if self.playoff and (self.playoff < 2 or self.format not in ("round_robin", "swiss")):
            raise ValueError("a playoff needs 2 or more players, after a round robin or Swiss stage")
        if self.acceleration and self.format != "swiss":
            raise ValueError("acceleration is for Swiss leagues")
        return self


# The arguments each verb takes (besides `league` and `reason`); anything else is refused,
# so a mistyped option is never silently ignored.
_SETTINGS_ARGS = frozenset(LeagueSettings.model_fields)
VERB_ARGS: dict[str, frozenset[str]] = {
    "create": frozenset({"name", "game"}) | _SETTINGS_ARGS,
    "add": frozenset({"user_id", "user_name"}), "drop": frozenset({"user_id", "user_name"}),
    "disqualify": frozenset({"user_id", "user_name"}),
    "set_result": frozenset({"match", "ranks", "result_kind"}), "void": frozenset({"match"}),
    "new_season": frozenset({"reset_ratings"}), "report": frozenset({"outcome", "ranks"}),
    "confirm": frozenset({"match"}), "dispute": frozenset({"match"}), "propose_time": frozenset({"time"}),
    "rating_history": frozenset({"user_id", "user_name"}), "standings": frozenset({"season"}),
    "substitute": frozenset({"user_id", "user_name", "sub_id", "sub_name"}), "request_bye": frozenset({"round"}),
}
COMMON_ARGS = frozenset({"league", "reason"})
ACTIVE = ("registered", "checked_in")
KNOCKOUTS = ("single_elim", "double_elim")


@dataclass
class Ctx:
    cmd: Command
    locale: str

    def msg(self, key: str, **params: Any) -> str:
        return t(self.locale, key, **params)


class LeagueService:
    def __init__(self, db: aiosqlite.Connection, clock: Callable[[], float] = time.time,
                 start_game: StartGame | None = None,
                 transaction: Callable[[], AsyncContextManager[Any]] | None = None,
                 keep: KeepPosts | None = None):
        """`db` must be in autocommit mode (isolation_level=None): each command runs in one
        explicit transaction, the host's own when it shares its connection. `keep` stores a
        step's news (its channel posts and DMs) in the outbox, in the step's transaction."""
        self.db = db
        self.clock = clock
        self.start_game = start_game
        self._transaction = transaction or self._own_transaction
        self._keep = keep
        self._lock = asyncio.Lock()

    async def _kept(self, out: Outbox, cmd: Command | None) -> Outbox:
        """The news of the step under way, kept with it: sent once (by nonce) by whichever
        process gets to it, never lost if this one dies between the commit and the send."""
        if self._keep is not None:
            await self._keep(out, cmd)
        return out

    @asynccontextmanager
    async def _own_transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        async with write_transaction(self.db, self._lock) as db:
            yield db

    async def _dm(self, out: Outbox, user_id: int, key: str, **params: Any) -> None:
        """A private message in the recipient's own language."""
        # the host remembers each user's last Discord locale in the users table
        row = await self._one("SELECT locale FROM users WHERE id=?", user_id)
        locale = row["locale"] if row else None
        out.private.append((user_id, Message(t(normalize_locale(locale), key, **params))))

    # ------------------------------------------------------------------ entry point
    async def handle(self, cmd: Command) -> Outbox:
        ctx = Ctx(cmd, normalize_locale(cmd.locale))
        verb = cmd.verb.removeprefix("league.")
        handler = getattr(self, f"_cmd_{verb}", None)
        if handler is None:
            return _reply(ctx.msg("league.unknown_command", verb=verb[:40]))
        try:
            allowed = VERB_ARGS.get(verb, frozenset()) | COMMON_ARGS
            unknown = sorted(str(k) for k in cmd.args if k not in allowed)
            if unknown:
                raise LeagueError("league.unknown_arg", name=unknown[0][:40],
                                  known=sorted(allowed))  # a list: joined in the reader's language
            if verb == "play":  # opens a table through the host: not inside our transaction
                return await self._play(ctx)
            async with self._transaction():  # one command, one transaction; an error rolls back
                return await self._kept(await handler(ctx), cmd)
        except LeagueError as err:
            return _reply(ctx.msg(err.key, **err.params))

    async def league_names(self, guild_id: int | None) -> list[str]:
        """For autocomplete: this server's leagues."""
        async with self._transaction():
            rows = await self._all("SELECT name FROM leagues WHERE guild_id=? ORDER BY name", guild_id)
        return [r["name"] for r in rows]

    # ------------------------------------------------------------------ lookups
    async def _one(self, sql: str, *args: Any) -> aiosqlite.Row | None:
        async with self.db.execute(sql, args) as cur:
            return await cur.fetchone()

    async def _all(self, sql: str, *args: Any) -> list[aiosqlite.Row]:
        async with self.db.execute(sql, args) as cur:
            return list(await cur.fetchall())

    async def _league(self, ctx: Ctx) -> aiosqlite.Row:
        name = ctx.cmd.args.get("league")
        if name:
            row = await self._one("SELECT * FROM leagues WHERE guild_id=? AND name=?", ctx.cmd.guild_id, str(name))
            if row is None:
                raise LeagueError("league.no_such_league", name=str(name)[:50])
            return row
        rows = await self._all("SELECT * FROM leagues WHERE guild_id=? ORDER BY id", ctx.cmd.guild_id)
        if not rows:
            raise LeagueError("league.none_here")
        if len(rows) > 1:
            raise LeagueError("league.which_league", names=[r["name"] for r in rows])
        return rows[0]

    @staticmethod
    def _settings(league: aiosqlite.Row) -> LeagueSettings:
        return LeagueSettings.model_validate_json(league["settings"])

    async def _season(self, league_id: int) -> aiosqlite.Row:
        row = await self._one(
            "SELECT * FROM league_seasons WHERE league_id=? ORDER BY number DESC LIMIT 1", league_id
        )
        assert row is not None  # a league is created with its first season
        return row

    async def _entrants(self, season_id: int, active_only: bool = False) -> list[aiosqlite.Row]:
        sql = "SELECT * FROM league_entrants WHERE season_id=?"
        if active_only:
            sql += " AND status IN ('registered','checked_in')"
        return await self._all(sql + " ORDER BY joined_at, user_id", season_id)

    def _is_organizer(self, cmd: Command, league: aiosqlite.Row) -> bool:
        role = self._settings(league).organizer_role
        return cmd.can_manage_guild or (role is not None and role in cmd.roles)

    def _require_organizer(self, ctx: Ctx, league: aiosqlite.Row) -> None:
        if not self._is_organizer(ctx.cmd, league):
            raise LeagueError("league.organizers_only")

    async def _require_active_entrant(self, ctx: Ctx, season_id: int) -> None:
        """Players who were dropped or disqualified no longer report, confirm or play."""
        row = await self._one("SELECT status FROM league_entrants WHERE season_id=? AND user_id=?",
                              season_id, ctx.cmd.user_id)
        if row is not None and row["status"] not in ACTIVE:
            raise LeagueError(f"league.you_are_{row['status']}")

    async def _audit(self, league_id: int, ctx: Ctx, action: str, detail: dict, reason: str = "") -> None:
        await self.db.execute(
            "INSERT INTO league_audit(league_id,user_id,action,detail,reason,at) VALUES (?,?,?,?,?,?)",
            (league_id, ctx.cmd.user_id, action, json.dumps(detail, ensure_ascii=False), reason, self.clock()),
        )

    # ------------------------------------------------------------------ organizers
    async def _cmd_create(self, ctx: Ctx) -> Outbox:
        if not ctx.cmd.can_manage_guild:
            raise LeagueError("league.organizers_only")
        a = ctx.cmd.args
        name = str(a.get("name") or "").strip()
        if not name or len(name) > 50:
            raise LeagueError("league.bad_name")
        from games.registry import available_games

        game = str(a.get("game") or "")
        if game not in available_games():
            raise LeagueError("league.bad_game", game=game)
        raw = {k: v for k, v in a.items() if k in LeagueSettings.model_fields and v is not None}
        if isinstance(raw.get("tiebreaks"), str):
            raw["tiebreaks"] = [x for x in raw["tiebreaks"].split(",") if x]
        if isinstance(raw.get("options"), str):  # the console's `options=a=1,b=2`
            raw["options"] = _parse_table_options(raw["options"])
        raw.setdefault("channel_id", ctx.cmd.channel_id)
        try:
            settings = LeagueSettings.model_validate(raw)
        except ValidationError as exc:
            err = exc.errors()[0]
            raise LeagueError("league.bad_setting", setting=".".join(map(str, err["loc"])) or "-",
                              error=str(err["msg"]).removeprefix("Value error, ")[:200])
        bad = [tb for tb in settings.tiebreaks if tb not in TIEBREAKS]
        if bad:
            raise LeagueError("league.bad_tiebreak", name=bad[0][:40], known=list(TIEBREAKS))
        if settings.format == "swiss" and not settings.rounds:
            raise LeagueError("league.swiss_needs_rounds")
        _check_table_options(game, settings.options)
        _check_seats(game, settings)
        if await self._one("SELECT 1 FROM leagues WHERE guild_id=? AND name=?", ctx.cmd.guild_id, name):
            raise LeagueError("league.exists", name=name)
        now = self.clock()
        cur = await self.db.execute(
            "INSERT INTO leagues(guild_id,name,game,settings,created_by,created_at) VALUES (?,?,?,?,?,?) RETURNING id",
            (ctx.cmd.guild_id, name, game, settings.model_dump_json(), ctx.cmd.user_id, now),
        )
        league_id = (await cur.fetchone())[0]
        await self.db.execute(
            "INSERT INTO league_seasons(league_id,number,status) VALUES (?,1,'setup')", (league_id,)
        )
        await self._audit(league_id, ctx, "create", {"name": name, "game": game, **settings.model_dump()})
        return _reply(ctx.msg("league.created", name=name, game=game, format=f"@league.format.{settings.format}"),
                      public=True)

    async def _cmd_open(self, ctx: Ctx) -> Outbox:
        return await self._set_registration(ctx, "registration")

    async def _cmd_close(self, ctx: Ctx) -> Outbox:
        return await self._set_registration(ctx, "setup")

    async def _set_registration(self, ctx: Ctx, status: str) -> Outbox:
        league = await self._league(ctx)
        self._require_organizer(ctx, league)
        season = await self._season(league["id"])
        if season["status"] not in ("setup", "registration"):
            raise LeagueError("league.already_running")
        await self.db.execute("UPDATE league_seasons SET status=? WHERE id=?", (status, season["id"]))
        await self._audit(league["id"], ctx, "registration_" + ("open" if status == "registration" else "closed"), {})
        key = "league.registration_open" if status == "registration" else "league.registration_closed"
        return _reply(ctx.msg(key, name=league["name"]), public=True)

    async def _cmd_add(self, ctx: Ctx) -> Outbox:
        """A late entrant, added by an organizer at any time before the season ends."""
        league = await self._league(ctx)
        self._require_organizer(ctx, league)
        season = await self._season(league["id"])
        if season["status"] == "finished":
            raise LeagueError("league.season_over")
        uid = _id_arg(ctx.cmd.args, "user_id")
        name = str(ctx.cmd.args.get("user_name") or uid)[:50]
        row = await self._one("SELECT status FROM league_entrants WHERE season_id=? AND user_id=?", season["id"], uid)
        if row is not None and row["status"] in ACTIVE:
            raise LeagueError("league.already_entrant", name=name)
        await self.db.execute(
            "INSERT INTO league_entrants(season_id,user_id,name,status,joined_at) VALUES (?,?,?,?,?) "
            "ON CONFLICT(season_id,user_id) DO UPDATE SET status='checked_in'",
            (season["id"], uid, name, "checked_in", self.clock()),
        )
        await self._audit(league["id"], ctx, "add", {"user": uid}, str(ctx.cmd.args.get("reason") or ""))
        return _reply(ctx.msg("league.added", name=name), public=True)

    async def _cmd_drop(self, ctx: Ctx) -> Outbox:
        return await self._remove(ctx, "dropped")

    async def _cmd_disqualify(self, ctx: Ctx) -> Outbox:
        return await self._remove(ctx, "disqualified")

    async def _remove(self, ctx: Ctx, status: str) -> Outbox:
        league = await self._league(ctx)
        self._require_organizer(ctx, league)
        season = await self._season(league["id"])
        uid = _id_arg(ctx.cmd.args, "user_id")
        row = await self._one("SELECT * FROM league_entrants WHERE season_id=? AND user_id=?", season["id"], uid)
        if row is None:
            raise LeagueError("league.not_entrant")
        await self.db.execute(
            "UPDATE league_entrants SET status=? WHERE season_id=? AND user_id=?", (status, season["id"], uid)
        )
        # their games not yet begun are lost by forfeit (FIDE: a withdrawn player's unplayed games)
        for m in await self._season_matches(season["id"]):
            players = json.loads(m["players"])
            if (uid in players and len(players) == 2 and m["status"] == "pending" and m["session_id"] is None
                    and m["opening_at"] is None):
                await self._record(league, m, [2 if p == uid else 1 for p in players], "forfeit",
                                   ctx.cmd.user_id, reason="withdrawal")
        await self._audit(league["id"], ctx, status, {"user": uid}, str(ctx.cmd.args.get("reason") or ""))
        return _reply(ctx.msg(f"league.{status}", name=row["name"]), public=True)

    async def _cmd_substitute(self, ctx: Ctx) -> Outbox:
        """A substitute takes over a player's seat: their games not yet begun, and in a round
        robin the rest of the schedule. Results already played stay the original player's."""
        league = await self._league(ctx)
        self._require_organizer(ctx, league)
        season = await self._season(league["id"])
        if season["status"] == "finished":
            raise LeagueError("league.season_over")
        old, new = _id_arg(ctx.cmd.args, "user_id"), _id_arg(ctx.cmd.args, "sub_id")
        new_name = str(ctx.cmd.args.get("sub_name") or new)[:50]
        seat = await self._one("SELECT * FROM league_entrants WHERE season_id=? AND user_id=?", season["id"], old)
        if seat is None or seat["status"] not in ACTIVE:
            raise LeagueError("league.not_entrant")
        there = await self._one("SELECT status FROM league_entrants WHERE season_id=? AND user_id=?", season["id"], new)
        if old == new or (there is not None and there["status"] in ACTIVE):
            raise LeagueError("league.already_entrant", name=new_name)
        await self.db.execute(
            "INSERT INTO league_entrants(season_id,user_id,name,status,joined_at) VALUES (?,?,?,?,?) "
            "ON CONFLICT(season_id,user_id) DO UPDATE SET status=excluded.status, joined_at=excluded.joined_at",
            (season["id"], new, new_name, seat["status"], seat["joined_at"]))
        await self.db.execute("UPDATE league_entrants SET status='substituted', replaced_by=? WHERE season_id=? "
                              "AND user_id=?", (new, season["id"], old))
        moved = 0
        for m in await self._season_matches(season["id"]):
            players = json.loads(m["players"])
            if (old in players and m["status"] == "pending" and m["session_id"] is None
                    and m["opening_at"] is None):
                players = [new if p == old else p for p in players]
                await self.db.execute("UPDATE league_matches SET players=?, updated_at=? WHERE id=?",
                                      (json.dumps(players), self.clock(), m["id"]))
                moved += 1
        await self._audit(league["id"], ctx, "substitute", {"user": old, "substitute": new, "matches": moved},
                          str(ctx.cmd.args.get("reason") or "")[:200])
        return _reply(ctx.msg("league.substituted", old=seat["name"], new=new_name, n=moved), public=True)

    async def _cmd_request_bye(self, ctx: Ctx) -> Outbox:
        """A half-point bye asked for before a round (FIDE's optional rule), in a Swiss league
        that allows them; the player is left out of that round's pairing."""
        league = await self._league(ctx)
        settings = self._settings(league)
        if settings.format != "swiss" or not settings.half_byes:
            raise LeagueError("league.no_half_byes")
        season = await self._season(league["id"])
        await self._require_active_entrant(ctx, season["id"])
        me = await self._one("SELECT status FROM league_entrants WHERE season_id=? AND user_id=?",
                             season["id"], ctx.cmd.user_id)
        if me is None or season["status"] == "finished":
            raise LeagueError("league.not_entrant")
        started = (await self._one("SELECT COUNT(*) AS n FROM league_rounds WHERE season_id=?", season["id"]))["n"]
        wanted = _id_arg(ctx.cmd.args, "round", required=False) or started + 1
        if not started < wanted <= (settings.rounds or 0):
            raise LeagueError("league.bad_bye_round", first=started + 1, last=settings.rounds)
        asked = await self._all("SELECT round FROM league_bye_requests WHERE season_id=? AND user_id=?",
                                season["id"], ctx.cmd.user_id)
        if any(r["round"] == wanted for r in asked) or len(asked) >= settings.half_byes:
            raise LeagueError("league.too_many_half_byes", n=settings.half_byes)
        await self.db.execute("INSERT INTO league_bye_requests(season_id,user_id,round,at) VALUES (?,?,?,?)",
                              (season["id"], ctx.cmd.user_id, wanted, self.clock()))
        return _reply(ctx.msg("league.half_bye_granted", round=wanted), public=True)

    async def _cmd_start_round(self, ctx: Ctx) -> Outbox:
        league = await self._league(ctx)
        self._require_organizer(ctx, league)
        settings = self._settings(league)
        season = await self._season(league["id"])
        if season["status"] == "finished":
            raise LeagueError("league.season_over")
        rounds = await self._all("SELECT * FROM league_rounds WHERE season_id=? ORDER BY number", season["id"])
        if rounds:
            open_matches = await self._one(
                "SELECT COUNT(*) AS n FROM league_matches WHERE round_id=? AND status IN ('pending','reported','disputed')",
                rounds[-1]["id"],
            )
            if open_matches["n"]:
                raise LeagueError("league.round_not_done", n=open_matches["n"])
        entrants = await self._entrants(season["id"], active_only=True)
        if season["status"] != "running":
            # the first round seats the checked-in players, or everyone registered if nobody checked in
            checked = [e for e in entrants if e["status"] == "checked_in"]
            entrants = checked or entrants
        players = [e["user_id"] for e in entrants]
        if len(players) < 2:
            raise LeagueError("league.too_few")
        number = len(rounds) + 1
        half_byes = [] if settings.format != "swiss" else [r["user_id"] for r in await self._all(
            "SELECT user_id FROM league_bye_requests WHERE season_id=? AND round=? ORDER BY at", season["id"], number)
            if r["user_id"] in players]
        players = [p for p in players if p not in half_byes]
        knockout = await self._knockout(league, settings, season, players, number)
        if knockout is not None:
            bracket, results = knockout
            ready = bracket.ready(results)
            if not ready:
                names = await self._all_names(league["id"])
                champion = bracket.champion(results)
                raise LeagueError("league.champion", name=names.get(champion, champion))
            groups, slots = [[a, b] for _, a, b in ready], [slot for slot, _, _ in ready]
        else:
            total = await self._total_rounds(settings, players, season)
            if number > total:
                raise LeagueError("league.no_more_rounds", total=total)
            groups = await self._pair(settings, season, players, number)
            slots = [None] * len(groups)
        now = self.clock()
        deadline = now + settings.round_days * DAY
        cur = await self.db.execute(
            "INSERT INTO league_rounds(season_id,number,started_at,deadline) VALUES (?,?,?,?) RETURNING id",
            (season["id"], number, now, deadline),
        )
        round_id = (await cur.fetchone())[0]
        if season["status"] != "running":
            await self.db.execute(
                "UPDATE league_seasons SET status='running', started_at=? WHERE id=?", (now, season["id"])
            )
            # only the seated players take part; the others' registration lapses
            await self.db.execute(
                f"UPDATE league_entrants SET status='checked_in' WHERE season_id=? AND user_id IN ({','.join('?' * len(players))})",
                (season["id"], *players),
            )
        for p in half_byes:
            await self.db.execute(
                "INSERT INTO league_matches(round_id,players,kind,status,ranks,result_kind,updated_at) "
                "VALUES (?,?,'bye','done','[1]','half_bye',?)", (round_id, json.dumps([p]), now))
        active = set(players)
        for group, slot in zip(groups, slots):
            if len(group) == 1:
                await self.db.execute(
                    "INSERT INTO league_matches(round_id,players,kind,status,ranks,result_kind,updated_at) "
                    "VALUES (?,?,'bye','done','[1]','bye',?)",
                    (round_id, json.dumps(group), now),
                )
                continue
            cur = await self.db.execute(
                "INSERT INTO league_matches(round_id,players,kind,status,updated_at,bracket_slot) "
                "VALUES (?,?,'game','pending',?,?) RETURNING id",
                (round_id, json.dumps(group), now, slot),
            )
            match_id = (await cur.fetchone())[0]
            gone = [p for p in group if p not in active]
            if gone and len(gone) < len(group):  # a bracket match of a player who left: a forfeit
                m = await self._one("SELECT * FROM league_matches WHERE id=?", match_id)
                await self._record(league, m, [2 if p in gone else 1 for p in group], "forfeit", ctx.cmd.user_id,
                                   reason="withdrawal")
        await self._audit(league["id"], ctx, "start_round", {"round": number, "pairings": groups})
        return await self._pairings_outbox(ctx, league, season["id"], number)

    async def _knockout(self, league: aiosqlite.Row, settings: LeagueSettings, season: aiosqlite.Row,
                        players: list[int], number: int) -> tuple[Bracket, dict[str, int]] | None:
        """The season's bracket and its results so far, when this round is a knockout round:
        a knockout league from its first round (seeded by rating), or a round robin or
        Swiss league's top-N playoff once the stage's rounds are played (seeded by the
        stage's standings). None for a stage round."""
        stored = json.loads(season["bracket"]) if season["bracket"] else None
        if stored is None:
            if settings.format in KNOCKOUTS:
                book = await self._book(league)
                seeds = _by_rating(book, players)
                double = settings.format == "double_elim"
            elif settings.playoff and number > await self._total_rounds(settings, players, season):
                rows = await self._standing_rows(league, season["id"])
                seeds = [r.player for r in rows if r.player in set(players)][: settings.playoff]
                double = settings.playoff_double
            else:
                return None
            if len(seeds) < 2:
                raise LeagueError("league.too_few")
            stored = {"seeds": seeds, "double": double}
            await self.db.execute("UPDATE league_seasons SET bracket=? WHERE id=?", (json.dumps(stored), season["id"]))
        bracket = Bracket(stored["seeds"], double=stored["double"])
        results = {}
        for m in await self._season_matches(season["id"]):
            if m["bracket_slot"] and m["status"] == "done" and m["result_kind"] != "double_forfeit":
                ranks, ps = json.loads(m["ranks"]), json.loads(m["players"])
                if ranks[0] != ranks[1]:  # a drawn knockout game is played again
                    results[m["bracket_slot"]] = ps[0] if ranks[0] < ranks[1] else ps[1]
        return bracket, results

    async def _total_rounds(self, settings: LeagueSettings, players: list[int], season: aiosqlite.Row) -> int:
        """The stage's rounds: a round robin's table is fixed by its first round's seating
        (players who leave do not shorten it); a Swiss never goes beyond n - 1 rounds of
        the players still in, since two players meet only once."""
        if settings.format == "round_robin":
            n = len(await self._seating(season["id"])) or len(players)
            table = (n - 1 if n % 2 == 0 else n) * settings.cycles
            return min(settings.rounds or table, table)
        if settings.format == "swiss":
            return min(settings.rounds or 1, max(len(players) - 1, 1))
        return settings.rounds or 1

    @staticmethod
    def _bye_points(settings: LeagueSettings) -> float:
        if settings.bye_points is not None:
            return settings.bye_points
        return 0.0 if settings.format == "round_robin" else 1.0

    async def _pair(self, settings: LeagueSettings, season: aiosqlite.Row, players: list[int], number: int) -> list[list[int]]:
        if settings.format == "round_robin":
            # the schedule is fixed by the seating order of the first round's players
            seated = await self._seating(season["id"]) or players
            table = round_robin(seated, settings.cycles)
            if number > len(table):
                raise LeagueError("league.no_more_rounds", total=len(table))
            active = set(players)
            groups = []
            for a, b in table[(number - 1) % len(table)]:
                pair = [p for p in (a, b) if p is not None and p in active]
                if pair:
                    groups.append(pair)
            return groups
        scores, met, had_bye, seats, floats = await self._history(season["id"], self._bye_points(settings))
        if settings.format == "swiss":
            # C.04.2: the pairing numbers follow the ratings the season began with
            league = await self._one("SELECT * FROM leagues WHERE id=?", season["league_id"])
            book = await self._book(league, before_season=season["id"])
            players = _by_rating(book, players)
            try:
                total = await self._total_rounds(settings, players, season)
                if settings.acceleration == "baku":  # virtual points for this pairing only
                    everyone = _by_rating(book, [e["user_id"] for e in await self._entrants(season["id"])])
                    virtual = baku_virtual_points(everyone, await self._seating(season["id"]) or players, number, total)
                    scores = {p: scores.get(p, 0.0) + virtual.get(p, 0.0) for p in players}
                topscorer_above = (number - 1) / 2 if number == total > 1 else None  # C.04.3 A.7: the final round
                pairs = swiss_round(players, scores, {k for k in met}, had_bye, seats, total - number + 1,
                                    {p: floats.get(p, [DOWN] * (number - 1)) for p in players}, topscorer_above)
            except ValueError:
                raise LeagueError("league.no_pairing")
            return [[a] if b is None else [a, b] for a, b in pairs]
        try:
            return pods(players, scores, met, settings.pod_min, settings.pod_max)
        except ValueError:
            raise LeagueError("league.no_pods", n=len(players), min=settings.pod_min, max=settings.pod_max)

    async def _seating(self, season_id: int) -> list[int]:
        first = await self._one("SELECT id FROM league_rounds WHERE season_id=? AND number=1", season_id)
        if first is None:
            return []
        rows = await self._all("SELECT user_id, replaced_by FROM league_entrants WHERE season_id=? "
                               "ORDER BY joined_at, user_id", season_id)
        started = await self._all("SELECT players FROM league_matches WHERE round_id=?", first["id"])
        seated = {p for r in started for p in json.loads(r["players"])}
        replaced = {r["user_id"]: r["replaced_by"] for r in rows if r["replaced_by"]}

        def holder(p: int) -> int:  # a seat's player now, through any substitutions
            seen = set()
            while p in replaced and p not in seen:
                seen.add(p)
                p = replaced[p]
            return p

        return [holder(r["user_id"]) for r in rows if r["user_id"] in seated]

    async def _history(self, season_id: int, bye_points: float) -> tuple[
            dict[int, float], dict[frozenset, int], set[int], dict[int, list[int]], dict[int, list[int]]]:
        """Scores, who met whom, who may not have the bye (had one, or won by forfeit:
        C.04.1 rule 4), each player's seats in the games they played, and each one's float
        per round (C.04.3: DOWN against a lower score or when not playing, UP against a
        higher one)."""
        scores: dict[int, float] = {}
        met: dict[frozenset, int] = {}
        had_bye: set[int] = set()
        seats: dict[int, list[int]] = {}
        floats: dict[int, dict[int, int]] = {}
        before: dict[int, float] = {}  # the scores the current round was paired on
        current = 0
        for m in await self._season_matches(season_id):
            players = json.loads(m["players"])
            if m["round"] != current:
                current, before = m["round"], dict(scores)
            if m["kind"] == "bye" or m["result_kind"] != "played" or len(players) != 2:
                float_of = {p: DOWN for p in players}
            else:
                a, b = (before.get(p, 0.0) for p in players)
                float_of = {players[0]: DOWN if a > b else UP if a < b else 0,
                            players[1]: DOWN if b > a else UP if b < a else 0}
            for p, way in float_of.items():
                floats.setdefault(p, {})[m["round"]] = way
            ranks = json.loads(m["ranks"]) if m["ranks"] else None
            if m["kind"] == "bye":
                if m["result_kind"] != "half_bye":  # a requested bye does not use up the allocated one
                    had_bye.add(players[0])
            elif m["result_kind"] == "forfeit" and ranks and len(players) == 2:
                had_bye.update(p for p, r in zip(players, ranks) if r == 1)
            elif m["result_kind"] == "played" and len(players) == 2:
                for seat, p in enumerate(players):
                    seats.setdefault(p, []).append(seat)
            for i, a in enumerate(players):
                for b in players[i + 1 :]:
                    met[frozenset((a, b))] = met.get(frozenset((a, b)), 0) + 1
            if m["status"] == "done" and m["ranks"]:
                for p, pts in _points(players, json.loads(m["ranks"]), m["result_kind"], bye_points).items():
                    scores[p] = scores.get(p, 0.0) + pts
        in_rounds = {p: [rounds.get(r, DOWN) for r in range(1, current + 1)] for p, rounds in floats.items()}
        return scores, met, had_bye, seats, in_rounds

    async def _season_matches(self, season_id: int) -> list[aiosqlite.Row]:
        return await self._all(
            "SELECT m.*, r.number AS round FROM league_matches m JOIN league_rounds r ON r.id=m.round_id "
            "WHERE r.season_id=? ORDER BY r.number, m.id",
            season_id,
        )

    async def _cmd_repair(self, ctx: Ctx) -> Outbox:
        """Re-pair the current round, allowed while none of its games has a result or a table."""
        league = await self._league(ctx)
        self._require_organizer(ctx, league)
        season = await self._season(league["id"])
        rnd = await self._one("SELECT * FROM league_rounds WHERE season_id=? ORDER BY number DESC LIMIT 1", season["id"])
        if rnd is None:
            raise LeagueError("league.no_round")
        started = await self._one(
            "SELECT COUNT(*) AS n FROM league_matches WHERE round_id=? AND kind='game' AND (status!='pending' OR session_id IS NOT NULL)",
            rnd["id"],
        )
        if started["n"]:
            raise LeagueError("league.round_started")
        await self.db.execute("DELETE FROM league_matches WHERE round_id=?", (rnd["id"],))
        await self.db.execute("DELETE FROM league_rounds WHERE id=?", (rnd["id"],))
        await self._audit(league["id"], ctx, "repair", {"round": rnd["number"]}, str(ctx.cmd.args.get("reason") or ""))
        return await self._cmd_start_round(ctx)

    async def _cmd_set_result(self, ctx: Ctx) -> Outbox:
        """An organizer sets or edits a result: ranks, or forfeit/double_forfeit."""
        league = await self._league(ctx)
        self._require_organizer(ctx, league)
        match = await self._match(_id_arg(ctx.cmd.args, "match"), league["id"])
        players = json.loads(match["players"])
        kind = str(ctx.cmd.args.get("result_kind") or "played")
        if kind not in ("played", "forfeit", "double_forfeit"):
            raise LeagueError("league.bad_result")
        if match["kind"] == "bye":
            raise LeagueError("league.bye_fixed", match=match["id"])
        if kind == "double_forfeit":
            ranks = [len(players)] * len(players)
        else:
            ranks = _parse_ranks(ctx.cmd.args.get("ranks"), len(players))
        place = await self._history_place(league, match)
        if match["status"] == "done":
            await self._void_rating(match["id"])
        await self._record(league, match, ranks, kind, ctx.cmd.user_id, reason="edit", place=place)
        await self._audit(league["id"], ctx, "set_result", {"match": match["id"], "ranks": ranks, "kind": kind},
                          str(ctx.cmd.args.get("reason") or ""))
        return _reply(ctx.msg("league.result_set", match=match["id"]), public=True)

    async def _cmd_void(self, ctx: Ctx) -> Outbox:
        """Undo a result: the match is pending again and ratings are replayed without it."""
        league = await self._league(ctx)
        self._require_organizer(ctx, league)
        match = await self._match(_id_arg(ctx.cmd.args, "match"), league["id"])
        if match["kind"] == "bye":
            raise LeagueError("league.bye_fixed", match=match["id"])
        await self._void_rating(match["id"])
        await self.db.execute(
            "UPDATE league_matches SET status='pending', ranks=NULL, result_kind=NULL, confirmed_by=NULL, "
            "updated_at=? WHERE id=?",
            (self.clock(), match["id"]),
        )
        await self._audit(league["id"], ctx, "void", {"match": match["id"]}, str(ctx.cmd.args.get("reason") or ""))
        return _reply(ctx.msg("league.voided", match=match["id"]), public=True)

    async def _void_rating(self, match_id: int) -> None:
        await self.db.execute("UPDATE league_rating_events SET voided=1 WHERE match_id=?", (match_id,))

    async def _cmd_end_season(self, ctx: Ctx) -> Outbox:
        league = await self._league(ctx)
        self._require_organizer(ctx, league)
        season = await self._season(league["id"])
        if season["status"] == "finished":
            raise LeagueError("league.season_over")
        rows = await self._standing_rows(league, season["id"])
        frozen = [{"rank": r.rank, "user_id": r.player, "points": r.points, **r.tiebreaks} for r in rows]
        await self.db.execute(
            "UPDATE league_seasons SET status='finished', frozen=?, ended_at=? WHERE id=?",
            (json.dumps(frozen), self.clock(), season["id"]),
        )
        await self._audit(league["id"], ctx, "end_season", {"season": season["number"]})
        text = ctx.msg("league.season_ended", name=league["name"], season=season["number"])
        return _reply(text + "\n" + await self._standings_text(ctx, league, season["id"]), public=True)

    async def _cmd_new_season(self, ctx: Ctx) -> Outbox:
        league = await self._league(ctx)
        self._require_organizer(ctx, league)
        season = await self._season(league["id"])
        if season["status"] != "finished":
            raise LeagueError("league.season_not_over")
        reset = bool(ctx.cmd.args.get("reset_ratings"))
        await self.db.execute(
            "INSERT INTO league_seasons(league_id,number,status) VALUES (?,?,'setup')", (league["id"], season["number"] + 1)
        )
        if reset:
            await self.db.execute("UPDATE leagues SET rating_epoch=rating_epoch+1 WHERE id=?", (league["id"],))
        await self._audit(league["id"], ctx, "new_season", {"season": season["number"] + 1, "reset_ratings": reset})
        return _reply(ctx.msg("league.new_season", name=league["name"], season=season["number"] + 1,
                              reset="@league.reset_yes" if reset else "@league.reset_no"), public=True)

    async def _cmd_audit(self, ctx: Ctx) -> Outbox:
        league = await self._league(ctx)
        self._require_organizer(ctx, league)
        rows = await self._all("SELECT * FROM league_audit WHERE league_id=? ORDER BY id DESC LIMIT 20", league["id"])
        lines = [f"<t:{int(r['at'])}:f> <@{r['user_id']}> {r['action']} {r['detail']}" + (f" — {r['reason']}" if r["reason"] else "")
                 for r in rows]
        return _reply("\n".join(lines) or ctx.msg("league.nothing"))

    # ------------------------------------------------------------------ players
    async def _cmd_join(self, ctx: Ctx) -> Outbox:
        league = await self._league(ctx)
        season = await self._season(league["id"])
        if season["status"] != "registration":
            raise LeagueError("league.registration_not_open")
        # a dropped or disqualified player comes back only if an organizer adds them
        await self._require_active_entrant(ctx, season["id"])
        await self.db.execute(
            "INSERT INTO league_entrants(season_id,user_id,name,status,joined_at) VALUES (?,?,?,?,?) "
            "ON CONFLICT(season_id,user_id) DO UPDATE SET status='registered'",
            (season["id"], ctx.cmd.user_id, ctx.cmd.user_name[:50], "registered", self.clock()),
        )
        return _reply(ctx.msg("league.joined", name=ctx.cmd.user_name, league=league["name"]), public=True)

    async def _cmd_leave(self, ctx: Ctx) -> Outbox:
        league = await self._league(ctx)
        season = await self._season(league["id"])
        if season["status"] != "registration":
            raise LeagueError("league.registration_not_open")
        cur = await self.db.execute(
            "DELETE FROM league_entrants WHERE season_id=? AND user_id=?", (season["id"], ctx.cmd.user_id)
        )
        if cur.rowcount == 0:
            raise LeagueError("league.not_entrant")
        return _reply(ctx.msg("league.left", name=ctx.cmd.user_name, league=league["name"]), public=True)

    async def _cmd_checkin(self, ctx: Ctx) -> Outbox:
        league = await self._league(ctx)
        season = await self._season(league["id"])
        cur = await self.db.execute(
            "UPDATE league_entrants SET status='checked_in' WHERE season_id=? AND user_id=? AND status IN ('registered','checked_in')",
            (season["id"], ctx.cmd.user_id),
        )
        if cur.rowcount == 0:
            raise LeagueError("league.not_entrant")
        return _reply(ctx.msg("league.checked_in", name=ctx.cmd.user_name))

    async def _my_match(self, ctx: Ctx, league: aiosqlite.Row) -> aiosqlite.Row:
        season = await self._season(league["id"])
        await self._require_active_entrant(ctx, season["id"])
        for m in reversed(await self._season_matches(season["id"])):
            if ctx.cmd.user_id in json.loads(m["players"]) and m["kind"] == "game" and m["status"] != "done":
                return m
        raise LeagueError("league.no_pairing_for_you")

    async def _cmd_pairing(self, ctx: Ctx) -> Outbox:
        league = await self._league(ctx)
        m = await self._my_match(ctx, league)
        rnd = await self._one("SELECT * FROM league_rounds WHERE id=?", m["round_id"])
        names = await self._names(json.loads(m["players"]), rnd["season_id"])
        text = ctx.msg("league.your_pairing", match=m["id"], round=rnd["number"], players=" · ".join(names),
                       deadline=f"<t:{int(rnd['deadline'])}:F>")
        if m["proposed_time"]:
            text += "\n" + ctx.msg("league.time_proposed", time=f"<t:{int(m['proposed_time'])}:F>",
                                   agreed="@league.agreed_yes" if m["time_agreed"] else "@league.agreed_no")
        return _reply(text)

    async def _cmd_play(self, ctx: Ctx) -> Outbox:  # dispatched to _play (see handle)
        return await self._play(ctx)

    async def _play(self, ctx: Ctx) -> Outbox:
        """Open the league game of the caller's pairing as a table with the league's options,
        in a thread of the league's channel. The match is claimed first, in its own
        transaction, so that two `/league play` at once open exactly one table; the table is
        then created and linked to its match in one transaction (see `link`)."""
        async with self._transaction():
            league = await self._league(ctx)
            m = await self._my_match(ctx, league)
            await self._require_no_table(m)
            if m["status"] != "pending":
                raise LeagueError("league.result_waiting", match=m["id"])
            if self.start_game is None:
                raise LeagueError("league.no_host")
            rnd = await self._one("SELECT * FROM league_rounds WHERE id=?", m["round_id"])
            players = json.loads(m["players"])
            names = await self._names(players, rnd["season_id"])
            claimed_at = self.clock()
            await self.db.execute("UPDATE league_matches SET session_id=NULL, opening_at=? WHERE id=?",
                                  (claimed_at, m["id"]))
        settings = self._settings(league)
        thread_name = ctx.msg("league.thread_name", name=league["name"], round=rnd["number"], match=m["id"])[:100]
        linked: list[Outbox] = []

        async def link(session_id: int, channel_id: int) -> None:
            # In the table's own transaction: the match names its table, and the news is kept,
            # in the commit that creates it. Only while our claim holds (one that outlived
            # CLAIM_SECONDS may have been taken over): else the table is not created at all.
            cur = await self.db.execute(
                "UPDATE league_matches SET session_id=?, opening_at=NULL, updated_at=? WHERE id=? AND opening_at=?",
                (session_id, self.clock(), m["id"], claimed_at))
            if cur.rowcount != 1:
                raise LeagueError("league.game_opening")
            text = ctx.msg("league.game_started", match=m["id"], session=session_id)
            linked.append(await self._kept(_reply(text + "\n" + ctx.msg("league.game_where", channel=channel_id),
                                                  public=True), ctx.cmd))

        try:
            session, channel, posts = await self.start_game(
                ctx.cmd, league["game"], settings.channel_id or ctx.cmd.channel_id, thread_name,
                list(zip(players, names)), settings.options,
                min(self.clock() + settings.lobby_hours * 3600, rnd["deadline"]), link)
        except BaseException:
            async with self._transaction():  # the claim goes, so the players can try again
                await self.db.execute("UPDATE league_matches SET opening_at=NULL WHERE id=? AND opening_at=?",
                                      (m["id"], claimed_at))
            raise
        out = linked[0]
        out.public = posts.public + out.public  # the table's own posts, kept with its start
        out.private = posts.private + out.private
        return out

    async def _require_no_table(self, m: aiosqlite.Row) -> None:
        """A match has at most one table: refused while one is open or being opened. A table
        that was abandoned (or a claim a crashed process left) frees the match again."""
        if m["opening_at"] is not None and self.clock() - m["opening_at"] < CLAIM_SECONDS:
            raise LeagueError("league.game_opening")
        if m["session_id"] is not None:
            table = await self._one("SELECT status FROM sessions WHERE id=?", m["session_id"])
            if table is None or table["status"] != "abandoned":
                raise LeagueError("league.game_exists", session=m["session_id"])

    async def _cmd_propose_time(self, ctx: Ctx) -> Outbox:
        league = await self._league(ctx)
        when = _time_arg(ctx.cmd.args, self.clock())
        m = await self._my_match(ctx, league)
        await self.db.execute(
            "UPDATE league_matches SET proposed_time=?, proposed_by=?, time_agreed=0, updated_at=? WHERE id=?",
            (when, ctx.cmd.user_id, self.clock(), m["id"]),
        )
        out = _reply(ctx.msg("league.time_sent", time=f"<t:{int(when)}:F>"))
        for p in json.loads(m["players"]):
            if p != ctx.cmd.user_id:
                await self._dm(out, p, "league.time_offer", name=ctx.cmd.user_name,
                               time=f"<t:{int(when)}:F>", match=m["id"])
        return out

    async def _cmd_accept_time(self, ctx: Ctx) -> Outbox:
        league = await self._league(ctx)
        m = await self._my_match(ctx, league)
        if not m["proposed_time"] or m["proposed_by"] == ctx.cmd.user_id:
            raise LeagueError("league.no_time_to_accept")
        await self.db.execute("UPDATE league_matches SET time_agreed=1 WHERE id=?", (m["id"],))
        return _reply(ctx.msg("league.time_agreed", time=f"<t:{int(m['proposed_time'])}:F>", match=m["id"]),
                      public=True)

    async def _cmd_report(self, ctx: Ctx) -> Outbox:
        """A result of a game played outside the bot; the opponents confirm or dispute."""
        league = await self._league(ctx)
        m = await self._my_match(ctx, league)
        if m["session_id"] is not None or m["opening_at"] is not None:
            raise LeagueError("league.hosted_game")
        if m["status"] == "disputed":  # only an organizer settles a dispute
            raise LeagueError("league.still_disputed", match=m["id"])
        players = json.loads(m["players"])
        outcome = str(ctx.cmd.args.get("outcome") or "")
        if outcome in ("win", "loss", "draw") and len(players) == 2:
            me = players.index(ctx.cmd.user_id)
            ranks = [1, 1] if outcome == "draw" else [1, 2] if (outcome == "win") == (me == 0) else [2, 1]
        else:
            ranks = _parse_ranks(ctx.cmd.args.get("ranks"), len(players))
        await self.db.execute(
            "UPDATE league_matches SET status='reported', ranks=?, result_kind='played', reported_by=?, "
            "confirmed_by=?, updated_at=? WHERE id=?",
            (json.dumps(ranks), ctx.cmd.user_id, json.dumps([ctx.cmd.user_id]), self.clock(), m["id"]),
        )
        out = _reply(ctx.msg("league.reported", match=m["id"]))
        for p in players:
            if p != ctx.cmd.user_id:
                await self._dm(out, p, "league.confirm_please", name=ctx.cmd.user_name,
                               match=m["id"], result=ranks)  # a list: joined in the reader's language
        return out

    async def _reported_match(self, ctx: Ctx, league: aiosqlite.Row) -> aiosqlite.Row:
        m = await self._match(_id_arg(ctx.cmd.args, "match"), league["id"])
        if m["status"] != "reported":
            raise LeagueError("league.nothing_to_confirm")
        if ctx.cmd.user_id not in json.loads(m["players"]) or ctx.cmd.user_id == m["reported_by"]:
            raise LeagueError("league.not_your_confirm")
        rnd = await self._one("SELECT season_id FROM league_rounds WHERE id=?", m["round_id"])
        await self._require_active_entrant(ctx, rnd["season_id"])
        return m

    async def _cmd_confirm(self, ctx: Ctx) -> Outbox:
        """A reported result counts once every other player of the match agreed: in a pod,
        one ally of the reporter cannot confirm it for the rest."""
        league = await self._league(ctx)
        m = await self._reported_match(ctx, league)
        agreed = set(json.loads(m["confirmed_by"] or "[]")) | {m["reported_by"], ctx.cmd.user_id}
        missing = [p for p in json.loads(m["players"]) if p not in agreed]
        if missing:
            await self.db.execute("UPDATE league_matches SET confirmed_by=?, updated_at=? WHERE id=?",
                                  (json.dumps(sorted(agreed)), self.clock(), m["id"]))
            return _reply(ctx.msg("league.confirm_noted", match=m["id"], n=len(missing)), public=True)
        await self._record(league, m, json.loads(m["ranks"]), "played", ctx.cmd.user_id, reason="reported")
        return _reply(ctx.msg("league.confirmed", match=m["id"]), public=True)

    async def _cmd_dispute(self, ctx: Ctx) -> Outbox:
        league = await self._league(ctx)
        m = await self._reported_match(ctx, league)
        await self.db.execute("UPDATE league_matches SET status='disputed', updated_at=? WHERE id=?", (self.clock(), m["id"]))
        await self._audit(league["id"], ctx, "dispute", {"match": m["id"]}, str(ctx.cmd.args.get("reason") or "")[:200])
        return _reply(ctx.msg("league.disputed", match=m["id"]), public=True)

    # ------------------------------------------------------------------ reading
    async def _cmd_standings(self, ctx: Ctx) -> Outbox:
        league = await self._league(ctx)
        number = _id_arg(ctx.cmd.args, "season", required=False)
        if number:
            season = await self._one("SELECT * FROM league_seasons WHERE league_id=? AND number=?", league["id"], number)
            if season is None:
                raise LeagueError("league.no_such_season", season=number)
        else:
            season = await self._season(league["id"])
        images: list[Image] = []
        if season["frozen"]:
            text = self._frozen_text(ctx, season)
        else:
            text = await self._standings_text(ctx, league, season["id"])
            images = await self._pictures(ctx, league, season)
        title = ctx.msg("league.standings_title", name=league["name"], season=season["number"])
        return Outbox(reply=Message(text, title=title, images=images), reply_ephemeral=False)

    async def _cmd_ratings(self, ctx: Ctx) -> Outbox:
        league = await self._league(ctx)
        book = await self._book(league)
        names = await self._all_names(league["id"])
        lines = []
        for i, (p, r) in enumerate(leaderboard(book), 1):
            mark = "?" if r.provisional else ""
            lines.append(f"{i:>2}. {names.get(p, p)}  {r.display}{mark}  ({r.games})")
        text = "```\n" + ("\n".join(lines) or "-") + "\n```\n" + ctx.msg("league.provisional_note")
        return Outbox(reply=Message(text, title=ctx.msg("league.ratings_title", name=league["name"])), reply_ephemeral=False)

    async def _cmd_rating_history(self, ctx: Ctx) -> Outbox:
        league = await self._league(ctx)
        uid = _id_arg(ctx.cmd.args, "user_id", required=False) or ctx.cmd.user_id
        book = await self._book(league)
        rows = [h for h in book.history if h.player == uid][-15:]
        lines = [ctx.msg("league.history_row", match=h.result_id, before=round(h.before), after=round(h.after),
                         reason=f"@league.reason.{h.reason}") for h in rows]
        return _reply("\n".join(lines) or ctx.msg("league.nothing"))

    async def _cmd_export(self, ctx: Ctx) -> Outbox:
        league = await self._league(ctx)
        season = await self._season(league["id"])
        names = await self._all_names(league["id"])
        buf = io.StringIO()
        writer = csv.writer(buf)

        def row(cells: list) -> None:
            # A text cell starting with = + - @ (or tab, CR) is a formula to a spreadsheet app:
            # a player named `=HYPERLINK(...)` must stay a name, so it gets a leading apostrophe.
            writer.writerow([f"'{c}" if isinstance(c, str) and c[:1] in ("=", "+", "-", "@", "\t", "\r") else c
                             for c in cells])

        row(["round", "match", "players", "ranks", "result", "status", "session"])
        for m in await self._season_matches(season["id"]):
            row([m["round"], m["id"], " / ".join(str(names.get(p, p)) for p in json.loads(m["players"])),
                 m["ranks"] or "", m["result_kind"] or "", m["status"], m["session_id"] or ""])
        row([])
        tbs = self._tiebreak_names(self._settings(league))
        row(["rank", "player", "points", *tbs])
        for r in await self._standing_rows(league, season["id"]):
            row([r.rank, names.get(r.player, r.player), r.points, *(r.tiebreaks.get(tb, "") for tb in tbs)])
        data = buf.getvalue().encode("utf-8-sig")  # BOM so spreadsheet apps read Chinese names right
        msg = Message(ctx.msg("league.exported", name=league["name"], season=season["number"]),
                      images=[Image(f"{league['name']}-s{season['number']}.csv", data)])
        return Outbox(reply=msg, reply_ephemeral=True)

    # ------------------------------------------------------------------ results
    async def _match(self, match_id: int, league_id: int) -> aiosqlite.Row:
        m = await self._one(
            "SELECT m.* FROM league_matches m JOIN league_rounds r ON r.id=m.round_id "
            "JOIN league_seasons s ON s.id=r.season_id WHERE m.id=? AND s.league_id=?",
            match_id, league_id,
        )
        if m is None:
            raise LeagueError("league.no_such_match", match=match_id)
        return m

    async def _record(self, league: aiosqlite.Row, match: aiosqlite.Row, ranks: list[int], kind: str,
                      by: int, reason: str, place: float | None = None) -> None:
        """A match's result; a played, rated one also goes into the rating history, at
        `place` (an edit: where the result it replaces was), else at the end."""
        await self.db.execute(
            "UPDATE league_matches SET status='done', ranks=?, result_kind=?, reported_by=?, updated_at=? WHERE id=?",
            (json.dumps(ranks), kind, by, self.clock(), match["id"]),
        )
        if kind == "played" and self._settings(league).rated:
            cur = await self.db.execute(
                "INSERT INTO league_rating_events(league_id,epoch,match_id,players,ranks,reason,created_at,place) "
                "VALUES (?,?,?,?,?,?,?,?) RETURNING id",
                (league["id"], league["rating_epoch"], match["id"], match["players"], json.dumps(ranks), reason,
                 self.clock(), place),
            )
            event_id = (await cur.fetchone())[0]
            if place is None:
                await self.db.execute("UPDATE league_rating_events SET place=id WHERE id=?", (event_id,))

    async def _history_place(self, league: aiosqlite.Row, match: aiosqlite.Row) -> float | None:
        """Where an edited result belongs in the rating history: the place of the result it
        replaces, or, for a result that was not rated (a forfeit made a played game), just
        after the rated results recorded before it."""
        if match["status"] != "done":
            return None
        old = await self._one("SELECT place FROM league_rating_events WHERE match_id=? AND voided=0 "
                              "ORDER BY id DESC LIMIT 1", match["id"])
        if old is not None:
            return old["place"]
        before = await self._one("SELECT MAX(place) AS place FROM league_rating_events WHERE league_id=? AND epoch=? "
                                 "AND created_at<=?", league["id"], league["rating_epoch"], match["updated_at"])
        return (before["place"] or 0) + 0.5

    async def game_finished(self, session_id: int, ranks_by_user: dict[int, int], forfeit: bool = False) -> Outbox:
        """Called by the game host when a table ends. Concessions are played results
        (rated); timer forfeits are forfeits (unrated)."""
        async with self._transaction():
            await self._game_finished(session_id, ranks_by_user, forfeit)
        return Outbox()

    async def _game_finished(self, session_id: int, ranks_by_user: dict[int, int], forfeit: bool) -> None:
        m = await self._one("SELECT * FROM league_matches WHERE session_id=? AND status!='done'", session_id)
        if m is None:
            return
        league = await self._one(
            "SELECT l.* FROM leagues l JOIN league_seasons s ON s.league_id=l.id JOIN league_rounds r ON r.season_id=s.id WHERE r.id=?",
            m["round_id"],
        )
        players = json.loads(m["players"])
        ranks = [ranks_by_user.get(p, len(players)) for p in players]
        await self._record(league, m, ranks, "forfeit" if forfeit else "played", 0, reason="game")

    async def _table_match(self, session_id: int) -> tuple[aiosqlite.Row, aiosqlite.Row] | None:
        """The league match a hosted table plays, and its league; None for a casual table."""
        m = await self._one("SELECT * FROM league_matches WHERE session_id=? ORDER BY id DESC LIMIT 1", session_id)
        if m is None:
            return None
        league = await self._one(
            "SELECT l.* FROM leagues l JOIN league_seasons s ON s.league_id=l.id JOIN league_rounds r ON r.season_id=s.id WHERE r.id=?",
            m["round_id"],
        )
        return m, league

    async def table_powers(self, session_id: int, cmd: Command) -> str | None:
        """Who may kick, abandon or change the timer at a table. None: not a league table (the
        host's own rule applies). Otherwise "" when `cmd`'s user may, or the refusal's key: at a
        league table these powers belong to the league's organizers, and not to one who is
        seated there (nobody rules on their own game)."""
        async with self._transaction():
            found = await self._table_match(session_id)
            if found is None:
                return None
            m, league = found
            if not self._is_organizer(cmd, league):
                return "league.table_organizers_only"
            if cmd.user_id in json.loads(m["players"]):
                return "league.table_own_game"
            return ""

    async def table_abandoned(self, session_id: int, cmd: Command, locale: str) -> str | None:
        """An organizer abandoned a league table: its match is pending again, so the players
        may open a new table or an organizer sets the result. Returns the line to post."""
        async with self._transaction():
            found = await self._table_match(session_id)
            if found is None or found[0]["status"] == "done":
                return None
            m, league = found
            await self.db.execute(
                "UPDATE league_matches SET status='pending', session_id=NULL, opening_at=NULL, ranks=NULL, "
                "result_kind=NULL, confirmed_by=NULL, updated_at=? WHERE id=?", (self.clock(), m["id"]))
            await self._audit(league["id"], Ctx(cmd, locale), "abandon_table", {"match": m["id"], "session": session_id})
        return t(locale, "league.table_abandoned", match=m["id"])

    async def tick(self) -> Outbox:
        """Reminders a day before a round's deadline, and the deadline policy after it."""
        async with self._transaction():
            return await self._kept(await self._tick(), None)

    async def _tick(self) -> Outbox:
        """Before a round's deadline, one reminder to each player of an open match. At the
        deadline nothing reported is lost: a report nobody disputed counts as confirmed; a
        disputed result, or (under the "organizer" policy) an unplayed game, is brought to the
        organizers once; under the "forfeit" policy a game nobody played nor reported is a
        double forfeit. A game under way is left to its own timer and the organizers."""
        now = self.clock()
        out = Outbox()
        # On PostgreSQL each round is claimed for this transaction: another process ticking at
        # the same moment skips it, so a reminder or a forfeit happens once.
        rounds = await self._all(
            "SELECT r.*, s.league_id FROM league_rounds r JOIN league_seasons s ON s.id=r.season_id WHERE s.status='running'"
            + getattr(self.db, "skip_locked", "").format(table="r")
        )
        for rnd in rounds:
            open_matches = await self._all(
                "SELECT * FROM league_matches WHERE round_id=? AND status IN ('pending','reported','disputed') ORDER BY id",
                rnd["id"],
            )
            if not open_matches:
                continue
            league = await self._one("SELECT * FROM leagues WHERE id=?", rnd["league_id"])
            settings = self._settings(league)
            lead = min(settings.remind_hours * 3600, (rnd["deadline"] - rnd["started_at"]) / 2)
            if now < rnd["deadline"]:
                if not rnd["reminded"] and now >= rnd["deadline"] - lead:
                    for m in open_matches:
                        if m["status"] == "disputed":
                            continue
                        for p in json.loads(m["players"]):
                            await self._dm(out, p, "league.reminder", name=league["name"], match=m["id"],
                                           deadline=f"<t:{int(rnd['deadline'])}:R>")
                    await self.db.execute("UPDATE league_rounds SET reminded=1 WHERE id=?", (rnd["id"],))
                continue
            for m in open_matches:
                players = json.loads(m["players"])
                if m["status"] == "reported":
                    await self._record(league, m, json.loads(m["ranks"]), "played", 0, reason="deadline")
                    for p in players:
                        await self._dm(out, p, "league.confirmed_at_deadline", name=league["name"], match=m["id"])
                elif m["status"] == "disputed" or (settings.deadline_policy == "organizer" and m["session_id"] is None):
                    if not m["escalated"]:
                        await self._escalate(out, league, m)
                elif m["session_id"] is None and m["opening_at"] is None:
                    await self._record(league, m, [len(players)] * len(players), "double_forfeit", 0, reason="deadline")
        return out

    async def _escalate(self, out: Outbox, league: aiosqlite.Row, m: aiosqlite.Row) -> None:
        """Bring a match to the organizers: a post in the league's channel that pings the
        organizer role, and a private message to the league's creator."""
        settings = self._settings(league)
        key = "league.escalate_disputed" if m["status"] == "disputed" else "league.escalate_unplayed"
        who = f"<@&{settings.organizer_role}>" if settings.organizer_role else ""
        if settings.channel_id:
            row = await self._one("SELECT locale FROM users WHERE id=?", league["created_by"])
            locale = normalize_locale(row["locale"] if row else None)
            out.public.append((settings.channel_id, Message(
                (who + " " if who else "") + t(locale, key, name=league["name"], match=m["id"]),
                role_pings=[settings.organizer_role] if settings.organizer_role else [])))
        await self._dm(out, league["created_by"], key, name=league["name"], match=m["id"])
        await self.db.execute("UPDATE league_matches SET escalated=1 WHERE id=?", (m["id"],))

    # ------------------------------------------------------------------ helpers
    async def _book(self, league: aiosqlite.Row, before_season: int | None = None):
        """The league's ratings now, or as they stood when season `before_season` began
        (none of its games counted)."""
        sql = "SELECT * FROM league_rating_events WHERE league_id=? AND epoch=? AND voided=0"
        args = [league["id"], league["rating_epoch"]]
        if before_season is not None:
            sql += (" AND match_id NOT IN (SELECT m.id FROM league_matches m JOIN league_rounds r"
                    " ON r.id=m.round_id WHERE r.season_id=?)")
            args.append(before_season)
        events = await self._all(sql + " ORDER BY place, id", *args)
        return replay(RatedResult(e["match_id"], tuple(json.loads(e["players"])), tuple(json.loads(e["ranks"])), e["reason"])
                      for e in events)

    async def _names(self, users: list[int], season_id: int) -> list[str]:
        rows = {r["user_id"]: r["name"] for r in await self._entrants(season_id)}
        return [rows.get(u, str(u)) for u in users]

    async def _all_names(self, league_id: int) -> dict[int, str]:
        rows = await self._all(
            "SELECT e.user_id, e.name FROM league_entrants e JOIN league_seasons s ON s.id=e.season_id WHERE s.league_id=?",
            league_id,
        )
        return {r["user_id"]: r["name"] for r in rows}

    async def _standing_rows(self, league: aiosqlite.Row, season_id: int):
        settings = self._settings(league)
        # everyone seated at some point (registered-only entrants never played)
        entrants = [e["user_id"] for e in await self._entrants(season_id) if e["status"] != "registered"]
        matches = [m for m in await self._season_matches(season_id) if m["status"] == "done"
                   and not (settings.playoff and m["bracket_slot"])]  # a playoff is not part of the stage's table
        if settings.format == "pods":
            book = await self._book(league)
            pods = [(json.loads(m["players"]), json.loads(m["ranks"]), m["result_kind"] != "double_forfeit")
                    for m in matches if m["kind"] == "game"]
            return pod_standings(entrants, pods, {p: r.display for p, r in book.ratings.items()})
        games: list[Game] = []
        for m in matches:
            players, ranks, kind = json.loads(m["players"]), json.loads(m["ranks"]), m["result_kind"]
            if m["kind"] == "bye":
                requested = kind == "half_bye"
                games.append(Game(players[0], None, 0.5 if requested else self._bye_points(settings), m["round"],
                                  requested=requested))
            elif len(players) == 2:
                score_a = 1.0 if ranks[0] < ranks[1] else 0.5 if ranks[0] == ranks[1] else 0.0
                games.append(Game(players[0], players[1], score_a, m["round"], forfeit=kind == "forfeit",
                                  double_forfeit=kind == "double_forfeit"))
        return standings(entrants, games, settings.tiebreaks)

    def _tiebreak_names(self, settings: LeagueSettings) -> list[str]:
        return list(POD_TIEBREAKS) if settings.format == "pods" else settings.tiebreaks

    async def _standings_table(self, ctx: Ctx, league: aiosqlite.Row, season_id: int
                               ) -> tuple[list[str], list[list[str]]]:
        """The standings as a header and rows of cells, for the text and the picture."""
        rows = await self._standing_rows(league, season_id)
        names = await self._all_names(league["id"])
        tbs = self._tiebreak_names(self._settings(league))
        header = ["#", ctx.msg("league.col_player"), ctx.msg("league.col_points"),
                  *(ctx.msg(f"league.tb_short.{tb}") for tb in tbs)]
        cells = [[str(r.rank), str(names.get(r.player, r.player)), f"{r.points:g}",
                  *(f"{r.tiebreaks.get(tb, 0):g}" for tb in tbs)] for r in rows]
        return header, cells

    async def _standings_text(self, ctx: Ctx, league: aiosqlite.Row, season_id: int) -> str:
        header, cells = await self._standings_table(ctx, league, season_id)
        widths = [3, 12, 5] + [6] * (len(header) - 3)

        def line(row: list[str]) -> str:
            return (row[0].ljust(3) + row[1][:12].ljust(12) + "".join(c.rjust(w) for c, w in zip(row[2:], widths[2:])))

        return "```\n" + "\n".join(line(r) for r in [header, *cells]) + "\n```"

    async def _pictures(self, ctx: Ctx, league: aiosqlite.Row, season: aiosqlite.Row) -> list[Image]:
        """The standings table, and the bracket once there is one, as pictures drawn by the
        adapter after the answer (see bot.outbox.Image)."""
        title = ctx.msg("league.standings_title", name=league["name"], season=season["number"])
        header, cells = await self._standings_table(ctx, league, season["id"])
        images = [Image(f"{league['id']}-s{season['number']}-standings.png",
                        draw=lambda: standings_picture(title, header, cells).png())]
        if season["bracket"]:
            columns = await self._bracket_columns(ctx, league, season)
            heading = ctx.msg("league.bracket_title", name=league["name"], season=season["number"])
            images.append(Image(f"{league['id']}-s{season['number']}-bracket.png",
                                draw=lambda: bracket_picture(heading, columns).png()))
        return images

    async def _bracket_columns(self, ctx: Ctx, league: aiosqlite.Row, season: aiosqlite.Row):
        bracket, results = await self._knockout(league, self._settings(league), season, [], 0)
        names = await self._all_names(league["id"])
        columns: dict[str, list[tuple[str, str, int | None]]] = {}
        for match_id in bracket.matches:
            if match_id == "GF2" and not bracket.needed("GF2", results):
                continue  # the reset final is played only if the losers' champion wins the first
            labels = []
            for known, player in bracket.entrants(match_id, results):
                labels.append("…" if not known else ctx.msg("league.bye_short") if player is None
                              else str(names.get(player, player)))
            decided, winner, _ = bracket.outcome(match_id, results)
            pair = bracket.entrants(match_id, results)
            side = next((i for i, (known, p) in enumerate(pair) if decided and known and p == winner), None)
            columns.setdefault(match_id.split(".")[0], []).append((labels[0], labels[1], side))
        def heading(key: str) -> str:
            if key in ("GF", "GF2"):
                return ctx.msg(f"league.bracket_{key.lower()}")
            return ctx.msg(f"league.bracket_{key[0].lower()}", round=key[1:])

        return [(heading(key), ms) for key, ms in columns.items()]

    def _frozen_text(self, ctx: Ctx, season: aiosqlite.Row) -> str:
        rows = json.loads(season["frozen"])
        lines = [f"{r['rank']:<3}{r['user_id']}  {r['points']:g}" for r in rows]
        return ctx.msg("league.frozen_note") + "\n```\n" + "\n".join(lines) + "\n```"

    async def _pairings_outbox(self, ctx: Ctx, league: aiosqlite.Row, season_id: int, number: int) -> Outbox:
        """The round's announcement: each table with its players pinged (and told by DM),
        the byes, the deadline, and the standings (and bracket) as pictures."""
        rnd = await self._one("SELECT * FROM league_rounds WHERE season_id=? AND number=?", season_id, number)
        matches = await self._all("SELECT * FROM league_matches WHERE round_id=? ORDER BY id", rnd["id"])
        lines = []
        out = Outbox()
        board = 0
        for m in matches:
            players = json.loads(m["players"])
            names = await self._names(players, season_id)
            if m["kind"] == "bye":
                key = "league.half_bye_line" if m["result_kind"] == "half_bye" else "league.bye_line"
                lines.append(ctx.msg(key, name=names[0]))
                continue
            board += 1
            if m["status"] == "done":  # decided already (a player who left forfeits)
                lines.append(ctx.msg("league.table_line_forfeit", table=board, match=m["id"], players=" vs ".join(names)))
                continue
            lines.append(ctx.msg("league.table_line", table=board, match=m["id"],
                                 players=" vs ".join(f"<@{p}>" for p in players)))
            for p in players:
                await self._dm(out, p, "league.paired_dm", league=league["name"], round=number,
                               players=" vs ".join(names), match=m["id"],
                               deadline=f"<t:{int(rnd['deadline'])}:F>")
        title = ctx.msg("league.round_title", name=league["name"], round=number)
        text = "\n".join(lines) + "\n" + ctx.msg("league.deadline", deadline=f"<t:{int(rnd['deadline'])}:F>")
        season = await self._one("SELECT * FROM league_seasons WHERE id=?", season_id)
        paired = sorted({p for m in matches if m["kind"] != "bye" and m["status"] != "done"
                         for p in json.loads(m["players"])})
        out.reply = Message(text, title=title, images=await self._pictures(ctx, league, season), pings=paired)
        out.reply_ephemeral = False
        return out


def _points(players: list[int], ranks: list[int], kind: str | None, bye_points: float) -> dict[int, float]:
    """League points of one match: 1v1 win 1, draw 0.5; pods: one point per player
    finishing below you, half a point per tie; double forfeits score nothing."""
    if kind == "double_forfeit":
        return {p: 0.0 for p in players}
    if len(players) == 1:
        return {players[0]: 0.5 if kind == "half_bye" else bye_points}
    pts = {p: 0.0 for p in players}
    for i, p in enumerate(players):
        for j, q in enumerate(players):
            if i != j:
                pts[p] += 1.0 if ranks[i] < ranks[j] else 0.5 if ranks[i] == ranks[j] else 0.0
    return pts


def _id_arg(args: dict[str, Any], key: str, required: bool = True) -> int | None:
    """A positive id (match, season, user) given as a number or text like `#12`."""
    raw = args.get(key)
    if raw is None or raw == "":
        if required:
            raise LeagueError("league.missing_arg", name=key)
        return None
    text = str(raw).strip().removeprefix("#")
    if isinstance(raw, bool) or not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= MAX_ID:
        raise LeagueError("league.bad_id", name=key, value=str(raw)[:40])
    return int(text)


def _time_arg(args: dict[str, Any], now: float) -> float:
    """A proposed time in epoch seconds: from now to a year ahead."""
    raw = args.get("time")
    if raw is None or raw == "":
        raise LeagueError("league.missing_arg", name="time")
    try:
        when = float(str(raw))
    except ValueError:
        raise LeagueError("league.bad_time", value=str(raw)[:40]) from None
    if not math.isfinite(when) or not now - 3600 <= when <= now + 366 * DAY:
        raise LeagueError("league.bad_time", value=str(raw)[:40])
    return when


def _parse_table_options(raw: str) -> dict[str, str]:
    options = {}
    for item in raw.replace(",", " ").split():
        name, sep, value = item.partition("=")
        if not sep or not name or not value:
            raise LeagueError("league.bad_setting", setting="options", error=item[:100])
        options[name] = value
    return options


def _check_table_options(game: str, options: dict[str, str]) -> None:
    """The league's table options are checked by the game now, not when a table opens."""
    from games.core.errors import RuleError
    from games.registry import get_engine

    try:
        get_engine(game).parse_options(dict(options))
    except RuleError as exc:
        raise LeagueError(exc.key, **exc.params) from None


def _by_rating(book, players: list[int]) -> list[int]:
    """`players` by rating, best first, the unrated last; join order among equals."""
    rated = {p: r.ordinal for p, r in book.ratings.items()}
    return sorted(players, key=lambda p: (p not in rated, -rated.get(p, 0.0)))


def _check_seats(game: str, settings: LeagueSettings) -> None:
    """The game must seat the league's tables: two players, or every pod size."""
    from games.registry import get_engine

    engine = get_engine(game)
    low, high = (settings.pod_min, settings.pod_max) if settings.format == "pods" else (2, 2)
    if low < engine.min_players or high > engine.max_players:
        raise LeagueError("league.bad_seats", game=game, min=engine.min_players, max=engine.max_players,
                          low=low, high=high)


def _parse_ranks(raw: Any, n: int) -> list[int]:
    try:
        ranks = [int(x) for x in (raw.split(",") if isinstance(raw, str) else raw)]
    except (TypeError, ValueError, AttributeError, OverflowError):
        raise LeagueError("league.bad_ranks", n=n)
    if len(ranks) != n or any(r < 1 or r > n for r in ranks):
        raise LeagueError("league.bad_ranks", n=n)
    return ranks


def _reply(text: str, public: bool = False) -> Outbox:
    return Outbox(reply=Message(text), reply_ephemeral=not public)
