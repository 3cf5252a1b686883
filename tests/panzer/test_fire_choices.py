"""The tank game's fire choices as a player reads and types them (issue 18, "Names, never ids":
menus show things by name with the facts needed to choose; `/play` accepts names). Found in
session 14: 77 of 2,376 English fire labels ran past the 100 characters a Discord select option
shows and were cut with "…"; a tank whose name said "(special rounds: APFSDS)" made a shot typed
by name with APFSDS name the plain shot too; the menu path showed a gun by its number
("Advance fire · Tiger #2 @G8 · Panther #3 @H5 · 1")."""
from __future__ import annotations

import pytest

from bot.host import names
from bot.host.core import build_menu, named_tokens, skip_forced
from games.core.i18n import localize_value, t
from games.panzer import ENGINE, GAME
from games.panzer.data import MAPS, ROSTER
from games.panzer.models import Again, AdvFire, DFire, JumpFire, Load, Precise, Reaction, SecondShot
from tests.panzer.helpers import board, give_ammo

LOCALES = ("en", "zh-CN")
LIMIT = 100  # Discord: a select option's label, and its description, hold 100 characters
ROUNDS = (None, "overcharge", "apfsds", "hesh")
TEXT = GAME.text


def crowded() -> object:
    """Twenty tanks (ten a side, the most an army holds: RULES 3.1), so the last two read #19
    and #20: the longest numbers a label can carry."""
    hexes = list(MAPS["zhenli"].names.values())
    tanks = [(f"{'a' if i % 2 == 0 else 'b'}{i // 2 + 1}", "m4", hexes[i], "n") for i in range(20)]
    return board(tanks)


def test_every_shot_and_load_label_fits_a_select_option_for_every_pair_of_tanks():
    """Every shooter and target of the roster (39 × 39), numbered #19 and #20, every gun and every
    round, each fire kind, in both languages: the label fits in 100 characters, and so do the
    odds and a round's effect beneath it. A light tank's second shot (RULES 6, rate of fire)
    only at a medium or heavy tank."""
    state = crowded()
    shooter, target = state.tanks[18], state.tanks[19]
    longest = {loc: "" for loc in LOCALES}
    for s_key, s_type in ROSTER.items():
        shooter.type = s_key
        for t_key, t_type in ROSTER.items():
            target.type = t_key
            state.reaction = Reaction(mover=target.id, before=target.pos, after=target.pos, aim_at=target.pos,
                                      wreck_at=target.pos)
            state.second = SecondShot(shooter=shooter.id, target=target.id, gun=0, mode="precise",
                                      aim_at=target.pos, seat=0, back="shots")
            actions = [kind(tank=shooter.id, target=target.id, gun=gun, ammo=ammo)
                       for kind in (Precise, JumpFire, AdvFire) for gun in range(1, len(s_type.guns) + 1)
                       for ammo in ROUNDS]
            actions += [DFire(tank=shooter.id, gun=gun, ammo=ammo)
                        for gun in range(1, len(s_type.guns) + 1) for ammo in ROUNDS]
            if s_type.tank_class == "light" and t_type.tank_class != "light":
                actions += [Again(ammo=ammo) for ammo in ROUNDS]
            for action in actions:
                for loc in LOCALES:
                    label = TEXT.describe_action(state, 0, action, loc)
                    longest[loc] = max(longest[loc], label, key=len)
    for loc in LOCALES:
        assert len(longest[loc]) <= LIMIT, longest[loc]
        for ammo in ROUNDS[1:]:
            for key in ROSTER:
                shooter.type = key
                load = Load(tank=shooter.id, ammo=ammo)
                assert len(TEXT.describe_action(state, 0, load, loc)) <= LIMIT
                assert 0 < len(TEXT.action_facts(state, 0, load, loc)) <= LIMIT
    # the longest; 149 characters before, a second shot with "(rate of fire)", "special round:" and the odds
    assert longest["en"] == "Precision shot: M3 Lee #19 fires at Sherman Firefly #20 (37mm turret, overcharged round)"


def advance():
    """Advance fire (RULES 2-3): Anna's M3 Lee (two guns) at H8 and Tiger at G8, Bob's Panther at H5
    and M4 at G5; the M3 holds an APFSDS round, the Tiger an APFSDS and a HESH round."""
    s = board([("a1", "m3", "h8", "n"), ("a2", "tiger", "g8", "n"), ("b1", "panther", "h5", "s"),
               ("b2", "m4", "g5", "s")], phase="advance")
    give_ammo(s, "a1", "apfsds")
    give_ammo(s, "a2", "apfsds", "hesh")
    return s


def shots(s):
    return [a for a in ENGINE.legal_actions(s, 0) if a.kind == "advfire"]


@pytest.mark.parametrize("locale,en_or_zh", [
    ("en", ("Advance fire: M3 Lee #1 fires at Panther #3 (37mm turret, APFSDS)",
            "distance 3: hit 100%, kill 8%")),
    ("zh-CN", ("前进射击：M3 #1 向 豹式坦克 #3 开火（37mm 炮塔炮、尾翼脱壳稳定弹）",
               "距离 3，命中率 100%，击毁率 8%"))])
def test_a_shot_names_its_gun_and_round_and_has_its_odds_beneath(locale, en_or_zh):
    """RULES 6: "distance: the target's hex counted, the shooter's not"; hit 2d6 + modifiers ≥
    distance, APFSDS counting the lower die as 6 (4-2). The M3's 37mm turret gun (attack 3)
    against the Panther's front armour 14 at distance 3: 2d6 + 3 + 1 (close range) ≥ 14 on 3 of
    36 (8 %). The gun is named in both languages ("hull"/"turret" are words, translated)."""
    s = advance()
    shot = AdvFire(tank="a1", target="b1", gun=2, ammo="apfsds")
    assert TEXT.describe_action(s, 0, shot, locale) == en_or_zh[0]
    assert TEXT.action_facts(s, 0, shot, locale) == en_or_zh[1]


@pytest.mark.parametrize("locale", LOCALES)
def test_the_fire_menu_names_every_gun_and_never_shows_its_number(locale):
    """Each step of the advance-fire menu, as the host builds it: the shooter, the target, then
    every shot at that target by name with its odds beneath (gun and round in one step, so the
    M3 Lee's two guns read "75mm hull" and "37mm turret"); the path above a menu shows no
    bare gun number. Every option's label and description fit in 100 characters."""
    s = advance()
    steps = [TEXT.menu_steps(s, 0, a) for a in ENGINE.legal_actions(s, 0)]
    seen = set()
    for prefix in {tuple(p[:i]) for p in steps if p[0] == "advfire" for i in range(1, len(p))}:
        at = skip_forced(steps, list(prefix))
        menu = build_menu(GAME, s, 1, 0, at, locale)
        path = named_tokens(TEXT, s, 0, at, locale)
        assert not any(part.strip().isdigit() for part in path.split(" · ")), path
        for option in menu.options:
            assert len(option.label) <= LIMIT and len(option.description) <= LIMIT, option
            assert not option.label.strip().isdigit(), option
            seen.add(option.label)
    guns = [localize_value(g.name, locale) for g in ROSTER["m3"].guns]
    for gun in guns:
        assert any(f"{gun}" in label for label in seen), (gun, seen)
    # the last step: the M3's four shots at the Panther, each with its odds
    final = build_menu(GAME, s, 1, 0, ["advfire", "a1", "b1"], locale)
    assert len(final.options) == 4
    assert all(o.description.startswith({"en": "distance 3: hit ", "zh-CN": "距离 3，命中率 "}[locale])
               for o in final.options), final.options


def test_an_own_tank_counts_its_rounds_in_its_name():
    """The shooter's step: "Tiger #2 @G8 (2 special rounds)"; the round's name is in each shot's label."""
    s = advance()
    menu = build_menu(GAME, s, 1, 0, ["advfire"], "en")
    assert [o.label for o in menu.options] == ["M3 Lee #1 @H8 (1 special round)", "Tiger #2 @G8 (2 special rounds)"]
    menu = build_menu(GAME, s, 1, 0, ["advfire"], "zh-CN")
    assert [o.label for o in menu.options] == ["M3 #1 @H8（特种炮弹 1 枚）", "虎式 #2 @G8（特种炮弹 2 枚）"]


def short(s, tid, locale):
    return TEXT.token_names(s, 0, locale)[tid].split(" @")[0]  # "Tiger #2", "虎式 #2"


@pytest.mark.parametrize("locale", LOCALES)
def test_every_shot_typed_as_its_label_is_that_shot(locale):
    """`/play` with a shot's label as the menu shows it (any case): that shot alone, for all 14."""
    s = advance()
    for shot in shots(s):
        label = TEXT.describe_action(s, 0, shot, locale)
        for typed in (label, label.lower(), label.upper()):
            assert names.match_actions(GAME, s, 0, typed) == [shot], typed


@pytest.mark.parametrize("locale", LOCALES)
def test_a_shot_typed_with_its_round_names_only_shots_with_that_round(locale):
    """"advfire Tiger #2 Panther #3 APFSDS" (and with the verb's name, "Advance fire …", "前进射击 …"):
    the Tiger's APFSDS shot alone. When the Tiger's name said "(special rounds: APFSDS/HESH)", its
    plain and HESH shots held the word too and all three were offered. The M3 Lee's shot needs its
    gun as well, a word of its label ("Advance fire M3 Lee #1 Panther #3 37mm APFSDS"); without it
    both guns' APFSDS shots are offered, and no plain shot."""
    s = advance()
    for verb in ("advfire", t(locale, "panzer.verb.advfire")):
        for shot in shots(s):
            if shot.ammo is None:
                continue
            ammo = t(locale, f"panzer.ammo.{shot.ammo}")
            tank, target = short(s, shot.tank, locale), short(s, shot.target, locale)
            if shot.tank == "a2":
                assert names.match_actions(GAME, s, 0, f"{verb} {tank} {target} {ammo}") == [shot]
                continue
            gun = localize_value(ROSTER["m3"].guns[shot.gun - 1].name, locale).split()[0]  # "37mm"
            if verb != "advfire":  # the gun is a word of the label; the code has its number
                assert names.match_actions(GAME, s, 0, f"{verb} {tank} {target} {gun} {ammo}") == [shot]
            both = names.match_actions(GAME, s, 0, f"{verb} {tank} {target} {ammo}")
            assert {a.code() for a in both} == {f"advfire a1 {shot.target} 1 apfsds",
                                                f"advfire a1 {shot.target} 2 apfsds"}
