"""Frontline through the offline Discord adapter (tests/discord/harness.py): a whole game
played by slash commands, with the hand, mulligan and counter-orders kept private
(ephemeral answers and DMs), the battlefield picture in the public posts, and the
"show my hand" button. Fixed seeds: the host's seeds count from 100."""
from __future__ import annotations

import random
import re

import pytest

from games.frontline import ENGINE, GAME
from games.frontline.cards import CARDS
from tests.discord.conftest import ALICE, BOB, make_host
from tests.discord.harness import CHANNEL_ID, DiscordHarness

USERS = (ALICE, BOB)
HAND_ID = re.compile(r"\bc[0-9a-f]{10}\b")


@pytest.fixture
async def harness(tmp_path):
    h = await DiscordHarness.start(await make_host(tmp_path / "shapan.sqlite3"))
    yield h
    await h.close()


async def _state(h: DiscordHarness):
    session = await h.client.host.repo.load_session(1)
    return session, ENGINE.load_state(session.state)


def _followups(reqs):
    return [r for r in reqs if r.via == "webhook" and r.method == "POST" and "/webhooks/" in r.path]


async def _start(h: DiscordHarness):
    await h.slash(ALICE, "game new", game="frontline", options="first=0")
    await h.slash(BOB, "game join")
    await h.slash(ALICE, "game start")
    for user, deck in ((ALICE, "blitz"), (BOB, "red_guard")):
        answer = _followups(await h.slash(user, "play", action=f"deck {deck}"))[0]
        assert answer.ephemeral


def _named(card, text: str) -> bool:
    return any(name in text for name in CARDS[card.key].name.values())


async def test_whole_game_over_discord_keeps_hands_and_counter_orders_private(harness):
    h = harness
    await _start(h)
    _, st = await _state(h)
    assert st.phase == "mulligan"
    for seat, user in enumerate(USERS):  # the opening hand arrives by DM to its owner only
        dms = " ".join(r.text for r in h.recorder.dm_messages(user.id))
        assert all(_named(c, dms) for c in st.players[seat].hand)  # by name; ids stay internal
        assert not any(c.id in dms for p in st.players for c in p.hand)
    ever_ids: set[str] = set()
    counters = pictures = 0
    rng = random.Random(5)
    moves = 0
    while ENGINE.outcome(st) is None and moves < 400:
        seat = ENGINE.active_seats(st)[0]
        ever_ids |= {c.id for p in st.players for c in p.hand}
        action = GAME.bot_action(st, seat, rng)
        kredits_seen = [p["kredits"] for p in ENGINE.view(st, None)["players"]]
        start = len(h.requests)
        reqs = await h.slash(USERS[seat], "play", action=action.code())
        assert _followups(reqs)[0].ephemeral, action.code()
        posts = h.recorder.channel_messages(CHANNEL_ID, since=start)
        if action.kind in ("counter", "swap"):  # secret: no card, no kredits reach the table
            assert not any(action.card in r.text for r in posts)
            counters += action.kind == "counter"
        for r in posts:  # the board picture goes in an embed of the public post
            png = [name for name, data in r.files if name.endswith(".png") and data[:4] == b"\x89PNG"]
            if png:
                embeds = (r.json or {}).get("embeds") or []
                assert any(e.get("image", {}).get("url") == f"attachment://{png[0]}" for e in embeds), r
                pictures += 1
        _, st = await _state(h)
        if action.kind == "counter":  # the table still sees the kredits from before the activation
            assert ENGINE.view(st, None)["players"][seat]["kredits"] == kredits_seen[seat]
        moves += 1
    assert ENGINE.outcome(st) is not None and moves >= 60 and counters >= 1 and pictures >= 10
    for req in h.recorder.public():  # no hand card id ever reached a public payload
        assert not (set(HAND_ID.findall(req.text)) & ever_ids), req
    assert not h.recorder.unexpected


async def test_show_my_hand_button_answers_privately_with_the_picture(harness):
    h = harness
    await _start(h)
    for user in USERS:
        await h.slash(user, "play", action="keep")
    _, st = await _state(h)
    post = next(r for r in reversed(h.recorder.channel_messages(CHANNEL_ID)) if "sp:hand" in r.custom_ids)
    answer = _followups(await h.click(BOB, post.response, "sp:hand"))[0]
    assert answer.ephemeral
    assert all(_named(c, answer.text) for c in st.players[1].hand)
    assert not any(c.id in answer.text for p in st.players for c in p.hand)
    assert any(name.endswith(".png") for name, _ in answer.files)


async def test_mulligan_menu_is_ephemeral_and_offers_the_own_cards(harness):
    h = harness
    await _start(h)
    _, st = await _state(h)
    menu = _followups(await h.slash(ALICE, "act"))[0]
    assert menu.ephemeral
    assert not any(c.id in menu.text for c in st.players[1].hand)


async def _to_a_counter(h: DiscordHarness):
    """Play (bot moves for both) until the player to move can activate a counter-order."""
    await _start(h)
    rng = random.Random(5)
    _, st = await _state(h)
    while True:
        seat = ENGINE.active_seats(st)[0]
        setter = next((a for a in ENGINE.legal_actions(st, seat) if a.kind == "counter"), None)
        if setter is not None:
            return USERS[seat], setter
        await h.slash(USERS[seat], "play", action=GAME.bot_action(st, seat, rng).code())
        _, st = await _state(h)


async def test_counter_activation_looks_like_a_plain_end_of_turn(tmp_path):
    """Two tables on the same seeds reach the same position; at one the player activates a
    counter-order (which ends the turn), at the other the player just ends the turn. The
    channel posts, their pictures and the other player's /game log are the same."""
    seen = []
    for n, activate in enumerate((True, False)):
        h = await DiscordHarness.start(await make_host(tmp_path / f"t{n}.sqlite3"))
        try:
            user, setter = await _to_a_counter(h)
            other = BOB if user == ALICE else ALICE
            start = len(h.requests)
            await h.slash(user, "play", action=setter.code() if activate else "end")
            posts = h.recorder.channel_messages(CHANNEL_ID, since=start)
            log = _followups(await h.slash(other, "game log"))[0].text
            bodies = [{k: v for k, v in (r.json or {}).items() if k != "nonce"} for r in posts]  # nonce: random
            seen.append((bodies, [r.files for r in posts], log))
            _, st = await _state(h)
            assert any(c.active for c in st.players[USERS.index(user)].hand) == activate
        finally:
            await h.close()
    assert seen[0][0] and seen[0] == seen[1]
