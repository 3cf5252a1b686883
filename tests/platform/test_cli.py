"""`shapan` arguments: a usage error is argparse's (the usage line, a message naming the
argument, exit status 2), never a run that reports "1 errors" (issue 18)."""
from __future__ import annotations

import pytest

from bot.cli import main


@pytest.mark.parametrize("argv, named", [
    (["playout", "--game", "frontline", "--games", "-3"], "--games"),
    (["playout", "--game", "frontline", "--games", "0"], "--games"),
    (["playout", "--game", "frontline", "--games", "many"], "--games"),
    (["playout", "--game", "frontline", "--check-every", "0"], "--check-every"),
    (["playout", "--game", "frontline", "--seed", "-1"], "--seed"),
    (["playout", "--game", "nosuchgame"], "unknown game"),
    (["playout", "--game", "panzer", "--players", "3"], "--players"),
    (["playout", "--game", "conflict", "--option", "max_rounds=-1"], "max_rounds"),
    (["playout", "--game", "conflict", "--option", "max_rounds"], "NAME=VALUE"),
    (["playout", "--game", "conflict", "--option", "colour=red"], "colour"),
    (["verify", "--session", "-1"], "--session"),
    (["table", "--seed", "x"], "--seed"),
])
def test_cli_usage_errors_exit_2_naming_the_argument(argv, named, capsys):
    with pytest.raises(SystemExit) as done:
        main(argv)
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert "usage: shapan" in err and named in err and "errors" not in err


def test_a_game_by_its_chinese_name(capsys):
    assert main(["playout", "--game", "前线", "--games", "1"]) == 0
    assert capsys.readouterr().out.startswith("frontline: 1 games, 1 finished, 0 errors")
