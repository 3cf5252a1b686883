"""What a newcomer still met in Iron & Fire (issue 18, session 17), each with the rule quoted and a
fixed seed or scripted dice, read in both languages."""
from __future__ import annotations

import re

import pytest

from games.ironfire import GAME
from games.ironfire.text import OPTION_KEYS, option_name
from tests.refusal_helpers import refusals, unreadable

IDS = re.compile(r"(?<![\w#.\-])[a-d]\d{1,2}(?!\w)")  # a slot, `b3`: the board's id of a card
PASSIVE = ("stop", "pass", "drop", "ready")
# an option's code word where it is not its name ("repair" is the English name of `repair`)
RAW = {loc: tuple(k for k in OPTION_KEYS if option_name(k, loc) != k) for loc in ("en", "zh-CN")}


@pytest.mark.parametrize("seed", [1, 2])
def test_refusals_a_player_can_trigger_show_only_names(seed):
    """Issue 18: "Menus … show things by name in the user's language …, never internal ids". A
    refusal read "b3 cannot join this focus fire with 'infantry'": a slot and an option's code
    word. Over a seeded playout, every seat tries actions from earlier turns, another seat's
    actions and wrong targets; each refusal, in English and Chinese, names cards by their
    labels and options by their names (a slot with no card left reads as the card destroyed
    there, or "That card")."""
    met, bad = set(), []
    for code, key, loc, text in refusals(GAME, seed, 300, passive=PASSIVE):
        met.add(key)
        if found := unreadable(text, loc, IDS, RAW[loc]):
            bad.append((code, loc, text, found))
    assert not bad, bad[:5]
    # the playout reached the battle's refusals, not only "not your turn"
    assert {"ironfire.already_attacked", "ironfire.no_option", "ironfire.not_yours"} <= met, met


def test_a_destroyed_card_named_at_play_is_said_to_be_destroyed():
    """203.1: a card whose combat value falls to 0 "is destroyed". Typed afterwards by its label,
    "/play P-51 Mustang #1" answered "None of your actions now uses P-51 Mustang (4)" (the pool's
    card, with its cost): true, and no help. The game names what left play (`Text.left_play`),
    and the answer says so, in both languages, then offers the actions of the verb typed
    (seed 7, damage die scripted to 2)."""
    from bot.host import names
    from games.core.i18n import t
    from tests.ironfire.helpers import battle, play, script, unit

    state = battle([["p51", "p51", "yak3"], ["yak3", "yak3"]])
    unit(state, "a1").cv = 1
    play(state, 0, "attack a2 air")
    play(state, 0, "hit b1")
    script(state, 2)
    play(state, 1, "attack b2 air")
    events = play(state, 1, "hit a1").events
    assert "ironfire.destroyed" in [e.key for e in events] and unit(state, "a1") is None
    said = {}
    for loc in ("en", "zh-CN"):
        key, params, offered = names.unmatched(GAME, state, 0, "attack P-51 Mustang #1 air", loc)
        said[loc] = t(loc, key, **params)
        assert offered and all(a.code().startswith("attack") for a in offered)
    assert said["en"] == ("P1's P-51 Mustang #1 was destroyed in this game: it is no longer in play. "
                          "Pick one of your actions below."), said
    assert said["zh-CN"] == "P1的P-51野马战斗机 #1已在本盘被击毁，不在场上了。请在下面选择你的一个行动。", said
    # the twin still in play (it attacked this round) is not said to be destroyed
    assert names.unmatched(GAME, state, 0, "attack P-51 Mustang #2 air", "en")[0] == "host.play.unused_verb"
    # the Chinese label, typed as the board shows it, with no space before its number
    key, params, _ = names.unmatched(GAME, state, 0, "P-51野马战斗机 #1", "zh-CN")
    assert key == "host.play.gone"
