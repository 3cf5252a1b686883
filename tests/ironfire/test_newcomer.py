"""What a newcomer playing Iron & Fire from the README met at the console table (issue 18),
each with the table's real text at a fixed seed."""
from __future__ import annotations

import pytest

from bot.console import run_script
from games.core import RuleError

SEED = 7
START = ["al: /lang en", "al: /game new ironfire", "al: /game bot", "al: /game start", "al: /play deck red_army"]


async def console(lines: list[str]) -> list[str]:
    out: list[str] = []
    await run_script(lines, None, None, SEED, write=out.append)
    return out


async def test_a_card_named_after_the_verb_is_picked():
    """Menus name the card `KV-1`; `/play pick KV-1` read "There is no KV-1 left in your deck"
    while the Red Army deck holds two. A name after the verb is a name, as the menus show it."""
    out = await console([*START, "al: /play pick KV-1", "al: /play put back KV-1"])
    assert "[reply al] ✓ Pick KV-1 (4 logistics)" in out
    assert "[reply al] ✓ Put back KV-1" in out
    assert not any("There is no KV-1" in line for line in out)


async def test_the_deck_list_the_bot_sends_is_a_code_deck_save_takes():
    """The DM says "Your deck code, to keep the deck with /deck save ironfire NAME CODE:
    Guards Rifles ×4, …": that very text was refused ("There is no card 'guards rifles ×4'")."""
    out = await console(START)
    sent = next(line for line in out if line.startswith("[dm al] Your deck code"))
    code = sent.split("NAME CODE: ", 1)[1]  # the console's /deck save (bot/commandref.py)
    assert code.startswith("Guards Rifles ×4, ")
    zh = await console(["li: /game new ironfire", "li: /game bot", "li: /game start", "li: /play deck red_army"])
    zh_code = next(line for line in zh if line.startswith("[dm li] 你的套牌代码")).split("名称 代码）：", 1)[1]
    assert "、" in zh_code
    saved = await console([f"al: /deck save ironfire mine {code}", "al: /deck show ironfire mine",
                           f"li: /deck save ironfire mine {zh_code}", "li: /deck show ironfire mine"])
    shown = [line for line in saved if "guards*4" in line]
    assert len(shown) == 2, saved  # both players' decks stored as the same card keys
    assert not any("There is no card" in line or "没有" in line for line in saved)


async def test_army_selection_counts_the_rounds_ahead_not_round_zero():
    """The board read "Game 1/1 · army selection · round 0/2 · City" while armies were chosen:
    there is no round 0; the rounds of attacks (102.1) are still ahead."""
    out = await console(START)
    assert "[table] Game 1/1 · army selection · 2 rounds of attacks ahead · City" in out
    assert not any("round 0/" in line for line in out)
    zh = await console([line.replace("al:", "li:") for line in START[1:]])
    assert "[table] 第1/1盘 · 排兵布阵 · 将进行2轮攻防 · 城市" in zh


async def test_an_attack_says_what_logistics_it_costs():
    """IS-2's attack on armour costs 1 logistics, paid at once (207.3): the budget went 46 -> 45
    with no word in the menu or the post. Now both say it, in either language."""
    army = ["al: /play pick IS-2", "al: /play pick KV-1", "al: /play ready"]
    out = await console([*START, *army, "al: /menu", "al: /menu 1", "al: /menu 1", "al: /play IS-2 #1 16/16 attacks vs armour",
                         "al: /game status"])
    # after the label, the damage each attack deals (its `action_facts`, as the console shows them)
    assert "[reply al]   1. IS-2 #1 16/16 attacks vs armour (costs 1 logistics) — damage 3–6 an attack" in out
    assert "[reply al]   2. IS-2 #1 16/16 attacks vs ranged — damage 2–4 an attack" in out  # a free option says nothing
    assert ("[table] al: IS-2 #1 attacks (vs armour): 1 attack on up to 1 target. "
            "It costs 1 logistics, paid at once.") in out
    # newcomer7a: the board read "logistics 8/44", which a newcomer took for 8 left; the menu says "(3 of 45
    # logistics used)": the board says it the same way (the post of a step inside the turn has
    # no board since issue 18's hostpost16; /game status shows it)
    assert "[reply al] [a] al ▶ · 8 of 44 logistics used · 29 cards left in the deck" in out
    zh = [line.replace("al:", "li:") for line in START[1:] + army] + ["li: /play IS-2 #1 16/16攻击：对装甲",
                                                                        "li: /game status"]
    out = await console(zh)
    assert "[reply li] [a] li ▶ · 已用后勤 8/44 · 套牌剩 29 张" in out
    assert "[table] li：IS-2重型坦克 #1发动攻击（对装甲）：每个目标1次，最多1个目标。此攻击消耗后勤 1，立即扣除。" in out


async def test_lists_of_players_read_with_the_readers_separator():
    """zh-CN lists take "、" (words8b), but the logistics, the tally and the last tally came
    joined with ", " by the rules ("牌手后勤点数：bob 46, 机器人1 46")."""
    out = await console([line.replace("al:", "li:") for line in START[1:]] + ["li: /game concede"])
    assert "[table] 牌手后勤点数：li 45、机器人1 45。攻防轮数：2。" in out


def test_the_environment_box_holds_its_name():
    """The picture's environment box was 138 px wide whatever it said: "Open ground" (22 px
    type, 131 px long from x = 22) ran over its right edge and read "Open grounc"."""
    import io

    from PIL import Image

    from games.core.render import font
    from games.ironfire import ENGINE, GAME
    from games.ironfire.render import ENV_COLOURS
    from tests.ironfire.helpers import battle

    state = battle([["t34"], ["tiger"]], env="normal")
    img = Image.open(io.BytesIO(GAME.render(ENGINE.view(state, 0), "en"))).convert("RGB")
    end = 22 + int(font(22).getlength("Open ground"))
    assert end > 150  # the old box's right edge
    inside = img.getpixel((end + 3, 52))  # past the name's end, still in the box (the PNG rounds by 1)
    assert all(abs(a - b) <= 2 for a, b in zip(inside, ENV_COLOURS["normal"])), inside


async def test_healing_is_not_called_an_attack():
    """Medics read "Field Medics #1 4/4 attacks heal" in the menu and "Bot 1: Field Medics #2
    attacks (heal): 1 attack on up to 2 targets." at the table: healing (207.2: negative damage
    on one's own cards) is no attack. Both now say it is used on own cards."""
    army = ["al: /play pick Field Medics", "al: /play pick KV-1", "al: /play ready"]
    out = await console([*START, *army, "al: /menu", "al: /menu 1"])
    assert "[reply al]   1. Field Medics #1 4/4 uses heal on own cards — restores 2–4 each time · targets: up to 1d2" in out
    out = await console([*START, *army, "al: /play Field Medics #1 4/4 uses heal on own cards"])
    assert "[table] al: Field Medics #1 uses heal on own cards: 1 time on up to 2 cards." in out
    zh = [line.replace("al:", "li:") for line in START[1:]] + ["li: /play 战地医护队", "li: /play KV-1重型坦克",
                                                                "li: /play 准备", "li: /play 战地医护队 #1 4/4对本方牌使用：救护"]
    assert "[table] li：战地医护队 #1对本方牌使用救护：每张1次，最多2张。" in await console(zh)


def test_bans_take_card_names_in_either_language_and_unique_prefixes():
    """Issue 18 playtest: the option `bans` took card keys only (`tiger,sniper`), which no
    player sees. 100.5: cards may be banned by agreement. Like /play, it now takes card names in
    either language, any case, or a unique prefix of one; keys still work (a stored table's
    bans are keys); /game help ironfire says so."""
    from games.core.i18n import t
    from games.core.options import help_lines
    from games.ironfire import ENGINE
    from games.ironfire.state import IronOptions

    for given in ("tiger,sniper", "tiger sniper", "Tiger I, 狙击小组", "ti，SNIPER team", "虎、sn"):
        assert ENGINE.parse_options({"bans": given}).bans == "sniper,tiger", given
    assert ENGINE.parse_options({"禁卡": "t-34"}).bans == "t34"  # T-34/76 and T-34/76坦克: one card

    def refused(value: str) -> tuple[str, str]:
        with pytest.raises(RuleError) as caught:
            ENGINE.parse_options({"bans": value})
        return tuple(t(loc, caught.value.key, **caught.value.params) for loc in ("en", "zh-CN"))

    en, zh = refused("tiger, k")  # Katyusha and KV-1
    assert en == "Table option bans: “k” fits several cards: Katyusha, KV-1. Write more of the name.", en
    assert zh == "牌桌选项 bans（禁卡）：“k”对应多张卡：喀秋莎火箭炮、KV-1重型坦克。请写出更完整的名称。", zh
    en, zh = refused("Tigr")
    assert en == "Table option bans: no card is called “Tigr”. Did you mean Tiger I?", en
    assert zh == "牌桌选项 bans（禁卡）：没有名为“Tigr”的卡。你是否想写：虎式坦克？", zh
    en, zh = refused("zzzz")
    # /rules as Discord takes it, in each reader's names (bot/commandref.py; the console's: /rules ironfire)
    assert "no card is called “zzzz”" in en and "/rules game:ironfire" in en, en
    assert "没有名为“zzzz”的卡" in zh and "/规则 游戏:ironfire" in zh, zh
    # and the table names banned cards by name, never by key: the start line and a refused deck
    from games.ironfire import GAME
    from tests.ironfire.helpers import new_game, play, seats

    state = new_game(seed=3, bans="Tiger I, t34")
    start = ENGINE.setup(seats(2), ENGINE.parse_options({"bans": "tiger,t34"}), 3).events[0]
    assert "banned cards: T-34/76, Tiger I." in GAME.text.event_lines(state, [(start.key, start.params)], "en")[0]
    assert "禁用牌：T-34/76坦克、虎式坦克。" in GAME.text.event_lines(state, [(start.key, start.params)], "zh-CN")[0]
    with pytest.raises(RuleError) as caught:
        play(state, 0, "deck t34*10,guards*20")
    assert t("en", caught.value.key, **caught.value.params) == "This table bans: T-34/76."
    assert t("zh-CN", caught.value.key, **caught.value.params).endswith("T-34/76坦克。")
    assert any(line.startswith("• bans") and "card names" in line for line in help_lines("ironfire", IronOptions, "en"))
    assert any(line.startswith("• bans（禁卡）") and "卡牌名称" in line for line in help_lines("ironfire", IronOptions, "zh-CN"))


def test_a_newcomer_can_read_what_every_card_does_before_and_during_the_game():
    """Left from newcomer6 (issue 18): the pick menu read "Pick KV-1 (4 logistics)" and nothing, at
    the console or on Discord, said what a card does or which cards carry Field Repair or Veteran
    Crews. RULES.md now lists every card by class (`/rules ironfire cards`, `armour`, `air`, `ranged`,
    `cards: abilities`), written from the card data, each section one /rules page; the army-selection
    post names the command. Checked at the console table (seed 7) in both languages."""
    import asyncio

    from bot.console import run_script
    from bot.host.rules import MAX_TEXT
    from games.ironfire.card_list import RULES, card_list
    from games.ironfire.engine import POOL

    text = RULES.read_text(encoding="utf-8")
    assert card_list() in text, "RULES.md's card list is stale: python -m games.ironfire.card_list"
    for section in card_list().split("\n## ")[1:]:
        assert len(section) < MAX_TEXT, section[:40]
    t34 = POOL.combat["t34"]
    assert (t34.cv, t34.logistics, t34.abilities) == (13, 3, ["repair"])  # the numbers the line below shows
    for lang, pick_hint in (("en", "/rules ironfire cards lists what each card does"),
                            ("zh-CN", "每张牌的作用见 /rules ironfire cards")):
        out: list[str] = []
        lines = [f"alice: /lang {lang}", "alice: /game new ironfire", "alice: /game bot", "alice: /game start",
                 "alice: /play deck red_army", "alice: /rules ironfire armour", "alice: /rules ironfire cards",
                 "alice: /rules ironfire cards: abilities"]
        asyncio.run(run_script(lines, None, None, 7, write=out.append))
        said = "\n".join(out)
        assert pick_hint in said, said[-3000:]
        assert "- T-34/76坦克 T-34/76 (苏 su) · 战斗力 CV 13 · 后勤 logistics 3 · 对装甲 vs armour 2~4；" in said
        assert "能力 abilities: 维修 Repair" in said
        assert "- 近卫步兵 Guards Rifles (苏 su) · 战斗力 CV 9 · 后勤 logistics 2" in said  # `cards`: infantry first
        assert "战地维修 Field Repair (维修 Repair) · 后勤 logistics 2" in said and "T-34/76" in said


def test_a_revealed_army_counts_its_copies():
    """newcomer7a playtest (seed 11): "Bot 1's army: Sniper Team, Sniper Team, Sniper Team, 88th Division,
    88th Division, 88th Division, 88th Division, Infantry Regiment, …" — 23 names to count by eye. The
    army reads as the board does, each card once with its count, in the order laid out (101.4: by class)."""
    from games.ironfire import GAME
    from tests.ironfire.helpers import battle

    state = battle([["grenadier"], ["abrams"]])
    params = {"name": "B", "cards": [{"en": "Sniper Team", "zh-CN": "狙击小组"}] * 3
              + [{"en": "M4 Sherman", "zh-CN": "M4谢尔曼坦克"}, {"en": "A6M Zero", "zh-CN": "零式舰上战斗机"}]
              + [{"en": "M4 Sherman", "zh-CN": "M4谢尔曼坦克"}], "abilities": "@core.none"}
    assert GAME.text.event_lines(state, [("ironfire.army", params)], "en") == [
        "B's army: Sniper Team ×3, M4 Sherman ×2, A6M Zero. Ability cards: none."]
    assert GAME.text.event_lines(state, [("ironfire.army", params)], "zh-CN") == [
        "B的作战牌组：狙击小组 ×3、M4谢尔曼坦克 ×2、零式舰上战斗机。特殊能力牌：无。"]


async def test_a_game_won_by_wiping_out_an_army_says_why_there_was_no_tally():
    """newcomer7a playtest (seed 7): the result read "The last game ended before its tally (103.1)." — a
    newcomer had never met the word "tally". 103.1 (RULES.md): a player whose army is wiped out is out, the game ends when one is left;
    103.2: otherwise the remaining combat value is tallied. The result names the tally and why it did
    not happen."""
    # one PTRD Anti-tank Squad against the bot's army; the first choice of every menu after that
    lines = START + ["al: /play pick ptrd", "al: /play ready"] + ["al: /menu", "al: /menu 1", "al: /menu 1", "al: /menu ok"] * 6
    out = await console(lines)
    assert any("al's army is wiped out (103.1)." in line for line in out)
    said = [line for line in out if "tally" in line and line.startswith("[table]")]
    assert said and said[-1].startswith(
        "[table] The last game ended before the tally of remaining combat value (103.1: a player whose army is "
        "wiped out is out, and the game ends when one player is left). Winner: Bot 1."), said
