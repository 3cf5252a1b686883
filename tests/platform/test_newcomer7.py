"""Seventh newcomer playtest (issue 18: "/play accepts names as well as codes"), the tank game
and Conflict from the README at the console table. Seeded tables through the host."""
from __future__ import annotations

import re

import pytest

from games.core.i18n import t
from games.panzer.text import hex_label
from games.registry import get_engine, get_game
from tests.platform.conftest import CHANNEL, cmd, reply_text

PANZER = get_engine("panzer")
IRONFIRE = get_engine("ironfire")


async def _state(host, engine):
    session = await host.repo.open_session_in_channel(CHANNEL)
    return session, engine.load_state(session.state)


async def _panzer_at_deployment(host, loc):
    """alice against the plain bot, both armies the ready-made Panzer Lehr, played until alice
    deploys (a side chosen, if hers to choose, by the menu's first choice)."""
    say = lambda verb, **args: host.handle(cmd("alice", verb, locale=loc, **args))  # noqa: E731
    await say("game.new", game="panzer", options={"opening": "armies"})
    await say("game.bot")
    await say("game.start")
    for _ in range(20):
        session, state = await _state(host, PANZER)
        legal = PANZER.legal_actions(state, 0)
        if any(a.kind == "deploy" for a in legal):
            return say
        army = [a for a in legal if a.kind == "army" and a.loadout == "panzerlehr"]
        await say("play", code=(army or legal)[0].code())
    raise AssertionError("alice never came to deploy")


@pytest.mark.parametrize("loc, typed", [("en", "deploy tiger {hex}"), ("zh-CN", "部署 虎式 {hex}")])
async def test_play_deploy_a_tank_by_its_model_name_and_a_hex(host, loc, typed):
    """Typed as the menu reads, `/play deploy tiger F2` answered "Tiger (48) is not one of your
    tanks.": the line parsed as a code with the roster's `tiger` where a tank id belongs, and a
    line that parses was matched by name only exactly. Names in a code's place now match by
    whole words; the tank deploys."""
    say = await _panzer_at_deployment(host, loc)
    session, state = await _state(host, PANZER)
    tiger = next(tk for tk in state.tanks if tk.owner == 0 and tk.type == "tiger")
    deploy = next(a for a in PANZER.legal_actions(state, 0) if a.kind == "deploy" and a.tank == tiger.id)
    hex_ = hex_label(deploy.hex)  # as the menu shows it: `F2`
    box = await say("play", code=typed.format(hex=hex_))
    text = reply_text(box)
    assert "(48)" not in text, text
    _, after = await _state(host, PANZER)
    assert next(tk for tk in after.tanks if tk.id == tiger.id).pos is not None, text


async def test_play_load_special_ammunition_by_names(host):
    """`/play load tiger apfsds` (the menu: "Load Tiger #1: APFSDS") was refused the same way."""
    say = await _panzer_at_deployment(host, "en")
    for _ in range(40):  # deploy every tank on the first free hex, facing the first way offered
        session, state = await _state(host, PANZER)
        legal = PANZER.legal_actions(state, 0)
        if any(a.kind == "load" for a in legal):
            break
        await say("play", code=legal[0].code())
    else:
        raise AssertionError("no ammunition to load")
    tiger = next(tk for tk in state.tanks if tk.owner == 0 and tk.type == "tiger")
    box = await say("play", code="load tiger apfsds")
    assert reply_text(box).startswith("✓ Load Tiger #"), reply_text(box)
    _, after = await _state(host, PANZER)
    assert [m.kind for m in next(tk for tk in after.tanks if tk.id == tiger.id).ammo] == ["apfsds"]


async def test_play_a_code_of_ids_the_rules_refuse_keeps_their_message(host):
    """Whole words only, never another action's bare code: a code naming the bot's tank `b1`
    is refused by the rules, as before, and nothing moves."""
    say = await _panzer_at_deployment(host, "en")
    session, state = await _state(host, PANZER)
    free = next(a.hex for a in PANZER.legal_actions(state, 0) if a.kind == "deploy")
    box = await say("play", code=f"deploy b1 {free}")
    named = get_game("panzer").text.token_names(state, 0, "en")["b1"]
    assert reply_text(box) == t("en", "panzer.err.not_your_tank", tank=named), reply_text(box)
    assert (await _state(host, PANZER))[0].state == session.state


async def test_play_drop_a_picked_card_by_the_verb_and_its_name(host):
    """Last session's leftover: `/play drop KV-1` (Iron & Fire's army selection, where the menu
    reads "Put back KV-1" and its code is `drop kv1`) answered "That action is not understood"."""
    say = lambda verb, **args: host.handle(cmd("alice", verb, **args))  # noqa: E731
    await say("game.new", game="ironfire")
    await say("game.bot")
    await say("game.start")
    await say("play", code="deck red_army")
    await say("play", code="pick KV-1")
    _, state = await _state(host, IRONFIRE)
    assert any(a.code() == "drop kv1" for a in IRONFIRE.legal_actions(state, 0))
    box = await say("play", code="drop KV-1")
    assert reply_text(box) == "✓ Put back KV-1", reply_text(box)
    _, after = await _state(host, IRONFIRE)
    assert not any(a.code() == "drop kv1" for a in IRONFIRE.legal_actions(after, 0))


@pytest.mark.parametrize("loc", ["en", "zh-CN"])
async def test_an_heir_choice_that_times_out_reads_as_a_decline_not_a_concession(host, loc):
    """Last session's leftover: alice, eliminated at a table without a turn timer, never chose
    an heir; when OUT_CHOICE_MINUTES ran out the table read "alice conceded." (the lapse goes
    through the engine's resign) though she had given nothing up. The lapse reads as the
    decline it is (RULES.md, The Loser: "*may* leave everything to one player"): the time is
    up, her cards and resources are discarded, and nobody concedes."""
    from tests.platform.test_out_of_play import play_out

    host.bot_step_cap = 40
    ticks: list = []
    await play_out(host, ["alice"], bots=3, locales={"alice": loc}, timer=None, silent_at_heir=ticks)
    lapsed = "\n".join(m.text for _, m in ticks[-1][1].public)
    assert t(loc, "host.expired.out", name="alice") in lapsed, lapsed
    assert t(loc, "core.outcome.resign", name="alice") not in lapsed, lapsed
    declined = [line for line in lapsed.splitlines() if line.startswith("alice")]
    assert len(declined) == 1 and {"en": "leaves nothing to anyone", "zh-CN": "不把牌交给任何人"}[loc] in declined[0], lapsed


async def test_the_log_says_a_player_acted_where_the_table_saw_only_what_followed(host):
    """The playtest's /game log (conflict) read "#21 alice moved; the table saw: Round 2: Bot 1's
    turn." for alice ending a phase: in a game where units move, "moved" told of a move that
    was never made. The header says who acted (here a bot ending its turn, seed 100)."""
    say = lambda name, verb, **args: host.handle(cmd(name, verb, **args))  # noqa: E731
    await say("alice", "game.new", game="conflict")
    await say("alice", "game.bot")
    await say("alice", "game.start")
    engine = get_engine("conflict")
    for _ in range(12):
        session, state = await _state(host, engine)
        if 0 not in engine.active_seats(state):
            break
        codes = [a.code() for a in engine.legal_actions(state, 0)]
        await say("alice", "play", code=next((c for c in codes if c == "next"), codes[0]))
    log = reply_text(await say("alice", "game.log"))
    # since session 14 every step of conflict has its mover's own line ("Bot 1 ends the turn."),
    # so each step is headed by who acted, by that line or by host.log_after where none is theirs
    steps = [line for line in log.splitlines() if re.match(r"#\d+ ", line)]
    assert steps and all(re.match(r"#\d+ (alice|Bot 1)\b", line) for line in steps), log
    assert "moved; the table saw:" not in log, log
