"""Plural unit names read with verbs that fit (issue 18's playtests: "Marines attacks"). Seven
unit cards have plural English names (Riflemen, Marines, ...); the English lines name a unit
where no verb agrees with it ("Attack: Marines #1 on Old Citadel."), so one text fits every
name. zh-CN has no agreement and is unchanged."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

from games.conflict.data import content
from tests.conflict.test_event_names import steps
from games.conflict import GAME

EN = tomllib.loads((Path(__file__).parents[2] / "games/conflict/locale/en.toml").read_text(encoding="utf-8"))["conflict"]
PLURAL = sorted(c.name["en"] for c in content().cards.values()
                if c.type == "unit" and re.search(r"(s|men)$", c.name["en"]))
# what follows a unit's name in a line and would agree with it: a third-person -s verb or is/has/was
AGREES = re.compile(r"^(is|has|was|does|goes|\w+[^s']s)$")
# the events whose {name} is a unit (present._NAMED_UNIT, less the ones that name it as an object)
UNIT_NAME = {"move", "airdrop", "strike", "doomed", "destroyed"}


def _verbs_after_units():
    found = []
    for table, keys in (("ev", None), ("act", None), ("prompt", None)):
        for key, text in EN[table].items():
            if not isinstance(text, str):
                continue
            fields = ["unit", "tname"] + (["name"] if table == "ev" and key in UNIT_NAME else [])
            for field in fields:
                for m in re.finditer(r"\{%s\} (\w+)" % field, text):
                    if AGREES.match(m.group(1)):
                        found.append(f"{table}.{key}: {text}")
    return found


def test_there_are_plural_unit_names():
    assert {"Marines", "Riflemen", "Paratroopers"} <= set(PLURAL), PLURAL


def test_no_english_line_makes_a_verb_agree_with_a_unit_name():
    """Playtest: "Marines attacks", "Riflemen is destroyed": the names are plural, the lines were
    written for singular ones."""
    assert _verbs_after_units() == []


def test_seeded_games_name_plural_units_without_a_verb_agreeing():
    """The lines as posted, over two seeded games: no plural unit name is followed by -s or is."""
    after = re.compile(r"\b(%s)(?: #\d+)? (\w+)" % "|".join(map(re.escape, PLURAL)))
    named, bad = 0, []
    for seed in (11, 3):
        for state, events in steps(seed):
            for line in GAME.text.event_lines(state, events, "en"):
                for m in after.finditer(line):
                    named += 1
                    if AGREES.match(m.group(2)):
                        bad.append(line)
    assert named, "no line named a plural unit"
    assert not bad, "\n".join(bad[:10])
