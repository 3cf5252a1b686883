"""Every game's option values that the table shows by a name (issue 18, second newcomer
playtest: `map=Pravda` / `map=真理` refused though the game says "the map Pravda"): the help
lists each value with its name, and the name, in either language and any case, is accepted
as the value itself (games/core/options.py reads the Options model's `value_names`)."""
from __future__ import annotations

import pytest

from games.core.options import help_lines, value_names
from games.registry import get_engine, get_game

GAMES = ("conflict", "fleet", "frontline", "ironfire", "panzer")


@pytest.mark.parametrize("key", GAMES)
def test_named_values_are_listed_and_accepted(key):
    engine = get_engine(key)
    get_game(key)  # loads its catalog
    for name in engine.Options.model_fields:
        for value, shown in value_names(engine.Options, name).items():
            for locale, text in shown.items():
                line = next(x for x in help_lines(key, engine.Options, locale) if x.startswith(f"• {name}"))
                assert value in line and text in line, (value, text, line)
                for given in (text, text.upper(), text.lower()):
                    assert getattr(engine.parse_options({name: given}), name) == value, given


def test_panzer_maps_are_named_values():
    assert set(value_names(get_engine("panzer").Options, "map")) == {"zhenli", "saunders", "kuromorimine1"}
