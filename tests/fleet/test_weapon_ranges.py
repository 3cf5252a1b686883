"""Every weapon's range against its card in seed 004 (4.1 主武器, 4.2 战甲), read by 1.3 战斗结算:
「攻击范围为 0 的武器只能攻击同一区域的目标,为 1 的武器只能攻击需要移动一次才能到达的区域的目标。」
A single number is an exact distance, "a-b" a span, 全图 the whole map."""
import re

import pytest

from games.core import RuleError
from games.fleet.data import DATA
from tests.fleet.helpers import act, clear_hands, dice, fleet, mech, my_turn, new_game, put

# 攻击范围 as printed on each card of the seed ("攻击范围 / 攻击次数 / 单次伤害"), by the data's ids
CARD_RANGES = {
    "heavy_vulcan": "全图",  # 重型舰装火神炮
    "tracer_vulcan": "全图",  # 曳光火神炮
    "flak": "1，AOE1",  # 防空弹幕炮
    "impact_flak": "1，AOE1",  # 冲击防空火炮
    "railgun": "全图",  # 破城电磁弹射炮
    "heat_ray": "全图",  # 集束热能射线
    "siege_laser": "全图",  # 破城聚能镭射炮
    "twin_laser": "全图",  # 双管镭射炮
    "vampire.claw": "0-2",  # 电击钩爪
    "vampire.laser_gun": "0-1",  # 聚能镭射枪
    "sword.assault_rifle": "0-1",  # 突击镭射步枪
    "hammer.saber": "0",  # 镭射光剑
    "hammer.mech_rifle": "0-1",  # 战甲步枪
    "longbow.sniper": "2",  # 电磁狙击枪
    "longbow.pistol": "0-1",  # 镭射手枪
    "kagami.charger": "0",  # 连携充能器
    "kagami.pistol": "0-1",
    "tsurugi.nano_blade": "0",  # 纳米切割刀
    "tsurugi.pistol": "0-1",
    "magatama.repair_drone": "0-1",  # 战甲修理无人机
    "magatama.pistol": "0-1",
}


def card_range(text: str) -> tuple[tuple[int, int], int]:
    """(min, max) distance with -1 for the whole map, and the AOE, from a card's 攻击范围."""
    aoe = re.search(r"AOE\s*(\d+)", text)
    reach = re.split(r"[，,]", text)[0].strip()
    if reach == "全图":
        span = (0, -1)
    elif "-" in reach:
        lo, hi = reach.split("-")
        span = (int(lo), int(hi))
    else:
        span = (int(reach), int(reach))  # one number: exactly that many moves
    return span, int(aoe.group(1)) if aoe else 0


def all_weapons():
    out = dict(DATA().mains)
    for mech_id, mech in DATA().mechs.items():
        out.update({f"{mech_id}.{wid}": w for wid, w in mech.weapons.items()})
    return out


def test_every_weapon_is_transcribed_from_its_card():
    assert set(CARD_RANGES) == set(all_weapons())


@pytest.mark.parametrize("wid", sorted(CARD_RANGES))
def test_weapon_range_and_aoe_match_the_card(wid):
    w = all_weapons()[wid]
    assert (w.range, w.aoe) == card_range(CARD_RANGES[wid])


@pytest.mark.parametrize("weapon", ["flak", "impact_flak"])
def test_range_1_flak_cannot_hit_its_own_row(weapon):
    """防空弹幕炮 / 冲击防空火炮「攻击范围…：1，AOE1」: the target zone is one move from the ship; the
    blast still reaches the zones within 1 of it."""
    s = new_game(fleet("bull", weapon, "sword"), fleet("hummingbird", "heavy_vulcan", "sword"), seed=3)
    clear_hands(s)
    my_turn(s, 0, ap=4)
    put(s, "b1", "C1")  # an enemy mech in the ship's own row (distance 0); no raid goal in play
    with pytest.raises(RuleError):
        act(s, 0, f"fire {weapon} C1")
    dice(s, 1, 20)  # impact flak rolls: a hit, then a failed evade (flak needs no rolls against mechs)
    act(s, 0, f"fire {weapon} C2")  # one move away: allowed, and C1 lies within the blast (ruling)
    m = mech(s, "b1")
    assert m.hp == m.max_hp - DATA().mains[weapon].damage
