"""The end-to-end console script: a whole Iron & Fire game at the console table."""
import re
from pathlib import Path

from bot.cli import main as shapan

from .make_script import NAMES, SCRIPT, SEED, lines


def test_script_is_current():
    """The stored script is what the generator makes from the seed (rules unchanged)."""
    text, _ = lines(SEED)
    assert SCRIPT.read_text(encoding="utf-8") == "\n".join(text) + "\n"


def test_whole_game_at_the_console_table(tmp_path, capsys):
    _, winner = lines(SEED)
    code = shapan(["table", "--script", str(SCRIPT), "--seed", str(SEED), "--db", str(tmp_path / "t.sqlite3"),
                   "--out", str(tmp_path / "img")])
    out = capsys.readouterr().out.splitlines()
    assert code == 0
    # the victory post (103.2 tally), in alice's default zh-CN
    assert any(line.startswith("[table] 最后决算：") and f"胜者：{NAMES[winner]}。" in line for line in out)
    plays = SCRIPT.read_text(encoding="utf-8").count("/play ")
    accepted = [line for line in out if re.match(r"\[reply (alice|bob)\] ✓", line)]
    assert len(accepted) == plays  # every move of the script was accepted
    # the secret army selection reaches only its owner until the armies are revealed
    picks = [line for line in out if "已选" in line or "Picked " in line]
    assert picks and all(line.startswith(("[dm ", "[reply ")) for line in picks)
    reveal = next(i for i, line in enumerate(out) if line.startswith("[table] alice的作战牌组："))
    first_card = out[reveal].split("：", 1)[1].split(",")[0].strip()
    assert first_card and not any(line.startswith("[table]") and first_card in line for line in out[:reveal])
    assert list(Path(tmp_path / "img").glob("*.png"))
