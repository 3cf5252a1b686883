"""The text screen of `python -m tests.discord.play`, driven by a script as a player types it:
a table opened by slash commands, a move made by clicking the numbers the screen shows."""
from __future__ import annotations

import re

from tests.discord.play import Screen, open_screen


def number_of(screen_text: str, label: str) -> str:
    """The number the screen shows for the button or option that reads `label`."""
    match = re.search(r"\[(\d+)\] \(" + re.escape(label) + r"\)", screen_text) or re.search(
        r"(\d+\.\d+) " + re.escape(label) + r"\b", screen_text)
    assert match, f"{label!r} is not on the screen:\n{screen_text}"
    return match[1]


async def test_a_move_by_clicks_on_the_text_screen(tmp_path):
    screen: Screen = await open_screen(tmp_path / "play.sqlite3", "en")
    try:
        seen = await screen.run_line("/game new game:duel")
        assert "[only you]" in seen and "[#general]" in seen and "Duel" in seen
        await screen.run_line("/game bot")
        seen = await screen.run_line("/game start")
        # the turn's post pings the player by display name and carries the move button;
        # their hand arrives by DM, marked as such
        assert "@Ada" in seen and "<@" not in seen
        assert re.search(r"\[DM\]\nYour cards: \d", seen), seen
        # `look` shows again what is still clickable, under the same numbers
        assert number_of(await screen.run_line("look"), "Choose my move") == number_of(seen, "Choose my move")
        menu = await screen.run_line(number_of(seen, "Choose my move"))
        assert "[only you]" in menu and "v " in menu  # a select, shown privately
        cards = await screen.run_line(number_of(menu, "play"))
        assert "(edited)" in cards  # the menu edits itself in place
        first_card = re.search(r"(\d+)\.1 ", cards)[1]
        ready = await screen.run_line(f"{first_card} 1")  # "N K" picks as "N.K" does
        version = (await screen.h.client.host.repo.load_session(1)).version
        after = await screen.run_line(number_of(ready, "Confirm"))
        assert (await screen.h.client.host.repo.load_session(1)).version > version  # the move was played
        assert "[#general]" in after  # and the channel saw it
        # what a stale number or a typo gets: a hint, and nothing sent
        sent = len(screen.h.requests)
        assert (await screen.run_line("999")).startswith("? there is no component 999")
        assert (await screen.run_line("/game nope")).startswith("? no command /game nope")
        assert len(screen.h.requests) == sent
        assert screen.clicks == 4 and screen.commands == 3
    finally:
        await screen.h.close()


async def test_the_screen_reads_chinese_names_and_suggestions(tmp_path):
    screen = await open_screen(tmp_path / "play.sqlite3", "zh-CN")
    try:
        suggestions = await screen.run_line("/game new game:?")
        assert "-> game:conflict" in suggestions and "对决" in suggestions
        assert "/game new" in await screen.run_line("/")
        zh_game = next(n for n in screen.tree if n["name"] == "game")["name_localizations"]["zh-CN"]
        seen = await screen.run_line(f"/{zh_game} new game:duel")
        assert "已创建" in seen
    finally:
        await screen.h.close()


async def test_an_options_value_keeps_its_spaces_and_equals_signs(tmp_path):
    """play17zh typed `/game new game:fleet options:cap_round=6 arms_round=6`, as `/game help`
    shows it, and the screen split it into an option 'arms_round'. Discord sends the options
    field whole; only this command's own option names start a new option."""
    screen = await open_screen(tmp_path / "play.sqlite3", "en")
    try:
        path, options, focused = screen.parse_command("game new game:fleet options:cap_round=6 arms_round=6")
        assert (path, options, focused) == ("game new", {"game": "fleet", "options": "cap_round=6 arms_round=6"}, None)
        zh_new = screen.parse_command("game new options:rounds=4 budget=60 game:panzer")[1]
        assert zh_new == {"options": "rounds=4 budget=60", "game": "panzer"}
        # an action's label may hold "#2:" (play17b typed the autocomplete's own label)
        assert screen.parse_command("play action:Jagdpanzer IV #2: face N")[1] == {"action": "Jagdpanzer IV #2: face N"}
        for typed in ("game new colour:red game:fleet", "game new colour:red"):
            try:
                screen.parse_command(typed)
            except ValueError as refused:
                assert "is not one of its options" in str(refused)
            else:
                raise AssertionError(f"{typed!r} was read")
    finally:
        await screen.h.close()
