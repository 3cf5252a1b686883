"""Deck building, data files, views and secrets, text, pictures, bot seat, playouts."""
import json
import random
import re
from pathlib import Path

import pytest

from games.core import RuleError
from games.core.i18n import _catalogs, t
from games.core.playout import check_secrets, run_playouts
from games.frontline import ENGINE, GAME
from games.frontline.cards import CARDS, load_cards, load_presets, parse_deck

from .helpers import act, battle, card, seats, started, unit

SRC = Path(__file__).parents[2] / "games" / "frontline"


# --- deck building -------------------------------------------------------------------------
def test_four_presets_are_valid_decks_of_two_nations():
    presets = ENGINE.loadout_presets()
    assert len(presets) >= 4
    mains = set()
    for code in presets.values():
        main, ally, keys = parse_deck(code)
        mains.add(main)
        assert len(keys) == 39 and sum(CARDS[k].nation == ally for k in keys) <= 12
    assert mains == {"de", "su"}


def test_validate_loadout_normalizes_and_rejects():
    code = ENGINE.loadout_presets()["blitz"]
    body = code.split("/")[2].split(",")
    shuffled = "DE/it/" + ",".join(reversed(body))
    assert ENGINE.validate_loadout(shuffled) == code
    cases = {
        "de/it": "frontline.deck.format",
        "it/de/g01x3": "frontline.deck.main",
        "de/su/g01x3": "frontline.deck.ally",
        "de/it/zz1x3": "frontline.deck.unknown",
        "de/it/t01x3": "frontline.deck.unknown",  # tokens are not collectible
        "de/it/g01x4": "frontline.deck.copies",
        "de/it/s01x3": "frontline.deck.nation",
        "de/it/g01x3": "frontline.deck.size",
        "de/it/g01x3,g02x3,g03x3,g04x3,g05x3,g06x3,i01x3,i02x3,i03x3,i04x3,i05x3,i06x3,i07x3": "frontline.deck.allied",
    }
    for bad, key in cases.items():
        with pytest.raises(RuleError) as err:
            ENGINE.validate_loadout(bad)
        assert err.value.key == key, bad
        assert t("en", key, **err.value.params) != key and t("zh-CN", key, **err.value.params) != key


def test_custom_deck_code_in_game_and_bad_code_leaves_state():
    st = ENGINE.setup(seats(), ENGINE.parse_options({}), 3).state
    before = ENGINE.dump_state(st)
    with pytest.raises(RuleError):
        act(st, 0, "deck de/it/g01x3")
    assert ENGINE.dump_state(st) == before
    code = ENGINE.loadout_presets()["winter"]
    act(st, 0, f"deck {code}")
    assert st.players[0].deck_code == code and st.players[0].main == "su"


# --- data files ----------------------------------------------------------------------------
def test_card_pool_covers_the_rulebook():
    units = [c for c in CARDS.values() if c.kind == "unit" and c.collectible]
    assert {c.type for c in units} == {"infantry", "tank", "artillery", "fighter", "bomber"}
    for nation in ("de", "su"):
        assert {c.type for c in units if c.nation == nation} == {"infantry", "tank", "artillery", "fighter", "bomber"}
    keywords = {k for c in units for k in c.keywords} | ({"armour"} if any(c.armour for c in units) else set())
    assert keywords >= {"guard", "smokescreen", "fury", "ambush", "blitz", "pincer", "armour", "capture",
                        "mobilize", "immune", "mountain"}
    assert max(c.armour for c in units) == 3
    ops = {e.do for c in CARDS.values() for e in c.effects + c.destroyed + c.discarded + c.on_attack + c.on_order}
    assert ops >= {"stat", "opcost", "damage", "kredits", "kredits_next", "slots", "draw", "draw_next", "tutor",
                   "control", "borrow", "destroy", "heal_hq", "grant", "hq_effect", "create", "summon", "shuffle",
                   "discard", "silence", "repair", "intel", "retreat", "pin", "double", "cancel", "return"}
    hooks = {h for c in CARDS.values() if c.collectible
             for h in ("destroyed", "discarded", "turn_start", "on_attack", "on_order") if getattr(c, h)}
    assert hooks == {"destroyed", "discarded", "turn_start", "on_attack", "on_order"}
    assert {c.promote for c in units if c.promote} >= {"deploy", "enter_front", "kill", "turn_start"}
    assert any(c.deck_growth for c in CARDS.values())
    assert {f for c in units for f in c.flags} == {"no_hq_attack", "combat_damage_one", "order_proof", "shield_hq"}
    orders = [c for c in CARDS.values() if c.kind == "order" and c.collectible]
    damage_to = {e.to for c in orders for e in c.effects if e.do == "damage"}
    assert damage_to >= {"target", "enemy_units", "enemy_hq", "enemies", "all_units", "both_hqs"}  # 4.1.2
    assert any(e.do == "stat" and (e.atk < 0 or e.hp < 0) for c in orders for e in c.effects)  # 4.1.1 weaken
    assert any(e.do == "stat" and (e.atk > 0 or e.hp > 0) for c in orders for e in c.effects)  # 4.1.1 buff
    assert {c.trigger for c in CARDS.values() if c.kind == "counter"} == {
        "enemy_deploy", "enemy_order", "hq_attacked", "enemy_move"}
    assert {c.nation for c in CARDS.values()} >= {"de", "su", "it", "uk"}


def test_bad_card_data_names_file_and_entry(tmp_path):
    bad = tmp_path / "cards.toml"
    bad.write_text('[[card]]\nkey = "broken"\ncode = "z1"\nnation = "de"\nkind = "unit"\n'
                   'name = {en = "B", "zh-CN" = "B"}\ncost = 1\ntype = "infantry"\natk = 1\nhp = 0\n')
    with pytest.raises(ValueError) as err:
        load_cards.__wrapped__(bad)
    assert "cards.toml" in str(err.value) and "broken" in str(err.value)
    bad.write_text('[[card]]\nkey = "x"\ncode = "z1"\nnation = "de"\nkind = "order"\n'
                   'name = {en = "B", "zh-CN" = "B"}\ncost = 1\neffects = [{do = "create"}]\n')
    with pytest.raises(ValueError) as err:
        load_cards.__wrapped__(bad)
    assert "card x" in str(err.value)
    decks = tmp_path / "decks.toml"
    decks.write_text('[deck.short]\nname = {en = "S", "zh-CN" = "S"}\ncode = "de/it/g01x3"\n')
    with pytest.raises(ValueError) as err:
        load_presets.__wrapped__(decks)
    assert "decks.toml" in str(err.value) and "short" in str(err.value)


# --- errors, views, secrets -----------------------------------------------------------------
def test_rejected_actions_leave_state_untouched():
    st = battle(80, kredits=3)
    u = unit(st, 0, "grenadiers")
    foe = unit(st, 1, "grenadiers")
    cid = card(st, 0, "tiger")
    oid = card(st, 0, "artillery_strike")
    before = ENGINE.dump_state(st)
    for code, key in [
        (f"deploy {cid} -", "frontline.kredits"),
        (f"order {oid} -", "frontline.bad_target"),
        (f"order {oid} hq", "frontline.bad_target"),
        (f"attack {u.uid} {foe.uid}", "frontline.bad_attack_target"),
        (f"move {foe.uid}", "frontline.no_unit"),
        ("deploy nope -", "frontline.no_card"),
        (f"counter {oid}", "frontline.not_counter"),
        ("keep", "frontline.phase.main"),
    ]:
        with pytest.raises(RuleError) as err:
            act(st, 0, code)
        assert err.value.key == key, code
        assert ENGINE.dump_state(st) == before, code
        for loc in ("en", "zh-CN"):
            assert t(loc, key, **err.value.params) != key
    with pytest.raises(RuleError) as err:
        act(st, 1, "end")
    assert err.value.key == "core.not_your_turn"


def test_opponent_never_sees_hand_deck_order_or_counter():
    st = started(81)
    st.players[0].kredits = 10
    cid = card(st, 0, "minefield")
    act(st, 0, f"counter {cid}")
    for seat in (1, None):
        view = ENGINE.view(st, seat)
        text = json.dumps(view)
        for c in st.players[0].hand:
            assert c.id not in text
        assert "hand" not in view or seat == 1
        assert view["players"][0]["kredits"] == 10
        assert "deck" not in json.dumps(view["players"][0]).replace("deck_count", "")
    own = ENGINE.view(st, 0)
    assert any(c["active"] for c in own["hand"]) and own["players"][0]["kredits"] == 8
    assert check_secrets(ENGINE, st, [], 2) == []


def test_hand_ids_only_in_private_events():
    st = ENGINE.setup(seats(), ENGINE.parse_options({"first": "0"}), 82).state
    act(st, 0, "deck panzer")
    events = ENGINE.apply(st, 1, ENGINE.parse_action("deck red_guard")).events
    assert check_secrets(ENGINE, st, events, 2) == []
    ids0 = {c.id for c in st.players[0].hand}
    assert any(i in json.dumps([e.model_dump() for e in events if e.to == [0]]) for i in ids0)
    assert not any(i in json.dumps([e.model_dump() for e in events if e.to != [0]]) for i in ids0)


def test_resign_always_works():
    for phase_state in (ENGINE.setup(seats(), ENGINE.parse_options({}), 1).state, started(2)):
        st = ENGINE.resign(phase_state, 1).state
        assert ENGINE.outcome(st).winners == [0] and ENGINE.active_seats(st) == []


def test_first_player_roll_is_public():
    st = ENGINE.setup(seats(), ENGINE.parse_options({}), 83).state
    act(st, 0, "deck blitz")
    ev = ENGINE.apply(st, 1, ENGINE.parse_action("deck winter")).events
    rolls = [e for e in ev if e.key == "core.roll"]
    assert len(rolls) == 1 and rolls[0].to is None and st.first == rolls[0].params["total"] - 1


def test_turn_cap_ends_by_hq():
    st = battle(84)
    from games.frontline.state import MAX_TURNS
    st.turn_no = MAX_TURNS
    st.players[1].hq = 5
    act(st, 0, "end")
    out = ENGINE.outcome(st)
    assert out.winners == [0] and out.reason == "frontline.outcome.cap"


# --- text and pictures ------------------------------------------------------------------------
def test_every_message_key_has_both_languages():
    used = set()
    for path in SRC.glob("*.py"):
        used |= set(re.findall(r'"(frontline\.[a-z_.]+)"', path.read_text()))
    used |= {f"frontline.fx.{x}" for x in ("kredits", "kredits_next", "slots", "draw_next", "create", "shuffle",
                                          "heal_hq", "hq_effect")}
    used |= {f"frontline.condition.{c}" for c in ("hold_front", "front_empty")}
    used = {k for k in used if not k.endswith(".")}
    for loc in ("en", "zh-CN"):
        missing = sorted(k for k in used if k not in _catalogs[loc])
        assert not missing, (loc, missing)
    assert set(k for k in _catalogs["en"] if k.startswith("frontline.")) == set(
        k for k in _catalogs["zh-CN"] if k.startswith("frontline."))


def test_card_text_in_both_languages():
    from games.frontline.text import card_line
    # the operation cost in words (the playtest read "(4) artillery 3/2 op 1": "op" unexplained)
    assert card_line("tiger", "en") == "Tiger I (7) tank 5/6 · 2 kredits to move or attack: Heavy armour 2"
    assert card_line("tiger", "zh-CN").startswith("虎式坦克（7） 坦克 5/6 · 移动或攻击花费 2：")
    assert "重甲 2" in card_line("tiger", "zh-CN")
    assert "deal 3 damage to that unit" in card_line("minefield", "en")
    for key in CARDS:
        for loc in ("en", "zh-CN"):
            line = card_line(key, loc)
            assert not re.search(r"frontline\.[a-z]", line) and "{" not in line, (key, loc, line)


def test_describe_summary_and_render():
    st = battle(85)
    unit(st, 0, "tiger", front=True)
    unit(st, 1, "guards_rifles")
    cid = card(st, 0, "artillery_strike")
    for loc in ("en", "zh-CN"):
        labels = [GAME.text.describe_action(st, 0, a, loc) for a in ENGINE.legal_actions(st, 0)]
        assert all(labels) and not any("frontline." in x for x in labels)
    assert "Fire Mission" in GAME.text.describe_action(st, 0, ENGINE.parse_action(f"order {cid} u2"), "en")
    view = ENGINE.view(st, 0)
    text = GAME.text.summary(view, "zh-CN")
    assert len(text) <= 1500 and "虎式坦克" in text and "火力任务" in text
    assert "火力任务" not in GAME.text.summary(ENGINE.view(st, 1), "zh-CN")
    png = GAME.render(view, "en")
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    from PIL import Image
    import io
    from games.core.render import has_ink
    img = Image.open(io.BytesIO(png))
    assert has_ink(img, (20, 200, 960, 360), (70, 62, 48))  # the frontline row shows the tiger


def test_lasting_effects_show_in_the_summary_and_the_picture():
    """4.1.8: a unit's continuous effects and flags, and an HQ's effects, are on the board
    for both players: in words in the text, as short labels in the picture."""
    import io

    from PIL import Image

    from games.core.render import has_ink

    st = battle(87)
    hit = unit(st, 1, "guards_rifles", effects=["attrition"])
    unit(st, 0, "tiger", front=True, flags=["shield_hq"])
    plain = GAME.render(ENGINE.view(st, 0), "en")
    st.players[0].hq_effects = ["retaliate"]
    for seat in (0, 1, None):
        text = GAME.text.summary(ENGINE.view(st, seat), "en")
        assert "Guards Riflemen: Attrition (1 damage at each of its owner's turn starts)" in text
        # the board is read by both players: no "your" (the English playtest read "lasting:
        # Observer Corps: Enemy effects deal no damage to your HQ" about the opponent's HQ)
        assert "Enemy effects deal no damage to its owner's HQ" in text
        assert "whenever an enemy unit attacks this HQ, it takes 1 damage" in text
        lasting = [line for line in text.splitlines() if line.startswith("lasting")]
        assert lasting and not any("your" in line for line in lasting), lasting
        zh = [line for line in GAME.text.summary(ENGINE.view(st, seat), "zh-CN").splitlines() if "持续效果" in line]
        assert zh and not any("你" in line for line in zh), zh
        assert "frontline." not in text and "frontline." not in GAME.text.summary(ENGINE.view(st, seat), "zh-CN")
    for key in ("attrition", "no_hq_attack", "combat_damage_one", "order_proof", "shield_hq", "retaliate"):
        for loc in ("en", "zh-CN"):
            assert not t(loc, f"frontline.short.{key}").startswith("frontline.")
    fortified = Image.open(io.BytesIO(GAME.render(ENGINE.view(st, 0), "en")))
    # seat 0 sits at the bottom: under its HQ numbers the box now says "Fortified"
    label = (30, 380 + 132, 190, 380 + 145)  # inside the box, clear of its outline
    assert has_ink(fortified, label, (20, 22, 26))
    assert not has_ink(Image.open(io.BytesIO(plain)), label, (20, 22, 26))


# --- bot and playouts --------------------------------------------------------------------------
def test_bot_takes_a_lethal_hq_attack_and_a_good_trade():
    st = battle(86)
    art = unit(st, 0, "sfh18")
    st.players[1].hq = 3
    unit(st, 1, "grenadiers")
    assert GAME.bot_action(st, 0, random.Random(1)).code() == f"attack {art.uid} hq"
    st = battle(86)
    tiger = unit(st, 0, "tiger", front=True)
    foe = unit(st, 1, "t34")
    st.players[0].kredits = 2
    assert GAME.bot_action(st, 0, random.Random(1)).code() == f"attack {tiger.uid} {foe.uid}"


def test_bot_beats_random_play():
    from games.core.playout import play_one  # noqa: F401  (same loop, one seat each)
    from games.core import Seat
    wins = 0
    for g in range(12):
        st = ENGINE.setup([Seat(index=0, name="bot"), Seat(index=1, name="rnd")], ENGINE.parse_options({}), g).state
        rng = random.Random(g)
        while ENGINE.outcome(st) is None:
            seat = ENGINE.active_seats(st)[0]
            action = GAME.bot_action(st, seat, rng) if seat == 0 else rng.choice(ENGINE.legal_actions(st, seat))
            ENGINE.apply(st, seat, action)
        wins += ENGINE.outcome(st).winners == [0]
    assert wins >= 10


def test_random_playouts_finish_without_errors_or_leaks():
    report = run_playouts(GAME, 40, seed=5)
    assert report.ok, report.first_problem()
    assert report.finished == 40


def test_bot_playouts_finish():
    report = run_playouts(GAME, 10, seed=9, use_bot=True)
    assert report.ok, report.first_problem()


def test_every_collectible_card_is_in_a_ready_made_deck():
    """So random playouts exercise every card."""
    used = set()
    for code in ENGINE.loadout_presets().values():
        used |= set(parse_deck(code)[2])
    assert used == {k for k, c in CARDS.items() if c.collectible}


def test_unit_card_marks_exist_in_the_picture_font():
    """A mark the font lacks draws as the empty 'missing glyph' box."""
    from games.core.render import font
    from games.frontline.render import MARK_BORROWED, MARK_PINNED, MARK_VETERAN

    def glyph(ch):
        mask = font(14).getmask(ch)
        return bytes(mask), mask.size

    missing = glyph("\ue000")  # a private-use code point: the font's missing-glyph box
    assert glyph("⏸") == missing  # why the pinned mark is not ⏸
    for mark in (MARK_VETERAN, MARK_PINNED, MARK_BORROWED):
        assert glyph(mark) != missing, mark
