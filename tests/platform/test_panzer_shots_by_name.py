"""`/play` a tank game's shot by its Chinese label, through the host (issue 18, "`/play` accepts
names"; the unit tests of the shots' names are tests/panzer/test_fire_choices.py)."""
from __future__ import annotations

from bot.host import names
from games.registry import get_game
from tests.platform.conftest import bots_play_panzer_until, cmd, reply_text

GAME = get_game("panzer")
TEXT = GAME.text


async def test_play_a_shot_by_its_chinese_label_through_the_host(host):
    """End to end, seed 100 (the host's first): both seats played by the normal bot with
    random.Random(3) until the seat to act may fire a special round. Every such shot's label, in
    both languages, names that shot alone (a tank's name once listed its rounds, so a shot with
    APFSDS named the plain one too); `/play` with the first one's zh-CN label plays that shot."""
    def special_shots(game, state, seat):
        return [a for a in game.engine.legal_actions(state, seat)
                if a.kind in ("precise", "advfire", "dfire") and a.ammo is not None]

    sid, _, state, seat, fire = await bots_play_panzer_until(host, special_shots, 3000, seed=3)
    shot = fire[0]
    label = TEXT.describe_action(state, seat, shot, "zh-CN")
    for other in fire:
        for locale in ("en", "zh-CN"):
            typed = TEXT.describe_action(state, seat, other, locale)
            assert names.match_actions(GAME, state, seat, typed) == [other], typed
    # the short form, the shot's verb and its two tanks (panzer16: it offered every round's shot):
    # the plain round, unless a round is named
    verb, tank, target = shot.code().split()[:3]
    plain = next(a for a in GAME.engine.legal_actions(state, seat)
                 if a.code().split()[:3] == [verb, tank, target] and a.ammo is None)
    for locale in ("en", "zh-CN"):
        called = TEXT.token_names(state, seat, locale)
        short = " ".join([verb, *(called[tok].split(" @")[0] for tok in (tank, target))])
        assert names.match_actions(GAME, state, seat, short) == [plain], short
        assert names.match_actions(GAME, state, seat, f"{short} {called[shot.ammo]}") == [shot], short
    reply = reply_text(await host.handle(cmd(("alice", "bob")[seat], "play", code=label, locale="zh-CN")))
    assert reply.startswith("✓") and label in reply, reply
    assert (await host.repo.log_entries(sid, last=1))[-1].code == shot.code()
