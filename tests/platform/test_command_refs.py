"""Every command a message names is written as the reader types it where they are (issue 18:
"Errors point only to commands that exist where the user is"). Catalogs name a command by a
reference, `{/deck save game={game} name code}`, and bot/commandref.py renders it: the console's
positional form, Discord's named options under the names the reader's client shows, or a
clickable mention once the adapter has the synced commands' ids."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from bot import commandref
from bot.commandref import COMMANDS, SURFACE, set_command_ids
from games.core.i18n import COMMAND_REF, t
from games.registry import available_games, get_game

for _key in available_games():  # each game registers its catalog
    get_game(_key)

ROOT = Path(__file__).resolve().parents[2]
CATALOGS = sorted([*ROOT.glob("games/*/locale/*.toml"), *ROOT.glob("bot/locale/*.toml"),
                   *ROOT.glob("bot/league/locale/*.toml"),
                   *ROOT.glob("bot/discord/locale/*.toml")])
# a command named outside a reference: "/" and a command's first word, not inside a path or a URL
NAMED = re.compile(r"(?<![\w/.:<{])/(game|play|act|menu|hand|rules|roll|dice|deck|design|league|leagueadmin)(?![\w/])")
# shown only at the console, by bot/console.py (its usage lines and /menu N picks)
CONSOLE_ONLY = ("console.",)


def _strings(table, prefix=""):
    for key, value in table.items():
        if isinstance(value, dict):
            yield from _strings(value, f"{prefix}{key}.")
        else:
            yield prefix + key, str(value)


def rendered(surface: str, locale: str, key: str, **params) -> str:
    token = SURFACE.set(surface)
    try:
        return t(locale, key, **params)
    finally:
        SURFACE.reset(token)


def test_every_catalog_string_names_commands_through_the_renderer():
    loose = []
    for path in CATALOGS:
        with path.open("rb") as fh:
            for key, text in _strings(tomllib.load(fh)):
                if key.startswith(CONSOLE_ONLY):
                    continue
                outside = COMMAND_REF.sub("", text)
                if NAMED.search(outside):
                    loose.append(f"{path.relative_to(ROOT)} {key}: {NAMED.search(outside).group(0)}")
                for ref in COMMAND_REF.findall(text):  # each reference names a command the renderer knows
                    for surface in ("console", "discord"):
                        token = SURFACE.set(surface)
                        try:
                            commandref.render(ref, "en")
                        finally:
                            SURFACE.reset(token)
    assert not loose, "\n".join(loose)


@pytest.mark.parametrize("surface, locale, expected", [
    ("console", "en", "/deck save ironfire NAME CODE"),
    ("console", "zh-CN", "/deck save ironfire 名称 代码"),
    ("discord", "en", "/deck save game:ironfire name:NAME code:CODE"),
    ("discord", "zh-CN", "/卡组 保存 游戏:ironfire 名称:… 代码:…"),
])
def test_the_deck_code_dm_names_deck_save_as_typed_there(surface, locale, expected):
    said = rendered(surface, locale, "ironfire.deck_yours", code="XYZ")
    assert expected in said, said
    assert "Discord" not in said, said  # no second form "in words" beside it


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
def test_the_menu_is_menu_at_the_console_and_act_on_discord(locale):
    console = rendered("console", locale, "host.no_code")
    discord = rendered("discord", locale, "host.no_code")
    assert "/menu" in console and "/act" not in console
    assert "/menu" not in discord and {"en": "/act", "zh-CN": "/点选"}[locale] in discord


def test_a_synced_command_becomes_a_mention_under_its_default_name():
    """Discord shows a mention by the name written in it and opens only a default-named one
    (discord-api-docs 7309, 5518): the mention is English, the options the reader's."""
    set_command_ids({"deck": 111, "rules": 222})
    try:
        zh = rendered("discord", "zh-CN", "ironfire.deck_yours", code="XYZ")
        en = rendered("discord", "en", "ironfire.select_army")
        console = rendered("console", "en", "ironfire.deck_yours", code="XYZ")
    finally:
        set_command_ids({})
    assert "</deck save:111> 游戏:ironfire 名称:… 代码:…" in zh, zh
    assert "</rules:222> game:ironfire section:cards" in en, en
    assert "</" not in console and "/deck save ironfire NAME CODE" in console


def test_the_renderer_knows_the_real_command_tree():
    """COMMANDS names each command and option by the catalog keys the Discord tree is built with."""
    discord = pytest.importorskip("discord")  # noqa: F841
    from bot.discord.commands import build_commands
    from bot.discord.league_commands import build_deck_commands, build_design_command, build_league_commands

    tree = {}
    for command in build_commands() + build_league_commands() + build_deck_commands() + [build_design_command()]:
        for leaf in getattr(command, "walk_commands", lambda: [command])():
            if not hasattr(leaf, "parameters"):
                continue
            tree[leaf.qualified_name] = {p.display_name: p.locale_name.extras.get("key") if p.locale_name else None
                                         for p in leaf.parameters}
    for path, spec in COMMANDS.items():
        assert path in tree, (path, sorted(tree))
        keys = spec.key.split(".")  # each word under the catalog key the tree is named by
        assert [t("en", f"discord.cmd.{'.'.join(keys[:n + 1])}.name") for n in range(len(keys))] == path.split()
        for name, option in spec.options.items():
            assert name in tree[path], (path, name, tree[path])
            assert tree[path][name] == f"discord.param.{option.key}.name", (path, name)
