"""End-to-end: whole games typed at the console table (`shapan table --script`)."""
import subprocess
import sys
from pathlib import Path

import pytest

from tests.panzer.scripts.make_scripts import ROUNDS, SEED, play

SCRIPTS = Path(__file__).parent / "scripts"
SHAPAN = Path(sys.executable).parent / "shapan"


def run_script(name: str, seed: int) -> str:
    if not (Path("bot") / "console.py").exists():
        pytest.skip("the console table is not built yet")
    done = subprocess.run([str(SHAPAN), "table", "--script", str(SCRIPTS / name), "--seed", str(seed)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


@pytest.mark.parametrize("name,seed,names,rounds", [
    ("two_players.txt", SEED, ["alice", "bob"], ROUNDS),
    ("hot_seat.txt", SEED + 1, ["alice", "alice·2"], 2),
])
def test_console_script_plays_a_whole_game_to_the_victory_post(name, seed, names, rounds):
    _, final = play(seed, names, rounds)
    out = run_script(name, seed)
    plays = sum("/play " in line for line in (SCRIPTS / name).read_text().splitlines())
    accepted = sum(line.startswith("[reply alice] ✓") or line.startswith("[reply bob] ✓") for line in out.splitlines())
    assert accepted == plays  # every command of the script was accepted
    a, b = final.score
    winner = names[0] if a > b else names[1]
    assert f"最后一回合结束：{a}:{b}" in out or "歼灭：对方坦克全部被毁" in out
    assert sum(line.startswith("[table]") and f"胜者：{winner}。" in line for line in out.splitlines()) == 1


def test_scripts_are_up_to_date():
    from tests.panzer.scripts import make_scripts
    assert (SCRIPTS / "two_players.txt").read_text() == make_scripts.two_players()
    assert (SCRIPTS / "hot_seat.txt").read_text() == make_scripts.hot_seat()
