"""Session 17's newcomer findings at conflict's table (issue 18): what a player reads in the
menus and the lines, in both languages, with the rule quoted where one is involved."""
from __future__ import annotations

import random
import re

import pytest

from bot.host.core import build_menu
from games.conflict import ENGINE, GAME
from games.conflict import rules as R
from games.core.i18n import t
from tests.conflict.helpers import bare, battle, fit, give, outer, play, public_lines, walk
from tests.conflict.test_lay_menu import fight
from tests.platform.conftest import make_host
from tests.platform.test_log_as_seen_live import recorded  # noqa: F401  (a fixture)

LOCALES = ("en", "zh-CN")


# --- 3. Aegis: the damage and its cancelling in one term ------------------------------------
@pytest.mark.parametrize("loc,expected", [
    ("en", "Pair 1: the attacker's Attack against the defender's Self-destruct: attacker −1, defender −2 (after Aegis "
           "cancelled 1); durability left: attacker 2, defender 1."),
    ("zh-CN", "第 1 组：进攻方 攻击 对 防守方 自爆：进攻方 −1、防守方 −2（宙斯盾已抵消 1 点）；剩余耐久：进攻方 2，防守方 1。")])
def test_aegis_cutting_part_of_the_damage_says_both_in_one_term(loc, expected):
    """RULES.md: "宙斯盾 Aegis | 单位对单位开始时掷一次硬币，正面抵消第一点损伤"; the table: "攻击 A |
    自爆 S | 己 −1，敌 −3". Heads: the Self-destruct's side takes 2 of its 3."""
    for seed in range(1, 40):
        state, a, b, _, _ = battle("rifleman", "rifleman", seed, before=lambda state, a, b, *_: fit(state, b, "aegis"))
        play(state, a, "lay A")
        step = play(state, b, "lay S")
        if next(e for e in step.events if e.key == "core.roll").params["total"] != 1:
            continue  # tails: no shield
        assert expected in public_lines(state, step, loc)
        return
    raise AssertionError("no heads in 40 seeds")


# --- 4. the lay menu: each combat card with what it does ---------------------------------------
@pytest.mark.parametrize("loc,attack,rest", [
    ("en", "vs Attack: both −1; Defend: it −1 if power > its guard, you −1 if less; Self-destruct: you −1, it −3",
     "vs Attack: none; Defend: you +1; Rest: both +1; Self-destruct: you −2, it −1"),
    ("zh-CN", "对攻击：双方 −1；对防御：战力大于敌守值则敌 −1，小于则己 −1；对自爆：己 −1，敌 −3",
     "对攻击：无；对防御：己回复 1；对休整：双方回复 1；对自爆：己 −2，敌 −1")])
def test_every_choice_of_the_lay_menu_says_what_its_card_does(loc, attack, rest):
    """RULES.md, Unit against unit, the table from the source (前己方, 后敌方): "攻击对攻击: 双方各减少
    一点耐久 … 攻击对自爆: 己方减一, 敌方减三 … 自爆对休整: 敌方减二, 己方减一". Each of the five
    choices carries one line of it (they carried nothing, or "4 choices"), in Discord's 100."""
    state, a, b = fight()
    for steps in (["lay"], ["lay", "A"], ["lay", "A", "D"]):
        menu = build_menu(GAME, state, 1, b, steps, loc)
        for option in menu.options:
            assert option.description and len(option.description) <= 100, option
            assert option.description == GAME.text.step_facts(state, b, [*steps, option.value], loc)
    first = {o.value: o.description for o in build_menu(GAME, state, 1, b, ["lay"], loc).options}
    assert first["A"] == attack and first["R"] == rest
    assert len(set(first.values())) == 5  # none, and each card its own
    last = {o.value: o.description for o in build_menu(GAME, state, 1, b, ["lay", "D", "A"], loc).options}
    assert last["R"] == rest  # the last card: a whole action, its card said still


# --- 5. the deploy menu: the figures that apply, and a vehicle's crew ------------------------
def _sky(seed: int = 3):
    """A bare game whose first seat plays the Sky Alliance ("所有单位范围 +1"), holding Riflemen and a
    Light Tank, resources to deploy them."""
    state, a, b = bare(seed)
    state.players[a].faction = "sky"
    state.players[a].res = 5
    rifle, tank = give(state, a, "rifleman"), give(state, a, "lighttank")
    ENGINE.invalidate(state)
    return state, a, rifle, tank


@pytest.mark.parametrize("loc,label,facts,crew", [
    ("en", "range 2)", "range 1 + talent 1 = 2", "vehicle: needs a crew aboard to move or attack"),
    ("zh-CN", "范围 2）", "范围 1 + 天赋 1 = 2", "载具：需有人搭乘才能移动和进攻")])
def test_the_deploy_menu_shows_the_range_that_applies_and_that_a_vehicle_needs_a_crew(loc, label, facts, crew):
    """RULES.md, Factions: "苍穹同盟 Sky Alliance | 所有单位范围 +1"; Development: "载具需同一领地的部队或人物
    搭乘才能移动和攻击". The menu showed the card's range (Riflemen and Light Tank: 1) and nothing of the crew."""
    state, a, rifle, tank = _sky()
    options = {o.value: o for o in build_menu(GAME, state, 1, a, ["deploy"], loc).options}
    assert options[rifle].label.endswith(label) and options[tank].label.endswith(label)
    assert options[rifle].description == facts
    assert options[tank].description == f"{crew} · {facts}"
    for option in options.values():
        assert len(option.label) <= 100 and len(option.description) <= 100, option


def test_unit_range_is_the_sum_of_its_terms_over_random_games():
    """`R.unit_range` (written out for speed) and `R.range_terms` (what the menus show) agree."""
    seen = 0
    for seed in range(4):
        for state, *_ in walk(seed, 3, rounds=8):
            for u in state.units.values():
                assert R.unit_range(state, u) == R.total(R.range_terms(state, u.owner, u.key)), (u, seed)
                seen += 1
    assert seen > 100


# --- 7. /game log: steps one line tells read as the channel read them -------------------------
@pytest.mark.parametrize("loc", LOCALES)
async def test_the_log_numbers_steps_one_line_tells_together_never_acted_with_nothing_shown(tmp_path, recorded, loc):
    """A run of phases ended in a row posts one line ("Bot 1 passes the turn: no move and no
    attack.", present._merged_ends); the log showed its first steps as "Bot 1 acted (nothing shown
    to the table)." and the line under the last. Now the run is one head, "#4–6 …", and the log
    still holds every line the channel showed, in order (test_log_as_seen_live's comparison)."""
    from tests.platform.test_log_as_seen_live import Table, compare, open_table, play, read_log

    host = await make_host(tmp_path / "t.sqlite3")
    try:
        table = Table("conflict", loc, ["alice", "bob", ""])
        recorded.append(table)
        await open_table(host, table)
        await play(host, table, random.Random(5), 40)
        log = await read_log(host, table, "alice")
        problems = await compare(host, table)
    finally:
        await host.close()
    acted = {t(loc, "host.log_acted", who=who) for who in table.names}
    assert not [line for line in log if line.split(" ", 1)[-1] in acted], log
    runs = [line for line in log if re.match(r"#\d+–\d+ ", line)]
    assert runs, log
    passed = [t(loc, f"conflict.ev.{k}", player=who) for k in ("passed", "ends_all", "ends_to_post", "ends_post")
              for who in table.names]
    assert all(any(said in line for said in passed) for line in runs), runs
    assert not problems, problems
