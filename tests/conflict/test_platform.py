"""Random playouts, secrets, data validation, text and pictures."""
import json
import re
from pathlib import Path

import pytest

from games.conflict import ENGINE, GAME
from games.conflict.present import units_of
from games.conflict.data import load_content
from games.core.playout import run_playouts

from tests.conflict.helpers import clear_hand, give, outer, play, started, unit

ROOT = Path(__file__).resolve().parents[2] / "games" / "conflict"


@pytest.mark.parametrize("players,games", [(2, 6), (3, 3), (6, 1)])
def test_random_playouts_finish_without_errors_or_leaks(players, games):
    report = run_playouts(GAME, games, seed=20 + players, players=players)
    assert report.ok, report.first_problem()
    assert report.finished == games


def test_bot_seats_play_whole_games():
    report = run_playouts(GAME, 2, seed=5, players=3, use_bot=True)
    assert report.ok, report.first_problem()


def test_face_down_units_and_hands_never_reach_other_seats():
    state = started(3, seed=4)
    a = state.turn
    u = unit(state, a, "sniper_ana", outer(state, a)[0], up=False)
    secrets = ENGINE.secrets(state)
    assert u.mask in secrets[a]
    for seat in (None, (a + 1) % 3, (a + 2) % 3):
        text = json.dumps(ENGINE.view(state, seat), ensure_ascii=False)
        assert u.mask not in text and not any(c.id in text for c in state.players[a].hand)
        row = next(r for r in units_of(ENGINE.view(state, seat)) if r[0] == u.id)
        assert row[5] is None  # the card of a face-down unit is hidden
    assert "sniper_ana" in json.dumps(ENGINE.view(state, a))


def test_data_files_load_and_meet_the_minimum():
    data = load_content()
    assert len(data.factions) >= 6 and len(data.territories) >= 24
    fielded = [c for c in data.cards.values() if c.fielded]
    assert len(fielded) >= 30
    assert {c.type for c in fielded} == {"unit", "character", "vehicle"}


def test_bad_data_names_the_file_and_the_entry(tmp_path):
    for name in ("factions.toml", "territories.toml", "cards.toml"):
        (tmp_path / name).write_text((ROOT / "data" / name).read_text(encoding="utf-8"), encoding="utf-8")
    cards = (tmp_path / "cards.toml").read_text(encoding="utf-8")
    (tmp_path / "cards.toml").write_text(cards.replace('key = "jeep"\ntype = "vehicle"', 'key = "jeep"\ntype = "vehicle"\nspeed = 3'),
                                         encoding="utf-8")
    with pytest.raises(ValueError, match=r"cards.toml: entry 'jeep'"):
        load_content(tmp_path)
    (tmp_path / "cards.toml").write_text(cards, encoding="utf-8")  # valid again
    terr = (tmp_path / "territories.toml").read_text(encoding="utf-8")
    (tmp_path / "territories.toml").write_text(terr.replace("durability = 6", "durability = 60", 1), encoding="utf-8")
    with pytest.raises(ValueError, match=r"territories.toml: entry 'northgate'"):
        load_content(tmp_path)


def test_every_message_key_has_both_languages():
    used = set()
    for path in ROOT.glob("*.py"):
        used |= set(re.findall(r'"@?(conflict\.[a-z_]+\.[a-z_]+)"', path.read_text(encoding="utf-8")))
    used |= {f"conflict.act.{a.model_fields['kind'].default}" for a in ENGINE.actions}
    used |= {f"conflict.goal.{g}" for g in ("conquest", "justice", "doomsday", "cap")}
    used |= {f"conflict.ach.{a}" for a in ("antipeace", "envoy", "loser", "boss", "economy", "doom", "judge")}
    used |= {f"conflict.ev.{k}_offer" for k in ("sell", "buy")}
    used |= {f"conflict.phase.{k}" for k in ("setup", "develop", "battle", "post", "end", "over")}
    used |= {f"conflict.word.{k}" for k in ("A", "D", "S", "R", "none", "up", "down", "hand", "fit")}
    used |= {f"conflict.req.{k}" for k in ("strike", "hbomb", "neutron", "smite", "emp", "plague", "hack",
                                          "assassinate", "move", "buy_offer", "sell_offer", "pact")}
    for loc in ("zh-CN", "en"):
        missing = sorted(k for k in used if not _in_catalog(k, loc))
        assert not missing, (loc, missing)


def _in_catalog(key, loc):
    import tomllib
    data = tomllib.loads((ROOT / "locale" / f"{loc}.toml").read_text(encoding="utf-8"))
    node = data
    for part in key.split("."):
        if not isinstance(node, dict) or part not in node:
            return False
        node = node[part]
    return True


def test_describe_summary_and_render_in_both_languages():
    state = started(3, seed=4)
    a = state.turn
    for act in ENGINE.legal_actions(state, a)[:30]:
        for loc in ("zh-CN", "en"):
            label = GAME.text.describe_action(state, a, act, loc)
            assert label and "conflict.act" not in label
    view = ENGINE.view(state, None)
    for loc in ("zh-CN", "en"):
        text = GAME.text.summary(view, loc)
        assert len(text) <= 1500 and state.players[a].name in text
    png = GAME.render(view, "zh-CN")
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    from io import BytesIO
    from PIL import Image
    from games.core.render import has_ink
    img = Image.open(BytesIO(png))
    assert has_ink(img, (180, 46, 340, 120), (245, 242, 235))  # a territory box with its name


def test_rejected_custom_term_in_both_languages():
    from games.core import RuleError
    from games.core.i18n import t
    state = started(3, seed=4)
    a = state.turn
    clear_hand(state, a)
    cid = give(state, a, "pact")
    play(state, a, f"pact {cid} {(a + 1) % 3}")
    with pytest.raises(RuleError) as err:
        play(state, a, "term a,b")
    for loc in ("zh-CN", "en"):
        assert "conflict.err" not in t(loc, err.value.key, **err.value.params)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_conceding_at_any_moment_keeps_the_game_sound(players):
    """Random games where a random seat concedes at a random step (setup included)."""
    import random
    from games.core import Seat
    for seed in range(4):
        rng = random.Random(seed * 31 + players)
        state = ENGINE.setup([Seat(index=i, name=f"P{i}") for i in range(players)], ENGINE.parse_options({}), seed).state
        resign_at = rng.choice([0, 2, 5, 40, 150, 400])
        for step in range(3000):
            if ENGINE.outcome(state) is not None:
                break
            if step == resign_at:
                ENGINE.resign(state, rng.randrange(players))
                assert ENGINE.invariants(state) == []
                continue
            seat = rng.choice(ENGINE.active_seats(state))
            state = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat))).state
            assert ENGINE.invariants(state) == []
        if players == 2:
            assert ENGINE.outcome(state) is not None
