"""A ship in the table's lines is a word of the reader's language, and whose it is (issue 18,
"Names, never ids"; second newcomer playtest): a zh-CN table read "机器人1 的 ship 受到 6 点伤害"
and "alice：ship 用 重型舰装火神炮 攻击 ship。" — the engine's token for a ship, untranslated,
and in an attack nobody could tell whose ship fired at whose."""
from __future__ import annotations

import re

import pytest

from games.core.engine import Seat
from games.fleet import ENGINE, GAME
from games.fleet.state import Preset
from tests.bot_games import bot_steps

PRESETS = ("raider", "bastion", "carrier", "steel")


class _EachFleet:
    """The heuristic bot, building the ready-made fleets in turn (by seed and seat): the bot
    itself always takes the carrier, and these tests scan the events of every fleet (a twin
    laser's second shot, Tim Wall's redirect, Aaron Thompson's transfer)."""

    def __init__(self, seed: int):
        self.seed = seed

    def bot_action(self, state, seat, rng):
        if state.phase == "build" and state.sides[seat].build.stage == "ship":
            return Preset(name=PRESETS[(self.seed + seat) % len(PRESETS)])
        return GAME.bot_action(state, seat, rng)


def bot_game(seed: int, options: dict[str, str] | None = None):
    """The heuristic bot in both seats of a seeded game: each step, as played, to the end."""
    return bot_steps(ENGINE, _EachFleet(seed), seed, options)


def test_ships_in_attacks_and_damage_read_as_words_with_their_owner():
    seen = {"fleet.attack": 0, "fleet.damage": 0}
    bad = []
    for step in bot_game(5):
        state = step.state
        for e in step.events:
            if e.to is not None or e.key not in seen or "ship" not in (e.params.get("unit"), e.params.get("target")):
                continue
            seen[e.key] += 1
            zh, en = (GAME.text.event_lines(state, [(e.key, e.params)], loc)[0] for loc in ("zh-CN", "en"))
            if re.search(r"[A-Za-z]*ship", zh):
                bad.append(zh)
            if e.key == "fleet.attack":
                attacker = e.params["name"]
                other = "P1" if attacker == "P0" else "P0"
                if e.params["unit"] == "ship" and f"{attacker}'s ship" not in en:
                    bad.append(en)
                if e.params["target"] == "ship" and f"{other}'s ship" not in en:
                    bad.append(en)
                # once, as whose the attacker is ("alice: alice's ship attacks …", English playtest)
                if en.count(attacker) != 1 or zh.count(attacker) != 1:
                    bad.append(en + " / " + zh)
    assert all(seen.values()), seen
    assert not bad, "\n".join(bad[:10])


def test_building_steps_point_to_the_menu_choice_that_ends_them():
    """"下一步：选择主武器（完成后 done）": `done` is the code, which a player clicking the menu
    never sees; the step names the choice as the menu shows it ("完成这一步")."""
    from games.core.i18n import t

    for loc in ("en", "zh-CN"):
        done = t(loc, "fleet.act.done")
        for stage in ("main", "mech", "pilot"):
            text = t(loc, f"fleet.stage.{stage}")
            assert done in text and not re.search(r"\bdone\b", text), text


def test_a_roll_against_a_ship_names_the_defender_s_ship_even_as_the_game_ends():
    """The last shot of a game read "alice rolls to hit …, against alice's ship" (her own): the
    ship was named by the phase, and the game was already over when the line was written."""
    checked = 0
    for step in bot_game(5):
        state = step.state
        rolls = [(e.key, e.params) for e in step.events if e.key == "core.roll"]
        for key, params in rolls:
            what = str(params.get("what"))
            if params.get("target") != "ship" or not what.endswith((".hit", ".evade")):
                continue
            roller = params["who"]
            attacker = roller if what.endswith(".hit") else ("P1" if roller == "P0" else "P0")
            defender = "P1" if attacker == "P0" else "P0"
            for over in (False, True):  # as the step left it, and as if the game had just ended
                shown = state if not over else _over(state)
                line = GAME.text.event_lines(shown, [(key, params)], "en")[0]
                # the evade roll is the defender's own, for its ship ("Bot 1 rolls to evade …,
                # against Bot 1's ship" read as if it evaded its own ship; English playtest)
                word = "against" if what.endswith(".hit") else "for"
                assert f"{word} {defender}'s ship" in line, line
                checked += 1
    assert checked


def _over(state):
    copy = ENGINE.load_state(ENGINE.dump_state(state))
    copy.phase = "over"
    return copy


def test_redirects_and_second_shots_name_the_ship_never_the_token():
    """The English playtest: "The attack is redirected to enemy_ship." (the rules' token) and
    "Twin laser: second shot at ship." (whose?). A redirect is the defender's skill: its
    `enemy_ship` is the attacker's ship, its `ship` the defender's own; a second shot's `ship`
    is the shooter's enemy's."""
    from games.core.i18n import t

    wanted = {("fleet.redirected", "enemy_ship"): "fleet.label.attacker_ship",
              ("fleet.redirected", "ship"): "fleet.label.defender_ship",
              ("fleet.twin_second", "ship"): "fleet.label.enemy_ship"}
    seen = set()
    for seed in range(1, 100):  # a second twin-laser shot at a ship: seed 98 since the bot weighs boosters (fleet16)
        for step in bot_game(seed):
            state = step.state
            for e in step.events:
                case = (e.key, e.params.get("target"))
                if case not in wanted:
                    continue
                seen.add(case)
                for loc in ("en", "zh-CN"):
                    line = GAME.text.event_lines(state, [(e.key, e.params)], loc)[0]
                    assert t(loc, wanted[case]) in line and not re.search(r"enemy_ship|(?:to|at) ship\.", line), line
        if len(seen) == 2:
            break
    assert seen == {("fleet.redirected", "enemy_ship"), ("fleet.twin_second", "ship")}, seen
    # the bots never turn an attack onto their own ship; the rules allow it
    line = GAME.text.event_lines(state, [("fleet.redirected", {"target": "ship"})], "en")[0]
    assert line == "The attack is redirected to the defender's own ship.", line


def test_a_captain_s_skill_names_the_captain_once():
    """"Bot 1's captain Captain Tim Wall uses Borrowed Knife": every captain's name says it.
    At a zh-CN table (third newcomer playtest): "机器人1 的舰长 Captain-Adam Green 使用 军势" —
    舰长 and then the English word, the rule document's spelling of the name; and the menu's
    "舰长：Captain-Adam Green"."""
    from games.fleet.present import D
    from games.fleet.state import FleetState

    state = ENGINE.setup([Seat(index=0, name="P0"), Seat(index=1, name="P1")], ENGINE.parse_options({}), 1).state
    assert isinstance(state, FleetState)
    for key, captain in D.captains.items():
        event = ("fleet.skill.used", {"name": "P0", "captain": dict(captain.name), "skill": "S", "text": "T"})
        for loc in ("en", "zh-CN"):
            lines = [GAME.text.event_lines(state, [event], loc)[0],
                     GAME.text.describe_action(state, 0, ENGINE.parse_action(f"captain {key}"), loc)]
            for line in lines:
                assert len(re.findall(r"captain|舰长", line, re.IGNORECASE)) == 1, line


def test_the_board_says_whose_turn_it_is_not_that_the_turn_player_acts_during_a_reaction():
    """The English playtest's picture said "To act: alice" in its banner (alice may react to an
    attack) and "Bot 1 to act" in its panel (Bot 1's turn). The panel names whose turn it is."""
    checked = 0
    for step in bot_game(3):
        state = step.state
        active = sorted(ENGINE.active_seats(state))
        view = ENGINE.view(state, active[0] if active else None)
        if state.phase == "play" and active and active != [view["turn"]]:  # someone answers out of turn
            turn = state.names[view["turn"]]
            for loc, says in (("en", f"{turn}'s turn"), ("zh-CN", f"{turn} 的回合")):
                head = GAME.text.summary(view, loc).splitlines()[0]
                assert says in head and "to act" not in head, head
            checked += 1
    assert checked


def test_a_game_counted_after_its_last_round_ends_in_that_round():
    """Issue 18: "a round counter never reads past its maximum". The rules count the arms race
    (or the hard cap's tie-break) once the last round is over, after moving to the next round:
    the playtest's final board read "Round 31 · game over" and its picture "Round 31 · Bot 1 to
    act" with cap_round 30."""
    counted = 0
    for seed in range(1, 12):
        state = [step.state for step in bot_game(seed, {"arms_round": "3", "cap_round": "4"})][-1]
        last = 3 if "arms" in state.conditions else 4
        if state.round <= last:  # ended within the rounds (a ship raided, a fleet destroyed)
            continue
        counted += 1
        for loc, head in (("en", f"Round {last} · game over"), ("zh-CN", f"第 {last} 回合 · 游戏结束")):
            lines = GAME.text.summary(ENGINE.view(state, None), loc).splitlines()
            assert any(line.startswith(head) for line in lines), lines
    assert counted


def test_captain_skills_in_the_menus_name_their_weapons_and_mechs():
    """Issue 18, "Names, never ids": the English playtest's menus could offer "Captain skill
    Tooth for a Tooth a4" (a mech's id) and "Captain skill South-to-North flak railgun" (weapon
    keys)."""
    from games.fleet.present import D

    named = set()
    for seed in range(1, 30):
        for step in bot_game(seed):
            state = step.state
            for seat in ENGINE.active_seats(state):
                for action in ENGINE.legal_actions(state, seat):
                    if action.kind != "skill" or not (action.a or action.b):
                        continue
                    named.add(action.name)
                    for loc in ("en", "zh-CN"):
                        label = GAME.text.describe_action(state, seat, action, loc)
                        assert not re.search(r"\b[ab]\d\b", label), label  # a mech by its label
                        for arg in (action.a, action.b):  # a weapon by its name
                            assert arg not in D.mains or D.mains[arg].name[loc] in label, label
                        assert " ".join(x for x in (action.a, action.b) if x) not in label, label
        if {"revenge", "transfer"} <= named:
            break
    assert {"revenge", "transfer"} <= named, named


def test_an_attack_with_several_shots_says_how_many_before_its_rolls():
    """Third newcomer playtest: "alice's ship attacks Bot 1's ship with Heavy ship vulcan."
    followed by four "rolls to hit" lines, and nothing said the weapon fires four shots (rule
    doc: 重型舰装火神炮 … 攻击次数 4). The attack line now names the shots ("Heavy ship vulcan
    (4 shots)", zh "重型舰装火神炮（4 发）") whenever a weapon fires more than one, and they are
    the hit rolls that follow it."""
    from games.fleet.data import DATA

    shots_of = {tuple(sorted(w.name.items())): w.shots for w in DATA().weapon_table.values()}
    multi = single = 0
    for seed in range(1, 9):
        for step in bot_game(seed):
            public = [(e.key, e.params) for e in step.events if e.to is None]
            for i, (key, params) in enumerate(public):
                if key != "fleet.attack" or "weapon" not in params:
                    continue
                shots = shots_of[tuple(sorted(params["weapon"].items()))]
                en, zh = (GAME.text.event_lines(step.state, [(key, params)], loc)[0] for loc in ("en", "zh-CN"))
                if shots == 1:
                    single += 1
                    assert "shots)" not in en and " 发）" not in zh, (en, zh)
                    continue
                multi += 1
                assert f"({shots} shots)" in en and f"（{shots} 发）" in zh, (en, zh)
                rest = public[i + 1:]
                end = next((j for j, (k, _) in enumerate(rest) if k == "fleet.attack"), len(rest))
                hits = [p for k, p in rest[:end] if k == "core.roll" and p.get("what") == "@fleet.roll.hit"]
                assert len(hits) >= shots, (en, hits)  # one per shot (a joint boost may add one)
        if multi >= 3:
            break
    assert multi and single, (multi, single)


def test_a_support_weapon_used_on_one_s_own_mech_is_not_an_attack():
    """Third newcomer playtest: "Bot 1's UBT1-T1 Kagami attacks URA-00 Vampire (prototype) #1
    with Link charger." — its own mech, charged (rule doc: 连携充能器 gives a friendly mech double
    damage). A support weapon's line says supports (支援); every other weapon's says attacks."""
    from games.fleet.data import DATA

    weapons = {tuple(sorted(w.name.items())): w for w in DATA().weapon_table.values()}
    seen = {True: 0, False: 0}
    for seed in range(1, 9):
        for step in bot_game(seed):
            for e in step.events:
                if e.to is not None or e.key != "fleet.attack":
                    continue
                support = weapons[tuple(sorted(e.params["weapon"].items()))].support
                seen[support] += 1
                en, zh = (GAME.text.event_lines(step.state, [(e.key, e.params)], loc)[0] for loc in ("en", "zh-CN"))
                assert ((" supports " in en) == support and (" attacks " in en) != support
                        and ("支援" in zh) == support and ("攻击" in zh) != support), (en, zh)
        if all(seen.values()):
            break
    assert all(seen.values()), seen


def test_damage_shared_by_the_link_shield_and_the_red_armour_roll_say_why_and_for_whom():
    """Third newcomer playtest: "Bot 1's UBT1-T1 Kagami takes 1 damage (health 2)." right after
    alice's Hammer attacked the Magatama, and "🎲 Bot 1 rolls red armour: 31 = **31**, needs ≤ 30:
    **full damage**" (whose armour?). Rules (seed 004): "**战术链接护盾**：同一格友方战甲同时具有该
    特性时，则该战机受到伤害由其共同承担。伤害计算公式（承受伤害=伤害/战机数）"; "**异色外装甲（红）**：
    受到的镭射属性伤害 30% 概率减半"."""
    from tests.fleet.helpers import act, clear_hands, dice, fleet, mech, my_turn, new_game, put

    s = new_game(fleet("bull", "heavy_vulcan", "hammer", "tim", "zack"),
                 fleet("hummingbird", "heavy_vulcan", "magatama,kagami", "tim", "zack,hans"), seed=7)
    clear_hands(s)
    my_turn(s, 0, ap=4)
    put(s, "a1", "C3"), put(s, "b1", "C3", "zack"), put(s, "b2", "C3", "hans")
    mech(s, "a1").acts = 1
    dice(s, 1, 20, 51)  # the Hammer's saber hits the Magatama for 4: hit, not evaded, no joint boost
    step = act(s, 0, "attack a1 saber b1")
    damage = [(e.key, e.params) for e in step.events if e.key == "fleet.damage"]
    assert [p["unit"] for _, p in damage] == ["b1", "b2"] and mech(s, "b2").hp == mech(s, "b2").max_hp - 2
    en = GAME.text.event_lines(s, damage, "en")
    zh = GAME.text.event_lines(s, damage, "zh-CN")
    magatama, kagami = (mech_label(s, uid, "en") for uid in ("b1", "b2"))
    assert en[0].endswith(f"{magatama} takes 2 damage (health 1): the tactical link shield shares out the 4 damage "
                          "dealt to it."), en
    assert en[1].endswith(f"{kagami} takes 2 damage (health 1): the tactical link shield shares out the 4 damage "
                          f"dealt to {magatama}."), en
    assert zh[1].endswith(f"（生命 1）：战术链接护盾分担了 {mech_label(s, 'b1', 'zh-CN')} 受到的 4 点伤害。"), zh

    # the Hummingbird's Sword (red armour) hit by a laser: the roll names the mech it protects
    s = new_game(fleet("bull", "heavy_vulcan", "hammer", "tim", "zack"),
                 fleet("hummingbird", "heavy_vulcan", "sword", "tim", "zack"), seed=7)
    clear_hands(s)
    my_turn(s, 0, ap=4)
    put(s, "a1", "C3"), put(s, "b1", "C3")
    mech(s, "a1").acts = 1
    dice(s, 1, 20, 51, 31)  # the saber hits for 4 (hit, not evaded, no joint boost), red armour 31 > 30: full damage
    step = act(s, 0, "attack a1 saber b1")
    armour = [(e.key, e.params) for e in step.events if e.key == "core.roll" and "red_armor" in e.params["what"]]
    assert len(armour) == 1
    sword = mech_label(s, "b1", "en")
    assert GAME.text.event_lines(s, armour, "en") == [
        f"🎲 B rolls red armour against a laser hit: 31 = **31**, for {sword}: needs ≤ 30 (chance 30): **full damage**"]
    assert GAME.text.event_lines(s, armour, "zh-CN") == [
        f"🎲 B 掷 异色外装甲（对镭射伤害）：31 = **31**，为 {mech_label(s, 'b1', 'zh-CN')}：需要 ≤ 30（几率 30）：**全额伤害**"]


def mech_label(state, uid, locale):
    from games.fleet.present import mech_labels
    return mech_labels(state.sides, locale)[uid]


def test_the_second_hit_and_evade_rolls_of_crisis_sense_and_hyper_sight_say_why():
    """Fourth newcomer playtest: "🎲 Bot 1 rolls to hit: 16 = **16**, against URA-00 Vampire
    (prototype) #1: needs ≤ 16: **hit**" then "🎲 Bot 1 rolls to hit: 18 … **miss**" and no damage:
    two rolls for one shot, the second unexplained (the pilot's reveal had been posts earlier).
    Rules (seed 004): "**危机超感**：当所驾驶战甲不满血时，敌方单位攻击需要进行两次命中判定，两次都成功
    才算命中"; "**视限超感**：攻击敌方不满血战甲时，敌方需进行两次回避判定，两次均成功才算回避"."""
    from tests.fleet.helpers import act, clear_hands, dice, fleet, mech, my_turn, new_game, put

    s = new_game(fleet("bull", "heavy_vulcan", "longbow", "tim", "linus"),
                 fleet("bull", "heavy_vulcan", "kagami", "tim", "snow"), seed=11)
    clear_hands(s)
    my_turn(s, 0, ap=4)
    put(s, "a1", "C2", "linus"), put(s, "b1", "C4", "snow")
    mech(s, "a1").acts = 1
    mech(s, "b1").hp -= 1  # damaged: both pilots' talents apply
    dice(s, 1, 2, 3, 20)  # hit, hit again, evaded once, not the second time
    step = act(s, 0, "attack a1 sniper b1")
    rolls = [(e.key, e.params) for e in step.events if e.key == "core.roll"]
    assert [p["what"] for _, p in rolls] == ["@fleet.roll.hit", "@fleet.roll.hit_again", "@fleet.roll.evade",
                                             "@fleet.roll.evade_again"]
    kagami = mech_label(s, "b1", "en")
    assert GAME.text.event_lines(s, rolls, "en")[1:] == [
        f"🎲 A rolls to hit a second time (Crisis Sense: a damaged mech must be hit twice): 2 = **2**, against "
        f"{kagami}: needs ≤ 18 (hit 15 + Aim-assist AI 3): **hit twice**",
        f"🎲 B rolls to evade: 3 = **3**, for {kagami}: needs ≤ 7 (evade 7): **evaded**",
        f"🎲 B rolls to evade a second time (Hyper Sight: a damaged mech must evade twice): 20 = **20**, for "
        f"{kagami}: needs ≤ 7 (evade 7): **not evaded**"]
    zh = GAME.text.event_lines(s, rolls, "zh-CN")
    assert zh[1].startswith("🎲 A 掷 第二次命中判定（危机超感：不满血的战甲需两次命中）：2 = **2**") and "**两次均命中**" in zh[1]
    assert zh[3].startswith("🎲 B 掷 第二次回避判定（视限超感：不满血的战甲需两次回避）：20 = **20**，为 ") \
        and zh[3].endswith("**回避失败**"), zh


@pytest.mark.parametrize("locale,names", [
    ("zh-CN", {"tim": "蒂姆·沃尔", "aaron": "亚伦·汤普森", "adam": "亚当·格林", "tom": "汤姆·斯蒂尔"}),
    ("en", {"tim": "Tim Wall", "aaron": "Aaron Thompson", "adam": "Adam Green", "tom": "Tom Steel"})])
def test_a_captain_is_shown_by_the_name_the_reader_s_language_gives_it_wherever_it_is_shown(locale, names):
    """Issue 18: a zh-CN table read "Captain-Tim Wall" (the rule document's spelling, which the
    data keep) in the fleet-loaded line, and "Tim Wall" in Latin letters elsewhere. RULES.md 10
    (ruling): a zh-CN table shows the name transliterated, an English one without "Captain":
    the captain's menu choice, the menu's name for its key, the skill line and the loaded fleet."""
    from games.fleet.present import D

    state = ENGINE.setup([Seat(index=0, name="P0"), Seat(index=1, name="P1")], ENGINE.parse_options({}), 1).state
    tokens = GAME.text.token_names(state, 0, locale)
    for key, name in names.items():
        assert D.captains[key].name["zh-CN"].startswith("Captain-")  # the data keep the document's spelling
        used = ("fleet.skill.used", {"name": "P0", "captain": dict(D.captains[key].name), "skill": "S", "text": "T"})
        shown = [GAME.text.describe_action(state, 0, ENGINE.parse_action(f"captain {key}"), locale), tokens[key],
                 GAME.text.event_lines(state, [used], locale)[0]]
        assert all(name in line and "Captain-" not in line for line in shown), shown
    for preset in D.presets.values():  # the ready-made fleets' loaded lines
        line = GAME.text.event_lines(state, [("fleet.build.loaded", {"code": preset.code})], locale)[0]
        assert any(name in line for name in names.values()) and "Captain" not in line, line


@pytest.mark.parametrize("locale,names", [
    ("zh-CN", {"hans": "汉斯·齐默斯", "zack": "扎克斯·菲尔", "snow": "约翰·斯诺"}),
    ("en", {"hans": "Hans Zimmers", "zack": "Zack Fair", "snow": "John Snow"})])
def test_a_pilot_is_shown_by_the_name_the_reader_s_language_gives_it(locale, names):
    """The same class as the captains': the console playtest's zh-CN menus read "驾驶员 Hans
    Zimmers" in Latin letters (the data keep the document's spelling in both columns). RULES.md 9
    (ruling): a zh-CN table shows the pilots transliterated: the building and launch choices, the
    menu's name for the key and the reveal line."""
    from games.fleet.present import D

    state = ENGINE.setup([Seat(index=0, name="P0"), Seat(index=1, name="P1")], ENGINE.parse_options({}), 1).state
    tokens = GAME.text.token_names(state, 0, locale)
    for key, name in names.items():
        assert D.pilots[key].name["zh-CN"] == D.pilots[key].name["en"]  # the data keep the document's spelling
        revealed = ("fleet.pilot.revealed", {"mech": "a1", "pilot": dict(D.pilots[key].name),
                                             "talent": f"@fleet.talent.{D.pilots[key].talent}"})
        shown = [GAME.text.describe_action(state, 0, ENGINE.parse_action(f"pilot {key}"), locale), tokens[key],
                 GAME.text.event_lines(state, [revealed], locale)[0]]
        assert all(name in line for line in shown), shown
        if locale == "zh-CN":
            assert not any(D.pilots[key].name["en"] in line for line in shown), shown
