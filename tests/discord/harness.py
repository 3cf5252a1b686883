"""An offline Discord for tests: the real discord.py client, with its HTTP layer and its
interaction webhook adapter replaced by fakes that record every request.

    h = await DiscordHarness.start(host)           # login, READY, one guild with #general
    await h.slash(ALICE, "game new", game="duel")   # a type 2 interaction, handled to the end
    h.requests                                     # everything the bot would have sent
    await h.click(ALICE, message, "sp:hand")        # a type 3 interaction on a recorded message
    await h.autocomplete(ALICE, "play", "action", "pl")   # a type 4 interaction -> choices
    h2 = await h.restart(new_host)                 # a new client over the same recorder

Payloads follow Discord's API v10 shapes (interaction, member, channel, message). Nothing
here opens a socket. Private discord.py seams used (as Avrae's tests do):
`HTTPClient.request`, `webhook.async_.async_context`, `ConnectionState.parse_*`.
"""
from __future__ import annotations

import asyncio
import itertools
import json
import re
import time
from dataclasses import dataclass, field
from typing import Any

import discord
from discord.http import Route
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

from bot.discord.client import ShapanClient
from tests.discord import limits

APP_ID = 900000000000000001
BOT_ID = 900000000000000002
GUILD_ID = 900000000000000100
CHANNEL_ID = 900000000000000200  # #general
OWNER_ID = 900000000000000300
MANAGE_GUILD = 1 << 5
MEMBER_PERMISSIONS = (1 << 10) | (1 << 11) | (1 << 31)  # view, send, use application commands
ADMIN_PERMISSIONS = MEMBER_PERMISSIONS | MANAGE_GUILD
TIMESTAMP = "2026-01-01T00:00:00.000000+00:00"
# Discord checks a message nonce sent with enforce_nonce "for uniqueness in the past few
# minutes": a message by the same author with the same nonce is returned instead of a new one.
NONCE_WINDOW = 120.0


@dataclass(frozen=True)
class User:
    id: int
    name: str
    locale: str = "en-US"
    display: str | None = None  # the display name (global_name); the name title-cased if None

    def payload(self) -> dict[str, Any]:
        return {"id": str(self.id), "username": self.name, "global_name": self.display or self.name.title(),
                "discriminator": "0", "avatar": None, "bot": False, "public_flags": 0}


BOT_USER = {"id": str(BOT_ID), "username": "shapan", "global_name": "Shapan", "discriminator": "0",
            "avatar": None, "bot": True, "public_flags": 0, "flags": 0, "verified": True, "mfa_enabled": False}


@dataclass
class Request:
    """One request the bot made: through the REST client (`via="http"`) or an interaction
    webhook (`via="webhook"`: callbacks, follow-ups, edits of the original response)."""

    via: str
    method: str
    path: str  # e.g. /channels/123/messages
    json: Any = None
    files: list[tuple[str, bytes]] = field(default_factory=list)
    response: Any = None  # what the fake answered (a message payload for sends)
    status: int = 200  # what the fake answered: 200, or the error it raised
    problems: list[str] = field(default_factory=list)  # why Discord would refuse it (400)
    repeat: bool = False  # a send whose nonce Discord already knew: it made no new message

    @property
    def ok(self) -> bool:
        return self.status < 300

    @property
    def body(self) -> dict[str, Any]:
        """The message part of the request (a callback carries it under `data`)."""
        if not isinstance(self.json, dict):
            return {}
        return self.json.get("data") or {} if self.path.endswith("/callback") else self.json

    @property
    def ephemeral(self) -> bool:
        return bool(self.body.get("flags", 0) & 64)

    @property
    def text(self) -> str:
        """All the words a reader of this message would see (content, embeds, components)."""
        return json.dumps(self.body, ensure_ascii=False)

    @property
    def custom_ids(self) -> list[str]:
        return re.findall(r'"custom_id": "([^"]*)"', self.text)

    def __repr__(self) -> str:
        return f"<{self.via} {self.method} {self.path} {self.text[:160]}>"


class FakeResponse:
    """Enough of an aiohttp response for `discord.HTTPException` and its subclasses."""

    REASONS = {400: "Bad Request", 403: "Forbidden", 404: "Not Found", 429: "Too Many Requests",
               500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable"}

    def __init__(self, status: int) -> None:
        self.status = status
        self.reason = self.REASONS.get(status, "Error")


def http_error(status: int, code: int = 0, message: str = "", errors: Any = None) -> discord.HTTPException:
    """The exception discord.py raises when Discord answers `status`."""
    body = {"code": code, "message": message or FakeResponse(status).reason}
    if errors:
        body["errors"] = errors
    kind = {403: discord.Forbidden, 404: discord.NotFound}.get(
        status, discord.DiscordServerError if status >= 500 else discord.HTTPException)
    return kind(FakeResponse(status), body)


@dataclass
class Fault:
    """An error the fake answers instead of success, on the requests `when` picks."""

    when: Any  # Callable[[Request], bool]
    status: int
    code: int = 0
    times: int | None = None  # how many requests it fails (None: every one)


class Recorder:
    """The fake Discord behind both fakes. It answers like Discord and records requests."""

    def __init__(self) -> None:
        self.requests: list[Request] = []
        self.unexpected: list[Request] = []
        self.closed_dms: set[int] = set()  # users whose DMs refuse us (403, code 50007)
        self.dm_channels: dict[int, int] = {}  # DM channel id -> user id
        self.tokens: dict[str, tuple[int, int]] = {}  # interaction token -> (channel id, flags of original)
        self.deleted: list[str] = []
        self.faults: list[Fault] = []
        # (when, seconds): requests answered only after a wait (a send in discord.py's retries);
        # a slow request is recorded when it is answered, so `requests` is the order of arrival
        self.delays: list[tuple[Any, float]] = []
        # Payloads Discord would refuse (HTTP 400): a test fails if any is left at the end
        # (see DiscordHarness.close) unless it expected them and cleared this list.
        self.rejected: list[Request] = []
        self._ids = itertools.count(910000000000000000)
        self.clock = time.monotonic  # for the nonce window; tests may move it
        self.nonces: dict[str, tuple[float, dict[str, Any]]] = {}  # nonce -> (when, the message made)
        self.synced: dict[str, int] = {}  # the synced commands a mention may name: path -> id
        # messages that name a command in the console's form (`/menu`, `/deck save fleet NAME`):
        # Discord has no such command or takes named options; a test fails if any is left
        self.console_forms: list[Request] = []

    def fail(self, when: Any, status: int, code: int = 0, times: int | None = None) -> Fault:
        """Answer `status` to the requests `when(request)` picks (for error-handling tests)."""
        fault = Fault(when, status, code, times)
        self.faults.append(fault)
        return fault

    def _check(self, req: Request) -> None:
        """Refuse what Discord refuses, and fail what a test asked to fail, as Discord would."""
        problems = _problems(req)
        if problems == [] and _is_message(req):  # a mention Discord would show as broken text
            problems = limits.check_command_mentions(req.body, self.synced)
            if limits.console_forms(req.body):
                self.console_forms.append(req)
        if problems:
            req.status, req.problems = 400, problems
            self.rejected.append(req)
            raise http_error(400, 50035, "Invalid Form Body", {"_errors": [{"code": "INVALID", "message": p}
                                                                           for p in problems]})
        for fault in self.faults:
            if fault.times != 0 and fault.when(req):
                if fault.times is not None:
                    fault.times -= 1
                req.status = fault.status
                raise http_error(fault.status, fault.code)

    def next_id(self) -> int:
        return next(self._ids)

    # --- the REST client (discord.http.HTTPClient.request) -----------------------------
    async def http_request(self, route: Route, *, files: Any = None, form: Any = None, **kwargs: Any) -> Any:
        body = kwargs.get("json")
        if body is None and form:
            body = _payload_json(form)
        req = Request("http", route.method, route.url[len(Route.BASE):], body, _read_files(files))
        for when, seconds in self.delays:
            if when(req):
                await asyncio.sleep(seconds)
        self.requests.append(req)
        self._check(req)
        req.response = self._answer_http(req)
        return req.response

    def _answer_http(self, req: Request) -> Any:
        m, p = req.method, req.path
        if (m, p) == ("GET", "/users/@me"):
            return BOT_USER
        if (m, p) == ("GET", "/oauth2/applications/@me"):
            return {"id": str(APP_ID), "name": "Shapan", "icon": None, "description": "", "rpc_origins": [],
                    "bot_public": True, "bot_require_code_grant": False, "verify_key": "0" * 64,
                    "owner": User(OWNER_ID, "owner").payload(), "team": None, "flags": 0, "summary": ""}
        if m == "PUT" and re.fullmatch(rf"/applications/{APP_ID}(/guilds/\d+)?/commands", p):
            synced = [dict(c, id=str(self.next_id()), application_id=str(APP_ID), version="1",
                           default_member_permissions=c.get("default_member_permissions"))
                      for c in req.json]
            self.synced = limits.command_paths(synced)
            return synced
        if (m, p) == ("POST", "/users/@me/channels"):
            user_id = int(req.json["recipient_id"])
            channel_id = next((c for c, u in self.dm_channels.items() if u == user_id), None) or self.next_id()
            self.dm_channels[channel_id] = user_id
            return {"id": str(channel_id), "type": 1, "last_message_id": None,
                    "recipients": [User(user_id, f"user{user_id}").payload()]}
        match = re.fullmatch(r"/channels/(\d+)/messages", p)
        if m == "POST" and match:
            channel_id = int(match[1])
            if self.dm_channels.get(channel_id) in self.closed_dms:
                req.status = 403
                raise http_error(403, 50007, "Cannot send messages to this user")
            return self.create_message(channel_id, req)
        match = re.fullmatch(r"/channels/(\d+)/threads", p)
        if m == "POST" and match:
            return {"id": str(self.next_id()), "type": 11, "guild_id": str(GUILD_ID), "parent_id": match[1],
                    "name": req.json["name"], "owner_id": str(BOT_ID), "member_count": 1, "message_count": 0,
                    "thread_metadata": {"archived": False, "auto_archive_duration": 1440, "locked": False,
                                        "archive_timestamp": TIMESTAMP}}
        self.unexpected.append(req)
        raise AssertionError(f"the bot requested an endpoint the fake does not serve: {m} {p}")

    # --- interaction webhooks (discord.webhook.async_.AsyncWebhookAdapter.request) --------
    async def webhook_request(self, route: Route, *, payload: Any = None, multipart: Any = None,
                              files: Any = None, **kwargs: Any) -> Any:
        body = payload if payload is not None else (_payload_json(multipart) if multipart else None)
        req = Request("webhook", route.method, route.url[len(Route.BASE):], body, _read_files(files))
        self.requests.append(req)
        self._check(req)
        req.response = self._answer_webhook(req)
        return req.response

    def _answer_webhook(self, req: Request) -> Any:
        m, p = req.method, req.path
        match = re.fullmatch(r"/interactions/(\d+)/([^/]+)/callback", p)
        if m == "POST" and match:
            kind, flags = req.json["type"], req.body.get("flags", 0)
            channel_id, original_flags = self.tokens.get(match[2], (CHANNEL_ID, 0))
            if kind in (4, 5):  # a new response message; for clicks (6, 7) @original is the clicked one
                self.tokens[match[2]] = (channel_id, flags)
            answer: dict[str, Any] = {"interaction": {
                "id": match[1], "type": 2, "response_message_loading": kind == 5,
                "response_message_ephemeral": bool(flags & 64)}}
            if kind in (4, 5):
                answer["resource"] = {"type": kind, "message": self.message(channel_id, req, flags=flags)}
            return answer
        match = re.fullmatch(rf"/webhooks/{APP_ID}/([^/]+)(/messages/(@original|\d+))?", p)
        if match:
            channel_id, original_flags = self.tokens.get(match[1], (CHANNEL_ID, 0))
            if m == "DELETE":
                self.deleted.append(p)
                return None
            if m == "POST":
                return self.message(channel_id, req, webhook=True)
            if m in ("PATCH", "GET"):
                return self.message(channel_id, req, webhook=True, flags=original_flags)
        self.unexpected.append(req)
        raise AssertionError(f"the bot requested a webhook endpoint the fake does not serve: {m} {p}")

    def create_message(self, channel_id: int, req: Request) -> dict[str, Any]:
        """A channel or DM message, as Discord makes it: a nonce it has seen within its window
        (with enforce_nonce) gives back the message made then, and no new one."""
        nonce = req.body.get("nonce")
        enforced = nonce is not None and req.body.get("enforce_nonce")
        if enforced:
            kept = self.nonces.get(str(nonce))
            if kept is not None and self.clock() - kept[0] < NONCE_WINDOW:
                req.repeat = True
                return kept[1]
        made = self.message(channel_id, req)
        if enforced:
            self.nonces[str(nonce)] = (self.clock(), made)
        return made

    def message(self, channel_id: int, req: Request, *, webhook: bool = False, flags: int | None = None) -> dict[str, Any]:
        """The message Discord would return for a send or an edit."""
        body = req.body
        return {
            "id": str(self.next_id()), "channel_id": str(channel_id), "author": BOT_USER, "type": 0,
            "content": body.get("content") or "", "embeds": body.get("embeds") or [],
            "components": body.get("components") or [],
            "attachments": [{"id": str(self.next_id()), "filename": name, "size": len(data),
                             "url": f"https://cdn.invalid/{name}", "proxy_url": f"https://cdn.invalid/{name}"}
                            for name, data in req.files],
            "flags": body.get("flags", 0) if flags is None else flags,
            "timestamp": TIMESTAMP, "edited_timestamp": None, "tts": False, "mention_everyone": False,
            "mentions": [], "mention_roles": [], "pinned": False,
            **({"webhook_id": str(APP_ID), "application_id": str(APP_ID)} if webhook else {}),
        }

    # --- reading what was sent -------------------------------------------------------
    def dm_messages(self, user_id: int, since: int = 0) -> list[Request]:
        """The DMs `user_id` received (sent and accepted)."""
        ids = {c for c, u in self.dm_channels.items() if u == user_id}
        return [r for r in self.requests[since:] if r.ok and not r.repeat and r.method == "POST"
                and _channel_of(r) in ids]

    def channel_messages(self, channel_id: int, since: int = 0) -> list[Request]:
        """The messages made in a channel (a repeated send Discord answered by nonce made none)."""
        return [r for r in self.requests[since:] if r.ok and not r.repeat and r.method == "POST"
                and _channel_of(r) == channel_id]

    def public(self, since: int = 0) -> list[Request]:
        """Everything others could read: channel posts and non-ephemeral interaction messages."""
        out = []
        for r in self.requests[since:]:
            if not r.ok or r.repeat:
                continue
            if r.via == "http" and r.method == "POST" and _channel_of(r) not in self.dm_channels and _channel_of(r):
                out.append(r)
            elif r.via == "webhook" and r.method in ("POST", "PATCH") and r.body and not self.is_private(r):
                out.append(r)
        return out

    def is_private(self, req: Request) -> bool:
        if req.path.endswith("/callback"):
            return req.ephemeral
        match = re.search(rf"/webhooks/{APP_ID}/([^/]+)", req.path)
        original_flags = self.tokens.get(match[1], (0, 0))[1] if match else 0
        if "/messages/@original" in req.path:
            return bool(original_flags & 64)
        return req.ephemeral

    def replies(self, since: int = 0) -> list[Request]:
        """Interaction messages (callback with a message, follow-ups, edits of the original)."""
        return [r for r in self.requests[since:] if r.via == "webhook" and r.method in ("POST", "PATCH")
                and r.body and (r.json.get("type") in (4, 7) if r.path.endswith("/callback") else True)]


def _problems(req: Request) -> list[str]:
    """Why Discord would answer this request with 400 (empty when it would accept it)."""
    m, p = req.method, req.path
    if m == "PUT" and p.endswith("/commands"):
        return limits.check_commands(req.json or [])
    if p.endswith("/callback"):
        kind = (req.json or {}).get("type")
        data = (req.json or {}).get("data") or {}
        if kind == 8:
            return limits.check_autocomplete(data.get("choices") or [])
        if kind in (4, 7):
            return limits.check_message(data, req.files, edit=kind == 7)
        return []
    if m in ("POST", "PATCH") and (re.fullmatch(r"/channels/\d+/messages(/\d+)?", p) or "/webhooks/" in p):
        return limits.check_message(req.body, req.files, edit=m == "PATCH")
    return []


def _is_message(req: Request) -> bool:
    m, p = req.method, req.path
    if p.endswith("/callback"):
        return (req.json or {}).get("type") in (4, 7)
    return m in ("POST", "PATCH") and bool(re.fullmatch(r"/channels/\d+/messages(/\d+)?", p) or "/webhooks/" in p)


def _channel_of(req: Request) -> int | None:
    match = re.fullmatch(r"/channels/(\d+)/messages", req.path)
    return int(match[1]) if match else None


def _payload_json(form: Any) -> Any:
    for part in form:
        if part.get("name") == "payload_json":
            return json.loads(part["value"])
    return None


def _read_files(files: Any) -> list[tuple[str, bytes]]:
    out = []
    for f in files or []:
        f.fp.seek(0)
        out.append((f.filename, f.fp.read()))
        f.fp.seek(0)
    return out


class FakeWebhookAdapter(AsyncWebhookAdapter):
    def __init__(self, recorder: Recorder) -> None:
        super().__init__()
        self.recorder = recorder

    async def request(self, route: Route, session: Any, **kwargs: Any) -> Any:  # type: ignore[override]
        return await self.recorder.webhook_request(route, **kwargs)


# The type Discord gives each option in an interaction payload, by discord.py's option type.
def _option_payload(param: discord.app_commands.Parameter, value: Any, resolved: dict[str, Any]) -> dict[str, Any]:
    kind = param.type
    if kind is discord.AppCommandOptionType.user:
        user: User = value
        resolved.setdefault("users", {})[str(user.id)] = user.payload()
        value = str(user.id)
    return {"name": param.display_name, "type": kind.value, "value": value}


class DiscordHarness:
    def __init__(self, client: ShapanClient, recorder: Recorder) -> None:
        self.client = client
        self.recorder = recorder
        self.adapter = FakeWebhookAdapter(recorder)
        self._ignored: set[asyncio.Task[Any]] = set()

    @property
    def requests(self) -> list[Request]:
        return self.recorder.requests

    @classmethod
    async def start(cls, host: Any, recorder: Recorder | None = None, **client_options: Any) -> "DiscordHarness":
        recorder = recorder or Recorder()
        client_options.setdefault("tick_seconds", 0)
        client = ShapanClient(host=host, guild_ready_timeout=0, **client_options)
        harness = cls(client, recorder)
        async_context.set(harness.adapter)
        client.http.request = recorder.http_request  # type: ignore[method-assign]
        await client.login("fake-token")  # GET /users/@me, GET /oauth2/applications/@me, setup_hook
        state = client._connection
        state.parse_ready({"v": 10, "user": BOT_USER, "guilds": [{"id": str(GUILD_ID), "unavailable": True}],
                           "session_id": "fake", "resume_gateway_url": "wss://gateway.invalid",
                           "application": {"id": str(APP_ID), "flags": 0}})
        state.parse_guild_create(cls.guild_payload())
        await harness.drain()
        harness._ignored = {t for t in asyncio.all_tasks() if not t.done()} - {asyncio.current_task()}
        return harness

    @staticmethod
    def guild_payload() -> dict[str, Any]:
        return {
            "id": str(GUILD_ID), "name": "沙盘测试", "owner_id": str(OWNER_ID), "preferred_locale": "zh-CN",
            "icon": None, "features": [], "member_count": 3, "large": False, "unavailable": False,
            "verification_level": 0, "default_message_notifications": 0, "explicit_content_filter": 0,
            "mfa_level": 0, "nsfw_level": 0, "premium_tier": 0, "system_channel_id": None,
            "roles": [{"id": str(GUILD_ID), "name": "@everyone", "permissions": str(MEMBER_PERMISSIONS),
                       "position": 0, "color": 0, "hoist": False, "managed": False, "mentionable": False}],
            "emojis": [], "stickers": [], "members": [], "voice_states": [], "presences": [], "threads": [],
            "channels": [{"id": str(CHANNEL_ID), "type": 0, "name": "general", "position": 0,
                          "permission_overwrites": [], "nsfw": False, "parent_id": None, "topic": None,
                          "rate_limit_per_user": 0, "last_message_id": None}],
        }

    async def restart(self, host: Any, **client_options: Any) -> "DiscordHarness":
        """Stop this client and its host, then start a fresh client (no views in memory) with
        `host` (usually a new Host over the same database) on the same fake Discord."""
        await self.close()
        return await DiscordHarness.start(host, recorder=self.recorder, **client_options)

    async def close(self) -> None:
        await self.client.close()  # closes the host too
        forms = self.recorder.console_forms
        assert not forms, "messages naming a command as the console types it:\n" + "\n".join(
            f"{r!r}: {limits.console_forms(r.body)}" for r in forms)
        rejected = self.recorder.rejected
        assert not rejected, "payloads Discord would refuse:\n" + "\n".join(
            f"{r!r}: {r.problems}" for r in rejected)

    async def drain(self, timeout: float = 10) -> None:
        """Wait until every task the client started has finished."""
        current = asyncio.current_task()

        async def settle() -> None:
            ours = {current, asyncio.current_task()}  # wait_for runs settle() in a task of its own
            while True:
                pending = [t for t in asyncio.all_tasks() if t not in ours and not t.done()
                           and t not in self._ignored and not _is_view_timer(t)]
                if not pending:
                    return
                await asyncio.wait(pending)

        try:
            await asyncio.wait_for(settle(), timeout)
        except TimeoutError:
            stuck = [t for t in asyncio.all_tasks() if t is not current and not t.done() and t not in self._ignored]
            raise TimeoutError(f"tasks still running after {timeout}s: {stuck}") from None

    # --- interactions --------------------------------------------------------------------
    def _base(self, kind: int, user: User, *, dm: bool = False, channel_id: int = CHANNEL_ID,
              manage_guild: bool = False, guild_locale: str = "zh-CN") -> dict[str, Any]:
        interaction_id = self.recorder.next_id()
        token = f"token-{interaction_id}"
        payload: dict[str, Any] = {
            "id": str(interaction_id), "application_id": str(APP_ID), "type": kind, "token": token,
            "version": 1, "locale": user.locale, "entitlements": [], "attachment_size_limit": 10 * 1024 * 1024,
            "app_permissions": str(MEMBER_PERMISSIONS | (1 << 14) | (1 << 15)),
        }
        if dm:
            dm_channel = next((c for c, u in self.recorder.dm_channels.items() if u == user.id), None)
            if dm_channel is None:
                dm_channel = self.recorder.next_id()
                self.recorder.dm_channels[dm_channel] = user.id
            payload.update(user=user.payload(), context=1, channel_id=str(dm_channel),
                           channel={"id": str(dm_channel), "type": 1, "recipients": [user.payload()]},
                           authorizing_integration_owners={"0": str(APP_ID)})
            channel_id = dm_channel
        else:
            perms = ADMIN_PERMISSIONS if manage_guild else MEMBER_PERMISSIONS
            payload.update(
                guild_id=str(GUILD_ID), guild_locale=guild_locale, context=0, channel_id=str(channel_id),
                channel={"id": str(channel_id), "type": 0, "guild_id": str(GUILD_ID), "name": "general",
                         "permissions": str(perms), "position": 0, "nsfw": False, "parent_id": None, "topic": None,
                         "rate_limit_per_user": 0, "last_message_id": None, "flags": 0},
                guild={"id": str(GUILD_ID), "locale": guild_locale, "features": []},
                member={"user": user.payload(), "roles": [], "joined_at": TIMESTAMP, "deaf": False, "mute": False,
                        "flags": 0, "pending": False, "permissions": str(perms), "nick": None, "avatar": None},
                authorizing_integration_owners={"0": str(GUILD_ID)},
            )
        self.recorder.tokens[token] = (channel_id, 0)
        return payload

    def _command_data(self, path: str, options: dict[str, Any], focused: str | None = None) -> dict[str, Any]:
        """`data` of a slash command interaction; `path` uses the English names ("game new")."""
        names = path.split()
        command: Any = self.client.tree.get_command(names[0])
        if command is None:
            raise KeyError(path)
        for name in names[1:]:
            command = command.get_command(name)
        # Options may be given by Python parameter name or by the name Discord shows; the
        # payload carries the shown (renamed) name, as Discord sends it.
        params = {p.name: p for p in command.parameters} | {p.display_name: p for p in command.parameters}
        resolved: dict[str, Any] = {}
        opts = []
        for name, value in options.items():
            param = params[name]
            option = _option_payload(param, value, resolved)
            if name == focused:
                option["focused"] = True
            opts.append(option)
        for name in reversed(names[1:]):
            opts = [{"name": name, "type": 1, "options": opts}]
        data = {"id": str(self.recorder.next_id()), "name": names[0], "type": 1, "options": opts}
        if resolved:
            data["resolved"] = resolved
        return data

    async def inject(self, payload: dict[str, Any]) -> None:
        async_context.set(self.adapter)  # tasks made from here on use the fake webhooks
        self.client._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
        await self.drain()

    async def slash(self, user: User, path: str, *, dm: bool = False, channel_id: int = CHANNEL_ID,
                    manage_guild: bool = False, guild_locale: str = "zh-CN", **options: Any) -> list[Request]:
        """Run a slash command to the end; returns the requests it caused."""
        start = len(self.requests)
        payload = self._base(2, user, dm=dm, channel_id=channel_id, manage_guild=manage_guild, guild_locale=guild_locale)
        payload["data"] = self._command_data(path, options)
        await self.inject(payload)
        return self.requests[start:]

    async def autocomplete(self, user: User, path: str, focused: str, *, dm: bool = False,
                           **options: Any) -> list[dict[str, Any]]:
        """Type into an option; returns the choices the bot offered."""
        start = len(self.requests)
        payload = self._base(4, user, dm=dm)
        payload["data"] = self._command_data(path, options, focused=focused)
        await self.inject(payload)
        answers = [r for r in self.requests[start:] if r.path.endswith("/callback") and r.json.get("type") == 8]
        assert len(answers) == 1, self.requests[start:]
        return answers[0].json["data"]["choices"]

    async def click(self, user: User, message: dict[str, Any], custom_id: str, *, values: list[str] | None = None,
                    dm: bool = False, channel_id: int | None = None, guild_locale: str = "zh-CN") -> list[Request]:
        """Click a button or pick from a select on a message the bot sent (a recorded response)."""
        component = _find_component(message.get("components", []), custom_id)
        assert component is not None, f"no component {custom_id!r} on that message"
        start = len(self.requests)
        payload = self._base(3, user, dm=dm, channel_id=channel_id or int(message["channel_id"]), guild_locale=guild_locale)
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component["type"]}
        if component["type"] == 3:
            data["values"] = values or []
        payload["data"] = data
        payload["message"] = message
        self.recorder.tokens[payload["token"]] = (int(message["channel_id"]), message.get("flags", 0))
        await self.inject(payload)
        return self.requests[start:]


def _is_view_timer(task: asyncio.Task[Any]) -> bool:
    """discord.py gives views on ephemeral messages a 15-minute timer task; not work to wait for."""
    return "timeout_task_impl" in getattr(task.get_coro(), "__qualname__", "")


def _find_component(rows: list[dict[str, Any]], custom_id: str) -> dict[str, Any] | None:
    for row in rows:
        for component in row.get("components", []):
            if component.get("custom_id") == custom_id:
                return component
    return None
