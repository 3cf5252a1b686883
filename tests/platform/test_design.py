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
