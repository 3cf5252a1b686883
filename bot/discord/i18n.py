"""Localized text for the Discord adapter.

Command names and descriptions are `locale_str`s carrying a catalog key; English is the
default Discord shows, and `ShapanTranslator` supplies zh-CN when the tree syncs. Message
text is chosen per interaction from the user's locale with `text()`.
"""
from __future__ import annotations

import re
from pathlib import Path

import discord
from discord import app_commands

from games.core.i18n import register_catalog, t

register_catalog(Path(__file__).parent / "locale")

# Discord's rule for command and option names (lowercase where the script has case).
NAME_RULE = re.compile(r"^[-_'\w\u0900-\u097F\u0E00-\u0E7F]{1,32}$")

# The Discord locales we translate command metadata into, and our catalog locale for each.
TRANSLATED = {discord.Locale.chinese: "zh-CN"}


def text(locale: str | None, key: str, **params: object) -> str:
    """A message of this adapter (`discord.msg.*`, `discord.button.*`) in the user's language."""
    return t(locale, "discord." + key, **params)


def L(key: str) -> app_commands.locale_str:
    """Command metadata: English default text, with the key the translator looks up."""
    return app_commands.locale_str(t("en", "discord." + key), key="discord." + key)


class ShapanTranslator(app_commands.Translator):
    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContext
    ) -> str | None:
        ours = TRANSLATED.get(locale)
        key = string.extras.get("key")
        if ours is None or key is None:
            return None
        value = t(ours, key)
        return None if value == key else value
