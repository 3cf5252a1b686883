"""Random playouts, the bot seat, secrets in views and events, text and image output."""
import random

from games.core.i18n import localize_value
from games.panzer.data import ROSTER

from games.core.i18n import t
from games.core.playout import run_playouts
from games.core.render import has_ink
from games.panzer import ENGINE, GAME
from tests.panzer.helpers import seats


def test_random_playouts_finish_without_errors_or_leaks():
    report = run_playouts(GAME, 6, seed=11)
    assert report.ok, report.first_problem()
    assert report.finished == 6


def test_random_playouts_with_every_option_and_the_armies_opening():
    opts = {"map": "kuromorimine1", "opening": "armies", "veteran": "per_mode", "hybrid": "1", "unreliable": "1",
            "spotting": "1", "shortage": "1", "rounds": "4"}
    report = run_playouts(GAME, 3, seed=12, options=opts)
    assert report.ok, report.first_problem()


def _bot_game(seed, bot_seats=(0, 1)):
    state = ENGINE.setup(seats(), ENGINE.parse_options({"rounds": "6"}), seed).state
    rng = random.Random(seed)
    while ENGINE.outcome(state) is None:
        seat = ENGINE.active_seats(state)[0]
        if seat in bot_seats:
            action = GAME.bot_action(state, seat, rng)
        else:
            action = rng.choice(ENGINE.legal_actions(state, seat))
        assert action in ENGINE.legal_actions(state, seat)
        state = ENGINE.apply(state, seat, action).state
    return state


def test_bot_beats_random_play():
    # the bot seat (seat 0) against random legal moves: it should win most games and score
    # clearly more points (eight games: four proved too few to tell a good bot from luck)
    wins, points = 0, [0.0, 0.0]
    for seed in range(8):
        outcome = ENGINE.outcome(_bot_game(seed, bot_seats=(0,)))
        wins += outcome.winners == [0]
        points = [p + s for p, s in zip(points, outcome.scores)]
    assert wins > 4 and points[0] >= 2 * points[1]


def test_no_hidden_ammunition_in_public_view_or_the_opponents():
    state = ENGINE.setup(seats(), ENGINE.parse_options({}), 5).state
    rng = random.Random(5)
    checked = 0
    while ENGINE.outcome(state) is None and checked < 200:
        seat = ENGINE.active_seats(state)[0]
        step = ENGINE.apply(state, seat, GAME.bot_action(state, seat, rng))
        state = step.state
        secrets = ENGINE.secrets(state)
        for owner, tokens in secrets.items():
            for tok in tokens:
                assert tok not in str(ENGINE.view(state, None))
                assert tok not in str(ENGINE.view(state, 1 - owner))
                assert all(tok not in str(e.params) for e in step.events if e.to is None or owner not in e.to)
                assert tok in str(ENGINE.view(state, owner))
                checked += 1
    assert checked > 0


def test_summary_and_image_from_a_view():
    state = ENGINE.setup(seats(), ENGINE.parse_options({}), 8).state
    rng = random.Random(8)
    while not (state.phase == "moving" and state.turn_no >= 2):
        seat = ENGINE.active_seats(state)[0]
        state = ENGINE.apply(state, seat, GAME.bot_action(state, seat, rng)).state
    for loc in ("zh-CN", "en"):
        view = ENGINE.view(state, None)
        text = GAME.text.summary(view, loc)
        first = state.tanks[0]  # named by model and number, its hex in capitals; never by its id
        label = f"{localize_value(ROSTER[first.type].name, loc)} #1 @{ENGINE.gmap(state).names[first.pos].upper()}"
        assert len(text) <= 1500 and label in text and f"{first.id}(" not in text
        png = GAME.render(view, loc)
        assert png[:4] == b"\x89PNG"
    assert view["reach"] and view["arc"]  # the selected tank shows its reach and firing arc
    from io import BytesIO

    from PIL import Image
    img = Image.open(BytesIO(GAME.render(ENGINE.view(state, None), "zh-CN")))
    assert has_ink(img, (16, 8, 200, 30), (250, 248, 240))  # the title (CJK) really drew


def test_every_action_has_a_label_in_both_languages():
    state = ENGINE.setup(seats(), ENGINE.parse_options({}), 9).state
    rng = random.Random(9)
    seen = set()
    for _ in range(3000):
        if ENGINE.outcome(state) is not None:
            break
        seat = ENGINE.active_seats(state)[0]
        for a in ENGINE.legal_actions(state, seat):
            if a.kind not in seen:
                seen.add(a.kind)
                for loc in ("zh-CN", "en"):
                    label = GAME.text.describe_action(state, seat, a, loc)
                    assert not label.startswith("panzer.") and "{" not in label, label
        state = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat))).state
    assert {"pick", "deploy", "face", "load", "precise", "drive", "go", "endturn"} <= seen


def test_every_message_key_has_both_languages():
    import re
    from pathlib import Path
    src = "".join(p.read_text() for p in Path("games/panzer").glob("*.py"))
    used = set(re.findall(r'"(panzer\.(?:ev|err|roll|why|end)\.[a-z_0-9]+)"', src))
    used |= {f"panzer.err.{k}" for k in re.findall(r'"panzer\.err\.([a-z_]+)"', src)}
    assert len(used) > 40
    for key in used:
        for loc in ("zh-CN", "en"):
            assert t(loc, key) != key, (loc, key)
