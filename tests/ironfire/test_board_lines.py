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
                    colon = "：" if loc == "zh-CN" else ": "
                    for u in p["units"]:  # each card on the one line of its name, with its number
                        label = labels[u["slot"]]
                        name, _, number = label.rpartition(" #") if NUMBER.search(label) else (label, "", "")
                        mine = [line for line in army if line == label or re.fullmatch(re.escape(label) + r" \d.*", line)
                                or line.startswith(name + colon)]
                        assert len(mine) == 1, (label, army)
                        runs = re.findall(r"#(\d+)–#(\d+)", mine[0])
                        shown = {int(n) for n in NUMBER.findall(mine[0])}
                        shown |= {n for a, b in runs for n in range(int(a), int(b) + 1)}
                        assert not number or int(number) in shown, (label, mine[0])
                    grouped += any(" · #" in line for line in army)
                    assert all(len(line) <= 120 for line in army), army
    assert grouped
