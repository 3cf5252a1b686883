"""Names, never ids (issue 18): in random games of every engine, in both languages, what a
player reads — menu labels at every step of the click menu, action labels (select options,
autocomplete), `/game status` and `/hand` boards, and `/game log` lines — never shows an
engine's internal id bare, nor an action kind untranslated in zh-CN.

"Internal id" is defined by the engines' own formats: a card id or hidden token (`c` and ten
hex digits), a conflict territory id (`t12`), a tank id (`a1`, seat letter and number) in the
tank game, whose hexes have codes of the same form, and a menu option that is nothing but a
slot, unit, mech or ship id (`a2`). Nor beside a name: Iron & Fire's slots (`a4 M26 Pershing`),
frontline's and conflict's unit ids (`(own u18)`, `u7 Riflemen`) and fleet's mech ids
(`b1 Hammer`) were codes, not places; a unit reads by its name, its side and line, and an
ordinal where two share a name (`Pershing #2`), and the pictures draw the same labels, so a
menu's words can be found on the picture. An English text holds no Chinese (fleet's goals and
skills used to carry their Chinese names)."""
from __future__ import annotations

import importlib
import random
import re

import pytest

from bot.host.core import build_menu
from games.core.engine import Seat
 
from games.registry import get_engine, get_game

PLAYERS = {"ironfire": 2, "frontline": 2, "panzer": 2, "conflict": 3, "fleet": 2}
CARD_ID = re.compile(r"\bc[0-9a-f]{10}\b")
SLOT_ID = re.compile(r"[a-h]\d{1,2}")  # ironfire slots, fleet ships, panzer tanks and (old) hexes
TERRITORY_ID = re.compile(r"\bt\d{1,2}\b")
HAN = re.compile(r"[\u4e00-\u9fff]")
UNIT_ID = re.compile(r"\bu\d+\b")  # frontline's and conflict's units
PLACE_CODES = {"ironfire": re.compile(r"\b[a-h]\d{1,2}\b"),  # a seat's letter and a slot number
               "frontline": UNIT_ID, "conflict": UNIT_ID,
               "fleet": re.compile(r"\b[ab]\d\b"),  # a side's letter and a mech number
               "panzer": re.compile(r"\b[a-z]\d{1,2}\b")}  # a tank id (hexes read `C4`)
ANYWHERE = {"ironfire": [CARD_ID, PLACE_CODES["ironfire"]], "frontline": [CARD_ID, UNIT_ID],
            "panzer": [CARD_ID, PLACE_CODES["panzer"]], "conflict": [CARD_ID, TERRITORY_ID, UNIT_ID],
            "fleet": [CARD_ID, PLACE_CODES["fleet"]]}


def sample(key: str, seeds=(0, 1), steps=160):
    """(state, seat, action chosen) along random games."""
    engine = get_engine(key)
    for seed in seeds:
        rnd = random.Random(seed)
        seats = [Seat(index=i, name=f"P{i}") for i in range(PLAYERS[key])]
        step = engine.setup(seats, engine.parse_options({}), seed)
        state, events = step.state, list(step.events)
        for _ in range(steps):
            if engine.outcome(state):
                break
            seat = rnd.choice(engine.active_seats(state))
            action = rnd.choice(engine.legal_actions(state, seat))
            yield state, seat, action, events
            step = engine.apply(engine.load_state(engine.dump_state(state)), seat, action)
            state, events = step.state, list(step.events)


def bare_ids(key: str, text: str) -> list[str]:
    return [m.group(0) for rx in ANYWHERE[key] for m in rx.finditer(text)]


def tank_ids(state, text: str) -> list[str]:
    ids = {tk.id for tk in state.tanks}
    return [w for w in re.findall(r"[A-Za-z]\d{1,2}", text) if w in ids]


@pytest.mark.parametrize("key", sorted(PLAYERS))
def test_menus_boards_and_log_lines_name_things(key):
    game = get_game(key)
    engine, faces = game.engine, game.text
    kinds = {t.model_fields["kind"].default for t in engine.actions}
    found: list[tuple[str, str]] = []
    for state, seat, action, events in sample(key):
        tokens = action.code().split()
        for loc in ("en", "zh-CN"):
            texts = [("board", faces.summary(engine.view(state, seat), loc)),
                     ("status", faces.summary(engine.view(state, None), loc))]
            texts += [("log", line) for line in faces.event_lines(state, [(e.key, e.params) for e in events], loc)]
            texts += [("label", faces.describe_action(state, seat, a, loc)) for a in engine.legal_actions(state, seat)[:60]]
            for k in range(len(tokens)):
                for option in build_menu(game, state, 1, seat, tokens[:k], loc).options:
                    texts += [("menu", option.label), ("select option description", option.description)]
                    if SLOT_ID.fullmatch(option.label) or CARD_ID.fullmatch(option.label) or option.label.isdigit():
                        found.append(("bare menu option", option.label))
                    if loc == "zh-CN" and option.label in kinds:
                        found.append(("untranslated verb", option.label))
            for where, text in texts:
                found += [(where, f"{i} in {text[:80]!r}") for i in bare_ids(key, text)]
                if loc == "en" and HAN.search(text):  # an English player reads English names only
                    found.append((where, f"Chinese in English text {text[:80]!r}"))
                if key == "panzer":
                    found += [(where, f"tank id {i} in {text[:80]!r}") for i in tank_ids(state, text)]
    shown = sorted(set(found))
    assert not shown, f"{len(shown)} ids shown, e.g.:\n" + "\n".join(f"{w}: {x}" for w, x in shown[:25])


@pytest.mark.parametrize("key", sorted(PLAYERS))
def test_pictures_label_things_as_the_texts_do(key, monkeypatch):
    """Every string the board pictures draw (each seat's and the public one, both languages,
    along random games) holds no code the texts no longer show: where a menu names a unit,
    the picture shows that name (and its ordinal), not a slot or id."""
    from PIL import ImageDraw

    drawn: list[str] = []
    original = ImageDraw.ImageDraw.text

    def text(self, xy, text, *args, **kwargs):
        drawn.append(str(text))
        return original(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    importlib.import_module("games.ironfire.render")._mask.cache_clear()  # labels drawn once are reused: draw them again here
    game = get_game(key)
    found: set[str] = set()
    for i, (state, seat, _, _) in enumerate(sample(key, steps=160)):
        if i % 4:  # a picture every few steps keeps the test short
            continue
        for loc in ("en", "zh-CN"):
            for who in (seat, None):
                drawn.clear()
                game.render(game.engine.view(state, who), loc)
                found |= {label for label in drawn for _ in bare_ids(key, label)}
    assert not found, f"{len(found)} picture labels with codes, e.g. {sorted(found)[:20]}"


async def test_autocomplete_offers_labels_not_codes(host):
    """`/play` autocomplete shows each action by its label; the code (with its card ids) is
    only the value Discord sends back."""
    from tests.platform.conftest import cmd

    await host.handle(cmd("alice", "game.new", game="frontline"))
    await host.handle(cmd("bob", "game.join"))
    await host.handle(cmd("alice", "game.start"))
    for user, deck in (("alice", "blitz"), ("bob", "red_guard")):
        await host.handle(cmd(user, "play", code=f"deck {deck}"))
    suggestions = await host.suggest(cmd("alice", "play"), "code", "")
    assert suggestions and any(CARD_ID.search(value) for value, _ in suggestions)  # swap c…: ids in values
    assert not any(CARD_ID.search(label) for _, label in suggestions)


async def test_a_refusal_names_the_tank_not_its_id(host):
    """The rules refuse with the ids they know (`panzer.err.not_your_tank tank=a1`); the
    player reads the tank's name, and the refused command changes nothing."""
    from tests.platform.conftest import bots_play_panzer_until, cmd, reply_text, snapshot

    sid, *_ = await bots_play_panzer_until(host, lambda game, state, seat: state.phase == "deploy" and seat == 1, 200)
    before = await snapshot(host, sid)
    text = reply_text(await host.handle(cmd("bob", "play", code="deploy a1 a1")))
    assert "#1" in text and "a1" not in text, text
    assert await snapshot(host, sid) == before


@pytest.mark.parametrize("key", sorted(PLAYERS))
def test_refusals_name_things_as_the_menus_do(key):
    """Every refusal a player reads names what it is about (issue 18: "You hold no card
    c7eb4fc555e", "That move is not allowed now: arrange t5 1", "a7 is not one of your
    cards" with the rules' ids). Along random games, stale and other seats' moves are tried
    for every seat; the refusals, as the host shows them (`names.named_params` for that seat),
    hold no card id, territory id or tank id, in either language, and no blank in quotes
    ("None of your actions is called “…”." for an id the seat cannot name)."""
    from bot.host.names import named_refusal
    from games.core.errors import RuleError
    from games.core.i18n import t

    engine = get_engine(key)
    found, tried = set(), 0
    rnd = random.Random(3)
    seen_actions: list = []
    for state, seat, action, _ in sample(key, seeds=(0,), steps=120):
        seen_actions.append(action)
        tokens = action.code().split()  # codes typed at /play: a verb with an id, an id alone, words
        typed = [" ".join([tokens[0], "zz9", *tokens[2:]]), tokens[-1], "u1", "fly away"]
        for other in rnd.sample(seen_actions, min(4, len(seen_actions))) + typed:
            for s in range(PLAYERS[key]):
                try:
                    move = engine.parse_action(other) if isinstance(other, str) else other
                    engine.apply(engine.load_state(engine.dump_state(state)), s, move)
                except RuleError as exc:
                    tried += 1
                    for loc in ("en", "zh-CN"):
                        shown, params = named_refusal(get_game(key).text, state, s, exc.key, exc.params, loc)
                        text = t(loc, shown, **params)
                        ids = bare_ids(key, text) + (tank_ids(state, text) if key == "panzer" else [])
                        found |= {f"{exc.key}: {text[:100]}" for _ in ids}
                        if re.search(r"[“\"]\s*…?\s*[”\"]", text):
                            found.add(f"{exc.key}: blank quote: {text[:100]}")
    assert tried > 50
    assert not found, "\n".join(sorted(found)[:20])


def test_a_conflict_menu_names_the_player_a_card_is_played_on():
    """Conflict's `aid CARD SEAT GIFT` and `wreck CARD SEAT WHAT`: the step after the card
    offered bare seat numbers ("0 — 4 choices"); it names the player."""
    engine = get_engine("conflict")
    checked = 0
    for state, seat, action, _ in sample("conflict", seeds=(0, 1, 2), steps=300):
        tokens = action.code().split()
        if tokens[0] in ("aid", "wreck"):
            options = build_menu(get_game("conflict"), state, 1, seat, tokens[:2], "en").options
            names = {str(i): p.name for i, p in enumerate(state.players)}
            assert all(names[o.value] in o.label and not o.label.isdigit() for o in options), options
            checked += 1
    assert checked


BOARD_THINGS = {  # the ids of the units, mechs and tanks on the table, as the action codes carry them
    "ironfire": lambda st: [u.slot for p in st.players for u in p.army],
    "frontline": lambda st: list(st.units),
    "conflict": lambda st: list(st.units),
    "fleet": lambda st: [m.uid for side in st.sides for m in side.mechs] if st.phase == "play" else [],
    "panzer": lambda st: [tk.id for tk in st.tanks],
}


@pytest.mark.parametrize("key", sorted(PLAYERS))
def test_two_things_of_one_name_read_apart_and_play_by_their_labels(key):
    """"Where two things share a name, add what tells them apart" (issue 18): along random
    games, no two units (mechs, tanks) on the table read alike to any seat, in either
    language; and an action on one of two that share a name is played by its menu label
    (`/play Target M2A1 105 mm Howitzer #2 5/5`), which names that action and no other."""
    from bot.host.names import match_actions

    game = get_game(key)
    twins = played = 0
    for state, seat, _, _ in sample(key, seeds=(0, 1)):
        for loc in ("en", "zh-CN"):
            names = game.text.token_names(state, seat, loc)
            things = [names[i] for i in BOARD_THINGS[key](state)]
            assert len(set(things)) == len(things), sorted(things)
            twins += sum("#" in name for name in things)
        for action in game.engine.legal_actions(state, seat):
            if "#" in (label := game.text.describe_action(state, seat, action, "en")) and played < 20:
                assert match_actions(game, state, seat, label) == [action], label
                played += 1
    assert twins and played
