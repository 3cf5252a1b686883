"""The Discord adapter: slash commands and clicks become host Commands; Outboxes become
messages, DMs and menus. See client.py."""
from bot.discord.client import ShapanClient, run, sync_commands

__all__ = ["ShapanClient", "run", "sync_commands"]
