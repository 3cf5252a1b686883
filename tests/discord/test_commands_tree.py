"""The command tree as Discord receives it, and the options as Discord sends them back.

The tree is built and synced through the real discord.py code with our translator, and the
payload checked against Discord's rules (tests/discord/limits.py: names, descriptions,
options, choices, nesting, 4000 characters per command with its localizations, 100
commands). Interactions carry the names Discord shows (renamed options included), so an
option whose Python name differs is really received."""
from __future__ import annotations

from datetime import datetime, timezone

import games.registry as registry
from tests.discord import limits
from tests.discord.conftest import ALICE, MOD, make_host
from tests.discord.harness import GUILD_ID, DiscordHarness


async def synced_tree(db_path) -> tuple[DiscordHarness, list[dict]]:
    h = await DiscordHarness.start(await make_host(db_path), dev_guild=GUILD_ID)
    put = [r for r in h.requests if r.method == "PUT"]
    assert len(put) == 1 and put[0].ok
    return h, put[0].json


async def test_the_real_command_tree_follows_discords_rules(db_path):
    h, commands = await synced_tree(db_path)
    assert limits.check_commands(commands) == []
    assert 10 <= len(commands) <= limits.GLOBAL_COMMANDS
    for command in commands:
        assert 0 < limits.command_characters(command) <= limits.COMMAND_TOTAL
        assert command["name_localizations"].get("zh-CN"), command["name"]
    await h.close()


def test_the_tree_rules_refuse_what_discord_refuses():
    good = {"name": "game", "description": "Play", "type": 1, "options": [
        {"type": 1, "name": "new", "description": "New table", "options": [
            {"type": 3, "name": "game", "description": "Which game", "required": True},
            {"type": 3, "name": "options", "description": "Options", "required": False}]}]}
    assert limits.check_command(good) == []

    def broken(change) -> dict:
        import copy
        command = copy.deepcopy(good)
        change(command)
        return command

    sub = lambda c: c["options"][0]  # noqa: E731
    cases = [
        lambda c: c.update(name="Game"),  # uppercase
        lambda c: c.update(name="a game"),  # space
        lambda c: c.update(name_localizations={"zh-CN": "游 戏"}),
        lambda c: c.update(description=""),
        lambda c: c.update(description_localizations={"zh-CN": "长" * 101}),
        lambda c: sub(c)["options"].reverse(),  # required after optional
        lambda c: sub(c)["options"][0].update(choices=[{"name": str(i), "value": str(i)} for i in range(26)]),
        lambda c: sub(c).update(options=[{"type": 3, "name": f"o{i}", "description": "d"} for i in range(26)]),
        lambda c: c["options"].append({"type": 3, "name": "x", "description": "plain beside a subcommand"}),
        lambda c: sub(c)["options"].append({"type": 2, "name": "deep", "description": "group too deep",
                                            "options": []}),
        lambda c: c.update(description_localizations={f"l{i}": "d" * 100 for i in range(3)},
                           options=[{"type": 3, "name": f"o{i}", "description": "d" * 100,
                                     "description_localizations": {"zh-CN": "长" * 100},
                                     "choices": [{"name": "n" * 100, "value": "v" * 100} for _ in range(25)]}
                                    for i in range(2)]),  # over 4000 characters
    ]
    for case in cases:
        assert limits.check_command(broken(case)), case
    assert limits.check_commands([good] * 2)  # two commands with one name
    assert limits.check_commands([dict(good, name=f"c{i}") for i in range(101)])


async def test_renamed_options_arrive_under_the_name_discord_sends(harness):
    received = []
    handle = harness.client.host.handle

    async def recording(cmd):
        received.append(cmd)
        return await handle(cmd)

    harness.client.host.handle = recording
    # `tz` is shown as `timezone`: 12:00 in London is 12:00 UTC, not the default Shanghai's 04:00
    await harness.slash(ALICE, "league propose_time", when="2026-03-01 12:00", tz="Europe/London")
    assert received[-1].verb == "league.propose_time"
    assert received[-1].args["time"] == datetime(2026, 3, 1, 12, 0, tzinfo=timezone.utc).timestamp()
    # `reset` is shown as `reset_ratings`
    await harness.slash(MOD, "leagueadmin new_season", manage_guild=True, reset_ratings=True)
    assert received[-1].verb == "league.new_season" and received[-1].args["reset_ratings"] is True


async def test_games_are_imported_when_the_bot_starts(db_path, monkeypatch):
    monkeypatch.setattr(registry, "_games", {k: v for k, v in registry._games.items()
                                               if k not in registry.GAME_MODULES})
    h = await DiscordHarness.start(await make_host(db_path))
    assert set(registry.GAME_MODULES) <= set(registry._games)
    await h.close()


async def test_league_export_is_a_csv_file_not_an_embedded_image(harness):
    await harness.slash(MOD, "leagueadmin create", manage_guild=True, name="Winter", game="duel",
                        format="round_robin")
    reqs = await harness.slash(MOD, "league export", manage_guild=True)
    sent = [r for r in reqs if r.files]
    assert len(sent) == 1, reqs
    (name, data), = sent[0].files
    assert name.endswith(".csv") and data
    images = [e.get("image") for e in sent[0].body.get("embeds", [])]
    assert not any(images), images  # an embed image pointing at a CSV shows nothing


async def test_move_suggestions_are_computed_off_the_event_loop(harness, monkeypatch):
    import threading

    from tests.discord.test_adapter import start_duel

    await start_duel(harness)
    duel = registry.get_engine("duel")
    seen_on: list[str] = []
    original = type(duel).legal_actions

    def recording(self, state, seat):
        seen_on.append(threading.current_thread().name)
        return original(self, state, seat)

    monkeypatch.setattr(type(duel), "legal_actions", recording)
    choices = await harness.autocomplete(ALICE, "play", "action", action="")
    assert choices and seen_on and threading.current_thread().name not in seen_on


def readme_commands() -> list[list[str]]:
    """The commands the README's Commands table names, as lists of words (`/game new GAME …`
    -> ["game", "new", "GAME", …]), leaving out those it marks as the console's own."""
    from pathlib import Path
    import re

    text = Path(__file__).resolve().parents[2].joinpath("README.md").read_text(encoding="utf-8")
    table = text.split("\n## Commands", 1)[1].split("\n## ", 1)[0]
    named = []
    for row in table.splitlines():
        if not row.startswith("| `/"):
            continue
        first = row.split(" | ", 1)[0]
        for match in re.finditer(r"(at the console )?`(/[^`]+)`", first):
            if not match[1]:
                named.append(match[2][1:].replace("\\|", "|").split())
    return named


async def test_every_command_the_readme_names_is_in_the_tree(db_path):
    """play17b typed the README's `/menu` and Discord had no such command (it is `/act`): each
    command and subcommand the README's table names exists in the synced tree, except what the
    table marks "at the console"."""
    import re

    h, commands = await synced_tree(db_path)
    try:
        named = readme_commands()
        assert len(named) >= 15
        for words in named:
            nodes, path = commands, []
            for word in words:
                subs = [n for n in nodes if n.get("type", 1) in (1, 2)]
                if not subs or not re.fullmatch(r"[a-z_]+", word):  # arguments: GAME, [thread], …
                    break
                found = next((n for n in subs if n["name"] == word), None)
                assert found is not None, f"README names /{' '.join(path + [word])}, which Discord's tree lacks"
                path.append(word)
                nodes = found.get("options", [])
    finally:
        await h.close()
