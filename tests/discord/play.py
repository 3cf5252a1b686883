"""Play a game through the offline Discord as one human would see it, as text.

    python -m tests.discord.play conflict --locale zh-CN [--seed 100] [--pictures DIR]

The real client runs over the test harness (tests/discord/harness.py); this prints what
Discord would show one player: the channel's posts (embeds, pictures by file name), their
DMs and the replies only they see, each marked, with every button and select numbered.
Type at the `>` prompt:
    3            click the button numbered 3
    4.2          pick option 2 of the select numbered 4 (also `4 2`)
    /game status         a slash command; options as `name:value` (`/play action:a1`),
                         command and option names in English or as Discord shows them in Chinese
    /game new game:?     what Discord's autocomplete suggests for an option (text before `?`
                         is what was typed)
    /            the commands Discord lists when you type a slash
    look         everything still on screen (the last version of each message with components)
    quit
With GAME the table is opened as the player would do it (`/game new`, `/game bot` for each
other seat, `/game start`). Bots' moves left for the timer are played after each input, as
the running bot's timer would. Lines starting with `#` are ignored (comments in a script).
"""
from __future__ import annotations

import argparse
import asyncio
import datetime
import itertools
import re
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.discord.conftest import make_host  # also registers the Duel test game
from tests.discord.harness import APP_ID, CHANNEL_ID, GUILD_ID, DiscordHarness, Request, User

STYLES = {1: "primary", 2: "secondary", 3: "success", 4: "danger", 5: "link"}
TICK_CAP = 500  # timer rounds after one input (bots playing among themselves)


@dataclass
class Shown:
    """One message on the player's screen, as its last version reads."""

    label: str  # M1, M2 ...
    where: str  # "#general", "DM", "only you"
    message: dict[str, Any]  # the message payload Discord returned (what a click refers to)
    numbers: list[int] = field(default_factory=list)  # its components' numbers


class Screen:
    """What one human sees of the offline Discord, and what they can click."""

    def __init__(self, h: DiscordHarness, user: User, guild_locale: str, pictures: Path | None = None) -> None:
        self.h, self.user, self.guild_locale, self.pictures = h, user, guild_locale, pictures
        self.seen = len(h.requests)
        self.messages: list[Shown] = []
        self.components: dict[int, tuple[Shown, dict[str, Any]]] = {}
        self._numbers = itertools.count(1)
        self._labels = itertools.count(1)
        self.originals: dict[str, Shown] = {}  # interaction token -> the message @original is
        self.tree = _synced_tree(h)
        self.clicks = 0
        self.commands = 0

    # --- input -----------------------------------------------------------------------
    async def run_line(self, line: str) -> str:
        """Do what the player typed; returns what appears on their screen."""
        line = line.strip()
        if not line or line.startswith("#"):
            return ""
        if line in ("look", "l"):
            return "\n".join(self.render(s) for s in self.messages if s.numbers) or "(no buttons on screen)"
        if line == "/":
            return self.command_list()
        if line.startswith("/"):
            return await self.slash(line[1:])
        match = re.fullmatch(r"(\d+)(?:[. ](\d+))?", line)
        if not match:
            return "? type a number to click, N.K to pick from a select, /command, look or quit"
        return await self.click(int(match[1]), int(match[2]) if match[2] else None)

    async def click(self, number: int, option: int | None) -> str:
        if number not in self.components:
            return f"? there is no component {number} on screen"
        shown, component = self.components[number]
        values = None
        if component["type"] == 3:
            options = component["options"]
            if option is None or not 1 <= option <= len(options):
                return f"? pick one of {number}.1 to {number}.{len(options)}"
            values = [options[option - 1]["value"]]
        elif option is not None:
            return f"? {number} is a button; type {number} alone"
        elif component.get("disabled"):
            return f"? {number} is disabled"
        dm = int(shown.message["channel_id"]) in self.h.recorder.dm_channels
        start = len(self.h.requests)
        await self.h.click(self.user, shown.message, component["custom_id"], values=values, dm=dm,
                           guild_locale=self.guild_locale)
        self.clicks += 1
        callback = next((r for r in self.h.requests[start:] if r.path.endswith("/callback")), None)
        if callback is not None and callback.json.get("type") in (6, 7):  # the clicked message is edited
            self.originals[callback.path.split("/")[3]] = shown
        return await self.after_input()

    async def slash(self, typed: str) -> str:
        try:
            path, options, focused = self.parse_command(typed)
        except ValueError as exc:
            return f"? {exc}"
        if focused is not None:
            choices = await self.h.autocomplete(self.user, path, focused, **options)
            if not choices:
                return "(no suggestions)"
            return "\n".join(f"  {c['name']}   -> {focused}:{c['value']}" for c in choices)
        await self.h.slash(self.user, path, guild_locale=self.guild_locale, **options)
        self.commands += 1
        return await self.after_input()

    def parse_command(self, typed: str) -> tuple[str, dict[str, Any], str | None]:
        """`game new game:conflict options:rounds=5` -> ("game new", {"game": ...}, focused)."""
        first = re.search(r"\S+[:=]", typed)
        words = (typed[: first.start()] if first else typed).split()
        if not words:
            raise ValueError("which command? type / for the list")
        node, path = {"options": self.tree}, []
        for word in words:
            node = _named(node.get("options", []), word, (1, 2))
            if node is None:
                raise ValueError(f"no command /{' '.join(path + [word])}; type / for the list")
            path.append(node["name"])
        if any(o["type"] in (1, 2) for o in node.get("options", [])):
            subs = ", ".join(o["name"] for o in node["options"])
            raise ValueError(f"/{' '.join(path)} needs one of: {subs}")
        options: dict[str, Any] = {}
        focused = None
        rest = typed[first.start():] if first else ""
        # An option starts only at one of this command's own option names followed by ":" or
        # "=": a value keeps its spaces, colons and "=" signs ("options:rounds=4 budget=60" is
        # one option, as Discord sends its options field; so is "action:Jagdpanzer IV #2: face N").
        names = sorted({n for o in node.get("options", [])
                        for n in (o["name"], (o.get("name_localizations") or {}).get("zh-CN")) if n},
                       key=len, reverse=True)
        marker = r"(?:^|(?<=\s))(" + "|".join(map(re.escape, names)) + r")[:=]" if names else r"(?!)"
        starts = list(re.finditer(marker, rest, flags=re.IGNORECASE))
        if rest.strip() and (not starts or rest[: starts[0].start()].strip()):
            known = ", ".join(o["name"] for o in node.get("options", [])) or "none"
            raise ValueError(f"/{' '.join(path)}: “{rest.split()[0]}” is not one of its options ({known})")
        for at, start in enumerate(starts):
            end = starts[at + 1].start() if at + 1 < len(starts) else len(rest)
            name, value = start.group(1), rest[start.end(): end]
            option = _named(node.get("options", []), name, None)
            if option is None:
                known = ", ".join(o["name"] for o in node.get("options", [])) or "none"
                raise ValueError(f"/{' '.join(path)} has no option {name!r} (options: {known})")
            value = value.strip()
            if value.endswith("?"):
                focused, value = option["name"], value[:-1]
            options[option["name"]] = _typed_value(option["type"], value)
        return " ".join(path), options, focused

    def command_list(self) -> str:
        zh = self.user.locale.startswith("zh")
        lines = []

        def walk(nodes: list[dict[str, Any]], prefix: str) -> None:
            for n in nodes:
                if n.get("type", 1) not in (1, 2) and prefix:
                    continue
                name = (n.get("name_localizations") or {}).get("zh-CN") if zh else None
                desc = ((n.get("description_localizations") or {}).get("zh-CN") if zh else None) or n["description"]
                subs = [o for o in n.get("options", []) if o["type"] in (1, 2)]
                if subs:
                    walk(subs, f"{prefix}{n['name']} ")
                else:
                    opts = " ".join(f"{o['name']}:" for o in n.get("options", []))
                    shown = f"/{prefix}{n['name']}" + (f" ({name})" if name and name != n["name"] else "")
                    lines.append(f"  {shown} {opts}  - {desc}")

        walk(self.tree, "")
        return "\n".join(lines)

    # --- after an input: the timer's rounds, then what arrived ---------------------------
    async def after_input(self) -> str:
        for _ in range(TICK_CAP):
            before = len(self.h.requests)
            await self.h.client.tick_once()
            await self.h.drain()
            if len(self.h.requests) == before:
                break
        return self.read_new()

    def read_new(self) -> str:
        out = []
        for req in self.h.requests[self.seen:]:
            shown = self.take(req)
            if shown is not None:
                out.append(self.render(shown, edited=req.method == "PATCH" or req.json.get("type") == 7))
        self.seen = len(self.h.requests)
        return "\n".join(out) or "(nothing new)"

    def take(self, req: Request) -> Shown | None:
        """The message this request shows the player (None when it shows them nothing)."""
        rec = self.h.recorder
        if not req.ok or req.repeat or req.method not in ("POST", "PATCH"):
            return None
        if req.via == "http":
            match = re.fullmatch(r"/channels/(\d+)/messages", req.path)
            if not match:
                return None
            channel = int(match[1])
            if channel in rec.dm_channels:
                if rec.dm_channels[channel] != self.user.id:
                    return None
                return self.add("DM", req.response)
            return self.add("#general" if channel == CHANNEL_ID else f"#thread {channel}", req.response)
        token = re.search(rf"/(?:interactions/\d+|webhooks/{APP_ID})/([^/]+)", req.path)[1]
        if req.path.endswith("/callback"):
            kind = req.json.get("type")
            if kind in (4, 5):  # a new reply (5: "thinking…", filled in by an edit later)
                message = req.response["resource"]["message"]
                shown = self.add("only you" if message.get("flags", 0) & 64 else "#general reply", message)
                self.originals[token] = shown
                return shown if kind == 4 else None
            if kind == 7:
                return self.replace(self.originals.get(token), req.json["data"])
            return None
        if req.path.endswith("/messages/@original"):
            return self.replace(self.originals.get(token), req.response)
        if req.method == "POST":  # a follow-up
            return self.add("only you" if req.response.get("flags", 0) & 64 else "#general reply", req.response)
        return None

    def add(self, where: str, message: dict[str, Any]) -> Shown:
        shown = Shown(f"M{next(self._labels)}", where, message)
        self.messages.append(shown)
        self.number(shown)
        self.save_pictures(shown)
        return shown

    def replace(self, shown: Shown | None, message: dict[str, Any]) -> Shown:
        if shown is None:
            return self.add("only you", message)
        for n in shown.numbers:
            del self.components[n]
        shown.message = {**shown.message, **{k: message[k] for k in ("content", "embeds", "components") if k in message},
                         **({"id": message["id"]} if "id" in message else {})}
        if "attachments" in message:
            shown.message["attachments"] = message["attachments"]
        self.number(shown)
        self.save_pictures(shown)
        return shown

    def number(self, shown: Shown) -> None:
        shown.numbers = []
        for row in shown.message.get("components") or []:
            for c in row.get("components", []):
                if c.get("custom_id"):
                    n = next(self._numbers)
                    shown.numbers.append(n)
                    self.components[n] = (shown, c)

    def save_pictures(self, shown: Shown) -> None:
        if self.pictures is None:
            return
        for req in reversed(self.h.requests):
            if req.response is shown.message or (isinstance(req.response, dict) and req.response.get("id") == shown.message.get("id")):
                for name, data in req.files:
                    (self.pictures / f"{shown.label}-{name}").write_bytes(data)
                return

    # --- what a message looks like ----------------------------------------------------
    def render(self, shown: Shown, edited: bool = False) -> str:
        m = shown.message
        head = f"--- {shown.label} [{shown.where}]" + (" (edited)" if edited else "")
        lines = [head]
        if m.get("content"):
            lines.append(self.plain(m["content"]))
        for e in m.get("embeds") or []:
            if e.get("title"):
                lines.append(f"| **{self.plain(e['title'])}**")
            if e.get("description"):
                lines += ["| " + line for line in self.plain(e["description"]).split("\n")]
            for f in e.get("fields") or []:
                lines.append(f"| {self.plain(f['name'])}: {self.plain(f['value'])}")
            if (e.get("image") or {}).get("url"):
                lines.append(f"| [picture {e['image']['url'].removeprefix('attachment://')}]")
            if (e.get("footer") or {}).get("text"):
                lines.append(f"| _{self.plain(e['footer']['text'])}_")
        embedded = {(e.get("image") or {}).get("url", "").removeprefix("attachment://") for e in m.get("embeds") or []}
        for a in m.get("attachments") or []:
            if a.get("filename") not in embedded:
                lines.append(f"[file {a.get('filename')}]")
        numbers = iter(shown.numbers)
        for row in m.get("components") or []:
            buttons = []
            for c in row.get("components", []):
                if c["type"] == 2:
                    n = next(numbers) if c.get("custom_id") else None
                    label = (c.get("emoji") or {}).get("name", "") + (c.get("label") or "")
                    tag = f"[{n}]" if n else "[link]"
                    buttons.append(f"{tag} ({label})" + (" disabled" if c.get("disabled") else ""))
                elif c["type"] == 3:
                    n = next(numbers)
                    lines.append(f"[{n}] v {c.get('placeholder') or ''}")
                    for k, o in enumerate(c.get("options", []), 1):
                        desc = f" - {o['description']}" if o.get("description") else ""
                        lines.append(f"    {n}.{k} {o['label']}{desc}")
            if buttons:
                lines.append("  ".join(buttons))
        return "\n".join(lines)

    def plain(self, body: str) -> str:
        """Mentions and timestamps as Discord draws them."""
        body = body.replace(f"<@{self.user.id}>", f"@{self.user.display or self.user.name}")
        body = body.replace(f"<#{CHANNEL_ID}>", "#general")

        def when(match: re.Match[str]) -> str:
            moment = datetime.datetime.fromtimestamp(int(match[1]), datetime.timezone.utc)
            return moment.strftime("%Y-%m-%d %H:%M UTC")

        return re.sub(r"<t:(\d+)(?::\w)?>", when, body)


def _named(nodes: list[dict[str, Any]], word: str, types: tuple[int, ...] | None) -> dict[str, Any] | None:
    """The command or option called `word`, in English or as Discord shows it in Chinese."""
    for n in nodes:
        if types is not None and n.get("type", 1) not in types:
            continue
        if word.lower() in (n["name"], (n.get("name_localizations") or {}).get("zh-CN")):
            return n
    return None


def _typed_value(kind: int, value: str) -> Any:
    if kind == 4:  # integer
        try:
            return int(value)
        except ValueError:
            raise ValueError(f"{value!r} is not a whole number") from None
    if kind == 10:
        return float(value)
    if kind == 5:
        return value.lower() in ("true", "yes", "1", "是")
    return value


def _synced_tree(h: DiscordHarness) -> list[dict[str, Any]]:
    put = [r for r in h.requests if r.method == "PUT" and r.path.endswith("/commands")]
    return put[-1].json if put else []


async def open_screen(db: Path, locale: str, seed: int = 100, pictures: Path | None = None) -> Screen:
    host = await make_host(db)
    seeds = itertools.count(seed)
    host.seed_source = lambda: next(seeds)
    host.bot_secret_source = lambda: "play"
    host.work_clock = lambda: 0.0  # a bot's slice ends by moves, not this machine's load
    h = await DiscordHarness.start(host, dev_guild=GUILD_ID)  # dev_guild: the tree is synced, as Discord lists it
    zh = locale.startswith("zh")
    user = User(5101, "newcomer", "zh-CN" if zh else "en-US", display="小明" if zh else "Ada")
    return Screen(h, user, "zh-CN" if zh else "en-US", pictures)


async def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.discord.play", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", nargs="?", help="open a table of this game against bots (e.g. conflict)")
    parser.add_argument("--locale", default="en", help="the player's Discord language: en or zh-CN")
    parser.add_argument("--seed", type=int, default=100)
    parser.add_argument("--bots", type=int, help="bot seats (default: the game's minimum players - 1)")
    parser.add_argument("--pictures", type=Path, help="save every picture the player sees in this folder")
    args = parser.parse_args(argv)
    if args.pictures:
        args.pictures.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        screen = await open_screen(Path(tmp) / "play.sqlite3", args.locale, args.seed, args.pictures)
        try:
            if args.game:
                from games.registry import get_engine

                bots = args.bots if args.bots is not None else get_engine(args.game).min_players - 1
                for line in [f"/game new game:{args.game}"] + ["/game bot"] * bots + ["/game start"]:
                    print(f"> {line}", flush=True)
                    print(await screen.run_line(line), flush=True)
            while True:
                print("> ", end="", flush=True)
                line = await asyncio.to_thread(sys.stdin.readline)
                if not line or line.strip() in ("quit", "q"):
                    break
                if not sys.stdin.isatty():
                    print(line.rstrip(), flush=True)  # a script's line, echoed as if typed
                print(await screen.run_line(line), flush=True)
        finally:
            print(f"({screen.clicks} clicks, {screen.commands} commands)", flush=True)
            await screen.h.close()


if __name__ == "__main__":
    asyncio.run(main())
