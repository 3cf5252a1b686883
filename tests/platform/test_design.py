"""Iron & Fire's rule-301 card designer as a command (/design), in both languages."""
from games.core.i18n import t
from tests.platform.conftest import cmd

PARTS = "chassis=armoured engine=diesel suspension=torsion transmission=mechanical armour=rolled"


async def test_design_shows_the_card_numbers(host):
    # M = 4 + 1 + 1 + 1 + 0 = 7, P = 2: combat value 7 + 2*2 = 11, logistics (7 + 2) / 3 = 3
    out = await host.handle(cmd("alice", "design", components=PARTS))
    assert out.reply.text == t("en", "ironfire.design.result", cv=11, logistics=3, mobility="7", protection="2")
    out = await host.handle(cmd("alice", "design", components=PARTS, locale="zh-CN"))
    assert out.reply.text == t("zh-CN", "ironfire.design.result", cv=11, logistics=3, mobility="7", protection="2")


async def test_design_refuses_unknown_parts_clearly(host):
    out = await host.handle(cmd("alice", "design", components="engine=warp", locale="zh-CN"))
    assert out.reply.text and "warp" in out.reply.text and out.reply_ephemeral


async def test_design_help_lists_every_group_with_its_choices(host):
    """`/design help` (or nothing, or 帮助) lists the component groups and what each takes,
    in the user's language; before, it answered "not GROUP=VALUE"."""
    from games.ironfire.data import components

    for words, locale in (("help", "en"), ("", "en"), ("帮助", "zh-CN")):
        text = (await host.handle(cmd("alice", "design", components=words, locale=locale))).reply.text
        for group, choices in components().items():
            assert f"`{group}` ({t(locale, f'ironfire.group.{group}')})" in text, (group, text)
            assert all(f"`{key}`" in text for key in choices)
        assert ("Diesel engine" in text) == (locale == "en") and ("柴油发动机" in text) == (locale == "zh-CN")
    # the example it shows works as written
    # as Discord shows it (the option named: components:…; the console's has no name)
    example = t("en", "ironfire.design.example").split("/design ", 1)[1].removeprefix("components:")
    out = await host.handle(cmd("alice", "design", components=example))
    assert out.reply.text.startswith("Rule 301 card: combat value **13**, logistics **3**"), out.reply.text
