"""The text board on a phone (issue 18, fourth newcomer playtest): each army was one line
holding every card ("PTRD Anti-tank Squad #1 5/5; PTRD Anti-tank Squad #2 5/5; … ZiS-3
Divisional Gun #2 5/5", 16 cards, ~600 characters at two players). An army now reads one line
per card name (`Guards Rifles: #1 9/9 · #2 9/9`), every card on it exactly once."""
from __future__ import annotations

import random
import re

from games.core import Seat
from games.ironfire import ENGINE, GAME
from games.ironfire.text import view_labels

NUMBER = re.compile(r"#(\d+)")


def lines_of(label: str, lines: list[str], loc: str) -> list[str]:
    """The board lines that show the card labelled `label` (`Guards Rifles #2`): its own line
    (`Guards Rifles #2 9/9`), or its name's line with its number (`Guards Rifles: #1 9/9 · #2
    9/9`, `face-down card: #16–#34`)."""
    name, _, number = label.rpartition(" #") if NUMBER.search(label) else (label, "", "")
    colon = "：" if loc == "zh-CN" else ": "
    found = []
    for line in (line.strip() for line in lines):
        if line == label or re.fullmatch(re.escape(label) + r" \d.*", line):
            found.append(line)
        elif number and line.startswith(name + colon):
            runs = re.findall(r"#(\d+)–#(\d+)", line)
            shown = {int(n) for n in NUMBER.findall(line)} | {n for a, b in runs for n in range(int(a), int(b) + 1)}
            if int(number) in shown:
                found.append(line)
    return found


def boards(seed: int, players: int, options: dict[str, str]):
    """Every seat's board, and the public one, at each step of a seeded bot game."""
    rnd = random.Random(seed)
    state = ENGINE.setup([Seat(index=i, name=f"P{i + 1}") for i in range(players)],
                         ENGINE.parse_options(options), seed).state
    while ENGINE.outcome(state) is None:
        for seat in [None, *range(players)]:
            yield ENGINE.view(state, seat)
        seat = sorted(ENGINE.active_seats(state))[0]
        state = ENGINE.apply(state, seat, GAME.bot_action(state, seat, rnd)).state


def test_an_army_reads_one_line_per_card_name_with_every_card_once():
    grouped = 0
    for seed, players, options in ((1, 2, {}), (2, 4, {}), (3, 3, {"fog_of_war": "true"})):
        for view in boards(seed, players, options):
            for loc in ("en", "zh-CN"):
                board = GAME.text.summary(view, loc)
                assert len(board) <= 1500, board
                labels = view_labels(view, loc)
                lines = board.splitlines()
                for p in view["players"]:
                    head = next(i for i, line in enumerate(lines) if line.startswith(f"[{p['letter']}] "))
                    army = [line.strip() for line in lines[head + 1:head + 1 + len(
                        {NUMBER.sub("", labels[u["slot"]]).strip() for u in p["units"]})]]
                    for u in p["units"]:  # each card on the one line of its name, with its number
                        assert len(lines_of(labels[u["slot"]], army, loc)) == 1, (labels[u["slot"]], army)
                    grouped += any(" · #" in line for line in army)
                    assert all(len(line) <= 120 for line in army), army
    assert grouped
