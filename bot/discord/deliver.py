"""Delivering an Outbox to Discord: the reply to the caller, then the channels' posts and the
private messages by DM (falling back to an ephemeral reply when DMs are closed) in the order
the events happened (`Outbox.in_order`): the channel's line first when a DM reacts to it. Each
waits for the earlier ones a few seconds at most (HEAD_START), never for a message's retries
or a closed DM; the notes for DMs that did not arrive come after the posts.

Discord limits kept here: 2000 characters of content, 4096 of embed description, 10 files
per message, 5 component rows (see menus.py).

Every message is sent on its own: an HTTP error on one (a refused payload, a server error
after discord.py's own retries, a missing permission) is logged with its table and never
stops the others, and a player whose private message did not arrive is told where to find
it. Nobody is pinged except the users a message names in `pings`.

Posts of committed steps come from the outbox (they carry a `nonce`): each part is sent with
Discord's message nonce (`enforce_nonce`), so sending it again makes no second message, and
once the box is through the outbox learns which went out, which Discord refused (recorded,
not tried again) and which met a passing failure (tried again later). `resend_pending` sends
what a process that died, or a failed delivery, left behind.
"""
from __future__ import annotations

import asyncio
import io
import logging
import time
from typing import TYPE_CHECKING, Any

import aiohttp
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
IMAGE_TYPES = (".png", ".jpg", ".jpeg", ".gif", ".webp")  # what an embed can show as its image
# What one send may raise: Discord's answer, or the connection failing after discord.py's retries.
SEND_ERRORS = (discord.HTTPException, aiohttp.ClientError, OSError, asyncio.TimeoutError)
POST_ATTEMPTS = 5  # a post that meets a passing failure this often is recorded as failed
# How long a step's post waits for the DMs before it, or a DM for the posts before it (see
# Delivery._send_posts): a message goes out in well under a second; one in discord.py's
# retries must not hold up the others.
HEAD_START = 3.0


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


def mentions(message: Message) -> discord.AllowedMentions:
    """Exactly the pings `message` means: its `pings` users and `role_pings` roles, never
    @everyone."""
    return discord.AllowedMentions(everyone=False, replied_user=False,
                                   roles=[discord.Object(id=r) for r in message.role_pings] or False,
                                   users=[discord.Object(id=u) for u in message.pings])


def message_parts(message: Message, locale: str | None, *, hand_button: bool = False, page: int = 0,
                  note: str | None = None, hand_session: int | None = None) -> list[dict[str, Any]]:
    """The keyword arguments of one or more sends that together show `message`.

    Short plain text goes in `content`; a title, images, a note or long text use embeds.
    Components go on the last part, the note and the first ten images on the first; the
    users to ping are named at the start of the first part's content.
    """
    view, menu_note = build_view(message, locale, hand_button=hand_button, page=page, hand_session=hand_session)
    body = message.text or ""
    if menu_note:
        body = f"{body}\n\n{menu_note}" if body else menu_note
    ping = " ".join([f"<@{u}>" for u in message.pings if f"<@{u}>" not in body]
                    + [f"<@&{r}>" for r in message.role_pings if f"<@&{r}>" not in body])
    if ping:
        note = f"{ping} {note}" if note else ping
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
            if images[0].filename.lower().endswith(IMAGE_TYPES):  # any other file is only attached
                parts[0]["embed"].set_image(url=f"attachment://{images[0].filename}")
        else:
            parts.append({"files": batch})
    if view is not None:
        parts[-1]["view"] = view
    allowed = mentions(message)
    for part in parts:
        part["allowed_mentions"] = allowed
    return parts


def _as_edit(part: dict[str, Any]) -> dict[str, Any]:
    """Edits replace everything the message showed before."""
    return {
        "content": part.get("content"),
        "embeds": [part["embed"]] if "embed" in part else [],
        "attachments": part.get("files", []),
        "view": part.get("view"),
        "allowed_mentions": part["allowed_mentions"],
    }


def _dm_refused(exc: Exception) -> bool:
    return isinstance(exc, discord.Forbidden) and exc.code in DM_REFUSED


def _passing(exc: BaseException) -> bool:
    """A failure that may not happen again (Discord's server errors, the connection), as
    against a refusal (a 4xx: the payload, a permission, a closed DM) that will."""
    return not isinstance(exc, discord.HTTPException) or isinstance(exc, discord.DiscordServerError)


def _reason(exc: BaseException) -> str:
    if isinstance(exc, discord.HTTPException):
        return f"HTTP {exc.status}, code {exc.code}: {exc.text[:200]}"
    return f"{type(exc).__name__}: {str(exc)[:200]}"


# How one message went: None (sent), the error of a send that failed, or a reason it was not
# tried (a user whose DMs are known to be closed).
Result = BaseException | str | None


class ReplyNotShown(Exception):
    """A kept reply that did not go out under its command: a passing failure, so the outbox
    sends it later by another way (see Delivery._late_reply)."""


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
        """Send everything in `outbox`, each message on its own (see the module's doc)."""
        answered = False
        if interaction is not None and cmd is not None:
            if outbox.reply is not None:
                await draw_pictures([outbox.reply])
            try:
                await self._reply(interaction, cmd, outbox, deferred_ephemeral, edit, page)
                answered = True
            except discord.HTTPException as exc:
                # The step is committed: its posts and DMs below must go out all the same.
                _log_failure(exc, "the reply to user %s", cmd.user_id, outbox.reply)
        if interaction is not None and outbox.reply is not None and outbox.reply.nonce is not None:
            # A reply kept with its step (with no interaction it is left to the outbox): marked sent at once (the posts below take longer, and
            # a reply answered but not marked would be sent again by DM after a crash); or, not
            # shown under the command, left to the outbox, which sends it by DM (or in the
            # channel) once its lease has passed.
            await self._settle([(outbox.reply, None if answered else ReplyNotShown())])
        # the caller has the answer; now the posts and DMs, in the order the events happened
        results = await self._send_posts([(kind, target, message, cmd) for kind, target, message in outbox.in_order()],
                                         interaction)
        await self._settle(results)

    async def _send_posts(self, posts: list[tuple[str, int, Message, Command | None]],
                          interaction: discord.Interaction | None) -> list[tuple[Message, Result]]:
        """Send `posts` ((kind, target, message, command), in the order the host kept them: a
        step's reply, then its posts and DMs as `Outbox.in_order` puts them), each on its own,
        then the notes for DMs that did not arrive.

        Players read the channel and their DMs side by side, so each post or DM waits for the
        earlier ones of the other kind: a prompt that answers the channel's "Bot 1 attacks"
        comes after it, a DM about a hidden pick made before the step's post comes before it.
        It waits HEAD_START seconds at most: a post or DM in discord.py's retries, or a DM to a
        user whose DMs are closed, never holds up the others for long. One conversation's
        messages (one user's DMs, one channel's posts) keep their order; DMs to different
        users go at once."""
        sending: list[tuple[bool, asyncio.Task[Any]]] = []  # (a DM?, its sending), in order
        last: dict[tuple[bool, int], asyncio.Task[Any]] = {}  # the latest send of each conversation
        for kind, target, message, cmd in posts:
            dm = kind == "private"
            others = [task for was_dm, task in sending if was_dm != dm]
            task = asyncio.create_task(self._send_after(last.get((dm, target)), others, kind, target, message, cmd,
                                                        interaction))
            last[dm, target] = task
            sending.append((dm, task))
        results: list[tuple[Message, Result]] = []
        missed = []
        for (kind, target, message, cmd), (_, task) in zip(posts, sending):
            outcome = await task
            if isinstance(outcome, tuple):  # a DM that did not arrive: told after the posts
                missed.append((target, message, cmd, outcome))
            else:
                results.append((message, outcome))
        for user_id, message, cmd, outcome in missed:
            results.append((message, await self._guarded(
                message, self._dm_missed(user_id, message, cmd, interaction, *outcome))))
        return results

    async def _send_after(self, earlier: "asyncio.Task[Any] | None", others: list["asyncio.Task[Any]"], kind: str,
                          target: int, message: Message, cmd: Command | None,
                          interaction: discord.Interaction | None) -> Any:
        """One post or DM, sent once its conversation's earlier message is through and the
        earlier ones of the other kind are, or HEAD_START seconds have passed (see
        `_send_posts`). A DM's outcome is `_send_dm`'s (a tuple for one that did not arrive)."""
        if earlier is not None:
            await asyncio.wait([earlier])
        pending = [task for task in others if not task.done()]
        if pending:
            await asyncio.wait(pending, timeout=HEAD_START)
        await draw_pictures([message])
        if kind == "private":
            return await self._guarded(message, self._send_dm(target, message, cmd))
        if kind == "reply":
            return await self._guarded(message, self._late_reply(target, message, cmd))
        # a step's post while the game goes on gets a "show my hand" button (ephemeral hands
        # expire, so players need a way to see theirs again); a result or a lobby's post none
        return await self._guarded(message, self._post(target, message, cmd, interaction, message.game_on))

    @staticmethod
    async def _guarded(message: Message, send: Any) -> Any:
        """`send`'s result; anything it raises (a picture, a bug) is recorded as the post's
        failure, and the others go on."""
        try:
            return await send
        except Exception as exc:
            log.exception("sending post %s of table %s failed", message.nonce, message.session_id)
            return f"{type(exc).__name__}: {str(exc)[:200]}"

    async def resend_pending(self) -> int:
        """Send the outbox's posts that nobody is delivering (a process died between its
        commit and its sends, or a send met a passing failure), each with its own nonce:
        Discord answers a repeat with the message it already made. One post failing never
        stops the others. Returns how many were claimed."""
        host = self.client.host
        if not hasattr(host, "claim_posts"):
            return 0
        claimed = await host.claim_posts()
        attempts = {message.nonce: tried for _, _, message, _, tried in claimed}
        results = await self._send_posts([(kind, target, message, cmd) for kind, target, message, cmd, _ in claimed],
                                         None)
        await self._settle(results, attempts)
        return len(claimed)

    async def _settle(self, results: list[tuple[Message, Result]], attempts: dict[str, int] | None = None) -> None:
        """Tell the outbox how its posts went (messages without a nonce are not kept there)."""
        sent, failed, retry = [], {}, []
        for message, result in results:
            nonce = message.nonce
            if nonce is None:
                continue
            if result is None:
                sent.append(nonce)
            elif isinstance(result, str):
                failed[nonce] = result
            elif _passing(result) and (attempts or {}).get(nonce, 0) + 1 < POST_ATTEMPTS:
                retry.append(nonce)
            else:
                failed[nonce] = _reason(result)
        if not (sent or failed or retry) or not hasattr(self.client.host, "settle_posts"):
            return
        try:
            await self.client.host.settle_posts(sent, failed, retry)
        except Exception:  # they stay pending: resent (and deduplicated by nonce) later
            log.exception("could not record the delivery of %s posts", len(results))

    async def _late_reply(self, user_id: int, message: Message, cmd: Command | None) -> Result:
        """A command's reply that was never shown under it (its process died first, or Discord
        refused the answer): said to be late, then posted in the command's channel if it was
        public, else sent to the caller by DM (a private reply never goes to a channel)."""
        locale = cmd.locale if cmd is not None else None
        message.text = text(locale, "msg.reply_late") + "\n\n" + message.text
        if message.public_reply and cmd is not None and cmd.channel_id is not None:
            message.pings = [user_id]
            return await self._post(cmd.channel_id, message, cmd, None, hand_button=False)
        return await self._private(user_id, message, cmd, None)

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

    async def _tell_caller(self, interaction: discord.Interaction | None, cmd: Command | None,
                           message: Message) -> bool:
        """A private note under the caller's command; False when there is no caller to tell."""
        if interaction is None or cmd is None:
            return False
        try:
            for part in message_parts(message, cmd.locale):
                await interaction.followup.send(ephemeral=True, **part)
        except discord.HTTPException as exc:
            _log_failure(exc, "a private note to user %s", cmd.user_id, message)
        return True

    # --- public posts ------------------------------------------------------------------
    async def _post(self, channel_id: int, message: Message, cmd: Command | None,
                    interaction: discord.Interaction | None, hand_button: bool) -> Result:
        """Post `message` in a channel; None when every part of it went through, else the
        error of a part that failed (the other parts are sent all the same)."""
        # the post's buttons in the language of its text: a timer's post (no command) is in
        # its table's language, not the bot's default. Whether the game goes on (the hand and
        # move buttons) the host says: `Message.game_on`
        # A command from a DM has no server language: the post then follows its table too (an
        # English table's post after a DM click had Chinese buttons; play17b)
        locale = cmd.guild_locale if cmd is not None else None
        if locale is None:
            locale = await self._table_locale(message)
        session = message.menu.session_id if message.menu is not None else None
        channel = self.client.get_partial_messageable(channel_id)
        failed: BaseException | None = None
        parts = message_parts(message, locale, hand_button=hand_button, hand_session=session)
        for i, part in enumerate(parts):
            if message.nonce is not None:
                part["nonce"] = f"{message.nonce}-{i}"  # the same part sent again is the same message
            try:
                await channel.send(**part)
            except SEND_ERRORS as exc:  # the other parts, posts and DMs still go
                _log_failure(exc, "a post in channel %s", channel_id, message)
                failed = exc
        if failed is not None and cmd is not None:
            key = "msg.no_permission" if isinstance(failed, discord.Forbidden) else "msg.post_failed"
            await self._tell_caller(interaction, cmd, Message(text=text(cmd.locale, key, channel=channel_id)))
        return failed

    # --- private messages ------------------------------------------------------------
    async def _private(self, user_id: int, message: Message, cmd: Command | None,
                       interaction: discord.Interaction | None) -> Result:
        """Send `message` by DM; when it cannot arrive, the caller sees it privately or the
        table is told that this player missed a message. None when the DM went through."""
        outcome = await self._send_dm(user_id, message, cmd)
        if isinstance(outcome, tuple):
            return await self._dm_missed(user_id, message, cmd, interaction, *outcome)
        return outcome

    async def _send_dm(self, user_id: int, message: Message,
                       cmd: Command | None) -> None | tuple[Result, str, bool]:
        """None when the DM went through; else what `_dm_missed` needs: the outcome, why
        ("closed" or "failed"), and whether the table should be told."""
        is_caller = cmd is not None and cmd.user_id == user_id
        if self.dms_known_closed(user_id):
            return "the user's DMs are closed", "closed", False
        # a DM's menu and buttons in its reader's language, as the host wrote its text
        locale = cmd.locale if is_caller else await self._reader_locale(user_id, cmd, message)
        try:
            dm = await self.client.create_dm(discord.Object(id=user_id))
            for i, part in enumerate(message_parts(message, locale)):
                if message.nonce is not None:
                    part["nonce"] = f"{message.nonce}-{i}"
                await dm.send(**part)
            if self.dm_closed.pop(user_id, None) is not None:
                await self._remember_dm_state(user_id, closed=False)
            return None
        except SEND_ERRORS as exc:
            if _dm_refused(exc):
                log.info("DMs to user %s refused (code %s)", user_id, exc.code)
                tell_table = user_id not in self.dm_closed
                self.dm_closed[user_id] = time.monotonic()
                if tell_table:
                    await self._remember_dm_state(user_id, closed=True)
                return exc, "closed", tell_table
            _log_failure(exc, "a direct message to user %s", user_id, message)
            return exc, "failed", True

    async def _dm_missed(self, user_id: int, message: Message, cmd: Command | None,
                         interaction: discord.Interaction | None, outcome: Result, reason: str,
                         tell_table: bool) -> Result:
        """A DM that did not arrive: its caller sees it under the command; another player is
        told in the table's channel (once, when their DMs are closed) how to see it."""
        is_caller = cmd is not None and cmd.user_id == user_id
        if is_caller and interaction is not None:
            locale = cmd.locale
            note = text(locale, f"msg.dm_{reason}_self")
            try:
                for part in message_parts(message, locale, note=note):
                    await interaction.followup.send(ephemeral=True, **part)
            except discord.HTTPException as exc:
                _log_failure(exc, "the private fallback to user %s", user_id, message)
            return outcome
        if not tell_table:
            return outcome
        channel_id = await self._table_channel(cmd, message)
        if channel_id is None:
            log.warning("user %s missed a private message of table %s and no channel is known to tell them",
                        user_id, message.session_id)
            return outcome
        # Someone else's secret: never shown here; tell them (with a ping, in their language)
        # how to see it.
        locale = await self._reader_locale(user_id, cmd, message)
        note = Message(text=text(locale, f"msg.dm_{reason}_other", mention=f"<@{user_id}>"),
                       pings=[user_id], session_id=message.session_id,
                       # the note stands for this DM: sent again with it, it is the same message
                       nonce=None if message.nonce is None else f"{message.nonce}n")
        await self._post(channel_id, note, cmd, interaction, hand_button=message.game_on)  # the hand shows it
        return outcome

    async def _table_channel(self, cmd: Command | None, message: Message) -> int | None:
        if cmd is not None and cmd.channel_id is not None:
            return cmd.channel_id
        session = await self._table(message)
        return session.channel_id if session is not None else None

    async def _reader_locale(self, user_id: int, cmd: Command | None, message: Message) -> str | None:
        """The language of a player who is not the caller: their own, else the server's, else the table's."""
        locale = await self._user_locale(user_id)
        if locale is None:
            locale = (cmd.guild_locale if cmd is not None else None) or await self._table_locale(message)
        return locale

    async def _user_locale(self, user_id: int) -> str | None:
        try:
            return await self.client.host.repo.user_locale(user_id)
        except Exception:
            log.exception("could not read the locale of user %s", user_id)
            return None

    async def _table_locale(self, message: Message) -> str | None:
        session = await self._table(message)
        return session.locale if session is not None else None

    async def _table(self, message: Message) -> Any:
        if message.session_id is None:
            return None
        try:
            return await self.client.host.repo.load_session(message.session_id)
        except Exception:
            log.exception("could not load table %s", message.session_id)
            return None


def _log_failure(exc: BaseException, what: str, target: int, message: Message | None) -> None:
    table = message.session_id if message is not None else None
    log.warning("Discord refused " + what + " (table %s): %s", target, table, _reason(exc))
