"""No filler for an empty value (issue 18: "plays Supply Drop -.", "Ability cards: -.",
"loaded special ammunition: -.", "To act: -", a player's hand ": " with nothing after): what
is empty is said in words ("none"/"无", or the sentence leaves it out). zh-CN text uses the
full-width "：" (the lasting-effects line read "持续效果：海岸炮台: 不能攻击总部") and full-width
brackets by Chinese text (the tank game's roll read "命中 (前进射击)", built in code: issue 18),
and no bracket opens inside another.

Engines still put "-" in an event for "nothing": stored events keep it (the fingerprint tests
hash them), and the text layer says it in words."""
from __future__ import annotations

import random
import re

import pytest
from PIL import ImageDraw

from bot.host.core import build_menu
from games.core.engine import Seat
from games.core.i18n import listed, t
from games.registry import get_engine, get_game
from tests.platform.test_names_not_ids import PLAYERS

LOCALES = ("en", "zh-CN")
# a dash or nothing as a field's value, "(-)", "(…, -)", "()"
LONE = re.compile(r"[:：][ \t]*[-—–][ \t]*(?=$|[,，;；.。)）|])|[:：][ \t]*(?=[,，;；.。)）|])|[:：][ \t]+$"
                  r"|[(（][ \t]*[-—–]?[ \t]*[)）]|\s[-—–][)）]")
DASH = re.compile(r"(?<![\w-])-(?![\w-])")  # a dash on its own ("Face-down" is a word)
ASCII_COLON = re.compile(r"\S: ")  # "P0 0 : 0 P1" is a score, not a label
CJK = r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]"
# an ASCII bracket right after or before Chinese (a space between or not): "命中 (前进射击)"
ASCII_BRACKET = re.compile(rf"{CJK} ?[()]|[()] ?{CJK}")


def nested(line: str) -> bool:
    depth = 0
    for ch in line:
        depth += (ch in "(（") - (ch in ")）")
        if depth > 1:
            return True
    return False


def problems(line: str, locale: str) -> list[str]:
    found = []
    if LONE.search(line):
        found.append("empty value")
    if locale == "zh-CN" and ASCII_COLON.search(line):
        found.append("ASCII ': ' in zh-CN")
    if locale == "zh-CN" and ASCII_BRACKET.search(line):
        found.append("ASCII bracket by Chinese text in zh-CN")
    if locale == "en" and "：" in line:
        found.append("full-width colon in English")
    if nested(line):
        found.append("nested brackets")
    return found


def options_for(key: str, seed: int) -> dict[str, str]:
    return {"fog_of_war": "true"} if key == "ironfire" and seed == 1 else {}  # face-down armies too


@pytest.mark.parametrize("key", sorted(PLAYERS))
def test_random_games_show_no_filler(key, monkeypatch):
    """Along random games (seeds 0 and 1, Iron & Fire's second under fog of war), in both
    languages: each seat's and the table's board, every event line (public and each seat's
    own), action labels, every step of the click menu, prompts and the strings the pictures
    draw (every fifth step)."""
    drawn: list[str] = []
    original = ImageDraw.ImageDraw.text

    def text(self, xy, txt, *args, **kwargs):
        drawn.append(str(txt))
        return original(self, xy, txt, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    game = get_game(key)
    engine, faces = game.engine, game.text
    found: dict[tuple[str, str], str] = {}
    for seed in (0, 1):
        rnd = random.Random(seed)
        step = engine.setup([Seat(index=i, name=f"P{i}") for i in range(PLAYERS[key])],
                            engine.parse_options(options_for(key, seed)), seed)
        state, events = step.state, list(step.events)
        for n in range(200):
            if engine.outcome(state):
                break
            seat = rnd.choice(engine.active_seats(state))
            legal = engine.legal_actions(state, seat)
            action = rnd.choice(legal)
            tokens = action.code().split()
            for loc in LOCALES:
                texts = [("board", faces.summary(engine.view(state, seat), loc)),
                         ("status", faces.summary(engine.view(state, None), loc)),
                         ("prompt", faces.prompt(state, seat, loc) or "")]
                for reader in range(PLAYERS[key]):
                    seen = [(e.key, e.params) for e in events if e.to is None or reader in e.to]
                    texts += [("log", line) for line in faces.event_lines(state, seen, loc)]
                texts += [("label", faces.describe_action(state, seat, a, loc)) for a in legal[:60]]
                for k in range(len(tokens)):
                    for option in build_menu(game, state, 1, seat, tokens[:k], loc).options:
                        texts += [("menu", option.label), ("menu", option.description)]
                if n % 5 == 0:
                    for who in (seat, None):
                        drawn.clear()
                        game.render(engine.view(state, who), loc)
                        texts += [("picture", label) for label in drawn]
                for where, text_ in texts:
                    for line in text_.splitlines():
                        for problem in problems(line, loc):
                            found.setdefault((where, problem), line)
            step = engine.apply(engine.load_state(engine.dump_state(state)), seat, action)
            state, events = step.state, list(step.events)
    assert not found, "\n".join(f"{where}, {problem}: {line!r}" for (where, problem), line in found.items())


def event_line(key: str, state, event: str, params: dict, locale: str) -> str:
    return get_game(key).text.event_lines(state, [(event, params)], locale)[0]


def started(key: str, players: int = 2):
    engine = get_engine(key)
    seats = [Seat(index=i, name=f"P{i}") for i in range(players)]
    return engine.setup(seats, engine.parse_options({}), 1).state


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("key, event, params", [
    # the engines' own "nothing" (engine.py: `or "-"`)
    ("ironfire", "ironfire.army_hidden", {"name": "P0", "n": 5, "abilities": "-"}),
    ("panzer", "panzer.ev.ammo_ready", {"name": "P0", "counts": "-"}),
])
def test_an_engines_nothing_reads_as_none(key, event, params, locale):
    line = event_line(key, started(key), event, params, locale)
    assert not problems(line, locale) and not DASH.search(line), line
    assert t(locale, "core.none") in line, line


@pytest.mark.parametrize("locale", LOCALES)
def test_conflict_leaves_out_who_is_nobody(locale):
    """"P1 is eliminated (by -).", "uses Nuke against -.", "(helped by -)" and "Face-down
    units -: -." (the spy saw none): the sentence leaves the nobody out, or says none."""
    state = started("conflict", 3)
    lines = [event_line("conflict", state, "conflict.ev.eliminated", {"player": "P1", "by": "-"}, locale),
             event_line("conflict", state, "conflict.ev.special", {"player": "P0", "name": "X", "target": "-"}, locale),
             event_line("conflict", state, "conflict.ev.saved", {"unit": "u1", "to": "Y", "helpers": "-"}, locale),
             event_line("conflict", state, "conflict.ev.spy_report",
                        {"target": "P2", "hand": "-", "units": "-", "names": "-"}, locale)]
    for line in lines:
        assert not problems(line, locale) and not DASH.search(line), line
    assert lines[0] == t(locale, "conflict.ev.eliminated", player="P1", by="")
    assert lines[3] == t(locale, "conflict.ev.spy_report", target="P2", hand=t(locale, "core.none"),
                         units=t(locale, "core.none"))
    # someone named reads as before: "P1 is eliminated by P0."
    by = event_line("conflict", state, "conflict.ev.eliminated", {"player": "P1", "by": "P0"}, locale)
    assert by == t(locale, "conflict.ev.eliminated", player="P1", by=t(locale, "conflict.ev.eliminated_by", name="P0"))
    helped = event_line("conflict", state, "conflict.ev.saved", {"unit": "u1", "to": "Y", "helpers": ["P1", "P2"]},
                        locale)
    assert listed(locale, ["P1", "P2"]) in helped, helped  # "P1, P2"; zh "P1、P2"


@pytest.mark.parametrize("locale", LOCALES)
def test_an_empty_fleet_hand_and_nobody_to_act_say_none(locale):
    from PIL import Image

    from games.core import render
    from games.fleet import present

    engine = get_engine("fleet")
    state, rnd = started("fleet"), random.Random(1)
    while present.in_build(engine.view(state, None)):  # random fleets, to the board
        seat = engine.active_seats(state)[0]
        state = engine.apply(state, seat, rnd.choice(engine.legal_actions(state, seat))).state
    view = engine.view(state, 0)
    for side in view["sides"]:
        if "hand" in side:
            side["hand"] = []
    text = present.summary(view, locale)
    assert t(locale, "fleet.label.hand", cards=t(locale, "core.none")) in text, text
    drawn: list[str] = []
    original = ImageDraw.ImageDraw.text

    def record(self, xy, txt, *args, **kwargs):
        drawn.append(str(txt))
        return original(self, xy, txt, *args, **kwargs)

    ImageDraw.ImageDraw.text = record
    try:
        render.with_banner(Image.new("RGB", (200, 50)), {"table": {"over": False, "to_act": []}}, locale)
    finally:
        ImageDraw.ImageDraw.text = original
    assert drawn == [t(locale, "core.picture.to_act", names=t(locale, "core.none"))]
