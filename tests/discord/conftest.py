"""Fixtures: the offline Discord harness over a real Host on a temporary SQLite file, with
the Duel test game registered and seeds that count from 100 (so games are reproducible)."""
from __future__ import annotations

import itertools

import pytest

import tests.toygame
from bot.discord.client import open_host
from bot.host import Host
from games.registry import register
from tests.conftest import backend_params, database
from tests.discord.harness import DiscordHarness, User

register(tests.toygame.GAME)

ALICE = User(1001, "alice", "en-US")
BOB = User(1002, "bob", "en-US")
LI = User(1003, "li", "zh-CN")  # a Chinese-speaking player
MOD = User(1009, "mod", "en-US")


async def make_host(path) -> Host:
    seeds = itertools.count(100)
    return await open_host(path, seed_source=lambda: next(seeds))


@pytest.fixture(params=backend_params())
def db_path(request, tmp_path):
    """The adapter's tests run on SQLite and on PostgreSQL."""
    return database(request, tmp_path)


@pytest.fixture
async def harness(db_path):
    h = await DiscordHarness.start(await make_host(db_path))
    yield h
    await h.close()
