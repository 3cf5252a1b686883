"""What the table reads when units fight and turn over (issue 18, "Names, never ids"; second
newcomer playtest). A player saw "Unit against unit: u14 against u10", "Revealed: u14
Defend·Attack·Rest against u10 Defend" (unit ids: only `unit` and `vehicle` parameters were
named), "Transport Plane is turned face up: Transport Plane" (the table had only seen a
face-down unit), "face-down unit #3 is turned face down" (it had been seen face up, by name),
"alice's a face-down unit is destroyed" and "Pair 1: Defend against Defend; durability 3 / 3"
(whose durability?). Every line is rendered as the host renders a post: with the state after
the step, in both languages, along seeded bot games."""
from __future__ import annotations

import random
import re

from games.conflict import ENGINE, GAME
from games.core.engine import Seat
from games.core.i18n import t

UNIT_ID = re.compile(r"\bu\d+\b")


def steps(seed: int, players: int = 2, limit: int = 4000):
    """(state after the step, the step's public events) along a seeded game of bots that
    now and then make a random legal move (the plain bot never turns its units over)."""
    rnd = random.Random(seed)
    seats = [Seat(index=i, name=f"P{i}") for i in range(players)]
    state = ENGINE.setup(seats, ENGINE.parse_options({}), seed).state
    for _ in range(limit):
        if ENGINE.outcome(state):
            return
        seat = sorted(ENGINE.active_seats(state))[0]
        action = rnd.choice(ENGINE.legal_actions(state, seat)) if rnd.random() < 0.3 else GAME.bot_action(state, seat, rnd)
        step = ENGINE.apply(state, seat, action)
        state = step.state
        yield state, [(e.key, e.params) for e in step.events if e.to is None]


def test_fights_flips_and_losses_name_units_as_the_table_knew_them():
    seen = {"conflict.ev.combat": 0, "conflict.ev.reveal": 0, "conflict.ev.pair": 0,
            "conflict.ev.flip_up": 0, "conflict.ev.flip_down": 0}
    bad = []
    for seed in (11, 3):
        for state, events in steps(seed):
            for key, params in events:
                if key not in seen:
                    continue
                seen[key] += 1
                for loc in ("en", "zh-CN"):
                    line = GAME.text.event_lines(state, [(key, params)], loc)[0]
                    bad += [f"{loc} id: {line}" for _ in UNIT_ID.finditer(line)]
                    if key in ("conflict.ev.flip_up", "conflict.ev.flip_down") and params["unit"] in state.units:
                        card = t(loc, "conflict.hidden")  # "face-down unit", before its number
                        if key.endswith("flip_up") and card not in line.split(":")[0].split("：")[0]:
                            bad.append(f"{loc} turned up, but not named as face down before: {line}")
                        if key.endswith("flip_down") and card in line:
                            bad.append(f"{loc} turned down, but named as face down before: {line}")
                        territory = GAME.text.event_params(state, key, params, loc).get("where")
                        if not territory or territory not in line:
                            bad.append(f"{loc} no territory: {line}")
                    if key == "conflict.ev.pair" and loc == "en":
                        if "attacker" not in line or "defender" not in line:
                            bad.append(f"whose durability? {line}")
    assert all(seen.values()), seen
    assert not bad, "\n".join(bad[:20])


def test_a_face_down_unit_destroyed_reads_as_a_sentence():
    """`Destroyed: {player}'s {name}.` with a face-down unit: "P0's face-down unit", not
    "P0's a face-down unit"."""
    line = GAME.text.event_lines(None, [("conflict.ev.destroyed", {"player": "P0", "name": "@conflict.hidden"})], "en")[0]
    assert line == "Destroyed: P0's face-down unit."


def test_a_unit_turned_up_and_down_in_one_post_is_named_as_it_lay_before_each_turn():
    """Second newcomer playtest: a unit turned face up and face down again within one post was
    named by the state after both turns ("Storm Troopers is turned face up: it is Storm
    Troopers"). A post's lines are read with the state after the post; each turn names the
    unit as the table saw it just before: face down before the turn up, by name before the
    turn down."""
    from tests.conflict.helpers import play, started, to_develop, unit

    state = started(2)
    to_develop(state, 0)
    where = state.players[0].rows[0][0]
    trooper = unit(state, 0, "stormtrooper", where, up=False)
    unit(state, 0, "stormtrooper", where, up=False)
    events = play(state, 0, f"flip {trooper.id}").events
    state.units[trooper.id].flipped = False  # its next turn: it may be turned again
    state = ENGINE.load_state(ENGINE.dump_state(state))
    events += play(state, 0, f"flip {trooper.id}").events
    post = [(e.key, e.params) for e in events if e.to is None]
    assert [k for k, _ in post] == ["conflict.ev.flip_up", "conflict.ev.flip_down"]
    assert GAME.text.event_lines(state, post, "en") == [
        "In River Delta, the face-down unit #1 turned face up: revealed as Storm Troopers.",
        "In River Delta, Storm Troopers turned face down."]
    assert GAME.text.event_lines(state, post, "zh-CN") == ["三角洲的暗置单位 #1 翻为明置：是 突击队。",
                                                           "三角洲的突击队 翻为暗置。"]


def test_a_unit_gone_later_in_the_post_is_named_as_the_table_knew_it():
    """Second newcomer playtest: an attacker destroyed later in the same post read "Revealed:
    the attacking unit (no longer in play) …". The fight's events carry each unit's name as
    the table knew it then (face down: "face-down unit"); the line names it so."""
    gone = 0
    for seed in (11, 3, 5):
        for state, events in steps(seed):
            for key, params in events:
                if key not in ("conflict.ev.combat", "conflict.ev.reveal"):
                    continue
                for field in ("a", "b"):
                    if params[field] in state.units:
                        continue
                    gone += 1
                    for loc in ("en", "zh-CN"):
                        name = params[f"{field}_name"]
                        name = t(loc, name[1:]) if isinstance(name, str) else name[loc]
                        line = GAME.text.event_lines(state, [(key, params)], loc)[0]
                        assert t(loc, "conflict.gone_named", name=name) in line, line
                        assert t(loc, "conflict.gone_attacker") not in line and t(loc, "conflict.gone_defender") not in line
    assert gone


def posts(seed: int, players: int, limit: int = 1500):
    """(state after the post, its public events) as a table with P0 human and bots in the other
    seats posts them: P0's step and every bot step after it, until P0 is awaited again."""
    rnd = random.Random(seed)
    seats = [Seat(index=i, name=f"P{i}") for i in range(players)]
    state = ENGINE.setup(seats, ENGINE.parse_options({}), seed).state
    events: list = []
    for _ in range(limit):
        if ENGINE.outcome(state):
            break
        seat = sorted(ENGINE.active_seats(state))[0]
        if seat == 0 and events:
            yield state, events
            events = []
        step = ENGINE.apply(state, seat, GAME.bot_action(state, seat, rnd))
        state = step.state
        events += [(e.key, e.params) for e in step.events if e.to is None]
    if events:
        yield state, events


def test_a_unit_destroyed_later_in_the_post_is_named_in_the_lines_before():
    """Third newcomer playtest: "that unit (no longer in play) escapes to Skyport." and
    "那个单位（已不在场上） 退回 峡谷。": a unit that escaped or withdrew and was destroyed later in
    the same post (the bots' moves after the player's are one post) was named by nothing. Its
    earlier lines name it as the post's own `destroyed` line does (by name, or as a face-down
    unit)."""
    checked = 0
    bad = []
    for seed in range(1, 13):
        for players in (2, 4):
            for state, events in posts(seed, players):
                destroyed = {p["unit"] for k, p in events if k == "conflict.ev.destroyed"} - set(state.units)
                named = [p["unit"] for k, p in events if k not in ("core.roll", "conflict.ev.destroyed")
                         and p.get("unit") in destroyed]
                gone = {v for _, p in events for v in p.values() if isinstance(v, str) and UNIT_ID.fullmatch(v)}
                if not named or not gone - set(state.units) <= destroyed:  # a unit gone otherwise: not this case
                    continue
                checked += 1
                for loc in ("en", "zh-CN"):
                    bad += [f"{loc}: {line}" for line in GAME.text.event_lines(state, events, loc)
                            if t(loc, "conflict.gone") in line]
        if checked >= 20:
            break
    assert checked, "no post named a unit before destroying it"
    assert not bad, "\n".join(bad[:10])


def test_a_player_out_of_the_game_reads_as_a_word_of_the_reader_s_language():
    """Third newcomer playtest, zh-CN: the final board read "alice [影子议会] ✖eliminated 资源0":
    the rules' token for how the player went out. It is a word in the reader's language."""
    from games.conflict.present import summary

    state = None
    for state, _ in steps(4, players=3, limit=60):
        pass
    for how, words in (("eliminated", {"en": "eliminated", "zh-CN": "已被消灭"}),
                       ("resigned", {"en": "conceded", "zh-CN": "已认输"})):
        view = ENGINE.view(state, None)
        view["players"][1] = {**view["players"][1], "alive": False, "out": how}  # P1 went out so
        for loc, word in words.items():
            line = next(x for x in summary(view, loc).splitlines() if "P1 [" in x)
            assert f"✖{word}" in line, line
            if loc == "zh-CN":
                assert not re.search(r"[A-Za-z]{3,}", line), line


def test_units_of_one_name_destroyed_in_a_post_keep_apart():
    """Third newcomer playtest: "Revealed: Paratroopers (no longer in play) … against
    Paratroopers …" and two fights against "Grenadiers (no longer in play)" in one post: which
    was which? A destroyed unit keeps the label it had ("Paratroopers #2", rules.number_unit),
    so two destroyed units of one post share a label only if the second came into play after
    the first was gone (a number is free again once its unit left: frontline's rule too)."""
    checked = 0
    for seed in range(1, 13):
        for players in (2, 4):
            for state, events in posts(seed, players):
                destroyed = [(k, p) for k, p in events if k == "conflict.ev.destroyed" and p["unit"] not in state.units]
                names = [str(p.get("name")) for _, p in destroyed]
                if not any(names.count(n) > 1 for n in names):  # two of one name destroyed in the post
                    continue
                checked += 1
                for loc in ("en", "zh-CN"):
                    labels = GAME.text.event_labels(state, events, loc) or {}
                    shown = [GAME.text.event_params(state, k, p, loc, labels=labels)["name"] for k, p in destroyed]
                    at = {p["unit"]: i for i, (k, p) in enumerate(events) if k == "conflict.ev.destroyed"}
                    came = {p["unit"]: i for i, (k, p) in enumerate(events)
                            if k in ("conflict.ev.deploy", "conflict.ev.deploy_down", "conflict.ev.flip_up")}
                    for i, (_, first) in enumerate(destroyed):
                        for j, (_, second) in enumerate(destroyed[i + 1:], i + 1):
                            if shown[i] == shown[j]:
                                assert came.get(second["unit"], -1) > at[first["unit"]], (loc, shown[i])
        if checked >= 3:
            break
    assert checked, "no post destroyed two units of one name"


def test_a_strike_names_its_target_unit_as_the_board_does():
    """Fifth newcomer playtest (4 players, seed 11): "Mortar Team #2 attacks Combat Engineers."
    while the board held Bot 1's Combat Engineers #1 and alice's Combat Engineers #2: which was
    attacked? The next line, the reaction DM and the fight said "Combat Engineers #2". The
    rules: "任意多个自己的明置单位各攻击一次范围内目标" (each face-up unit strikes once at a target
    in range); the strike's line names the target unit by its board label, ordinal and all."""
    from games.conflict.present import state_labels

    twins = 0
    for seed in (1, 2, 3):
        for state, events in steps(seed, players=4):
            for key, params in events:
                if key != "conflict.ev.strike" or params["target"] not in state.units:
                    continue
                for loc in ("en", "zh-CN"):
                    label = state_labels(state, None, loc)[params["target"]]
                    twins += "#" in label
                    line = GAME.text.event_lines(state, [(key, params)], loc)[0]
                    assert line.endswith((" on " if loc == "en" else "进攻 ") + label + ("." if loc == "en" else "。")), line
    assert twins, "no strike on a unit that shares its name"


def test_a_unit_turned_face_up_is_named_by_the_label_it_carries_from_then_on():
    """Fifth newcomer playtest (zh-CN): "铁路枢纽的暗置单位 翻为明置：是 轻型坦克。" and the next line
    "突击队 搭乘 轻型坦克 #2。": Bot 3 had a Light Tank face up already, so alice's became #2 the
    moment it showed, and the line that showed it gave another name. Rules: "明置：可以行动"
    (face up: it may act); the line that turns it up names it by the label the board and the
    following lines give it ("是 轻型坦克 #2" / "it is Light Tank #2")."""
    from games.conflict.present import state_labels

    twins = 0
    for seed in (11, 3, 5):
        for state, events in steps(seed, players=4):
            for key, params in events:
                unit_id = params.get("unit")
                if key != "conflict.ev.flip_up" or unit_id not in state.units or not state.units[unit_id].up:
                    continue
                for loc in ("en", "zh-CN"):
                    label = state_labels(state, None, loc)[unit_id]
                    twins += "#" in label
                    line = GAME.text.event_lines(state, [(key, params)], loc)[0]
                    assert line.endswith(label + ("." if loc == "en" else "。")), line
    assert twins, "no unit turned up beside another of its name"


def test_the_aegis_coin_says_what_its_face_does():
    """Fifth newcomer playtest: "🎲 alice rolls Aegis coin: 1 = **1**: **heads**" 31 times in three
    games, between a fight's reveal and its pairs: heads, and so? 宙斯盾: "单位对单位开始时掷一次硬币，
    正面抵消第一点损伤" (a coin per fight; heads cancels the first damage). The result says so."""
    faces = {"en": ("heads: Aegis cancels the first point of damage", "tails: no Aegis shield"),
             "zh-CN": ("正面：本场单位对单位中，宙斯盾抵消", "反面：本场单位对单位中，宙斯盾不起作用")}
    seen = set()
    for seed in range(1, 9):
        for state, events in steps(seed, players=3, limit=2500):
            for i, (key, params) in enumerate(events):
                if key != "core.roll" or params.get("what") != "@conflict.card.aegis":
                    continue
                heads = params["total"] == 1
                seen.add(heads)
                for loc in ("en", "zh-CN"):
                    line = GAME.text.event_lines(state, events[i:i + 1], loc)[0]
                    assert faces[loc][0 if heads else 1] in line, line
        if seen == {True, False}:
            break
    assert seen == {True, False}, seen
