"""What the host hands back to an adapter: transport-free, already localized text.

The host never formats Discord objects; an adapter turns these into embeds, files,
buttons and select menus (Discord) or printed lines (console table).
"""
from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Callable, Iterable

log = logging.getLogger(__name__)
# Pictures are drawn one at a time on this thread, never on the event loop: PIL's text and
# PNG work takes 5-30 ms, which must not hold up other tables' commands.
DRAWER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="shapan-draw")


@dataclass
class Command:
    """One input from any adapter."""

    user_id: int
    user_name: str
    verb: str  # e.g. "game.new", "game.join", "play", "roll"
    args: dict[str, object] = field(default_factory=dict)
    guild_id: int | None = None
    channel_id: int | None = None  # the channel or thread; None in a DM
    is_dm: bool = False
    locale: str | None = None  # the user's Discord locale, e.g. "zh-CN", "en-US"
    guild_locale: str | None = None
    can_manage_guild: bool = False  # holds Manage Server
    roles: tuple[int, ...] = ()  # the caller's server roles (a league's organizer role is one)
    # where the command was typed: messages name only commands that exist there (Discord's
    # /act is the console's /menu)
    surface: str = "discord"


class Image:
    """A picture (PNG). The host may hand over how to draw it (`draw`) instead of the bytes:
    a command's answer then never waits for the drawing, which the adapter does afterwards,
    off the event loop (`draw_pictures`). Reading `data` draws it at once if still pending."""

    def __init__(self, filename: str, data: bytes | None = None, draw: Callable[[], bytes | None] | None = None):
        self.filename = filename
        self._data = data
        self._draw = draw

    @property
    def data(self) -> bytes | None:
        """The PNG, or None when the engine had no picture to draw (or drawing failed)."""
        if self._draw is not None:
            draw, self._draw = self._draw, None
            try:
                self._data = draw()
            except Exception:  # a broken picture must not stop the post it belongs to
                log.exception("drawing %s failed", self.filename)
        return self._data

    @property
    def pending(self) -> bool:
        return self._draw is not None

    def __repr__(self) -> str:
        return f"Image({self.filename!r}, {'pending' if self.pending else len(self._data or b'')})"


@dataclass
class MenuOption:
    value: str  # the token chosen at this step
    label: str
    description: str = ""


@dataclass
class ActionMenu:
    """One step of building an action by clicking: the tokens chosen so far, and the
    choices for the next token. `custom_id`s are made from session, seat and prefix."""

    session_id: int
    seat: int
    prefix: list[str]
    options: list[MenuOption]
    complete: bool = False  # the prefix is itself a whole legal action (offer "confirm")


@dataclass
class Message:
    text: str
    title: str | None = None
    images: list[Image] = field(default_factory=list)
    menu: ActionMenu | None = None
    buttons: list[tuple[str, str]] = field(default_factory=list)  # (custom_id, label)
    # Users this message means to notify (the player whose turn begins). Nobody else is ever
    # pinged: a name or label that reads `<@id>` or `@everyone` stays plain text.
    pings: list[int] = field(default_factory=list)
    role_pings: list[int] = field(default_factory=list)  # roles to notify (a league's organizers)
    session_id: int | None = None  # the table it is about, for the adapters' logs


@dataclass
class Outbox:
    public: list[tuple[int, Message]] = field(default_factory=list)  # (channel_id, message)
    private: list[tuple[int, Message]] = field(default_factory=list)  # (user_id, message)
    reply: Message | None = None
    reply_ephemeral: bool = True
    # bots still have moves to make (the command's slice ran out): the adapter should call
    # `Host.tick` again soon rather than wait for its next timer round
    tick_soon: bool = False

    def merge(self, other: "Outbox") -> "Outbox":
        self.public += other.public
        self.private += other.private
        self.tick_soon = self.tick_soon or other.tick_soon
        if other.reply is not None:
            self.reply = other.reply
            self.reply_ephemeral = other.reply_ephemeral
        return self


async def draw_pictures(messages: Iterable[Message]) -> None:
    """Draw every pending picture of `messages` on the drawing thread; drop empty ones."""
    loop = asyncio.get_running_loop()
    for message in messages:
        for image in message.images:
            if image.pending:
                await loop.run_in_executor(DRAWER, lambda img=image: img.data)
        message.images = [img for img in message.images if img.data]
