"""Damage lines as a newcomer reads them (issue 18, second newcomer playtest): "工兵 受到 5 点伤害
（防御力 -3）" / "Panzer III takes 3 damage (defence -2)" — a negative defence means nothing to a
player; the unit has none left (and the next line says it is destroyed)."""
from __future__ import annotations

import random
import re

from games.core import Seat
from games.frontline import ENGINE, GAME
from tests.bot_games import bot_steps


def random_steps(seed: int):
    """The steps of a seeded random game that ends a turn only when nothing else is legal
    (full boards, many twins; far quicker than the bot's games)."""
    rnd = random.Random(seed)
    st = ENGINE.setup([Seat(index=0, name="P0"), Seat(index=1, name="P1")], ENGINE.parse_options({}), seed).state
    while ENGINE.outcome(st) is None:
        seat = ENGINE.active_seats(st)[0]
        legal = ENGINE.legal_actions(st, seat)
        step = ENGINE.apply(st, seat, rnd.choice([a for a in legal if a.kind != "end"] or legal))
        st = step.state
        yield step


def test_damage_beyond_what_was_left_leaves_no_defence_not_a_negative_one():
    overkill = 0
    for seed in (1, 2, 3):
        for step in bot_steps(ENGINE, GAME, seed, limit=2000):
            state = step.state
            for e in step.events:
                if e.key != "frontline.damage":
                    continue
                overkill += e.params["hp"] < 0
                for loc, left in (("en", r"defence left (-?\d+)"), ("zh-CN", r"剩余防御力 (-?\d+)")):
                    line = GAME.text.event_lines(state, [(e.key, e.params)], loc)[0]
                    assert int(re.search(left, line).group(1)) == max(0, e.params["hp"]), line
    assert overkill  # the games did deal more damage than a unit had


def test_effect_damage_names_the_ability_that_did_it():
    """Issue 18, second newcomer playtest: "#88 alice 部署了 工兵（2/2）。 / 虎式坦克 受到 1 点伤害 /
    虎式坦克 被消灭。" did not say what dealt the damage. Pioneers (cards.toml): "effects = [{do =
    "damage", to = "target", amount = 1}]", a unit's deploy effect (3.4.1). The damage line names it."""
    from tests.frontline.helpers import battle, card, unit

    st = battle(seed=1)
    tiger = unit(st, 1, "tiger", hp=1)
    pioneers = card(st, 0, "pioneers")
    events = [(e.key, e.params) for e in ENGINE.apply(st, 0, ENGINE.parse_action(f"deploy {pioneers} {tiger.uid}")).events]
    assert [k for k, _ in events] == ["frontline.deployed", "frontline.damage", "frontline.destroyed"]
    assert GAME.text.event_lines(st, events, "en")[1] == \
        "Tiger I takes 1 damage from the deploy effect of Pioneers (defence left 0)."
    # 的 joins a Chinese word (games.core.i18n: the zh-CN possessive)
    assert GAME.text.event_lines(st, events, "zh-CN")[1] == "虎式坦克 因 工兵的部署效果受到 1 点伤害（剩余防御力 0）。"


EFFECT_EVENTS = ("frontline.damage", "frontline.hq_damage", "frontline.destroy", "frontline.stat", "frontline.opcost",
                 "frontline.grant", "frontline.silenced", "frontline.repaired", "frontline.pinned",
                 "frontline.doubled")


def test_every_effect_line_names_its_card():
    """The class behind it: damage to a unit or an HQ, a destruction, and any other change an
    ability makes to a unit (its strength: the playtest read "Rearguard #2 is now 2/2." and
    "Folgore Paratroopers is now 3/3." without saying why; its operation cost, a keyword,
    silence, repair, suppression, double damage) by any card's ability (deploy, order,
    counter-order, destruction, turn start, attack) name that card; only combat damage (an
    attack, an ambush, a fortified HQ hitting back) reads without a source."""
    from games.frontline.cards import CARDS

    combat = {"frontline.attack", "frontline.attack_hq", "frontline.ambush", "frontline.retaliate"}
    hooks, seen = set(), set()
    for seed in (1, 2, 3, 4):
        for step in bot_steps(ENGINE, GAME, seed, limit=2000):
            state = step.state
            keys = {e.key for e in step.events}
            for e in step.events:
                if e.key not in EFFECT_EVENTS:
                    continue
                if e.params.get("hook", "-") == "-":
                    assert e.key == "frontline.damage" and keys & combat, (e, keys)
                    continue
                hooks.add(e.params["hook"])
                seen.add(e.key)
                for loc in ("en", "zh-CN"):
                    line = GAME.text.event_lines(state, [(e.key, e.params)], loc)[0]
                    if e.params["hook"] != "attrition":
                        assert CARDS[e.params["by"]].name[loc] in line, line
                    assert "{" not in line, line
    assert {"deploy", "play"} <= hooks, hooks
    assert {"frontline.stat", "frontline.grant"} <= seen, seen


def test_a_unit_is_numbered_only_when_it_comes_beside_a_twin_and_keeps_its_number():
    """Issue 18 (fourth newcomer playtest): "alice deploys T-34 (3/3)." live, but "T-34 #1" in
    /game log once a twin had come; the next T-34 was "#2" although #1 was gone; a card pushed
    back to the hand (3.6: "support (or no room there) -> hand") and deployed again came back
    as "Panzer IV #2". The rule a player can follow (RULES.md 9): a unit that comes onto the
    board while a unit of its card is there gets the lowest number they do not hold (`#2`,
    `#3`), and the one that was alone shows its 1 from then on (session 16: "军校学员" meant one
    of two while the first kept its bare name); a unit that never met a twin has none; a unit
    keeps its number while it lives and after."""
    from games.frontline import rules as R
    from games.frontline.text import unit_labels, view_units
    from tests.frontline.helpers import act, battle, card, unit

    def labels(loc):
        return unit_labels(view_units(ENGINE.view(st, 0)), loc)

    st = battle(seed=3)
    first = unit(st, 1, "grenadiers", front=True, hp=1)
    assert labels("en")[first.uid] == "Grenadiers"  # alone: its name
    second = unit(st, 1, "grenadiers")
    tiger = unit(st, 0, "tiger")
    panzer = unit(st, 0, "panzer4")
    for loc, name in (("en", "Grenadiers"), ("zh-CN", "掷弹兵")):
        assert (labels(loc)[first.uid], labels(loc)[second.uid]) == (f"{name} #1", f"{name} #2")
    events = [(e.key, e.params) for e in act(st, 0, f"attack {tiger.uid} {first.uid}")]
    assert first.uid not in st.units
    for loc, name in (("en", "Grenadiers"), ("zh-CN", "掷弹兵")):
        lines = GAME.text.event_lines(st, events, loc)
        assert any(line.startswith(f"{name} #1 ") and ("destroyed" in line or "被消灭" in line) for line in lines), lines
        assert all(f"{name} #2" not in line for line in lines), lines  # the twin was not in the fight
        assert labels(loc)[second.uid] == f"{name} #2"  # alone now, it keeps its number
        assert GAME.text.token_names(st, 0, loc)[second.uid].startswith(f"{name} #2 ")  # menus, /play
    st.players[1].kredits = 10
    st.turn = 1
    act(st, 1, f"deploy {card(st, 1, 'grenadiers')}")  # beside #2: the lowest free number is 1
    third = st.units[st.players[1].support[-1]]
    assert labels("en")[third.uid] == "Grenadiers #1" and labels("en")[second.uid] == "Grenadiers #2"
    # pushed back to the hand and deployed again, alone: Panzer IV, not "Panzer IV #2"
    ev: list = []
    R.retreat(st, panzer, ev)
    (back,) = [c.id for c in st.players[0].hand if c.key == "panzer4"]
    st.turn = 0
    deployed = [(e.key, e.params) for e in act(st, 0, f"deploy {back}")]
    again = st.units[st.players[0].support[-1]]
    assert again.uid != panzer.uid and labels("en")[again.uid] == "Panzer IV"
    assert "alice deploys Panzer IV (3/4)." in GAME.text.event_lines(st, deployed, "en")
    assert "alice 部署了 四号坦克（3/4）。" in GAME.text.event_lines(st, deployed, "zh-CN")


def test_labels_never_change_on_the_board_never_repeat_there_and_the_log_reads_as_the_live_posts():
    """The class behind it, over seeded bot games, in both languages: while a unit is on the
    board its label (board, picture, menus) never changes, but for a unit alone that shows its
    `#1` when a twin comes (RULES.md 9); two units on the board never share one; and every
    step's lines read the same live (the state after the step) and in /game log (the host
    renders the whole log with the last state), but for that `#1` a later twin gave."""
    import re

    from games.frontline.text import unit_labels, view_units

    def bare(line: str) -> str:  # a `#1` a later twin gave ("KV-1重型坦克 #1 的" beside "KV-1重型坦克的")
        return re.sub(r" #1(?!\d)( 的)?", lambda m: "的" if m.group(1) else "", line)

    twins = 0
    games = [bot_steps(ENGINE, GAME, seed, limit=2000) for seed in (1, 2, 3, 4)]
    for seed, steps in enumerate(games + [random_steps(seed) for seed in range(1, 9)]):
        label_of: dict = {}
        posted = []
        for step in steps:
            st = step.state
            shown = [(e.key, e.params) for e in step.events if e.to is None]
            for loc in ("en", "zh-CN"):
                posted.append((loc, shown, GAME.text.event_lines(st, shown, loc)))
                names = GAME.text.token_names(st, 0, loc)
                board = unit_labels(view_units(ENGINE.view(st, 0)), loc)
                assert len(set(board.values())) == len(board), (seed, board)
                for uid, label in board.items():
                    assert names[uid].startswith(label + " "), (names[uid], label)
                    before = label_of.setdefault((loc, uid), label)
                    assert label in (before, f"{before} #1"), (seed, uid, before, label)
                    label_of[loc, uid] = label
                twins += any("#" in label for label in board.values())
        for loc, shown, lines in posted:
            logged = GAME.text.event_lines(st, shown, loc)
            assert [bare(line) for line in logged] == [bare(line) for line in lines], (seed, lines)
    assert twins, "no game had two units of one card on the board"


def test_an_effect_names_the_unit_it_came_from_not_only_its_card():
    """Issue 18 (fourth newcomer playtest): "闪电伞兵 #2 因 后卫分队 的亡计效果现在为 4/2。" twice,
    from two Rearguards destroyed together (cards.toml, Rearguard: "destroyed = [{do = "stat",
    to = "random_friend", atk = 1, hp = 1}]"): the line named the card, not which unit. Each
    line now names the unit by its label, as the board did."""
    from games.frontline import rules as R
    from tests.frontline.helpers import battle, unit

    st = battle(seed=5)
    first = unit(st, 1, "rearguard", hp=0)
    second = unit(st, 1, "rearguard", hp=0)
    unit(st, 1, "grenadiers")
    ev: list = []
    R.process_deaths(st, ev)
    events = [(e.key, e.params) for e in ev]
    assert first.uid not in st.units and second.uid not in st.units
    assert GAME.text.event_lines(st, events, "en") == [
        "Rearguard #1 is destroyed.", "Rearguard #2 is destroyed.",
        "Grenadiers is now 3/3 from the destruction effect of Rearguard #1.",
        "Grenadiers is now 4/4 from the destruction effect of Rearguard #2."]
    assert GAME.text.event_lines(st, events, "zh-CN") == [
        "后卫分队 #1 被消灭。", "后卫分队 #2 被消灭。", "掷弹兵 因 后卫分队 #1 的亡计效果现在为 3/3。",
        "掷弹兵 因 后卫分队 #2 的亡计效果现在为 4/4。"]


def test_every_unit_source_reads_as_the_board_named_it():
    """The class, over seeded bot games in both languages: wherever an effect line names the
    unit whose ability it was (deploy, destruction, turn-start, attack, order effects), it
    names it by the label the board gave that unit."""
    from games.frontline.text import unit_labels, view_units

    numbered = 0
    for seed in range(1, 13):
        seen: dict = {}
        for step in random_steps(seed):
            st = step.state
            for loc in ("en", "zh-CN"):
                for uid, label in unit_labels(view_units(ENGINE.view(st, 0)), loc).items():
                    seen[loc, uid] = label
            for e in step.events:
                source = e.params.get("by_unit", "-")
                for loc in ("en", "zh-CN"):
                    if source == "-" or (loc, source) not in seen:
                        continue
                    line = GAME.text.event_lines(st, [(e.key, e.params)], loc)[0]
                    assert seen[loc, source] in line, (seen[loc, source], line)
                    numbered += "#" in seen[loc, source]
    assert numbered, "no effect came from a numbered unit"


def test_intel_on_a_hand_with_nothing_hidden_reads_as_a_sentence():
    """4.1.14 (Intel N: reveal N random cards of the enemy hand). The English playtest read
    "Intel: Bot 1's hand shows none." (zh "情报：机器人1 的手牌中有 无。") when the hand held no
    hidden card: the list is now what the intel showed, which may be none."""
    from games.frontline.state import HandCard
    from tests.frontline.helpers import act, battle, card

    for hidden in (False, True):
        st = battle(seed=4)
        if hidden:
            st.players[1].hand.append(HandCard(id=st.rng.token("c"), key="grenadiers"))
        cid = card(st, 0, "scouts")
        events = [(e.key, e.params) for e in act(st, 0, f"deploy {cid}") if e.key == "frontline.intel"]
        assert len(events) == 1
        en, zh = (GAME.text.event_lines(st, events, loc)[0] for loc in ("en", "zh-CN"))
        # an empty hand says it is empty (test_newcomer16: and one with no hidden card that it has none)
        assert en == ("Intel: bob's hand shows Grenadiers." if hidden else "Intel: bob's hand is empty."), en
        assert zh == ("情报：bob 的手牌公开了：掷弹兵。" if hidden else "情报：bob 的手牌是空的。"), zh


def test_an_hq_hit_past_zero_shows_nothing_left_not_a_negative_number():
    """The English playtest's last blow read "Folgore Paratroopers attacks Bot 1's HQ for 3 (HQ
    -2)." and the board "Bot 1: HQ -2"; the HQ has fallen, with nothing left."""
    from tests.frontline.helpers import act, battle, unit

    st = battle(seed=5)
    st.players[1].hq = 1
    tiger = unit(st, 0, "tiger", front=True)
    events = [(e.key, e.params) for e in act(st, 0, f"attack {tiger.uid} hq")]
    assert st.players[1].hq < 0  # the rules keep the overkill
    # the result's scores are the HQs' defence left, none below 0 ("Scores: alice 20 · Bot 1 -2")
    assert ENGINE.outcome(st).scores == [20.0, 0.0]
    for loc, shown in (("en", "(HQ 0)"), ("zh-CN", "（总部 0）")):  # (an HQ hit before: no word on striking back)
        lines = GAME.text.event_lines(st, events, loc)
        assert any(shown in line for line in lines) and not any("-" in line.split("HQ")[-1] for line in lines), lines
        board = GAME.text.summary(ENGINE.view(st, 0), loc)
        assert "-" not in "".join(line for line in board.splitlines() if "bob" in line), board


def test_menu_labels_in_chinese_use_chinese_brackets_and_commas():
    """Fourth newcomer playtest, zh-CN: the hint and the menu read "251半履带车 #2 2/1 (我方, 前线) 攻击
    敌方总部" and "部署 四号坦克 (手中明牌)": English parentheses and comma in a Chinese sentence (every
    other zh-CN line writes （…，…）). The words around a unit and a revealed card are the catalog's."""
    from tests.frontline.helpers import battle, card, unit

    st = battle(seed=3)
    ht = unit(st, 0, "sdkfz251", front=True)
    unit(st, 1, "grenadiers")
    card(st, 0, "panzer4", revealed=True)
    labels = {loc: [GAME.text.describe_action(st, 0, a, loc) for a in ENGINE.legal_actions(st, 0)]
              for loc in ("zh-CN", "en")}
    assert f"251半履带车 {ht.atk}/{ht.hp}（我方，前线） 攻击 掷弹兵 2/2（敌方，支援阵线）" in labels["zh-CN"], labels["zh-CN"]
    assert "部署 四号坦克（手中明牌）" in labels["zh-CN"], labels["zh-CN"]
    assert not [x for x in labels["zh-CN"] if re.search(r"[()]|, ", x)], labels["zh-CN"]
    assert "Deploy Panzer IV (revealed in hand)" in labels["en"], labels["en"]
    assert any("(own, frontline)" in x for x in labels["en"]), labels["en"]


def test_a_granted_keyword_reads_as_a_phrase_not_a_broken_sentence():
    """Fourth newcomer playtest, /hand in English: "Frozen Supply Lines (3) order: all enemy units gains:
    takes 1 damage at its owner's turn start" (cards.toml: effects = [{do = "grant", to = "enemy_units",
    keyword = "attrition"}]). A grant names the keyword, with what attrition does."""
    from games.frontline.text import card_line

    assert card_line("frozen_supply", "en") == \
        "Frozen Supply Lines (3) order: all enemy units: Attrition (1 damage at each of its owner's turn starts)"
    assert " gains: " not in card_line("frozen_supply", "en")


def test_combat_that_deals_nothing_says_why():
    """Newcomer playtest (newcomer6, zh-CN): "四号坦克 攻击 后卫分队 #2。 / 后卫分队 #2 受到 4 点伤害 /
    四号坦克 受到 0 点伤害（剩余防御力 5）" — why nothing? RULES.md: "Heavy armour 1–3: reduces combat
    damage by 1 per point"; Panzer IV (cards.toml) has `armour = 1` and the Rearguard strikes back with 1."""
    from tests.frontline.helpers import act, battle, unit

    st = battle(seed=1)
    tank = unit(st, 0, "panzer4", front=True)
    guard = unit(st, 1, "rearguard")
    events = [(e.key, e.params) for e in act(st, 0, f"attack {tank.uid} {guard.uid}")]
    lines = GAME.text.event_lines(st, events, "en")
    assert "Panzer IV takes 0 damage (defence left 4): its heavy armour 1 stops the hit." in lines
    assert "Rearguard takes 3 damage (defence left 0)." in lines  # damage dealt needs no reason
    zh = GAME.text.event_lines(st, events, "zh-CN")
    assert "四号坦克 受到 0 点伤害（剩余防御力 4）：它的重甲 1 挡住了这次攻击。" in zh


def test_the_board_names_lasting_effects_as_such():
    """Newcomer playtest (newcomer6, English): every board post carried "lasting: Home Guard:
    Takes at most 1 combat damage" — "lasting" alone is no heading a newcomer can read."""
    from tests.frontline.helpers import battle, unit

    st = battle(seed=1)
    unit(st, 0, "home_guard")
    lines = GAME.text.summary(ENGINE.view(st, None), "en").splitlines()
    assert "lasting effects: Home Guard: Takes at most 1 combat damage" in lines
    zh = GAME.text.summary(ENGINE.view(st, None), "zh-CN").splitlines()
    assert "持续效果：本土防卫队：受到的战斗伤害最多为 1" in zh


def test_an_order_named_with_an_exclamation_ends_its_sentence_once():
    """Newcomer playtest (newcomer6, zh-CN): "机器人1 对 四号坦克 使用了 前进！。" — the card's
    name (cards.toml: `"zh-CN" = "前进！"`) already ends the sentence."""
    from tests.frontline.helpers import act, battle, card, unit

    st = battle(seed=1)
    tank = unit(st, 0, "panzer4")
    order = card(st, 1, "advance")
    st.turn = 1
    events = [(e.key, e.params) for e in act(st, 1, f"order {order} {tank.uid}")]
    zh = GAME.text.event_lines(st, events, "zh-CN")
    assert zh[0] == "bob 对 四号坦克 使用了 前进！", zh
    assert GAME.text.event_lines(st, events, "en")[0] == "bob plays Forward! on Panzer IV."


async def test_the_roll_for_the_first_player_says_what_each_face_means():
    """Newcomer playtest (newcomer6): "🎲 The table rolls who goes first: 1 = **1**: **alice**" —
    1 of what? The rules roll 1d2, 1 for the first seat (rules.first_roll)."""
    from bot.console import run_script

    for lines, line in (
            (["al: /lang en", "al: /game new frontline", "al: /game bot", "al: /game start", "al: /play deck red_guard"],
             "[table] 🎲 The table rolls who goes first (1d2: 1 al, 2 Bot 1): 1 = **1**: **al**"),
            (["li: /game new 前线", "li: /game bot", "li: /game start", "li: /play deck red_guard"],
             "[table] 🎲 牌桌 掷 先后手（1d2：1 为 li，2 为 机器人1）：1 = **1**：**li**")):
        out: list[str] = []
        await run_script(lines, None, None, 3, write=out.append)
        assert line in out, [x for x in out if "🎲" in x]


def test_an_attack_that_takes_no_damage_back_says_why():
    """Issue 18 playtest: an artillery or bomber attack showed the defender's damage and nothing
    for the attacker, with no line saying why. RULES.md 4 (3.1): "Counter damage: the defender
    deals its attack to the attacker, except: artillery takes none; a bomber only from fighters;
    a bomber never strikes back; the HQ never does." The attack's line says which exception."""
    from tests.frontline.helpers import act, battle, unit

    cases = [  # attacker, defender, the attack line (en, zh-CN); None: the defender strikes back
        ("sfh18", "rearguard", "sFH 18 Battery attacks Rearguard (artillery take no damage back).",
         "sFH 18重榴弹炮连 攻击 后卫分队（炮兵不受反击伤害）。"),
        ("stuka", "rearguard", "Ju 87 Stuka attacks Rearguard (a bomber takes damage back only from fighters).",
         "Ju 87斯图卡 攻击 后卫分队（轰炸机只受战斗机的反击伤害）。"),
        ("bf109", "lancaster", "Bf 109 attacks Lancaster (a bomber never strikes back).",
         "Bf 109战斗机 攻击 兰开斯特轰炸机（轰炸机被攻击不反击）。"),
        ("stuka", "yak1", "Ju 87 Stuka attacks Yak-1.", "Ju 87斯图卡 攻击 雅克-1战斗机。"),
    ]
    for attacker, defender, en, zh in cases:
        st = battle(seed=1)
        a = unit(st, 0, attacker)
        d = unit(st, 1, defender, hp=9)
        events = [(e.key, e.params) for e in act(st, 0, f"attack {a.uid} {d.uid}")]
        at = [k for k, _ in events].index("frontline.attack")  # after any "when it attacks" effect
        hurt = [p for k, p in events if k == "frontline.damage" and p["unit"]["en"].endswith(f"({a.uid})")]
        assert bool(hurt) == ((attacker, defender) == ("stuka", "yak1"))  # the rule as the engine plays it
        assert GAME.text.event_lines(st, events, "en")[at] == en
        assert GAME.text.event_lines(st, events, "zh-CN")[at] == zh


def test_an_attack_on_the_hq_says_the_hq_does_not_strike_back():
    """newcomer7a playtest: "Tiger I attacks alice's HQ for 5 (HQ 3)." and nothing for the Tiger:
    a newcomer who had just seen units strike back did not know why the HQ did not. RULES.md 4
    (3.1): "Counter damage: ... the HQ never does." The line says so, unless the HQ was fortified
    (its lasting effect "whenever an enemy unit attacks this HQ, it takes 1 damage"): the line
    says that too, and does not depend on the state it is read with (/game log reads every step
    with the last one), and a fortified HQ's strike back has its own line."""
    from tests.frontline.helpers import act, battle, unit

    st = battle(seed=1)
    tiger = unit(st, 0, "tiger", front=True)
    st.front_owner = 0
    events = [(e.key, e.params) for e in act(st, 0, f"attack {tiger.uid} hq")]
    assert [k for k, _ in events] == ["frontline.attack_hq"]
    assert GAME.text.event_lines(st, events, "en") == [
        "Tiger I attacks bob's HQ for 5 (HQ 15; an HQ that is not fortified does not strike back)."]
    assert GAME.text.event_lines(st, events, "zh-CN") == ["虎式坦克 攻击 bob 的总部，造成 5 点伤害（总部 15；总部未要塞化，不反击）。"]

    st = battle(seed=1)
    tiger = unit(st, 0, "tiger", front=True)
    st.front_owner = 0
    st.players[1].hq_effects.append("retaliate")
    events = [(e.key, e.params) for e in act(st, 0, f"attack {tiger.uid} hq")]
    assert [k for k, _ in events] == ["frontline.attack_hq", "frontline.retaliate"]
    assert GAME.text.event_lines(st, events, "en") == [
        "Tiger I attacks bob's HQ for 5 (HQ 15; this HQ is fortified and strikes back).",
        "The fortified HQ hits back: Tiger I takes 1."]


def test_the_deck_code_dm_lists_the_cards_by_name():
    """newcomer6 and newcomer7a playtests: the DM after choosing a deck read "Your deck code, to keep
    the deck with /deck save frontline NAME CODE: de/uk/g01x1,g05x3,…": nothing a newcomer can read.
    It names the nations and every card with its count in the reader's language, and still gives the
    code that /deck save takes (seed 7, the console table, as the playtest saw it)."""
    import asyncio

    from bot.console import run_script
    from games.frontline.cards import CARDS, parse_deck

    for lang, deck_word, save_word in (("en", "Your deck (Germany with Britain as ally): ", "/deck save frontline"),
                                      ("zh-CN", "你的卡组（主国 德国，盟国 英国）：", "/deck save frontline")):
        out: list[str] = []
        lines = [f"alice: /lang {lang}", "alice: /game new frontline", "alice: /game bot", "alice: /game start",
                 "alice: /play deck panzer"]
        asyncio.run(run_script(lines, None, None, 7, write=out.append))
        (dm,) = [line for line in out if line.startswith("[dm alice]") and save_word in line]
        code = re.search(r"(de/uk/\S+)", dm).group(1)
        main, ally, keys = parse_deck(code)
        assert deck_word in dm, dm
        for key in set(keys):
            count = keys.count(key)
            shown = CARDS[key].name[lang] + (f" ×{count}" if count > 1 else "")
            assert shown in dm, (shown, dm)


def test_a_unit_s_own_effect_on_itself_says_its_own():
    """newcomer7a playtest: "Ju 87 Stuka deals double combat damage this turn from the attack effect of Ju 87
    Stuka." and "Royal Sappers is fully repaired from the turn-start effect of Royal Sappers": a unit named
    twice reads as if another unit did it. An effect a unit's own ability has on that unit says "its own"."""
    from tests.frontline.helpers import act, battle, unit

    st = battle(seed=1)
    stuka = unit(st, 0, "stuka")
    events = [(e.key, e.params) for e in act(st, 0, f"attack {stuka.uid} hq")]
    doubled = [i for i, (k, _) in enumerate(events) if k == "frontline.doubled"]
    assert doubled, events
    assert GAME.text.event_lines(st, events, "en")[doubled[0]] == \
        "Ju 87 Stuka deals double combat damage this turn from its own attack effect."
    assert GAME.text.event_lines(st, events, "zh-CN")[doubled[0]] == "Ju 87斯图卡 因自身攻击时的效果本回合造成双倍战斗伤害。"
