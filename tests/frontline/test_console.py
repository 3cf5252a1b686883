"""The end-to-end console script: a whole game at the console table."""
import re
from pathlib import Path

from bot.cli import main as shapan

from .make_script import SCRIPT, SEED, lines


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
    names = ("alice", "bob")
    assert f"[table] {names[1 - winner]} 的总部被摧毁。" in out
    # announced once, by the host (the script's last /game status shows the result again, to alice)
    assert sum(line.startswith("[table]") and f"胜者：{names[winner]}。" in line for line in out) == 1
    plays = SCRIPT.read_text(encoding="utf-8").count("/play ")
    accepted = [line for line in out if re.match(r"\[reply (alice|bob)\] ✓", line)]
    assert len(accepted) == plays  # every move of the script was accepted
    # hand card ids typed in the script never reach the table
    ids = set(re.findall(r"\bc[0-9a-f]{10}\b", SCRIPT.read_text(encoding="utf-8")))
    public = [line for line in out if line.startswith("[table")]
    assert ids and not any(i in line for line in public for i in ids)
    assert any(line.startswith("[dm alice] 你的起手") for line in out)
    assert list(Path(tmp_path / "img").glob("*.png"))
