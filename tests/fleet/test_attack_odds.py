"""Every attack choice says its chance to land and what it comes from (issue 18: "none of
fleet's hit and evade rolls shows a target"; RULES.md 5: a shot hits on d20 at most the hit
value, then the target evades on d20 at most its evade value). The menus show it under the
choice, in both languages, from what the attacking seat may know.

The number is checked against the rules themselves: for a fixed seed, every pair of dice of a
shot (20 × 20) is fed to `FleetEngine.apply`, and the share of pairs after which the rules say
the shot landed is the label's chance."""
from __future__ import annotations

import random
from fractions import Fraction

import pytest

from games.core.playout import check_determinization
from games.core.rng import GameRng
from games.fleet import ENGINE, GAME
from games.fleet.data import DATA
from games.fleet.engine import FleetEngine
from games.fleet.odds import attack_odds
from tests.bot_games import bot_steps

SEED = 3


def hidden_talent_applies(state, seat, action) -> bool:
    """The target's pilot talent changes the odds but its owner has not shown it: the label
    cannot count it (it would tell what the seat cannot see)."""
    if action.target == "ship":
        return False
    tgt = ENGINE.mech(state, action.target)
    if tgt is None or not tgt.pilot or tgt.revealed:
        return False
    enemy = state.sides[1 - seat]
    kind = DATA().pilots[tgt.pilot].talent
    hurt = enemy.ship.destroyed or enemy.ship.hp < enemy.ship.max_hp
    return (kind == "awaken" and hurt) or (kind == "crisis_sense" and tgt.hp < tgt.max_hp)


def attack_choices(seed: int, limit: int, double: bool = False):
    """(state, seat, action, odds) for attacks on one target, from a fixed seed's bot game: mech
    on mech, mech on ship, and the ship's own fire; with `double`, those a pilot talent makes roll
    twice (危机超感, 视限超感)."""
    seen: dict[tuple[str, bool], int] = {}
    out = []
    for step in bot_steps(ENGINE, GAME, seed, limit=1500):
        state = step.state
        for seat in ENGINE.active_seats(state):
            for a in ENGINE.legal_actions(state, seat):
                if a.kind not in ("attack", "fire"):
                    continue
                unit = "ship" if a.kind == "fire" else a.mech
                odds = attack_odds(ENGINE, state, seat, unit, a.weapon, a.target)
                if odds is None or odds.sure or (odds.hit_twice or odds.evade_twice) != double \
                        or hidden_talent_applies(state, seat, a):
                    continue
                kind = (a.kind, a.target == "ship")
                if seen.get(kind, 0) >= 3:
                    continue
                seen[kind] = seen.get(kind, 0) + 1
                out.append((ENGINE.dump_state(state), seat, a, odds))
                if len(out) >= limit:
                    return out
    return out


CHOICES = attack_choices(SEED, 12) + attack_choices(2, 1, double=True)


def test_the_choices_cover_mechs_ships_fire_and_double_rolls():
    kinds = {(a.kind, a.target == "ship") for _, _, a, _ in CHOICES}
    assert {("attack", False), ("attack", True), ("fire", True)} <= kinds, kinds
    assert any(o.hit_twice for *_, o in CHOICES)
    assert len({round(o.chance, 3) for *_, o in CHOICES}) >= 4  # not one number throughout


class MoreDice(Exception):
    """The rules asked for a die the enumeration has not chosen yet."""


def rules_chance(dumped: str, seat: int, action, monkeypatch) -> Fraction:
    """The chance the attack's first shot lands, by the rules: every sequence of d20 results
    the rules read for that shot is played through `apply`, each weighted by its probability."""
    fed: list[int] = []
    first: list[bool] = []  # what the rules said of each shot, in order
    real_die = GameRng.die

    def die(self, sides):
        if first:  # the first shot is decided: the later rolls come from the stream
            return real_die(self, sides)
        assert sides == 20, sides
        if not fed:
            raise MoreDice
        return fed.pop(0)

    real_roll = FleetEngine._roll_hit

    def roll_hit(self, *args, **kwargs):
        landed = real_roll(self, *args, **kwargs)
        first.append(landed)
        return landed

    monkeypatch.setattr(GameRng, "die", die)
    monkeypatch.setattr(FleetEngine, "_roll_hit", roll_hit)
    chance, todo = Fraction(0), [[]]
    while todo:
        dice = todo.pop()
        fed[:], first[:] = dice, []
        try:
            ENGINE.apply(ENGINE.load_state(dumped), seat, action)
        except MoreDice:
            todo += [dice + [value] for value in range(1, 21)]
            continue
        assert first, "the attack rolled no dice"
        chance += Fraction(first[0], 20 ** len(dice))
    monkeypatch.undo()
    return chance


@pytest.mark.parametrize("n", range(len(CHOICES)))
def test_the_label_gives_the_rules_chance_by_every_roll_of_the_dice(n, monkeypatch):
    dumped, seat, action, odds = CHOICES[n]
    chance = rules_chance(dumped, seat, action, monkeypatch)
    assert odds.chance == chance
    percent = int(chance * 100 + Fraction(1, 2))  # to the nearest whole percent, a half up
    state = ENGINE.load_state(dumped)
    for loc, words, evade in (("en", f"{percent}% to land: your d20 ≤ {odds.hit} hits", f"their d20 ≤ {odds.evade}"),
                              ("zh-CN", f"命中率 {percent}%：我方 d20 ≤ {odds.hit} 命中", f"对方 d20 ≤ {odds.evade}")):
        text = GAME.text.action_facts(state, seat, action, loc)
        assert words in text and evade in text, text
        if odds.hit_twice:
            assert {"en": "twice", "zh-CN": "须两次"}[loc] in text


def test_menus_show_the_chance_under_each_target():
    from bot.host.core import build_menu

    dumped, seat, action, odds = next(c for c in CHOICES if c[2].kind == "attack")
    state = ENGINE.load_state(dumped)
    prefix = action.code().split()[:-1]
    menu = build_menu(GAME, state, 1, seat, prefix, "en")
    option = next(o for o in menu.options if o.value == action.target)
    assert f"{odds.percent}% to land" in option.description


def test_the_chance_never_tells_what_the_attacker_cannot_see():
    """The seat's menus are the same in every world it cannot tell apart (a hidden pilot talent
    of the target drawn again): `check_determinization` compares the facts under each choice."""
    rnd = random.Random(SEED)
    for dumped, seat, _, _ in CHOICES:
        problems, _ = check_determinization(GAME, ENGINE.load_state(dumped), seat, rnd, continue_steps=2,
                                            lockstep_steps=1, lockstep_branches=1)
        assert not problems, problems
