"""The Discord client: slash commands and clicks in, host verbs through, Outboxes out.

Start with `run()` (reads DISCORD_TOKEN, SHAPAN_DB, SHAPAN_DEV_GUILD from the environment
or `.env`; a user's language comes from their Discord locale, so SHAPAN_LOCALE matters only
where the host and catalogs fall back). Commands are synced to Discord only on purpose, since Discord
allows 200 command creates a day per guild: to SHAPAN_DEV_GUILD at every start (instant,
for development), or globally with `sync_commands()` / SHAPAN_SYNC_COMMANDS=1.
"""
from __future__ import annotations

import asyncio
import logging
import os
import signal
from typing import TYPE_CHECKING, Any, Awaitable, Callable, Mapping, Protocol

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import tasks

from bot.discord.commands import build_commands
from bot.commandref import set_command_ids
from bot.discord.league_commands import build_deck_commands, build_design_command, build_league_commands
from bot.discord.convert import BadInput, command_from
from bot.discord.deliver import Delivery
from bot.discord.i18n import ShapanTranslator, text
from bot.discord.menus import DYNAMIC_ITEMS, is_ours
from bot.outbox import Command, Outbox
from games.registry import available_games

if TYPE_CHECKING:
    from bot.host import Host

log = logging.getLogger("shapan.discord")

# Verbs whose reply is usually for the whole channel: the "thinking…" placeholder is public
# for these and private for the rest (Discord fixes that choice when we defer). The host
# answers game verbs privately and posts the table's news as separate public posts.
PUBLIC_VERBS = {"roll"}
BOT_FOLLOW_UP_SECONDS = 1.0  # bots with moves left go on after this pause (see Outbox.tick_soon)
SUGGEST_TIMEOUT = 2.0  # autocomplete cannot be deferred: answer within Discord's 3 seconds
# Seconds between timer rounds (turn timers, league deadlines, the outbox's left-over posts).
# With the timer lease (bot.host.core.TIMER_LEASE_SECONDS) it bounds how long a dead
# process's timers wait: at most the lease plus one round (README: running at scale).
TICK_SECONDS = 5.0


class HostLike(Protocol):
    async def handle(self, cmd: Command) -> Outbox: ...
    async def suggest(self, cmd: Command, param: str, partial: str) -> list[tuple[str, str]]: ...
    async def tick(self, now: Any = None) -> Outbox: ...
    async def close(self) -> None: ...


async def open_host(db_path: str, **options: Any) -> Host:
    """The host as the Discord bot runs it (the adapter's tests open theirs here too)."""
    from bot.host import Host

    host = await Host.create(db_path, **options)
    # players read the reveal's verify line in Discord, where the server's file path or
    # database URL is of no use to them and tells strangers where the data lives
    host.database = None
    return host


async def default_host(db_path: str) -> HostLike:
    from bot.host import thinking

    host = await open_host(db_path)
    # the searching bots' worker starts with the bot (about 3 s), not at the first bot's move
    await asyncio.to_thread(thinking.warm_up)
    return host


class ShapanClient(discord.Client):
    def __init__(self, *, host: HostLike | None = None,
                 host_factory: Callable[[], Awaitable[HostLike]] | None = None,
                 db_path: str = "shapan.sqlite3", dev_guild: int | None = None, sync_global: bool = False,
                 tick_seconds: float = TICK_SECONDS, **options: Any) -> None:
        # Default intents hold no privileged ones (no message content, members or presences).
        # Nobody is pinged unless a message names them (Message.pings, see deliver.mentions):
        # a display name, roll label or deck name reading `<@id>` or `@everyone` stays text.
        options.setdefault("allowed_mentions", discord.AllowedMentions.none())
        super().__init__(intents=discord.Intents.default(), **options)
        self.host = host
        self.host_factory = host_factory or (lambda: default_host(db_path))
        self.dev_guild = dev_guild
        self.sync_global = sync_global
        self.tick_seconds = tick_seconds
        self._follow_up_pending = False
        self.tree = app_commands.CommandTree(self)
        self.tree.on_error = self.on_app_command_error
        for command in build_commands() + build_league_commands() + build_deck_commands() + [build_design_command()]:
            self.tree.add_command(command)
        self.delivery = Delivery(self)

    # --- life cycle ------------------------------------------------------------------
    async def setup_hook(self) -> None:
        if self.host is None:
            self.host = await self.host_factory()
        if hasattr(self.host, "open_thread"):  # league games open in threads of the league's channel
            self.host.open_thread = self.open_thread
        # Import every game now, before any interaction: the first autocomplete would
        # otherwise import them on the event loop (up to 0.8 s) while Discord waits.
        available_games()
        await self.tree.set_translator(ShapanTranslator())
        # Menus and buttons keep their state in custom_ids: register the parsers, no views.
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        set_command_ids({})  # until a sync gives them, commands are named in text (bot/commandref.py)
        if self.dev_guild:
            guild = discord.Object(id=self.dev_guild)
            self.tree.copy_global_to(guild=guild)
            set_command_ids({command.name: command.id for command in await self.tree.sync(guild=guild)})
        elif self.sync_global:  # messages then name commands as mentions a click opens (bot/commandref.py)
            set_command_ids({command.name: command.id for command in await self.tree.sync()})
        if self.tick_seconds:
            self.ticker.change_interval(seconds=self.tick_seconds)
            self.ticker.start()

    async def close(self) -> None:
        self.ticker.cancel()
        set_command_ids({})  # this client's commands: no other may mention them
        if self.host is not None:
            try:
                await self.host.close()
            except Exception:
                log.exception("closing the host failed")
            self.host = None
        await super().close()

    @tasks.loop(seconds=60)
    async def ticker(self) -> None:
        await self.tick_once()

    async def tick_once(self) -> None:
        """Turn timers and bots' moves left (they come back as an Outbox), then the posts that
        no process is delivering (one died after its commit, or a send failed for a while)."""
        try:
            outbox = await self.host.tick()
            await self.delivery.deliver(outbox, None)
        except Exception:
            log.exception("timer tick failed")
            outbox = None
        try:
            await self.delivery.resend_pending()
        except Exception:
            log.exception("resending the outbox failed")
        if outbox is not None:
            self.tick_soon(outbox)

    def tick_soon(self, outbox: Outbox) -> None:
        """Bots with moves left go on in a second, not at the next timer round."""
        if outbox.tick_soon and self.tick_seconds and not self._follow_up_pending:
            self._follow_up_pending = True
            asyncio.get_running_loop().call_later(BOT_FOLLOW_UP_SECONDS, self._follow_up)

    def _follow_up(self) -> None:
        self._follow_up_pending = False
        asyncio.ensure_future(self.tick_once())

    @ticker.before_loop
    async def _before_ticker(self) -> None:
        await self.wait_until_ready()

    # --- commands and clicks ---------------------------------------------------------
    async def run_command(self, interaction: discord.Interaction, verb: str, args: dict[str, Any], *,
                          ephemeral: bool | None = None) -> None:
        """A slash command: defer, create a thread if asked, ask the host, deliver."""
        if ephemeral is None:
            ephemeral = verb not in PUBLIC_VERBS
        cmd = command_from(interaction, verb, args)
        await interaction.response.defer(ephemeral=ephemeral, thinking=True)
        interaction.extras["deferred_ephemeral"] = ephemeral
        try:
            refused = None
            if verb == "game.new" and args.get("thread"):
                # validate first: a refused table must not leave an empty thread behind
                refused = await self.host.refusal(cmd)
                if refused is None:
                    await self._open_thread(interaction, cmd)
            outbox = refused if refused is not None else await self.host.handle(cmd)
            await self.delivery.deliver(outbox, cmd, interaction, deferred_ephemeral=ephemeral)
            self.tick_soon(outbox)
        except BadInput as exc:
            await self.answer_error(interaction, text(cmd.locale, "msg." + exc.key, **exc.params))
        except Exception:
            log.exception("command %s by %s failed", verb, cmd.user_id)
            await self.answer_error(interaction, text(cmd.locale, "msg.error"))

    async def run_component(self, interaction: discord.Interaction, verb: str, args: dict[str, Any], *,
                            edit: bool, page: int = 0) -> None:
        """A click. Menu steps replace the menu message when it is ours alone (ephemeral or
        a DM); everything else is answered privately below the message clicked."""
        message = interaction.message
        edit = edit and message is not None and (message.flags.ephemeral or interaction.guild_id is None)
        cmd = command_from(interaction, verb, args)
        try:
            if edit:
                await interaction.response.defer()  # "deferred update": we edit the message later
            else:
                await interaction.response.defer(ephemeral=True, thinking=True)
                interaction.extras["deferred_ephemeral"] = True
            outbox = await self.host.handle(cmd)
            await self.delivery.deliver(outbox, cmd, interaction, deferred_ephemeral=True, edit=edit, page=page)
            self.tick_soon(outbox)
        except Exception:
            log.exception("click %s by %s failed", verb, cmd.user_id)
            await self.answer_error(interaction, text(cmd.locale, "msg.error"))

    async def _open_thread(self, interaction: discord.Interaction, cmd: Command) -> None:
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):
            raise BadInput("need_text_channel")
        title = str(cmd.args.get("game"))
        try:
            from games.registry import get_engine

            title = get_engine(title).title.get("zh-CN" if (cmd.guild_locale or "").startswith("zh") else "en", title)
        except Exception:
            pass  # an unknown game: the host will say so; the thread keeps the typed name
        name = text(cmd.guild_locale, "msg.thread_name", game=title)[:100]
        thread = await channel.create_thread(name=name, type=discord.ChannelType.public_thread)
        cmd.args["parent_channel_id"] = channel.id
        cmd.channel_id = thread.id

    async def open_thread(self, channel_id: int, name: str) -> int:
        """A public thread in `channel_id` for a table the host opens (a league game)."""
        payload = await self.http.start_thread_without_message(
            channel_id, name=name[:100], auto_archive_duration=1440, type=discord.ChannelType.public_thread.value)
        return int(payload["id"])

    async def suggest(self, interaction: discord.Interaction, verb: str, param: str, current: str,
                      args: dict[str, Any]) -> list[Choice[str]]:
        """Autocomplete: the host's suggestions, cut to Discord's limits. Only suggestions:
        the command validates whatever value arrives."""
        try:
            cmd = command_from(interaction, verb, args)
            pairs = await asyncio.wait_for(self.host.suggest(cmd, param, current[:100]), SUGGEST_TIMEOUT)
        except Exception:
            log.exception("suggestions for %s %s failed", verb, param)
            return []
        choices = []
        for value, label in pairs:
            value = str(value)
            if 0 < len(value) <= 100:
                label = str(label or value)
                choices.append(Choice(name=label if len(label) <= 100 else label[:99] + "…", value=value))
            if len(choices) == 25:
                break
        return choices

    # --- errors: every interaction gets an answer ---------------------------------------
    async def answer_error(self, interaction: discord.Interaction, message: str) -> None:
        try:
            if not interaction.response.is_done():
                await interaction.response.send_message(message, ephemeral=True)
                return
            if interaction.extras.get("deferred_ephemeral") is False:
                # A public placeholder would make the error public; drop it first.
                await interaction.delete_original_response()
            await interaction.followup.send(message, ephemeral=True)
        except discord.HTTPException:
            log.exception("could not even report an error to the user")

    async def on_app_command_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        original = getattr(error, "original", error)
        locale = str(interaction.locale)
        if isinstance(original, BadInput):
            await self.answer_error(interaction, text(locale, "msg." + original.key, **original.params))
            return
        log.error("app command failed", exc_info=original)
        await self.answer_error(interaction, text(locale, "msg.error"))

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        # A button from an older version, or one nobody handles: answer rather than time out.
        if interaction.type is discord.InteractionType.component:
            custom_id = (interaction.data or {}).get("custom_id", "")
            if not is_ours(custom_id):
                log.warning("click on unknown component %r", custom_id)
                await self.answer_error(interaction, text(str(interaction.locale), "msg.error"))


class ShardedShapanClient(ShapanClient, discord.AutoShardedClient):
    """The same bot on some of Discord's shards (SHAPAN_SHARDS of SHAPAN_SHARD_COUNT): each
    process runs its own shards and all share one PostgreSQL database (README: PostgreSQL)."""


def shard_options(env: Mapping[str, str]) -> dict[str, Any]:
    """`shard_ids` and `shard_count` from SHAPAN_SHARDS ("0,1") and SHAPAN_SHARD_COUNT ("4");
    empty when neither is set (one process, Discord's single shard)."""
    ids_text = env.get("SHAPAN_SHARDS", "").strip()
    count_text = env.get("SHAPAN_SHARD_COUNT", "").strip()
    if not ids_text and not count_text:
        return {}
    if not count_text.isdigit() or int(count_text) < 1:
        raise SystemExit("SHAPAN_SHARD_COUNT must be a whole number of at least 1 when SHAPAN_SHARDS is set")
    count = int(count_text)
    pieces = [p.strip() for p in ids_text.split(",") if p.strip()] if ids_text else [str(i) for i in range(count)]
    if not all(p.isdigit() and int(p) < count for p in pieces) or len(set(pieces)) != len(pieces):
        raise SystemExit(f"SHAPAN_SHARDS must list different shard numbers from 0 to {count - 1}, e.g. 0,1")
    return {"shard_ids": sorted(int(p) for p in pieces), "shard_count": count}


def _env_int(name: str) -> int | None:
    value = os.environ.get(name, "").strip()
    return int(value) if value.isdigit() else None


def _from_env(**overrides: Any) -> tuple[str, ShapanClient]:
    from dotenv import load_dotenv

    load_dotenv()
    token = os.environ.get("DISCORD_TOKEN", "").strip()
    if not token:
        raise SystemExit("DISCORD_TOKEN is not set (see .env.example)")
    options: dict[str, Any] = {
        "db_path": os.environ.get("SHAPAN_DB", "shapan.sqlite3"),
        "dev_guild": _env_int("SHAPAN_DEV_GUILD"),
        "sync_global": os.environ.get("SHAPAN_SYNC_COMMANDS", "") in ("1", "true", "yes"),
    }
    shards = shard_options(os.environ)
    options.update(shards)
    options.update(overrides)
    return token, (ShardedShapanClient if shards else ShapanClient)(**options)


async def _serve(token: str, client: ShapanClient) -> None:
    if client.host is None:
        # the database first: one that cannot be used stops us before we log in to Discord
        client.host = await client.host_factory()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        try:
            loop.add_signal_handler(sig, lambda: asyncio.ensure_future(client.close()))
        except (NotImplementedError, RuntimeError):
            pass  # not on this platform; Ctrl-C still ends `asyncio.run`
    async with client:
        await client.start(token)


def run() -> None:
    """Run the bot until stopped; closing the client closes the host and its database."""
    discord.utils.setup_logging()
    token, client = _from_env()
    asyncio.run(_serve(token, client))


def sync_commands(guild_id: int | None = None) -> None:
    """Register the commands with Discord once (globally, or in one guild) and exit."""

    class _NoHost:
        async def close(self) -> None:
            return None

    async def main() -> None:
        token, client = _from_env(host=_NoHost(), dev_guild=guild_id, sync_global=guild_id is None, tick_seconds=0)
        async with client:
            await client.login(token)  # login runs setup_hook, which syncs

    discord.utils.setup_logging()
    asyncio.run(main())
