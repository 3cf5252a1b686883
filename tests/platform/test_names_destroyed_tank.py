"""`/play go TANK HEX` by name for a tank already destroyed (issue 18, table14p). "go Cromwell #2
G7" after the Cromwell was shot answered "That action is not understood" (the hex typed is its own
name, "G7" for the code's g7, and names.coded took it for a bare id no name covers), and the code
with the id "That is not possible in this phase". RULES.md 6: a destroyed tank leaves a wreck; the
refusal names the tank and says so, in the player's language, and changes nothing."""
from __future__ import annotations

import pytest

from games.core.hexgrid import neighbor
from tests.platform.conftest import bots_play_panzer_until, cmd, reply_text, snapshot

USERS = ("alice", "bob")
SAID = {"en": "{tank} has been destroyed: a wreck can neither move nor fire.",
        "zh-CN": "{tank} 已被击毁：残骸不能移动，也不能射击。"}


async def until_a_seat_moves_with_a_tank_lost(host):
    """Until the seat to move (movement phase) has lost a tank."""
    def lost(game, state, seat):
        return state.phase in ("move", "moving") and next(
            (tk for tk in state.tanks if tk.owner == seat and not tk.alive), None)
    return await bots_play_panzer_until(host, lost, 2000)


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
async def test_a_named_move_of_a_destroyed_tank_says_it_is_destroyed(host, locale):
    sid, game, state, seat, dead = await until_a_seat_moves_with_a_tank_lost(host)
    gmap = game.engine.gmap(state)
    ahead = gmap.names[neighbor(dead.pos, dead.hull)] if neighbor(dead.pos, dead.hull) in gmap.names \
        else gmap.names[neighbor(dead.pos, dead.hull + 3)]
    name = game.text.token_names(state, seat, locale)[dead.id].split(" @")[0]  # "Panther #3", "豹式坦克 #3"
    said = SAID[locale].format(tank=name)
    before = await snapshot(host, sid)
    for line in (f"go {name} {ahead.upper()}", f"go {name} {ahead}", f"go {dead.id} {ahead}"):
        reply = reply_text(await host.handle(cmd(USERS[seat], "play", code=line, locale=locale)))
        assert reply == said, (line, reply)
    assert await snapshot(host, sid) == before
