"""Issue 17 §1, the last gap of player entropy: "let each player add entropy ... committed
before the server's secret is revealed, ... so that not even the person who runs the bot can
choose the dice." Values stored as given let an operator who also plays read the others'
values in the database and try their own until the dice suit them. Commit-then-reveal closes
it: a player sends SHA-256 of a value they keep (`/game join commit:HASH`) and reveals the
value (`/game start entropy:VALUE`) only once the commitments are closed, so nobody can add or
change a value after seeing theirs. Through the real host, on SQLite and PostgreSQL."""
from __future__ import annotations

import hashlib

from bot.host import fair
from bot.host.core import REVEAL_SECONDS
from games.core.i18n import t
from tests.platform.conftest import CHANNEL, USERS, cmd, public_text, reply_text
from tests.toygame import ENGINE


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


ALICE_VALUE = "alice-keeps.this_1"


async def state_of(host, sid: int):
    """Everything a refused command must leave untouched, the entropy columns included."""
    s = await host.repo.load_session(sid)
    return (s.version, s.status, s.state, [(x.seat, x.user_id, x.is_bot) for x in s.seats], s.turn_deadline,
            s.entropy, s.commitments, s.reveal_until, await host.repo.count_log(sid), len(await host.repo.posts(sid)))


async def verify(host, sid: int) -> str | None:
    session = await host.repo.load_session(sid)
    return fair.verify_session(ENGINE, session, await host.repo.log_entries(sid))


async def operator_table(host) -> int:
    """bob runs the bot and opens the table; alice, who does not trust him, commits."""
    await host.handle(cmd("bob", "game.new", game="duel", entropy=True))
    box = await host.handle(cmd("alice", "game.join", commit=sha256(ALICE_VALUE).upper()))
    assert reply_text(box) == "Done.", reply_text(box)
    assert t("en", "host.entropy_committed", name="alice") in public_text(box)
    return (await host.repo.open_session_in_channel(CHANNEL)).id


async def test_the_operator_cannot_choose_their_value_after_seeing_a_committed_players(host, clock):
    sid = await operator_table(host)
    session = await host.repo.load_session(sid)
    # what the operator can read in the database before the game: a hash, never alice's value
    assert session.commitments == {str(USERS["alice"]): sha256(ALICE_VALUE)}
    assert str(USERS["alice"]) not in session.entropy
    # bob closes the commitments: his own value (drawn when he opened the table) is fixed now
    box = await host.handle(cmd("bob", "game.start"))
    assert reply_text(box) == "Done."
    closed = public_text(box)
    assert "/game start entropy:VALUE" in closed and USERS["alice"] in box.public[0][1].pings
    session = await host.repo.load_session(sid)
    bob_value = session.entropy[str(USERS["bob"])]
    assert session.status == "lobby" and session.reveal_until == clock.now + REVEAL_SECONDS
    before = await state_of(host, sid)
    # from now on no value but the committed ones can be given, changed or committed to
    for attempt in (cmd("bob", "game.start", entropy="bob-better.1"), cmd("bob", "game.start"),
                    cmd("bob", "game.join", commit=sha256("bob-better.1")),
                    cmd("bob", "game.start", entropy="x", manager=True)):
        box = await host.handle(attempt)
        assert reply_text(box) != "Done."
        assert await state_of(host, sid) == before
    # alice's reveal starts the game; the key mixes bob's fixed value with hers
    box = await host.handle(cmd("alice", "game.start", entropy=ALICE_VALUE))
    assert reply_text(box) == "Done.", reply_text(box)
    assert t("en", "host.entropy_revealed", name="alice") in public_text(box)
    session = await host.repo.load_session(sid)
    assert session.status == "active" and session.entropy[str(USERS["bob"])] == bob_value
    assert fair.mix_text(session) == f"{fair.secret_text(session)}:{bob_value}:{ALICE_VALUE}"
    assert ENGINE.load_state(session.state).rng.key == sha256(fair.mix_text(session))
    # the reveal at the end lists the values and the commitments; verify checks each
    box = await host.handle(cmd("alice", "game.concede"))
    assert sha256(ALICE_VALUE) in public_text(box) and ALICE_VALUE in public_text(box)
    assert await verify(host, sid) is None


async def test_a_reveal_that_does_not_match_is_refused_in_the_players_language_and_changes_nothing(host):
    sid = await operator_table(host)
    await host.handle(cmd("bob", "game.start"))
    before = await state_of(host, sid)
    for locale in ("en", "zh-CN"):
        box = await host.handle(cmd("alice", "game.start", entropy="alice-other.1", locale=locale))
        assert reply_text(box) == t(locale, "host.reveal_mismatch", value="alice-other.1", hash=sha256(ALICE_VALUE))
        assert await state_of(host, sid) == before
    assert t("zh-CN", "host.reveal_mismatch", value="v", hash="h") != t("en", "host.reveal_mismatch", value="v",
                                                                       hash="h")


async def test_no_reveal_before_the_commitments_close(host):
    sid = await operator_table(host)
    before = await state_of(host, sid)
    box = await host.handle(cmd("alice", "game.start", entropy=ALICE_VALUE))
    assert reply_text(box) == t("en", "host.reveal_too_early", names="-")
    assert await state_of(host, sid) == before
    # a commitment may still change while they are open; a value and a commitment at once is refused
    assert reply_text(await host.handle(cmd("alice", "game.join", commit=sha256("second")))) == "Done."
    box = await host.handle(cmd("carol", "game.join", commit=sha256("c"), entropy="c"))
    assert reply_text(box) == t("en", "host.commit_and_value")
    box = await host.handle(cmd("alice", "game.join", commit="abc"))
    assert reply_text(box) == t("en", "host.commit_bad", value="abc")


async def test_seats_are_fixed_while_the_players_reveal(host):
    sid = await operator_table(host)
    await host.handle(cmd("bob", "game.start"))
    before = await state_of(host, sid)
    for attempt in (cmd("alice", "game.leave"), cmd("bob", "game.kick", user_id=USERS["alice"])):
        box = await host.handle(attempt)
        assert reply_text(box) == t("en", "host.revealing")
        assert await state_of(host, sid) == before


async def test_a_player_who_never_reveals_counts_as_withheld_and_the_game_still_verifies(host, clock):
    sid = await operator_table(host)
    await host.handle(cmd("bob", "game.start"))
    clock.now += REVEAL_SECONDS - 1
    assert (await host.tick()).public == []  # not yet
    clock.now += 1
    out = await host.tick()
    text = public_text(out)
    assert t("en", "host.reveal_time_up") in text
    assert t("en", "host.entropy_withheld", names="alice", value=fair.WITHHELD) in text
    session = await host.repo.load_session(sid)
    assert session.status == "active" and session.entropy[str(USERS["alice"])] == fair.WITHHELD
    assert fair.mix_text(session).endswith(f":{fair.WITHHELD}")
    await host.handle(cmd("alice", "game.concede"))
    assert await verify(host, sid) is None


async def test_verify_refuses_a_revealed_value_that_does_not_match_its_commitment(host):
    sid = await operator_table(host)
    await host.handle(cmd("bob", "game.start"))
    await host.handle(cmd("alice", "game.start", entropy=ALICE_VALUE))
    await host.handle(cmd("alice", "game.concede"))
    session = await host.repo.load_session(sid)
    forged = {**session.entropy, str(USERS["alice"]): "forged"}
    # a consistent forgery (state replayed from the forged key) is still caught by the commitment
    from dataclasses import replace
    forged_session = replace(session, entropy=forged)
    from bot.host.fair import replay
    state = ENGINE.dump_state(replay(ENGINE, forged_session, await host.repo.log_entries(sid)))
    problem = fair.verify_session(ENGINE, replace(forged_session, state=state), await host.repo.log_entries(sid))
    assert problem is not None and "commitment" in problem


async def test_the_creator_may_commit_too_and_reveal_as_they_close(host):
    """The creator's value drawn at `/game new` gives way to their commitment; `/game start
    entropy:VALUE` closes the commitments and reveals theirs in one step."""
    await host.handle(cmd("alice", "game.new", game="duel", entropy=True))
    await host.handle(cmd("alice", "game.join", commit=sha256(ALICE_VALUE)))
    await host.handle(cmd("bob", "game.join", commit=sha256("bob-9")))
    sid = (await host.repo.open_session_in_channel(CHANNEL)).id
    session = await host.repo.load_session(sid)
    assert session.entropy == {} and len(session.commitments) == 2
    box = await host.handle(cmd("alice", "game.start", entropy="wrong"))
    assert reply_text(box).startswith(t("en", "host.reveal_mismatch", value="wrong", hash=sha256(ALICE_VALUE))[:20])
    assert (await host.repo.load_session(sid)).reveal_until is None  # a refused close closes nothing
    await host.handle(cmd("alice", "game.start", entropy=ALICE_VALUE))
    session = await host.repo.load_session(sid)
    assert session.status == "lobby" and session.reveal_until is not None
    await host.handle(cmd("bob", "game.start", entropy="bob-9"))
    session = await host.repo.load_session(sid)
    assert session.status == "active"
    assert fair.mix_text(session) == f"{fair.secret_text(session)}:{ALICE_VALUE}:bob-9"


async def test_plain_values_still_work_for_tables_that_trust_the_operator(host):
    await host.handle(cmd("alice", "game.new", game="duel", entropy=True))
    await host.handle(cmd("bob", "game.join", entropy="bob-1"))
    box = await host.handle(cmd("alice", "game.start", entropy="alice-2"))
    assert reply_text(box) == "Done."
    session = await host.repo.open_session_in_channel(CHANNEL)
    assert session.status == "active" and session.reveal_until is None
    assert fair.mix_text(session) == f"{fair.secret_text(session)}:alice-2:bob-1"


async def test_a_committed_player_who_sends_start_alone_is_told_how_to_reveal(host):
    sid = await operator_table(host)
    await host.handle(cmd("bob", "game.start"))
    before = await state_of(host, sid)
    assert reply_text(await host.handle(cmd("alice", "game.start"))) == t("en", "host.reveal_how")
    await host.handle(cmd("alice", "game.start", entropy=ALICE_VALUE))
    assert (await host.repo.load_session(sid)).status == "active"
    assert before != await state_of(host, sid)
