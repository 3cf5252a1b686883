"""The newcomer playtest's leftovers (issue 18): lines that read oddly at the console table.
An empty list is a word ("none"/"无"), not a stray "-"; zh-CN text uses the full-width "：";
the console's own words follow the reader's language; a phase name needs no brackets inside
the "to act (…)" brackets; a group label names what its choices do."""
from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from bot.console import ConsoleTable
from bot.outbox import Image, Message
from games.core.i18n import aside, t
from games.frontline import ENGINE as FRONTLINE
from games.frontline import text as frontline_text
from games.panzer import ENGINE as PANZER
from games.panzer import text as panzer_text
from games.panzer.models import Drive
from games.registry import get_game
from tests.frontline.helpers import battle
from tests.panzer.helpers import board
from tests.panzer.helpers import seats as panzer_seats

LOCALES = ("en", "zh-CN")
STRAY = re.compile(r"(?::|：)\s*-(?:\s|$)")


@pytest.mark.parametrize("locale", LOCALES)
def test_frontline_empty_support_and_front_say_none(locale):
    """"support: -" and "frontline (nobody): -" at the start of a battle (seed 1)."""
    text = frontline_text.summary(FRONTLINE.view(battle(seed=1), 0), locale)
    assert not STRAY.search(text), text
    none = t(locale, "core.none")
    assert t(locale, "core.labelled", label=t(locale, "frontline.label.support"), value=none) in text, text
    if locale == "zh-CN":
        assert ": " not in text, text


@pytest.mark.parametrize("locale", LOCALES)
def test_panzer_draft_with_no_picks_says_none(locale):
    """"alice: - (0pt)" before anyone has picked a tank (seed 1)."""
    state = PANZER.setup(panzer_seats(), PANZER.parse_options({}), 1).state
    text = panzer_text.summary(PANZER.view(state, 0), locale)
    assert not STRAY.search(text), text
    # spent of the cap (the budget while no tank is picked, see tests/panzer/test_board_text.py)
    assert t(locale, "core.labelled", label="Anna", value=aside(locale, t(locale, "core.none"), "0/200pt")) in text, text
    if locale == "zh-CN":
        assert ": " not in text, text


@pytest.mark.parametrize("locale", LOCALES)
def test_panzer_phase_names_have_no_brackets(locale):
    """"alice to act (deploy (facing))" / "alice 行动（布阵（朝向））"."""
    for phase in ("army", "draft", "side", "deploy", "face", "ammo", "shots", "dash", "move", "moving",
                  "react", "second", "advance", "over"):
        line = t(locale, "panzer.ui.turn", name="alice", phase=t(locale, f"panzer.phase.{phase}"))
        assert line.count("(") + line.count("（") <= 1, line


@pytest.mark.parametrize("locale", LOCALES)
def test_panzer_move_without_free_points_does_not_mention_them(locale):
    """"Move X with 0 free points" (seed 1)."""
    state = board([("a1", "m4", "h9", "n"), ("b1", "m4", "a1", "s")], phase="move")
    label = panzer_text.describe(PANZER, state, 0, Drive(tank="a1", free=0), locale)
    assert "0" not in label, label
    assert "2" in panzer_text.describe(PANZER, state, 0, Drive(tank="a1", free=2), locale)


@pytest.mark.parametrize("locale", LOCALES)
def test_console_image_line_is_in_the_readers_language(locale, tmp_path: Path):
    """The console printed "image:" in English at a zh-CN table."""
    lines: list[str] = []
    host = SimpleNamespace(clock=None, open_thread=None)
    console = ConsoleTable(host, tmp_path, write=lines.append)
    console.user("alice")
    console.locales["alice"] = locale
    console._print("[dm alice]", Message(text="x", images=[Image("a.png", data=b"png")]), "alice")
    assert lines[-1] == "[dm alice] " + t(locale, "console.image", path=tmp_path / "0001-a.png"), lines
    assert ("image:" in lines[-1]) == (locale == "en")


@pytest.mark.parametrize("locale", LOCALES)
def test_group_labels_name_their_choices(locale):
    """Ironfire's group "Hit" held choices "Target …"; fleet's 跃迁 held 曲率推进…: a choice
    starts with its group's label."""
    pairs = [("ironfire.verb.hit", "ironfire.act.hit", {"unit": "X"}),
             ("fleet.verb.warp", "fleet.act.warp", {"mech": "X", "zone": "Y"})]
    for game in ("ironfire", "fleet"):
        get_game(game)  # loads its catalog
    for group, act, params in pairs:
        assert t(locale, act, **params).startswith(t(locale, group)), (group, act)


# a menu group (an action kind's verb) -> the catalog lines of the choices it holds; the tank
# game, conflict and fleet describe an action of kind K by their line K (and panzer's drive
# without free points by drive_plain)
GROUP_CHOICES = {
    "ironfire": {"deck": ("deck", "deck_custom"), "first": ("first",), "pick": ("pick",), "drop": ("drop",),
                 "ready": ("ready", "ready_army", "reinforce_done"), "attack": ("attack",), "hit": ("hit",),
                 "stop": ("stop",), "focus": ("focus",), "with": ("join",), "fire": ("fire",),
                 "pass": ("pass", "end_attacks"), "cut": ("cut",)},
    "frontline": {kind: (kind,) for kind in ("deck", "swap", "keep", "deploy", "order", "counter", "move",
                                             "attack", "end")},
    **{game: {kind: (kind,) for kind in (a.model_fields["kind"].default for a in get_game(game).engine.actions)}
       for game in ("panzer", "conflict", "fleet")},
}
GROUP_CHOICES["panzer"]["drive"] += ("drive_plain",)
CHOICE_PARAMS = {name: "X" for name in ("name", "card", "unit", "option", "deck", "target", "tank", "army", "side",
                                        "hex", "dir", "ammo", "gun", "steps", "capital", "tid", "face", "vehicle",
                                        "seat", "text", "agreement", "gift", "what", "cards", "item", "weapon",
                                        "pile", "mech", "pilot", "zone", "skill", "arg", "mechs", "inner_row",
                                        "outer_row")}
CHOICE_PARAMS.update(cost=1, size=2, used=3, budget=40, price=10, total=30, free=2, inner=3, amount=2)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game", sorted(GROUP_CHOICES))
def test_every_group_label_is_a_word_of_its_choices(game, locale):
    """The class, for every menu group of the five games: the English playtest's zh Iron & Fire
    menu read "选取 — 15 个选项" over choices "选择反坦克枪组（1）" (two verbs for one thing;
    the hint said 选择), and Frontline's 指令 held "使用 大西洋船队"; the third playtest found
    about 50 more in the tank game ("Drive" over "Move Tiger I #1", 装填弹药 over "为 … 装填"),
    conflict ("Allow" over "Let it happen", 势力/阵营) and fleet ("Attack" over "Kagami: Vulcan →
    …", 命令 over "单独操作 …"). Each group's label is in each of its choices, so the word the
    hint shows is the one the menu offers."""
    from games.core.i18n import _catalogs

    get_game(game)
    verbs = {key.rsplit(".", 1)[1] for key in _catalogs[locale] if key.startswith(f"{game}.verb.")}
    assert verbs == set(GROUP_CHOICES[game])  # a new group names its choices here
    label = "label" if game == "frontline" else "act"
    for kind, acts in GROUP_CHOICES[game].items():
        verb = t(locale, f"{game}.verb.{kind}").lower()
        for act in acts:
            choice = t(locale, f"{game}.{label}.{act}", **CHOICE_PARAMS)
            assert verb in choice.lower(), (kind, verb, choice)
