"""Secrets through the Discord adapter, for every game: random games driven by slash
commands on the real discord.py client with the recording HTTP layer. After every command,
no public payload (channel post, non-ephemeral interaction message, buttons and menus
included) carries any seat's secret, and no DM or ephemeral reply to one player carries
another seat's secret. Secrets are what `engine.secrets(state)` names after the command."""
from __future__ import annotations

import random

import pytest

from bot.host.core import AUTO
from games.registry import GAME_MODULES, get_engine, get_game
from tests.discord.conftest import make_host
from tests.discord.harness import CHANNEL_ID, DiscordHarness, User

MOVES = 80
PLAYERS = {"ironfire": 2, "conflict": 3}
USERS = [User(2001, "alice", "en-US"), User(2002, "li", "zh-CN"), User(2003, "bob", "en-US"), User(2004, "wang", "zh-CN")]


def private_to(h: DiscordHarness, user: User, caller: User, since: int) -> str:
    """What only `user` could read among the requests since `since`: DMs, and the ephemeral
    replies to their own command."""
    texts = [r.text for r in h.recorder.dm_messages(user.id, since)]
    if user == caller:
        texts += [r.text for r in h.recorder.replies(since) if h.recorder.is_private(r)]
    return " ".join(texts)


@pytest.mark.parametrize("game", list(GAME_MODULES))
async def test_no_secret_reaches_the_table_or_another_player(tmp_path, monkeypatch, game):
    engine = get_engine(game)
    monkeypatch.setattr(get_game(game), "render", lambda view, locale: None)  # pixels cannot be searched for tokens
    users = USERS[: PLAYERS.get(game, engine.min_players)]
    h = await DiscordHarness.start(await make_host(tmp_path / "db.sqlite3"))
    try:
        await h.slash(users[0], "game new", game=game)
        for user in users[1:]:
            await h.slash(user, "game join")
        await h.slash(users[0], "game start")
        rng = random.Random(11)
        seen_secrets = plays = 0
        for _ in range(MOVES):
            session = await h.client.host.repo.open_session_in_channel(CHANNEL_ID)
            if session is None:
                break  # the game ended
            state = engine.load_state(session.state)
            seat = rng.choice(engine.active_seats(state))
            caller = users[seat]
            mark = len(h.requests)
            if rng.random() < 0.15:
                await h.slash(caller, "hand", dm=rng.random() < 0.5)
            else:
                code = rng.choice(engine.legal_actions(state, seat)).code()
                await h.slash(caller, "play", dm=rng.random() < 0.5, action=code)
                plays += 1
            after = await h.client.host.repo.load_session(session.id)
            secrets = engine.secrets(engine.load_state(after.state))
            every = set().union(*secrets.values()) if secrets else set()
            seen_secrets += bool(every)
            public = " ".join(r.text for r in h.recorder.public(mark))
            assert not [tok for tok in every if tok in public], "a public payload carried a secret"
            for other_seat, user in enumerate(users):
                others = set().union(*(toks for s, toks in secrets.items() if s != other_seat))
                leaked = [tok for tok in others if tok in private_to(h, user, caller, mark)]
                assert not leaked, f"{user.name} (seat {other_seat}) was sent another seat's secret {leaked}"
        assert seen_secrets, f"{game} had no secret to keep in {MOVES} moves: the test checked nothing"
        # every move was taken, none refused; the host's automatic passes (a lone waiver, bot/host) come besides
        entries = await h.client.host.repo.log_entries(session.id)
        waivers = {cls.model_fields["kind"].default for cls in engine.actions if getattr(cls, "waiver", False)}
        assert len([e for e in entries if e.source != AUTO]) == plays
        assert {e.code.split()[0] for e in entries if e.source == AUTO} <= waivers
        assert not h.recorder.unexpected
    finally:
        await h.close()
