"""Whole games by clicks only (issue 18: "someone who never saw the project finishes each of
the five games against the bot with clicks and names only"). For each game and both
languages, one human against the bot(s), through the Discord adapter: the table is opened
with `/game new` (the game picked from its autocomplete by its title), `/game bot` and
`/game start`; then every move is made by clicking what Discord showed that player, step
by step (select options, their pages, back, confirm), never a typed code: the menu of a DM
that asked for a decision (a reaction window), the "Choose my move" button of the channel
post that pinged them (their turn began), or the next menu the confirm's answer shows (their
turn goes on). `/act` (the "open my menu" command) was never needed: the test fails if it is.

A seeded rng picks among the options shown (every page, and confirm where the steps so far
are a whole action) for some moves; for the others the player follows the game's bot
heuristic, walking to its move by the options' values and, at the last step, by its label
(two copies of a card are one option). Along the way it asserts what a newcomer needs:
- a turn that begins pings the player in the channel, or reaches them by DM with a menu;
  a turn that goes on after their move shows the next menu in the confirm's answer;
- no option label is a bare id (`a1`, `u7`, `t12`, `c69f121183`, hex) and every label, with
  its description, is unique within its menu (all pages);
- every legal action is offered (its next step is an option, or it is a copy of an offered
  one that reads the same in both languages);
- every click is answered and no payload is one Discord would refuse (the harness);
- the game reaches its result and the result post names the winner."""
from __future__ import annotations

import random
import re
import time
from dataclasses import dataclass
from typing import Any

import pytest

from bot.discord.i18n import text
from bot.host import names
from games.core.i18n import listed, t
from games.registry import GAME_MODULES, get_game
from tests.discord.conftest import make_host
from tests.discord.harness import CHANNEL_ID, DiscordHarness, Request, User

LANGUAGES = {"en": "en-US", "zh-CN": "zh-CN"}
MOVE_CAP = 1500  # the human's moves
RANDOM_SHARE = 0.3  # moves chosen at random among the options shown; the rest follow the bot heuristic
BACK_SHARE = 0.05  # steps where the player clicks "back" first (then goes on from there)
# A label that is nothing but an id: a seat letter and a number (`a1`, `b12`), a unit or a
# territory (`u7`, `t12`), a snake_case key, or hex digits (`c69f121183b`, `3fa9c0`).
BARE_ID = re.compile(r"[a-z]{1,2}\d{1,3}|[a-z]+(_[a-z0-9]+)+|c?[0-9a-f]{6,}")
CARD_ID = re.compile(r"\bc[0-9a-f]{10}\b")  # a card id, even inside a longer label


@pytest.fixture
async def click_harness(tmp_path):
    """SQLite only: the typed whole games (test_whole_games) cover both backends. The bots'
    choices repeat (a fixed bot secret; their slice of a command is counted in moves, not
    seconds, so the load of the machine does not change where a slice ends)."""
    host = await make_host(tmp_path / "clicks.sqlite3")
    host.bot_secret_source = lambda: "clicks"
    host.work_clock = lambda: 0.0
    h = await DiscordHarness.start(host)
    yield h
    await h.close()


def components(message: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for row in message.get("components", []) for c in row.get("components", [])]


def select_of(message: dict[str, Any]) -> dict[str, Any] | None:
    return next((c for c in components(message) if c["type"] == 3), None)


def button(message: dict[str, Any], kind: str) -> dict[str, Any] | None:
    """The menu's button of `kind` (`ok`, `bk`, `pg`; for `pg` the last one: next page)."""
    found = [c for c in components(message) if c["type"] == 2 and c["custom_id"].startswith(f"sp:{kind}:")]
    return found[-1] if found else None


def page_buttons(message: dict[str, Any]) -> dict[int, dict[str, Any]]:
    return {int(c["custom_id"].split(":")[4]): c for c in components(message)
            if c["type"] == 2 and c["custom_id"].startswith("sp:pg:")}


def prefix_of(message: dict[str, Any]) -> list[str] | None:
    """The steps chosen so far, as the menu's own components carry them."""
    for c in components(message):
        match = re.fullmatch(r"sp:(?:m|ok|bk):\d+:\d+:(.*)", c.get("custom_id", ""))
        if match:
            return match[1].split()
        match = re.fullmatch(r"sp:pg:\d+:\d+:\d+:(.*)", c.get("custom_id", ""))
        if match:
            return match[1].split()
    return None


def words(message: dict[str, Any]) -> str:
    return " ".join([message.get("content") or ""] + [e.get("description") or "" for e in message.get("embeds", [])])


@dataclass
class Tally:
    moves: int = 0
    random_moves: int = 0
    steps: int = 0  # menu messages read
    options: int = 0
    pages: int = 0  # page buttons clicked
    backs: int = 0
    dm_menus: int = 0  # moves started from a DM's menu
    button_menus: int = 0  # moves started with the "my move" button of a post that pinged the player
    reply_menus: int = 0  # moves started from the menu the last confirm answered with (the turn goes on)
    act_menus: int = 0  # moves started with /act
    pings: int = 0
    labels_told_by_description: int = 0


class ClickPlayer:
    """One human at the table, who only clicks."""

    def __init__(self, h: DiscordHarness, user: User, game: str, seat: int, rng: random.Random) -> None:
        self.h, self.user, self.game, self.seat, self.rng = h, user, game, seat, rng
        self.bundle = get_game(game)
        self.engine = self.bundle.engine
        self.locale = "zh-CN" if user.locale.startswith("zh") else "en"
        self.tally = Tally()
        self.next_menu: dict[str, Any] | None = None  # what the last confirm answered with, if a menu

    async def state(self) -> tuple[Any, Any]:
        session = await self.h.client.host.repo.load_session(1)
        return session, (self.engine.load_state(session.state) if session.state else None)

    async def click(self, message: dict[str, Any], custom_id: str, values: list[str] | None = None) -> dict[str, Any]:
        """Click on `message`; the menu edits itself in place (ephemeral, or a DM): the new message."""
        dm = int(message["channel_id"]) in self.h.recorder.dm_channels
        reqs = await self.h.click(self.user, message, custom_id, values=values, dm=dm)
        edits = [r for r in reqs if r.method == "PATCH" and r.via == "webhook"]
        assert edits and edits[-1].ok, f"the click on {custom_id!r} was not answered by an edit: {reqs}"
        return edits[-1].response

    async def read_menu(self, message: dict[str, Any]) -> tuple[dict[str, Any], list[tuple[int, dict[str, Any]]]]:
        """Every option of this menu step, page by page as the player pages through them:
        (the message as it shows now, [(page, option)])."""
        options: list[tuple[int, dict[str, Any]]] = []
        page = 0
        while True:
            select = select_of(message)
            options += [(page, o) for o in (select["options"] if select else [])]
            following = page_buttons(message).get(page + 1)
            if following is None:
                return message, options
            message = await self.click(message, following["custom_id"])
            page += 1
            self.tally.pages += 1

    async def turn_to(self, message: dict[str, Any], now: int, page: int) -> dict[str, Any]:
        while now != page:
            step = page_buttons(message)[now + (1 if page > now else -1)]
            message = await self.click(message, step["custom_id"])
            now += 1 if page > now else -1
            self.tally.pages += 1
        return message

    def check_step(self, state: Any, prefix: list[str], options: list[dict[str, Any]], complete: bool) -> None:
        """What a newcomer reads at one step: names, not ids; no two choices alike; nothing legal missing."""
        where = f"{self.game} {self.locale} at {prefix}"
        assert options or complete, f"{where}: a menu step with nothing to choose"
        for o in options:
            label, description = o["label"], o.get("description") or ""
            assert not BARE_ID.fullmatch(label.strip()), f"{where}: the option {label!r} is a bare id"
            assert not CARD_ID.search(label + " " + description), f"{where}: a card id in {label!r} {description!r}"
        shown = [(o["label"], o.get("description") or "") for o in options]
        assert len(shown) == len(set(shown)), f"{where}: options that read the same: {sorted(shown)}"
        self.tally.labels_told_by_description += len(shown) - len({label for label, _ in shown})
        self.tally.options += len(options)
        # nothing legal is missing: each legal action continuing this prefix is offered, or
        # reads exactly as one offered (two copies of a card are one choice)
        values = {o["value"] for o in options}
        text = self.bundle.text
        legal = [a for a in self.engine.legal_actions(state, self.seat)
                 if text.menu_steps(state, self.seat, a)[:len(prefix)] == prefix]
        offered = [a for a in legal if len(steps := text.menu_steps(state, self.seat, a)) > len(prefix)
                   and steps[len(prefix)] in values]
        seen = {self.labels(state, a) for a in offered}
        for action in legal:
            steps = text.menu_steps(state, self.seat, action)
            if steps == prefix:
                assert complete, f"{where}: {action.code()} is legal and is the steps so far, but no confirm"
            elif steps[len(prefix)] not in values:
                assert self.labels(state, action) in seen, f"{where}: the legal {action.code()} is not offered"

    def labels(self, state: Any, action: Any) -> tuple[str, ...]:
        return tuple(self.bundle.text.describe_action(state, self.seat, action, loc) for loc in names.LOCALES)

    async def open_menu(self, since: int) -> dict[str, Any]:
        """The DM that asked for this decision (its menu), else the "my move" button of the
        post that pinged the player, else the next menu the last confirm showed (the turn goes
        on), else the menu `/act` opens."""
        dms = [r for r in self.h.recorder.dm_messages(self.user.id, since) if select_of(r.body)]
        if dms:
            self.tally.dm_menus += 1
            return dms[-1].response
        posts = [r for r in self.h.recorder.channel_messages(CHANNEL_ID, since)
                 if any(c["custom_id"].startswith("sp:v:menu:") for c in components(r.body))]
        if posts:
            self.tally.button_menus += 1
            post = posts[-1].response
            act = next(c for c in components(post) if c["custom_id"].startswith("sp:v:menu:"))
            reqs = await self.h.click(self.user, post, act["custom_id"])
            replies = [r for r in reqs if r.via == "webhook" and r.method == "POST" and "/webhooks/" in r.path]
            assert replies and replies[-1].ok and replies[-1].ephemeral, f"the move button was not answered: {reqs}"
            return replies[-1].response
        if self.next_menu is not None:
            self.tally.reply_menus += 1
            return self.next_menu
        self.tally.act_menus += 1
        reqs = await self.h.slash(self.user, "act", guild_locale=LANGUAGES[self.locale])
        replies = [r for r in reqs if r.via == "webhook" and r.method == "POST" and "/webhooks/" in r.path]
        assert replies and replies[-1].ok, f"/act was not answered: {reqs}"
        return replies[-1].response

    async def move(self, since: int) -> None:
        """One whole action, by clicks, from the menu to its confirm button."""
        session, state = await self.state()
        random_move = self.rng.random() < RANDOM_SHARE
        self.tally.random_moves += random_move
        target = None if random_move else self.bundle.bot_action(state, self.seat, random.Random(self.rng.random()))
        if target is not None:  # the move as the menu offers it: the first that reads as it does (copies are one)
            wanted = self.labels(state, target)
            target = next(a for a in self.engine.legal_actions(state, self.seat) if self.labels(state, a) == wanted)
        goal = None if target is None else self.bundle.text.menu_steps(state, self.seat, target)
        message = await self.open_menu(since)
        self.next_menu = None
        backed = False
        for _ in range(40):
            message, options = await self.read_menu(message)
            prefix = prefix_of(message)
            assert prefix is not None, f"{self.game}: a menu without components: {words(message)[:300]}"
            self.tally.steps += 1
            confirm = button(message, "ok")
            self.check_step(state, prefix, [o for _, o in options], confirm is not None)
            last_page = max([p for p, _ in options], default=0)
            if not backed and prefix and button(message, "bk") and self.rng.random() < BACK_SHARE:
                backed = True  # once per move: look back, then go on from there
                self.tally.backs += 1
                message = await self.click(message, button(message, "bk")["custom_id"])
                continue
            if goal is not None and prefix == goal:
                assert confirm is not None, f"{self.game}: the bot's move {target.code()} has no confirm"
                return await self.confirm(message, confirm, session)
            if goal is not None:
                pick = next(((p, o) for p, o in options if o["value"] == goal[len(prefix)]), None)
                if pick is None:  # a copy of the move shown once: the option that reads as it does
                    wanted = self.bundle.text.describe_action(state, self.seat, target, self.locale)
                    pick = next(((p, o) for p, o in options if o["label"] == wanted and not o.get("description")), None)
                    assert pick is not None, f"{self.game}: the bot's move {target.code()} ({wanted}) is not offered"
                    goal = None  # on to its confirm
            else:
                choices = [("ok", None)] * (confirm is not None) + [("opt", po) for po in options]
                kind, pick = self.rng.choice(choices)
                if kind == "ok":
                    return await self.confirm(message, confirm, session)
            page, option = pick
            message = await self.turn_to(message, last_page, page)
            message = await self.click(message, select_of(message)["custom_id"], values=[option["value"]])
            if goal is None and not random_move:
                message, options = await self.read_menu(message)  # the leaf's "ready to play"
                confirm = button(message, "ok")
                assert confirm is not None and not options, f"{self.game}: {option['label']} is not ready to play"
                return await self.confirm(message, confirm, session)
        raise AssertionError(f"{self.game}: 40 menu steps without reaching a whole action")

    async def confirm(self, message: dict[str, Any], confirm: dict[str, Any], before: Any) -> None:
        answer = await self.click(message, confirm["custom_id"])
        self.next_menu = answer if prefix_of(answer) is not None else None
        after, _ = await self.state()
        assert after.version > before.version, f"{self.game}: confirming {confirm['custom_id']} played nothing"
        self.tally.moves += 1


@pytest.mark.parametrize("lang", list(LANGUAGES))
@pytest.mark.parametrize("game", list(GAME_MODULES))
async def test_a_whole_game_by_clicks(click_harness, game, lang):
    h = click_harness
    rec = h.recorder
    locale = LANGUAGES[lang]
    user = User(5101, "newcomer", locale, display="Ada" if lang == "en" else "小明")
    engine = get_game(game).engine
    cpu = time.process_time()
    # the table: the game picked from /game new's suggestions by its title
    choices = await h.autocomplete(user, "game new", "game", game="")
    title = engine.title["zh-CN" if lang == "zh-CN" else "en"]
    picked = [c["value"] for c in choices if title in c["name"]]
    assert len(picked) == 1, (title, choices)
    await h.slash(user, "game new", guild_locale=locale, game=picked[0])
    for _ in range(engine.min_players - 1):
        await h.slash(user, "game bot", guild_locale=locale)
    start = len(rec.requests)
    await h.slash(user, "game start", guild_locale=locale)
    session = await h.client.host.repo.load_session(1)
    assert session.status == "active", "the table did not start"
    seat = next(s for s, row in enumerate(session.seats) if row.user_id == user.id)
    player = ClickPlayer(h, user, game, seat, random.Random(f"clicks:{game}:{lang}"))
    since = start  # requests since the human's last move
    logged = 0  # log entries before the human's last move
    repo = h.client.host.repo
    while True:
        session, state = await player.state()
        if session.status != "active":
            break
        awaited = seat in engine.active_seats(state)
        if not awaited:
            # the bots' moves left over from the command's slice: the client's next timer round
            await h.client.tick_once()
            await h.drain()
            after = await h.client.host.repo.load_session(1)
            assert after.version > session.version or after.status != "active", "nobody is to move"
            continue
        assert player.tally.moves < MOVE_CAP, "the game did not end"
        others = [e for e in (await repo.log_entries(1))[logged:] if e.seat != seat]
        if others or since == start:  # not the same turn going on: the player is told it is theirs
            told = told_to_act(rec, user.id, since)
            assert told, (f"{game} {lang}: move {player.tally.moves}: the player's turn began unannounced "
                          f"after {[e.code for e in others]}")
            player.tally.pings += 1
        else:  # the turn goes on: the answer to the last confirm shows the next choice
            assert player.next_menu is not None, f"{game} {lang}: move {player.tally.moves}: no menu after the confirm"
        mark, logged = len(rec.requests), len(await repo.log_entries(1))
        await player.move(since)
        since = mark
    assert session.status == "finished"
    assert player.tally.act_menus == 0  # never needed: every choice was a click away
    outcome = engine.outcome(engine.load_state(session.state))
    posts = rec.channel_messages(CHANNEL_ID, start)
    final = words(posts[-1].body) if posts else ""
    if outcome is not None and outcome.winners:
        winners = listed(lang, (session.seats[w].name for w in outcome.winners))
        assert t(lang, "host.winners", names=winners) in final, final[-500:]
    else:
        assert t(lang, "host.no_winner") in final, final[-500:]
    # nothing reaches anyone after the result (issue 18: "a DM after the winner")
    later = rec.requests[rec.requests.index(posts[-1]) + 1:]
    assert not [r for r in later if r.method == "POST" and r.path.startswith("/channels/")], later
    errors = [r for r in rec.requests if text("en", "msg.error") in r.text or text("zh-CN", "msg.error") in r.text]
    assert errors == []
    tally = player.tally
    won = "no winner" if outcome is None or not outcome.winners else "won by " + winners
    print(f"\n{game} {lang} ({won}): {tally.moves} moves ({tally.random_moves} random), {tally.steps} menu steps, "
          f"{tally.options} options, {tally.pages} page clicks, {tally.backs} backs, "
          f"{tally.dm_menus} from DMs, {tally.button_menus} from a post's button, "
          f"{tally.reply_menus} from the confirm's answer, "
          f"{tally.act_menus} from /act, {tally.pings} turns announced, "
          f"{tally.labels_told_by_description} labels told apart by description; "
          f"cpu {time.process_time() - cpu:.1f} s")


def told_to_act(rec, user_id: int, since: int) -> list[Request]:
    """The channel posts that pinged `user_id`, and the DMs with a menu they got, since `since`."""
    pinged = [r for r in rec.channel_messages(CHANNEL_ID, since)
              if f"<@{user_id}>" in (r.body.get("content") or "")
              and user_id in map(int, (r.body.get("allowed_mentions") or {}).get("users", []))]
    return pinged + [r for r in rec.dm_messages(user_id, since) if select_of(r.body)]


async def test_the_post_that_pings_a_player_opens_their_menu(click_harness):
    """The channel post of a turn that begins pings its player and carries "Choose my move":
    a click opens that player's menu privately (as /act would); anyone else clicking it is
    told, privately, whom the table waits for. Nothing is played by opening a menu."""
    from tests.discord.conftest import ALICE, BOB
    from tests.discord.test_adapter import start_duel

    h = click_harness
    await start_duel(h)
    post = next(r for r in reversed(h.recorder.channel_messages(CHANNEL_ID)) if "<@" in (r.body.get("content") or ""))
    pinged = int(re.search(r"<@(\d+)>", post.body["content"])[1])
    player, other = (ALICE, BOB) if pinged == ALICE.id else (BOB, ALICE)
    act = [c for c in components(post.response) if c["custom_id"] == "sp:v:menu:1"]
    assert act and act[0]["label"] == text("zh-CN", "button.act")  # in the server's language, as the post
    version = (await h.client.host.repo.load_session(1)).version
    mine = [r for r in await h.click(player, post.response, "sp:v:menu:1") if r.method == "POST" and "/webhooks/" in r.path]
    assert len(mine) == 1 and mine[0].ephemeral and select_of(mine[0].body)
    assert words(mine[0].body) == t("en", "host.menu_start")
    theirs = [r for r in await h.click(other, post.response, "sp:v:menu:1") if r.method == "POST" and "/webhooks/" in r.path]
    assert len(theirs) == 1 and theirs[0].ephemeral and not select_of(theirs[0].body)
    assert words(theirs[0].body).startswith(t("en", "host.not_your_turn", waiting="").split(":")[0])
    assert (await h.client.host.repo.load_session(1)).version == version
