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
import time
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, AsyncContextManager, AsyncIterator, Awaitable, Callable

import aiosqlite
from pydantic import BaseModel, Field, ValidationError

from bot.league.pairing import pods, round_robin, swiss_round
from bot.league.ratings import RatedResult, leaderboard, replay
from bot.league.standings import TIEBREAKS, Game, standings
from bot.outbox import Command, Image, Message, Outbox
from games.core.i18n import normalize_locale, register_catalog, t

register_catalog(Path(__file__).parent / "locale")

DAY = 86400.0

# start_game(command, game, channel_id, [(user_id, name)], options) -> (session id, its first posts)
StartGame = Callable[[Command, str, int | None, list[tuple[int, str]], dict[str, str]], Awaitable[tuple[int, Outbox]]]


class LeagueError(Exception):
    def __init__(self, key: str, **params: Any):
        super().__init__(key)
        self.key = key
        self.params = params


class LeagueSettings(BaseModel):
    model_config = {"extra": "forbid"}
    format: str = Field("round_robin", pattern="^(round_robin|swiss|pods)$")
    rounds: int | None = Field(None, ge=1, le=50)  # None: round robin decides; Swiss needs it
    round_days: float = Field(7.0, gt=0, le=60)
    rated: bool = True
    tiebreaks: list[str] = ["buchholz", "sonneborn_berger", "wins"]
    deadline_policy: str = Field("forfeit", pattern="^(forfeit|organizer)$")
    organizer_role: int | None = None
    pod_min: int = Field(3, ge=2, le=6)
    pod_max: int = Field(4, ge=2, le=6)
    options: dict[str, str] = {}  # table options for the league's games


@dataclass
class Ctx:
    cmd: Command
    locale: str

    def msg(self, key: str, **params: Any) -> str:
        return t(self.locale, key, **params)


class LeagueService:
    def __init__(self, db: aiosqlite.Connection, clock: Callable[[], float] = time.time,
                 start_game: StartGame | None = None,
                 transaction: Callable[[], AsyncContextManager[Any]] | None = None):
        """`db` must be in autocommit mode (isolation_level=None): each command runs in one
        explicit transaction, the host's own when it shares its connection."""
        self.db = db
        self.clock = clock
        self.start_game = start_game
        self._transaction = transaction or self._own_transaction
        self._lock = asyncio.Lock()

    @asynccontextmanager
    async def _own_transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._lock:
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                yield self.db
            except BaseException:
                await self.db.execute("ROLLBACK")
                raise
            await self.db.execute("COMMIT")

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
            return _reply(ctx.msg("league.unknown_command", verb=verb))
        try:
            if verb == "play":  # opens a table through the host: not inside our transaction
                return await self._play(ctx)
            async with self._transaction():  # one command, one transaction; an error rolls back
                return await handler(ctx)
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
                raise LeagueError("league.no_such_league", name=name)
            return row
        rows = await self._all("SELECT * FROM leagues WHERE guild_id=? ORDER BY id", ctx.cmd.guild_id)
        if not rows:
            raise LeagueError("league.none_here")
        if len(rows) > 1:
            raise LeagueError("league.which_league", names=", ".join(r["name"] for r in rows))
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

    def _require_organizer(self, ctx: Ctx, league: aiosqlite.Row) -> None:
        role = self._settings(league).organizer_role
        roles = {int(r) for r in ctx.cmd.args.get("roles", []) or []}
        if not (ctx.cmd.can_manage_guild or (role is not None and role in roles)):
            raise LeagueError("league.organizers_only")

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
        try:
            settings = LeagueSettings.model_validate(raw)
        except ValidationError as exc:
            err = exc.errors()[0]
            raise LeagueError("league.bad_setting", setting=".".join(map(str, err["loc"])), error=err["msg"])
        bad = [tb for tb in settings.tiebreaks if tb not in TIEBREAKS]
        if bad:
            raise LeagueError("league.bad_tiebreak", name=bad[0], known=", ".join(TIEBREAKS))
        if settings.format == "swiss" and not settings.rounds:
            raise LeagueError("league.swiss_needs_rounds")
        if await self._one("SELECT 1 FROM leagues WHERE guild_id=? AND name=?", ctx.cmd.guild_id, name):
            raise LeagueError("league.exists", name=name)
        now = self.clock()
        cur = await self.db.execute(
            "INSERT INTO leagues(guild_id,name,game,settings,created_by,created_at) VALUES (?,?,?,?,?,?)",
            (ctx.cmd.guild_id, name, game, settings.model_dump_json(), ctx.cmd.user_id, now),
        )
        league_id = cur.lastrowid
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
        uid, name = int(ctx.cmd.args["user_id"]), str(ctx.cmd.args.get("user_name") or ctx.cmd.args["user_id"])
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
        uid = int(ctx.cmd.args["user_id"])
        row = await self._one("SELECT * FROM league_entrants WHERE season_id=? AND user_id=?", season["id"], uid)
        if row is None:
            raise LeagueError("league.not_entrant")
        await self.db.execute(
            "UPDATE league_entrants SET status=? WHERE season_id=? AND user_id=?", (status, season["id"], uid)
        )
        await self._audit(league["id"], ctx, status, {"user": uid}, str(ctx.cmd.args.get("reason") or ""))
        return _reply(ctx.msg(f"league.{status}", name=row["name"]), public=True)

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
        total = self._total_rounds(settings, len(players), season)
        if number > total:
            raise LeagueError("league.no_more_rounds", total=total)
        groups = await self._pair(settings, season, players, number)
        now = self.clock()
        deadline = now + settings.round_days * DAY
        cur = await self.db.execute(
            "INSERT INTO league_rounds(season_id,number,started_at,deadline) VALUES (?,?,?,?)",
            (season["id"], number, now, deadline),
        )
        round_id = cur.lastrowid
        if season["status"] != "running":
            await self.db.execute(
                "UPDATE league_seasons SET status='running', started_at=? WHERE id=?", (now, season["id"])
            )
            # only the seated players take part; the others' registration lapses
            await self.db.execute(
                f"UPDATE league_entrants SET status='checked_in' WHERE season_id=? AND user_id IN ({','.join('?' * len(players))})",
                (season["id"], *players),
            )
        for group in groups:
            if len(group) == 1:
                await self.db.execute(
                    "INSERT INTO league_matches(round_id,players,kind,status,ranks,result_kind,updated_at) "
                    "VALUES (?,?,'bye','done','[1]','bye',?)",
                    (round_id, json.dumps(group), now),
                )
            else:
                await self.db.execute(
                    "INSERT INTO league_matches(round_id,players,kind,status,updated_at) VALUES (?,?,'game','pending',?)",
                    (round_id, json.dumps(group), now),
                )
        await self._audit(league["id"], ctx, "start_round", {"round": number, "pairings": groups})
        return await self._pairings_outbox(ctx, league, season["id"], number)

    def _total_rounds(self, settings: LeagueSettings, n: int, season: aiosqlite.Row) -> int:
        if settings.rounds:
            return settings.rounds
        if settings.format == "round_robin":
            return n - 1 if n % 2 == 0 else n
        return 1

    async def _pair(self, settings: LeagueSettings, season: aiosqlite.Row, players: list[int], number: int) -> list[list[int]]:
        if settings.format == "round_robin":
            # the schedule is fixed by the seating order of the first round's players
            seated = await self._seating(season["id"]) or players
            table = round_robin(seated)
            if number > len(table):
                raise LeagueError("league.no_more_rounds", total=len(table))
            active = set(players)
            groups = []
            for a, b in table[(number - 1) % len(table)]:
                pair = [p for p in (a, b) if p is not None and p in active]
                if pair:
                    groups.append(pair)
            return groups
        scores, met, had_bye = await self._history(season["id"])
        if settings.format == "swiss":
            try:
                pairs = swiss_round(players, scores, {k for k in met}, had_bye)
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
        rows = await self._all("SELECT user_id FROM league_entrants WHERE season_id=? ORDER BY joined_at, user_id", season_id)
        started = await self._all("SELECT players FROM league_matches WHERE round_id=?", first["id"])
        seated = {p for r in started for p in json.loads(r["players"])}
        return [r["user_id"] for r in rows if r["user_id"] in seated]

    async def _history(self, season_id: int) -> tuple[dict[int, float], dict[frozenset, int], set[int]]:
        scores: dict[int, float] = {}
        met: dict[frozenset, int] = {}
        had_bye: set[int] = set()
        for m in await self._season_matches(season_id):
            players = json.loads(m["players"])
            if m["kind"] == "bye":
                had_bye.add(players[0])
            for i, a in enumerate(players):
                for b in players[i + 1 :]:
                    met[frozenset((a, b))] = met.get(frozenset((a, b)), 0) + 1
            if m["status"] == "done" and m["ranks"]:
                for p, pts in _points(players, json.loads(m["ranks"]), m["result_kind"]).items():
                    scores[p] = scores.get(p, 0.0) + pts
        return scores, met, had_bye

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
        match = await self._match(int(ctx.cmd.args["match"]), league["id"])
        players = json.loads(match["players"])
        kind = str(ctx.cmd.args.get("result_kind") or "played")
        if kind not in ("played", "forfeit", "double_forfeit"):
            raise LeagueError("league.bad_result")
        ranks = _parse_ranks(ctx.cmd.args.get("ranks"), len(players))
        if kind == "double_forfeit":
            ranks = [len(players)] * len(players)
        if match["status"] == "done":
            await self._void_rating(match["id"])
        await self._record(league, match, ranks, kind, ctx.cmd.user_id, reason="edit")
        await self._audit(league["id"], ctx, "set_result", {"match": match["id"], "ranks": ranks, "kind": kind},
                          str(ctx.cmd.args.get("reason") or ""))
        return _reply(ctx.msg("league.result_set", match=match["id"]), public=True)

    async def _cmd_void(self, ctx: Ctx) -> Outbox:
        """Undo a result: the match is pending again and ratings are replayed without it."""
        league = await self._league(ctx)
        self._require_organizer(ctx, league)
        match = await self._match(int(ctx.cmd.args["match"]), league["id"])
        await self._void_rating(match["id"])
        await self.db.execute(
            "UPDATE league_matches SET status='pending', ranks=NULL, result_kind=NULL, updated_at=? WHERE id=?",
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
        await self.db.execute(
            "INSERT INTO league_entrants(season_id,user_id,name,status,joined_at) VALUES (?,?,?,?,?) "
            "ON CONFLICT(season_id,user_id) DO UPDATE SET status='registered'",
            (season["id"], ctx.cmd.user_id, ctx.cmd.user_name, "registered", self.clock()),
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
        """Open the league game of the caller's pairing as a table with the league's options."""
        async with self._transaction():
            league = await self._league(ctx)
            m = await self._my_match(ctx, league)
            if m["session_id"] is not None:
                raise LeagueError("league.game_exists", session=m["session_id"])
            if self.start_game is None:
                raise LeagueError("league.no_host")
            rnd = await self._one("SELECT * FROM league_rounds WHERE id=?", m["round_id"])
            players = json.loads(m["players"])
            names = await self._names(players, rnd["season_id"])
        session, posts = await self.start_game(ctx.cmd, league["game"], ctx.cmd.channel_id,
                                               list(zip(players, names)), self._settings(league).options)
        async with self._transaction():
            await self.db.execute(
                "UPDATE league_matches SET session_id=?, updated_at=? WHERE id=?", (session, self.clock(), m["id"])
            )
        out = _reply(ctx.msg("league.game_started", match=m["id"], session=session), public=True)
        out.public = posts.public + out.public
        out.private = posts.private + out.private
        return out

    async def _cmd_propose_time(self, ctx: Ctx) -> Outbox:
        league = await self._league(ctx)
        m = await self._my_match(ctx, league)
        when = float(ctx.cmd.args["time"])  # epoch seconds
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
        if m["session_id"] is not None:
            raise LeagueError("league.hosted_game")
        players = json.loads(m["players"])
        outcome = str(ctx.cmd.args.get("outcome") or "")
        if outcome in ("win", "loss", "draw") and len(players) == 2:
            me = players.index(ctx.cmd.user_id)
            ranks = [1, 1] if outcome == "draw" else [1, 2] if (outcome == "win") == (me == 0) else [2, 1]
        else:
            ranks = _parse_ranks(ctx.cmd.args.get("ranks"), len(players))
        await self.db.execute(
            "UPDATE league_matches SET status='reported', ranks=?, result_kind='played', reported_by=?, updated_at=? WHERE id=?",
            (json.dumps(ranks), ctx.cmd.user_id, self.clock(), m["id"]),
        )
        out = _reply(ctx.msg("league.reported", match=m["id"]))
        for p in players:
            if p != ctx.cmd.user_id:
                await self._dm(out, p, "league.confirm_please", name=ctx.cmd.user_name,
                               match=m["id"], result=_ranks_text(ranks))
        return out

    async def _reported_match(self, ctx: Ctx, league: aiosqlite.Row) -> aiosqlite.Row:
        m = await self._match(int(ctx.cmd.args["match"]), league["id"])
        if m["status"] != "reported":
            raise LeagueError("league.nothing_to_confirm")
        if ctx.cmd.user_id not in json.loads(m["players"]) or ctx.cmd.user_id == m["reported_by"]:
            raise LeagueError("league.not_your_confirm")
        return m

    async def _cmd_confirm(self, ctx: Ctx) -> Outbox:
        league = await self._league(ctx)
        m = await self._reported_match(ctx, league)
        await self._record(league, m, json.loads(m["ranks"]), "played", ctx.cmd.user_id, reason="reported")
        return _reply(ctx.msg("league.confirmed", match=m["id"]), public=True)

    async def _cmd_dispute(self, ctx: Ctx) -> Outbox:
        league = await self._league(ctx)
        m = await self._reported_match(ctx, league)
        await self.db.execute("UPDATE league_matches SET status='disputed', updated_at=? WHERE id=?", (self.clock(), m["id"]))
        await self._audit(league["id"], ctx, "dispute", {"match": m["id"]}, str(ctx.cmd.args.get("reason") or ""))
        return _reply(ctx.msg("league.disputed", match=m["id"]), public=True)

    # ------------------------------------------------------------------ reading
    async def _cmd_standings(self, ctx: Ctx) -> Outbox:
        league = await self._league(ctx)
        number = ctx.cmd.args.get("season")
        if number:
            season = await self._one("SELECT * FROM league_seasons WHERE league_id=? AND number=?", league["id"], int(number))
            if season is None:
                raise LeagueError("league.no_such_season", season=number)
        else:
            season = await self._season(league["id"])
        if season["frozen"]:
            text = self._frozen_text(ctx, season)
        else:
            text = await self._standings_text(ctx, league, season["id"])
        title = ctx.msg("league.standings_title", name=league["name"], season=season["number"])
        return Outbox(reply=Message(text, title=title), reply_ephemeral=False)

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
        uid = int(ctx.cmd.args.get("user_id") or ctx.cmd.user_id)
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
        row(["rank", "player", "points", *self._settings(league).tiebreaks])
        for r in await self._standing_rows(league, season["id"]):
            row([r.rank, names.get(r.player, r.player), r.points,
                 *(r.tiebreaks.get(tb, "") for tb in self._settings(league).tiebreaks)])
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
                      by: int, reason: str) -> None:
        await self.db.execute(
            "UPDATE league_matches SET status='done', ranks=?, result_kind=?, reported_by=?, updated_at=? WHERE id=?",
            (json.dumps(ranks), kind, by, self.clock(), match["id"]),
        )
        if kind == "played" and self._settings(league).rated:
            await self.db.execute(
                "INSERT INTO league_rating_events(league_id,epoch,match_id,players,ranks,reason,created_at) VALUES (?,?,?,?,?,?,?)",
                (league["id"], league["rating_epoch"], match["id"], match["players"], json.dumps(ranks), reason, self.clock()),
            )

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

    async def tick(self) -> Outbox:
        """Reminders a day before a round's deadline, and the deadline policy after it."""
        async with self._transaction():
            return await self._tick()

    async def _tick(self) -> Outbox:
        now = self.clock()
        out = Outbox()
        rounds = await self._all(
            "SELECT r.*, s.league_id FROM league_rounds r JOIN league_seasons s ON s.id=r.season_id WHERE s.status='running'"
        )
        for rnd in rounds:
            pending = await self._all(
                "SELECT * FROM league_matches WHERE round_id=? AND status IN ('pending','reported')", rnd["id"]
            )
            if not pending:
                continue
            league = await self._one("SELECT * FROM leagues WHERE id=?", rnd["league_id"])
            if not rnd["reminded"] and now >= rnd["deadline"] - DAY and now < rnd["deadline"]:
                for m in pending:
                    for p in json.loads(m["players"]):
                        await self._dm(out, p, "league.reminder", name=league["name"], match=m["id"],
                                       deadline=f"<t:{int(rnd['deadline'])}:R>")
                await self.db.execute("UPDATE league_rounds SET reminded=1 WHERE id=?", (rnd["id"],))
            elif now >= rnd["deadline"] and self._settings(league).deadline_policy == "forfeit":
                for m in pending:
                    if m["session_id"] is not None:
                        continue  # a game under way is left to its own timer and the organizers
                    players = json.loads(m["players"])
                    await self._record(league, m, [len(players)] * len(players), "double_forfeit", 0, reason="deadline")
        return out

    # ------------------------------------------------------------------ helpers
    async def _book(self, league: aiosqlite.Row):
        events = await self._all(
            "SELECT * FROM league_rating_events WHERE league_id=? AND epoch=? AND voided=0 ORDER BY id",
            league["id"], league["rating_epoch"],
        )
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
        games: list[Game] = []
        multi_points: dict[int, float] = {}
        for m in await self._season_matches(season_id):
            if m["status"] != "done":
                continue
            players = json.loads(m["players"])
            ranks = json.loads(m["ranks"])
            if m["kind"] == "bye":
                games.append(Game(players[0], None, 1))
            elif len(players) == 2:
                score_a = 1.0 if ranks[0] < ranks[1] else 0.5 if ranks[0] == ranks[1] else 0.0
                games.append(Game(players[0], players[1], score_a, forfeit=m["result_kind"] == "forfeit",
                                  double_forfeit=m["result_kind"] == "double_forfeit"))
            else:
                for p, pts in _points(players, ranks, m["result_kind"]).items():
                    multi_points[p] = multi_points.get(p, 0.0) + pts
        tbs = settings.tiebreaks if settings.format != "pods" else ["wins"]
        rows = standings(entrants, games, tbs)
        if multi_points:
            for r in rows:
                r.points += multi_points.get(r.player, 0.0)
            rows.sort(key=lambda r: -r.points)
            for i, r in enumerate(rows):
                r.rank = rows[i - 1].rank if i and rows[i - 1].points == r.points else i + 1
        return rows

    async def _standings_text(self, ctx: Ctx, league: aiosqlite.Row, season_id: int) -> str:
        rows = await self._standing_rows(league, season_id)
        names = await self._all_names(league["id"])
        tbs = self._settings(league).tiebreaks if self._settings(league).format != "pods" else ["wins"]
        head = "#  " + ctx.msg("league.col_player").ljust(12) + ctx.msg("league.col_points").rjust(5) + "".join(
            ctx.msg(f"league.tb_short.{tb}").rjust(6) for tb in tbs)
        lines = [head]
        for r in rows:
            name = str(names.get(r.player, r.player))[:12]
            lines.append(f"{r.rank:<3}{name:<12}{r.points:>5g}" + "".join(f"{r.tiebreaks.get(tb, 0):>6g}" for tb in tbs))
        return "```\n" + "\n".join(lines) + "\n```"

    def _frozen_text(self, ctx: Ctx, season: aiosqlite.Row) -> str:
        rows = json.loads(season["frozen"])
        lines = [f"{r['rank']:<3}{r['user_id']}  {r['points']:g}" for r in rows]
        return ctx.msg("league.frozen_note") + "\n```\n" + "\n".join(lines) + "\n```"

    async def _pairings_outbox(self, ctx: Ctx, league: aiosqlite.Row, season_id: int, number: int) -> Outbox:
        rnd = await self._one("SELECT * FROM league_rounds WHERE season_id=? AND number=?", season_id, number)
        matches = await self._all("SELECT * FROM league_matches WHERE round_id=? ORDER BY id", rnd["id"])
        lines = []
        out = Outbox()
        for m in matches:
            players = json.loads(m["players"])
            names = await self._names(players, season_id)
            if m["kind"] == "bye":
                lines.append(ctx.msg("league.bye_line", name=names[0]))
            else:
                lines.append(f"#{m['id']}: " + " vs ".join(names))
                for p in players:
                    await self._dm(out, p, "league.paired_dm", league=league["name"], round=number,
                                   players=" vs ".join(names), match=m["id"],
                                   deadline=f"<t:{int(rnd['deadline'])}:F>")
        title = ctx.msg("league.round_title", name=league["name"], round=number)
        text = "\n".join(lines) + "\n" + ctx.msg("league.deadline", deadline=f"<t:{int(rnd['deadline'])}:F>")
        out.reply = Message(text, title=title)
        out.reply_ephemeral = False
        return out


def _points(players: list[int], ranks: list[int], kind: str | None) -> dict[int, float]:
    """League points of one match: 1v1 win 1, draw 0.5; pods: one point per player
    finishing below you, half a point per tie; double forfeits score nothing."""
    if kind == "double_forfeit":
        return {p: 0.0 for p in players}
    if len(players) == 1:
        return {players[0]: 1.0}
    pts = {p: 0.0 for p in players}
    for i, p in enumerate(players):
        for j, q in enumerate(players):
            if i != j:
                pts[p] += 1.0 if ranks[i] < ranks[j] else 0.5 if ranks[i] == ranks[j] else 0.0
    return pts


def _parse_ranks(raw: Any, n: int) -> list[int]:
    try:
        ranks = [int(x) for x in (raw.split(",") if isinstance(raw, str) else raw)]
    except (TypeError, ValueError, AttributeError):
        raise LeagueError("league.bad_ranks", n=n)
    if len(ranks) != n or any(r < 1 or r > n for r in ranks):
        raise LeagueError("league.bad_ranks", n=n)
    return ranks


def _ranks_text(ranks: list[int]) -> str:
    return ", ".join(str(r) for r in ranks)


def _reply(text: str, public: bool = False) -> Outbox:
    return Outbox(reply=Message(text), reply_ephemeral=not public)
