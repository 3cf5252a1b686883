"""Buttons and select menus whose state lives in the custom_id, so they keep working
after a restart with no view kept in memory (`client.add_dynamic_items` registers them).

custom_id formats (each at most 100 characters; tokens never contain spaces):
  sp:m:SESSION:SEAT:PREFIX          select the next token of an action
  sp:ok:SESSION:SEAT:PREFIX         confirm PREFIX as the whole action
  sp:bk:SESSION:SEAT:PREFIX         go back one token
  sp:pg:SESSION:SEAT:PAGE:PREFIX    another page of a long list of choices
  sp:hand[:SESSION]                 show my hand / my secrets (ephemeral)
  sp:v:VERB[:SESSION]               any other host verb (buttons the host asks for)
PREFIX is the chosen tokens joined by spaces. Every click goes back to the host, which
checks again who may do what; nothing here is trusted.
"""
from __future__ import annotations

import logging
import math
import re
from typing import TYPE_CHECKING, Any

import discord

from bot.discord.i18n import text
from bot.outbox import ActionMenu, Message

if TYPE_CHECKING:
    from bot.discord.client import ShapanClient

log = logging.getLogger(__name__)

MAX_CUSTOM_ID = 100
MAX_SELECT_OPTIONS = 25
MAX_ROWS = 5
BUTTONS_PER_ROW = 5


def _prefix_text(prefix: list[str]) -> str:
    return " ".join(prefix)


def _prefix_list(raw: str) -> list[str]:
    return raw.split()


def _menu_args(session: int, seat: int, prefix: list[str]) -> dict[str, object]:
    return {"session": session, "seat": seat, "prefix": prefix}


def _client(interaction: discord.Interaction) -> "ShapanClient":
    return interaction.client  # type: ignore[return-value]


class MenuSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"sp:m:(?P<session>\d+):(?P<seat>\d+):(?P<prefix>.*)"):
    def __init__(self, session: int, seat: int, prefix: list[str], options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None) -> None:
        self.session, self.seat, self.prefix = session, seat, prefix
        custom_id = f"sp:m:{session}:{seat}:{_prefix_text(prefix)}"
        # A select needs at least one option to be built; a re-created one only parses its id.
        select = discord.ui.Select(custom_id=custom_id, options=options or [discord.SelectOption(label="-")],
                                   placeholder=placeholder, row=0)
        super().__init__(select)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str]):
        return cls(int(match["session"]), int(match["seat"]), _prefix_list(match["prefix"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []
        chosen = [str(v) for v in values[:1] if str(v).strip() and " " not in str(v)]
        await _client(interaction).run_component(
            interaction, "menu", _menu_args(self.session, self.seat, self.prefix + chosen), edit=True
        )


class ConfirmButton(discord.ui.DynamicItem[discord.ui.Button], template=r"sp:ok:(?P<session>\d+):(?P<seat>\d+):(?P<prefix>.*)"):
    def __init__(self, session: int, seat: int, prefix: list[str], label: str = "OK") -> None:
        self.session, self.seat, self.prefix = session, seat, prefix
        super().__init__(discord.ui.Button(style=discord.ButtonStyle.success, label=label,
                                           custom_id=f"sp:ok:{session}:{seat}:{_prefix_text(prefix)}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]):
        return cls(int(match["session"]), int(match["seat"]), _prefix_list(match["prefix"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        # the reply shows the next menu when the turn goes on (a click away, not /act)
        args = {"code": _prefix_text(self.prefix), "game": self.session, "seat": self.seat, "next_menu": True}
        await _client(interaction).run_component(interaction, "play", args, edit=True)


class BackButton(discord.ui.DynamicItem[discord.ui.Button], template=r"sp:bk:(?P<session>\d+):(?P<seat>\d+):(?P<prefix>.*)"):
    def __init__(self, session: int, seat: int, prefix: list[str], label: str = "<") -> None:
        self.session, self.seat, self.prefix = session, seat, prefix
        super().__init__(discord.ui.Button(style=discord.ButtonStyle.secondary, label=label,
                                           custom_id=f"sp:bk:{session}:{seat}:{_prefix_text(prefix)}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]):
        return cls(int(match["session"]), int(match["seat"]), _prefix_list(match["prefix"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        args = {**_menu_args(self.session, self.seat, self.prefix), "back": True}
        await _client(interaction).run_component(interaction, "menu", args, edit=True)


class PageButton(discord.ui.DynamicItem[discord.ui.Button],
                 template=r"sp:pg:(?P<session>\d+):(?P<seat>\d+):(?P<page>\d+):(?P<prefix>.*)"):
    def __init__(self, session: int, seat: int, page: int, prefix: list[str], label: str = ">") -> None:
        self.session, self.seat, self.page, self.prefix = session, seat, page, prefix
        super().__init__(discord.ui.Button(style=discord.ButtonStyle.secondary, label=label,
                                           custom_id=f"sp:pg:{session}:{seat}:{page}:{_prefix_text(prefix)}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]):
        return cls(int(match["session"]), int(match["seat"]), int(match["page"]), _prefix_list(match["prefix"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        args = _menu_args(self.session, self.seat, self.prefix)
        await _client(interaction).run_component(interaction, "menu", args, edit=True, page=self.page)


class HandButton(discord.ui.DynamicItem[discord.ui.Button], template=r"sp:hand(?::(?P<session>\d+))?"):
    def __init__(self, session: int | None = None, label: str = "Hand") -> None:
        self.session = session
        custom_id = "sp:hand" if session is None else f"sp:hand:{session}"
        super().__init__(discord.ui.Button(style=discord.ButtonStyle.primary, label=label, emoji="🃏",
                                           custom_id=custom_id))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]):
        return cls(int(match["session"]) if match["session"] else None)

    async def callback(self, interaction: discord.Interaction) -> None:
        # Answered ephemerally under the public post; the host resolves the channel's table.
        await _client(interaction).run_component(interaction, "hand", {"game": self.session}, edit=False)


class VerbButton(discord.ui.DynamicItem[discord.ui.Button], template=r"sp:v:(?P<verb>[a-z_.]{1,40})(?::(?P<session>\d+))?"):
    def __init__(self, verb: str, session: int | None = None, label: str = "?") -> None:
        self.verb, self.session = verb, session
        custom_id = f"sp:v:{verb}" if session is None else f"sp:v:{verb}:{session}"
        super().__init__(discord.ui.Button(style=discord.ButtonStyle.secondary, label=label, custom_id=custom_id))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]):
        return cls(match["verb"], int(match["session"]) if match["session"] else None)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _client(interaction).run_component(interaction, self.verb, {"game": self.session}, edit=False)


DYNAMIC_ITEMS = (MenuSelect, ConfirmButton, BackButton, PageButton, HandButton, VerbButton)


def is_ours(custom_id: str) -> bool:
    return any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in DYNAMIC_ITEMS)


def _fits(session: int, seat: int, prefix: list[str], extra: int = 0) -> bool:
    # The longest id we make for this prefix is the page button's.
    longest = f"sp:pg:{session}:{seat}:{extra}:{_prefix_text(prefix)} x"
    return len(longest) <= MAX_CUSTOM_ID


def _cut(value: str, limit: int = 100) -> str:
    return value if len(value) <= limit else value[: limit - 1] + "…"


def build_view(message: Message, locale: str | None, *, hand_button: bool = False, page: int = 0,
               hand_session: int | None = None) -> tuple[discord.ui.View | None, str | None]:
    """The components for a message, and a note to add to its text (or None).

    Rows: the select (row 0), then paging/back/confirm (row 1), then the host's buttons,
    the "my move" button of a post that pings the players whose turn begins (it opens their
    menu, as /act does) and the "show my hand" button.
    """
    view = discord.ui.View(timeout=None)
    note = None
    menu = message.menu
    if menu is not None:
        note = _add_menu(view, menu, locale, page)
    buttons: list[discord.ui.Item[Any]] = []
    for custom_id, label in message.buttons:
        item = _host_button(custom_id, label)
        if item is not None:
            buttons.append(item)
    if hand_button and message.pings and message.session_id is not None and message.menu is None:
        buttons.append(VerbButton("menu", message.session_id, label=text(locale, "button.act")))
    if hand_button and not any(custom_id.startswith("sp:hand") for custom_id, _ in message.buttons):
        buttons.append(HandButton(hand_session, label=text(locale, "button.hand")))
    first_free_row = 2 if menu is not None else 0
    room = (MAX_ROWS - first_free_row) * BUTTONS_PER_ROW
    if len(buttons) > room:
        log.warning("dropping %d buttons that do not fit in one message", len(buttons) - room)
    for i, item in enumerate(buttons[:room]):
        item.row = first_free_row + i // BUTTONS_PER_ROW
        view.add_item(item)
    return (view if view.children else None), note


def _add_menu(view: discord.ui.View, menu: ActionMenu, locale: str | None, page: int) -> str | None:
    s, seat, prefix = menu.session_id, menu.seat, list(menu.prefix)
    if not _fits(s, seat, prefix):
        return text(locale, "msg.too_long_for_buttons")
    pages = max(1, math.ceil(len(menu.options) / MAX_SELECT_OPTIONS))
    page = min(max(page, 0), pages - 1)
    shown = menu.options[page * MAX_SELECT_OPTIONS : (page + 1) * MAX_SELECT_OPTIONS]
    options = [
        discord.SelectOption(label=_cut(o.label or o.value), value=o.value, description=_cut(o.description) or None)
        for o in shown
        if 0 < len(o.value) <= 100 and " " not in o.value
    ]
    if options:
        placeholder = text(locale, "msg.menu_placeholder")
        if pages > 1:
            placeholder += " " + text(locale, "msg.menu_page", page=page + 1, pages=pages)
        view.add_item(MenuSelect(s, seat, prefix, options, placeholder=_cut(placeholder, 150)))
    if page > 0:
        view.add_item(_row(PageButton(s, seat, page - 1, prefix, label=text(locale, "button.prev")), 1))
    if page < pages - 1:
        view.add_item(_row(PageButton(s, seat, page + 1, prefix, label=text(locale, "button.next")), 1))
    if prefix:
        view.add_item(_row(BackButton(s, seat, prefix, label=text(locale, "button.back")), 1))
    if menu.complete:
        view.add_item(_row(ConfirmButton(s, seat, prefix, label=text(locale, "button.confirm")), 1))
    return None


def _row(item: discord.ui.Item[Any], row: int) -> discord.ui.Item[Any]:
    item.row = row
    return item


def _host_button(custom_id: str, label: str) -> discord.ui.Item[Any] | None:
    """A host button: one of our ids as it is, or `VERB[:SESSION]` made into `sp:v:...`."""
    label = _cut(label, 80) or "…"  # Discord refuses a button with neither label nor emoji
    match = HandButton.__discord_ui_compiled_template__.fullmatch(custom_id)
    if match:
        return HandButton(int(match["session"]) if match["session"] else None, label=label)
    if not custom_id.startswith("sp:"):
        custom_id = "sp:v:" + custom_id
    match = VerbButton.__discord_ui_compiled_template__.fullmatch(custom_id)
    if match:
        return VerbButton(match["verb"], int(match["session"]) if match["session"] else None, label=label)
    log.warning("host button %r has no handler; not shown", custom_id)
    return None
