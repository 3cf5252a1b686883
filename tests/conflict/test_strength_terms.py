"""A figure the menus or a reveal show with modifiers folded in says its terms (issue 18: "power 5
· guard 2" where the card says less, without Body Augmentation, the talent, charge, leader or
capital named). RULES.md, Unit against unit: "攻击者用攻击时的战力与守值（冲锋 +1 战力），防守者用防守时的
（坚守 +1 守值）"; Unit abilities: "领袖 leader（同一领地其他本方明置单位战力 +1）"; Upgrades: "基体改造 |
部队、人物全属性 +1"; "Death系统 | 单位对单位时守值无限大". One place computes the terms
(`rules.strength_terms`, `rules.cost_terms`): the fight sums them, the text shows them."""
from __future__ import annotations

import re

import pytest

from games.conflict import ENGINE, GAME
from games.conflict import rules as R
from tests.conflict.helpers import bare, battle, fit, give, menu_labels, play, public_lines, to_develop, unit, walk

LOCALES = ("en", "zh-CN")
MINUS = "\u2212"
# a figure with its terms: `5 (3 + leader 1 + charge 1)`, `5（3 + 领袖 1 + 冲锋 1）`
FIGURE = re.compile(r"(\d+) ?[（(](\d+(?: [+\u2212] [^()（）]+? \d+)+)[)）]")
# inside brackets already (a menu's card): `3 − talent 1 = 2`
INLINE = re.compile(r"(\d+(?: [+\u2212] [^()（）=·]+? \d+)+) = (\d+)")
TERM = re.compile(r" ([+\u2212]) [^()（）=·]+? (\d+)")


def _sum(terms: str) -> int:
    return int(terms.split(" ")[0]) + sum(int(n) if sign == "+" else -int(n) for sign, n in TERM.findall(terms))


def figures(text: str) -> list[tuple[int, int]]:
    """Each figure shown with its terms: (the figure, the sum of its terms as read)."""
    return [(int(shown), _sum(terms)) for shown, terms in FIGURE.findall(text)] + \
        [(int(shown), _sum(terms)) for terms, shown in INLINE.findall(text)]


@pytest.mark.parametrize("loc, said", [
    ("en", "The attacker's power 8 (4 + Body Augmentation 1 + talent 1 + charge 1 + leader 1) against the defender's "
           "guard 5 (4 + bulwark 1); the defender's power 2 against the attacker's guard 4 (3 + Body Augmentation 1)."),
    ("zh-CN", "进攻方战力 8（4 + 基体改造 1 + 天赋 1 + 冲锋 1 + 领袖 1） 对 防守方守值 5（4 + 坚守 1）；"
              "防守方战力 2 对 进攻方守值 4（3 + 基体改造 1）。")])
def test_the_reveal_names_every_term_of_each_figure(loc, said):
    """Storm Troopers (power 4, guard 3, charge) of the Red Flame Legion ("进攻时战力 +1") with Body
    Augmentation fitted and General Lin (leader) beside them attack a Shield Line (power 2, guard 4, bulwark)."""
    def ready(state, a, b, att, dfd):
        fit(state, a, "augment")
        unit(state, a, "general_lin", att.loc)

    state, a, b, att, dfd = battle("stormtrooper", "shieldline", before=ready)
    assert R.talent(state, a) == "assault_plus" and R.talent(state, b) == "assault_plus"  # seed 3
    play(state, b, "lay D")
    step = play(state, a, "lay A")
    reveal = next(line for line in public_lines(state, step, loc) if said in line)
    assert all(shown == added for shown, added in figures(reveal)), reveal
    params = next(e.params for e in step.events if e.key == "conflict.ev.reveal")
    assert (params["pa"], params["gd"], params["pd"], params["ga"]) == (8, 5, 2, 4)  # what the fight compared
    assert dfd.hp == 2  # power 8 > guard 5: "战力 > 敌守值：敌 −1"


@pytest.mark.parametrize("loc, facts", [
    ("en", "attacker: power 6 (4 + talent 1 + charge 1) · guard 3; target: power 2 · guard 2"),
    ("zh-CN", "进攻方：战力 6（4 + 天赋 1 + 冲锋 1） · 守值 3；目标：战力 2 · 守值 2")])
def test_the_attack_choice_names_the_terms(loc, facts):
    state, a, b, att, dfd = battle(strike=False)
    play(state, a, f"attack {give(state, a, 'attack')}")
    strike = next(x for x in ENGINE.legal_actions(state, a) if x.kind == "strike" and x.target == dfd.id)
    assert GAME.text.action_facts(state, a, strike, loc) == facts


@pytest.mark.parametrize("loc, said", [("en", "guard unlimited (Death System)"), ("zh-CN", "守值 无限（Death系统）")])
def test_death_system_reads_unlimited_with_its_name(loc, said):
    state, a, b, att, dfd = battle(before=lambda state, a, b, att, dfd: fit(state, b, "death"))
    play(state, b, "lay D")
    step = play(state, a, "lay A")
    assert any(said in line for line in public_lines(state, step, loc)), public_lines(state, step, loc)


@pytest.mark.parametrize("loc, said", [
    ("en", "Colonel Ross (cost 3 − talent 1 − Economic Supremacy 1 = 1 · power 3 · guard 3 · range 2)"),
    ("zh-CN", "罗斯上校（费用 3 − 天赋 1 − 经济制霸 1 = 1 · 战力 3 · 守值 3 · 范围 2）")])
def test_a_deploy_cost_names_its_cuts(loc, said):
    """Dawn Commune: "人物费用 −1"; 经济制霸: "部署单位费用 −1" (RULES.md)."""
    state, a, _ = bare(3, 3, to_develop)
    state.players[a].faction = "dawn"
    give(state, a, "colonel_ross")
    state.players[a].res = 9
    assert R.economy_holder(state) == a
    assert said in menu_labels(state, a, ["deploy"], loc)


@pytest.mark.parametrize("seed, players", [(11, 3), (12, 4), (13, 2)])
def test_every_shown_figure_is_the_sum_of_its_terms_and_what_the_rules_use(seed, players):
    """Random playouts: every attack choice's figures, every deploy cost in the menus and every
    reveal's figures, in both languages, equal the sum of the terms they show, and each is the
    number the rules use (`R.stats`, `R.deploy_cost`, the reveal's own)."""
    checked, wrong = 0, []

    def menus(state, seat, legal):  # what the seat's menus show, on the state they are shown on
        nonlocal checked
        for action in legal:
            if action.kind != "strike" or action.target not in state.units:
                continue
            want = [R.stats(state, state.units[action.unit], "attack")[:2],
                    R.stats(state, state.units[action.target], "defend")[:2]]
            for loc in LOCALES:
                facts = GAME.text.action_facts(state, seat, action, loc)
                numbers = [int(n) for n in re.findall(r"(?:power|guard|战力|守值) (\d+)", facts)]
                checked += len(figures(facts))
                wrong.extend(facts for shown, added in figures(facts) if shown != added)
                if numbers != [n for pair in want for n in pair if n != R.UNLIMITED]:
                    wrong.append(f"{facts} != {want}")
        for card in state.players[seat].hand if state.phase == "develop" and seat == state.turn else ():
            for loc in LOCALES:
                name = GAME.text.token_names(state, seat, loc)[card.id]
                for shown, added in figures(name):
                    checked += 1
                    if not shown == added == R.deploy_cost(state, seat, card.key):
                        wrong.append(name)

    for state, _, _, step in walk(seed, players, look=menus):
        for e in step.events:
            if e.key != "conflict.ev.reveal":
                continue
            for loc in LOCALES:
                line = GAME.text.event_lines(state, [(e.key, e.params)], loc)[0]
                shown = figures(line)
                checked += len(shown)
                wrong += [line for a, b in shown if a != b]
                wrong += [line for k in ("pa", "ga", "pd", "gd") if R.total(e.params["terms"][k]) != e.params[k]]
    assert not wrong, wrong[:5]
    assert checked > 20, checked  # the playout showed figures with terms to check
