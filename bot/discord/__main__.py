"""`python -m bot.discord` runs the bot; `python -m bot.discord sync [GUILD_ID]` registers
the slash commands (globally, or in one guild) and exits."""
import sys

from bot.discord.client import run, sync_commands

if len(sys.argv) > 1 and sys.argv[1] == "sync":
    sync_commands(int(sys.argv[2]) if len(sys.argv) > 2 else None)
else:
    run()
