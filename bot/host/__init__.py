"""The transport-free game host. `Host` is the single entry every adapter calls."""
from bot.host.core import Host, HostError, build_menu
from storage.sessions import SeatRow, SessionRow

__all__ = ["Host", "HostError", "build_menu", "SessionRow", "SeatRow"]
