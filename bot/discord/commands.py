"""The slash commands. Each one only gathers its arguments into a host verb; the client
does the rest (defer, host, delivery, errors). Autocomplete asks the host for suggestions.

Discord allows a command to be either a plain command or a group, so dice history and
saved rolls live under `/dice` while the frequent `/roll` stays one word.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import discord
from discord import app_commands
from discord.app_commands import Choice

from bot import rolls
from bot.discord.convert import parse_options, parse_session
from bot.discord.i18n import L

if TYPE_CHECKING:
    from bot.discord.client import ShapanClient


def _client(interaction: discord.Interaction) -> "ShapanClient":
    return interaction.client  # type: ignore[return-value]


def _names(**keys: str) -> dict[str, app_commands.locale_str]:
    return {param: L(f"param.{key}.name") for param, key in keys.items()}


def _descs(**keys: str) -> dict[str, app_commands.locale_str]:
    return {param: L(f"param.{key}.desc") for param, key in keys.items()}


def _suggest(verb: str, param: str, args: Callable[[discord.Interaction], dict[str, Any]] | None = None):
    """An autocomplete callback that forwards to `host.suggest` for `param` of `verb`."""

    async def autocomplete(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        known = args(interaction) if args else {}
        return await _client(interaction).suggest(interaction, verb, param, current, known)

    return autocomplete


def _seat(typed: object) -> int | None:
    """Seats are numbered from 0, as the host lists them (`0:alice, 1:bob`)."""
    return typed if isinstance(typed, int) else None


def _typed_game(interaction: discord.Interaction) -> dict[str, Any]:
    return {"game": getattr(interaction.namespace, "game", None)}


POLICIES = [Choice(name=L("choice.skip"), value="skip"), Choice(name=L("choice.forfeit"), value="forfeit")]
ALIAS_ACTIONS = [Choice(name=L(f"choice.{v}"), value=v) for v in ("set", "delete", "list")]
SCOPES = [Choice(name=L("choice.user"), value="user"), Choice(name=L("choice.server"), value="server")]
KICK_THEN = [Choice(name=L("choice.kick_bot"), value="bot"), Choice(name=L("choice.kick_end"), value="end")]
BOT_LEVELS = [Choice(name=L(f"choice.level_{v}"), value=v) for v in ("easy", "normal", "hard")]


def build_commands() -> list[app_commands.Command | app_commands.Group]:
    game = app_commands.Group(name=L("cmd.game.name"), description=L("cmd.game.desc"))

    @game.command(name=L("cmd.game.new.name"), description=L("cmd.game.new.desc"))
    @app_commands.rename(**_names(game="game_key", options="options", thread="thread", entropy="entropy_on",
                                  hints="hints"))
    @app_commands.describe(**_descs(game="game_key", options="options", thread="thread", entropy="entropy_on",
                                    hints="hints"))
    @app_commands.autocomplete(game=_suggest("game.new", "game"))
    async def game_new(interaction: discord.Interaction, game: str, options: str | None = None, thread: bool = False,
                       entropy: bool = False, hints: bool = True):
        args = {"game": game.strip().lower(), "options": parse_options(options), "thread": thread, "entropy": entropy,
                "nohints": not hints}
        await _client(interaction).run_command(interaction, "game.new", args)

    def simple(verb: str, with_session: bool = False) -> None:
        """A `/game` subcommand with no arguments, or only the optional game (session)."""
        name = verb.split(".")[1]
        if with_session:
            @game.command(name=L(f"cmd.game.{name}.name"), description=L(f"cmd.game.{name}.desc"))
            @app_commands.rename(**_names(game="session"))
            @app_commands.describe(**_descs(game="session"))
            @app_commands.autocomplete(game=_suggest(verb, "game"))
            async def callback(interaction: discord.Interaction, game: str | None = None):
                await _client(interaction).run_command(interaction, verb, {"game": parse_session(game)})
        else:
            @game.command(name=L(f"cmd.game.{name}.name"), description=L(f"cmd.game.{name}.desc"))
            async def callback(interaction: discord.Interaction):
                await _client(interaction).run_command(interaction, verb, {})

    @game.command(name=L("cmd.game.join.name"), description=L("cmd.game.join.desc"))
    @app_commands.rename(**_names(entropy="entropy", commit="commit"))
    @app_commands.describe(**_descs(entropy="entropy", commit="commit"))
    async def game_join(interaction: discord.Interaction, entropy: app_commands.Range[str, 1, 64] | None = None,
                        commit: app_commands.Range[str, 64, 64] | None = None):
        """A player may add their own entropy value, or commit to one (SHA-256 of a value they keep)."""
        await _client(interaction).run_command(interaction, "game.join", {"entropy": entropy, "commit": commit})

    @game.command(name=L("cmd.game.start.name"), description=L("cmd.game.start.desc"))
    @app_commands.rename(**_names(entropy="entropy"))
    @app_commands.describe(**_descs(entropy="entropy"))
    async def game_start(interaction: discord.Interaction, entropy: app_commands.Range[str, 1, 64] | None = None):
        """A player adds their entropy value, or reveals the one they committed to."""
        await _client(interaction).run_command(interaction, "game.start", {"entropy": entropy})
    for verb in ("game.leave", "game.abandon", "game.rematch"):
        simple(verb)
    simple("game.status", with_session=True)

    @game.command(name=L("cmd.game.log.name"), description=L("cmd.game.log.desc"))
    @app_commands.rename(**_names(game="session", page="log_page"))
    @app_commands.describe(**_descs(game="session", page="log_page"))
    @app_commands.autocomplete(game=_suggest("game.log", "game"))
    async def game_log(interaction: discord.Interaction, game: str | None = None,
                       page: app_commands.Range[int, 1, 10_000] | None = None):
        await _client(interaction).run_command(interaction, "game.log", {"game": parse_session(game), "page": page})

    @game.command(name=L("cmd.game.concede.name"), description=L("cmd.game.concede.desc"))
    @app_commands.rename(**_names(game="session", seat="seat"))
    @app_commands.describe(**_descs(game="session", seat="seat"))
    @app_commands.autocomplete(game=_suggest("game.concede", "game"))
    async def game_concede(interaction: discord.Interaction, game: str | None = None,
                           seat: app_commands.Range[int, 0, 99] | None = None):
        args = {"game": parse_session(game), "seat": _seat(seat)}
        await _client(interaction).run_command(interaction, "game.concede", args)

    @game.command(name=L("cmd.game.bot.name"), description=L("cmd.game.bot.desc"))
    @app_commands.rename(**_names(seat="bot_seat", level="level"))
    @app_commands.describe(**_descs(seat="bot_seat", level="level"))
    @app_commands.choices(level=BOT_LEVELS)
    async def game_bot(interaction: discord.Interaction, level: Choice[str] | None = None,
                       seat: app_commands.Range[int, 0, 99] | None = None):
        await _client(interaction).run_command(interaction, "game.bot",
                                               {"seat": _seat(seat), "level": level.value if level else None})

    @game.command(name=L("cmd.game.hint.name"), description=L("cmd.game.hint.desc"))
    @app_commands.rename(**_names(seat="seat"))
    @app_commands.describe(**_descs(seat="seat"))
    async def game_hint(interaction: discord.Interaction, seat: app_commands.Range[int, 0, 99] | None = None):
        await _client(interaction).run_command(interaction, "game.hint", {"seat": _seat(seat)})

    @game.command(name=L("cmd.game.seat.name"), description=L("cmd.game.seat.desc"))
    @app_commands.rename(**_names(seat="seat"))
    @app_commands.describe(**_descs(seat="seat"))
    async def game_seat(interaction: discord.Interaction, seat: app_commands.Range[int, 0, 99] | None = None):
        await _client(interaction).run_command(interaction, "game.seat", {"seat": _seat(seat)})

    @game.command(name=L("cmd.game.kick.name"), description=L("cmd.game.kick.desc"))
    @app_commands.rename(**_names(user="user", then="then"))
    @app_commands.describe(**_descs(user="user", then="then"))
    @app_commands.choices(then=KICK_THEN)
    async def game_kick(interaction: discord.Interaction, user: discord.User, then: Choice[str] | None = None):
        args = {"user_id": user.id, "user_name": user.display_name, "then": then.value if then else None}
        await _client(interaction).run_command(interaction, "game.kick", args)

    @game.command(name=L("cmd.game.help.name"), description=L("cmd.game.help.desc"))
    @app_commands.rename(**_names(game="game_key"))
    @app_commands.describe(**_descs(game="game_key"))
    @app_commands.autocomplete(game=_suggest("game.help", "game"))
    async def game_help(interaction: discord.Interaction, game: str | None = None):
        await _client(interaction).run_command(interaction, "game.help", {"game": game})

    @game.command(name=L("cmd.game.timer.name"), description=L("cmd.game.timer.desc"))
    @app_commands.rename(**_names(hours="hours", policy="policy"))
    @app_commands.describe(**_descs(hours="hours", policy="policy"))
    @app_commands.choices(policy=POLICIES)
    async def game_timer(interaction: discord.Interaction, hours: app_commands.Range[float, 0, 720],
                         policy: Choice[str] | None = None):
        args = {"hours": hours, "policy": policy.value if policy else None}
        await _client(interaction).run_command(interaction, "game.timer", args)

    @app_commands.command(name=L("cmd.play.name"), description=L("cmd.play.desc"))
    @app_commands.rename(**_names(action="action", game="session", seat="seat"))
    @app_commands.describe(**_descs(action="action", game="session", seat="seat"))
    @app_commands.autocomplete(
        action=_suggest("play", "code", lambda i: {"game": getattr(i.namespace, "game", None),
                                                   "seat": _seat(getattr(i.namespace, "seat", None))}),
        game=_suggest("play", "game"),
    )
    async def play(interaction: discord.Interaction, action: app_commands.Range[str, 1, 300],
                   game: str | None = None, seat: app_commands.Range[int, 0, 99] | None = None):
        args = {"code": " ".join(action.split()), "game": parse_session(game), "seat": _seat(seat)}
        await _client(interaction).run_command(interaction, "play", args)

    @app_commands.command(name=L("cmd.act.name"), description=L("cmd.act.desc"))
    @app_commands.rename(**_names(game="session", seat="seat"))
    @app_commands.describe(**_descs(game="session", seat="seat"))
    @app_commands.autocomplete(game=_suggest("menu", "game"))
    async def act(interaction: discord.Interaction, game: str | None = None,
                  seat: app_commands.Range[int, 0, 99] | None = None):
        args = {"session": parse_session(game), "seat": _seat(seat), "prefix": []}
        await _client(interaction).run_command(interaction, "menu", args)

    @app_commands.command(name=L("cmd.hand.name"), description=L("cmd.hand.desc"))
    @app_commands.rename(**_names(game="session"))
    @app_commands.describe(**_descs(game="session"))
    @app_commands.autocomplete(game=_suggest("hand", "game"))
    async def hand(interaction: discord.Interaction, game: str | None = None):
        await _client(interaction).run_command(interaction, "hand", {"game": parse_session(game)})

    @app_commands.command(name=L("cmd.rules.name"), description=L("cmd.rules.desc"))
    @app_commands.rename(**_names(game="game_key", section="section"))
    @app_commands.describe(**_descs(game="game_key", section="section"))
    @app_commands.autocomplete(game=_suggest("rules", "game"),
                               section=_suggest("rules", "section", _typed_game))
    async def rules(interaction: discord.Interaction, game: str, section: str | None = None):
        await _client(interaction).run_command(interaction, "rules", {"game": game.strip().lower(), "section": section})

    @app_commands.command(name=L("cmd.roll.name"), description=L("cmd.roll.desc"))
    @app_commands.rename(**_names(expr="expr", label="label", private="private"))
    @app_commands.describe(**_descs(expr="expr", label="label", private="private"))
    async def roll(interaction: discord.Interaction, expr: app_commands.Range[str, 1, 200],
                   label: app_commands.Range[str, 0, 100] | None = None, private: bool = False):
        await _client(interaction).run_command(interaction, "roll", {"expr": expr, "label": label, "private": private},
                                               ephemeral=private)

    dice = app_commands.Group(name=L("cmd.dice.name"), description=L("cmd.dice.desc"))

    @dice.command(name=L("cmd.dice.history.name"), description=L("cmd.dice.history.desc"))
    @app_commands.rename(**_names(count="history_count"))
    @app_commands.describe(**_descs(count="history_count"))
    async def dice_history(interaction: discord.Interaction,
                           count: app_commands.Range[int, 1, rolls.HISTORY_MAX] | None = None):
        await _client(interaction).run_command(interaction, "roll.history", {"count": count})

    @dice.command(name=L("cmd.dice.alias.name"), description=L("cmd.dice.alias.desc"))
    @app_commands.rename(**_names(action="alias_action", name="alias_name", expr="alias_expr", scope="scope"))
    @app_commands.describe(**_descs(action="alias_action", name="alias_name", expr="alias_expr", scope="scope"))
    @app_commands.choices(action=ALIAS_ACTIONS, scope=SCOPES)
    @app_commands.autocomplete(name=_suggest("roll.alias", "name"))
    async def dice_alias(interaction: discord.Interaction, action: Choice[str],
                         name: app_commands.Range[str, 1, 32] | None = None,
                         expr: app_commands.Range[str, 1, 200] | None = None, scope: Choice[str] | None = None):
        args = {"action": action.value, "name": name, "expr": expr, "scope": scope.value if scope else "user"}
        await _client(interaction).run_command(interaction, "roll.alias", args)

    return [game, play, act, hand, rules, roll, dice]
