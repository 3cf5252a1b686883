"""A hit that comes to nothing says what took it (issue 18, fourth newcomer playtest: "alice's
URA-01B Hammer (prototype) #1 takes 0 damage (health 4)." right after red armour halved a 1-point
laser hit, and in the bots' games mostly after an ion storm took a laser's only point)."""
from __future__ import annotations

import re

from games.fleet import GAME
from tests.fleet.helpers import act, clear_hands, dice, fleet, mech, my_turn, new_game, put
from tests.fleet.test_event_names import bot_game, mech_label


def _damage_lines(step, locale):
    return GAME.text.event_lines(step.state, [(e.key, e.params) for e in step.events if e.key == "fleet.damage"],
                                 locale)


def test_red_armour_halving_a_one_point_laser_hit_says_so():
    """Rules (seed 004): "**异色外装甲（红）**：受到的镭射属性伤害 30% 概率减半" (rounded down: 1 -> 0)."""
    s = new_game(fleet("bull", "heavy_vulcan", "longbow", "tim", "linus"),
                 fleet("hummingbird", "heavy_vulcan", "sword", "tim", "zack"), seed=7)
    clear_hands(s)
    my_turn(s, 0, ap=4)
    put(s, "a1", "C2"), put(s, "b1", "C3")
    mech(s, "a1").acts = 1
    dice(s, 1, 20, 30)  # the laser pistol hits, not evaded, red armour 30 <= 30: halved
    step = act(s, 0, "attack a1 pistol b1")
    sword = mech_label(s, "b1", "en")
    assert _damage_lines(step, "en") == [f"B's {sword} takes 0 damage (health 4): red armour halved the 1-point "
                                         "laser hit to nothing."]
    assert _damage_lines(step, "zh-CN") == [f"B 的 {mech_label(s, 'b1', 'zh-CN')} 受到 0 点伤害（生命 4）："
                                            "异色外装甲将这 1 点镭射伤害减半为零。"]


def test_the_boost_shield_halving_a_one_point_hit_says_so():
    """Rules: "蛮牛 bull …：聚能增压护盾（有能量时受到伤害 ×0.5 向下取整）"."""
    s = new_game(fleet("bull", "heavy_vulcan", "longbow", "tim", "linus"),
                 fleet("bull", "heavy_vulcan", "sword", "tim", "zack"), seed=7)
    clear_hands(s)
    my_turn(s, 0, ap=4)
    put(s, "a1", "C4")
    mech(s, "a1").acts = 1
    s.sides[1].ship.energy = 2
    dice(s, 1, 20)  # the laser pistol hits the ship, not evaded
    step = act(s, 0, "attack a1 pistol ship")
    assert _damage_lines(step, "en")[0].endswith("takes 0 damage (health 25): the boost shield halved the 1-point "
                                                 "hit to nothing."), _damage_lines(step, "en")
    assert _damage_lines(step, "zh-CN")[0].endswith("：聚能增压护盾将这 1 点伤害减半为零。")


def test_a_parried_laser_saber_says_so():
    """Rules: "重锤 hammer …：镭射光剑（近战，0，4；目标也有近战武器时 70% 无伤害）"."""
    s = new_game(fleet("bull", "heavy_vulcan", "hammer", "tim", "zack"),
                 fleet("bull", "heavy_vulcan", "hammer", "tim", "zack"), seed=7)
    clear_hands(s)
    my_turn(s, 0, ap=4)
    put(s, "a1", "C3"), put(s, "b1", "C3")
    mech(s, "a1").acts = 1
    dice(s, 1, 20, 70, 51)  # the saber hits, not evaded, 70 <= 70: no damage; no joint boost
    step = act(s, 0, "attack a1 saber b1")
    assert _damage_lines(step, "en")[0].endswith("takes 0 damage (health 4): the target's melee weapon parried the "
                                                 "laser saber."), _damage_lines(step, "en")
    assert _damage_lines(step, "zh-CN")[0].endswith("：目标的近战武器格挡了镭射光剑。")


def test_every_damage_of_nothing_in_the_bots_games_says_why():
    """The bots' games: an ion storm ("离子风暴 ion_storm（镭射伤害 −1）") takes a 1-point laser hit,
    red armour halves one to nothing. Each such line says what took the hit, in both languages."""
    whys, bare = set(), []
    for seed in range(15):  # red armour's first nothing: seed 14 since the bot weighs boosters (fleet16)
        for step in bot_game(seed):
            for e in step.events:
                if e.key != "fleet.damage" or e.params["dmg"] != 0:
                    continue
                whys.add(e.params.get("nothing"))
                for loc in ("en", "zh-CN"):
                    line = GAME.text.event_lines(step.state, [(e.key, e.params)], loc)[0]
                    if re.search(r"(\(health \d+\)\.|（生命 \d+）。)$", line):
                        bare.append(line)
    assert {"ion_storm", "red_armor"} <= whys, whys
    assert not bare, "\n".join(bare[:10])
