"""`/play` by name (issue 18, "Names, never ids"): a player may type what the menus show,
in either language, case-insensitive, as a unique prefix; an ambiguous name gets the
candidates to click; an unknown one a clear error that changes nothing."""
from __future__ import annotations

from games.core.i18n import t
from games.frontline.engine import FrontlineEngine
from tests.platform.conftest import cmd, reply_text, snapshot


async def frontline_table(host) -> int:
    await host.handle(cmd("alice", "game.new", game="frontline"))
    await host.handle(cmd("bob", "game.join"))
    assert reply_text(await host.handle(cmd("alice", "game.start"))) == "Done."
    return (await host.repo.open_session_in_channel(10)).id



async def test_a_deck_chosen_by_its_english_name_any_case(host):
    sid = await frontline_table(host)
    box = await host.handle(cmd("alice", "play", code="BLITZ"))
    assert reply_text(box) == "✓ Deck: Blitz (Germany / Italy)"


async def test_a_deck_chosen_by_its_chinese_name_from_an_english_client(host):
    sid = await frontline_table(host)
    box = await host.handle(cmd("bob", "play", code="冬将军"))
    assert reply_text(box) == "✓ Deck: General Winter (Soviet Union / Italy)"


async def test_a_unique_prefix_of_a_label(host):
    await frontline_table(host)
    box = await host.handle(cmd("alice", "play", code="deck: red", locale="en"))
    assert reply_text(box) == "✓ Deck: Red Guard (Soviet Union / Britain)"


async def test_an_ambiguous_name_offers_the_candidates_to_click(host):
    sid = await frontline_table(host)
    before = await snapshot(host, sid)
    box = await host.handle(cmd("alice", "play", code="Germany", locale="en"))
    assert "could mean any of 3 choices" in reply_text(box)
    menu = box.reply.menu
    assert menu is not None and menu.prefix == ["deck"]
    assert sorted(o.value for o in menu.options) == ["blitz", "desert", "panzer"]
    assert all("Germany" in o.label for o in menu.options)
    assert await snapshot(host, sid) == before


async def test_an_unknown_name_is_refused_and_changes_nothing(host):
    sid = await frontline_table(host)
    before = await snapshot(host, sid)
    box = await host.handle(cmd("alice", "play", code="a deck nobody made", locale="zh-CN"))
    assert reply_text(box) == "你的行动中没有叫“a deck nobody made”的。请输入菜单中显示的名称。"
    assert await snapshot(host, sid) == before


async def test_a_code_typed_in_another_case_is_the_legal_action_it_names(host):
    """The newcomer's `/play deck Red_Army`: a code that differs from a legal one only by
    case is that action, not "there is no card red_army"."""
    await host.handle(cmd("alice", "game.new", game="ironfire"))
    await host.handle(cmd("bob", "game.join"))
    assert reply_text(await host.handle(cmd("alice", "game.start"))) == "Done."
    box = await host.handle(cmd("alice", "menu", prefix=["deck"]))
    value = box.reply.menu.options[0].value
    box = await host.handle(cmd("alice", "play", code=f"deck {value.upper()}"))
    assert reply_text(box).startswith("✓"), reply_text(box)


async def test_play_with_an_id_the_seat_cannot_name_says_so_plainly(host):
    """"/play u1" answered "None of your actions is called “…”." (an id the seat has no name
    for is never echoed, since 6c923c1): the answer says plainly that it is not one of the
    player's actions, with no blank quote; words typed are still echoed; nothing changes."""
    await host.handle(cmd("alice", "game.new", game="conflict"))
    await host.handle(cmd("bob", "game.join"))
    await host.handle(cmd("alice", "game.start"))
    sid = (await host.repo.open_session_in_channel(10)).id
    before = await snapshot(host, sid)
    for locale in ("en", "zh-CN"):
        box = await host.handle(cmd("alice", "play", code="u1", locale=locale))
        assert reply_text(box) == t(locale, "core.not_your_action"), reply_text(box)
        assert "“" not in reply_text(box) and "…" not in reply_text(box)
        box = await host.handle(cmd("bob", "play", code="attack u1 t5", locale=locale))
        assert reply_text(box) == t(locale, "core.not_your_action"), reply_text(box)
    box = await host.handle(cmd("alice", "play", code="fly away"))
    assert reply_text(box) == t("en", "core.unknown_action", code="fly away")
    assert await snapshot(host, sid) == before
