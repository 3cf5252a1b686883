"""Symptoms a newcomer met in Iron & Fire (issue 18, session 16), each with the rule quoted and a
fixed seed or scripted dice, read in both languages."""
from __future__ import annotations

from games.ironfire import ENGINE, GAME
from tests.ironfire.helpers import battle, keys, play, rolls, script, unit


def lines(state, events, loc: str) -> list[str]:
    return GAME.text.event_lines(state, [(e.key, e.params) for e in events if e.to is None], loc)


def test_a_focus_card_whose_target_is_gone_says_it_holds_its_fire():
    """102.3: "after the answering attacks, the surviving focus cards strike at +25%". The first
    Panther destroyed the Abrams; the other two did nothing and no line said so. Every focus card
    now has a line: it strikes, it was destroyed, or its target already was (seed 7, dice 5)."""
    state = battle([["panther", "panther", "panther"], ["abrams", "abrams"]])
    unit(state, "b1").cv = 2
    play(state, 0, "focus b1")
    for slot in ("a1", "a2", "a3"):
        play(state, 0, f"with {slot} armour")
    play(state, 0, "fire")
    script(state, 5)
    events = play(state, 1, "pass").events
    assert keys(events).count("ironfire.member_strikes") == 1
    assert keys(events).count("ironfire.member_idle") == 2
    assert len(rolls(events, "@ironfire.roll.damage")) == 1  # no die is rolled for a card that holds its fire
    en, zh = lines(state, events, "en"), lines(state, events, "zh-CN")
    assert en[-2:] == ["Panther #2 holds its fire: its target, M1 Abrams #1, is already destroyed.",
                       "Panther #3 holds its fire: its target, M1 Abrams #1, is already destroyed."], en
    assert zh[-2:] == ["豹式坦克 #2没有开火：目标M1艾布拉姆斯 #1已被击毁。",
                       "豹式坦克 #3没有开火：目标M1艾布拉姆斯 #1已被击毁。"], zh
    assert unit(state, "a2").cv == 12 and unit(state, "a3").cv == 12 and state.turn == 1


def test_a_reinforcement_pick_says_its_cost_and_what_is_left():
    """102.4: "below your logistics you may reinforce with up to 4 cards that fit". "Reinforcement
    chosen: Guards Rifles." told nothing of the logistics; the line gives the cost and what is left."""
    state = battle([["t34"], ["panther"]], logistics=45, reserve=[["guards"] * 6, []])
    ENGINE._end_round(state)
    room = 45 - ENGINE.army_logistics(state.players[0])
    events = play(state, 0, "pick guards").events
    cost = events[0].params["cost"]
    assert events[0].to == [0] and events[0].params["left"] == room - cost
    pairs = [(e.key, e.params) for e in events]
    assert GAME.text.event_lines(state, pairs, "en") == [
        f"Reinforcement chosen: Guards Rifles for {cost} logistics; {room - cost} of your 45 left to spend."]
    assert GAME.text.event_lines(state, pairs, "zh-CN") == [
        f"已选补充：近卫步兵，花费后勤 {cost}；后勤 45 中还剩 {room - cost} 可用。"]


def test_a_rounding_percentage_reads_as_what_it_did():
    """Ruling 6: "百分比相加后再计算，四舍五入（0.5 进位）。Percentages add; round half up." A heavily
    damaged card's die of 1 read "1 + 0 (heavily damaged ×50%) = 1": a term adding nothing. The
    percentage now reads as what it made of the figure, and says when it rounded."""
    state = battle([["panther"], ["abrams"]])

    def line(loc: str, **params) -> str:
        roll = {"who": "P1", "what": "@ironfire.roll.damage", "dice": [1], "lo": 1, "hi": 3, "precise": 0,
                "fortify": 0, "env": 0}
        return GAME.text.event_lines(state, [("core.roll", roll | params)], loc)[0]

    assert line("en", pct=50, total=1) == \
        "🎲 P1 rolls damage (1–3): 1 → 1 (heavily damaged: 1 × 50% = 0.5, rounded half up) = **1**"
    assert line("zh-CN", pct=50, total=1) == "🎲 P1 掷 伤害（1–3）：1 → 1（重创：1 × 50% = 0.5，四舍五入） = **1**"
    # a percentage that lands on a whole number says no rounding; the environment comes before it,
    # fortification after (102.3)
    assert "3 + 1 (environment) → 5 (focus fire: 4 × 125%) − 1 (fortification) = **4**" in \
        line("en", dice=[3], env=1, pct=125, fortify=1, total=4)
    assert "3 − 1（环境） → 2（集火、重创：2 × 75% = 1.5，四舍五入） = **2**" in line("zh-CN", dice=[3], env=-1, pct=75, total=2)
    assert "+ 0" not in line("en", pct=50, total=1)


def test_a_real_heavy_strike_adds_up_from_the_dice():
    """The same on a real roll (scripted die 3, Panther heavily damaged: 3 × 50% = 1.5 → 2), with the
    damage it did folded in, as before."""
    state = battle([["panther"], ["abrams"]])
    unit(state, "a1").heavy = True
    play(state, 0, "attack a1 armour")
    script(state, 3)
    events = play(state, 0, "hit b1").events
    (roll,) = rolls(events, "@ironfire.roll.damage")
    assert roll["pct"] == 50 and roll["total"] == 2
    en, zh = " ".join(lines(state, events, "en")), " ".join(lines(state, events, "zh-CN"))
    assert "3 → 2 (heavily damaged: 3 × 50% = 1.5, rounded half up) = **2**, M1 Abrams: **takes 2 damage, 18 left**" in en, en
    assert "3 → 2（重创：3 × 50% = 1.5，四舍五入） = **2**，M1艾布拉姆斯：**受到2点伤害，剩余18**" in zh, zh


def test_the_deck_count_says_what_it_counts():
    """The deck-choice board read "deck 0" beside each player, as if a deck's number. Before the
    decks are dealt out it says nothing; after, "N cards left in the deck"."""
    from tests.ironfire.helpers import new_game

    state = new_game()
    for loc in ("en", "zh-CN"):
        board = GAME.text.summary(ENGINE.view(state, 0), loc)
        assert "deck 0" not in board and "套牌 0" not in board and "套牌剩" not in board, board
    state = battle([["t34"], ["panther"]], reserve=[["guards"] * 3, []])
    assert "3 cards left in the deck" in GAME.text.summary(ENGINE.view(state, 0), "en")
    assert "套牌剩 3 张" in GAME.text.summary(ENGINE.view(state, 0), "zh-CN")


def test_an_attack_in_the_menu_shows_the_damage_it_deals():
    """Attack menus showed no damage. 102.3: "damage is uniform in the range plus the environment
    modifier", heavy damage -50 %, focus fire +25 %, rounded half up. The option's description
    (under the label) gives the range each attack deals as the roll counts it, and the number of
    attacks and targets when not one (Discord: 100 characters at most)."""
    state = battle([["panther", "katyusha", "he111"], ["abrams", "grenadier"]], env="mountain")
    facts = {a.code(): (GAME.text.action_facts(state, 0, a, "en"), GAME.text.action_facts(state, 0, a, "zh-CN"))
             for a in ENGINE.legal_actions(state, 0)}
    assert facts["attack a2 salvo"] == ("damage 1–3 an attack · targets: up to 1d3", "每次攻击伤害 1–3 · 最多 1d3 个目标")
    assert facts["attack a3 bomb"] == ("damage 0–2 an attack (environment -1) · targets: up to 1d3",
                                       "每次攻击伤害 0–2（环境 -1） · 最多 1d3 个目标")
    assert all(len(f) <= 100 for pair in facts.values() for f in pair)
    unit(state, "a1").heavy = True
    play(state, 0, "focus b2")
    joins = {a.code(): GAME.text.action_facts(state, 0, a, "en") for a in ENGINE.legal_actions(state, 0)}
    # a Panther vs infantry deals 1–2; in the mountains 0–1; heavily damaged in a focus fire ×75%
    assert joins["with a1 infantry"] == "damage 0–1 an attack (environment -1, focus fire, heavily damaged ×75%)", joins
    assert GAME.text.action_facts(state, 0, ENGINE.parse_action("fire"), "en") == ""  # no attack: nothing beneath


def test_damage_below_zero_reads_as_floored_not_added_back():
    """RULES.md: "Damage is uniform in the range plus the environment modifier"; a negative result
    deals nothing. A die of 1 in the mountains (−2) read "1 − 2 (environment) + 1 (at least 0) = 0":
    a term added back. It now reads "1 − 2 (environment) → 0 (damage is at least 0) = 0"."""
    state = battle([["kv1"], ["airborne"]], env="mountain")
    play(state, 0, "attack a1 infantry")
    script(state, 1)
    events = play(state, 0, "hit b1").events
    (roll,) = rolls(events, "@ironfire.roll.damage")
    assert roll["env"] < 0 and roll["total"] == 0
    en, zh = " ".join(lines(state, events, "en")), " ".join(lines(state, events, "zh-CN"))
    assert f"1 − {-roll['env']} (environment) → 0 (damage is at least 0) = **0**" in en, en
    assert f"1 − {-roll['env']}（环境） → 0（伤害最低为 0） = **0**" in zh, zh
    assert "(environment) + " not in en


def test_the_army_pick_menu_says_what_each_card_is():
    """clickplay16: "Pick Panther (3 logistics)" said the cost only, so a newcomer picked blind.
    206.1: a combat card has a class, a combat value and its attack options; 401: an ability card
    grants an ability. The choice's description says them (100 characters at most, seed 7)."""
    from tests.ironfire.helpers import new_game

    state = new_game(seed=7)
    for seat in (0, 1):
        ENGINE.apply(state, seat, ENGINE.parse_action("deck red_army"))
    while state.phase == "first":
        ENGINE.apply(state, ENGINE.active_seats(state)[0], ENGINE.legal_actions(state, ENGINE.active_seats(state)[0])[0])
    assert state.phase == "army"
    picks = {a.code(): a for a in ENGINE.legal_actions(state, 0) if a.kind == "pick"}
    facts = {loc: {code: GAME.text.action_facts(state, 0, a, loc) for code, a in picks.items()} for loc in ("en", "zh-CN")}
    # with the copies left in the deck (session 17)
    assert facts["en"]["pick kv1"] == "Armour · combat value 14 · 2 left in your deck · vs armour 2–3, vs infantry 1–3"
    assert facts["zh-CN"]["pick kv1"] == "装甲 · 战斗力 14 · 套牌中剩 2 张 · 对装甲 2–3，对步兵 1–3"
    assert facts["en"]["pick t34"].endswith("vs infantry 1–3 ×1d2")
    assert facts["en"]["pick veterans"] == "Heavily damaged cards with Veteran attack at full strength (no −50%)."
    assert all(0 < len(f) <= 100 for by in facts.values() for f in by.values()), facts


def test_stopping_before_any_target_says_it_skips_the_attack():
    """clickplay16: after "Tiger I #1 10/13 attacks vs armour" the menu offered "No more targets"
    before any target was chosen; a scripted clicker threw its attacks away in every game. 102.2:
    the attack is spent once chosen; with no target chosen yet the choice reads as what it does."""
    state = battle([["panther", "panther"], ["abrams", "grenadier", "abrams"]])
    play(state, 0, "attack a1 armour")
    stop = ENGINE.parse_action("stop")
    assert GAME.text.describe_action(state, 0, stop, "en") == "Skip this attack (no target chosen)"
    assert GAME.text.describe_action(state, 0, stop, "zh-CN") == "放弃这次攻击（未选目标）"
    state.attack.targets_left = 2  # a second target may follow the first
    play(state, 0, "hit b1")
    assert state.attack is not None and state.attack.hit  # one target chosen: stopping keeps it
    assert GAME.text.describe_action(state, 0, stop, "en") == "No more targets"
