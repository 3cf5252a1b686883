"""Hand cards and fittings say what they do (issue 18, the conflict newcomer, zh-CN then en:
"装备 X" and the hand cards showed no effect, and the player had to read `/rules 9` to learn
what a fitting does; a second fitting took the first away without a word). RULES.md, Upgrade
cards: "每势力只能装 1 张，新装旧弃 · one each; one fitted per faction"."""
from __future__ import annotations

import pytest

from games.conflict import GAME
from games.conflict.data import content
from tests.conflict.helpers import bare, fit, give, menu_labels, play, public_lines, to_develop

# Discord: a select option's label and description hold at most 100 characters
DISCORD_LABEL = 100


@pytest.mark.parametrize("loc, said", [("en", "Fit High-Performance Combat Engine (own units: unlimited range)"),
                                       ("zh-CN", "装备 高性能作战引擎（本方单位作战范围无限）")])
def test_the_fit_choice_says_what_the_fitting_does(loc, said):
    """RULES.md: "高性能作战引擎 Combat Engine | 作战范围无限 · unlimited range"."""
    state, a, _ = bare(3, 3, to_develop)
    give(state, a, "engine")
    labels = menu_labels(state, a, ["equip"], loc)
    assert said in labels, labels


@pytest.mark.parametrize("loc, said", [
    ("en", "Fit High-Performance Combat Engine (own units: unlimited range; discards Smart Rifle System)"),
    ("zh-CN", "装备 高性能作战引擎（本方单位作战范围无限；弃掉 智能步枪系统）")])
def test_a_second_fitting_says_it_discards_the_first(loc, said):
    """"新装旧弃": fitting the Combat Engine over the Smart Rifle discards the rifle."""
    state, a, _ = bare(3, 3, to_develop)
    fit(state, a, "rifle")
    give(state, a, "engine")
    labels = menu_labels(state, a, ["equip"], loc)
    assert said in labels, labels


@pytest.mark.parametrize("loc, said", [
    ("en", "P{a} fits High-Performance Combat Engine (own units: unlimited range); Smart Rifle System, fitted "
           "before, is discarded (a faction holds one fitting)."),
    ("zh-CN", "P{a} 装配了 高性能作战引擎（本方单位作战范围无限）；之前的装配 智能步枪系统 被弃掉（每个势力只能有一张装配）。")])
def test_the_fit_line_names_the_fitting_it_discards(loc, said):
    """"新装旧弃" (RULES.md): the table reads which fitting went, by name (issue 18: the line
    said "one fitted before is discarded" whether or not one was, and never which)."""
    state, a, _ = bare(3, 3, to_develop)
    fit(state, a, "rifle")
    cid = give(state, a, "engine")
    step = play(state, a, f"equip {cid}")
    assert state.players[a].upgrade == "engine" and "rifle" in state.discard  # the rule itself: the rifle went
    lines = public_lines(state, step, loc)
    assert said.format(a=a) in lines, lines


@pytest.mark.parametrize("loc, said", [
    ("en", "P{a} fits High-Performance Combat Engine (own units: unlimited range)."),
    ("zh-CN", "P{a} 装配了 高性能作战引擎（本方单位作战范围无限）。")])
def test_a_first_fitting_discards_nothing_and_says_nothing_of_it(loc, said):
    state, a, _ = bare(3, 3, to_develop)
    assert not state.players[a].upgrade
    cid = give(state, a, "engine")
    step = play(state, a, f"equip {cid}")
    assert state.players[a].upgrade == "engine" and "engine" not in state.discard
    lines = public_lines(state, step, loc)
    assert said.format(a=a) in lines, lines


@pytest.mark.parametrize("loc, said", [
    ("en", "P0 fits High-Performance Combat Engine (own units: unlimited range); a faction holds one fitting, "
           "and one fitted before is discarded."),
    ("zh-CN", "P0 装配了 高性能作战引擎（本方单位作战范围无限）；每个势力只能有一张装配，之前的装配被弃掉。")])
def test_an_older_fit_line_without_the_discarded_fitting_reads_as_before(loc, said):
    state, _, _ = bare(3, 3, to_develop)
    old = {"player": "P0", "name": {"zh-CN": "高性能作战引擎", "en": "High-Performance Combat Engine"}}
    assert GAME.text.event_lines(state, [("conflict.ev.equip", old)], loc) == [said]


@pytest.mark.parametrize("loc, said", [("en", "Maintain (+1 durability to an own territory)"),
                                       ("zh-CN", "整备（本方一块领地耐久 +1）")])
def test_a_hand_card_that_is_not_a_unit_says_what_it_does(loc, said):
    """RULES.md: "整备 Maintain：本方一块领地耐久 +1（不超过上限）"."""
    state, a, _ = bare(3, 3, to_develop)
    cid = give(state, a, "maintain")
    assert GAME.text.token_names(state, a, loc)[cid] == said


@pytest.mark.parametrize("loc", ["en", "zh-CN"])
def test_every_card_that_is_not_a_unit_fits_a_discord_label_with_its_effect(loc):
    """Every basic, strategy, upgrade and special card has its effect, and the name with the
    effect, as the longest fit choice puts it, stays within a select option's 100 characters."""
    state, a, _ = bare(3, 3, to_develop)
    data = content()
    others = [k for k, c in data.cards.items() if c.type not in ("unit", "character", "vehicle")]
    assert len(others) == 35
    for key in others:
        cid = give(state, a, key)
        label = GAME.text.token_names(state, a, loc)[cid]
        assert label.startswith(data.cards[key].name[loc]) and len(label) > len(data.cards[key].name[loc]) + 4, label
        if data.cards[key].type == "upgrade":
            # the longest choice names the longest-named fitting it discards (the label is read, the
            # card count not kept)
            state.players[a].upgrade = "engine" if key != "engine" else "satellite"
            action = next(x for x in GAME.engine.legal_actions(state, a) if x.kind == "equip" and x.card == cid)
            label = GAME.text.describe_action(state, a, action, loc)
        assert len(label) <= DISCORD_LABEL, label
        state.players[a].hand.clear()
