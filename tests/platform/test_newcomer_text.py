"""What a newcomer reads at the table (issue 18), found by playing every game at the console
with names and menus only: no message tells the player to type an internal action code, a
code shown to a player says it is a code and what it is for."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from games.registry import get_engine

GAMES = ("ironfire", "frontline", "panzer", "conflict", "fleet")
ROOT = Path(__file__).resolve().parents[2]
TICKED = re.compile(r"`([^`]+)`")


def messages(game: str):
    """(locale, key, text) of every message in a game's catalogs."""
    for path in sorted((ROOT / "games" / game / "locale").glob("*.toml")):
        def walk(table, prefix):
            for key, value in table.items():
                if isinstance(value, dict):
                    yield from walk(value, f"{prefix}{key}.")
                elif isinstance(value, str):
                    yield path.stem, prefix + key, value
        yield from walk(tomllib.loads(path.read_text(encoding="utf-8")), "")


@pytest.mark.parametrize("game", GAMES)
def test_no_message_asks_for_an_action_code(game):
    """The menus build every move by name (and `/play` takes the names): a message that says
    "(`dfire TANK GUN AMMO` or `hold`)" sends a newcomer to codes no menu shows."""
    verbs = {a.model_fields["kind"].default for a in get_engine(game).actions}
    bad = [(loc, key, text) for loc, key, text in messages(game)
           for span in TICKED.findall(text) if span.split()[0] in verbs]
    assert not bad


@pytest.mark.parametrize("game", GAMES)
def test_a_code_shown_to_a_player_says_what_it_is_for(game):
    """"Your deck: rangers*2,bazooka*2,…" and "Fleet loaded: bull/impact_flak,…" read as
    lists of internal ids; a deck or fleet code the game shows says how to keep it. (A
    refusal echoing the move typed, `.err.`, is not one.)"""
    shown = [(loc, key, text) for loc, key, text in messages(game)
             if "{code}" in text and ".err." not in key]
    assert all("/deck save" in text for _, _, text in shown), shown


def test_conflict_combat_cards_are_named():
    """"Revealed: u18 ADR against u21 DAR", "Your combat cards, in order: none." and the
    choice "Lay combat cards -" showed the combat cards by letter or not at all; every
    combat-card line and choice names them, in both languages (random 3-player games)."""
    import random

    from games.core.engine import Seat
    from games.registry import get_game

    game = get_game("conflict")
    engine = game.engine
    letters = re.compile(r"(?<![\w-])(?:[ADSR]{1,4}|none|-)(?![\w-])")
    seen = {"reveal": 0, "laid_you": 0, "lay": 0}
    for seed in range(3):
        rnd = random.Random(seed)
        state = engine.setup([Seat(index=i, name=f"P{i}") for i in range(3)], engine.parse_options({}), seed).state
        for _ in range(1500):
            if engine.outcome(state):
                break
            seat = rnd.choice(engine.active_seats(state))
            actions = engine.legal_actions(state, seat)
            for action in actions:
                if action.kind == "lay":
                    seen["lay"] += 1
                    for locale in ("en", "zh-CN"):
                        label = game.text.describe_action(state, seat, action, locale)
                        assert not letters.search(label.split("：")[-1].split(": ")[-1]), label
            step = engine.apply(state, seat, rnd.choice(actions))
            state = step.state
            for event in step.events:
                short = event.key.rsplit(".", 1)[-1]
                if event.key in ("conflict.ev.reveal", "conflict.ev.laid_you"):
                    seen[short] += 1
                    for locale in ("en", "zh-CN"):
                        line = game.text.event_lines(state, [(event.key, event.params)], locale)[0]
                        cards = line.split(":", 1)[-1].split("：", 1)[-1]
                        assert not letters.search(re.sub(r"\bu\d+\b", "", cards)), line
    assert all(seen.values()), seen


@pytest.mark.parametrize("game, players", [("frontline", 2), ("conflict", 3), ("panzer", 2)])
def test_the_roll_for_who_goes_first_names_who(game, players):
    """"🎲 The table rolls who goes first: 1 = **1**" said what the roll was for but not how
    it ended: the line names the player it chose (the one the game then lets go first)."""
    import random

    from games.core.engine import Seat
    from games.registry import get_game

    g = get_game(game)
    engine = g.engine
    for seed in range(4):
        names = [f"P{i}" for i in range(players)]
        step = engine.setup([Seat(index=i, name=n) for i, n in enumerate(names)], engine.parse_options({}), seed)
        state, events, rnd = step.state, list(step.events), random.Random(seed)
        for _ in range(300):  # until the first player is rolled (panzer: after the draft, on a tie)
            rolls = [e for e in events if e.key == "core.roll" and "first" in str(e.params.get("what"))
                     and "pick" not in str(e.params.get("what"))]
            if rolls or engine.outcome(state):
                break
            seat = rnd.choice(engine.active_seats(state))
            legal = engine.legal_actions(state, seat)
            # the tank game rolls only when both drafts cost and count the same: one same tank each
            same = [a for a in legal if a.kind == ("done" if getattr(state, "picks", None) and state.picks[seat]
                                                  else "pick")][:1]
            step = engine.apply(state, seat, same[0] if game == "panzer" and same else rnd.choice(legal))
            state, events = step.state, list(step.events)
        if not rolls:
            continue
        for locale in ("en", "zh-CN"):
            line = g.text.event_lines(state, [(rolls[0].key, rolls[0].params)], locale)[0]
            # the name of who goes first closes the line (a full stop may follow it)
            assert line.rstrip(".。").endswith(f"**{names[state.first]}**"), line
        return
    pytest.fail("no roll for the first player in 4 games")


def test_board_marks_are_explained_on_the_board():
    """"u8 Panzer IV 6/5[1]★ | u24 Panzer III 2/3»" and "Type 97 Kai #7 @K9↑↖[F*2]", "FA-07C Bull 25/25 ⚡0 🂠2+3": every
    mark the text board puts beside a unit is explained in a key line on the same board."""
    import random

    from games.core.engine import Seat
    from games.core.i18n import t
    from games.registry import get_game

    checked = {"frontline": 0, "panzer": 0, "fleet": 0}
    for key in checked:
        game = get_game(key)
        engine = game.engine
        glyphs = [t("en", f"frontline.mark.{k}") for k in ("guard", "smokescreen", "fury", "ambush", "blitz",
                                                           "pincer", "capture", "mobilize", "immune", "mountain")]
        glyphs += ["★", "⏸", "⇄"]
        for seed in range(3):
            rnd = random.Random(seed)
            state = engine.setup([Seat(index=0, name="A"), Seat(index=1, name="B")], engine.parse_options({}), seed).state
            for _ in range(250):
                if engine.outcome(state):
                    break
                seat = rnd.choice(engine.active_seats(state))
                state = engine.apply(state, seat, rnd.choice(engine.legal_actions(state, seat))).state
                for locale in ("en", "zh-CN"):
                    view = engine.view(state, 0)
                    if key == "panzer":  # the tank game's key comes when the host asks for it (status, first board)
                        assert t(locale, "panzer.legend.key", parts="") not in game.text.summary(view, locale)
                        view = {**view, "table": {"key": True}}
                    if key == "fleet":  # so does fleet's (it came under every post)
                        assert t(locale, "fleet.label.key") not in game.text.summary(view, locale)
                        view = {**view, "table": {"key": True}}
                    lines = game.text.summary(view, locale).splitlines()
                    keys = [line for line in lines if line.startswith(t(locale, "frontline.label.marks") + ": ")
                            or line.startswith(t(locale, "panzer.legend.key", parts=""))]
                    if key == "frontline":
                        board = [line for line in lines if " | " in line or line.endswith(": -")]
                        used = {g for g in glyphs if any(g in line for line in board)}
                        used |= {m for line in board for m in re.findall(r"\[\d+\]", line)}
                        assert not used or (len(keys) == 1 and all(f"{g} " in keys[0] for g in used)), (used, keys)
                        checked[key] += bool(used)
                    elif key == "fleet":
                        if any("⚡" in line for line in lines):
                            assert any(line.startswith(t(locale, "fleet.label.key")[:3]) and "⚡ " in line
                                       and "🂠 " in line for line in lines), lines
                            checked[key] += 1
                    elif any(re.search(r"@[A-L]\d+", line) for line in lines):  # the marks in use, each explained
                        from games.panzer.text import MARKS
                        inside = "".join(re.findall(r"\[([A-Z*\d]+)\]", "\n".join(lines)))
                        assert len(keys) == 1 and all(t(locale, f"panzer.mark.{name}") in keys[0]
                                                      for mark, name in MARKS.items() if mark in inside), lines
                        checked[key] += 1
    assert all(checked.values()), checked


# (game, locale, the word its moves and posts use, another word a menu step used for the same)
ONE_WORD = [("fleet", "zh-CN", "战甲", "机甲"), ("fleet", "zh-CN", "战舰", "舰船"),
            ("panzer", "zh-CN", "精准射击", "精确射击"), ("panzer", "zh-CN", "前进射击", "推进射击"),
            ("panzer", "en", "Precision shot", "Precise fire"), ("ironfire", "en", "Put back", "Drop"),
            ("fleet", "zh-CN", "现成舰队", "预设舰队")]  # the opening post said 现成舰队, the menu 预设舰队 (session 13)


@pytest.mark.parametrize("game, locale, word, other", ONE_WORD)
def test_one_word_for_one_thing(game, locale, word, other):
    """A menu step named "机甲" whose choices say "战甲", or "Drop — 2 choices" whose choice
    says "Put back PIAT Section", reads as two different things to a newcomer."""
    texts = [text for loc, _, text in messages(game) if loc == locale]
    assert any(word in text for text in texts)
    assert not [text for text in texts if other in text]
