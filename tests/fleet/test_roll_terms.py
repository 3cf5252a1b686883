"""Every roll line says what its target adds up from (issue 18: "Every roll a game makes says what it
was for and how it ended: target number, each modifier, the dice, hit or miss"). A newcomer read
"needs ≤ 11" for a mech whose evade is 7: the 4 was its pilot's Awakening, shown nowhere. Rules
(RULES.md 5): "命中：d20 ≤ 攻击方命中；回避：d20 ≤ 被攻击方回避"; the modifiers are the mechs', pilots',
cards', weapons' and weather's (games/fleet/aim.py)."""
from __future__ import annotations

import random
import re
from collections import Counter

from games.core import Seat
from games.fleet import ENGINE, GAME
from tests.fleet.helpers import act, clear_hands, dice, fleet, mech, my_turn, new_game, put

# "needs ≤ 11 (evade 7 + Awakening 4): **evaded**" / "需要 ≤ 11（回避 7 + 觉醒 4）：**回避成功**"
NEED = {"en": re.compile(r"needs ≤ (-?\d+)(?: \((.*)\))?: \*\*"), "zh-CN": re.compile(r"需要 ≤ (-?\d+)(?:（(.*)）)?：\*\*")}


def shown_terms(line: str, locale: str) -> tuple[int, list[tuple[str, int]]] | None:
    """The number a roll line says it needs and the terms it shows, as (label, signed value)."""
    m = NEED[locale].search(line)
    if m is None:
        return None
    parts = re.split(r" ([+−]) ", m.group(2) or "")
    terms = []
    for i in range(0, len(parts), 2):
        label, value = re.fullmatch(r"(.*\S) (-?\d+)", parts[i]).groups()
        sign = -1 if i and parts[i - 1] == "−" else 1
        terms.append((label, sign * int(value)))
    return int(m.group(1)), terms


def _roll_lines(state, events, locale):
    rolls = [(e.key, e.params) for e in events if e.key == "core.roll"]
    return GAME.text.event_lines(state, rolls, locale) if rolls else []


def test_every_roll_line_in_random_games_adds_up_from_the_terms_it_shows():
    """The class of the newcomer's finding, over random playouts in both languages: a roll line
    that shows a target it needs shows the base and every modifier, and they sum to the target.
    Random choices among the legal actions (40 seeds) reach the fog, tracer marks, smoke, the
    Hummingbird's armour and more; the test asserts they were reached, so it cannot pass empty."""
    kinds: Counter = Counter()
    checked = 0
    for seed in range(1, 41):
        rnd = random.Random(seed)
        seats = [Seat(index=i, name=f"P{i + 1}", is_bot=True) for i in range(2)]
        state = ENGINE.setup(seats, ENGINE.parse_options({}), seed).state
        for _ in range(20_000):
            if ENGINE.outcome(state) is not None:
                break
            seat = rnd.choice(ENGINE.active_seats(state))
            legal = ENGINE.legal_actions(state, seat)
            step = ENGINE.apply(state, seat, legal[rnd.randrange(len(legal))])
            state = step.state
            for e in step.events:
                if e.key == "core.roll" and "terms" in e.params:
                    kinds.update(str(k).split(".")[0] for k, _ in e.params["terms"])
            for loc in ("en", "zh-CN"):
                for line in _roll_lines(state, step.events, loc):
                    if "≤" not in line:  # who goes first: the higher die, no target
                        continue
                    got = shown_terms(line, loc)
                    assert got is not None and got[1], line  # a target is never shown without its terms
                    need, terms = got
                    assert need == sum(v for _, v in terms), line
                    checked += 1
    assert checked > 1000, checked
    assert {"hit", "evade", "vs_mech", "vs_ship", "fog", "awaken", "marks", "split_armor", "smoke", "aim_ai",
            "targeting"} <= set(kinds), kinds


def test_an_awakened_pilot_evades_on_evade_plus_four_and_the_line_says_so():
    """The newcomer's roll: "Zack Fair 觉醒：我方战舰不满血时命中、回避 +4" (RULES.md 9). A Magatama
    (evade 7) flown by Zack, its ship damaged, in smoke ("烟幕弹 smoke 回避 +5 至我方下回合")
    evades on 16 = 7 + 5 + 4; the attacking Longbow two zones away hits on 15 + 3 ("射击辅助AI：
    距离 2 命中 +3") + 5 ("瞄准模块 targeting 本回合命中 +5") − 3 in fog ("浓雾 fog（命中 −3）")."""
    def scene():
        s = new_game(fleet("bull", "heavy_vulcan", "longbow", "tim", "hans"),
                     fleet("bull", "heavy_vulcan", "magatama", "tim", "zack"), seed=5)
        clear_hands(s)
        my_turn(s, 0, ap=4)
        put(s, "a1", "C2", "hans"), put(s, "b1", "C4", "zack")
        mech(s, "a1").acts, mech(s, "a1").targeting = 1, True
        mech(s, "b1").smoke = True
        s.sides[1].ship.hp -= 1
        s.weather = "fog"
        return s

    s = scene()
    dice(s, 1, 16)  # hit; 16 ≤ 7 + 5 + 4: evaded
    step = act(s, 0, "attack a1 sniper b1")
    en, zh = _roll_lines(s, step.events, "en"), _roll_lines(s, step.events, "zh-CN")
    assert en[0].endswith("needs ≤ 20 (hit 15 + Targeting module 5 + Aim-assist AI 3 − fog 3): **hit**"), en
    assert zh[0].endswith("需要 ≤ 20（命中 15 + 瞄准模块 5 + 射击辅助AI 3 − 浓雾 3）：**命中**"), zh
    assert en[1].endswith("needs ≤ 16 (evade 7 + smoke or cover 5 + Awakening 4): **evaded**"), en
    assert zh[1].endswith("需要 ≤ 16（回避 7 + 烟幕或掩体 5 + 觉醒 4）：**回避成功**"), zh

    s = scene()
    dice(s, 1, 17)  # hit; 17 > 16: not evaded
    step = act(s, 0, "attack a1 sniper b1")
    assert _roll_lines(s, step.events, "en")[1].endswith(
        "needs ≤ 16 (evade 7 + smoke or cover 5 + Awakening 4): **not evaded**")


def test_a_weapon_that_hits_mechs_worse_says_so_and_a_trait_roll_shows_its_chance():
    """"重型舰装火神炮 heavy_vulcan：4 发，全图，4×2；攻击战甲命中 −5" (RULES.md 6): the ship's hit 15
    against a mech reads "hit 15 − Heavy … against a mech 5"; "关节增压系统：近战命中后 50% 再进行一次
    近战攻击" (RULES.md 8) reads "needs ≤ 50 (chance 50)"."""
    s = new_game(fleet("bull", "heavy_vulcan", "hammer", "tim", "hans"),
                 fleet("bull", "heavy_vulcan", "magatama", "tim", "hans"), seed=5)
    clear_hands(s)
    my_turn(s, 0, ap=4)
    put(s, "b1", "C4", "hans")
    dice(s, 20, 20, 20, 20)
    step = act(s, 0, "fire heavy_vulcan b1")
    en, zh = _roll_lines(s, step.events, "en"), _roll_lines(s, step.events, "zh-CN")
    assert len(en) == 4 and all(line.endswith("needs ≤ 10 (hit 15 − Heavy ship vulcan against a mech 5): **miss**")
                                for line in en), en
    assert all(line.endswith("需要 ≤ 10（命中 15 − 重型舰装火神炮攻击战甲 5）：**未命中**") for line in zh), zh

    my_turn(s, 0, ap=4)
    put(s, "a1", "C4", "hans")
    mech(s, "a1").acts = 1
    dice(s, 1, 20, 50, 20)  # the saber hits, not evaded; joint booster 50 ≤ 50: one more blow, which misses
    step = act(s, 0, "attack a1 saber b1")
    en, zh = _roll_lines(s, step.events, "en"), _roll_lines(s, step.events, "zh-CN")
    assert en[2].endswith("needs ≤ 50 (chance 50): **another melee attack**"), en
    assert "需要 ≤ 50（几率 50）" in zh[2], zh
