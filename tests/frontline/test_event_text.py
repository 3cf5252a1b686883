"""Damage lines as a newcomer reads them (issue 18, second newcomer playtest): "工兵 受到 5 点伤害
（防御力 -3）" / "Panzer III takes 3 damage (defence -2)" — a negative defence means nothing to a
player; the unit has none left (and the next line says it is destroyed)."""
from __future__ import annotations

import re

from games.frontline import ENGINE, GAME
from tests.bot_games import bot_steps


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


def test_a_destroyed_unit_and_its_twin_keep_the_ordinals_they_had_on_the_board():
    """Issue 18: "Where two things share a name, add what tells them apart." The English
    playtest read "Royal Sappers #1 attacks Rearguard. … Rearguard is destroyed. Rearguard is
    now 2/2." with two Rearguards on the board, and Endless Winter's "Yak-1 takes 2 damage" three
    times: the lines were numbered by the board after the move, where the destroyed twin was
    gone. They read as the board did when it happened."""
    from tests.frontline.helpers import act, battle, unit

    st = battle(seed=3)
    first = unit(st, 1, "grenadiers", front=True, hp=1)
    second = unit(st, 1, "grenadiers")
    tiger = unit(st, 0, "tiger")
    events = [(e.key, e.params) for e in act(st, 0, f"attack {tiger.uid} {first.uid}")]
    for loc, name in (("en", "Grenadiers"), ("zh-CN", "掷弹兵")):
        lines = GAME.text.event_lines(st, events, loc)
        destroyed = [line for line in lines if name in line and ("destroyed" in line or "被消灭" in line)]
        assert destroyed and all(f"{name} #1" in line for line in destroyed), lines
        assert all(f"{name} #2" not in line for line in lines), lines  # the twin was not in the fight
    # the board after the move: one Grenadiers left, named without an ordinal
    assert second.uid in st.units and first.uid not in st.units


def test_a_units_label_stays_with_it_after_its_twin_leaves_the_board():
    """Issue 18: "Where two things share a name, add what tells them apart." The English
    playtest read "Rearguard #2" for one unit and, once its twin had left the board, for the
    other in the next posts: the board was numbered afresh for every post. A label is the
    unit's for the whole game (menus, /play by name, the board, the picture, the log)."""
    from games.frontline.text import unit_labels, view_units
    from tests.frontline.helpers import act, battle, unit

    st = battle(seed=3)
    first = unit(st, 1, "grenadiers", front=True, hp=1)
    second = unit(st, 1, "grenadiers")
    tiger = unit(st, 0, "tiger")
    act(st, 0, f"attack {tiger.uid} {first.uid}")  # the first Grenadiers is destroyed
    assert first.uid not in st.units
    for loc, name in (("en", "Grenadiers"), ("zh-CN", "掷弹兵")):
        label = f"{name} #2"
        assert unit_labels(view_units(ENGINE.view(st, 0)), loc)[second.uid] == label  # board, picture
        assert GAME.text.token_names(st, 0, loc)[second.uid].startswith(label + " ")  # menus, /play
        st.turn, st.turn_no = 1, 4  # the next post: the survivor acts and is named as before
        st.players[1].kredits = 10
        events = [(e.key, e.params) for e in act(st, 1, f"move {second.uid}")]
        assert any(label in line for line in GAME.text.event_lines(st, events, loc)), events
        st.front.remove(second.uid)
        st.players[1].support.append(second.uid)
        second.moved = False


def test_no_label_ever_names_two_units_in_a_game():
    """The class behind it, over seeded bot games: a label (`Rearguard #2`) names one unit for
    the whole game, and a unit, once numbered, keeps its number, in both languages, while
    twins leave the board."""
    from games.frontline.text import unit_labels, view_units

    twin_gone = 0
    for seed in (1, 2, 3, 4):
        unit_of: dict = {}
        label_of: dict = {}
        came: dict = {}  # card key -> the units of it seen on the board
        for step in bot_steps(ENGINE, GAME, seed, limit=2000):
            st = step.state
            for loc in ("en", "zh-CN"):
                names = GAME.text.token_names(st, 0, loc)
                for uid, label in unit_labels(view_units(ENGINE.view(st, 0)), loc).items():
                    assert names[uid].startswith(label + " "), (names[uid], label)
                    assert unit_of.setdefault((loc, label), uid) == uid, (seed, label)
                    if "#" in label:
                        assert label_of.setdefault((loc, uid), label) == label, (seed, uid, label)
            for uid, u in st.units.items():
                came.setdefault(u.key, set()).add(uid)
                twin_gone += any(x not in st.units for x in came[u.key])
    assert twin_gone, "no game had a unit whose twin had left the board"


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
        assert en == f"Intel: cards shown from bob's hand: {'Grenadiers' if hidden else 'none'}.", en
        assert zh == f"情报：bob 的手牌公开了：{'掷弹兵' if hidden else '无'}。", zh


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
    for loc, shown in (("en", "(HQ 0)"), ("zh-CN", "（总部 0）")):
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
