"""Turning a Discord interaction into a transport-free `Command`."""
from __future__ import annotations

import discord

from bot.outbox import Command


class BadInput(Exception):
    """A value the adapter itself rejects before the host sees it; `key` is a `discord.msg` key."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


def command_from(interaction: discord.Interaction, verb: str, args: dict[str, object] | None = None) -> Command:
    in_dm = interaction.guild_id is None
    perms = interaction.permissions
    return Command(
        user_id=interaction.user.id,
        user_name=interaction.user.display_name,
        verb=verb,
        args={k: v for k, v in (args or {}).items() if v is not None},
        guild_id=interaction.guild_id,
        # In a thread Discord sends the thread's id as channel_id, which is what we want.
        channel_id=None if in_dm else interaction.channel_id,
        is_dm=in_dm,
        locale=str(interaction.locale) if interaction.locale else None,
        guild_locale=str(interaction.guild_locale) if interaction.guild_locale else None,
        can_manage_guild=bool(not in_dm and perms.manage_guild),
        roles=tuple(r.id for r in interaction.user.roles) if isinstance(interaction.user, discord.Member) else (),
    )


def parse_options(raw: str | None) -> dict[str, str]:
    """`rounds=5 variant=basic` (spaces or commas between) into a dict; values stay strings."""
    options: dict[str, str] = {}
    for item in (raw or "").replace(",", " ").split():
        name, sep, value = item.partition("=")
        if not sep or not name or not value:
            raise BadInput("bad_options", text=item[:100])
        options[name] = value
    return options


def parse_session(raw: str | None) -> int | None:
    """A session id typed or picked from autocomplete (which is only a suggestion)."""
    if raw is None or raw.strip() == "":
        return None
    raw = raw.strip().lstrip("#")
    if not raw.isdigit() or len(raw) > 18:
        raise BadInput("bad_session", text=raw[:50])
    return int(raw)
