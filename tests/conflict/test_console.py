"""The end-to-end console script: a three-player game with an agreement, a trade, a
face-down deployment and face-down combat cards, played to the victory post."""
import contextlib
import io
import re
from pathlib import Path

from bot.cli import main

SCRIPT = Path(__file__).parent / "scripts" / "three_players.txt"


def test_three_player_console_game_reaches_the_victory_post(tmp_path):
    seed = int(re.search(r"--seed (\d+)", SCRIPT.read_text(encoding="utf-8")).group(1))
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["table", "--script", str(SCRIPT), "--seed", str(seed), "--db", str(tmp_path / "t.db"),
                     "--out", str(tmp_path)])
    text = out.getvalue()
    assert code == 0
    # the agreement, its terms by name (a preset's with what it does) or as written, never an id
    assert "签订协议：通行（单位进驻无需许可）、共同防御" in text and "协议 a" not in text
    assert "卖给" in text  # the trade
    assert "部署 暗置单位" in text  # a face-down deployment
    assert "盖出 3 张作战牌" in text and "翻开：" in text  # combat cards laid face down, then revealed
    assert re.search(r"\[dm alice\] 你的作战牌顺序", text)  # the laid cards go by DM only
    assert "胜者：alice" in text
