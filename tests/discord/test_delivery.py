"""Discord's size limits and the click-menu layout, checked on the payloads discord.py builds."""
from __future__ import annotations

from bot.discord.deliver import CONTENT_LIMIT, EMBED_LIMIT, message_parts, split_text
from bot.discord.i18n import text
from bot.discord.menus import build_view
from bot.outbox import ActionMenu, Image, MenuOption, Message


def custom_ids(view) -> list[str]:
    return [item.custom_id for item in view.children]


def test_split_text_keeps_every_character_within_the_limit():
    body = "\n".join(f"line {i} " + "x" * (i * 37 % 300) for i in range(100)) + "\n" + "y" * 5000
    pieces = split_text(body, EMBED_LIMIT)
    assert all(len(p) <= EMBED_LIMIT for p in pieces) and len(pieces) >= 3
    assert "".join(pieces).replace("\n", "") == body.replace("\n", "")


def test_short_text_is_plain_content_and_long_text_becomes_embeds():
    parts = message_parts(Message(text="hello"), "en")
    assert [{k: v for k, v in p.items() if k != "allowed_mentions"} for p in parts] == [{"content": "hello"}]
    long = message_parts(Message(text="a" * (CONTENT_LIMIT + 1)), "en")
    assert [len(p["embed"].description) for p in long] == [CONTENT_LIMIT + 1]
    huge = message_parts(Message(text="b" * 9000, title="T"), "en")
    assert [len(p["embed"].description) for p in huge] == [4096, 4096, 808]
    assert huge[0]["embed"].title == "T" and huge[1]["embed"].title is None


def test_at_most_ten_files_per_message_and_the_first_image_in_the_embed():
    images = [Image(f"p{i}.png", b"\x89PNG" + bytes([i])) for i in range(12)]
    parts = message_parts(Message(text="board", images=images, buttons=[("game.status", "Status")]), "en")
    assert [len(p.get("files", [])) for p in parts] == [10, 2]
    assert parts[0]["embed"].image.url == "attachment://p0.png"
    assert "view" in parts[-1] and "view" not in parts[0]


def test_a_long_menu_pages_by_twenty_five():
    options = [MenuOption(value=f"t{i}", label=f"Target {i}") for i in range(30)]
    menu = ActionMenu(session_id=7, seat=1, prefix=["fire"], options=options, complete=False)
    view, note = build_view(Message(text="", menu=menu), "en")
    assert note is None
    select = view.children[0]
    assert select.custom_id == "sp:m:7:1:fire" and len(select.item.options) == 25
    assert custom_ids(view)[1:] == ["sp:pg:7:1:1:fire", "sp:bk:7:1:fire"]
    view, _ = build_view(Message(text="", menu=menu), "en", page=1)
    assert [o.value for o in view.children[0].item.options] == [f"t{i}" for i in range(25, 30)]
    assert custom_ids(view)[1:] == ["sp:pg:7:1:0:fire", "sp:bk:7:1:fire"]


def test_a_complete_action_offers_confirm_and_a_too_long_prefix_asks_to_type():
    menu = ActionMenu(session_id=7, seat=0, prefix=["pass"], options=[], complete=True)
    view, _ = build_view(Message(text="", menu=menu), "zh-CN")
    assert custom_ids(view) == ["sp:bk:7:0:pass", "sp:ok:7:0:pass"]
    assert view.children[1].item.label == text("zh-CN", "button.confirm")
    long = ActionMenu(session_id=7, seat=0, prefix=["move"] + [f"hex{i:03d}" for i in range(14)],
                      options=[MenuOption("hex999", "x")])
    view, note = build_view(Message(text="", menu=long), "zh-CN")
    assert view is None and note == text("zh-CN", "msg.too_long_for_buttons")
    assert all(len(c) <= 100 for c in custom_ids(build_view(Message(text="", menu=menu), "en")[0]))


def test_host_buttons_become_verb_buttons_and_the_hand_button_is_added_once():
    msg = Message(text="lobby", buttons=[("game.join", "Join"), ("game.start:3", "Start"), ("bad id!", "?")])
    view, _ = build_view(msg, "en", hand_button=True)
    assert custom_ids(view) == ["sp:v:game.join", "sp:v:game.start:3", "sp:hand"]
    view, _ = build_view(Message(text="x", buttons=[("sp:hand:3", "Mine")]), "en", hand_button=True)
    assert custom_ids(view) == ["sp:hand:3"]


def test_views_stay_within_discords_component_rules():
    """Empty, long and many host buttons next to a full menu: always a payload Discord takes."""
    from tests.discord import limits

    options = [MenuOption(value=f"t{i}", label="L" * 150, description="D" * 150) for i in range(40)]
    menu = ActionMenu(session_id=7, seat=1, prefix=["fire"], options=options, complete=True)
    buttons = [("game.join", ""), ("game.start:3", "S" * 120)] + [(f"game.status:{i}", f"s{i}") for i in range(20)]
    for message in (Message(text="x", menu=menu, buttons=buttons), Message(text="x", buttons=buttons)):
        view, _ = build_view(message, "zh-CN", hand_button=True)
        assert limits.check_components(view.to_components()) == []
