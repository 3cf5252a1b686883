"""A typed move that names things in the game but no legal action gets the most specific reason
there is, never "That action is not understood" (issue 18, "Help and errors": bad input gets a
clear error in the user's language). "hit Yak-3 #2" for a fighter no longer a target (destroyed,
out of reach) answered "That action is not understood: hit Yak-3 #2": the verb and the name were
understood. The answer now says what no action uses and offers the actions that could be meant."""
from __future__ import annotations

import random

import pytest

from bot.host import names
from games.core.engine import Seat
from games.core.errors import RuleError
from games.core.i18n import fold
from games.registry import get_game
from tests.platform.conftest import cmd, reply_text, snapshot

PLAYERS = {"ironfire": 2, "frontline": 2, "panzer": 2, "conflict": 3, "fleet": 2}
NOT_UNDERSTOOD = {"core.bad_action", "core.unknown_action"}


def typed(game, now, then, seat, action, locale):
    """`action` (legal in state `then`) as a newcomer types it in state `now`: its verb, then
    each thing by the name the menus gave it, less its place and figures ("hit Yak-3 #2")."""
    known = {**game.text.token_names(then, seat, locale), **game.text.token_names(now, seat, locale)}
    verb, *tokens = action.code().split()
    parts = [names._FIGURES.sub("", " ".join(names._ASIDE.sub(" ", known.get(tok, tok).split(" @")[0]).split()))
             for tok in tokens if tok != "-"]
    return " ".join([verb, *parts])


def answer(game, state, seat, line, locale):
    """What `/play` answers, read by the host's own `names.read_move` (Host._play, without the
    decks): 'play', a rules' refusal key, or the host's explanation key."""
    engine = game.engine
    read = names.read_move(game, state, seat, line, locale)
    if read.choices or read.matched:
        return "play"
    if read.refused is not None:
        return read.refused.key
    if read.why is not None:  # the actions it offers are the seat's own
        assert read.why[2] is None or set(map(id, read.why[2])) <= set(map(id, engine.legal_actions(state, seat)))
        return read.why[0]
    try:
        engine.apply(engine.load_state(engine.dump_state(state)), seat, read.action)
    except RuleError as exc:
        return exc.key
    return "play"


@pytest.mark.parametrize("key", sorted(PLAYERS))
def test_a_move_by_name_that_is_not_legal_now_is_never_not_understood(key):
    """Along two seeded random games, the seat's moves of other turns (each typed by name in
    both languages) are refused, each with a reason: the rules' own, or the host's naming what
    no action uses."""
    game = get_game(key)
    engine = game.engine
    tried = set()
    for seed in (0, 1):
        rnd = random.Random(seed)
        state = engine.setup([Seat(index=i, name=f"P{i}") for i in range(PLAYERS[key])],
                             engine.parse_options({}), seed).state
        history = []
        for _ in range(120):
            if engine.outcome(state):
                break
            seat = rnd.choice(engine.active_seats(state))
            legal = engine.legal_actions(state, seat)
            for then, old_seat, old in rnd.sample(history, min(3, len(history))):
                if old_seat != seat or old in legal:
                    continue
                for locale in ("en", "zh-CN"):
                    line = typed(game, state, then, seat, old, locale)
                    said = answer(game, state, seat, line, locale)
                    assert said not in NOT_UNDERSTOOD, (key, locale, line)
                    tried.add(said)
            action = rnd.choice(legal)
            history.append((state, seat, action))
            state = engine.apply(engine.load_state(engine.dump_state(state)), seat, action).state
    assert len(tried) > 1, tried  # moves were tried, and answered in more than one way


# the game names what left play (Text.left_play, session 17): the unit was destroyed, not "nothing called"
SAID = {"en": "{owner}'s {name} was destroyed in this game: it is no longer in play. Pick one of your actions below.",
        "zh-CN": "{owner}的{name}已在本盘被击毁，不在场上了。请在下面选择你的一个行动。"}


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
async def test_hit_a_unit_destroyed_names_what_is_not_there_and_offers_the_targets(host, locale):
    """Iron & Fire, alice against the bot until she must pick a target while a unit of the
    bot's that she saw has been destroyed: "hit <its name>" says it was destroyed (the game's
    `Text.left_play`) and offers her targets, in her language, and changes nothing."""
    from tests.platform.conftest import bot_table

    sid, _ = await bot_table(host, "ironfire", 1, locale=locale)
    game = get_game("ironfire")
    seen: dict[str, str] = {}
    for _ in range(300):
        session = await host.repo.load_session(sid)
        assert session.status == "active"
        state = game.engine.load_state(session.state)
        if 0 not in game.engine.active_seats(state):
            raise AssertionError("alice is not to act")
        legal = game.engine.legal_actions(state, 0)
        names_now = game.text.token_names(state, 0, locale)
        gone = [name for slot, name in seen.items() if slot not in names_now]
        targets = [a for a in legal if a.kind == "hit"]
        if gone and targets:
            break
        seen.update({slot: name for slot, name in names_now.items() if slot.startswith("b") and slot[1:].isdigit()})
        await host.handle(cmd("alice", "play", code=game.bot_action(state, 0, random.Random(1)).code(), locale=locale))
    else:
        raise AssertionError("no target choice after a loss")
    name = names._FIGURES.sub("", gone[0])
    verb = game.text.token_names(state, 0, locale)["hit"]
    before = await snapshot(host, sid)
    box = await host.handle(cmd("alice", "play", code=f"{verb} {name}", locale=locale))
    assert reply_text(box) == SAID[locale].format(name=name, owner=state.players[1].name)
    assert {o.value for o in box.reply.menu.options} or box.reply.menu.complete
    assert await snapshot(host, sid) == before
