"""Board pictures in posts and in /hand, and the cap on bot moves per command."""
from __future__ import annotations


from games.core.i18n import t
from games.core.game import Game
from games.registry import register
from tests.platform.conftest import CHANNEL, cmd, duel_table, make_host, public_text, reply_text
from tests.toygame import DuelEngine, DuelText


class PictureDuel(DuelEngine):
    key = "pictureduel"


def picture(view, locale):
    """Duel's 'picture': it records which view it was drawn from."""
    return b"PNG:" + (b"private" if view["hand"] is not None else b"public")


class PictureDuelText(DuelText):
    """A board that shows whose turn it is and the cards face down, as the picture would: a
    post shows the board, and at a turn's start its picture, when the board changed (a post
    never shows the board it showed before, see Host._shows_board)."""

    def summary(self, view, locale):
        down = "".join("▮" if d else "·" for d in view["face_down"])
        return f"{super().summary(view, locale)} · seat {view['turn']} to play · {down}"


PICTURE_DUEL = Game(PictureDuel(), text=PictureDuelText, render=picture)
register(PICTURE_DUEL)


async def test_board_picture_follows_changes_and_hand_is_private(host):
    sid = await duel_table(host, game="pictureduel")
    box = await host.handle(cmd("alice", "play", code="pass"))
    images = [img for _, m in box.public for img in m.images]
    assert [img.data for img in images] == [b"PNG:public"] and images[0].filename == f"table{sid}.png"
    box = await host.handle(cmd("alice", "game.status"))  # nothing changed: no post; the picture on request
    assert box.public == [] and [img.data for img in box.reply.images] == [b"PNG:public"]
    box = await host.handle(cmd("bob", "hand"))
    assert [img.data for img in box.reply.images] == [b"PNG:private"] and box.public == []


async def test_board_picture_is_drawn_after_the_answer_on_the_drawing_thread(host, monkeypatch):
    """The command's answer never waits for PIL: the post carries a pending picture that the
    adapter draws afterwards on another thread; an empty or failing picture is dropped and
    the post still goes."""
    import threading

    from bot.outbox import draw_pictures

    await duel_table(host, game="pictureduel")
    drawn_on: list[str] = []
    original = PICTURE_DUEL.render

    def recording(view, locale):
        drawn_on.append(threading.current_thread().name)
        return original(view, locale)

    monkeypatch.setattr(PICTURE_DUEL, "render", recording)
    box = await host.handle(cmd("alice", "play", code="pass"))
    message = box.public[0][1]
    assert drawn_on == [] and [img.pending for img in message.images] == [True]
    await draw_pictures([message])
    assert drawn_on and drawn_on[0] != threading.current_thread().name
    assert [img.data for img in message.images] == [b"PNG:public"]

    def broken(view, locale):
        raise RuntimeError("no ink")

    monkeypatch.setattr(PICTURE_DUEL, "render", broken)
    session = await host.repo.open_session_in_channel(CHANNEL)
    from games.registry import get_engine

    card = get_engine("pictureduel").legal_actions(get_engine("pictureduel").load_state(session.state), 1)[0].code()
    box = await host.handle(cmd("bob", "play", code=card))
    message = box.public[0][1]
    await draw_pictures([message])
    assert message.images == [] and message.text  # no picture, the post itself is intact


async def test_picture_is_redrawn_only_when_the_turn_changes(host):
    await duel_table(host, game="pictureduel")
    box = await host.handle(cmd("alice", "play", code="pass"))  # alice passes the lead: bob is awaited
    assert [img for _, m in box.public for img in m.images]
    from games.registry import get_engine

    engine = get_engine("pictureduel")
    session = await host.repo.open_session_in_channel(CHANNEL)
    state = engine.load_state(session.state)
    card = engine.legal_actions(state, 1)[0].code()
    box = await host.handle(cmd("bob", "play", code=card))  # bob plays: alice is awaited now
    assert [img for _, m in box.public for img in m.images]


async def test_console_writes_pictures_to_files(tmp_path):
    from bot.console import run_script

    out: list[str] = []
    script = ["alice: /game new pictureduel", "bob: /game join", "alice: /game start"]
    await run_script(script, None, str(tmp_path / "img"), 7, write=out.append)
    # the console's image line is in the table's reader's language (zh-CN by default)
    prefixes = [t(locale, "console.image", path="") for locale in ("en", "zh-CN")]
    paths = [line.split(prefix, 1)[1] for line in out for prefix in prefixes if line.startswith(f"[table] {prefix}")]
    assert len(paths) == 1
    with open(paths[0], "rb") as fh:
        assert fh.read() == b"PNG:public"


async def test_bot_moves_beyond_a_commands_slice_go_on_at_the_next_tick(db_path, clock):
    # issue 17: a concede with five bots left ran 2,000 bot moves in one command. The bots
    # get a slice per command (here 1 move); the rest goes on, slice by slice, at the ticks.
    host = await make_host(db_path, clock)
    host.bot_step_cap = 1
    try:
        await host.handle(cmd("alice", "game.new", game="duel"))
        await host.handle(cmd("alice", "game.bot"))
        await host.handle(cmd("alice", "game.start"))
        session = await host.repo.open_session_in_channel(CHANNEL)
        from tests.toygame import ENGINE

        state = ENGINE.load_state(session.state)
        box = await host.handle(cmd("alice", "play", code=f"play {state.hands[0][0].id}"))
        # the bot answers (1 move), then would lead round 2, but its slice is over
        assert t("en", "host.bots_thinking") in public_text(box)
        assert box.tick_soon  # the adapter calls the tick again soon
        assert [e.source for e in await host.repo.log_entries(session.id)] == ["user", "bot"]
        assert (await host.repo.load_session(session.id)).turn_deadline == clock.now  # due at once
        box = await host.tick()
        assert [e.source for e in await host.repo.log_entries(session.id)] == ["user", "bot", "bot"]
        stored = await host.repo.load_session(session.id)
        assert ENGINE.active_seats(ENGINE.load_state(stored.state)) == [0]  # alice's turn again
        assert stored.turn_deadline is None  # no timer: nothing is due any more
        assert t("en", "host.bots_thinking") not in public_text(box) and not box.tick_soon
    finally:
        await host.close()