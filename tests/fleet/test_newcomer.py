"""What a newcomer playing Fleet & Mech from the README met at the console (issue 18, newcomer6)."""
from __future__ import annotations

import random
import re

import pytest

from games.core import Seat
from games.fleet import ENGINE, GAME

ZONE = re.compile(r"[LCR]\d")


def test_a_card_s_zone_or_target_follows_an_arrow():
    """The menu read "URA-01B Hammer (prototype) #1 uses Booster R3": a zone dangling after the
    card's name. A card played or used on a zone or a mech names it after a word ("on R3",
    "on UBT1-T1 Kagami #2", zh "于 R3"), in both languages, never as an id."""
    seen = set()
    for seed in range(1, 7):
        rnd = random.Random(seed)
        st = ENGINE.setup([Seat(index=0, name="P0"), Seat(index=1, name="P1")], ENGINE.parse_options({}), seed).state
        for _ in range(400):
            if ENGINE.outcome(st) is not None:
                break
            seat = ENGINE.active_seats(st)[0]
            legal = ENGINE.legal_actions(st, seat)
            for a in legal:
                if a.kind in ("use", "play") and getattr(a, "target", None) not in (None, "-"):
                    for loc in ("en", "zh-CN"):
                        label = GAME.text.describe_action(st, seat, a, loc)
                        shown = a.target if ZONE.fullmatch(a.target) else "mech or ship"
                        aim = " on " if loc == "en" else " 于 "
                        assert aim in label and a.target not in label.split(aim)[0], label
                        if shown != a.target:  # a mech or ship: by name, not its id
                            assert not re.search(rf"\b{re.escape(a.target)}\b", label), label
                        seen.add((a.kind, shown))
            st = ENGINE.apply(st, seat, rnd.choice(legal)).state
    # these seeds reach Booster's zone (`use`) and the EMP grenade's (`play`), on zones only
    assert {kind for kind, _ in seen} == {"use", "play"}, seen


def test_texts_read_at_the_table_do_not_say_our():
    """zh-CN playtest (newcomer6): bob read "机器人1 的舰长 Adam Green 使用 军势：我方场上全体战甲回复
    3 点生命值。" — 我方 ("our side") reads as the reader's side, not the bot's. The captain skills,
    sub-weapons and talents shown in table posts say whose side in the third person (本方, "the
    captain's own", "its owner's")."""
    from games.core.i18n import _catalogs, t

    assert t("zh-CN", "fleet.skill.rally.text") == "本方场上全体战甲回复 3 点生命值。"
    assert t("en", "fleet.skill.rally.text") == "all the captain's own mechs on the field recover 3 health."
    public = ("fleet.skill.", "fleet.sub.", "fleet.card.", "fleet.talent.", "fleet.support.", "fleet.trait.")
    for loc, word in (("zh-CN", "我方"), ("en", re.compile(r"\bour\b"))):
        said = [k for k, v in _catalogs[loc].items() if k.startswith(public)
                and (word in v if isinstance(word, str) else word.search(v))]
        assert not said, (loc, said)


def _lines(s, step, keep):
    from games.fleet import GAME

    events = [(e.key, e.params) for e in step.events if keep(e)]
    return GAME.text.event_lines(s, events, "en"), GAME.text.event_lines(s, events, "zh-CN")


def _labels(s, uid):
    from games.fleet.present import mech_labels

    return mech_labels(s.sides, "en")[uid], mech_labels(s.sides, "zh-CN")[uid]


def test_a_damage_line_after_several_strikes_names_the_strike_that_hit():
    """A newcomer read "to hit: 20 miss / red armour against a laser hit / takes 4 damage", as if
    the miss had dealt the damage. The rules roll every strike first and land the damage after the
    reaction windows (RULES.md 5: "一次攻击的所有判定结束后，先开放反应窗口……再结算伤害"; seed 004:
    captain skills are used "命中闪避判定均结束时"), so the order stays and the lines are numbered:
    each roll of an attack with several strikes, and each damage line, name the strike."""
    from tests.fleet.helpers import act, clear_hands, dice, fleet, mech, my_turn, new_game, put

    # 关节增压系统 "近战命中后 50% 再进行一次近战攻击": the saber hits, the extra blow misses
    s = new_game(fleet("bull", "heavy_vulcan", "hammer", "tim", "zack"),
                 fleet("hummingbird", "heavy_vulcan", "sword", "tim", "zack"), seed=7)
    clear_hands(s)
    my_turn(s, 0, ap=4)
    put(s, "a1", "C3"), put(s, "b1", "C3")
    mech(s, "a1").acts = 1
    dice(s, 1, 20, 50, 20, 31)  # hit, not evaded; joint boost 50: one more blow; it misses; red armour 31: full
    step = act(s, 0, "attack a1 saber b1")
    en, zh = _lines(s, step, lambda e: e.to is None and e.key != "fleet.attack")
    sword, sword_zh = _labels(s, "b1")
    # newcomer7a: strike 1 is numbered too once the booster gives a second blow (it read "to hit" and
    # "joint booster" unnumbered, then "to hit (strike 2)" and "damage from strike 1")
    assert en == [
        f"🎲 A rolls to hit (strike 1): 1 = **1**, against {sword}: needs ≤ 15 (hit 15): **hit**",
        f"🎲 B rolls to evade (strike 1): 20 = **20**, for {sword}: needs ≤ 5 (evade 5): **not evaded**",
        "🎲 A rolls joint booster (strike 1): 50 = **50**, needs ≤ 50 (chance 50): **another melee attack**",
        f"🎲 A rolls to hit (strike 2): 20 = **20**, against {sword}: needs ≤ 15 (hit 15): **miss**",
        f"🎲 B rolls red armour against a laser hit (strike 1): 31 = **31**, for {sword}: needs ≤ 30 (chance 30): **full damage**",
        f"B's {sword} takes 4 damage from strike 1 (health 0).",
        f"{sword} is shot down!",
    ], en
    assert zh[0] == f"🎲 A 掷 命中判定（第 1 击）：1 = **1**，对 {sword_zh}：需要 ≤ 15（命中 15）：**命中**", zh
    assert zh[3] == f"🎲 A 掷 命中判定（第 2 击）：20 = **20**，对 {sword_zh}：需要 ≤ 15（命中 15）：**未命中**", zh
    assert zh[4].startswith("🎲 B 掷 异色外装甲（对镭射伤害）（第 1 击）：31 = **31**"), zh
    assert zh[5] == f"B 的 {sword_zh} 受到第 1 击的 4 点伤害（生命 0）。", zh

    # 重型舰装火神炮 4×2: strikes 1 and 3 hit, 2 and 4 miss; each damage line names its strike
    s = new_game(fleet("bull", "heavy_vulcan", "hammer", "tim", "zack"),
                 fleet("bull", "heavy_vulcan", "hammer", "tim", "zack"), seed=7)
    clear_hands(s)
    my_turn(s, 0, ap=4)
    dice(s, 1, 20, 20, 1, 20, 20)
    step = act(s, 0, "fire heavy_vulcan ship")
    en, zh = _lines(s, step, lambda e: e.key in ("core.roll", "fleet.damage"))
    assert [line.split(":")[0] for line in en] == [
        "🎲 A rolls to hit (strike 1)", "🎲 B rolls to evade (strike 1)", "🎲 A rolls to hit (strike 2)",
        "🎲 A rolls to hit (strike 3)", "🎲 B rolls to evade (strike 3)", "🎲 A rolls to hit (strike 4)",
        "B's ship takes 2 damage from strike 1 (health 23).", "B's ship takes 2 damage from strike 3 (health 21)."], en
    assert zh[-1] == "B 的战舰 受到第 3 击的 2 点伤害（生命 21）。", zh


def test_a_single_strike_reads_as_before():
    """One roll, one damage line: nothing to tell apart, so no strike number."""
    from tests.fleet.helpers import act, clear_hands, dice, fleet, my_turn, new_game

    s = new_game(fleet("bull", "railgun", "hammer", "tim", "zack"),
                 fleet("pegasus", "heavy_vulcan", "hammer", "tim", "zack"), seed=7)
    clear_hands(s)
    my_turn(s, 0, ap=4)
    dice(s, 1, 20)
    step = act(s, 0, "fire railgun ship")
    en, zh = _lines(s, step, lambda e: e.key in ("core.roll", "fleet.damage"))
    assert en[0].startswith("🎲 A rolls to hit: 1 = **1**") and en[-1] == "B's ship takes 15 damage (health 35).", en
    assert zh[-1] == "B 的战舰 受到 15 点伤害（生命 35）。", zh


def test_show_of_force_is_announced_once_never_as_usable_after_it_was_used():
    """The DM "Captain skill now usable: Show of Force" came after the table post "… uses Show of
    Force": the host posts a step's table lines first and its DMs after (bot/host/core.py
    `_posts`), and 军势 is used the moment it is gained (RULES.md 10: "场上我方战甲 ≥3 时自动：全体
    回复 3"). A skill used at once is never "now usable": the table post says it all."""
    from tests.fleet.helpers import act, clear_hands, fleet, mech, my_turn, new_game, put

    s = new_game(fleet("bull", "heat_ray", "sword,hammer,longbow", "adam", "zack,hans,jack"),
                 fleet("bull", "heat_ray", "sword"), seed=7)
    clear_hands(s)
    my_turn(s, 0, ap=4)
    put(s, "a1", "C2"), put(s, "a2", "C2"), put(s, "a3", "L2")
    mech(s, "a1").hp = 1
    step = act(s, 0, "draw mech")
    used = [e for e in step.events if e.key == "fleet.skill.used"]
    assert [e.params["skill"] for e in used] == ["@fleet.skill.rally.name"] and mech(s, "a1").hp == 4
    assert not [e for e in step.events if e.key == "fleet.skill.ready"], step.events
    assert "rally" in s.sides[0].used


def test_the_arms_race_count_says_what_it_counts():
    """zh playtest: "军备竞赛统计：bob 15 —— 机器人1 46" decided a game and nothing said what was
    counted. RULES.md 3: "军备竞赛 arms：第 20 回合结束时……战舰 + 场上战甲血量之和较多者胜；相等为平局";
    the count line and the result say so in both languages."""
    from games.fleet import GAME
    from tests.fleet.helpers import act, clear_hands, fleet, my_turn, new_game, put

    s = new_game(fleet(mechs="hammer"), fleet(), goals=("arms", "raid"), seed=7)
    clear_hands(s)
    my_turn(s, 0, ap=2)
    s.round, s.first = 20, 0
    s.sides[1].ship.hp = 20
    put(s, "a1", "C2")  # a Hammer (health 4) on the field counts, B's Sword in the hangar does not
    act(s, 0, "end")
    step = act(s, 1, "end")
    shown = [(e.key, e.params) for e in step.events if e.key in ("fleet.arms_count", "fleet.win.arms")]
    assert [k for k, _ in shown] == ["fleet.arms_count", "fleet.win.arms"]
    assert GAME.text.event_lines(s, shown, "en") == [
        "Arms race count, ship health plus the health of mechs on the field: A 29 — B 20.",
        "A wins the arms race, ship health plus the health of mechs on the field: 29 to 20."]
    assert GAME.text.event_lines(s, shown, "zh-CN") == [
        "军备竞赛统计（战舰生命 + 场上战甲生命之和）：A 29 —— B 20。",
        "A 赢得军备竞赛（战舰生命 + 场上战甲生命之和）：29 比 20。"]

    # without the arms race the round limit uses the same count: level, a draw
    s = new_game(fleet(), fleet(), goals=("raid", "raid"), seed=7)
    clear_hands(s)
    my_turn(s, 0, ap=2)
    s.round, s.first = 30, 0
    act(s, 0, "end")
    step = act(s, 1, "end")
    shown = [(e.key, e.params) for e in step.events if e.key.startswith("fleet.win")]
    assert GAME.text.event_lines(s, shown, "en") == [
        "The arms-race count, ship health plus the health of mechs on the field, is level at 25: a draw."]
    assert GAME.text.event_lines(s, shown, "zh-CN") == ["军备竞赛统计（战舰生命 + 场上战甲生命之和）持平（25）：平局。"]


def test_a_count_result_puts_the_winner_s_total_first():
    """Left from newcomer6 (issue 18): the result line put the first seat's total first whoever
    won: "B wins the arms race ...: 20 to 29" read as if B had less. RULES.md 3: "战舰 + 场上战甲
    血量之和较多者胜". The result and the final status (the outcome's parameters) say the winner's
    total first, and the round-limit result names who is ahead; the count line keeps seat order,
    each total beside its name."""
    from games.fleet import GAME
    from games.core.i18n import t
    from tests.fleet.helpers import act, clear_hands, fleet, my_turn, new_game, put

    for goals, reason in ((("arms", "raid"), "fleet.win.arms"), (("raid", "raid"), "fleet.win.cap")):
        s = new_game(fleet(), fleet(mechs="hammer"), goals=goals, seed=7)
        clear_hands(s)
        my_turn(s, 0, ap=2)
        s.round, s.first = (20 if reason == "fleet.win.arms" else 30), 0
        s.sides[0].ship.hp = 20
        put(s, "b1", "C2")  # B's Hammer (health 4) on the field counts: B 29, A 20
        act(s, 0, "end")
        step = act(s, 1, "end")
        shown = [(e.key, e.params) for e in step.events if e.key in ("fleet.arms_count", reason)]
        assert [k for k, _ in shown] == ["fleet.arms_count", reason]
        en = GAME.text.event_lines(s, shown, "en")
        zh = GAME.text.event_lines(s, shown, "zh-CN")
        assert en[0] == "Arms race count, ship health plus the health of mechs on the field: A 20 — B 29."
        if reason == "fleet.win.arms":
            assert en[1] == "B wins the arms race, ship health plus the health of mechs on the field: 29 to 20."
            assert zh[1] == "B 赢得军备竞赛（战舰生命 + 场上战甲生命之和）：29 比 20。"
        else:
            assert en[1] == ("Round limit reached: the arms-race count, ship health plus the health of mechs on "
                             "the field, decides: B is ahead, 29 to 20.")
            assert zh[1] == "达到回合上限：按军备竞赛统计（战舰生命 + 场上战甲生命之和）决定：B 领先，29 比 20。"
        out = ENGINE.outcome(s)
        assert out.winners == [1] and t("en", out.reason, **out.params) == en[1]


def test_a_booster_that_gives_no_second_blow_leaves_the_single_strike_unnumbered():
    """The other half of the joint booster (关节增压系统 "近战命中后 50% 再进行一次近战攻击"): when
    its roll fails the attack stays one strike, read as before, without numbers."""
    from tests.fleet.helpers import act, clear_hands, dice, fleet, mech, my_turn, new_game, put

    s = new_game(fleet("bull", "heavy_vulcan", "hammer", "tim", "zack"),
                 fleet("hummingbird", "heavy_vulcan", "sword", "tim", "zack"), seed=7)
    clear_hands(s)
    my_turn(s, 0, ap=4)
    put(s, "a1", "C3"), put(s, "b1", "C3")
    mech(s, "a1").acts = 1
    dice(s, 1, 20, 51, 31)  # hit, not evaded; joint boost 51: no second blow; red armour 31: full
    step = act(s, 0, "attack a1 saber b1")
    en, _ = _lines(s, step, lambda e: e.to is None and e.key != "fleet.attack")
    sword, _ = _labels(s, "b1")
    assert en[:3] == [
        f"🎲 A rolls to hit: 1 = **1**, against {sword}: needs ≤ 15 (hit 15): **hit**",
        f"🎲 B rolls to evade: 20 = **20**, for {sword}: needs ≤ 5 (evade 5): **not evaded**",
        "🎲 A rolls joint booster: 51 = **51**, needs ≤ 50 (chance 50): **no extra attack**"], en
    assert not any("strike" in line for line in en), en


def test_the_fleet_code_dm_names_what_the_fleet_holds():
    """newcomer6 and newcomer7a playtests: "Fleet loaded. Its fleet code, to keep it with /deck save
    fleet NAME CODE: bull/impact_flak,heavy_vulcan,twin_laser/hammer,sword,…/tom/snow,jack,linus/
    adv_weapons*1,emp*2,…": internal keys, in English in a zh-CN game too. The DM names the ship,
    weapons, mechs, captain, pilots and cards in the reader's language, then gives the code that
    /deck save takes (seed 7, the console table)."""
    import asyncio

    from bot.console import run_script
    from games.core.i18n import listed, t
    from games.fleet.data import DATA, parse_loadout

    data = DATA()
    for lang in ("en", "zh-CN"):
        out: list[str] = []
        lines = [f"alice: /lang {lang}", "alice: /game new fleet", "alice: /game bot", "alice: /game start",
                 "alice@dm: /play preset steel"]
        asyncio.run(run_script(lines, None, None, 7, write=out.append))
        (dm,) = [line for line in out if line.startswith("[dm alice]") and "/deck save fleet" in line]
        code = re.search(r"[a-z_]+(?:/[a-z_,*0-9]+){6}$", dm).group(0)
        lo = parse_loadout(code)
        assert lo.code() == code
        names = [data.ships[lo.ship].name[lang], t(lang, f"fleet.captain.{lo.captain}")]  # RULES.md 10
        names += [listed(lang, [data.mains[k].name[lang] for k in lo.mains]),
                  listed(lang, [data.mechs[k].name[lang] for k in lo.mechs]),
                  listed(lang, [t(lang, f"fleet.pilot_name.{k}") for k in lo.pilots])]  # RULES.md 9
        names += [data.subs[k].name[lang] + (f" ×{n}" if n > 1 else "") for k, n in {**lo.ship_cards, **lo.mech_cards}.items()]
        for name in names:
            assert name in dm, (name, dm)
        before_code = dm[: dm.index(code)]
        assert not re.search(r"\b(bull|snow|emp\*|tom)\b", before_code), dm


def test_a_blast_attack_says_it_reaches_the_zones_next_to_its_target():
    """newcomer7a playtest (seed 11): "alice's ship attacks R2 with Flak barrage." then "Bot 1's URA-01A
    Sword (prototype) #2 takes 2 damage" for a Sword standing at R3: the attack line did not say the
    blast reaches further. data/fleet.toml: flak "range 1 ... the AOE reaches the zones within 1 of it";
    RULES.md: "选择区域，该区域及相邻区域的敌方战甲直接受伤害". The attack line says so."""
    from tests.fleet.helpers import act, clear_hands, fleet, my_turn, new_game, put

    s = new_game(fleet("bull", "flak", "hammer", "tim", "zack"), fleet("bull", "heavy_vulcan", "sword", "tim", "zack"),
                 seed=7)
    clear_hands(s)
    my_turn(s, 0, ap=4)
    put(s, "b1", "C3")
    step = act(s, 0, "fire flak C2")
    shown = [(e.key, e.params) for e in step.events if e.key in ("fleet.attack", "fleet.damage")]
    assert [k for k, _ in shown] == ["fleet.attack", "fleet.damage"], step.events
    en, zh = GAME.text.event_lines(s, shown, "en"), GAME.text.event_lines(s, shown, "zh-CN")
    assert en[0] == "A's ship attacks C2 with Flak barrage (its blast also hits the zones next to C2).", en
    assert zh[0] == "A 的战舰 用 防空弹幕炮 攻击 C2（爆炸也波及 C2 的相邻区域）。", zh


def test_a_raid_says_what_won_it():
    """newcomer7a playtest: "URA-01A Sword (prototype) #2 moves to R1." then "Bot 1 raids the enemy ship."
    and the game was over, alice's ship untouched: nothing said what a raid is. RULES.md 3: "劫掠战舰
    raid：我方战甲进入敌方战舰区（敌方战舰行）/ a mech enters the enemy ship row". The result says so."""
    from tests.fleet.helpers import act, clear_hands, fleet, mech, my_turn, new_game, put

    s = new_game(fleet(), fleet(), goals=("raid", "raid"), seed=7)
    clear_hands(s)
    my_turn(s, 0, ap=2)
    put(s, "a1", "L4")
    mech(s, "a1").acts = 1
    step = act(s, 0, "move a1 L5")
    shown = [(e.key, e.params) for e in step.events if e.key == "fleet.win.raid"]
    assert GAME.text.event_lines(s, shown, "en") == [
        "A raids the enemy ship: one of A's mechs has entered the enemy ship row."]
    assert GAME.text.event_lines(s, shown, "zh-CN") == ["A 劫掠了敌方战舰：A 的战甲进入了敌方战舰行。"]


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
def test_every_fleet_building_choice_says_what_it_brings(locale):
    """Issue 18, "Names, never ids": menus show things by name "with the facts needed to choose".
    The console playtest's building menus read "Captain: Tom Steel", "Pilot: Hans Zimmers",
    "Victory condition: Arms race": nothing to choose by. Each choice now carries its numbers
    from the data (health, hit, evade; range, shots, damage, ammunition), a captain's skills, a
    pilot's talent, a card's effect, a goal's condition (RULES.md 3, the arms race at the table's
    round), within a menu option's 100 characters."""
    from games.core.i18n import t
    from games.fleet.present import D

    state = ENGINE.setup([Seat(index=0, name="P0"), Seat(index=1, name="P1")],
                         ENGINE.parse_options({"arms_round": "12"}), 1).state
    codes = [a.code() for a in ENGINE.legal_actions(state, 0)] + [f"{kind} {key}" for kind, table in (
        ("main", D.mains), ("mech", D.mechs), ("captain", D.captains), ("pilot", D.pilots), ("card", D.subs))
        for key in table] + ["victory raid", "victory annihilation", "victory arms"]
    for code in codes:
        kind, key = code.split()[:2]
        label = GAME.text.describe_action(state, 0, ENGINE.parse_action(code), locale)
        assert len(label) <= 100, label
        if kind in ("ship", "mech"):
            item = (D.ships if kind == "ship" else D.mechs)[key]
            assert all(f" {n}" in label for n in (item.hp, item.hit, item.evade)), label
        elif kind == "main":
            w = D.mains[key]
            assert all(f"{n} " in label for n in (w.shots, w.damage)) and (w.ammo is None or f" {w.ammo}" in label), label
        elif kind == "captain":
            assert all(t(locale, f"fleet.skill.{s}.name") in label for s in D.captains[key].skills), label
        elif kind == "pilot":
            assert t(locale, f"fleet.talent.{D.pilots[key].talent}") in label, label
        elif kind == "card":
            assert t(locale, f"fleet.sub.{key}").rstrip(".。") in label, label
        elif kind == "victory":
            assert t(locale, f"fleet.goal_text.{key}", round=12) in label, label
    assert "12" in GAME.text.describe_action(state, 0, ENGINE.parse_action("victory arms"), locale)


@pytest.mark.parametrize("locale,attach,done", [("en", "Attach Smoke canister to {mech}", "Done attaching cards to {mech}"),
                                                ("zh-CN", "为 {mech} 携带 烟幕弹", "{mech} 携带完毕")])
def test_the_cards_a_launched_mech_carries_are_offered_for_that_mech(locale, attach, done):
    """The console playtest's menu after a launch read "Attach Smoke canister" and "Launch now"
    (立即出击), though the mech had launched already (RULES.md 4: after a launch the mech may
    carry up to 2 mech sub-weapons). The choices name the mech the cards go with."""
    from tests.fleet.helpers import act, give
    from tests.fleet.test_cards_and_game import game

    s = game()
    give(s, 0, "smoke")
    act(s, 0, "launch a1 zack L2")
    assert s.pending and s.pending[0].kind == "attach"
    mech = GAME.text.token_names(s, 0, locale)["a1"].split(" @")[0].rsplit(" ", 1)[0]  # the label without health
    shown = {a.kind: GAME.text.describe_action(s, 0, a, locale) for a in ENGINE.legal_actions(s, 0)}
    assert shown == {"attach": attach.format(mech=mech), "go": done.format(mech=mech)}, shown


@pytest.mark.parametrize("locale,choice", [("en", "Move {mech} to {zone}"), ("zh-CN", "将 {mech} 移动到 {zone}")])
def test_a_move_choice_reads_as_a_choice_not_as_the_line_it_will_post(locale, choice):
    """The console playtest's menu offered "URA-01A Sword (prototype) #1 moves to R1.", word for
    word the line the move then posts; a choice is said in the imperative."""
    from games.core.i18n import t
    from tests.fleet.helpers import act, put
    from tests.fleet.test_cards_and_game import game

    s = game()
    put(s, "a1", "C2")
    act(s, 0, "order a1")
    moves = [a for a in ENGINE.legal_actions(s, 0) if a.kind == "move"]
    assert moves
    mech = GAME.text.event_params(s, "fleet.move", {"mech": "a1"}, locale)["mech"]
    for a in moves:
        shown = GAME.text.describe_action(s, 0, a, locale)
        assert shown == choice.format(mech=mech, zone=a.zone), shown
        assert shown != t(locale, "fleet.move", mech=mech, zone=a.zone).rstrip(".。")
