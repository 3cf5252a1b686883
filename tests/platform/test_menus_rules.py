"""The click menu, autocomplete suggestions, /rules sections and /roll delegation."""
from __future__ import annotations

from pathlib import Path

from bot.host import build_menu
from games.core.i18n import t
from games.core.game import Game, Text
from games.registry import register
from tests.platform.conftest import CHANNEL, cmd, duel_table, reply_text
from tests.toygame import ENGINE, DuelEngine

RULES = """# Duel rules
Two players, three cards each.

## 1 Setup
Shuffle nine cards; deal three to each player.

## 2 Rounds
The leader plays face down, then the other player.
"""


class RulesDuel(DuelEngine):
    key = "rulesduel"


def rules_text(path: Path) -> type[Text]:
    class RulesText(Text):
        def rules_path(self):
            return path
    return RulesText


async def state_of(host, sid):
    return ENGINE.load_state((await host.repo.load_session(sid)).state)


async def test_menu_steps_from_legal_actions(host):
    sid = await duel_table(host)
    state = await state_of(host, sid)
    box = await host.handle(cmd("alice", "menu"))
    menu = box.reply.menu
    assert (menu.session_id, menu.seat, menu.prefix, menu.complete) == (sid, 0, [], False)
    assert [(o.value, o.label) for o in menu.options] == [("play", "play"), ("pass", "pass")]
    box = await host.handle(cmd("alice", "menu", prefix=["play"]))
    menu = box.reply.menu
    assert [o.value for o in menu.options] == [c.id for c in state.hands[0]]
    assert [o.label for o in menu.options] == [f"play {c.value}" for c in state.hands[0]]
    box = await host.handle(cmd("alice", "menu", prefix=["play", state.hands[0][1].id]))
    assert box.reply.menu.complete and box.reply.menu.options == []
    box = await host.handle(cmd("alice", "menu", prefix=["attack"]))
    assert reply_text(box) == t("en", "host.menu_no_match", prefix="attack", menu="/act")  # the button's command


def test_menu_works_for_an_engine_with_multi_token_codes():
    from tests.platform.tally import ENGINE as TALLY
    from games.core import Seat

    state = TALLY.setup([Seat(index=0, name="a")], TALLY.parse_options({}), 1).state
    menu = build_menu(Game(TALLY), state, 5, 0, [], "en")
    assert [o.value for o in menu.options] == ["add"] and not menu.complete
    assert build_menu(Game(TALLY), state, 5, 0, ["add"], "en").complete


async def test_suggestions(host):
    keys = [v for v, _ in await host.suggest(cmd("alice", "game.new"), "game", "du")]
    assert "duel" in keys and "tally" not in keys and all("du" in k for k in keys)
    sid = await duel_table(host)
    state = await state_of(host, sid)
    codes = await host.suggest(cmd("alice", "play"), "code", "")
    assert [v for v, _ in codes] == [a.code() for a in ENGINE.legal_actions(state, 0)]
    best = max(state.hands[0], key=lambda c: c.value)
    assert await host.suggest(cmd("alice", "play"), "code", f"play {best.value}") == [
        (f"play {best.id}", f"play {best.value}")]  # the label only: the id stays in the value
    assert await host.suggest(cmd("bob", "play"), "code", "") == []  # not bob's turn
    assert await host.suggest(cmd("carol", "play"), "code", "") == []  # a spectator
    mine = await host.suggest(cmd("alice", "play", dm=True), "game", "")
    assert [v for v, _ in mine] == [str(sid)]


async def test_rules_by_section(host, tmp_path):
    (tmp_path / "RULES.md").write_text(RULES, encoding="utf-8")
    register(Game(RulesDuel(), text=rules_text(tmp_path / "RULES.md")))
    box = await host.handle(cmd("alice", "rules", game="rulesduel"))
    # the introduction, then each section by the number that opens it (its heading's own)
    assert reply_text(box).splitlines() == ["Two players, three cards each.", "",
                                            t("en", "host.rules_toc", game="rulesduel",
                                              usage="/rules game:rulesduel section:NUMBER"), "1. Setup", "2. Rounds"]
    box = await host.handle(cmd("alice", "rules", game="rulesduel", section="2"))
    assert reply_text(box) == "The leader plays face down, then the other player."
    assert box.reply.title.endswith(" · 2. Rounds")
    box = await host.handle(cmd("alice", "rules", game="rulesduel", section="1 set"))
    assert reply_text(box).startswith("Shuffle nine cards")
    box = await host.handle(cmd("alice", "rules", game="rulesduel", section="victory", locale="zh-CN"))
    assert reply_text(box) == t("zh-CN", "host.no_section", section="victory", game="rulesduel",
                                           usage="/规则 游戏:rulesduel")
    box = await host.handle(cmd("alice", "rules", game="duel"))
    assert reply_text(box) == t("en", "host.no_rules", game="duel")
    sections = await host.suggest(cmd("alice", "rules", game="rulesduel"), "section", "round")
    assert sections == [("2", "2. Rounds")]


async def test_roll_verbs_go_to_the_dice_module(host):
    box = await host.handle(cmd("alice", "roll", expr="3d6", label="fire"))
    assert "3d6" in reply_text(box)
    box = await host.handle(cmd("bob", "roll.history"))
    assert "alice" in reply_text(box) and "fire" in reply_text(box)


async def test_unknown_verb(host):
    box = await host.handle(cmd("alice", "game.fly"))
    # issue 18: the commands that exist, as typed, never the internal name
    text = reply_text(box)
    assert "game.fly" not in text and "/game new" in text and "/game rematch" in text and "/play" in text
    assert await host.repo.open_session_in_channel(CHANNEL) is None
