"""`/game log` shows each reader what they were shown live (issue 18): the channel's posts and
their own DMs, in the same words and the same order, nothing of another seat's secrets and
nothing missing; a spectator reads the channel's lines only.

Each game is played through the host with a fixed seed, in both languages, every seat a person
choosing the heuristic's move (conflict also with four seats, one of them a bot), and every
reader's live messages are kept; a game still running after 150 moves ends by concessions.
At checkpoints during the game and after its end, each reader's `/game log` (every page,
oldest first) must hold exactly the event lines that reader was shown live, in order, and
nothing else but its frame and the result. What differs by design:
- the log's frame: the page line, the "#n" numbers ("#0" the opening; "#4–6" for steps one line
  tells, as conflict's phases ended in a row), the mover's name in
  front of a line ("alice: …"), the "alice acted." heads, the indent of the lines under a step;
- what is not a step is not in the log: the board under each post, "Waiting for: …", the
  prompts, the replies to a command, the host's notes (a kick, a timer, the start's seed line);
- a DM's line sits at the step that made it; live, the DM came after the command's post (a
  bot's moves in the same command come before it there);
- the DMs of the command that ends the game: none is sent once the result is out, and the log
  leaves them out too (`Host._told`);
- a game that ends with only bots left, once no person is in play, posts no line per bot move,
  where the log keeps every move (as the post says, `host.bots_play_on`); no table here gets
  there (every seat in play is a person's): tests/platform/test_log_bots_alone.py does.
Names are those of the time, word for word: the ordinal of a shared name (`Marines` posted
alone, `Marines #1` once a second is on the board) and a unit destroyed since read as they did
live (the host keeps each step's lines, `Host._keep_log_lines`).
"""
from __future__ import annotations

import difflib
import random
import re
from dataclasses import dataclass, field

import pytest

from bot.host import core
from games.core.i18n import t
from games.registry import get_game
from tests.platform.conftest import USERS, cmd, reply_text
from tests.platform.test_out_of_play import play_out

SPECTATOR = "mod"  # seated nowhere: reads the channel only


@dataclass
class Table:
    key: str
    locale: str
    people: list[str]  # seat order; "" for a bot seat
    names: list[str] = field(default_factory=list)  # the seats' names, bots' too
    sid: int = 0
    # each reader's live lines, in order: the channel's posts for everyone, DMs for their user
    live: dict[str, list[tuple[int, str, str]]] = field(default_factory=dict)
    commands: int = 0
    event_lines: set[str] = field(default_factory=set)  # every line the host made from an event

    def heard(self, box) -> None:
        """One command's messages: (the command's number, "post" or "dm", line) for each reader."""
        self.commands += 1
        for _, message in box.public:
            for reader in self.live:
                self.live[reader] += [(self.commands, "post", line) for line in message.text.splitlines()]
        for user, message in box.private:
            reader = next(name for name, uid in USERS.items() if uid == user)
            self.live[reader] += [(self.commands, "dm", line) for line in message.text.splitlines()]


@pytest.fixture
def recorded(monkeypatch):
    """Every line `Host._indexed_event_lines` makes, so that a live post's event lines can be told
    from its board and its host lines (the comparison itself is between the live messages and the log)."""
    tables: list[Table] = []
    original = core.Host._indexed_event_lines

    def recording(session, state, locale, events):
        lines = original(session, state, locale, events)
        for table in tables:
            table.event_lines.update(line for _, line in lines)
        return lines

    monkeypatch.setattr(core.Host, "_indexed_event_lines", staticmethod(recording))
    return tables


async def open_table(host, table: Table) -> None:
    loc = table.locale
    first = table.people[0]
    table.live = {name: [] for name in table.people if name} | {SPECTATOR: []}
    table.heard(await host.handle(cmd(first, "game.new", game=table.key, locale=loc)))
    for name in table.people[1:]:
        box = await host.handle(cmd(first, "game.bot", locale=loc) if not name
                                else cmd(name, "game.join", locale=loc))
        table.heard(box)
    await host.handle(cmd(SPECTATOR, "game.help", locale=loc))  # the spectator's language, remembered
    box = await host.handle(cmd(first, "game.start", locale=loc))
    table.heard(box)
    session = await host.repo.open_session_in_channel(10)
    table.sid, table.names = session.id, [seat.name for seat in session.seats]


async def play(host, table: Table, rng: random.Random, commands: int) -> bool:
    """Up to `commands` moves, each the heuristic's choice for the first person awaited; True once over."""
    game = get_game(table.key)
    for _ in range(commands):
        session = await host.repo.load_session(table.sid)
        if session.status != "active":
            return True
        state = game.engine.load_state(session.state)
        seat = next(s for s in sorted(game.engine.active_seats(state)) if table.people[s])
        action = game.bot_action(state, seat, rng)
        box = await host.handle(cmd(table.people[seat], "play", code=action.code(), locale=table.locale, seat=str(seat)))
        assert reply_text(box).startswith("✓"), reply_text(box)
        table.heard(box)
        while box.tick_soon:
            box = await host.tick()
            table.heard(box)
    return (await host.repo.load_session(table.sid)).status != "active"


async def read_log(host, table: Table, reader: str) -> list[str]:
    """Every page of the reader's `/game log`, oldest first."""
    loc = table.locale
    first = reply_text(await host.handle(cmd(reader, "game.log", locale=loc, game=str(table.sid))))
    pages = max(1, -(-await host.repo.count_public_log(table.sid) // core.LOG_LINES))
    out = []
    for page in range(pages, 0, -1):
        text = first if page == 1 else reply_text(await host.handle(
            cmd(reader, "game.log", locale=loc, game=str(table.sid), page=str(page))))
        body = text.splitlines()
        out += body[1:] if pages > 1 else body
    return out


def log_events(table: Table, lines: list[str]) -> tuple[list[str], list[str]]:
    """A log without its frame: (its event lines, its other lines). The frame is the "#n" in
    front of a step, the indent of the lines under it, the mover's name in front of a line that
    does not start with it, and the "alice acted." heads."""
    loc = table.locale
    names = table.names
    heads = {t(loc, key, who=who) for key in ("host.log_after", "host.log_acted") for who in names}
    known = table.event_lines
    events, others = [], []
    for line in lines:
        body = line.split(" ", 1)[1] if re.match(r"#\d+(–\d+)? ", line) else line.removeprefix("    ")
        if body in heads:
            continue
        if body not in known:
            body = next((body[len(who) + 2:] for who in names
                         if body.startswith(f"{who}: ") and body[len(who) + 2:] in known), body)
        (events if body in known else others).append(body)
    return events, others


def told_in_order(live: list[tuple[int, str, str]], logged: list[str], more: bool = False) -> bool:
    """Whether the log's lines are the live ones, in order, each DM line among the channel's lines
    of its own command: the log puts a DM's line at the step that made it, where live it came
    after the command's post (a bot's move after the reader's own draw). `more`: the log may
    hold lines besides (the bots' moves no post told)."""
    posts = [(n, line) for n, kind, line in live if kind == "post"]
    dms = [(n, line) for n, kind, line in live if kind == "dm"]
    frontier = {(0, 0)}  # lines of posts and of DMs matched so far
    for line in logged:
        after = set()
        for i, j in frontier:
            if i < len(posts) and posts[i][1] == line and (j == len(dms) or dms[j][0] >= posts[i][0]):
                after.add((i + 1, j))
            if j < len(dms) and dms[j][1] == line and (i == len(posts) or posts[i][0] >= dms[j][0]):
                after.add((i, j + 1))
        frontier = after | frontier if more else after
    return (len(posts), len(dms)) in frontier


async def compare(host, table: Table) -> list[str]:
    problems = []
    for reader, live in table.live.items():
        seen = [(n, kind, line) for n, kind, line in live if line in table.event_lines]
        logged, others = log_events(table, await read_log(host, table, reader))
        if not told_in_order(seen, logged):
            diff = difflib.unified_diff([line for _, _, line in seen], logged, "live", "log", lineterm="", n=1)
            problems.append(f"{reader}: " + "\n".join(list(diff)[:60]))
        shown = {line for _, _, line in live}
        unseen = [line for line in others if line not in shown]
        if unseen:
            problems.append(f"{reader} reads lines never shown live: {unseen[:5]}")
    return problems


CASES = [("frontline", ["alice", "bob"]), ("ironfire", ["alice", "bob"]), ("panzer", ["alice", "bob"]),
         ("fleet", ["alice", "bob"]), ("conflict", ["alice", "bob"]), ("conflict", ["alice", "bob", "carol", ""])]


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
@pytest.mark.parametrize("key,people", CASES, ids=[f"{k}{len(p)}" for k, p in CASES])
async def test_the_log_is_what_each_reader_saw(host, recorded, key, people, locale):
    table = Table(key, locale, people)
    recorded.append(table)
    await open_table(host, table)
    rng = random.Random(5)
    problems = []
    for _ in range(6):
        over = await play(host, table, rng, 25)
        problems += await compare(host, table)
        if over:
            break
    for name in filter(None, people[:-1]):  # a long game ends by concessions, for the log after the end
        if (await host.repo.load_session(table.sid)).status == "active":
            table.heard(await host.handle(cmd(name, "game.concede", locale=locale)))
    assert (await host.repo.load_session(table.sid)).status == "finished"
    problems += await compare(host, table)
    assert not problems, "\n\n".join(problems)


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
async def test_the_log_keeps_the_moves_the_bots_made_alone(host, recorded, locale):
    """Once no person is in play, the posts stop telling each move and say so: "…they play it
    to its end without a post per move. …; /game log keeps every move." (`host.bots_play_on`).
    The log does: besides every line alice was shown, in order, it holds the bots' moves after
    she went out (conflict, alice and three bots; she plays for time and falls), each read as
    a post of that command would have read it."""
    host.bot_step_cap = 40  # the bots finish over several ticks
    table = Table("conflict", locale, ["alice", "", "", ""])
    recorded.append(table)
    played = await play_out(host, ["alice"], bots=3, locales={"alice": locale})
    table.live = {"alice": []}
    for box, _ in played.steps:
        table.heard(box)
    session = await host.repo.load_session(played.sid)
    table.sid, table.names = played.sid, [seat.name for seat in session.seats]
    seen = [(n, kind, line) for n, kind, line in table.live["alice"] if line in table.event_lines]
    logged, others = log_events(table, await read_log(host, table, "alice"))
    assert t(locale, "host.bots_play_on") in {line for _, _, line in table.live["alice"]}
    assert told_in_order(seen, logged, more=True)
    assert not told_in_order(seen, logged) and len(logged) > len(seen)  # the bots' moves, unposted
    shown = {line for _, _, line in table.live["alice"]}
    assert [line for line in others if line not in shown] == []
