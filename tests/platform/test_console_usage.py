"""The console's own messages read as sentences in the speaker's language (issue 18): a
missing argument shows the usage line, an unknown command lists the commands that exist,
and the output marks what everyone sees and what only one player sees."""
from __future__ import annotations

from bot.console import CONSOLE_COMMANDS, run_script
from games.core.i18n import t


async def console(lines: list[str]) -> list[str]:
    out: list[str] = []
    await run_script(lines, None, None, 3, write=out.append)
    return out


async def test_usage_lines_in_the_speakers_language():
    out = await console(["li: /game kick", "li: /game new", "li: /rules", "li: /wait", "li: /roll private",
                         "al: /lang en", "al: /game kick", "al: /deck"])
    assert f"[reply li] {t('zh-CN', 'console.usage.game_kick')}" in out
    assert f"[reply li] {t('zh-CN', 'console.usage.game_new')}" in out
    assert f"[reply li] {t('zh-CN', 'console.usage.rules')}" in out
    assert f"[reply li] {t('zh-CN', 'console.usage.wait')}" in out
    assert f"[reply li] {t('zh-CN', 'console.usage.roll')}" in out
    assert f"[reply al] {t('en', 'console.usage.game_kick')}" in out
    assert f"[reply al] {t('en', 'console.usage.deck')}" in out
    assert all(line.startswith("[reply li] 用法：") for line in out if line.startswith("[reply li]"))


async def test_unknown_commands_list_the_commands_that_exist():
    out = await console(["al: /lang en", "al: /frobnicate", "al: /game frobnicate"])
    unknown = t("en", "console.unknown", command="/frobnicate", commands=", ".join(CONSOLE_COMMANDS))
    assert f"[reply al] {unknown}" in out
    game_reply = next(line for line in out if line.startswith("[reply al] There is no such command"))
    assert "frobnicate" not in game_reply and "/game new" in game_reply and "/menu" in game_reply


async def test_who_sees_what():
    out = await console(["al: /lang en", "al: /game new frontline", "bo: /game join", "al: /game start",
                         "al: /hand", "al: /roll 1d6"])
    assert any(line.startswith("[console] [table] lines: everyone") for line in out)
    assert "[table] al sits down." not in out and any(line.startswith("[table] bo") for line in out)
    hand = out.index("[reply al] [seat 0 · al]")  # a hand: al alone
    assert not out[hand + 1].startswith("[table]")
    assert any(line.startswith("[table] ") and "1d6" in line for line in out[-3:])  # a public roll: everyone


def test_a_hash_in_a_name_is_no_comment():
    """` # ` starts a comment, but a tank named `Type 89 #2` is typed whole, quoted or not,
    and a `#` inside double quotes is text."""
    from bot.console import _strip_comment

    assert _strip_comment('al: /play "Deploy Type 89 #2 at D9"') == 'al: /play "Deploy Type 89 #2 at D9"'
    assert _strip_comment("al: /play Deploy Type 89 #2 at D9") == "al: /play Deploy Type 89 #2 at D9"
    assert _strip_comment('al: /roll 1d6 "shot # 2"  # why') == 'al: /roll 1d6 "shot # 2"  '
    assert _strip_comment("al: /game status   # the last game") == "al: /game status   "
    assert _strip_comment("# a whole line") == ""
    assert _strip_comment("al@#side: /game log game:#3") == "al@#side: /game log game:#3"
    assert _strip_comment("al: /play Ship fires at Bot 1's ship # note") == "al: /play Ship fires at Bot 1's ship "


async def test_the_hint_played_by_name_at_the_console():
    """The tank game names tanks `Type 89 #2`: what `/game hint` says, `/play "..."` plays,
    through the deployment where every hint names a tank (it used to be cut at the `#`)."""
    from bot.console import open_table

    out: list[str] = []
    table = await open_table(None, None, 5, write=out.append)
    try:
        for line in ("al: /lang en", "al: /game new panzer", "al: /game bot", "al: /game start"):
            await table.run_line(line)
        played_with_hash = 0
        for _ in range(60):
            out.clear()
            await table.run_line("al: /game hint")
            hint = next(line.split(": ", 1)[1] for line in out if line.startswith("[reply al] Hint"))
            out.clear()
            await table.run_line(f'al: /play "{hint}"')
            assert f"[reply al] ✓ {hint}" in out, (hint, out)
            played_with_hash += "#" in hint
            if played_with_hash >= 3:
                break
        assert played_with_hash >= 3
    finally:
        await table.close()


async def test_the_language_switch_answers_in_the_language_chosen():
    """`/lang` answered "language: zh-CN" in English to a Chinese reader."""
    out = await console(["li: /lang zh-CN", "al: /lang en"])
    assert f"[reply li] {t('zh-CN', 'console.language')}" in out and "[reply li] 你将以简体中文阅读牌桌。" in out
    assert "[reply al] You will read the table in English." in out
