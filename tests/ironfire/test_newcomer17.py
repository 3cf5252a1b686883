"""What a newcomer still met in Iron & Fire (issue 18, session 17), each with the rule quoted and a
fixed seed or scripted dice, read in both languages."""
from __future__ import annotations

import random
import re

import pytest

from games.ironfire import GAME
from games.ironfire.text import OPTION_KEYS, option_name
from tests.ironfire.helpers import seats
from tests.refusal_helpers import refusals, unreadable

IDS = re.compile(r"(?<![\w#.\-])[a-d]\d{1,2}(?!\w)")  # a slot, `b3`: the board's id of a card
PASSIVE = ("stop", "pass", "drop", "ready")
# an option's code word where it is not its name ("repair" is the English name of `repair`)
RAW = {loc: tuple(k for k in OPTION_KEYS if option_name(k, loc) != k) for loc in ("en", "zh-CN")}


@pytest.mark.parametrize("seed", [1, 2])
def test_refusals_a_player_can_trigger_show_only_names(seed):
    """Issue 18: "Menus … show things by name in the user's language …, never internal ids". A
    refusal read "b3 cannot join this focus fire with 'infantry'": a slot and an option's code
    word. Over a seeded playout, every seat tries actions from earlier turns, another seat's
    actions and wrong targets; each refusal, in English and Chinese, names cards by their
    labels and options by their names (a slot with no card left reads as the card destroyed
    there, or "That card")."""
    met, bad = set(), []
    for code, key, loc, text in refusals(GAME, seed, 300, passive=PASSIVE):
        met.add(key)
        if found := unreadable(text, loc, IDS, RAW[loc]):
            bad.append((code, loc, text, found))
    assert not bad, bad[:5]
    # the playout reached the battle's refusals, not only "not your turn"
    assert {"ironfire.already_attacked", "ironfire.no_option", "ironfire.not_yours"} <= met, met


def test_a_destroyed_card_named_at_play_is_said_to_be_destroyed():
    """203.1: a card whose combat value falls to 0 "is destroyed". Typed afterwards by its label,
    "/play P-51 Mustang #1" answered "None of your actions now uses P-51 Mustang (4)" (the pool's
    card, with its cost): true, and no help. The game names what left play (`Text.left_play`),
    and the answer says so, in both languages, then offers the actions of the verb typed
    (seed 7, damage die scripted to 2)."""
    from bot.host import names
    from games.core.i18n import t
    from tests.ironfire.helpers import battle, play, script, unit

    state = battle([["p51", "p51", "yak3"], ["yak3", "yak3"]])
    unit(state, "a1").cv = 1
    play(state, 0, "attack a2 air")
    play(state, 0, "hit b1")
    script(state, 2)
    play(state, 1, "attack b2 air")
    events = play(state, 1, "hit a1").events
    assert "ironfire.destroyed" in [e.key for e in events] and unit(state, "a1") is None
    said = {}
    for loc in ("en", "zh-CN"):
        key, params, offered = names.unmatched(GAME, state, 0, "attack P-51 Mustang #1 air", loc)
        said[loc] = t(loc, key, **params)
        assert offered and all(a.code().startswith("attack") for a in offered)
    assert said["en"] == ("P1's P-51 Mustang #1 was destroyed in this game: it is no longer in play. "
                          "Pick one of your actions below."), said
    assert said["zh-CN"] == "P1的P-51野马战斗机 #1已在本盘被击毁，不在场上了。请在下面选择你的一个行动。", said
    # the twin still in play (it attacked this round) is not said to be destroyed
    assert names.unmatched(GAME, state, 0, "attack P-51 Mustang #2 air", "en")[0] == "host.play.unused_verb"
    # the Chinese label, typed as the board shows it, with no space before its number
    key, params, _ = names.unmatched(GAME, state, 0, "P-51野马战斗机 #1", "zh-CN")
    assert key == "host.play.gone"


def _shown_range(state, seat, action) -> tuple[int, int] | None:
    facts = GAME.text.action_facts(state, seat, action, "en")
    found = re.match(r"damage (\d+)(?:–(\d+))? an attack", facts)
    return (int(found.group(1)), int(found.group(2) or found.group(1))) if found else None


def _dealt(state, seat, action) -> tuple[set[int], bool]:
    """Every damage one attack of this choice can deal now, resolved by the engine on copies of
    the state for each target it may hit and each face of the damage die (a focus card as it
    strikes, at +25%); and whether every target was face up (then the table knows each one)."""
    from games.ironfire.cards import OPTION
    from games.ironfire.engine import POOL, Join
    from tests.ironfire.helpers import script

    engine = GAME.engine
    opt = OPTION[engine.unit(state, action.unit).card, action.option]
    join = isinstance(action, Join)
    targets = [state.focus.target] if join else [u.slot for u in engine.valid_targets(state, seat, opt)]
    dealt, known = set(), True
    for slot in targets:
        known &= engine.unit(state, slot).up
        for face in range(opt.dmg_min, opt.dmg_max + 1):
            copy = script(engine.load_state(engine.dump_state(state)), face)
            attacker, target = engine.unit(copy, action.unit), engine.unit(copy, slot)
            if POOL.combat[target.card].cls not in opt.vs:
                continue  # a face-down card of another class takes no damage (the shot is spent)
            events = engine._resolve(copy, seat, attacker, opt, target, 1, focus=join)
            dealt |= {e.params["total"] for e in events if e.params.get("what") == "@ironfire.roll.damage"}
    return dealt, known


@pytest.mark.parametrize("seed, deck, fmt, fog", [(1, "pacific", "army30", False), (2, "what_if_1946", "alt20", False),
                                                  (3, "pacific", "army30", True)])
def test_a_shown_damage_range_holds_every_damage_and_reaches_its_bounds(seed, deck, fmt, fog):
    """102.3: damage is the die, the environment, precision, then the percentages (focus fire
    +25 %, heavy damage −50 %) rounded half up, "then fortification −1". The Join menu read
    "damage 3–5" for a fortified target, which takes 2–4. Over seeded playouts with decks holding
    Entrench (401: it fortifies KV-1, PaK 40 and others), every attack or focus card offered shows
    a range that holds every damage the engine deals for it, resolved on copies of the state for
    each target and die face; where every target lies face up, both ends are dealt."""
    from games.ironfire.engine import Attack, Join

    engine = GAME.engine
    rng = random.Random(seed)
    state = engine.setup(seats(2), engine.parse_options({"format": fmt, "fog_of_war": str(fog).lower()}), seed).state
    checked = fortified = 0
    for _ in range(400):
        active = engine.active_seats(state)
        if engine.outcome(state) is not None or not active:
            break
        seat = active[0]
        legal = engine.legal_actions(state, seat)
        if state.phase == "deck":
            legal = [a for a in legal if a.code() == f"deck {deck}"]
        for action in legal:
            shown = _shown_range(state, seat, action) if isinstance(action, (Attack, Join)) else None
            if shown is None:
                continue
            dealt, known = _dealt(state, seat, action)
            assert dealt <= set(range(shown[0], shown[1] + 1)), (action.code(), shown, dealt)
            if known and dealt:
                assert {shown[0], shown[1]} <= dealt, (action.code(), shown, dealt)
            checked += 1
            fortified += "fortification" in GAME.text.action_facts(state, seat, action, "en")
        busy = [a for a in legal if a.code().split()[0] not in PASSIVE]
        state = engine.apply(state, seat, rng.choice(busy or legal)).state
    assert checked > 20 and fortified, (checked, fortified)


def test_deck_and_pick_choices_say_what_a_newcomer_plans_with():
    """Findings of session 17 (play17b): the deck menu showed four names and nothing else; a
    pick showed no copies left ("after picking both the option just vanishes") and not which
    attacks cost logistics (207.3: "an attack that costs logistics needs more spare logistics
    than its cost"), learnt only at "ready". The menus' facts now say each (seed 3)."""
    from games.core import Seat

    engine = GAME.engine
    state = engine.setup([Seat(index=0, name="a"), Seat(index=1, name="b")], engine.parse_options({}), 3).state
    deck = engine.parse_action("deck red_army")
    assert GAME.text.action_facts(state, 0, deck, "en") == "31 cards · Infantry 9, Armour 8, Air 5, Ranged 6 · 3 ability cards"
    assert GAME.text.action_facts(state, 0, deck, "zh-CN") == "31 张 · 步兵 9，装甲 8，航空 5，远程 6 · 特殊能力卡 3 张"
    for seat in (0, 1):
        state = engine.apply(state, seat, deck).state
    while state.phase != "army":
        seat = engine.active_seats(state)[0]
        state = engine.apply(state, seat, engine.legal_actions(state, seat)[0]).state
    seat = engine.active_seats(state)[0]
    is2 = engine.parse_action("pick is2")
    assert GAME.text.action_facts(state, seat, is2, "en") == \
        "Armour · combat value 16 · 1 left in your deck · vs armour 3–6 (costs 1 logistics), vs ranged 2–4"
    assert GAME.text.action_facts(state, seat, is2, "zh-CN") == "装甲 · 战斗力 16 · 套牌中剩 1 张 · 对装甲 3–6（耗后勤 1），对远程 2–4"
    kv1 = engine.parse_action("pick kv1")
    state = engine.apply(state, seat, kv1).state
    assert "1 left in your deck" in GAME.text.action_facts(state, seat, kv1, "en")  # the deck held two


def test_the_first_round_says_that_only_heavy_damage_lasts():
    """102.5: between rounds "未重创的牌战斗力回满". A newcomer learnt it from "Cards restore their
    combat value" after round 1, having spread hits that were all wiped (finding of session 17,
    play17b). The first of several rounds says it; later rounds, and a game of one round, do not."""
    state = GAME.engine.setup(seats(2), GAME.engine.parse_options({}), 1).state
    read = {(loc, r, n): GAME.text.event_lines(state, [("ironfire.round", {"round": r, "rounds": n})], loc)[0]
            for loc in ("en", "zh-CN") for r, n in ((1, 3), (2, 3), (1, 1))}
    assert read["en", 1, 3] == ("— Round 1 of 3 — Between rounds, cards that are not heavily damaged regain their "
                                "full combat value (102.5): only heavy damage and destruction last.")
    assert read["zh-CN", 1, 3] == "—— 第1轮攻防（共3轮）——每轮之间，未被重创的牌恢复满战斗力（102.5）：只有重创和击毁会留下来。"
    assert read["en", 2, 3] == "— Round 2 of 3 —" and read["zh-CN", 1, 1] == "—— 第1轮攻防（共1轮）——"
