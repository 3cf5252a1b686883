"""What the host hands back to an adapter: transport-free, already localized text.

The host never formats Discord objects; an adapter turns these into embeds, files,
buttons and select menus (Discord) or printed lines (console table).
"""
from __future__ import annotations

from dataclasses import dataclass, field


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


@dataclass
class Image:
    filename: str
    data: bytes  # PNG


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


@dataclass
class Outbox:
    public: list[tuple[int, Message]] = field(default_factory=list)  # (channel_id, message)
    private: list[tuple[int, Message]] = field(default_factory=list)  # (user_id, message)
    reply: Message | None = None
    reply_ephemeral: bool = True

    def merge(self, other: "Outbox") -> "Outbox":
        self.public += other.public
        self.private += other.private
        if other.reply is not None:
            self.reply = other.reply
            self.reply_ephemeral = other.reply_ephemeral
        return self
