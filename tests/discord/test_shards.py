"""Discord's shards split over processes: SHAPAN_SHARDS and SHAPAN_SHARD_COUNT pick the
shards this process runs (discord.py's AutoShardedClient); unset, one plain client."""
from __future__ import annotations

import discord
import pytest

from bot.discord import client as client_module
from bot.discord.client import ShapanClient, ShardedShapanClient, shard_options


def test_shard_settings_are_read_and_checked():
    assert shard_options({}) == {}
    assert shard_options({"SHAPAN_SHARDS": "1, 0", "SHAPAN_SHARD_COUNT": "4"}) == {"shard_ids": [0, 1],
                                                                                   "shard_count": 4}
    assert shard_options({"SHAPAN_SHARD_COUNT": "2"}) == {"shard_ids": [0, 1], "shard_count": 2}
    for bad in ({"SHAPAN_SHARDS": "0,1"}, {"SHAPAN_SHARDS": "4", "SHAPAN_SHARD_COUNT": "4"},
                {"SHAPAN_SHARDS": "0,0", "SHAPAN_SHARD_COUNT": "2"}, {"SHAPAN_SHARDS": "-1", "SHAPAN_SHARD_COUNT": "2"},
                {"SHAPAN_SHARD_COUNT": "0"}):
        with pytest.raises(SystemExit):
            shard_options(bad)


async def test_the_environment_makes_a_client_for_its_shards(monkeypatch):
    monkeypatch.setattr("dotenv.load_dotenv", lambda *a, **k: False)
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    monkeypatch.setenv("SHAPAN_SHARDS", "2,3")
    monkeypatch.setenv("SHAPAN_SHARD_COUNT", "4")
    _, client = client_module._from_env(tick_seconds=0)
    assert isinstance(client, ShardedShapanClient) and isinstance(client, discord.AutoShardedClient)
    assert (client.shard_ids, client.shard_count) == ([2, 3], 4)
    assert client.tree.get_command("game") is not None  # the same commands as the plain client
    monkeypatch.delenv("SHAPAN_SHARDS")
    monkeypatch.delenv("SHAPAN_SHARD_COUNT")
    _, plain = client_module._from_env(tick_seconds=0)
    assert type(plain) is ShapanClient
