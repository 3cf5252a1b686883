"""`/play` by name, numbers and short words (issue 18, table12a): "/play choose faction 1"
matched all three of conflict's factions, "1" being inside each talent's "+1". A number
typed names a number in the name of an action's part ("Pz 38(t)"), never a label's figures
(a cost, "+1 range") nor a digit inside a longer one ("FA-07A" is not ship 7); one or two
letters match a whole word only; and a line ending in a number that names nothing is the
menu's number: the choice the same words offer in that place."""
from __future__ import annotations

import pytest

from bot.host.names import match_actions
from games.core.engine import Seat
from games.registry import get_engine, get_game
from tests.platform.conftest import cmd, reply_text, snapshot


def first_choice(key: str, players: int, seed: int):
    engine, game = get_engine(key), get_game(key)
    state = engine.setup([Seat(index=i, name=f"P{i}") for i in range(players)], engine.parse_options({}), seed).state
    return game, state, sorted(engine.active_seats(state))[0]


def named(key: str, players: int, seed: int, text: str) -> list[str]:
    game, state, seat = first_choice(key, players, seed)
    return [a.code() for a in match_actions(game, state, seat, text)]


@pytest.mark.parametrize("locale,words", [("en", "choose faction"), ("zh-CN", "选择势力")])
async def test_choose_faction_by_its_menu_number(host, locale, words):
    """Conflict, seed 100: "choose faction" offers the three factions; "choose faction 2"
    plays the second of them as that menu shows it, in English and in Chinese."""
    await host.handle(cmd("alice", "game.new", game="conflict"))
    await host.handle(cmd("bob", "game.join"))
    await host.handle(cmd("alice", "game.start"))
    sid = (await host.repo.open_session_in_channel(10)).id
    before = await snapshot(host, sid)
    menu = (await host.handle(cmd("alice", "play", code=words, locale=locale))).reply.menu
    assert menu is not None and len(menu.options) == 3  # the three, to click; nothing played
    assert await snapshot(host, sid) == before
    box = await host.handle(cmd("alice", "play", code=f"{words} 2", locale=locale))
    assert reply_text(box) == "✓ " + menu.options[1].label, reply_text(box)


def test_a_number_is_not_a_talents_plus_one():
    """Conflict's faction labels all read "+1" ("talent: all units +1 range"); "1" alone
    names none of them: it is the menu's first choice, never all three."""
    assert named("conflict", 3, 1, "choose faction 1") == ["faction sky"]
    assert named("conflict", 3, 1, "选择势力 3") == ["faction iron"]
    assert named("conflict", 3, 1, "choose faction 4") == []  # no fourth faction


def test_fleet_ship_numbers_and_letters_are_whole():
    """Fleet's ships "FA-07A Hummingbird", "FA-07C Bull", "White Pegasus": "ship 7" is
    neither FA-07 (nor the seventh choice: there are three), "ship a" no ship at all (it
    matched all three), "07" the two FA-07s."""
    assert named("fleet", 2, 1, "ship 7") == []
    assert named("fleet", 2, 1, "ship a") == []
    assert named("fleet", 2, 1, "07") == ["ship hummingbird", "ship bull"]
    # the ready-made Raider fleet names its ship since session 14 ("Raider: FA-07A Hummingbird, …"), so
    # "fa-07a" is both: the two are offered to click, never the FA-07C Bull
    assert sorted(named("fleet", 2, 1, "fa-07a")) == ["preset raider", "ship hummingbird"]


def test_panzer_costs_are_not_names():
    """The tank game's draft, "Pick Pz 38(t) (14 pt)": "pick 38" is the Pz 38(t), in both
    languages; "pick 14" (its cost, and three other tanks') is the fourteenth choice of the
    draft's menu, not the four tanks costing 14; "pick 1" only the tanks with a 1 in their
    name (M4A1, B1 bis), never the thirteen whose cost or name holds a 1 somewhere."""
    assert named("panzer", 2, 1, "pick 38") == ["pick pz38t"]
    assert named("panzer", 2, 1, "选取 38") == ["pick pz38t"]
    draft = named("panzer", 2, 1, "pick")
    assert named("panzer", 2, 1, "pick 14") == [draft[13]]
    assert named("panzer", 2, 1, "pick 1") == ["pick m4a1", "pick b1bis"]


def test_a_word_typed_whole_beats_one_it_starts():
    """The tank game (seed 1, both seats the normal bot with random.Random(1)): "face TANK S"
    offered S, SE and SW, "turn TANK NW" the hull and the turret turn ("Turn turret" holds
    "turn"). A whole word typed, the code's own verb, is the one meant: `turn`, `face s`."""
    import random

    engine, game = get_engine("panzer"), get_game("panzer")
    state = engine.setup([Seat(index=i, name=f"P{i}") for i in range(2)], engine.parse_options({}), 1).state
    rng, checked = random.Random(1), set()
    for _ in range(300):
        seat = sorted(engine.active_seats(state))[0]
        codes = [a.code().split() for a in engine.legal_actions(state, seat)]
        names = game.text.token_names(state, seat, "en")
        for verb, wanted in (("face", ["face", "s"]), ("turn", None)):
            if verb in checked:
                continue
            pairs = [c for c in codes if c[0] == "turn" and ["turret", *c[1:]] in codes] if verb == "turn" else \
                [c for c in codes if c == wanted]
            if pairs:
                code = pairs[0]
                tank = names[code[1]].split(" @")[0] if len(code) > 2 else \
                    game.text.describe_action(state, seat, engine.parse_action("face s"), "en").split(":")[0]
                line = f"{code[0]} {tank} {code[-1]}"  # "face T-34/85 #6 s", "turn Pz III J #14 nw"
                assert [a.code() for a in match_actions(game, state, seat, line)] == [" ".join(code)], line
                checked.add(verb)
        if checked == {"face", "turn"}:
            return
        state = engine.apply(state, seat, game.bot_action(state, seat, rng)).state
    raise AssertionError(f"only {checked} met in 300 moves")
