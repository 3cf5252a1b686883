"""What the host hands back to an adapter: transport-free, already localized text.

The host never formats Discord objects; an adapter turns these into embeds, files,
buttons and select menus (Discord) or printed lines (console table).
"""
from __future__ import annotations

import asyncio
import base64
import json
import logging
import secrets
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field, fields
from typing import Any, Callable, Iterable

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
        self.board: tuple[str, dict[str, Any], str] | None = None  # (game, view, locale), see `of_board`

    @classmethod
    def of_board(cls, filename: str, game: str, view: dict[str, Any], locale: str) -> "Image":
        """A game's picture of `view`, drawn by its engine when needed. What it needs to be
        drawn is plain data, so a post kept in the outbox can be drawn again after a restart."""
        from games.registry import get_game

        image = cls(filename, draw=lambda: get_game(game).render(view, locale))
        image.board = (game, view, locale)
        return image

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
    # its key in the outbox (a post of a committed step): the adapter sends it as Discord's
    # message nonce, so a repeated send makes no second message, and marks it sent by it
    nonce: str | None = None
    # a command's reply kept in the outbox that was public (not ephemeral): if the process
    # that ran the command dies before answering, it goes to the channel, not by DM
    public_reply: bool = False
    # a DM about what happened before anything its step's channel post says (a hidden pick,
    # ammunition loaded): sent before that post; every other DM follows it (see Outbox.in_order)
    before_posts: bool = False
    # a post of a step after which the game goes on: the adapter offers the players their hand
    # and, to the players it pings, their move. A result, a lobby or a note offers nothing: no
    # button may lead to an action that has nothing to do (the result carried "Show my hand")
    game_on: bool = False


@dataclass
class Outbox:
    public: list[tuple[int, Message]] = field(default_factory=list)  # (channel_id, message)
    private: list[tuple[int, Message]] = field(default_factory=list)  # (user_id, message)
    reply: Message | None = None
    reply_ephemeral: bool = True
    # bots still have moves to make (the command's slice ran out): the adapter should call
    # `Host.tick` again soon rather than wait for its next timer round
    tick_soon: bool = False

    def kept_nonces(self) -> list[str]:
        """The nonces of its messages kept in the outbox (posts, DMs and the reply)."""
        messages = [m for _, m in self.public + self.private] + ([self.reply] if self.reply else [])
        return [m.nonce for m in messages if m.nonce]

    def in_order(self) -> list[tuple[str, int, Message]]:
        """The posts and DMs, (kind, target, message), in the order players must read them:
        the order the events happened, the channel's line first when a DM reacts to it (a
        prompt to answer an attack, a bequest when the table saw the player eliminated, a
        hand dealt when the game began). So: the DMs about what happened before anything the
        channel reads (`Message.before_posts`), the channel's posts, then the other DMs.
        Every adapter sends in this order, and the outbox keeps it for a resend."""
        early = [("private", user, m) for user, m in self.private if m.before_posts]
        late = [("private", user, m) for user, m in self.private if not m.before_posts]
        return early + [("public", channel, m) for channel, m in self.public] + late

    def merge(self, other: "Outbox") -> "Outbox":
        self.public += other.public
        self.private += other.private
        self.tick_soon = self.tick_soon or other.tick_soon
        if other.reply is not None:
            self.reply = other.reply
            self.reply_ephemeral = other.reply_ephemeral
        return self


# --- posts kept in the outbox (storage: migration 0010) --------------------------------------------
def new_nonce() -> str:
    """A post's key: 16 hex digits (Discord takes nonces of up to 25 characters; the parts of
    a long message add `-0`, `-1`, ...)."""
    return secrets.token_hex(8)


def command_origin(cmd: Command | None) -> dict[str, Any] | None:
    """What an adapter needs to know of the command a post answers (its verb, who sent it and
    their languages) to send the post as it would have at once, after a restart too."""
    if cmd is None:
        return None
    return {"verb": cmd.verb, "user_id": cmd.user_id, "guild_id": cmd.guild_id, "channel_id": cmd.channel_id,
            "locale": cmd.locale, "guild_locale": cmd.guild_locale, "surface": cmd.surface}


def post_body(message: Message, origin: dict[str, Any] | None) -> str:
    """A message as the outbox keeps it (JSON); pictures as what draws them, or their bytes."""
    data = {f.name: getattr(message, f.name) for f in fields(Message) if f.name not in ("images", "menu")}
    data["images"] = [_image_data(img) for img in message.images]
    data["menu"] = None if message.menu is None else asdict(message.menu)
    return json.dumps({"message": data, "origin": origin}, ensure_ascii=False, separators=(",", ":"))


def _image_data(image: Image) -> dict[str, Any]:
    if image.board is not None:
        game, view, locale = image.board
        return {"filename": image.filename, "game": game, "view": view, "locale": locale}
    return {"filename": image.filename, "png": base64.b64encode(image.data or b"").decode()}


def read_post(body: str) -> tuple[Message, Command | None]:
    """The message kept by `post_body`, and the command it answered (without its arguments)."""
    data = json.loads(body)
    kept = data["message"]
    images = [Image.of_board(i["filename"], i["game"], i["view"], i["locale"]) if "game" in i
              else Image(i["filename"], base64.b64decode(i["png"])) for i in kept.pop("images")]
    menu = kept.pop("menu")
    if menu is not None:
        menu = ActionMenu(**{**menu, "options": [MenuOption(**o) for o in menu["options"]]})
    message = Message(**kept, images=images, menu=menu)
    message.buttons = [tuple(b) for b in message.buttons]
    origin = data.get("origin")
    cmd = None if origin is None else Command(user_name="", **origin)
    return message, cmd


async def draw_pictures(messages: Iterable[Message]) -> None:
    """Draw every pending picture of `messages` on the drawing thread; drop empty ones."""
    loop = asyncio.get_running_loop()
    for message in messages:
        for image in message.images:
            if image.pending:
                await loop.run_in_executor(DRAWER, lambda img=image: img.data)
        message.images = [img for img in message.images if img.data]
