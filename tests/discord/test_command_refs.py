"""Commands a message names, on Discord (bot/commandref.py): once the tree is synced they are
mentions a click opens, `</game join:ID>` under the command's default name and the id the
sync gave (a localized name or a stale id shows as broken text, which the fake Discord
refuses); before any sync they are text under the names the reader's client shows."""
from __future__ import annotations

from bot import commandref
from tests.discord import limits
from tests.discord.conftest import ALICE, make_host
from tests.discord.harness import GUILD_ID, DiscordHarness


async def test_after_a_sync_messages_name_commands_as_mentions_of_the_synced_ids(db_path):
    h = await DiscordHarness.start(await make_host(db_path), dev_guild=GUILD_ID)
    synced = h.recorder.synced
    start = len(h.requests)
    await h.slash(ALICE, "game new", game="frontline")
    said = " ".join(r.text for r in h.requests[start:])
    assert f"</game join:{synced['game join']}>" in said and f"</game start:{synced['game start']}>" in said, said
    assert "/game join" not in said.replace(f"</game join:{synced['game join']}>", "")
    await h.close()
    assert commandref._ids == {}  # a closed client's ids are named by no later message


async def test_without_a_sync_commands_are_named_in_text(db_path):
    h = await DiscordHarness.start(await make_host(db_path))
    start = len(h.requests)
    await h.slash(ALICE, "game new", game="frontline")
    said = " ".join(r.text for r in h.requests[start:])
    assert "/游戏 加入" in said and "</" not in said, said  # the table reads zh-CN (the server's language)
    await h.close()


def test_the_fake_discord_refuses_a_mention_of_no_synced_command():
    synced = limits.command_paths([
        {"name": "game", "id": "11", "options": [{"type": 1, "name": "join", "options": []}]},
        {"name": "rules", "id": "22", "options": [{"type": 3, "name": "game"}]}])
    assert synced == {"game join": 11, "rules": 22}
    assert limits.check_command_mentions({"content": "</game join:11> and </rules:22>"}, synced) == []
    for wrong in ("</game join:22>", "</游戏 加入:11>", "</game:11>", "</deck save:33>"):
        assert limits.check_command_mentions({"content": wrong}, synced), wrong
