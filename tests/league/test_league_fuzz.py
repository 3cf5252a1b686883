"""Every league verb with malformed arguments, through `Host.handle` (issue 17 §4: "Every
league argument is validated with a clear message"): no exception escapes, the caller gets
a reply, and nothing in the database changes."""
from __future__ import annotations

import itertools
import json

import pytest

from bot.league.service import VERB_ARGS
from tests.league.test_league_trust import USERS, Clock, cmd, host  # noqa: F401  (the fixture)

BAD_NUMBERS = ["abc", "", " ", "-1", "0", "1.5", "99999999999999999999999", "1e400", "nan", "inf", "#", "１",
               "🂠", "x" * 300, [1], {"a": 1}, -(2**70), 2**64]
BAD_BY_ARG = {
    "match": BAD_NUMBERS, "season": [a for a in BAD_NUMBERS if a not in ("", " ")],
    "user_id": [a for a in BAD_NUMBERS if a not in ("", " ")],
    "time": ["abc", "nan", "inf", "-inf", "1e400", "-5", "0", "99999999999999999999", [1]],
    "ranks": ["", "1", "1,2,3", "0,1", "3,1", "a,b", "1,,2", "99999999999999999999999,1", [1, None], {"x": 1}],
    "outcome": ["maybe", "", "WIN", 5],
    "result_kind": ["bye", "forfeit;", 1],  # empty means the default, played
    # create: each setting alone made wrong
    "name": ["", " ", "x" * 51], "game": ["chess", "", "../duel", None and 0 or "DUEL "],
    "format": ["ladder", "", "swiss;"], "rounds": ["0", "-1", "100000", "abc", "1e400", "2.5"],
    "round_days": ["0", "-1", "nan", "inf", "1e400", "abc", "61"], "rated": ["maybe", "2", [1]],
    "tiebreaks": ["foo", "buchholz,foo", [1]], "deadline_policy": ["later", ""],
    "organizer_role": ["abc", "-5", "0", "1e400"], "pod_min": ["1", "9", "abc"], "pod_max": ["1", "9", "x"],
    "options": ["cap_round=-1", "nonsense", {"cap_round": "-1"}, "a="], "channel_id": ["0", "-3", "abc"],
}
# required companions so that only the malformed argument is wrong
GOOD = {"create": {"name": "New", "game": "duel"}, "set_result": {"match": 1, "ranks": "1,2"}}
SKIP = {"user_name"}  # free text: any value is a name


async def snapshot(host) -> dict[str, list]:
    out = {}
    tables = await host.league._all("SELECT name FROM sqlite_master WHERE type='table' ORDER BY name")
    for t in tables:
        if t["name"] in ("users", "schema_migrations"):
            continue
        rows = await host.league._all(f"SELECT * FROM {t['name']}")
        out[t["name"]] = [tuple(r) for r in rows]
    return out


async def busy_league(host) -> None:
    """A league in the middle of its first round: a reported result, an open table, one pending game."""
    await host.handle(cmd("mod", "league.create", manager=True, name="Cup", game="duel"))
    await host.handle(cmd("mod", "league.open", manager=True))
    for p in ("alice", "bob", "carol", "dave"):
        await host.handle(cmd(p, "league.join"))
    await host.handle(cmd("mod", "league.start_round", manager=True))
    rows = await host.league._all("SELECT * FROM league_matches ORDER BY id")
    names = {v: k for k, v in USERS.items()}
    first = names[json.loads(rows[0]["players"])[0]]
    second = names[json.loads(rows[1]["players"])[0]]
    out = await host.handle(cmd(first, "league.report", outcome="win"))
    assert "reported" in out.reply.text
    out = await host.handle(cmd(second, "league.play"))
    assert "is open" in out.reply.text


def malformed_lines():
    verbs = sorted(set(VERB_ARGS) | {"open", "close", "start_round", "end_season", "audit", "repair", "join", "leave",
                                     "checkin", "pairing", "play", "accept_time", "ratings", "export"})
    for verb in verbs:
        yield verb, {"bogus": "1"}  # an unknown option is refused, never ignored
        yield verb, {"league": "x" * 500}
        for arg in sorted(VERB_ARGS.get(verb, ())):
            if arg in SKIP:
                continue
            for value in BAD_BY_ARG.get(arg, ["abc", "-1"]):
                yield verb, {**GOOD.get(verb, {}), arg: value}
    yield "create", {"name": "P", "game": "duel", "format": "pods", "pod_min": "5", "pod_max": "3"}
    yield "create", {"name": "P", "game": "duel", "format": "pods", "pod_min": "3", "pod_max": "4"}  # duel seats 2
    yield "create", {"name": "P", "game": "duel", "cap_round": "-1"}
    for verb in ("confirm", "void", "set_result", "dispute"):
        yield verb, {}  # the match is missing
    yield "propose_time", {}
    yield "add", {}


@pytest.mark.parametrize("as_organizer", [True, False])
async def test_malformed_league_lines_change_nothing(host, as_organizer):
    await busy_league(host)
    lines = list(malformed_lines())
    assert len(lines) > 250
    before = await snapshot(host)
    silent = []
    for verb, args in lines:
        who = "mod" if as_organizer else "alice"
        out = await host.handle(cmd(who, f"league.{verb}", manager=as_organizer, **args))
        if out.reply is None or not out.reply.text.strip():
            silent.append((verb, args))
        after = await snapshot(host)
        assert after == before, (verb, args, out.reply.text if out.reply else None)
    assert silent == []


async def test_the_refusals_say_what_is_wrong(host):
    await busy_league(host)
    cases = [
        ("confirm", {"match": "abc"}, "match must be a positive whole number, not abc"),
        ("void", {"match": "99999999999999999999999"}, "must be a positive whole number"),
        ("void", {}, "Missing: match"),
        ("set_result", {"match": 1, "ranks": "1,1,1"}, "Give 2 ranks"),
        ("standings", {"season": "x"}, "season must be a positive whole number"),
        ("rating_history", {"user_id": "abc"}, "user_id must be"),
        ("add", {"user_id": "1e400"}, "user_id must be"),
        ("propose_time", {"time": "nan"}, "not a time between now and a year"),
        ("create", {"name": "P", "game": "duel", "format": "pods", "pod_min": "5", "pod_max": "3"},
         "pod_min (5) is above pod_max (3)"),
        ("create", {"name": "P", "game": "duel", "cap_round": "-1"}, "no option cap_round"),
        ("create", {"name": "P", "game": "duel", "rounds": "100000"}, "rounds"),
        ("create", {"name": "P", "game": "duel", "options": "cap_round=-1"}, "cap_round"),
    ]
    for verb, args, expected in cases:
        out = await host.handle(cmd("mod", f"league.{verb}", manager=True, **args))
        assert expected in out.reply.text, (verb, args, out.reply.text)
