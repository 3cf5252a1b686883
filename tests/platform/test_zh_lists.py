"""A zh-CN table lists things with one Chinese separator, never ", " (issue 18, fourth newcomer
playtest: "特殊能力：老兵, 火控系统"; the ASCII comma-space still joined lists in zh text in the
event lines, menus and boards of several games). A sweep over seeded games of all five renders
everything a zh-CN table shows and refuses ", " beside a Chinese character."""
from __future__ import annotations

import re

import pytest

from games.registry import get_game
from tests.bot_games import bot_steps

HAN = "\u3400-\u9fff\u3000-\u303f\uff00-\uffef"
ASCII_LIST_BESIDE_HAN = re.compile(rf"[{HAN}]\)?, |, \(?[{HAN}]")
ZH = "zh-CN"


def zh_texts(key: str, seed: int, steps: int = 400):
    """(where, text) for what a zh-CN table shows of a seeded bots' game: every event line (the
    public ones and each seat's own), each seat's board, menu labels, names and prompt."""
    game = get_game(key)
    engine, text = game.engine, game.text
    for n, step in enumerate(bot_steps(engine, game, seed, limit=steps)):
        state = step.state
        events = [(e.key, e.params) for e in step.events]
        for line in text.event_lines(state, events, ZH):
            yield "event", line
        for seat in (0, 1):
            yield "board", text.summary(engine.view(state, seat), ZH)
            if n % 5 == 0 and seat in engine.active_seats(state) and engine.outcome(state) is None:
                for action in engine.legal_actions(state, seat):
                    yield "menu", text.describe_action(state, seat, action, ZH)
                for name in text.token_names(state, seat, ZH).values():
                    yield "name", name
                yield "prompt", text.prompt(state, seat, ZH) or ""


@pytest.mark.parametrize("key", ["fleet", "conflict", "ironfire", "panzer", "frontline"])
def test_zh_lists_use_a_chinese_separator(key):
    bad = {}
    for seed in (1, 2):
        for where, line in zh_texts(key, seed):
            if ASCII_LIST_BESIDE_HAN.search(line):
                bad.setdefault(where, line)
    assert not bad, "\n".join(f"{where}: {line}" for where, line in bad.items())
