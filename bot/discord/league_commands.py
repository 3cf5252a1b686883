"""`/league` (players) and `/leagueadmin` (organizers), and `/deck` (saved decks/fleets).

Discord allows 25 subcommands per group, so the organizers' verbs have their own group.
Like the other commands, these only gather arguments into host verbs (`league.*`,
`deck.*`); the league service checks who may do what.
"""
from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot.discord.convert import BadInput
from bot.discord.i18n import L

if TYPE_CHECKING:
    from bot.discord.client import ShapanClient

FORMATS = [Choice(name=L(f"choice.{v}"), value=v)
           for v in ("round_robin", "swiss", "pods", "single_elim", "double_elim")]
DEADLINE = [Choice(name=L("choice.forfeit"), value="forfeit"), Choice(name=L("choice.organizer"), value="organizer")]
OUTCOMES = [Choice(name=L(f"choice.{v}"), value=v) for v in ("win", "loss", "draw")]
ACCELERATION = [Choice(name=L("choice.baku"), value="baku")]
RESULT_KINDS = [Choice(name=L(f"choice.{v}"), value=v) for v in ("played", "forfeit", "double_forfeit")]


def _client(interaction: discord.Interaction) -> "ShapanClient":
    return interaction.client  # type: ignore[return-value]


def _names(**keys: str) -> dict[str, app_commands.locale_str]:
    return {param: L(f"param.{key}.name") for param, key in keys.items()}


def _descs(**keys: str) -> dict[str, app_commands.locale_str]:
    return {param: L(f"param.{key}.desc") for param, key in keys.items()}


async def _run(interaction: discord.Interaction, verb: str, args: dict[str, Any], public: bool = False) -> None:
    await _client(interaction).run_command(interaction, verb, args, ephemeral=not public)


async def _league_names(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
    return await _client(interaction).suggest(interaction, "league", "league", current, {})


def parse_when(when: str, tz: str | None) -> float:
    """`2026-11-25 20:00` in the given IANA zone (default Asia/Shanghai) to epoch seconds."""
    try:
        zone = ZoneInfo(tz or "Asia/Shanghai")
    except (ZoneInfoNotFoundError, ValueError):
        raise BadInput("bad_timezone", text=(tz or "")[:50]) from None
    for fmt in ("%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M", "%m-%d %H:%M"):
        try:
            parsed = datetime.strptime(when.strip(), fmt)
        except ValueError:
            continue
        if fmt == "%m-%d %H:%M":
            parsed = parsed.replace(year=datetime.now(zone).year)
        return parsed.replace(tzinfo=zone).timestamp()
    raise BadInput("bad_time", text=when[:50])


LEAGUE_ARG = dict(league="league")


def build_league_commands() -> list[app_commands.Group]:
    league = app_commands.Group(name=L("cmd.league.name"), description=L("cmd.league.desc"), guild_only=True)
    admin = app_commands.Group(name=L("cmd.leagueadmin.name"), description=L("cmd.leagueadmin.desc"),
                               guild_only=True)

    def plain(group: app_commands.Group, sub: str, public: bool = False) -> None:
        """A subcommand whose only argument is the optional league name."""
        prefix = "leagueadmin" if group is admin else "league"

        @group.command(name=L(f"cmd.{prefix}.{sub}.name"), description=L(f"cmd.{prefix}.{sub}.desc"))
        @app_commands.rename(**_names(**LEAGUE_ARG))
        @app_commands.describe(**_descs(**LEAGUE_ARG))
        @app_commands.autocomplete(league=_league_names)
        async def callback(interaction: discord.Interaction, league: str | None = None):
            await _run(interaction, f"league.{sub}", {"league": league}, public)

    for sub, public in (("join", True), ("leave", True), ("checkin", False), ("pairing", False), ("play", True),
                        ("accept_time", True), ("standings", True), ("ratings", True), ("export", False)):
        plain(league, sub, public)
    for sub in ("open", "close", "start_round", "end_season", "audit"):
        plain(admin, sub, sub != "audit")

    @league.command(name=L("cmd.league.report.name"), description=L("cmd.league.report.desc"))
    @app_commands.rename(**_names(outcome="outcome", ranks="ranks", **LEAGUE_ARG))
    @app_commands.describe(**_descs(outcome="outcome", ranks="ranks", **LEAGUE_ARG))
    @app_commands.choices(outcome=OUTCOMES)
    @app_commands.autocomplete(league=_league_names)
    async def report(interaction: discord.Interaction, outcome: Choice[str] | None = None,
                     ranks: app_commands.Range[str, 1, 40] | None = None, league: str | None = None):
        await _run(interaction, "league.report", {"outcome": outcome.value if outcome else None, "ranks": ranks,
                                                  "league": league})

    for sub in ("confirm", "dispute"):
        def make(sub: str) -> None:
            @league.command(name=L(f"cmd.league.{sub}.name"), description=L(f"cmd.league.{sub}.desc"))
            @app_commands.rename(**_names(match="match", reason="reason", **LEAGUE_ARG))
            @app_commands.describe(**_descs(match="match", reason="reason", **LEAGUE_ARG))
            @app_commands.autocomplete(league=_league_names)
            async def callback(interaction: discord.Interaction, match: app_commands.Range[int, 1],
                               reason: app_commands.Range[str, 0, 200] | None = None, league: str | None = None):
                await _run(interaction, f"league.{sub}", {"match": match, "reason": reason, "league": league}, True)
        make(sub)

    @league.command(name=L("cmd.league.propose_time.name"), description=L("cmd.league.propose_time.desc"))
    @app_commands.rename(**_names(when="when", tz="tz", **LEAGUE_ARG))
    @app_commands.describe(**_descs(when="when", tz="tz", **LEAGUE_ARG))
    @app_commands.autocomplete(league=_league_names)
    async def propose_time(interaction: discord.Interaction, when: app_commands.Range[str, 1, 40],
                           tz: app_commands.Range[str, 1, 50] | None = None, league: str | None = None):
        epoch = parse_when(when, tz)  # BadInput is answered by the tree's error handler
        await _run(interaction, "league.propose_time", {"time": epoch, "league": league})

    @league.command(name=L("cmd.league.history.name"), description=L("cmd.league.history.desc"))
    @app_commands.rename(**_names(user="user", **LEAGUE_ARG))
    @app_commands.describe(**_descs(user="user", **LEAGUE_ARG))
    @app_commands.autocomplete(league=_league_names)
    async def history(interaction: discord.Interaction, user: discord.User | None = None, league: str | None = None):
        await _run(interaction, "league.rating_history", {"user_id": user.id if user else None, "league": league})

    @admin.command(name=L("cmd.leagueadmin.create.name"), description=L("cmd.leagueadmin.create.desc"))
    @app_commands.rename(**_names(name="league_name", game="game_key", format="format", rounds="rounds",
                                  round_days="round_days", lobby_hours="lobby_hours", rated="rated",
                                  deadline_policy="deadline_policy",
                                  organizer_role="organizer_role", options="options", channel="league_channel",
                                  cycles="cycles", playoff="playoff", playoff_double="playoff_double",
                                  tiebreaks="tiebreaks", half_byes="half_byes", bye_points="bye_points",
                                  acceleration="acceleration"))
    @app_commands.describe(**_descs(name="league_name", game="game_key", format="format", rounds="rounds",
                                    round_days="round_days", lobby_hours="lobby_hours", rated="rated",
                                    deadline_policy="deadline_policy",
                                    organizer_role="organizer_role", options="options", channel="league_channel",
                                    cycles="cycles", playoff="playoff", playoff_double="playoff_double",
                                    tiebreaks="tiebreaks", half_byes="half_byes", bye_points="bye_points",
                                    acceleration="acceleration"))
    @app_commands.choices(format=FORMATS, deadline_policy=DEADLINE, acceleration=ACCELERATION)
    async def create(interaction: discord.Interaction, name: app_commands.Range[str, 1, 50], game: str,
                     format: Choice[str], rounds: app_commands.Range[int, 1, 50] | None = None,
                     round_days: app_commands.Range[float, 0.1, 60.0] | None = None, rated: bool = True,
                     deadline_policy: Choice[str] | None = None, organizer_role: discord.Role | None = None,
                     options: str | None = None, channel: discord.TextChannel | None = None,
                     cycles: app_commands.Range[int, 1, 2] = 1, playoff: app_commands.Range[int, 0, 64] = 0,
                     playoff_double: bool = False, tiebreaks: app_commands.Range[str, 1, 200] | None = None,
                     half_byes: app_commands.Range[int, 0, 10] | None = None,
                     bye_points: app_commands.Range[float, 0.0, 1.0] | None = None,
                     acceleration: Choice[str] | None = None,
                     lobby_hours: app_commands.Range[float, 0.1, 336.0] | None = None):
        from bot.discord.convert import parse_options

        table_options = parse_options(options)  # BadInput is answered by the tree's error handler
        await _run(interaction, "league.create", {
            "name": name.strip(), "game": game.strip().lower(), "format": format.value, "rounds": rounds,
            "round_days": round_days, "rated": rated,
            "deadline_policy": deadline_policy.value if deadline_policy else None,
            "organizer_role": organizer_role.id if organizer_role else None, "options": table_options,
            "channel_id": channel.id if channel else None,  # default: where the league is created
            "cycles": cycles, "playoff": playoff, "playoff_double": playoff_double,
            # FIDE's options a Swiss organizer sets (the service checks names and formats)
            "tiebreaks": tiebreaks, "half_byes": half_byes, "bye_points": bye_points,
            "acceleration": acceleration.value if acceleration else None,
            "lobby_hours": lobby_hours,  # how long a table waits for the players' entropy values
        }, public=True)

    for sub in ("add", "drop", "disqualify"):
        def make_member(sub: str) -> None:
            @admin.command(name=L(f"cmd.leagueadmin.{sub}.name"), description=L(f"cmd.leagueadmin.{sub}.desc"))
            @app_commands.rename(**_names(user="user", reason="reason", **LEAGUE_ARG))
            @app_commands.describe(**_descs(user="user", reason="reason", **LEAGUE_ARG))
            @app_commands.autocomplete(league=_league_names)
            async def callback(interaction: discord.Interaction, user: discord.User,
                               reason: app_commands.Range[str, 0, 200] | None = None, league: str | None = None):
                await _run(interaction, f"league.{sub}", {"user_id": user.id, "user_name": user.display_name,
                                                          "reason": reason, "league": league}, True)
        make_member(sub)

    @admin.command(name=L("cmd.leagueadmin.substitute.name"), description=L("cmd.leagueadmin.substitute.desc"))
    @app_commands.rename(**_names(user="user", sub="substitute", reason="reason", **LEAGUE_ARG))
    @app_commands.describe(**_descs(user="user", sub="substitute", reason="reason", **LEAGUE_ARG))
    @app_commands.autocomplete(league=_league_names)
    async def substitute(interaction: discord.Interaction, user: discord.User, sub: discord.User,
                         reason: app_commands.Range[str, 0, 200] | None = None, league: str | None = None):
        await _run(interaction, "league.substitute", {"user_id": user.id, "user_name": user.display_name,
                                                      "sub_id": sub.id, "sub_name": sub.display_name,
                                                      "reason": reason, "league": league}, True)

    @league.command(name=L("cmd.league.request_bye.name"), description=L("cmd.league.request_bye.desc"))
    @app_commands.rename(**_names(round="bye_round", **LEAGUE_ARG))
    @app_commands.describe(**_descs(round="bye_round", **LEAGUE_ARG))
    @app_commands.autocomplete(league=_league_names)
    async def request_bye(interaction: discord.Interaction, round: app_commands.Range[int, 1, 50] | None = None,
                          league: str | None = None):
        await _run(interaction, "league.request_bye", {"round": round, "league": league}, True)

    @admin.command(name=L("cmd.leagueadmin.set_result.name"), description=L("cmd.leagueadmin.set_result.desc"))
    @app_commands.rename(**_names(match="match", ranks="ranks", kind="result_kind", reason="reason", **LEAGUE_ARG))
    @app_commands.describe(**_descs(match="match", ranks="ranks", kind="result_kind", reason="reason", **LEAGUE_ARG))
    @app_commands.choices(kind=RESULT_KINDS)
    @app_commands.autocomplete(league=_league_names)
    async def set_result(interaction: discord.Interaction, match: app_commands.Range[int, 1],
                         ranks: app_commands.Range[str, 1, 40] | None = None, kind: Choice[str] | None = None,
                         reason: app_commands.Range[str, 0, 200] | None = None, league: str | None = None):
        await _run(interaction, "league.set_result", {"match": match, "ranks": ranks,
                                                      "result_kind": kind.value if kind else None,
                                                      "reason": reason, "league": league}, True)

    for sub in ("void", "repair"):
        def make_match(sub: str) -> None:
            needs_match = sub == "void"

            @admin.command(name=L(f"cmd.leagueadmin.{sub}.name"), description=L(f"cmd.leagueadmin.{sub}.desc"))
            @app_commands.rename(**_names(match="match", reason="reason", **LEAGUE_ARG))
            @app_commands.describe(**_descs(match="match", reason="reason", **LEAGUE_ARG))
            @app_commands.autocomplete(league=_league_names)
            async def callback(interaction: discord.Interaction, match: app_commands.Range[int, 0] = 0,
                               reason: app_commands.Range[str, 0, 200] | None = None, league: str | None = None):
                args = {"reason": reason, "league": league}
                if needs_match:
                    args["match"] = match
                await _run(interaction, f"league.{sub}", args, True)
        make_match(sub)

    @admin.command(name=L("cmd.leagueadmin.new_season.name"), description=L("cmd.leagueadmin.new_season.desc"))
    @app_commands.rename(**_names(reset="reset_ratings", **LEAGUE_ARG))
    @app_commands.describe(**_descs(reset="reset_ratings", **LEAGUE_ARG))
    @app_commands.autocomplete(league=_league_names)
    async def new_season(interaction: discord.Interaction, reset: bool = False, league: str | None = None):
        await _run(interaction, "league.new_season", {"reset_ratings": reset, "league": league}, True)

    return [league, admin]


def build_design_command() -> app_commands.Command:
    @app_commands.command(name=L("cmd.design.name"), description=L("cmd.design.desc"))
    @app_commands.rename(**_names(components="components"))
    @app_commands.describe(**_descs(components="components"))
    async def design(interaction: discord.Interaction, components: app_commands.Range[str, 1, 400]):
        await _run(interaction, "design", {"components": components})

    return design


def build_deck_commands() -> list[app_commands.Group]:
    deck = app_commands.Group(name=L("cmd.deck.name"), description=L("cmd.deck.desc"))

    async def games(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await _client(interaction).suggest(interaction, "game.new", "game", current, {})

    @deck.command(name=L("cmd.deck.save.name"), description=L("cmd.deck.save.desc"))
    @app_commands.rename(**_names(game="game_key", name="deck_name", code="deck_code"))
    @app_commands.describe(**_descs(game="game_key", name="deck_name", code="deck_code"))
    @app_commands.autocomplete(game=games)
    async def save(interaction: discord.Interaction, game: str, name: app_commands.Range[str, 1, 32],
                   code: app_commands.Range[str, 1, 1500]):
        await _run(interaction, "deck.save", {"game": game.strip().lower(), "name": name, "code": code})

    @deck.command(name=L("cmd.deck.list.name"), description=L("cmd.deck.list.desc"))
    @app_commands.rename(**_names(game="game_key"))
    @app_commands.describe(**_descs(game="game_key"))
    @app_commands.autocomplete(game=games)
    async def list_(interaction: discord.Interaction, game: str | None = None):
        await _run(interaction, "deck.list", {"game": game.strip().lower() if game else None})

    for sub in ("show", "delete"):
        def make(sub: str) -> None:
            @deck.command(name=L(f"cmd.deck.{sub}.name"), description=L(f"cmd.deck.{sub}.desc"))
            @app_commands.rename(**_names(game="game_key", name="deck_name"))
            @app_commands.describe(**_descs(game="game_key", name="deck_name"))
            @app_commands.autocomplete(game=games)
            async def callback(interaction: discord.Interaction, game: str, name: app_commands.Range[str, 1, 32]):
                await _run(interaction, f"deck.{sub}", {"game": game.strip().lower(), "name": name})
        make(sub)

    return [deck]
