"""Shapan's host and its adapters (Discord, console table)."""
# Every catalog text the platform makes names commands as the reader types them: the renderer
# is installed with the package, whichever of its modules is imported first
from bot import commandref as _commandref  # noqa: F401
