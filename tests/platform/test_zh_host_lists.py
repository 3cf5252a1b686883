"""The host and the adapters list names with the reader's one separator (issue 18: a zh-CN
table read "可选：easy（简单）, medium（中等）, …" for the bot levels and "胜者：alice, bob" for the
winners, where the games' own lines already used "、"). `games.core.i18n.listed` is the one
place: a list parameter is joined by `t()` in the reader's language, and a list built for one
reader goes through `listed`. Two checks close the class: what a zh-CN player reads from the
host's list-making commands holds no ", ", and no module of the host or the adapters joins
names with a literal ", "."""
from __future__ import annotations

import re
from pathlib import Path

from games.core.i18n import listed, t
from tests.platform.conftest import CHANNEL, OTHER_CHANNEL, cmd

ZH = "zh-CN"
ROOT = Path(__file__).resolve().parents[2]
CODE = re.compile(r"`[^`]*`")


def readable(box) -> list[str]:
    """Every text of an outbox, with code spans (a seed, a command's syntax) and the test
    game's board (its view as JSON, `{"done": 1, "steps": 3}`) left out."""
    texts = [m.text for _, m in box.public] + [m.text for _, m in box.private]
    if box.reply is not None:
        texts.append(box.reply.text)
    return ["\n".join(line for line in CODE.sub("", x).splitlines() if not line.startswith("{")) for x in texts]


async def test_a_zh_reader_sees_no_ascii_comma_between_names(host):
    say = lambda name, verb, **kw: host.handle(cmd(name, verb, locale=ZH, **kw))  # noqa: E731
    read: list[str] = []
    read += readable(await say("alice", "game.new", game="relay", options={"steps": "3"}))
    for name in ("bob", "carol"):
        read += readable(await say(name, "game.join"))
    levels = readable(await say("alice", "game.bot", level="wizard"))  # the levels the bot may have
    read += levels
    read += readable(await say("alice", "game.status"))  # the seats
    read += readable(await say("alice", "game.help"))  # the games
    read += readable(await say("dave", "game.new", channel=OTHER_CHANNEL, game="nosuchgame"))  # the games
    read += readable(await say("dave", "game.new", channel=OTHER_CHANNEL, game="panzer",
                               options={"map": "nowhere"}))  # the maps
    read += readable(await say("alice", "game.start"))
    for name in ("alice", "bob", "carol") * 3:
        read += readable(await say(name, "play", code="step"))
    ended = await host.repo.load_session(1)
    assert ended.status == "finished"
    winners = t(ZH, "host.winners", names=listed(ZH, ["alice", "bob", "carol"]))
    assert any(winners in x for x in read), read  # all three still in: three winners
    assert any("、" in x for x in levels), levels
    bad = [x for x in read if ", " in x]
    assert not bad, "\n---\n".join(bad)


def test_no_host_or_adapter_module_joins_a_list_with_an_ascii_comma():
    """`", ".join(` in the host and the adapters: a list for a reader goes through `listed`
    (or is passed as a list parameter); the CLI's usage errors are English only (argparse's)."""
    allowed = {("bot/cli.py", 1)}
    found: dict[str, int] = {}
    for path in sorted((ROOT / "bot").rglob("*.py")) + [ROOT / "games/core/render.py", ROOT / "games/core/options.py"]:
        n = path.read_text(encoding="utf-8").count('", ".join(') + path.read_text(encoding="utf-8").count("', '.join(")
        if n:
            found[str(path.relative_to(ROOT))] = n
    assert set(found.items()) <= allowed, found
