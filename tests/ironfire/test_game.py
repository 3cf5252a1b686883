"""Whole games: random playouts, secrets, presentation, the bot seat and concession."""
import io
import json
import random
import re

import pytest
from PIL import Image

from games.core.playout import check_secrets, run_playouts
from games.core.render import has_ink
from games.ironfire import ENGINE, GAME
from tests.ironfire.helpers import battle, new_game, play, seats


@pytest.mark.parametrize("players,fog", [(2, "false"), (2, "true"), (4, "false"), (4, "true")])
def test_random_playouts_finish_without_errors_or_leaks(players, fog):
    report = run_playouts(GAME, 12, seed=players * 10 + (fog == "true"), players=players,
                          options={"fog_of_war": fog})
    assert report.ok, report.first_problem()
    assert report.finished == 12


def test_playouts_with_variants_and_bot():
    for options in ({"format": "alt20", "logistics": "each"}, {"match": "3", "logistics": "60"},
                    {"bans": "t34,tiger", "fog_of_war": "true", "match": "2"}):
        report = run_playouts(GAME, 6, seed=5, players=3, options=options)
        assert report.ok, (options, report.first_problem())
    report = run_playouts(GAME, 4, seed=9, players=2, use_bot=True, options={"fog_of_war": "true"})
    assert report.ok, report.first_problem()


def test_opponents_never_see_face_down_cards_or_secret_selection():
    state = battle([["tiger", "stuka"], ["t34", "il2"]], fog=True)
    for seat, other_cards in ((0, ("t34", "il2")), (1, ("tiger", "stuka"))):
        seen = json.dumps(ENGINE.view(state, seat)) + json.dumps(ENGINE.view(state, None))
        assert not any(c in seen for c in other_cards)
        # the other army's two cards are face-down cards to this reader (one line, their numbers);
        # its own two say what they are
        board = GAME.text.summary(ENGINE.view(state, 1 - seat), "en")
        assert len(re.findall(r"^  face-down card: #\d+ · #\d+$", board, re.M)) == 1, board
        assert board.count(" · face-down card #") == 2, board
    assert check_secrets(ENGINE, state, [], 2) == []
    # a public event about a face-down card names its slot only
    state.players[0].logistics = 1  # both cards must be cut off
    events = ENGINE._end_round(state)
    play(state, 0, "cut a1")
    cut_events = [e for e in ENGINE.apply(state, 0, ENGINE.parse_action("cut a2")).events if e.to is None]
    assert all("stuka" not in json.dumps(e.params) and "Stuka" not in json.dumps(e.params) for e in cut_events)
    assert all(e.to == [0] for e in events if e.key == "ironfire.must_cut")


def test_summary_render_and_describe_in_both_languages():
    state = battle([["tiger", "guards", "stuka", "flak88"], ["t34", "il2", "field_repair"]], env="city")
    state.players[0].army[0].heavy = True
    state.players[0].army[0].cv = 5
    for loc in ("zh-CN", "en"):
        view = ENGINE.view(state, None)
        text = GAME.text.summary(view, loc)
        assert len(text) <= 1500 and ("虎式坦克 5/13" in text if loc == "zh-CN" else "Tiger I 5/13" in text)
        png = GAME.render(view, loc)
        img = Image.open(io.BytesIO(png))
        assert img.format == "PNG" and has_ink(img, (12, 70, 400, 100), (236, 230, 214))
    labels = [GAME.text.describe_action(state, 0, a, "zh-CN") for a in ENGINE.legal_actions(state, 0)]
    assert "虎式坦克 5/13攻击：对装甲" in labels
    labels = [GAME.text.describe_action(state, 0, a, "en") for a in ENGINE.legal_actions(state, 0)]
    assert "Ju 87 Stuka 6/6 attacks vs armour" in labels


def test_describe_hides_face_down_cards():
    state = battle([["tiger"], ["t34"]], fog=True)
    play(state, 0, "attack a1 armour")
    labels = [GAME.text.describe_action(state, 0, a, "en") for a in ENGINE.legal_actions(state, 0)]
    # b1 was face-down card #2 beside a1 (#1, now turned up): it keeps its number
    assert labels == ["Target face-down card #2", "Skip this attack (no target chosen)"]  # none chosen yet (ironfront16)


def test_bot_builds_a_legal_army_within_budget():
    state = new_game(seed=4, logistics="40")
    rng = random.Random(1)
    while state.phase in ("deck", "army"):
        seat = ENGINE.active_seats(state)[0]
        ENGINE.apply(state, seat, GAME.bot_action(state, seat, rng))
    for p in state.players:
        assert p.army and ENGINE.army_logistics(p) <= 40
        assert ENGINE.army_logistics(p) >= 36  # it fills the budget sensibly


def test_bot_beats_random_play():
    wins = 0
    for g in range(12):
        rng = random.Random(g)
        state = ENGINE.setup(seats(2), ENGINE.parse_options({}), g).state
        while ENGINE.outcome(state) is None:
            seat = rng.choice(ENGINE.active_seats(state))
            act = GAME.bot_action(state, seat, rng) if seat == 0 else rng.choice(ENGINE.legal_actions(state, seat))
            ENGINE.apply(state, seat, act)
        wins += ENGINE.outcome(state).winners == [0]
    assert wins >= 10


def test_bot_does_not_peek_at_face_down_cards():
    state = battle([["tiger", "stuka"], ["t34", "grenadier"]], fog=True)
    twin = ENGINE.load_state(ENGINE.dump_state(state))
    twin.players[1].army[0].card, twin.players[1].army[1].card = "grenadier", "t34"  # swap what is hidden
    a = GAME.bot_action(state, 0, random.Random(3))
    b = GAME.bot_action(twin, 0, random.Random(3))
    assert a == b


@pytest.mark.parametrize("phase_steps", [0, 1, 3, 40])
def test_resign_always_works(phase_steps):
    for n in (2, 3):
        state = new_game(n, seed=8)
        rng = random.Random(phase_steps)
        for _ in range(phase_steps):
            if ENGINE.outcome(state) is not None:
                break
            seat = ENGINE.active_seats(state)[0]
            ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
        active = ENGINE.active_seats(state)
        quitter = active[0] if active else 0
        ENGINE.resign(state, quitter)
        assert ENGINE.invariants(state) == []
        if n == 2:
            assert ENGINE.outcome(state).winners == [1 - quitter]
        else:
            assert ENGINE.outcome(state) is None and ENGINE.active_seats(state)
            assert quitter not in ENGINE.active_seats(state)


def test_every_label_board_and_event_reads_in_both_languages():
    """A whole random 3-player game with fog of war and a match: every legal action's label,
    every board and every event renders without a missing key or an unfilled {param}."""
    rng = random.Random(4)
    state = ENGINE.setup(seats(3), ENGINE.parse_options({"fog_of_war": "true", "match": "2"}), 4).state
    seen_events = set()
    while ENGINE.outcome(state) is None:
        seat = rng.choice(ENGINE.active_seats(state))
        legal = ENGINE.legal_actions(state, seat)
        for loc in ("zh-CN", "en"):
            for a in legal:
                label = GAME.text.describe_action(state, seat, a, loc)
                assert "ironfire." not in label and "{" not in label, label
            board = GAME.text.summary(ENGINE.view(state, seat), loc)
            assert len(board) <= 1500 and "ironfire." not in board
        step = ENGINE.apply(state, seat, rng.choice(legal))
        for e in step.events:
            seen_events.add(e.key)
            for loc in ("zh-CN", "en"):
                text = GAME.text.event_lines(step.state, [(e.key, e.params)], loc)[0]  # as the table reads it
                assert "ironfire." not in text and "{" not in text, (e.key, text)
    assert {"ironfire.attack", "ironfire.reveal", "ironfire.shuffled", "ironfire.next_game",
            "ironfire.game_over"} <= seen_events
