"""Cards in the table's lines keep the labels they had on the board (issue 18: "Where two
things share a name, add what tells them apart"). The English playtest read "🎲 alice rolls
damage (2–3): 3 + 1 (environment) = **4**, Sniper Team: **destroyed**" with six Sniper Teams
on the board (alice had targeted "Sniper Team #4"): the roll was named from the armies after
the hit, where the destroyed card was gone."""
from __future__ import annotations

from games.ironfire import GAME
from tests.ironfire.helpers import battle, play, script, unit


def test_a_destroyed_card_reads_with_the_ordinal_it_had_and_its_twin_keeps_its_own():
    state = battle([["bazooka"], ["panzer4", "panzer4"]], seed=11)
    unit(state, "b1").cv = 1
    script(state, 3)
    events = play(state, 0, "attack a1 armour").events + play(state, 0, "hit b1").events
    assert unit(state, "b1") is None and unit(state, "b2") is not None
    pairs = [(e.key, e.params) for e in events if e.to is None]
    for loc, name, destroyed in (("en", "Panzer IV", "destroyed"), ("zh-CN", "四号坦克", "击毁")):
        lines = GAME.text.event_lines(state, pairs, loc)
        roll = [line for line in lines if destroyed in line]
        assert roll and f"{name} #1" in roll[0], lines
        assert all(f"{name} #2" not in line for line in lines), lines


def test_before_the_rolls_the_board_names_no_environment_and_no_rounds():
    """101.2/102.1: the environment and the rounds are rolled once the first player is known.
    The English playtest's first board read "Game 1/1 · choosing decks · round 0/0 · Open
    ground", and the roll then gave Mountains: the board named an environment nobody rolled."""
    from games.ironfire import ENGINE
    from tests.ironfire.helpers import new_game

    state = new_game(seed=11)
    assert state.phase == "deck"
    for loc, early in (("en", "Game 1/1 · choosing decks"), ("zh-CN", "第1/1盘 · 选择套牌")):
        head = GAME.text.summary(ENGINE.view(state, 0), loc).splitlines()[0]
        assert head == early, head
    fought = battle([["bazooka"], ["panzer4"]], seed=11, env="mountain")
    head = GAME.text.summary(ENGINE.view(fought, 0), "en").splitlines()[0]
    assert head == "Game 1/1 · attacks · round 1/2 · Mountains", head


def test_the_picture_writes_an_ordinal_after_the_name_not_beside_the_class():
    """The playtest's picture headed two cards in one row "Armour #1" (a Type 97 Chi-Ha #1 and an
    M4 Sherman #1): the ordinal, drawn at the right of the class header, read as the class's.
    It goes after the name where the name's two lines hold it."""
    from games.ironfire.render import _label_layout

    assert _label_layout("Panzer IV #2") == (("Panzer IV #2",), "", 0)
    lines, ordinal, _ = _label_layout("M2A1 105 mm Howitzer #2")
    assert lines[-1].endswith("#2") and not ordinal
    assert _label_layout("Panzer IV") == (("Panzer IV",), "", 0)


def test_ready_in_army_selection_says_how_much_of_the_budget_is_used():
    """101.4: each player picks an army within the logistics budget, in secret. A playtest
    player clicked "Ready" after one card (2 of 46 logistics) and fought alone against two
    armies of 19 and 20 cards; the choice now says what it leaves unused (only to that seat)."""
    from games.ironfire import ENGINE
    from tests.ironfire.helpers import new_game
    from tests.ironfire.test_rules import _deck_phase_done

    state = new_game(seed=5, logistics="40", format="alt20")
    _deck_phase_done(state, ["sherman*10,rangers*10,pershing*2,p47,p51", "modern"])
    play(state, 0, "pick sherman")
    ready = next(a for a in ENGINE.legal_actions(state, 0) if a.kind == "ready")
    assert GAME.text.describe_action(state, 0, ready, "en") == "Ready (3 of 40 logistics used)"
    assert GAME.text.describe_action(state, 0, ready, "zh-CN") == "准备完毕（已用后勤 3/40）"


def test_after_the_fog_shuffle_a_line_names_the_card_it_named_not_the_slot_s_new_card():
    """101.5 under fog of war: after each round every army is shuffled, renumbered and turned
    face down. A post spanning the round's end (and /game log, read with the last state) named
    cards by their slots in the shuffled armies: the zh-CN playtest read "机器人1：反面卡 #8发动攻击
    … 翻开：反面卡 #8（5/5）" (\"Revealed: face-down card #8\") for a card the event names."""
    state = battle([["bazooka", "panzer4"], ["panzer4", "pak40"]], seed=11, fog=True)
    script(state, 3)
    events = play(state, 0, "attack a1 armour").events + play(state, 0, "hit b1").events
    pairs = [(e.key, e.params) for e in events if e.to is None]
    before = GAME.text.event_lines(state, pairs, "en")
    for s, p in enumerate(state.players):  # what the engine's shuffle does (101.5)
        p.army.reverse()
        for i, u in enumerate(p.army):
            u.slot, u.up = f"{'ab'[s]}{i + 1}", False
    after = GAME.text.event_lines(state, pairs, "en")
    assert any("Bazooka Team" in line for line in before), before
    assert after == before, (before, after)
    assert not any("face-down" in line for line in after), after


def test_a_pick_says_its_number_is_logistics():
    """101.4: an army is chosen within the logistics budget. The playtest's menu listed "Pick
    Sniper Team (1)", "Pick M4 Sherman (3)": a bare number, which could as well be a count."""
    from games.ironfire import ENGINE
    from tests.ironfire.helpers import new_game
    from tests.ironfire.test_rules import _deck_phase_done

    state = new_game(seed=5, logistics="40", format="alt20")
    _deck_phase_done(state, ["sherman*10,rangers*10,pershing*2,p47,p51", "modern"])
    pick = next(a for a in ENGINE.legal_actions(state, 0) if a.kind == "pick" and a.card == "sherman")
    assert GAME.text.describe_action(state, 0, pick, "en") == "Pick M4 Sherman (3 logistics)"
    assert GAME.text.describe_action(state, 0, pick, "zh-CN") == "选择M4谢尔曼坦克（后勤 3）"


def test_the_final_board_does_not_mark_the_last_round_s_attacks():
    """The playtest's final board marked all 29 cards "(attacked)" after "Game 1 is over"."""
    from games.ironfire import ENGINE

    state = battle([["bazooka"], ["panzer4"]], seed=11)
    play(state, 0, "attack a1 armour")
    assert "(attacked)" in GAME.text.summary(ENGINE.view(state, None), "en")
    state.phase = "over"
    assert "attacked" not in GAME.text.summary(ENGINE.view(state, None), "en")
