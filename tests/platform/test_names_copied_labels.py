"""`/play` with a line copied from a menu label (issue 18, names13). The tank game's labels
name a tank with where it stands ("Panther #2 @I2"), and `@NAME` is also how a saved code is
spliced into a move: a copied label answered "You have nothing saved as I2 for panzer". A
line that names a legal action plays it; an `@NAME` that names nothing keeps the deck's message."""
from __future__ import annotations

import pytest

from tests.platform.conftest import bots_play_panzer_until, cmd, reply_text, snapshot

USERS = ("alice", "bob")


def copied(game, state, seat, action, locale: str) -> str:
    """`action` as the menus spell its path, each token by its menu name ("go Panther #2 @I2 H6")."""
    names = game.text.token_names(state, seat, locale)
    return " ".join(names.get(token, token) for token in action.code().split())


async def panzer_until_a_label_with_a_hex(host):
    """Until the acting seat has an action whose menu path (`copied`) holds a tank's `@HEX`."""
    def with_hex(game, state, seat):
        return next((a for a in game.engine.legal_actions(state, seat) if "@" in copied(game, state, seat, a, "en")),
                    None)
    return await bots_play_panzer_until(host, with_hex, 300)


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
async def test_a_label_copied_with_its_hex_plays(host, locale):
    sid, game, state, seat, action = await panzer_until_a_label_with_a_hex(host)
    line = copied(game, state, seat, action, locale)
    assert "@" in line, line
    box = await host.handle(cmd(USERS[seat], "play", code=line, locale=locale))
    assert reply_text(box) == "✓ " + game.text.describe_action(state, seat, action, locale), (line, reply_text(box))


@pytest.mark.parametrize("locale,said", [("en", "You have nothing saved as nosuch for panzer."),
                                         ("zh-CN", "你没有为 panzer 保存过 nosuch。")])
async def test_an_unknown_saved_name_still_says_so(host, locale, said):
    sid, game, state, seat, action = await panzer_until_a_label_with_a_hex(host)
    before = await snapshot(host, sid)
    text = reply_text(await host.handle(cmd(USERS[seat], "play", code="@nosuch", locale=locale)))
    assert said in text, text
    assert await snapshot(host, sid) == before


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
async def test_a_named_move_the_rules_refuse_says_why(host, locale):
    """Seed 100, bot moves random.Random(8): "/play drive TANK N" with one free point more than
    the tank may take answered "That action is not understood"; it now gets the rules' own
    refusal, the same as the code typed with the tank's id, and changes nothing."""
    def drive_codes(game, state, seat):
        return [a.code().split() for a in game.engine.legal_actions(state, seat) if a.code().startswith("drive ")]
    sid, game, state, seat, drives = await bots_play_panzer_until(host, drive_codes, 300)
    tank = drives[0][1]
    over = max(int(c[2]) for c in drives if c[1] == tank) + 1
    name = game.text.token_names(state, seat, locale)[tank].split(" @")[0]
    before = await snapshot(host, sid)
    by_id = reply_text(await host.handle(cmd(USERS[seat], "play", code=f"drive {tank} {over}", locale=locale)))
    by_name = reply_text(await host.handle(cmd(USERS[seat], "play", code=f"drive {name} {over}", locale=locale)))
    assert by_name == by_id, (by_name, by_id)
    assert str(over - 1) in by_name and "not understood" not in by_name and "无法理解" not in by_name, by_name
    assert await snapshot(host, sid) == before
