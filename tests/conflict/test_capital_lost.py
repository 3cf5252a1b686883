"""A capital effect holds only while the faction holds its capital (issue 18's playtests): a captured
Red Flame fortress loses its +2, so its new owner holds a territory of the card's own durability."""
from games.conflict import ENGINE
from games.conflict import rules as R
from games.conflict.data import content
from games.conflict.present import summary
from games.core import Seat

from tests.conflict.helpers import play

SEED = 1  # alice is offered the Red Flame Legion (flame); her first dealt territory is the Old Citadel (6)


def _fortress():
    state = ENGINE.setup([Seat(index=0, name="alice"), Seat(index=1, name="bob")], ENGINE.parse_options({}), SEED).state
    play(state, 0, "faction flame")
    play(state, 0, f"arrange {state.players[0].dealt[0]} 2")
    bob = state.players[1]
    play(state, 1, f"faction {bob.offer[0]}")
    play(state, 1, f"arrange {bob.dealt[0]} 2")
    return state, state.players[0].capital


def test_a_captured_fortress_capital_loses_its_bonus():
    """RULES.md, Factions: 赤焰军团 "首都堡垒 +2 · capital durability +2"; "首都效果只在持有首都时有效。
    A capital effect holds while the faction holds its capital."; Attacks: "耐久为 0：领地交给攻击方，耐久回复一半
    ……首都被占领则失去首都（及首都效果）。" """
    state, capital = _fortress()
    base = content().territories[state.territories[capital].key].durability
    assert (state.territories[capital].dur, state.territories[capital].max) == (base + 2, base + 2)
    R.damage_territory(state, capital, base + 2, 1, [])
    terr = state.territories[capital]
    assert terr.owner == 1 and state.players[0].capital is None
    assert (terr.dur, terr.max) == (base // 2, base)  # half of the card's own 6, not of the fortress's 8
    assert f"Old Citadel {base // 2}/{base}" in summary(ENGINE.view(state, None), "en")
    assert f"古堡 {base // 2}/{base}" in summary(ENGINE.view(state, None), "zh-CN")


def test_a_fortress_taken_back_stays_plain():
    """The capital once lost is lost ("失去首都"): retaking the territory gives back no fortress."""
    state, capital = _fortress()
    base = content().territories[state.territories[capital].key].durability
    R.damage_territory(state, capital, base + 2, 1, [])
    R.damage_territory(state, capital, state.territories[capital].dur, 0, [])
    terr = state.territories[capital]
    assert terr.owner == 0 and state.players[0].capital is None
    assert terr.max == base
