"""Fleet played by a newcomer against a bot (issue 18, session 13): "Bot 1's UBT1-T3 Magatama #2
attacks UBT1-T3 Magatama #1 with Laser pistol." named whose mech attacked but not whose was hit,
while both fleets held a Magatama."""
from __future__ import annotations

import pytest

from games.fleet import GAME
from games.fleet.present import mech_labels
from tests.fleet.helpers import act, clear_hands, dice, fleet, mech, my_turn, new_game, put


@pytest.mark.parametrize("loc,line", [
    ("en", "A's URA-01B Hammer (prototype) attacks B's UBT1-T3 Magatama with Laser saber."),
    ("zh-CN", "A 的 URA-01B 重锤（试做型） 用 镭射光剑 攻击 B 的 UBT1-T3 琼勾玉。")])
def test_an_attack_on_an_enemy_mech_names_whose_mech_is_hit(loc, line):
    """Rules (seed 004) 5: a mech attacks an enemy mech in range. The attack line names the
    attacker's owner and the target's (seed 7, dice scripted: hit, not evaded)."""
    s = new_game(fleet("bull", "heavy_vulcan", "hammer", "tim", "zack"),
                 fleet("hummingbird", "heavy_vulcan", "magatama", "tim", "zack"), seed=7)
    clear_hands(s)
    my_turn(s, 0, ap=4)
    put(s, "a1", "C3"), put(s, "b1", "C3", "zack")
    mech(s, "a1").acts = 1
    dice(s, 1, 20, 51)
    step = act(s, 0, "attack a1 saber b1")
    attack = [(e.key, e.params) for e in step.events if e.key == "fleet.attack"]
    assert GAME.text.event_lines(s, attack, loc) == [line]
    assert mech_labels(s.sides, loc)["b1"] in line
