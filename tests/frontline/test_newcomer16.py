"""Symptoms a newcomer met in Frontline (issue 18, session 16), each with the rule quoted, at a
fixed seed, read in both languages."""
from __future__ import annotations

from games.frontline import ENGINE, GAME, text
from tests.frontline.helpers import act, battle, card, keys, unit


def lines(st, events, loc: str) -> list[str]:
    return GAME.text.event_lines(st, [(e.key, e.params) for e in events], loc)


def test_an_attack_on_a_fortified_hq_and_its_strike_back_read_as_one_story():
    """3.1: "Counter damage: ... the HQ never does", unless fortified (its lasting effect
    "whenever an enemy unit attacks this HQ, it takes 1 damage"). "（总部 14；总部只有要塞化后才反击）"
    followed at once by "要塞化总部反击：…" read as a contradiction: the attack now says whether
    this HQ is fortified, as it was then (the event records it: /game log reads with the last state)."""
    for fortified in (False, True):
        st = battle(seed=1)
        tiger = unit(st, 0, "tiger", front=True)
        st.front_owner = 0
        if fortified:
            st.players[1].hq_effects.append("retaliate")
        events = act(st, 0, f"attack {tiger.uid} hq")
        if fortified:
            st.players[1].hq_effects.clear()  # read later with another state: the line is the same
        en, zh = lines(st, events, "en"), lines(st, events, "zh-CN")
        if fortified:
            assert en == ["Tiger I attacks bob's HQ for 5 (HQ 15; this HQ is fortified and strikes back).",
                          "The fortified HQ hits back: Tiger I takes 1."], en
            assert zh == ["虎式坦克 攻击 bob 的总部，造成 5 点伤害（总部 15；该总部已要塞化，会反击）。",
                          "要塞化总部反击：虎式坦克 受到 1 点伤害。"], zh
        else:
            assert en == ["Tiger I attacks bob's HQ for 5 (HQ 15; an HQ that is not fortified does not strike back)."]
            assert zh == ["虎式坦克 攻击 bob 的总部，造成 5 点伤害（总部 15；总部未要塞化，不反击）。"], zh


def test_intel_on_an_empty_hand_says_the_hand_is_empty():
    """4.1.14 (Intel N: reveal N random cards of the enemy hand). "情报：bob 的手牌公开了：无。" for a
    hand with no card: the line says the hand is empty; a hand whose cards are all shown already
    says that instead (seed 4)."""
    from games.frontline.state import HandCard

    for held in ("empty", "seen", "hidden"):
        st = battle(seed=4)
        st.players[1].hand = []
        if held != "empty":
            st.players[1].hand.append(HandCard(id=st.rng.token("c"), key="grenadiers", revealed=held == "seen"))
        cid = card(st, 0, "scouts")
        events = [e for e in act(st, 0, f"deploy {cid}") if e.key == "frontline.intel"]
        en, zh = lines(st, events, "en")[0], lines(st, events, "zh-CN")[0]
        assert (en, zh) == {
            "empty": ("Intel: bob's hand is empty.", "情报：bob 的手牌是空的。"),
            "seen": ("Intel: bob's hand has no hidden card: every card there is shown already.",
                     "情报：bob 的手牌已全部公开，没有暗牌可看。"),
            "hidden": ("Intel: bob's hand shows Grenadiers.", "情报：bob 的手牌公开了：掷弹兵。")}[held], (en, zh)


def test_two_copies_on_the_board_are_both_numbered():
    """"喀秋莎火箭炮 攻击 喀秋莎火箭炮 #2": the first of two copies kept its bare name, and typing
    "军校学员" meant one of two. RULES.md 9: "a unit that comes onto the board while units of its card
    are there takes the lowest number they do not hold (`Rearguard #2`, `Rearguard #3`; the first is
    #1, shown while a unit of its card is on the board, so a bare name never means one of two)" (seed 1)."""
    st = battle(seed=1)
    first = unit(st, 0, "cadets")
    assert text.state_labels(st, "zh-CN")[first.uid] == "军校学员"
    second = unit(st, 0, "cadets")
    for loc, name in (("en", "Officer Cadets"), ("zh-CN", "军校学员")):
        labels = text.state_labels(st, loc)
        assert (labels[first.uid], labels[second.uid]) == (f"{name} #1", f"{name} #2")
        view = text.unit_labels(text.view_units(ENGINE.view(st, 0)), loc)
        assert (view[first.uid], view[second.uid]) == (f"{name} #1", f"{name} #2")
    # the menus by name: the bare name is no longer one of them
    names = text.token_names(ENGINE, st, 0, "zh-CN")
    assert names[first.uid].startswith("军校学员 #1 ") and names[second.uid].startswith("军校学员 #2 ")
    # a #1 destroyed beside its twin reads as #1
    st.units[first.uid].hp = 0
    from games.frontline.rules import process_deaths
    ev: list = []
    process_deaths(st, ev)
    assert lines(st, ev, "zh-CN") == ["军校学员 #1 被消灭。"]
    assert text.state_labels(st, "en")[second.uid] == "Officer Cadets #2"


def test_play_by_name_with_two_numbered_copies():
    """/play by name (bot/host/names.py) in both languages: `军校学员 #1` and `Officer Cadets #2`
    each mean one unit (Chinese labels have no space before the number's unit: "军校学员 #1 2/2（…"),
    and the bare name is both of them, never the first alone (seed 1)."""
    from bot.host.names import match_actions

    st = battle(seed=1)
    first = unit(st, 0, "cadets", front=True)
    second = unit(st, 0, "cadets", front=True)
    st.front_owner = 0
    for said in ("攻击 军校学员", "attack Officer Cadets", "attack officer cadets"):
        for n, cadet in ((1, first), (2, second)):
            hits = match_actions(GAME, st, 0, f"{said} #{n}")
            assert [a.code() for a in hits] == [f"attack {cadet.uid} hq"], (said, n, hits)
        both = {a.code() for a in match_actions(GAME, st, 0, said)}
        assert both == {f"attack {first.uid} hq", f"attack {second.uid} hq"}, (said, both)


def test_heavy_armour_and_doubling_show_in_the_damage_line():
    """RULES.md 5: "Heavy armour 1–3: reduces combat damage by 1 per point, after doubling (4 doubled
    vs armour 1 = 7)". A Tiger (armour 2) hit for 3 read "takes 1 damage" with no word of its armour:
    every combat damage a modifier changed shows its terms (seed 1)."""
    st = battle(seed=1)
    attacker = unit(st, 0, "panzer4", front=True)  # 4/5 with heavy armour 1
    tiger = unit(st, 1, "tiger")  # heavy armour 2
    st.front_owner = 0
    events = act(st, 0, f"attack {attacker.uid} {tiger.uid}")
    damage = [e.params for e in events if e.key == "frontline.damage"]
    assert damage[0]["amount"] == attacker.atk - 2 and damage[0]["armour"] == 2
    en, zh = lines(st, events, "en"), lines(st, events, "zh-CN")
    hit = attacker.atk
    assert f"Tiger I takes {hit - 2} damage ({hit} − heavy armour 2; defence left {tiger.hp})." in en, en
    assert f"虎式坦克 受到 {hit - 2} 点伤害（{hit} − 重甲 2；剩余防御力 {tiger.hp}）。" in zh, zh
    back = damage[1]["amount"]
    assert f"Panzer IV takes {back} damage ({tiger.atk} − heavy armour 1; defence left {attacker.hp})." in en, en
    # doubling, then armour
    st = battle(seed=1)
    attacker = unit(st, 0, "panzer4", front=True)
    attacker.double_turn = st.turn_no
    tiger = unit(st, 1, "tiger")
    st.front_owner = 0
    en = lines(st, act(st, 0, f"attack {attacker.uid} {tiger.uid}"), "en")
    assert f"Tiger I takes {2 * attacker.atk - 2} damage (double damage {attacker.atk} × 2 − heavy armour 2; " \
           f"defence left {tiger.hp})." in en, en
    # no modifier: no terms
    st = battle(seed=1)
    attacker = unit(st, 0, "panzer4", front=True)
    guard = unit(st, 1, "rearguard")
    st.front_owner = 0
    assert "Rearguard takes 3 damage (defence left 0)." in lines(st, act(st, 0, f"attack {attacker.uid} {guard.uid}"), "en")


def test_a_unit_destroyed_by_a_card_is_not_then_suppressed():
    """Commando Raid: "deal 1 damage to a target, suppress it". "…被压制，失去下一回合的行动" came
    before "…被消灭" for the same unit. RULES.md 6: "When one card deals damage and then suppresses
    (Commando Raid), a unit that damage brings to 0 defence is destroyed and is not suppressed" (seed 1)."""
    st = battle(seed=1)
    victim = unit(st, 1, "rearguard", hp=1)
    cid = card(st, 0, "commando_raid")
    events = act(st, 0, f"order {cid} {victim.uid}")
    assert "frontline.pinned" not in keys(events) and "frontline.destroyed" in keys(events)
    zh = lines(st, events, "zh-CN")
    assert not any("压制" in line for line in zh), zh
    # a unit that survives is suppressed as before
    st = battle(seed=1)
    tough = unit(st, 1, "tiger")
    cid = card(st, 0, "commando_raid")
    events = act(st, 0, f"order {cid} {tough.uid}")
    assert "frontline.pinned" in keys(events) and st.units[tough.uid].pinned_turn > st.turn_no


def test_the_deck_choice_board_shows_no_empty_counts():
    """The first board read "机器人1：总部 20 · 指挥点 0/0 · 手牌 0 · 卡组 0" while decks were being
    chosen: "卡组 0" read as a deck's number. Before the decks are chosen it says so; after, the
    counts (seed 1)."""
    from games.core import Seat

    st = ENGINE.setup([Seat(index=0, name="li"), Seat(index=1, name="bot")], ENGINE.parse_options({}), 1).state
    zh = GAME.text.summary(ENGINE.view(st, 0), "zh-CN").splitlines()
    en = GAME.text.summary(ENGINE.view(st, 0), "en").splitlines()
    assert "li：总部 20 · 正在选卡组" in zh and "li: HQ 20 · choosing a deck" in en, (zh, en)
    assert not any("卡组 0" in line or "deck 0" in line for line in zh + en)
    st = battle(seed=1)
    assert any(line.startswith("alice：总部 20 · 指挥点 ") and " · 卡组 " in line
               for line in GAME.text.summary(ENGINE.view(st, 0), "zh-CN").splitlines())


def test_an_ambush_against_heavy_armour_shows_its_terms():
    """3.3.4 (ambush: the defender strikes first) with RULES.md 5's heavy armour: Partisans (2/1)
    ambushing a Panzer IV (armour 1) strike for 1, and the line says why (seed 20)."""
    st = battle(seed=20)
    panzer = unit(st, 0, "panzer4", front=True)
    ambusher = unit(st, 1, "partisans")
    events = act(st, 0, f"attack {panzer.uid} {ambusher.uid}")
    assert "Ambush! Partisans strikes Panzer IV first for 1 (2 − heavy armour 1)." in lines(st, events, "en")
    assert "伏击！游击队 先对 四号坦克 造成 1 点伤害（2 − 重甲 1）。" in lines(st, events, "zh-CN")
