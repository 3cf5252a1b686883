"""Fleet's table as a newcomer follows it (issue 18, "Prompts and outcomes"; session 15), each
symptom a class:
1. a bot passing a reaction window on its own got no line (only the host's automatic passes were
   announced): every step any seat takes has a line the table reads, secret parts hidden;
2. the bot threw a frag grenade with no enemy in the zone: it makes no choice that can do nothing
   (a grenade at an empty zone, a link charge on a mech that does not attack after it, an EMP on
   mechs an earlier one still holds);
3. the building picture's key had an empty third row: a key shows only rows with entries;
4. the menus' odds gave totals only ("hit 65%"): an attack choice names the terms its numbers add
   up from, as the roll lines do, within a select option's 100 characters;
5. the launch menu did not say what each pilot's talent does."""
from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot.host.core import build_menu
from games.core import Seat
from games.core.i18n import t
from games.fleet import ENGINE, GAME
from games.fleet import bot
from games.fleet.odds import attack_odds
from games.fleet.present import OPTION_TEXT, terms_text
from games.fleet.render import BG, LEGEND_ROW, MARGIN
from tests.fleet.helpers import act, clear_hands, dice, fleet, give, mech, my_turn, new_game, put

LOCALES = ("en", "zh-CN")


def public_lines(step, loc: str) -> list[str]:
    return GAME.text.event_lines(step.state, [(e.key, e.params) for e in step.events if e.to is None], loc)


def game(mains0="heavy_vulcan", mechs0="sword", mechs1="sword", pil0="zack", pil1="zack", ap=2, seed=1):
    s = new_game(fleet("bull", mains0, mechs0, "tim", pil0), fleet("bull", "heavy_vulcan", mechs1, "tim", pil1),
                 seed=seed)
    clear_hands(s)
    my_turn(s, 0, ap=ap)
    return s


# ------------------------------------------------------------------ 1. every step has a line

def walk(seed: int, random_share: float):
    """A seeded game of the bot's moves and random ones (a share `random_share`): each action
    taken after the fleets are built, with its step."""
    rng = random.Random(seed)
    state = ENGINE.setup([Seat(index=0, name="A"), Seat(index=1, name="B")], ENGINE.parse_options({}), seed).state
    for _ in range(3000):
        if ENGINE.outcome(state) is not None:
            return
        seat = sorted(ENGINE.active_seats(state))[0]
        legal = ENGINE.legal_actions(state, seat)
        action = rng.choice(legal) if rng.random() < random_share else GAME.bot_action(state, seat, rng)
        building = state.phase == "build"
        step = ENGINE.apply(state, seat, action)
        if not building:
            yield action, step
        state = step.state


@pytest.mark.parametrize("seed,random_share", [(1, 0.0), (2, 0.0), (3, 0.5), (4, 0.5), (5, 1.0)])
def test_every_step_a_seat_takes_in_play_has_a_line_for_the_table(seed, random_share):
    """Issue 18: "Every roll ... says what it was for and how it ended" and a reaction window
    "waits silently" no more; a pass, a twin laser's second shot declined, a warp drive not used,
    the cards of a launch done and a card kept from the advanced weapon system each post a line."""
    silent, kinds = [], set()
    for action, step in walk(seed, random_share):
        kinds.add(action.kind)
        for loc in LOCALES:
            lines = public_lines(step, loc)
            if not lines:
                silent.append(f"{action.code()} {loc}")
            assert not [line for line in lines if "{" in line or "fleet." in line], lines
    assert not silent, silent[:10]
    assert "pass" in kinds


@pytest.mark.parametrize("loc,line", [("en", "B does not answer the launch."), ("zh-CN", "B 不回应这次出动。")])
def test_a_bot_passing_a_launch_window_says_so(loc, line):
    """RULES.md 5: with a ship card in hand, the opponent's launch opens a window (甲板炸弹); B
    holds an EMP only, so the bot can but pass, and the table reads that it did. The open window
    is said on the status line while it waits (findings16: the channel read "may answer the launch
    (with a deck bomb)" and then "passes automatically: nothing to answer with", every launch)."""
    s = game()
    give(s, 1, "emp")
    step = act(s, 0, "launch a1 zack L2")
    assert s.pending and s.pending[0].kind == "react" and s.pending[0].seat == 1
    window = t(loc, "fleet.window", name="B", trigger=t(loc, "fleet.window_for.launch"))
    assert window in GAME.text.summary(ENGINE.view(s, None), loc).splitlines()
    assert not [x for x in public_lines(step, loc) if window in x]
    action = GAME.bot_action(s, 1, random.Random(1))
    assert action.kind == "pass"
    step = ENGINE.apply(s, 1, action)
    assert public_lines(step, loc) == [line]
    assert window not in GAME.text.summary(ENGINE.view(s, None), loc)


@pytest.mark.parametrize("loc,line", [("en", "A takes no second shot with the twin laser."),
                                      ("zh-CN", "A 不用双管镭射炮进行第二发射击。")])
def test_a_second_twin_laser_shot_declined_says_so(loc, line):
    """RULES.md 6 双管镭射炮: "首发命中后可 `second T` 攻击另一个目标"; declining it is a step too."""
    s = game(mains0="twin_laser")
    put(s, "b1", "C3")
    s.sides[0].ship.energy = 1
    dice(s, 1, 20)  # hits, not evaded
    act(s, 0, "fire twin_laser ship")
    assert s.pending[0].kind == "twin"
    step = act(s, 0, "pass")
    assert public_lines(step, loc)[0] == line


@pytest.mark.parametrize("loc,line", [("en", "A does not use the warp drive of URA-01A Sword (prototype) #1."),
                                      ("zh-CN", "A 不使用 URA-01A 利剑（试做型） #1 的曲率推进装置。")])
def test_a_warp_drive_not_used_says_so(loc, line):
    """RULES.md 8 利剑: "回合结束时本回合未攻击则可 `warp` 再移动一次"; passing it is said."""
    s = game()
    put(s, "a1", "C2")
    act(s, 0, "order a1")
    act(s, 0, "move a1 C3")
    act(s, 0, "end")
    assert s.pending and s.pending[0].kind == "warp"
    step = act(s, 0, "pass")
    assert public_lines(step, loc)[0] == line


@pytest.mark.parametrize("loc,line", [("en", "A is done attaching cards to URA-01A Sword (prototype) #1."),
                                      ("zh-CN", "A 为 URA-01A 利剑（试做型） #1 附加副武器完毕。")])
def test_the_cards_of_a_launch_done_is_said(loc, line):
    s = game()
    give(s, 0, "smoke")
    act(s, 0, "launch a1 zack L2")
    assert s.pending[0].kind == "attach"
    step = act(s, 0, "go")
    assert public_lines(step, loc) == [line]


@pytest.mark.parametrize("loc,line", [
    ("en", "A takes a card into the hand, of the 3 cards seen; the rest are shuffled back."),
    ("zh-CN", "A 从看到的 3 张牌中拿一张入手，其余洗回牌库。")])
def test_a_card_kept_from_the_advanced_weapon_system_is_said_but_not_named(loc, line):
    """RULES.md 11 高级武器系统: "看战舰副武器库顶 3 张，选 1 张，其余洗回"; the table reads that
    A kept one, never which (the card goes to A alone)."""
    s = game()
    s.sides[0].ship.energy = 1
    give(s, 0, "adv_weapons")
    act(s, 0, f"play {s.sides[0].hand[0].id}")
    assert s.pending[0].kind == "pick"
    kept = s.pending[0].data["cards"][0]
    name = next(c.card for c in s.sides[0].ship_pile if c.id == kept)
    step = act(s, 0, f"pick {kept}")
    assert public_lines(step, loc) == [line]
    private = [e for e in step.events if e.to is not None]
    assert private and all(e.to == [0] or e.to == 0 for e in private)
    assert name not in " ".join(public_lines(step, loc)) and kept not in str([e.params for e in step.events
                                                                             if e.to is None])


# ------------------------------------------------------------------ 2. no choice that does nothing

def pointless(seeds, preset: str) -> dict[str, int]:
    """The bot's choices that can do nothing, over seeded games of the bot against itself with
    `preset` in both seats: a grenade with no enemy mech in its zone, a link charge on a mech that
    makes no attack before the charge lapses (our next turn), an EMP on a zone whose every enemy
    mech an earlier one still holds for its 2 turns."""
    found = {"grenade": 0, "charger": 0, "emp": 0}
    old = bot.PRESET
    bot.PRESET = preset
    try:
        for seed in seeds:
            rng = random.Random(seed)
            state = ENGINE.setup([Seat(index=0, name="A"), Seat(index=1, name="B")], ENGINE.parse_options({}),
                                 seed).state
            charged: list[tuple[str, tuple[int, int]]] = []  # (mech, the turn it was charged in)
            while ENGINE.outcome(state) is None:
                seat = sorted(ENGINE.active_seats(state))[0]
                a = GAME.bot_action(state, seat, rng)
                enemy = [m for m in state.sides[1 - seat].mechs if m.status == "field"]
                if a.kind == "use":
                    m = mech(state, a.mech)
                    if next(c.card for c in m.cards if c.id == a.card) == "grenade" and not any(
                            e.zone == m.zone for e in enemy):
                        found["grenade"] += 1
                if a.kind == "play" and next(c.card for c in state.sides[seat].hand if c.id == a.card) == "emp" \
                        and all(e.stun >= 2 for e in enemy if e.zone == a.target):
                    found["emp"] += 1
                turn = (state.round, state.turn)
                if a.kind == "attack" and a.weapon == "charger":
                    charged.append((a.target, turn))
                state = ENGINE.apply(state, seat, a).state
                if a.kind == "attack" and a.weapon not in ("charger", "repair_drone"):
                    charged = [(uid, at) for uid, at in charged if uid != a.mech]
                now = (state.round, state.turn)
                found["charger"] += sum(1 for _, at in charged if at != now)
                charged = [(uid, at) for uid, at in charged if at == now]
    finally:
        bot.PRESET = old
    return found


@pytest.mark.parametrize("preset", ["carrier", "bastion", "steel"])
def test_over_20_seeded_games_the_bot_makes_no_choice_that_does_nothing(preset):
    """Before: 24 grenades at empty zones and 22 wasted charges (carrier, the bot's own fleet), 23
    and 34 (bastion), 17 grenades and 2 EMPs on stunned mechs (steel)."""
    assert pointless(range(20), preset) == {"grenade": 0, "charger": 0, "emp": 0}


def test_the_bot_keeps_a_grenade_while_no_enemy_mech_shares_the_zone():
    """RULES.md 11 破片手雷: "同区域敌方战甲各 2"; with none there it does nothing."""
    s = game(mechs0="sword", mechs1="sword")
    put(s, "a1", "L3"), put(s, "b1", "R3")
    grenade = give(s, 0, "grenade")
    mech(s, "a1").cards.append(s.sides[0].hand.pop())
    ENGINE.invalidate(s)
    assert any(a.kind == "use" for a in ENGINE.legal_actions(s, 0))  # legal, and pointless
    choice = GAME.bot_action(s, 0, random.Random(3))
    assert not (choice.kind == "use" and choice.card == grenade)
    mech(s, "b1").zone = "L3"
    ENGINE.invalidate(s)
    choice = GAME.bot_action(s, 0, random.Random(3))
    assert choice.kind == "use" and choice.card == grenade


def test_the_bot_does_not_smoke_a_mech_already_in_smoke():
    """RULES.md 11 烟幕弹: "回避 +5 至我方下回合", a bonus a mech has or has not: a second one adds
    nothing (the console playtest's bot used two in a row on one sword)."""
    s = game(mechs0="sword", mechs1="sword", ap=1)
    put(s, "a1", "R3"), put(s, "b1", "R4")
    for _ in range(2):
        give(s, 0, "smoke")
        mech(s, "a1").cards.append(s.sides[0].hand.pop())
    ENGINE.invalidate(s)
    first = GAME.bot_action(s, 0, random.Random(2))
    assert first.kind == "use"  # the bot smokes a mech at 1 action point left
    ENGINE.apply(s, 0, first)
    second = GAME.bot_action(s, 0, random.Random(2))
    assert second.kind != "use", second


def test_the_bot_charges_only_a_mech_that_can_still_attack_this_turn():
    """RULES.md 8 八咫镜 连携充能器: "友军伤害 ×2 至其下一个我方回合开始"; a charge on a mech that
    has acted lapses unused, so the kagami attacks itself."""
    s = game(mechs0="kagami,hammer", mechs1="sword", pil0="zack,hans")
    put(s, "a1", "C3", "zack"), put(s, "a2", "C3", "hans"), put(s, "b1", "C3")
    act(s, 0, "operate")
    choice = GAME.bot_action(s, 0, random.Random(1))
    assert (choice.kind, choice.mech, choice.weapon, choice.target) == ("attack", "a1", "charger", "a2")
    mech(s, "a2").acts = 0  # the hammer has acted
    ENGINE.invalidate(s)
    choice = GAME.bot_action(s, 0, random.Random(1))
    assert not (choice.kind == "attack" and choice.weapon == "charger")


# ------------------------------------------------------------------ 3. the picture's key

def lowest_ink(png: bytes) -> int:
    """How far above the picture's bottom edge its lowest drawn pixel lies."""
    img = Image.open(io.BytesIO(png)).convert("RGB")
    w, h = img.size
    px = img.load()
    for y in range(h - 1, -1, -1):
        if any(px[x, y] != BG for x in range(0, w, 2)):
            return h - 1 - y
    return h


@pytest.mark.parametrize("loc", LOCALES)
def test_the_key_under_the_picture_has_no_empty_row(loc):
    """While the fleets are built the key has the zones' two rows only (no players' row): the
    picture ends under them (it had a third, empty row); in play, under the players' row."""
    building = ENGINE.setup([Seat(index=0, name="A"), Seat(index=1, name="B")], ENGINE.parse_options({}), 3).state
    playing = game()
    put(playing, "a1", "C2")
    for s in (building, playing):
        gap = lowest_ink(GAME.render(ENGINE.view(s, None), loc))
        assert gap < MARGIN + LEGEND_ROW // 2, gap  # the last row's swatch and words, then the margin


# ------------------------------------------------------------------ 4. the menus' terms

def test_an_attack_choice_names_the_terms_of_its_roll_lines():
    """A targeting module on the attacker and smoke on the target (RULES.md 11: 瞄准模块 "命中 +5",
    烟幕弹 "回避 +5"): the choice reads each number with the terms its roll's line gives."""
    s = game(mechs0="hammer", mechs1="sword")
    put(s, "a1", "C3"), put(s, "b1", "C3")
    mech(s, "a1").targeting = True
    mech(s, "a1").acts = 1
    mech(s, "b1").smoke = True
    ENGINE.invalidate(s)
    action = ENGINE.parse_action("attack a1 mech_rifle b1")
    # two rolls, the attacker's and the target's (findings17: "≤ 5 命中，≤ 5 被回避" read as one roll);
    # the English with every term is past 100 characters: the evade terms go (as below)
    expected = {"en": "50% to land: your d20 ≤ 20 hits (hit 15 + Targeting module 5), their d20 ≤ 10 evades",
                "zh-CN": "命中率 50%：我方 d20 ≤ 20 命中（命中 15 + 瞄准模块 5），对方 d20 ≤ 10 回避（回避 5 + 烟幕或掩体 5）"}
    for loc in LOCALES:
        assert GAME.text.action_facts(s, 0, action, loc) == expected[loc]
    odds = attack_odds(ENGINE, s, 0, "a1", "mech_rifle", "b1")
    dice(s, 20, 11)  # hits on 20, not evaded on 11
    step = act(s, 0, "attack a1 mech_rifle b1")
    hit, evade = [e.params for e in step.events if e.key == "core.roll"][:2]
    assert [tuple(x) for x in hit["terms"]] == list(odds.hit_terms)
    assert [tuple(x) for x in evade["terms"]] == list(odds.evade_terms)


def test_a_long_choice_drops_the_weapon_s_name_then_the_evade_terms_to_fit_an_option():
    """The heavy vulcan's 4 shots at a mech in smoke: with every term the line is 128 characters
    (Discord cuts past 100); the weapon's modifier keeps its number without the weapon's name, and
    the evade number stands alone."""
    s = game(mechs1="sword")
    put(s, "b1", "C3")
    mech(s, "b1").smoke = True
    ENGINE.invalidate(s)
    action = ENGINE.parse_action("fire heavy_vulcan b1")
    assert GAME.text.action_facts(s, 0, action, "en") == \
        "4 shots, each 25% to land: your d20 ≤ 10 hits (hit 15 − against a mech 5), their d20 ≤ 10 evades"
    # Chinese fits whole
    assert GAME.text.action_facts(s, 0, action, "zh-CN") == \
        "4 次射击，每次命中率 25%：我方 d20 ≤ 10 命中（命中 15 − 重型舰装火神炮攻击战甲 5），对方 d20 ≤ 10 回避（回避 5 + 烟幕或掩体 5）"


def test_every_attack_choice_s_terms_are_its_roll_s_within_an_option_s_description():
    """Over seeded games: every attack choice's description fits 100 characters in both languages,
    and carries the hit terms the rules roll against (where they are more than the base and fit)."""
    shown = 0
    for action, step in walk(11, 0.3):
        state = step.state
        for seat in ENGINE.active_seats(state):
            for a in ENGINE.legal_actions(state, seat):
                if a.kind not in ("attack", "fire"):
                    continue
                odds = attack_odds(ENGINE, state, seat, "ship" if a.kind == "fire" else a.mech, a.weapon, a.target)
                for loc in LOCALES:
                    text = GAME.text.action_facts(state, seat, a, loc)
                    assert len(text) <= OPTION_TEXT, text
                    if odds is not None and len(odds.hit_terms) > 1 and \
                            terms_text(odds.hit_terms, loc, weapons=False) in text:
                        shown += 1
    assert shown > 20


# ------------------------------------------------------------------ 5. the launch menu's talents

@pytest.mark.parametrize("loc", LOCALES)
def test_the_launch_menu_says_what_each_pilot_s_talent_does(loc):
    """RULES.md 9: each pilot's talent (Hans Zimmers 血腥死神：近战伤害 +1 ...). The menu's pilot
    step names each pilot with it, and each launch choice says it under the choice."""
    s = game(mechs0="sword,hammer", pil0="hans,zack,jack")
    pilots = {o.value: o.label for o in build_menu(GAME, s, 1, 0, ["launch", "a1"], loc).options}
    assert set(pilots) == {"hans", "zack", "jack"}
    for pid, talent in (("hans", "reaper"), ("zack", "awaken"), ("jack", "bail_out")):
        assert t(loc, f"fleet.talent.{talent}") in pilots[pid], pilots
    for option in build_menu(GAME, s, 1, 0, ["launch", "a1", "zack"], loc).options:
        assert option.description == t(loc, "fleet.talent.awaken")


# ------------------------------------------------------------------ findings16 (clickplay16's playtest)

@pytest.mark.parametrize("loc,line", [
    ("en", "B's URA-01A Sword (prototype) #2 takes 2 damage: Siege energy laser 10, −8 with no energy spent "
           "(siege laser) (health 2)."),
    ("zh-CN", "B 的 URA-01A 利剑（试做型） #2 受到 2 点伤害：破城聚能镭射炮 10、未消耗能量 −8（破城聚能镭射炮）（生命 2）。")])
def test_a_damage_line_s_terms_start_from_the_weapon_s_damage(loc, line):
    """RULES.md 6 破城聚能镭射炮: "10；消耗全部能量，每点 +5；无能量 −8（=2）". The line read "takes 2
    damage: −8 with no energy spent": a sum with no first term."""
    s = game(mains0="siege_laser")
    put(s, "b1", "C3")
    dice(s, 1, 20, 100)  # hits, not evaded, the red armour does not halve
    step = act(s, 0, "fire siege_laser b1")
    while s.pending:
        step = act(s, s.pending[0].seat, "pass")
    damage = [(e.key, e.params) for e in step.events if e.key == "fleet.damage"]
    assert GAME.text.event_lines(s, damage, loc) == [line]


@pytest.mark.parametrize("loc,when", [("en", "You may use it when an attack of yours has rolled, before its damage lands."),
                                      ("zh-CN", "在你的攻击判定之后、伤害结算之前可用。")])
def test_a_captain_skill_s_dm_says_when_it_is_offered(loc, when):
    """RULES.md 10 精准打击: "我方攻击判定结束时" — the DM came at a turn's start and no menu showed
    the skill until an attack had rolled; it now says when."""
    s = game()
    s.sides[0].captain = "aaron"
    s.sides[0].ship_damage = 100  # 30% of the enemy ship's health dealt: the condition is met
    ENGINE.invalidate(s)
    step = act(s, 0, "draw mech")
    ready = [(e.key, e.params) for e in step.events if e.key == "fleet.skill.ready"]
    assert ready and all(e.to == [0] for e in step.events if e.key == "fleet.skill.ready")
    assert GAME.text.event_lines(s, ready, loc)[0].endswith(when)


@pytest.mark.parametrize("loc", LOCALES)
def test_the_start_names_no_command_alone_that_one_surface_lacks(loc):
    """Issue 18: errors and posts point only to commands that exist where the user is; Discord has
    no /menu (its way is /act or the "Choose my move" button), the console has no button: the menu's
    command is a reference that each surface renders as its own (bot/commandref.py)."""
    from bot.commandref import SURFACE

    for surface, own, other in (("console", "/menu", "/act"), ("discord", "/act", "/menu")):
        token = SURFACE.set(surface)
        try:
            said = t(loc, "fleet.start")
        finally:
            SURFACE.reset(token)
        if loc == "en":
            assert own in said and other not in said, said
        assert {"en": "Choose my move", "zh-CN": "选择我的行动"}[loc] in said


@pytest.mark.parametrize("loc,count,facts", [
    ("en", "Sub-weapon cards chosen: ship 1/10 · mech 0/10.", "ship sub-weapon · ship cards chosen 1/10 · this card 1/2"),
    ("zh-CN", "已选副武器卡：战舰 1/10 · 战甲 0/10。", "战舰副武器 · 已选战舰副武器 1/10 · 此卡 1/2")])
def test_building_the_deck_counts_each_half_and_each_card_says_its_half(loc, count, facts):
    """RULES.md 2: "副武器库 20 张：10 战舰 + 10 战甲，同名最多 2 张". After every card the DM repeated
    the step's words (20 alike); now it counts, and each card in the menu says which half it fills."""
    s = ENGINE.setup([Seat(index=0, name="A"), Seat(index=1, name="B")], ENGINE.parse_options({}), 3).state
    for code in ("ship bull", "main heavy_vulcan", "done", "mech sword", "done", "captain tim", "pilot zack", "done"):
        ENGINE.apply(s, 0, ENGINE.parse_action(code))
    step = ENGINE.apply(s, 0, ENGINE.parse_action("card emp"))
    told = [(e.key, e.params) for e in step.events if e.to is not None]
    assert GAME.text.event_lines(s, told, loc) == [count]
    options = {o.value: o.description for o in build_menu(GAME, s, 1, 0, ["card"], loc).options}
    assert options["emp"] == facts


@pytest.mark.parametrize("loc,tim", [("en", "evade an attack, then immune this turn · send an attack to any other unit"),
                                     ("zh-CN", "动若脱兔：闪避一次攻击，本回合免疫攻击 · 借刀杀人：把攻击转给场上任意其他单位")])
def test_each_captain_choice_says_what_its_skills_do_and_a_step_s_dm_comes_once(loc, tim):
    """RULES.md 10: Tim Wall 动若脱兔 (闪避，本回合免疫攻击), 借刀杀人 (把该次攻击转到任意其他单位).
    The captain step named the skills only; and after every main weapon, mech and pilot picked the
    same "Next: …" DM came again: it now comes when the step changes."""
    s = ENGINE.setup([Seat(index=0, name="A"), Seat(index=1, name="B")], ENGINE.parse_options({}), 3).state
    told = []
    for code in ("ship bull", "main heavy_vulcan", "main flak", "main railgun", "mech sword", "done"):
        step = ENGINE.apply(s, 0, ENGINE.parse_action(code))
        told.append([e.key for e in step.events if e.to is not None])
    assert told == [["fleet.build.step"], [], [], ["fleet.build.step"], [], ["fleet.build.step"]]
    options = {o.value: o.description for o in build_menu(GAME, s, 1, 0, ["captain"], loc).options}
    assert options["tim"] == tim
    assert all(len(d) <= OPTION_TEXT for d in options.values())


@pytest.mark.parametrize("loc,why", [("en", "no forward move: an enemy mech shares this zone (a booster passes it)"),
                                     ("zh-CN", "不能向前：本区域有敌方战甲（助推器可以无视）")])
def test_the_moves_of_a_mech_held_by_an_enemy_mech_say_why_none_goes_forward(loc, why):
    """RULES.md 4: "所在区域有敌方战甲时不能向前"; the menu left the forward move out unsaid."""
    s = game(mechs0="sword", mechs1="sword")
    put(s, "a1", "C3"), put(s, "b1", "C3")
    act(s, 0, "order a1")
    moves = build_menu(GAME, s, 1, 0, ["move", "a1"], loc).options
    assert "C4" not in {o.value for o in moves} and all(o.description == why for o in moves)
    mech(s, "b1").zone = "L3"
    ENGINE.invalidate(s)
    moves = build_menu(GAME, s, 1, 0, ["move", "a1"], loc).options
    assert "C4" in {o.value for o in moves} and not any(o.description == why for o in moves)


def test_a_mech_carrying_cards_within_a_booster_s_reach_of_the_ship_row_is_a_threat():
    """findings16: raid and boosters won against the bot by round 2 or 3 (RULES.md 11 助推器: "移到
    相邻区域（可无视前进限制）"). Each face-down card may be a booster, a step no blocker stops: the
    bot counts it when it weighs which enemy mechs threaten its ship row, and shoots those first."""
    s = game(mechs0="sword", mechs1="sword")
    s.conditions = ["raid"]
    put(s, "a1", "L2")  # three rows from B's ship row: two orders and the warp reach L5
    sword = mech(s, "a1")
    assert bot._threat(s, 0, sword)
    s.sides[0].mechs[0].model = "hammer"  # no warp drive: two orders reach L4 only
    assert not bot._threat(s, 0, sword)
    give(s, 0, "booster")
    sword.cards.append(s.sides[0].hand.pop())
    assert bot._threat(s, 0, sword)
