"""What newcomer15 met playing Iron & Fire from the README at the console table (issue 18), each
with the table's real text at a fixed seed, in both languages."""
from __future__ import annotations

from bot.console import run_script

SEED = 7  # the Red Army deck, City, logistics 45 for both
START = ["al: /lang en", "al: /game new ironfire", "al: /game bot", "al: /game start", "al: /play deck red_army"]
START_ZH = ["li: /game new ironfire", "li: /game bot", "li: /game start", "li: /play deck red_army"]
# 45 logistics exactly: the two Katyushas (rocket salvo, costs 1) and the IS-2 (vs armour, costs 1) never fire
FULL = ["pick IS-2", "pick KV-1", "pick KV-1", *["pick T-34/76"] * 4, *["pick Il-2 Shturmovik"] * 3,
        "pick Katyusha", "pick Katyusha", "pick Guards Rifles", "pick PTRD Anti-tank Squad"]
# 45 exactly again, with no attack that costs logistics
FREE = ["pick KV-1", "pick KV-1", *["pick T-34/76"] * 4, *["pick Il-2 Shturmovik"] * 3, *["pick Guards Rifles"] * 4,
        *["pick PTRD Anti-tank Squad"] * 3, "pick ZiS-3 Divisional Gun"]


async def console(lines: list[str]) -> list[str]:
    out: list[str] = []
    await run_script(lines, None, None, SEED, write=out.append)
    return out


async def test_a_card_the_deck_has_no_more_of_is_named_without_its_logistics():
    """The fifth `/play pick Guards Rifles` read "There is no Guards Rifles (2) left in your deck."
    (the card's logistics in brackets, as if it were part of its name)."""
    out = await console([*START, *["al: /play pick Guards Rifles"] * 5])
    assert "[reply al] There is no Guards Rifles left in your deck." in out, out[-3:]
    zh = await console([*START_ZH, *["li: /play pick 近卫步兵"] * 5])
    assert "[reply li] 你的套牌中已经没有近卫步兵。" in zh, zh[-3:]


async def test_a_named_attack_option_reads_as_an_attack_in_the_menu():
    """The menu read "Katyusha #1 4/4 attacks rocket salvo (costs 1 logistics)" and "ML-20 Howitzer
    #3 6/6 attacks shelling": a named option (rule 102.2: `heal`, `bomb`, `shell`…) is no class
    after "attacks vs". Options by class still read "attacks vs armour"."""
    army = ["al: /play pick KV-1", "al: /play pick Katyusha", "al: /play ready"]
    out = await console([*START, *army, "al: /menu", "al: /menu 1"])
    assert ("[reply al]   2. Katyusha 4/4: rocket salvo attack (costs 1 logistics) — damage 0–2 an attack "
            "(environment -1) · targets: up to 1d3") in out, out[-6:]
    assert not any("attacks rocket salvo" in line for line in out)
    out = await console([*START, *army, "al: /menu", "al: /menu 1", "al: /menu 1"])
    assert "[reply al]   1. KV-1 #1 14/14 attacks vs armour — damage 2–3 an attack" in out, out[-4:]
    zh = await console([*START_ZH, "li: /play pick KV-1", "li: /play pick 喀秋莎火箭炮", "li: /play ready",
                        "li: /menu", "li: /menu 1"])
    assert "[reply li]   2. 喀秋莎火箭炮 4/4攻击：火箭齐射（消耗后勤 1） — 每次攻击伤害 0–2（环境 -1） · 最多 1d3 个目标" in zh, zh[-6:]


async def test_ready_warns_when_no_logistics_are_left_for_attacks_that_cost_some():
    """207.3: "an attack with a logistics cost can be made only when logistics minus the army's
    total is more than the cost". A newcomer filled 50 of 50 with two Katyushas and an IS-2, and
    found in battle that they could not fire; "Ready (50 of 50 logistics used)" had said nothing."""
    out = await console([*START, *(f"al: /play {a}" for a in FULL), "al: /menu"])
    assert ("[reply al]   2. Ready (45 of 45 logistics used: too little left over for attacks that cost "
            "logistics, 207.3)") in out, out[-4:]
    # one spare is not more than a cost of 1: still too little
    out = await console([*START, *(f"al: /play {a}" for a in FULL[:-1]), "al: /menu"])
    assert ("[reply al]   3. Ready (44 of 45 logistics used: too little left over for attacks that cost "
            "logistics, 207.3)") in out, out[-4:]
    # with logistics to spare, or without such a card, Ready says only what is used
    out = await console([*START, "al: /play pick Katyusha", "al: /menu"])
    assert "[reply al]   3. Ready (3 of 45 logistics used)" in out, out[-4:]
    out = await console([*START, *(f"al: /play {a}" for a in FREE), "al: /menu"])
    assert "[reply al]   2. Ready (45 of 45 logistics used)" in out, out[-4:]
    zh_full = [a.replace("Katyusha", "喀秋莎火箭炮") for a in FULL]
    zh = await console([*START_ZH, *(f"li: /play {a}" for a in zh_full), "li: /menu"])
    assert "[reply li]   2. 准备完毕（已用后勤 45/45：剩余后勤不足以发动消耗后勤的攻击，207.3）" in zh, zh[-4:]


def test_reinforcements_count_their_copies():
    """After round 1: "alice reinforces: Yak-3, ZiS-3 Divisional Gun, ZiS-3 Divisional Gun." The
    reinforcements read as the revealed army does (each card once, with its count)."""
    from games.ironfire import GAME
    from games.ironfire.engine import _name
    from tests.ironfire.helpers import battle

    state = battle([["grenadier"], ["abrams"]])
    params = {"name": "B", "cards": [_name("yak3"), _name("zis3"), _name("zis3")]}
    assert GAME.text.event_lines(state, [("ironfire.reinforced", params)], "en") == [
        "B reinforces: Yak-3, ZiS-3 Divisional Gun ×2."]
    assert GAME.text.event_lines(state, [("ironfire.reinforced", params)], "zh-CN") == [
        "B补充：雅克-3战斗机、ZiS-3师属加农炮 ×2。"]


def test_the_recount_board_does_not_mark_cards_attacked():
    """At the recount after round 2 the board read "KV-1 #2 14/14 (attacked) · T-34/76: #1 13/13
    (attacked) …" for every card: the round is over (102.4), and a newcomer read it as cards
    that could not attack in the next round. In battle the mark stays; heavy damage stays always."""
    from games.ironfire import ENGINE, GAME
    from tests.ironfire.helpers import battle

    state = battle([["guards", "kv1"], ["abrams"]])
    a1, a2 = state.players[0].army
    a1.attacked = a2.attacked = True
    a2.heavy = True
    for loc, attacked, heavy in (("en", "(attacked)", "(heavy, attacked)"), ("zh-CN", "已攻击", "重创、已攻击")):
        board = GAME.text.summary(ENGINE.view(state, 0), loc)
        assert attacked in board and heavy in board, board
    state.phase = "recount"
    for loc, attacked, heavy in (("en", "attacked", "(heavy)"), ("zh-CN", "已攻击", "（重创）")):
        board = GAME.text.summary(ENGINE.view(state, 0), loc)
        assert attacked not in board and heavy in board, board


def test_focus_fire_says_the_defender_answers_with_up_to_as_many_attacks():
    """102.3: the defender first makes as many attacks as there are focus cards, each with a card
    that has not attacked this round (`pass` stops). The post read "alice attacks first, 2 times";
    alice had one card left, answered once, and the focus fire struck: the second time never came,
    with no word why. The count is the most the defender may answer with."""
    from games.ironfire import GAME
    from tests.ironfire.helpers import battle

    state = battle([["grenadier"], ["abrams"]])
    from games.ironfire import ENGINE

    target = ENGINE._label(state.players[0].army[0])  # `a1 Panzergrenadiers`, in both languages
    params = {"name": "Bot 1", "n": 2, "target": target, "defender": "alice"}
    en = GAME.text.event_lines(state, [("ironfire.focus_declared", params)], "en")
    assert en == ["Bot 1 declares focus fire with 2 cards on Panzergrenadiers. alice answers first, "
                  "with up to 2 attacks."], en
    zh = GAME.text.event_lines(state, [("ironfire.focus_declared", params)], "zh-CN")
    assert zh == ["Bot 1宣布以2张牌集火攻击装甲掷弹兵。alice先还击，最多2次。"], zh
