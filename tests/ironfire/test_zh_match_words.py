"""One word for one game of a match in Chinese (issue 18, fourth newcomer playtest): /game help
read "match (局数)：一场比赛包含的局数", the start line "本局共1盘", the board "第1/1盘": 局 and 盘
for the same thing. The rule document says "在同一局中,当一盘游戏结束后,上一盘的输家可以决定这一盘
的先后" and "认输的牌手将立刻离开本盘游戏": a game is 盘. On the platform 局 is a table ("第 3 局"),
so the match is 比赛, and 局 is left only in 平局 (a draw) and 出局 (out)."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

from games.core import Seat
from games.core.i18n import t
from games.ironfire import ENGINE, GAME
from tests.ironfire.helpers import new_game
from tests.platform.test_english_table import _strings

ROOT = Path(__file__).resolve().parents[2]
NOT_A_GAME = re.compile("平局|出局|底盘|沙盘")  # a draw, out, a chassis, the bot's name


def test_the_zh_catalogs_call_a_game_of_a_match_pan_and_never_ju():
    catalog = tomllib.loads((ROOT / "games/ironfire/locale/zh-CN.toml").read_text("utf-8"))
    games = [(key, text) for key, text in _strings(catalog) if "盘" in NOT_A_GAME.sub("", text)]
    assert len(games) >= 6, games  # start, choose_first, game over, next game, board, option
    mixed = [f"{key} = {text}" for key, text in _strings(catalog) if "局" in NOT_A_GAME.sub("", text)]
    assert not mixed, "\n".join(mixed)
    # no other catalog speaks of a game of a match (the word stays Iron & Fire's)
    others = [path for path in sorted(ROOT.glob("bot/**/locale/zh-CN.toml")) + sorted(ROOT.glob("games/*/locale/zh-CN.toml"))
              if "ironfire" not in str(path)]
    assert len(others) >= 6, others
    stray = [f"{path.relative_to(ROOT)}: {key}" for path in others
             for key, text in _strings(tomllib.loads(path.read_text("utf-8"))) if "盘" in NOT_A_GAME.sub("", text)]
    assert not stray, stray


def test_help_start_board_and_result_say_pan():
    """What a player reads: the option in /game help, the start line, the board's head."""
    assert (t("zh-CN", "ironfire.option.match.name"), t("zh-CN", "ironfire.option.match.help")) == (
        "盘数", "一场比赛包含的盘数")
    setup = ENGINE.setup([Seat(index=0, name="alice"), Seat(index=1, name="bob")], ENGINE.parse_options({"match": "2"}), 11)
    start = [(e.key, e.params) for e in setup.events if e.key == "ironfire.start"]
    line = GAME.text.event_lines(setup.state, start, "zh-CN")[0]
    assert "本场比赛共2盘" in line and "局" not in NOT_A_GAME.sub("", line), line
    head = GAME.text.summary(ENGINE.view(new_game(seed=11), 0), "zh-CN").splitlines()[0]
    assert head.startswith("第1/1盘"), head
    assert t("zh-CN", "ironfire.next_game", game=2, name="alice") == "比赛第2盘：由alice决定先后手。"

