"""Through the Discord adapter (offline harness): fleets are built by DM, and hidden
configuration and hands only ever reach their owner."""
from __future__ import annotations

import random

from games.fleet import ENGINE, GAME
from games.fleet.data import DATA
from tests.discord.conftest import ALICE, BOB, make_host
from tests.discord.harness import DiscordHarness
from tests.fleet.make_script import SECRET_KINDS


async def _state(h: DiscordHarness):
    session = await h.client.host.repo.load_session(1)
    return session, ENGINE.load_state(session.state)


async def test_hidden_configuration_and_hands_go_only_to_their_owner(tmp_path):
    h = await DiscordHarness.start(await make_host(tmp_path / "shapan.sqlite3"))
    try:
        await h.slash(ALICE, "game new", game="fleet")
        await h.slash(BOB, "game join")
        await h.slash(ALICE, "game start")
        await h.slash(ALICE, "play", dm=True, action="preset raider")
        await h.slash(BOB, "play", dm=True, action="preset carrier")
        await h.slash(ALICE, "play", dm=True, action="victory raid")
        await h.slash(BOB, "play", dm=True, action="victory arms")
        session, state = await _state(h)
        assert state.phase == "play"
        ever = [set(), set()]
        ever_names: list[set[str]] = [set(), set()]  # the cards a seat held, by (either) name
        rng = random.Random(3)
        moves = 0
        while not ENGINE.is_over(state) and moves < 400:
            for seat, toks in ENGINE.secrets(state).items():
                ever[seat] |= toks
            for seat, side in enumerate(state.sides):
                ever_names[seat] |= {n for c in side.hand for n in DATA().subs[c.card].name.values()}
            seat = ENGINE.active_seats(state)[0]
            action = GAME.bot_action(state, seat, rng)
            await h.slash((ALICE, BOB)[seat], "play", dm=action.kind in SECRET_KINDS, action=action.code())
            session, state = await _state(h)
            moves += 1
        assert ENGINE.is_over(state) and session.status == "finished"
        public = " ".join(r.text for r in h.recorder.public())
        for toks in ever:
            assert not any(tok in public for tok in toks)
        for seat, user in ((0, ALICE), (1, BOB)):
            dms = " ".join(r.text for r in h.recorder.dm_messages(user.id))
            assert not any(tok in dms for tok in ever[1 - seat]), "a DM carried the other seat's secret"
            assert any(name in dms for name in ever_names[seat]), "the owner got its hand by DM, by name"
        # a captain that never used a skill is never named in public
        for side in state.sides:
            if not side.captain_revealed:
                assert DATA().captains[side.captain].name["en"] not in public
        assert not h.recorder.unexpected
    finally:
        await h.close()
