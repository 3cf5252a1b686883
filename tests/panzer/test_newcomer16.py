"""The tank game's table as a newcomer read it (issue 18, session 15's playtest): the board showed
a facing not chosen yet ("@H2↑↑"); ending a move read "alice acted (nothing shown to the table)";
every defensive-fire window said the mover "comes into the sight" of tanks that had it in sight
already; the defensive-fire prompt's best figure was an APFSDS round's with no word of it; and a
hidden ammunition load posted a board.

Board 真理 (zhenli): column h is plain from h1 to h10."""
from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from games.panzer import ENGINE
from games.panzer.text import shot_odds
from games.registry import get_game
from tests.panzer.helpers import act, board, give_ammo, seats

GAME = get_game("panzer")
TEXT = GAME.text
LOCALES = ("en", "zh-CN")


def public_lines(step, locale):
    return TEXT.event_lines(step.state, [(e.key, e.params) for e in step.events if e.to is None], locale)


def deploying():
    """Seed 4, both drafting two tanks, Anna on the north edge, up to her first deploy."""
    state = ENGINE.setup(seats(), ENGINE.parse_options({}), 4).state
    while state.phase != "deploy":
        seat = ENGINE.active_seats(state)[0]
        legal = ENGINE.legal_actions(state, seat)
        pick = next((a for a in legal if a.kind == "done" and len(state.picks[seat]) >= 2), None)
        act(state, (pick or legal[0]).code(), seat=seat)
    return state


# 1. show only what has been decided ----------------------------------------------------------

@pytest.mark.parametrize("locale,aside", [("en", "(facing to choose)"), ("zh-CN", "（朝向待定）")])
def test_a_tank_just_deployed_shows_its_hex_and_no_facing_until_one_is_chosen(locale, aside):
    """Opening 3 (RULES 3): a tank is placed, then faced. Between the two the board read
    "Tiger #1 @H2↑↑": a facing (N, the default) nobody chose. It reads the hex and that the facing
    is to come; the picture draws it pointing nowhere; the table hears where it was put."""
    state = deploying()
    seat = state.seat
    deploy = next(a for a in ENGINE.legal_actions(state, seat) if a.kind == "deploy")
    step = act(state, deploy.code())
    tid, hex_up = deploy.tank, deploy.hex.upper()
    view = ENGINE.view(state, None)
    mine = next(tk for tk in view["tanks"] if tk["id"] == tid)
    assert mine["pos"] == deploy.hex and mine["hull"] is None and mine["turret"] is None
    line = next(x for x in GAME.text.summary(view, locale).splitlines() if f"@{hex_up}" in x)
    said = line[line.index(f"@{hex_up}"):]
    assert said.startswith(f"@{hex_up} {aside}" if locale == "en" else f"@{hex_up}{aside}"), line
    assert not any(arrow in said.split(",")[0].split("，")[0] for arrow in "↑↗↘↓↙↖"), line
    Image.open(io.BytesIO(GAME.render(view, locale)))  # draws a tank with no facing
    assert any(hex_up in x for x in public_lines(step, locale))  # "Anna puts Tiger #1 on H2 ..."
    act(state, "face se")
    faced = next(tk for tk in ENGINE.view(state, None)["tanks"] if tk["id"] == tid)
    assert faced["hull"] == 2
    assert f"@{hex_up}↘" in GAME.text.summary(ENGINE.view(state, None), locale)


# 2. every step the table can tell happened has its line ------------------------------------------

def test_every_step_the_table_can_tell_happened_says_what_happened():
    """README: a step that shows the other players nothing gets no post and no line in /game log.
    Any other step is the table's, so it says what it was: "#59 alice acted (nothing shown to the
    table)" was ending a move. Random games (seeds 0-3, random.Random(2), every option on for
    seeds 2 and 3): a step without a public event leaves the public board and who is awaited as
    they were; every action kind played in public said something."""
    rnd = random.Random(2)
    quiet_kinds, loud_kinds = set(), set()
    for seed in range(4):
        opts = {"veteran": "on", "hybrid": "1", "unreliable": "1", "spotting": "1", "shortage": "1"} if seed >= 2 else {}
        state = ENGINE.setup(seats(), ENGINE.parse_options(opts), seed).state
        while ENGINE.outcome(state) is None:
            seat = rnd.choice(ENGINE.active_seats(state))
            action = rnd.choice(ENGINE.legal_actions(state, seat))
            before, awaited = ENGINE.view(state, None), ENGINE.active_seats(state)
            step = ENGINE.apply(state, seat, action)
            state = step.state
            if any(e.to is None for e in step.events):
                loud_kinds.add(action.kind)
                continue
            quiet_kinds.add(action.kind)
            assert ENGINE.view(state, None) == before and ENGINE.active_seats(state) == awaited, action.code()
    assert quiet_kinds == {"load"}, quiet_kinds  # a secret load alone (test below)
    assert {"endshots", "endmove", "hold", "deploy", "face", "endturn"} <= loud_kinds


@pytest.mark.parametrize("locale,line", [("en", "Anna ends movement: advance fire next."),
                                         ("zh-CN", "Anna 结束移动阶段，进入前进射击。")])
def test_ending_a_move_tells_the_table(locale, line):
    state = board([("a1", "m4", "h8", "n"), ("b1", "m4", "a1", "s")], phase="move")
    assert public_lines(act(state, "endmove"), locale) == [line]


# 3. only changes of sight are news --------------------------------------------------------------

@pytest.mark.parametrize("locale,first,again", [
    ("en", "M4 Sherman #1 moves in the sights of Bob's tanks (the shot is judged at H8)",
     "M4 Sherman #1 moves on, still in the sights of Bob's tanks (judged at H7)"),
    ("zh-CN", "M4 #1 在 Bob 的坦克射界内移动（按 H8 判定）", "M4 #1 继续在 Bob 的坦克射界内移动（按 H7 判定）")])
def test_a_defensive_fire_window_after_one_is_not_said_to_bring_the_mover_into_sight(locale, first, again):
    """Phase 2-2: "移动中的敌方坦克在移动这一步的初始位置(仅仅这一步)位于己方某辆坦克的射界和射程中"
    (each step, judged where it began). The first window of a run says the mover moves in the
    defender's sights; the next step's window says it still does, not that it comes into sight
    ("CV33 #3 ... comes into the sight of alice's tanks" at every step of one drive)."""
    state = board([("a1", "m4", "h8", "n"), ("b1", "pz4h", "h3", "s")], phase="move")
    act(state, "drive a1 0")
    step = act(state, "go a1 h7")
    assert state.phase == "react"
    assert any(x.startswith(first) for x in public_lines(step, locale)), public_lines(step, locale)
    hold = act(state, "hold")
    assert public_lines(hold, locale) == [{"en": "Bob holds fire at M4 Sherman #1.",
                                           "zh-CN": "Bob 不对 M4 #1 射击。"}[locale]]
    step = act(state, "go a1 h6")
    assert state.phase == "react"
    assert any(x.startswith(again) for x in public_lines(step, locale)), public_lines(step, locale)
    assert not any(x.startswith(first) for x in public_lines(step, locale))


# 4. a figure names its round ------------------------------------------------------------------

@pytest.mark.parametrize("locale,plain,apfsds", [("en", "plain round hit {}%, kill {}%", "APFSDS hit {}%, kill {}%"),
                                                 ("zh-CN", "普通弹命中率 {}%，击毁率 {}%", "尾翼脱壳稳定弹命中率 {}%，击毁率 {}%")])
def test_the_defensive_fire_prompt_names_the_round_of_each_figure(locale, plain, apfsds):
    """The prompt read "Best shots: T-34/85 #1: distance 7: hit 89%", the APFSDS round's chance
    (rule 4-2: one die counts as 6), where the plain round had 28%. Each figure names its round,
    as the rules roll it (text.shot_odds)."""
    state = board([("a1", "m4", "h9", "n"), ("b1", "t34_85", "h2", "s")], phase="move")
    give_ammo(state, "b1", "apfsds")
    act(state, "drive a1 0")
    act(state, "go a1 h8")
    assert state.phase == "react" and state.seat == 1
    asked = TEXT.prompt(state, 1, locale)
    odds = {ammo: shot_odds(state, "b1", "a1", 1, ammo, "defensive", state.reaction.aim_at)
            for ammo in (None, "apfsds")}
    assert odds[None][0] < odds["apfsds"][0]
    for ammo, text in ((None, plain), ("apfsds", apfsds)):
        hit, kill = odds[ammo]
        assert text.format(round(hit * 100), round(kill * 100)) in asked, asked
    assert {"en": "T-34/85 #2 (distance 7): ", "zh-CN": "T-34/85 #2（距离 7）："}[locale] in asked, asked


# 6. a hidden load shows the table nothing -------------------------------------------------------

def test_a_load_changes_nothing_the_table_sees_and_ready_counts_the_rounds():
    """Opening (seed 002): "双方分配3枚【特种炮弹】到坦克上,背面放置【特种炮弹标志】(对方不可见具体
    种类)": the kinds are secret, the markers face down on the tanks. Both sides load at once, so
    a load is told to its player only and the table's board stays as it was (the host posts
    nothing for such a step); the "ready" line counts each tank's rounds, which the board then
    shows."""
    state = deploying()
    while state.phase != "ammo":
        seat = ENGINE.active_seats(state)[0]
        act(state, ENGINE.legal_actions(state, seat)[0].code(), seat=seat)
    tank = next(t for t in state.tanks if t.owner == 0)
    before = ENGINE.view(state, None), ENGINE.view(state, 1)
    step = act(state, f"load {tank.id} apfsds", seat=0)
    assert all(e.to == [0] for e in step.events)
    assert (ENGINE.view(state, None), ENGINE.view(state, 1)) == before
    ready = act(state, "ready", seat=0)
    for locale in LOCALES:
        counts = public_lines(ready, locale)
        assert len(counts) == 1 and "×1" in counts[0], counts
    assert next(tk for tk in ENGINE.view(state, 1)["tanks"] if tk["id"] == tank.id)["ammo"] == 1


@pytest.mark.parametrize("locale", LOCALES)
def test_the_ammunition_phase_names_each_surface_s_way_to_the_menu(locale):
    """findings16: "in /menu, Load each round ..." on Discord, which has no /menu: the line names
    the Discord button (its own label, bot/discord/locale) beside the console's /menu."""
    from games.core.i18n import t
    import bot.discord  # noqa: F401 - registers the adapter's catalog (the button's label)

    from bot.commandref import SURFACE

    for surface, own, other in (("console", "/menu", "/act"), ("discord", "/act", "/menu")):
        token = SURFACE.set(surface)
        try:
            said = t(locale, "panzer.ev.ammo_phase")
        finally:
            SURFACE.reset(token)
        if locale == "en":  # a zh-CN client's /act is /点选
            assert own in said and other not in said, said
        assert t(locale, "discord.button.act") in said, said
