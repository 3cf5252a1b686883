"""The console table: named users type slash-command lines into the same host the bot uses.

    alice: /game new frontline     # alice speaks in the default channel "table"
    bob@dm: /hand                  # bob speaks in a DM with the bot
    carol@#side: /game status      # carol speaks in channel "side"
    dave!: /game abandon           # `!` after the name: dave holds Manage Server on this line

Output: `[table] ...` what everyone in the channel sees (`[table #chan] ...` outside the
default channel), `[dm NAME] ...` and `[reply NAME] ...` what only NAME sees (a direct
message, an answer to NAME's command); images go to files whose
paths are printed. `/menu` lists the choices by name, numbered: `/menu N` picks one, `/menu back`
and `/menu ok` are the back and confirm buttons. Console-only commands: `/lang zh-CN|en` sets a user's language,
`/wait HOURS` moves the clock forward and runs the turn timers and the leagues' deadlines.
"""
from __future__ import annotations

import logging
import re
import shlex
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable, TextIO

from bot import markdown
from bot.commandref import SURFACE
from bot.host import Host
from bot.outbox import ActionMenu, Command, Message, Outbox
from bot.rolls import MAX_LABEL_CHARS
from games.core import dice
from games.core.i18n import aside, has, t

GUILD_ID = 1
DEFAULT_CHANNEL = "table"
FOLLOW_UP_TICKS = 100  # bots' slices played out after a line (a game that never ends stops here)
_LINE = re.compile(r"^\s*(?P<name>[^\s:@!#/]+)(?P<bang1>!)?(?:@(?P<where>dm|#[^\s:!]+))?(?P<bang2>!)?\s*:\s*(?P<text>.*)$")
_KEYED = re.compile(r"^(game|seat|entropy|commit|level):(\S+)$")
_KEYED_ARG = {"game": "session", "seat": "seat", "entropy": "entropy", "commit": "commit", "level": "level"}
# what a console line may start with (the host's commands, and the console's own two)
CONSOLE_COMMANDS = ("/game", "/play", "/hand", "/menu", "/rules", "/roll", "/dice", "/design", "/deck", "/league",
                    "/lang", "/wait")


class ScriptError(ValueError):
    """A line the console cannot understand (reported, not fatal): a message key of
    bot/locale's `console` table, shown in the speaker's language."""

    def __init__(self, key: str, **params: object):
        super().__init__(key)
        self.key = key
        self.params = params


class ConsoleTable:
    def __init__(self, host: Host, out_dir: Path, write: Callable[[str], None] = print):
        self.host = host
        self.out_dir = out_dir
        self.write = write
        self.users: dict[str, int] = {}
        self.locales: dict[str, str] = {}
        self.channels: dict[str, int] = {DEFAULT_CHANNEL: 1}
        self.clock_offset = 0.0  # /wait moves the table clock forward
        self.images = 0
        self.threads = 0
        # the last click menu each user was shown: `/menu N` picks its option N, as a click
        # on Discord's select does (the console shows names, never the tokens behind them)
        self.menus: dict[str, ActionMenu] = {}
        host.clock = self.now
        host.open_thread = self.open_thread
        self.log_handler: logging.Handler | None = None

    async def close(self) -> None:
        await self.host.close()
        if self.log_handler is not None:
            logging.getLogger().removeHandler(self.log_handler)
            self.log_handler.close()

    async def open_thread(self, parent: int, name: str) -> int:
        """Like Discord, a league game opens in a thread of its own: here a new channel."""
        self.threads += 1
        return self.channel(f"league-{self.threads}")

    def now(self) -> float:
        return time.time() + self.clock_offset

    def user(self, name: str) -> int:
        if name not in self.users:
            self.users[name] = 1000 + len(self.users) + 1
            self.locales[name] = "zh-CN"
        return self.users[name]

    def channel(self, name: str) -> int:
        if name not in self.channels:
            self.channels[name] = len(self.channels) + 1
        return self.channels[name]

    # --- input -----------------------------------------------------------------------
    async def run_line(self, line: str) -> None:
        surface = SURFACE.set("console")  # the timers' posts too name commands as typed here
        try:
            await self._run_line(line)
        finally:
            SURFACE.reset(surface)

    async def _run_line(self, line: str) -> None:
        line = _strip_comment(line)
        if not line.strip():
            return
        match = _LINE.match(line)
        if not match or not match.group("text").startswith("/"):
            self.write(f"[console] cannot read this line (expected `NAME: /command ...`): {line.strip()}")
            return
        name = match.group("name")
        uid = self.user(name)
        try:
            cmd = self.parse(name, match.group("where"), bool(match.group("bang1") or match.group("bang2")),
                             match.group("text"))
        except ScriptError as exc:
            key = "console." + exc.key
            # a plain sentence (no catalog key) is shown as it is
            self.write(f"[reply {name}] {t(self.locales[name], key, **exc.params) if has(key) else exc.key}")
            return
        if cmd is not None:  # None: a console-only command, already handled
            if cmd.verb == "play":  # the menu built this action (or is overtaken by it): it is spent
                self.menus.pop(name, None)
            await self.deliver(await self.host.handle(cmd), uid, None if cmd.is_dm else cmd.channel_id)
        for _ in range(FOLLOW_UP_TICKS):  # the timers, and bots with moves left, before the next line
            box = await self.host.tick()
            await self.deliver(box)
            if not box.tick_soon:
                break

    async def deliver(self, box: Outbox, caller: int | None = None, channel: int | None = None) -> None:
        """Print the box; its posts are delivered, so the outbox marks them sent."""
        tables = {}  # a table's posts are in its language: so are the console's words among them
        for session_id in {msg.session_id for _, msg in box.public if msg.session_id is not None}:
            row = await self.host.repo.load_session(session_id)
            if row is not None:
                tables[session_id] = row.locale
        self.print_outbox(box, caller, channel, tables)
        await self.host.settle_posts(box.kept_nonces())

    def parse(self, name: str, where: str | None, manager: bool, text: str) -> Command | None:
        try:
            tokens = shlex.split(text)
        except ValueError:
            tokens = text.split()
        head, rest = tokens[0], tokens[1:]
        uid = self.user(name)
        is_dm = where == "dm"
        channel = None if is_dm else self.channel(where[1:] if where else DEFAULT_CHANNEL)
        args: dict[str, object] = {}
        plain = []
        for tok in rest:  # game:ID, seat:N, entropy:VALUE, commit:HASH and level:LEVEL may go anywhere
            keyed = _KEYED.match(tok)
            if keyed and head in ("/play", "/hand", "/menu", "/game"):
                args[_KEYED_ARG[keyed.group(1)]] = keyed.group(2)
            else:
                plain.append(tok)
        if head == "/lang":
            if not plain or plain[0] not in ("zh-CN", "en"):
                raise ScriptError("usage.lang")
            self.locales[name] = plain[0]
            self.write(f"[reply {name}] {t(plain[0], 'console.language')}")
            return None
        if head == "/wait":
            try:
                hours = float(plain[0])
                if not 0 <= hours <= 24 * 366:
                    raise ValueError(hours)
                self.clock_offset += hours * 3600
            except (IndexError, ValueError):
                raise ScriptError("usage.wait") from None
            self.write(f"[console] the clock moves {plain[0]} h forward")
            return None
        if head == "/game":
            if not plain:
                raise ScriptError("usage.game")
            sub, plain = plain[0], plain[1:]
            verb = f"game.{sub}"
            if sub == "new":
                if not plain:
                    raise ScriptError("usage.game_new")
                args["game"] = plain[0]
                options = {}
                for tok in plain[1:]:
                    if tok in ("thread", "entropy", "nohints"):  # entropy: the players add values to the key
                        args[tok] = True
                    elif "=" in tok:
                        key, _, value = tok.partition("=")
                        options[key] = value
                    else:
                        raise ScriptError("not_an_option", token=tok[:40])
                args["options"] = options
                if args.get("thread") and channel is not None:
                    # Discord makes the thread first and sends the command from inside it.
                    self.threads += 1
                    channel = self.channel(f"{plain[0]}-{self.threads}")
            elif sub == "kick":
                if not plain:
                    raise ScriptError("usage.game_kick")
                args["user_id"] = self.user(plain[0])
                for tok in plain[1:]:  # then:bot | then:end (or just bot | end)
                    args["then"] = tok.removeprefix("then:")
            elif sub == "timer":
                if not plain:
                    raise ScriptError("usage.game_timer")
                args["hours"] = plain[0]
                if len(plain) > 1:
                    args["policy"] = plain[1]
            elif sub == "help" and plain:
                args["game"] = plain[0]
            elif sub == "log" and plain:  # /game log 2: the page before the latest
                args["page"] = plain[0]
        elif head == "/play":
            verb, args["code"] = "play", " ".join(plain)
        elif head == "/hand":
            verb = "hand"
        elif head == "/menu":
            verb, args["prefix"] = "menu", plain
            picked = self._pick(name, plain)
            if picked is not None:
                verb, args = picked
        elif head == "/rules":
            if not plain:
                raise ScriptError("usage.rules")
            verb, args["game"] = "rules", plain[0]
            if len(plain) > 1:
                args["section"] = " ".join(plain[1:])
        elif head == "/roll":
            if plain[-1:] == ["private"]:
                args["private"], plain = True, plain[:-1]
            if not plain:  # found by the fuzz test: `/roll private` alone once crashed the console
                raise ScriptError("usage.roll")
            verb, (args["expr"], label) = "roll", _split_roll(plain)
            if label:
                args["label"] = label
        elif head == "/dice":  # as in Discord: /dice history, /dice alias set|delete|list
            if plain[:1] == ["history"]:
                verb = "roll.history"
                if len(plain) > 1:
                    args["count"] = plain[1]
            elif plain[:1] == ["alias"]:
                verb, args["args"] = "roll.alias", plain[1:]
            else:
                raise ScriptError("usage.dice")
        elif head == "/design":
            verb, args["components"] = "design", " ".join(plain)
        elif head == "/deck":
            if not plain or plain[0] not in ("save", "list", "show", "delete"):
                raise ScriptError("usage.deck")
            verb = f"deck.{plain[0]}"
            for key, value in zip(("game", "name"), plain[1:3]):
                args[key] = value
            if plain[0] == "save":
                args["code"] = " ".join(plain[3:])
        elif head == "/league":
            verb, args, channel = self._league(name, plain, args, channel)
        else:
            raise ScriptError("unknown", command=head[:40], commands=list(CONSOLE_COMMANDS))
        return Command(user_id=uid, user_name=name, verb=verb, args=args, guild_id=None if is_dm else GUILD_ID,
                       channel_id=channel, is_dm=is_dm, locale=self.locales[name], guild_locale=None,
                       can_manage_guild=manager, surface="console")

    def _pick(self, name: str, words: list[str]) -> tuple[str, dict[str, object]] | None:
        """`/menu N`, `/menu back`, `/menu ok` on the last menu `name` was shown: the console's
        clicks (Discord's select, back and confirm). None for other words: a prefix typed
        as action tokens, as before."""
        if len(words) != 1 or not (words[0].isdigit() or words[0] in ("ok", "back")):
            return None
        menu = self.menus.get(name)
        if menu is None:  # nothing shown yet, or the action it built was played
            raise ScriptError("menu_none")
        args: dict[str, object] = {"session": menu.session_id, "seat": menu.seat}
        if words[0] == "ok":
            if not menu.complete:
                raise ScriptError("menu_not_complete")
            return "play", {**args, "code": " ".join(menu.prefix)}
        if words[0] == "back":
            return "menu", {**args, "prefix": menu.prefix, "back": True}
        number = int(words[0])
        if not menu.options:
            raise ScriptError("menu_nothing_left")
        if not 1 <= number <= len(menu.options):
            raise ScriptError("menu_pick", count=len(menu.options))
        return "menu", {**args, "prefix": [*menu.prefix, menu.options[number - 1].value]}

    # positional arguments of /league subcommands, in order
    _LEAGUE_POSITIONAL = {
        "create": ("name", "game"), "report": ("outcome",), "confirm": ("match",), "dispute": ("match",),
        "void": ("match",), "set_result": ("match", "ranks"), "add": ("user",), "drop": ("user",),
        "disqualify": ("user",), "propose_time": ("time",), "rating_history": ("user",),
        "substitute": ("user", "sub"), "request_bye": ("round",),
    }

    def _league(self, name: str, plain: list[str], args: dict[str, object],
                channel: int | None) -> tuple[str, dict[str, object], int | None]:
        """`/league SUB [positional ...] [key=value ...]`; `user=NAME` names a console user,
        `time=+H` is H hours from the console clock."""
        if not plain:
            raise ScriptError("usage.league")
        sub, rest = plain[0], plain[1:]
        positional = list(self._LEAGUE_POSITIONAL.get(sub, ()))
        for tok in rest:
            key, sep, value = tok.partition("=")
            if not sep:
                if not positional:
                    raise ScriptError("league_extra", sub=sub[:30], token=tok[:40])
                key, value = positional.pop(0), tok
            if key == "user":
                args["user_id"], args["user_name"] = self.user(value), value
            elif key == "sub":
                args["sub_id"], args["sub_name"] = self.user(value), value
            elif key == "time" and value.startswith("+"):
                try:
                    args["time"] = self.now() + float(value[1:]) * 3600
                except (ValueError, OverflowError):
                    raise ScriptError("usage.wait") from None
            elif key in ("rated", "reset_ratings"):
                args[key] = value.lower() in ("1", "true", "yes")
            else:
                args[key] = value
        return f"league.{sub}", args, channel

    # --- output -----------------------------------------------------------------------
    def _names(self, text: str) -> str:
        """Show Discord-style mentions with console names, and user text without the
        backslashes that keep it from being read as Discord markdown."""
        text = markdown.unescape(text)
        by_id = {v: k for k, v in self.channels.items()}
        users = {v: k for k, v in self.users.items()}
        text = re.sub(r"<#(\d+)>", lambda m: "#" + by_id.get(int(m.group(1)), m.group(1)), text)
        return re.sub(r"<@!?(\d+)>", lambda m: "@" + users.get(int(m.group(1)), m.group(1)), text)

    def _print(self, prefix: str, msg: Message, reader: str | None = None, speaker: str | None = None,
               table_locale: str | None = None) -> None:
        """`reader`: the one user who reads this (a DM, a reply); their menu is remembered.
        The console's own words (image, menu hints) are in the reader's language; on a table's
        post in the table's (a post the bots' moves made at a tick has no speaker: an English
        table read "图片：…"), else in that of the user whose command made the message."""
        locale = table_locale or self.locales.get(reader or speaker or "", "zh-CN")
        if msg.title:
            self.write(f"{prefix} ## {self._names(msg.title)}")
        for line in self._names(msg.text).splitlines() or [""]:
            self.write(f"{prefix} {line}")
        for image in msg.images:
            if not image.data:  # the game has no picture for this
                continue
            self.images += 1
            path = self.out_dir / f"{self.images:04d}-{image.filename}"
            path.write_bytes(image.data)
            self.write(f"{prefix} {t(locale, 'console.image', path=path)}")
        if msg.menu is not None and reader is not None:
            # as Discord shows a select: each choice by its name (and its note), numbered here
            # for `/menu N`; the tokens behind them stay the host's
            menu = msg.menu
            self.menus[reader] = menu
            for number, option in enumerate(menu.options, 1):
                note = f" — {option.description}" if option.description else ""
                self.write(f"{prefix}   {number}. {option.label}{note}")
            hints = [t(locale, "console.menu_pick_hint")] if menu.options else []
            if menu.prefix:
                hints.append(t(locale, "console.menu_back_hint"))
            if menu.complete:
                hints.append(t(locale, "console.menu_ok_hint"))
            self.write(f"{prefix}   " + aside(locale, "", " · ".join(hints)).lstrip())

    def print_outbox(self, box: Outbox, caller: int | None = None, channel: int | None = None,
                     tables: dict[int, str] | None = None) -> None:
        """`[table]` lines: everyone in that channel sees them. `[dm NAME]` and `[reply NAME]`
        lines: only NAME does (a DM, an answer only its asker sees). An answer Discord shows
        to the whole channel (a public /roll) is printed as a `[table]` line. `tables`: the
        language of each table the posts are about (by session id)."""
        channel_names = {v: k for k, v in self.channels.items()}
        user_names = {v: k for k, v in self.users.items()}

        def table(channel_id: int) -> str:
            chan = channel_names.get(channel_id, str(channel_id))
            return "[table]" if chan == DEFAULT_CHANNEL else f"[table #{chan}]"

        # in the order the Discord adapter sends them: the answer under the command, then the
        # table's posts and the DMs in the order the events happened (`Outbox.in_order`)
        if box.reply is not None and caller is not None:
            public = not box.reply_ephemeral and channel is not None
            self._print(table(channel) if public else f"[reply {user_names.get(caller, caller)}]", box.reply,
                        None if public else user_names.get(caller), user_names.get(caller))
        for kind, target, msg in box.in_order():
            if kind == "private":
                self._print(f"[dm {user_names.get(target, target)}]", msg, user_names.get(target))
            else:
                self._print(table(target), msg, speaker=user_names.get(caller),
                            table_locale=(tables or {}).get(msg.session_id))


def _split_roll(words: list[str]) -> tuple[str, str]:
    """`/roll 1d20 + 5 to hit`: the longest run of leading words that reads as dice is the
    expression, the rest is the label (Discord has separate fields; a console line does not).
    The rest is a label only when it starts with a plain word: `15 // 2` or `1d20+5 kh1`
    is rolled whole, so that what cannot be read is refused, never quietly left out."""
    text = " ".join(words)
    if len(text) > dice.MAX_INPUT_CHARS + 1 + MAX_LABEL_CHARS:
        return text, ""  # refused as too long
    for cut in range(len(words), 0, -1):
        expr, label = " ".join(words[:cut]), " ".join(words[cut:])
        if (not label or _LABEL_START.match(label)) and _reads_as_dice(expr):
            return expr, label
    for cut in range(len(words) - 1, 0, -1):  # refused either way: name what is wrong with the dice
        expr, label = " ".join(words[:cut]), " ".join(words[cut:])
        if _LABEL_START.match(label) and _refused_once_read(expr):
            return expr, label  # `2d6>=8 to hit`: why `2d6>=8` is refused, not "cannot read `o hit`"
    for cut in range(len(words) - 1, 0, -1):  # `1d20 attack2`: a label, but not of letters first
        expr, first = " ".join(words[:cut]), words[cut]
        if _WORDISH.match(first) and not _LABEL_START.match(first) and not _NOTATION.fullmatch(first) \
                and _reads_as_dice(expr):
            raise ScriptError("roll_label_letters", word=first[:40])
    return text, ""  # let /roll explain the error


def _refused_once_read(expr: str) -> bool:
    """Dice that read but are refused for what they mean (`2d6>=8` counts dice that cannot
    show 8; `2d6 adv`), so their own message says what to write instead."""
    try:
        dice.parse(expr)
    except dice.DiceError as exc:
        return exc.key not in ("dice.syntax", "dice.syntax_end", "dice.empty", "dice.too_long")
    return False


def _reads_as_dice(expr: str) -> bool:
    """Dice, or a saved roll's name followed by what may follow one (`atk adv`, `atk + 2`):
    a die stands in for the name, whose roll the host looks up."""
    name = _NAME.match(expr)
    for candidate in [expr] + ([f"(1d20){expr[name.end():]}"] if name else []):
        try:
            dice.parse(candidate)
        except dice.DiceError:
            continue
        return True
    return False


_NAME = re.compile(r"^[^\W\d_][\w-]*")
# A label's first word: letters only (any script), so no dice notation such as `kh1`, `//` or `d6`,
# and no word of the notation: `2d6 >= 8 adv` is refused (adv needs one die), never rolled
# without it under the label "adv"; `x 2` may mean times 2.
_NOTATION_WORDS = "|".join(["x", *dice.ADV_WORDS])
# A word meant as a label's first (two letters or more, not the notation's modifier letters
# such as `kh` in `kh1`) that is not of letters only (`attack2`)
_WORDISH = re.compile(r"^(?!(?:kh|kl|k|dh|dl|d|ph|pl|p|ie|ir|e|t|ro|rr|ra|r|f|mi|ma|b)+(?![^\W\d_]))[^\W\d_]{2,}",
                      re.IGNORECASE)
_NOTATION = re.compile(_NOTATION_WORDS, re.IGNORECASE)
_LABEL_START = re.compile(rf"^(?!(?:{_NOTATION_WORDS})(?:\s|$))[^\W\d_]+(?:['’-][^\W\d_]+)*(?:\s|$)", re.IGNORECASE)


def _strip_comment(line: str) -> str:
    """` # ` starts a comment: a `#` after a space (or at the start) and before a space (or the
    end), outside double quotes. So `@#chan`, `game:#3` and a name with a number such as
    `/play "Deploy Type 89 #2 at D9"` or `/play Deploy Type 89 #2 at D9` are read whole."""
    out = []
    quoted = False  # inside "...": not `'`, an apostrophe ("Bot 1's ship") is no quote
    for i, ch in enumerate(line):
        if ch == '"':
            quoted = not quoted
        elif ch == "#" and not quoted and (i == 0 or line[i - 1].isspace()) \
                and (i + 1 == len(line) or line[i + 1].isspace()):
            break
        out.append(ch)
    return "".join(out)


async def run_script(lines: list[str], db: str | None, out_dir: str | None, seed: int | None,
                     write: Callable[[str], None] = print) -> None:
    table = await open_table(db, out_dir, seed, write)
    try:
        for line in lines:
            await table.run_line(line)
    finally:
        await table.close()


async def open_table(db: str | None, out_dir: str | None, seed: int | None,
                     write: Callable[[str], None] = print) -> ConsoleTable:
    work = Path(tempfile.mkdtemp(prefix="shapan-table-"))
    db_path = db or str(work / "table.sqlite3")
    images = Path(out_dir) if out_dir else work
    images.mkdir(parents=True, exist_ok=True)
    kwargs = {}
    if seed is not None:
        counter = iter(range(seed, seed + 1_000_000))
        kwargs["seed_source"] = lambda: next(counter)
    if seed is not None:
        import random

        kwargs["dice_rng"] = random.Random(seed)  # scripted /roll results repeat exactly
    host = await Host.create(db_path, **kwargs)
    if seed is not None:  # the bot seats' secrets repeat too, so a script's bot moves do
        secrets = iter(range(seed, seed + 1_000_000))
        host.bot_secret_source = lambda: f"bot:{next(secrets)}"
    # The bot's own warnings (a bot's worker too slow, a failed post) are for its operator: in
    # a file, never between the table's lines (the playtests read an English "a bot of panzer
    # had no answer from its worker …" amid a zh-CN table's posts).
    log_path = work / "shapan.log"
    handler = logging.FileHandler(log_path, encoding="utf-8", delay=True)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    logging.getLogger().addHandler(handler)
    write(f"[console] database {db_path}; images in {images}; the bot's own log (warnings) in {log_path}")
    write("[console] [table] lines: everyone at the table sees them · [dm NAME] and [reply NAME] lines: only NAME")
    table = ConsoleTable(host, images, write)
    table.log_handler = handler
    return table


async def interactive(db: str | None, out_dir: str | None, seed: int | None, stream: TextIO = sys.stdin) -> None:
    import asyncio

    table = await open_table(db, out_dir, seed)
    print("Shapan console table. Type lines like `alice: /game new frontline`, `bob: /game join`,"
          " `alice: /game help`; Ctrl-D to quit.")
    try:
        while True:
            line = await asyncio.to_thread(stream.readline)
            if not line:
                break
            await table.run_line(line)
    finally:
        await table.close()
