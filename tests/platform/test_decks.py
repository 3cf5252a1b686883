"""Saved decks / fleets: /deck save|list|show|delete, and `@NAME` inside a move."""
from bot.outbox import Command
from games.registry import get_engine
from tests.platform.conftest import GUILD, USERS, cmd


def deck(user: str, verb: str, locale: str = "en", **args) -> Command:
    # `name` is a /deck argument here, so build the command directly
    return Command(user_id=USERS[user], user_name=user, verb=verb, args=args, guild_id=GUILD, channel_id=10,
                   locale=locale)


async def test_save_list_show_delete_and_use_a_deck(host):
    engine = get_engine("frontline")
    name, code = next(iter(engine.loadout_presets().items()))
    out = await host.handle(deck("alice", "deck.save", game="frontline", name="mine", code=code))
    assert "Saved **mine**" in out.reply.text
    out = await host.handle(deck("alice", "deck.list", game="frontline"))
    assert "**mine**" in out.reply.text and name in out.reply.text  # saved ones and the presets
    out = await host.handle(deck("alice", "deck.show", game="frontline", name="mine"))
    assert engine.validate_loadout(code) in out.reply.text
    assert "nothing saved" in (await host.handle(deck("bob", "deck.list"))).reply.text

    await host.handle(cmd("alice", "game.new", game="frontline"))
    await host.handle(cmd("bob", "game.join"))
    await host.handle(cmd("alice", "game.start"))
    await host.handle(cmd("alice", "play", code="deck @mine"))
    session = (await host.repo.open_sessions_of_user(1))[0]
    state = engine.load_state(session.state)
    assert engine.active_seats(state) == [1]  # alice's deck is chosen; only bob is awaited
    out = await host.handle(cmd("bob", "play", code="deck @nothing"))
    assert "nothing saved as nothing" in out.reply.text

    out = await host.handle(deck("alice", "deck.delete", game="frontline", name="mine"))
    assert "Deleted" in out.reply.text
    assert "nothing saved" in (await host.handle(deck("alice", "deck.show", game="frontline", name="mine"))).reply.text


async def test_bad_deck_codes_are_refused_in_the_users_language(host):
    out = await host.handle(deck("alice", "deck.save", game="frontline", name="bad", code="zzz", locale="zh-CN"))
    assert out.reply.text and "Saved" not in out.reply.text
    assert await host.repo.loadouts(1) == []
    out = await host.handle(deck("alice", "deck.save", game="duel", name="x", code="1"))
    assert "no decks or fleets" in out.reply.text
    out = await host.handle(deck("alice", "deck.save", game="frontline", name="no spaces!", code="x"))
    assert "saved name" in out.reply.text
