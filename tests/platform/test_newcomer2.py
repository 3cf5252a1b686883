"""Small things the second newcomer playtest (issue 18) tripped over at the table, each
checked through the host as a player meets it."""
from __future__ import annotations

from tests.platform.conftest import cmd, public_text, reply_text


async def test_sentences_of_a_result_run_on_in_chinese_without_a_space(host):
    """"alice 认输。 胜者：机器人1。 得分：…" had a space after each full stop: sentences were
    joined the English way. In English they keep it."""
    for loc in ("zh-CN", "en"):
        await host.handle(cmd("alice", "game.new", game="frontline", locale=loc))
        await host.handle(cmd("alice", "game.bot", locale=loc))
        await host.handle(cmd("alice", "game.start", locale=loc))
        box = await host.handle(cmd("alice", "game.concede", locale=loc))
        ended = public_text(box)
        status = reply_text(await host.handle(cmd("alice", "game.status", locale=loc)))
        if loc == "zh-CN":
            assert "胜者：机器人1。总部剩余防御力：" in ended and "alice 认输。胜者：机器人1。总部剩余防御力：" in status
            assert "。 " not in ended + status
        else:
            assert "Winner: Bot 1. HQ defence left:" in ended and "alice conceded. Winner: Bot 1. HQ defence left:" in status


async def test_a_result_says_what_its_scores_are(host):
    """The English playtest's Frontline result read "Scores: alice 10 · Bot 1 0." after
    "alice destroyed the enemy HQ" (the 10 unexplained) and "Scores: alice 20 · Bot 1 -2"
    after a last blow past 0. Frontline's scores are the HQs' defence left (the turn cap
    compares them, RULES.md 1: "the higher HQ wins"): the result says so. The tank game's
    are the points for enemy tanks destroyed (every game's scores have a name of their own:
    test_scores_named)."""
    for loc, words in (("en", "HQ defence left: alice 20 · Bot 1 20."), ("zh-CN", "总部剩余防御力：alice 20 · 机器人1 20。")):
        await host.handle(cmd("alice", "game.new", game="frontline", locale=loc))
        await host.handle(cmd("alice", "game.bot", locale=loc))
        await host.handle(cmd("alice", "game.start", locale=loc))
        assert words in public_text(await host.handle(cmd("alice", "game.concede", locale=loc)))
    await host.handle(cmd("alice", "game.new", game="panzer"))
    await host.handle(cmd("alice", "game.bot"))
    await host.handle(cmd("alice", "game.start"))
    assert "Points for enemy tanks destroyed: " in public_text(await host.handle(cmd("alice", "game.concede")))


async def test_iron_and_fire_s_result_says_its_scores_are_match_points(host):
    """Fourth newcomer playtest, Iron & Fire with three players: "Last tally: alice 115, Bot 1 102,
    Bot 2 125. Winner: Bot 2. Scores: alice 1 · Bot 1 0 · Bot 2 2." — scores next to a tally, and
    neither says what they are. They are the match points (engine: "in each game a seat scores one
    per seat it ranked above"); the result names them."""
    for loc, words in (("en", "Match points (in each game, one for every player ranked below): alice 0 · Bot 1 1."),
                       ("zh-CN", "比赛积分（每盘每排在一名牌手之前得 1 分）：alice 0 · 机器人1 1。")):
        await host.handle(cmd("alice", "game.new", game="ironfire", locale=loc))
        await host.handle(cmd("alice", "game.bot", locale=loc))
        await host.handle(cmd("alice", "game.start", locale=loc))
        ended = public_text(await host.handle(cmd("alice", "game.concede", locale=loc)))
        assert words in ended and "Scores" not in ended and "得分" not in ended, ended


async def test_after_the_game_a_move_says_the_game_is_over_and_what_to_do(host):
    """`/game hint` or `/menu` after the end answered "There is no open table in this channel.
    Start one with /game new.", as if nothing had been played here: it names the game that
    ended and points to its result and a rematch."""
    await host.handle(cmd("alice", "game.new", game="frontline"))
    await host.handle(cmd("alice", "game.bot"))
    await host.handle(cmd("alice", "game.start"))
    await host.handle(cmd("alice", "game.concede"))
    for verb in ("game.hint", "menu", "play", "hand"):
        text = reply_text(await host.handle(cmd("alice", verb, code="end")))
        assert text.startswith("The last game here (#1, Frontline) is over: /game status shows how it ended, "
                               "/game rematch plays it again"), (verb, text)
    assert "已经结束" in reply_text(await host.handle(cmd("alice", "menu", locale="zh-CN")))
    assert reply_text(await host.handle(cmd("alice", "menu", channel=20))) == \
        "There is no open table in this channel. Start one with /game new."  # nothing was played there
