"""The end-to-end console script: a whole fleet & mech game at the console table, from
fleet building by DM to the victory post."""
import re
from pathlib import Path

from bot.cli import main as shapan
from games.core.i18n import t

from .make_script import SCRIPT, SEED, lines


def test_script_is_current():
    """The stored script is what the generator makes from the seed (rules unchanged)."""
    text, _ = lines(SEED)
    assert SCRIPT.read_text(encoding="utf-8") == "\n".join(text) + "\n"


def test_whole_game_at_the_console_table(tmp_path, capsys):
    _, outcome = lines(SEED)
    code = shapan(["table", "--script", str(SCRIPT), "--seed", str(SEED), "--db", str(tmp_path / "t.sqlite3"),
                   "--out", str(tmp_path / "img")])
    out = capsys.readouterr().out.splitlines()
    assert code == 0
    # the result the rules reached, as the table reads it (a count at the round cap since the bot
    # keeps its grenades for mechs in reach: session 15)
    assert f"[table] {t('zh-CN', outcome.reason, **outcome.params)}" in out
    script = SCRIPT.read_text(encoding="utf-8")
    accepted = [line for line in out if re.match(r"\[reply (alice|bob)\] ✓", line)]
    assert len(accepted) == script.count("/play ")  # every move of the script was accepted
    public = [line for line in out if line.startswith("[table")]
    # card ids typed by DM never reach the table, nor do captains and pilots before they show
    ids = set(re.findall(r"\bc[0-9a-f]{10}\b", script))
    assert ids and not any(i in line for line in public for i in ids)
    # a hidden captain shows first when it uses a skill (RULES.md 10): alice's Tim Wall (蒂姆·沃尔),
    # bob's Aaron Thompson (the bastion's); at least one uses a skill in the game
    shown = 0
    for captain, skills in (("tim", ("dodge", "redirect")), ("aaron", ("precision", "transfer"))):
        named = [line for line in public if t("zh-CN", f"fleet.captain.{captain}") in line]
        if named:
            shown += 1
            assert any(t("zh-CN", f"fleet.skill.{k}.name") in named[0] for k in skills), named[0]
    assert shown
    assert any(line.startswith("[dm alice] 你的手牌") for line in out)
    assert any(line.startswith("[dm bob] Your hand") for line in out)
    assert list(Path(tmp_path / "img").glob("*.png"))
