"""The conflict evaluation's exposure: outer territories a rival can strike at now (issue 21: hard
lost an arena game to a random player by claiming territories into the reach of its units)."""
from games.conflict import ENGINE
from games.conflict.bot import evaluate, exposed
from tests.conflict.helpers import bare, outer, to_battle, unit


def _two_rows_each(seed: int):
    """A's battle phase, two players without a range talent, nobody on the board; A's outer
    territories at durability 1, 3, 3."""
    state, a, b = bare(seed=seed, n=2, phase=to_battle)
    for p in state.players:
        p.faction = "iron"  # guard +1, no range talent: a rifleman's range stays 1
    for tid, dur in zip(outer(state, a), (1, 3, 3)):
        state.territories[tid].dur = dur
    return state, a, b


def test_exposed_counts_the_unheld_outer_territories_a_rival_unit_reaches():
    """「只能攻击他方外层；有驻军（非攻击方的明置单位）的领地必须先消灭驻军；无驻军的领地被攻击 −1 耐久」
    and 「耐久为 0：领地交给攻击方」: with a rival's face-up rifleman (range 1) in its outer row, one row
    from A's, every unheld outer territory of A can be struck at, and the one at durability 1
    falls to one strike; a face-up unit of A holding it, or the rifleman face down (暗置：不能行动)
    or one row further in, takes it out of reach."""
    for seed in (3, 5, 8):
        state, a, b = _two_rows_each(seed)
        outs = outer(state, a)
        assert exposed(state, a) == (0, 0)  # no rival unit on the board
        rifle = unit(state, b, "rifleman", outer(state, b)[0])
        assert exposed(state, a) == (len(outs), 1)
        unit(state, a, "rifleman", outs[0])
        assert exposed(state, a) == (len(outs) - 1, 0)
        rifle.up = False
        assert exposed(state, a) == (0, 0)
        rifle.up, rifle.loc = True, state.players[b].rows[0][0]  # the inner row: two rows from A's outer row
        assert exposed(state, a) == (0, 0)


def test_an_exposed_weak_territory_lowers_the_evaluation():
    """A position where a rival's unit can take a territory with one strike is worth less to its
    owner than the same position with that unit face down (it cannot act)."""
    for seed in (3, 5, 8):
        state, a, b = _two_rows_each(seed)
        rifle = unit(state, b, "rifleman", outer(state, b)[0])
        threatened = evaluate(ENGINE, state, 2)[a]
        rifle.up = False
        assert evaluate(ENGINE, state, 2)[a] > threatened
