"""Cards in the table's lines keep the labels they had on the board (issue 18: "Where two
things share a name, add what tells them apart"). The English playtest read "🎲 alice rolls
damage (2–3): 3 + 1 (environment) = **4**, Sniper Team: **destroyed**" with six Sniper Teams
on the board (alice had targeted "Sniper Team #4"): the roll was named from the armies after
the hit, where the destroyed card was gone."""
from __future__ import annotations

import re

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


def test_a_card_keeps_its_label_after_its_twin_is_destroyed():
    """The English playtest read "Sniper Team #1: **destroyed**" three times in a row (each
    time the next Sniper Team had become #1), and after alice's Sniper Team #3 died Bot 1's #4
    became #3 (alice had just targeted "#4"): the board was numbered afresh for every post.
    A label is the card's for the whole game (menus, /play by name, the board, the picture,
    the log)."""
    from games.ironfire import ENGINE
    from games.ironfire.text import view_labels

    state = battle([["bazooka", "bazooka"], ["panzer4", "panzer4"]], seed=11)
    unit(state, "b1").cv = 1
    script(state, 3)
    play(state, 0, "attack a1 armour")
    play(state, 0, "hit b1")  # Panzer IV #1 is destroyed
    assert unit(state, "b1") is None
    for loc, name in (("en", "Panzer IV"), ("zh-CN", "四号坦克")):
        label = f"{name} #2"
        assert view_labels(ENGINE.view(state, 1), loc)["b2"] == label  # the board, the picture
        assert GAME.text.token_names(state, 0, loc)["b2"].startswith(label + " ")  # menus, /play
    pairs = [(e.key, e.params) for e in play(state, 1, "attack b2 infantry").events]  # the next post
    for loc, name in (("en", "Panzer IV"), ("zh-CN", "四号坦克")):
        lines = GAME.text.event_lines(state, pairs, loc)
        assert any(f"{name} #2" in line for line in lines), lines


def _labels_through_a_game(options: dict, seed: int):
    """(step, public labels, the state) of each step of a seeded bot game."""
    from games.ironfire import ENGINE
    from games.ironfire.text import view_labels
    from tests.bot_games import bot_steps

    for step in bot_steps(ENGINE, GAME, seed, options, limit=3000):
        yield step, view_labels(ENGINE.view(step.state, None), "en"), step.state


def test_no_label_ever_names_two_cards_in_a_game():
    """The class behind it, over seeded bot games with and without fog of war: a face-up
    card's label names one card for the whole game, and a card, once numbered, keeps its
    number; a face-down card's label names one card until the next shuffle (101.5 relabels
    them all)."""
    twin_gone = 0
    for options in ({}, {"fog_of_war": "true"}):
        for seed in (1, 2, 3):
            card_of: dict = {}
            label_of: dict = {}
            shuffles = 0
            came: dict = {}
            for step, labels, state in _labels_through_a_game(options, seed):
                shuffles += sum(e.key == "ironfire.shuffled" for e in step.events)
                for p in state.players:
                    for u in p.army:
                        label = labels[u.slot]
                        period = (state.game_no, shuffles if not u.up else 0)
                        assert card_of.setdefault((period, label), u.uid) == u.uid, (options, seed, label)
                        if u.up and "#" in label:
                            assert label_of.setdefault(u.uid, label) == label, (options, seed, u.slot, label)
                        if u.up:
                            came.setdefault(u.card, set()).add(u.uid)
                            twin_gone += any(x not in {v.uid for q in state.players for v in q.army}
                                             for x in came[u.card])
    assert twin_gone, "no game had a card whose twin had left the board"


def test_a_face_down_cards_label_tells_nothing_of_the_card():
    """101.5: face-down cards are shuffled and turned down so that nobody knows which is
    which. Their labels (`face-down card #7`) come from where they lie, never from what they
    are: the same armies with the hidden cards swapped read the same, for every reader."""
    import copy

    from games.ironfire import ENGINE
    from games.ironfire.text import view_labels

    checked = 0
    for step, labels, state in _labels_through_a_game({"fog_of_war": "true"}, 4):
        for p in state.players:
            down = [u for u in p.army if not u.up]
            if len(down) < 2 or down[0].card == down[1].card:
                continue
            swapped = copy.deepcopy(state)
            a, b = [u for u in swapped.players[state.players.index(p)].army if not u.up][:2]
            a.card, b.card = b.card, a.card
            for reader in (None, *range(len(state.players))):
                if reader == state.players.index(p):
                    continue  # the owner knows its own cards
                for loc in ("en", "zh-CN"):
                    assert view_labels(ENGINE.view(swapped, reader), loc) == view_labels(ENGINE.view(state, reader), loc)
            checked += 1
    assert checked


def test_a_state_stored_before_the_order_was_kept_loads_and_plays_on():
    """A state stored without `shown_order` loads (empty), dumps and loads back the same, reads
    as the table saw it laid out, and plays on; cards turned up from then on are ordered."""
    import json

    from games.ironfire import ENGINE
    from games.ironfire.text import state_labels

    state = battle([["bazooka", "bazooka"], ["panzer4", "panzer4"]], seed=11)
    data = json.loads(ENGINE.dump_state(state))
    assert data.pop("shown_order") == {"bazooka": ["a1", "a2"], "panzer4": ["b1", "b2"]}
    old = ENGINE.load_state(json.dumps(data))
    assert old.shown_order == {} and ENGINE.load_state(ENGINE.dump_state(old)) == old
    for loc in ("en", "zh-CN"):
        assert state_labels(ENGINE, old, None, loc) == state_labels(ENGINE, state, None, loc)
    play(old, 0, "attack a1 armour")
    assert GAME.text.token_names(old, 0, "en")["b1"].startswith("Panzer IV #1 ")


def test_every_roll_names_its_dice_or_range():
    """Issue 18: "Every roll a game makes says what it was for and how it ended". The English
    playtest read "🎲 alice rolls for the number of attacks: 2 = **2**": no die, no range (the
    option's 1d2, 102.2: "掷骰决定攻击数量…和攻击对象数量"). Every roll line of seeded games, with
    and without fog, names its dice (`1d2`, `2d6`) or its range (damage 2–3)."""
    import re

    from games.ironfire import ENGINE
    from tests.bot_games import bot_steps

    named = re.compile(r"\d+d\d+|\d+–\d+")
    seen = set()
    for options in ({}, {"fog_of_war": "true"}):
        for step in bot_steps(ENGINE, GAME, 2, options, limit=3000):
            pairs = [(e.key, e.params) for e in step.events if e.to is None]
            for loc in ("en", "zh-CN"):
                for line in GAME.text.event_lines(step.state, pairs, loc):
                    if line.startswith("🎲"):
                        assert named.search(line.split("=")[0]), line
                        seen.add(line.split(":")[0].split("：")[0])
    for what in ("number of attacks (1d", "number of targets (1d", "first player (1d6", "environment (1d6",
                 "logistics (38 + 2d6)", "damage ("):
        assert any(what in line for line in seen), (what, seen)


def test_a_tie_for_the_first_player_says_so_and_zh_roll_terms_use_chinese_brackets():
    """Fourth newcomer playtest, zh-CN: "alice 掷 决定先后手（1d6，最高者先手）：6 = **6**", "机器人1 掷 …：6
    = **6**", then both rolled again without a word that it was a tie (101.1: "第一盘每人掷 1d6，最高者先手，
    平点者重掷"); and "决定后勤点数（38+2d6）：[1, 4] + 38 (基础) = **43**" bracketed its term in English
    brackets. Three players: P1 and P2 tie at 6 and roll again, P3 (2) does not."""
    from games.core.events import Event, roll_event
    from tests.ironfire.helpers import new_game

    state = new_game(3, seed=5)
    events = [roll_event(name, "@ironfire.roll.first", [d], d) for name, d in (("P1", 6), ("P2", 6), ("P3", 2),
                                                                               ("P1", 4), ("P2", 3))]
    events += [Event.public("ironfire.first", name="P1"), roll_event("P1", "@ironfire.roll.logistics", [1, 4], 43)]
    pairs = [(e.key, e.params) for e in events]
    en, zh = (GAME.text.event_lines(state, pairs, loc) for loc in ("en", "zh-CN"))
    first = [line for line in en if "for the first player" in line]
    assert first == ["🎲 P1 rolls for the first player (1d6, highest goes first): 6 = **6**: "
                     "**a tie for the highest: roll again**",
                     "🎲 P2 rolls for the first player (1d6, highest goes first): 6 = **6**: "
                     "**a tie for the highest: roll again**",
                     "🎲 P3 rolls for the first player (1d6, highest goes first): 2 = **2**",
                     "🎲 P1 rolls for the first player (1d6, highest goes first): 4 = **4**",
                     "🎲 P2 rolls for the first player (1d6, highest goes first): 3 = **3**"], en
    assert "P1 goes first." in en
    assert sum("**并列最高：重掷**" in line for line in zh) == 2, zh
    logistics = [line for line in zh if "后勤点数骰" in line]
    assert logistics and all("+ 38（基础）" in line and "(" not in line for line in logistics), logistics
    assert any("+ 38 (base)" in line for line in en), en
    # newcomer15: "🎲 alice 掷 决定先后手" read "alice rolls decide the first player": what is rolled is a noun
    assert "🎲 P3 掷 先后手骰（1d6，最高者先手）：2 = **2**" in zh, zh
    assert not any("掷 决定" in line for line in zh), zh


def test_each_card_of_a_focus_strike_is_named_before_its_rolls():
    """Fourth newcomer playtest: after "alice's focus fire strikes (+25%)." came "alice rolls damage (1–3):
    3 + 1 (environment) + 1 (×125%) = **5**", "(1–2): 2 + 1 (environment) − 1 (×75%) = **2**" and "(2–3): 2 =
    **2**": three cards struck (102.3: "集火的牌依次攻击"), and no line said which rolled which. Each strike
    now names its card, target and attack option before its rolls."""
    from tests.ironfire.helpers import keys

    state = battle([["panther", "panther"], ["abrams", "grenadier"]])
    play(state, 0, "focus b1")
    play(state, 0, "with a1 armour")
    play(state, 0, "with a2 armour")
    play(state, 0, "fire")
    events = [e for e in play(state, 1, "pass").events if e.to is None]
    at = keys(events).index("ironfire.strike")
    order = [e.key for e in events[at:] if e.key in ("ironfire.member_strikes", "core.roll")]
    assert order[:4] == ["ironfire.member_strikes", "core.roll", "ironfire.member_strikes", "core.roll"], order
    pairs = [(e.key, e.params) for e in events]
    en = GAME.text.event_lines(state, pairs, "en")
    zh = GAME.text.event_lines(state, pairs, "zh-CN")
    assert [line for line in en if line.startswith("Panther")] == ["Panther #1 strikes M1 Abrams (vs armour).",
                                                                  "Panther #2 strikes M1 Abrams (vs armour)."], en
    assert [line for line in zh if line.startswith("豹式坦克 #")] == ["豹式坦克 #1集火攻击M1艾布拉姆斯（对装甲）。",
                                                                "豹式坦克 #2集火攻击M1艾布拉姆斯（对装甲）。"], zh


def test_the_zh_board_brackets_and_lists_its_words_the_chinese_way():
    """Fourth newcomer playtest, Iron & Fire zh-CN board: "游骑兵 #2 7/7 (已攻击)", "特殊能力：老兵, 火控系统"
    (English brackets and comma among Chinese words). English keeps "(attacked)", "Veteran Crews, …"."""
    from games.ironfire import ENGINE

    state = battle([["grenadier", "panther", "veterans", "fire_control"], ["abrams"]])
    unit(state, "a1").attacked = True
    unit(state, "a2").heavy = True
    zh = GAME.text.summary(ENGINE.view(state, 0), "zh-CN")
    en = GAME.text.summary(ENGINE.view(state, 0), "en")
    assert "（已攻击）" in zh and "（重创）" in zh and "、" in zh.split("特殊能力：")[1].splitlines()[0], zh
    assert not re.search(r"\([\u4e00-\u9fff]|[\u4e00-\u9fff], ", zh), zh
    assert "(attacked)" in en and "(heavy)" in en, en


def test_a_percentage_that_rounds_to_nothing_is_still_shown():
    """Issue 18 playtest: a focus-fire damage roll read "2 − 1 (environment) = 1": the +25% of focus
    fire (102.3: "集火的牌伤害+25%") was left out because 1 × 125% rounds half up to 1. Every term
    that applied is shown, a percentage too when it changes nothing; a roll without one shows none."""
    state = battle([["panther"], ["abrams"]])

    def line(loc: str, **params) -> str:
        roll = {"who": "P1", "what": "@ironfire.roll.damage", "dice": [2], "lo": 1, "hi": 3, "precise": 0, "fortify": 0}
        return GAME.text.event_lines(state, [("core.roll", roll | params)], loc)[0]

    # the percentage reads as what it made of the figure (test_newcomer16: never "+ 0")
    assert "2 − 1 (environment) → 1 (focus fire: 1 × 125% = 1.25, rounded half up) = **1**" in \
        line("en", env=-1, pct=125, total=1)
    assert "2 − 1（环境） → 1（集火：1 × 125% = 1.25，四舍五入） = **1**" in line("zh-CN", env=-1, pct=125, total=1)
    assert "2 + 1 (environment) → 4 (focus fire: 3 × 125% = 3.75, rounded half up) = **4**" in \
        line("en", env=1, pct=125, total=4)
    assert "2 − 1 (environment) = **1**" in line("en", env=-1, pct=100, total=1)  # no percentage: none shown


def test_a_percentage_term_names_where_it_comes_from():
    """newcomer7a (issue 18, left from newcomer6): "3 + 1 (environment) + 1 (×125%) = **5**" did not
    say where the 125 % came from. RULES.md 102.3/203.1: "重创 −50%，集火 +25%", "百分比先相加再计算":
    125 % is focus fire, 50 % a heavily damaged card, 75 % both. The term names its source, on a
    real focus strike (seed-free: the state is built) and on each percentage the rules can give."""
    state = battle([["panther", "panther"], ["abrams", "grenadier"]])
    unit(state, "a2").heavy = True
    play(state, 0, "focus b1")
    play(state, 0, "with a1 armour")
    play(state, 0, "with a2 armour")
    play(state, 0, "fire")
    pairs = [(e.key, e.params) for e in play(state, 1, "pass").events if e.to is None]
    pcts = [p["pct"] for k, p in pairs if k == "core.roll" and str(p.get("what")).endswith("damage")]
    assert 125 in pcts and 75 in pcts, pcts
    en = " ".join(GAME.text.event_lines(state, pairs, "en"))
    zh = " ".join(GAME.text.event_lines(state, pairs, "zh-CN"))
    assert "(focus fire: 5 × 125% = 6.25, rounded half up)" in en and "(focus fire, heavily damaged: 4 × 75%)" in en, en
    assert "（集火：5 × 125% = 6.25，四舍五入）" in zh and "（集火、重创：4 × 75%）" in zh, zh
    assert "(:" not in en and "（：" not in zh

    def line(loc: str, **params) -> str:
        roll = {"who": "P1", "what": "@ironfire.roll.damage", "dice": [3], "lo": 1, "hi": 3, "precise": 0,
                "fortify": 0, "env": 0}
        return GAME.text.event_lines(state, [("core.roll", roll | params)], loc)[0]

    assert "3 → 2 (heavily damaged: 3 × 50% = 1.5, rounded half up) = **2**" in line("en", pct=50, total=2)
    assert "3 → 2（重创：3 × 50% = 1.5，四舍五入） = **2**" in line("zh-CN", pct=50, total=2)
