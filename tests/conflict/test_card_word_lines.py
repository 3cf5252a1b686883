"""A line that names a card's kind and then the card reads the word twice when the card is
named like its kind (issue 18, second newcomer playtest: "Give retreat card Retreat", zh
"打出 撤退 撤退"). Every catalog line with a {card}, filled with every card's name, names it
once and does not repeat its name's word."""
from __future__ import annotations

import pytest

from games.core import i18n
from games.conflict.data import content
from games.frontline.cards import CARDS as FRONTLINE_CARDS
from games.registry import get_game


def card_names(game: str, locale: str) -> list[str]:
    if game == "conflict":
        return [i18n.localize_value(card.name, locale) for card in content().cards.values()]
    return [card.name[locale] for card in FRONTLINE_CARDS.values()]


@pytest.mark.parametrize("game", ["conflict", "frontline"])
@pytest.mark.parametrize("locale", ["en", "zh-CN"])
def test_no_line_repeats_the_cards_name(game, locale):
    get_game(game)  # loads its catalog
    repeated = []
    for key, template in i18n._catalogs[locale].items():
        if not key.startswith(game + ".") or "{card}" not in template:
            continue
        for name in card_names(game, locale):
            line = i18n.t(locale, key, card=name)
            if name.lower() in line.lower().replace(name.lower(), "", 1):
                repeated.append(f"{key}: {line}")
    assert not repeated, repeated
