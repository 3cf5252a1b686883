"""Delivering an Outbox to Discord: the reply to the caller, public posts to their
channels, private messages by DM (falling back to an ephemeral reply when DMs are closed).

Discord limits kept here: 2000 characters of content, 4096 of embed description, 10 files
per message, 5 component rows (see menus.py).
"""
from __future__ import annotations

import io
import logging
import time
from typing import TYPE_CHECKING, Any

import discord

from bot.discord.i18n import text
from bot.discord.menus import build_view
from bot.outbox import Command, Message, Outbox, draw_pictures

if TYPE_CHECKING:
    from bot.discord.client import ShapanClient

log = logging.getLogger(__name__)

CONTENT_LIMIT = 2000
EMBED_LIMIT = 4096
FILES_PER_MESSAGE = 10
DM_REFUSED = {50007, 50278}  # cannot send messages to this user / no mutual guilds
DM_RETRY_SECONDS = 3600  # after a refusal, do not try that user's DMs again for an hour
# Public posts after these (and timer posts) get a "show my hand" button: the game is on,
# and ephemeral hands expire, so players need a way to see theirs again.
HAND_BUTTON_VERBS = {"game.start", "play", "menu"}


def split_text(body: str, limit: int) -> list[str]:
    """Cut text into pieces of at most `limit` characters, at line ends where possible."""
    pieces: list[str] = []
    current = ""
    for line in body.split("\n"):
        while len(line) > limit:
            if current:
                pieces.append(current)
                current = ""
            pieces.append(line[:limit])
            line = line[limit:]
        candidate = f"{current}\n{line}" if current else line
        if len(candidate) > limit:
            pieces.append(current)
            current = line
        else:
            current = candidate
    if current or not pieces:
        pieces.append(current)
    return pieces


def message_parts(message: Message, locale: str | None, *, hand_button: bool = False, page: int = 0,
                  note: str | None = None, hand_session: int | None = None) -> list[dict[str, Any]]:
    """The keyword arguments of one or more sends that together show `message`.

    Short plain text goes in `content`; a title, images, a note or long text use embeds.
    Components go on the last part, the note and the first ten images on the first.
    """
    view, menu_note = build_view(message, locale, hand_button=hand_button, page=page, hand_session=hand_session)
    body = message.text or ""
    if menu_note:
        body = f"{body}\n\n{menu_note}" if body else menu_note
    use_embed = bool(message.title or message.images or note or len(body) > CONTENT_LIMIT)
    parts: list[dict[str, Any]] = []
    for i, chunk in enumerate(split_text(body, EMBED_LIMIT if use_embed else CONTENT_LIMIT)):
        if use_embed:
            embed = discord.Embed(title=(message.title or "")[:256] or None if i == 0 else None,
                                  description=chunk or None)
            parts.append({"embed": embed})
        else:
            parts.append({"content": chunk or "…"})
    if note:
        parts[0]["content"] = note[:CONTENT_LIMIT]
    images = message.images
    for start in range(0, len(images), FILES_PER_MESSAGE):
        batch = [discord.File(io.BytesIO(img.data), filename=img.filename) for img in images[start:start + FILES_PER_MESSAGE]]
        if start == 0:
            parts[0]["files"] = batch
            parts[0]["embed"].set_image(url=f"attachment://{images[0].filename}")
        else:
            parts.append({"files": batch})
    if view is not None:
        parts[-1]["view"] = view
    return parts


def _as_edit(part: dict[str, Any]) -> dict[str, Any]:
    """Edits replace everything the message showed before."""
    return {
        "content": part.get("content"),
        "embeds": [part["embed"]] if "embed" in part else [],
        "attachments": part.get("files", []),
        "view": part.get("view"),
    }


def _dm_refused(exc: Exception) -> bool:
    return isinstance(exc, discord.Forbidden) and exc.code in DM_REFUSED


class Delivery:
    def __init__(self, client: "ShapanClient") -> None:
        self.client = client
        self.dm_closed: dict[int, float] = {}  # user id -> when their DMs last refused us

    async def _remember_dm_state(self, user_id: int, closed: bool) -> None:
        """Kept in the users table too, so organizers and other processes can see it."""
        try:
            await self.client.host.repo.set_dm_closed(user_id, closed)
        except Exception:  # bookkeeping must never stop a delivery
            log.exception("could not store the DM state of user %s", user_id)

    def dms_known_closed(self, user_id: int) -> bool:
        since = self.dm_closed.get(user_id)
        return since is not None and time.monotonic() - since < DM_RETRY_SECONDS

    async def deliver(self, outbox: Outbox, cmd: Command | None, interaction: discord.Interaction | None = None, *,
                      deferred_ephemeral: bool = True, edit: bool = False, page: int = 0) -> None:
        if interaction is not None and cmd is not None:
            if outbox.reply is not None:
                await draw_pictures([outbox.reply])
            await self._reply(interaction, cmd, outbox, deferred_ephemeral, edit, page)
        # the caller has the answer; now the board pictures, off the event loop
        await draw_pictures([m for _, m in outbox.public] + [m for _, m in outbox.private])
        hand_button = cmd is None or cmd.verb in HAND_BUTTON_VERBS
        for channel_id, message in outbox.public:
            await self._post(channel_id, message, cmd, interaction, hand_button)
        for user_id, message in outbox.private:
            await self._private(user_id, message, cmd, interaction)

    # --- the reply to the caller ------------------------------------------------------
    async def _reply(self, interaction: discord.Interaction, cmd: Command, outbox: Outbox,
                     deferred_ephemeral: bool, edit: bool, page: int) -> None:
        reply = outbox.reply
        locale = cmd.locale
        if edit:
            # A click in a menu: the menu message shows the next step (or the result).
            if reply is None:
                await interaction.edit_original_response(content=text(locale, "msg.done"), embeds=[], attachments=[], view=None)
                return
            parts = message_parts(reply, locale, page=page)
            if outbox.reply_ephemeral:
                await interaction.edit_original_response(**_as_edit(parts[0]))
                rest = parts[1:]
            else:
                await interaction.edit_original_response(content=text(locale, "msg.done"), embeds=[], attachments=[], view=None)
                rest = parts
            for part in rest:
                await interaction.followup.send(ephemeral=outbox.reply_ephemeral, **part)
            return
        if reply is None:
            await interaction.delete_original_response()  # the "thinking…" placeholder
            return
        parts = message_parts(reply, locale, page=page)
        ephemeral = outbox.reply_ephemeral
        if ephemeral and not deferred_ephemeral:
            # The placeholder is public and would keep the follow-up public: remove it first.
            await interaction.delete_original_response()
        elif not ephemeral and deferred_ephemeral:
            # The placeholder is private; close it and post the reply as a new public message.
            await interaction.edit_original_response(content=text(locale, "msg.done"))
        for part in parts:
            await interaction.followup.send(ephemeral=ephemeral, **part)

    # --- public posts ------------------------------------------------------------------
    async def _post(self, channel_id: int, message: Message, cmd: Command | None,
                    interaction: discord.Interaction | None, hand_button: bool) -> None:
        locale = cmd.guild_locale if cmd is not None else None
        session = message.menu.session_id if message.menu is not None else None
        channel = self.client.get_partial_messageable(channel_id)
        try:
            for part in message_parts(message, locale, hand_button=hand_button, hand_session=session):
                await channel.send(**part)
        except discord.Forbidden:
            log.warning("no permission to post in channel %s", channel_id)
            if interaction is not None and cmd is not None:
                await interaction.followup.send(text(cmd.locale, "msg.no_permission", channel=channel_id), ephemeral=True)

    # --- private messages ------------------------------------------------------------
    async def _private(self, user_id: int, message: Message, cmd: Command | None,
                       interaction: discord.Interaction | None) -> None:
        is_caller = cmd is not None and cmd.user_id == user_id
        locale = cmd.locale if is_caller else (cmd.guild_locale if cmd is not None else None)
        if not self.dms_known_closed(user_id):
            try:
                dm = await self.client.create_dm(discord.Object(id=user_id))
                for part in message_parts(message, locale):
                    await dm.send(**part)
                if self.dm_closed.pop(user_id, None) is not None:
                    await self._remember_dm_state(user_id, closed=False)
                return
            except discord.HTTPException as exc:
                if not _dm_refused(exc):
                    raise
                log.info("DMs to user %s refused (code %s)", user_id, exc.code)
                first_refusal = user_id not in self.dm_closed
                self.dm_closed[user_id] = time.monotonic()
                if first_refusal:
                    await self._remember_dm_state(user_id, closed=True)
        else:
            first_refusal = False
        if is_caller and interaction is not None:
            note = text(locale, "msg.dm_closed_self")
            for part in message_parts(message, locale, note=note):
                await interaction.followup.send(ephemeral=True, **part)
        elif first_refusal and cmd is not None and cmd.channel_id is not None:
            # Someone else's secret: never shown here; tell them how to see it themselves.
            note = Message(text=text(cmd.guild_locale, "msg.dm_closed_other", mention=f"<@{user_id}>"))
            await self._post(cmd.channel_id, note, cmd, interaction, hand_button=True)
