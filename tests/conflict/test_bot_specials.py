"""The conflict bot's special attacks: never one that does nothing (issue 21: "A bot never makes a
move that changes nothing ... unless nothing else is legal")."""
import random

from games.conflict import ENGINE
from games.conflict.bot import choose
from games.core.search import Budget, SearchBot
from tests.conflict.helpers import bare, give, make_city, outer, to_battle, unit


def _neutron_ready(seed: int):
    """Two players in A's battle phase: A holds a Neutron Bomb, four resources and a flying unit;
    two of B's territories are cities, nobody in them."""
    state, a, b = bare(seed=seed, n=2, phase=to_battle)
    state.players[a].res = 4
    unit(state, a, "paratroopers", outer(state, a)[0])
    cid = give(state, a, "neutron")
    cities = [make_city(state, t) for t in outer(state, b)[:2]]
    for uid in [u.id for u in state.units.values() if u.loc in cities]:
        del state.units[uid]
    return state, a, b, cid, cities


def test_no_neutron_bomb_on_an_empty_city_and_the_fullest_city_when_units_stand_in_one():
    """中子弹「支付四张资源牌，消灭一个城市中的所有单位」: on a city where no unit stands it destroys
    nothing and spends the card, four resources and the turn's claim (the hard bot did so in the
    arena, seed 1, game 10, round 15, instead of claiming a territory). The heuristic plays
    another action then, and bombs the city with the most rival units when some stand in one."""
    for seed in (3, 5, 8):
        state, a, b, cid, cities = _neutron_ready(seed)
        legal = {x.code() for x in ENGINE.legal_actions(state, a)}
        assert {f"neutron {cid} {t}" for t in cities} <= legal and "claim" in legal
        assert choose(ENGINE, state, a, random.Random(seed)).kind != "neutron"
        unit(state, b, "rifleman", cities[0])
        for _ in range(2):
            unit(state, b, "militia", cities[1], up=False)  # face down, a neutron bomb destroys them too
        assert choose(ENGINE, state, a, random.Random(seed)).code() == f"neutron {cid} {cities[1]}"


def test_a_level_whose_favourite_bombs_an_empty_city_plays_something_else():
    """The levels check every choice against the game's `aimless` (games.core.undo), whatever
    suggested it: a search whose rollout policy bombs first, given too few iterations to overrule
    it, still plays something else while something else is legal."""
    def bomb_first(engine, state, seat, rng):
        acts = engine.legal_actions(state, seat)
        return next((x for x in acts if x.kind == "neutron"), None) or choose(engine, state, seat, rng)

    for seed in (3, 5, 8):
        state, a, b, cid, cities = _neutron_ready(seed)
        bot = SearchBot(ENGINE, Budget(seconds=None, iterations=4), policy=bomb_first, paired=True)
        assert bot.choose(state, a, random.Random(seed)).kind != "neutron"
