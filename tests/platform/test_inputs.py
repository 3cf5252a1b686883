"""Input that cannot hurt (issue 17, section 5): bounded options with readable refusals, bot
turns in bounded slices per command, tables left to bots alone end, another server's
table ids name nothing, user text escaped for Discord markdown."""
from __future__ import annotations

import pytest

from bot import markdown
from games.core import options as table_options
from games.core.errors import RuleError
from games.core.i18n import t
from games.registry import GAME_MODULES, get_engine
from tests.platform.conftest import CHANNEL, GUILD, USERS, cmd, duel_table, make_host, public_text, reply_text, snapshot

SHIPPED = list(GAME_MODULES)


# --- options -------------------------------------------------------------------------------
@pytest.mark.parametrize("game", SHIPPED)
def test_every_option_of_every_game_has_bounds_and_a_meaning(game):
    engine = get_engine(game)
    for name, info in table_options.fields(engine.Options).items():
        if info.annotation is int:
            lo, hi = table_options.bounds(info)
            assert lo is not None and hi is not None and lo <= info.default <= hi, f"{game}.{name} is unbounded"
        elif info.annotation is str:  # free text must be checked by a validator that says what it takes
            assert t("en", f"{game}.option.{name}.allowed") != f"{game}.option.{name}.allowed" \
                or table_options.value_names(engine.Options, name), name  # (or its values are listed by name)
        for locale in ("en", "zh-CN"):
            assert t(locale, f"{game}.option.{name}.help") != f"{game}.option.{name}.help", (game, name, locale)
    for locale in ("en", "zh-CN"):
        lines = table_options.help_lines(game, engine.Options, locale)
        assert len(lines) == len(engine.Options.model_fields)
        assert not any("None" in line or "?" in line for line in lines)


@pytest.mark.parametrize("game, raw", [
    ("conflict", {"max_rounds": "-1"}), ("conflict", {"max_rounds": "1000000000"}),
    ("conflict", {"max_rounds": "-1000000000"}), ("fleet", {"cap_round": "0"}), ("panzer", {"rounds": "31"}),
    ("panzer", {"map": "moon"}), ("ironfire", {"match": "8"}), ("ironfire", {"logistics": "201"}),
    ("frontline", {"first": "2"}), ("panzer", {"budget": "x"}),
])
def test_an_option_out_of_range_is_refused_by_name_with_what_is_allowed(game, raw):
    # conflict's max_rounds once took ±10⁹ (−1 ended the game in round 1)
    engine = get_engine(game)
    (name, value), = raw.items()
    with pytest.raises(RuleError) as caught:
        engine.parse_options(raw)
    for locale in ("en", "zh-CN"):
        text = t(locale, caught.value.key, **caught.value.params)
        assert name in text and value in text
        info = engine.Options.model_fields[name]
        assert table_options.allowed(game, name, info, locale, engine.Options) in text
        assert "Input should" not in text and "Value error" not in text and "pydantic" not in text


def test_option_names_and_choices_in_any_case_or_language():
    assert get_engine("conflict").parse_options({"MAX_ROUNDS": "12"}).max_rounds == 12
    assert get_engine("conflict").parse_options({"回合上限": "12"}).max_rounds == 12
    assert get_engine("panzer").parse_options({"Opening": "Armies", "地图": "Saunders"}).opening == "armies"
    assert get_engine("ironfire").parse_options({"战争迷雾": "TRUE"}).fog_of_war is True


async def test_game_keys_in_any_case_or_language(host):
    for given, key in (("铁与火", "ironfire"), ("FRONTLINE", "frontline"), ("前线", "frontline"),
                       ("Fleet & Mech", "fleet"), ("战舰", "fleet"), ("坦克", "panzer"), ("Iron", "ironfire")):
        box = await host.handle(cmd("alice", "rules", game=given))
        assert "There is no game" not in reply_text(box), given
        box = await host.handle(cmd("alice", "game.help", game=given))
        assert f"`{key}`" in reply_text(box)
    box = await host.handle(cmd("alice", "game.new", game="冲突", options={"回合上限": "12"}))
    assert "#1" in reply_text(box)
    session = await host.repo.open_session_in_channel(CHANNEL)
    assert session.game == "conflict" and session.options == {"max_rounds": "12"}


async def test_game_help_lists_every_option_in_the_callers_language(host):
    text = reply_text(await host.handle(cmd("alice", "game.help", game="conflict", locale="zh-CN")))
    assert "回合上限" in text and "1 到 99 的整数" in text and "默认 30" in text
    text = reply_text(await host.handle(cmd("alice", "game.help", game="panzer")))
    for name in get_engine("panzer").Options.model_fields:
        assert f"• {name}" in text
    assert "one of off, on, per_mode; default off" in text


async def test_no_empty_names_in_refusals(host):
    text = reply_text(await host.handle(cmd("alice", "game.new", game="")))
    assert text.startswith("Name a game:") and "ironfire" in text
    text = reply_text(await host.handle(cmd("alice", "deck.save", game="", code="y")))
    assert text.startswith("Name a game:")


# --- bot turns in bounded slices ------------------------------------------------------------------
async def relay_table(host, bots: int, steps: int = 100_000, humans=("alice",)) -> int:
    await host.handle(cmd(humans[0], "game.new", game="relay", options={"steps": str(steps)}))
    for name in humans[1:]:
        await host.handle(cmd(name, "game.join"))
    for _ in range(bots):
        await host.handle(cmd(humans[0], "game.bot"))
    assert reply_text(await host.handle(cmd(humans[0], "game.start"))) == "Done."
    return (await host.repo.open_session_in_channel(CHANNEL)).id


async def bot_moves(host, sid) -> int:
    return sum(e.source == "bot" for e in await host.repo.log_entries(sid))


async def test_a_concede_that_leaves_only_bots_ends_the_table(host):
    # issue 17: a concede with five bots left ran 2,000 bot moves in one command
    sid = await relay_table(host, bots=5)
    box = await host.handle(cmd("alice", "game.concede"))
    session = await host.repo.load_session(sid)
    assert session.status == "finished" and session.turn_deadline is None
    assert await bot_moves(host, sid) == 0
    text = public_text(box)
    assert t("en", "host.only_bots_left") in text and t("en", "host.no_winner") in text
    assert (await host.tick()).public == []  # nothing goes on in the background


async def test_the_last_human_kicked_to_a_bot_ends_the_table(host):
    sid = await relay_table(host, bots=2, humans=("alice", "bob"))
    await host.handle(cmd("alice", "game.concede"))
    assert (await host.repo.load_session(sid)).status == "active"  # bob still plays
    await host.handle(cmd("mod", "game.kick", manager=True, user_id=USERS["bob"]))
    assert (await host.repo.load_session(sid)).status == "finished"


class WorkClock:
    """A fake clock for the bots' slice: every reading is `per_read` seconds later."""

    def __init__(self, per_read: float):
        self.now, self.per_read = 0.0, per_read

    def __call__(self) -> float:
        self.now += self.per_read
        return self.now


async def test_each_command_plays_the_bots_for_a_bounded_time_then_the_ticks_go_on(db_path, clock):
    host = await make_host(db_path, clock)
    host.work_clock = WorkClock(per_read=0.3)  # each bot move "takes" 0.3 s; a slice is 1 s
    try:
        sid = await relay_table(host, bots=7, steps=10_000)
        box = await host.handle(cmd("alice", "play", code="step"))
        first = await bot_moves(host, sid)
        assert 1 <= first < 7 and t("en", "host.bots_thinking") in public_text(box)
        slices = [first]
        while (await host.repo.load_session(sid)).turn_deadline is not None:
            await host.tick()
            slices.append(await bot_moves(host, sid) - sum(slices))
            assert len(slices) < 10
        assert sum(slices) == 7 and max(slices) == first
        box = await host.handle(cmd("alice", "play", code="step"))  # alice's turn again
        assert reply_text(box).startswith("✓")
    finally:
        await host.close()


@pytest.mark.parametrize("game, bots, options", [
    ("conflict", 5, {"max_rounds": "99"}), ("ironfire", 3, {"match": "7", "logistics": "200"}),
])
async def test_real_games_with_many_bots_stay_within_the_slice(db_path, clock, game, bots, options):
    host = await make_host(db_path, clock)
    host.bot_step_cap = 25
    try:
        await host.handle(cmd("alice", "game.new", game=game, options=options))
        for _ in range(bots):
            await host.handle(cmd("alice", "game.bot"))
        await host.handle(cmd("alice", "game.start"))
        sid = (await host.repo.open_session_in_channel(CHANNEL)).id
        seen = 0
        for _ in range(6):  # the ticks run the bots slice by slice
            assert await bot_moves(host, sid) - seen <= 25
            seen = await bot_moves(host, sid)
            await host.tick()
        box = await host.handle(cmd("alice", "game.concede"))
        session = await host.repo.load_session(sid)
        assert session.status == "finished" and session.turn_deadline is None
        assert await bot_moves(host, sid) - seen <= 25
        assert t("en", "host.only_bots_left") in public_text(box)
    finally:
        await host.close()


# --- another server's tables ----------------------------------------------------------------------
GAME_VERBS = ["game.join", "game.leave", "game.start", "game.bot", "game.seat", "game.status", "game.log",
              "game.concede", "game.abandon", "game.kick", "game.timer", "play", "hand", "menu"]


@pytest.mark.parametrize("verb", GAME_VERBS)
async def test_another_servers_table_is_answered_like_one_that_does_not_exist(host, verb):
    # issue 17: "game #1 is played in <#channel>" told a stranger the table exists and where
    sid = await duel_table(host)
    before = await snapshot(host, sid)
    args = {"code": "pass", "user_id": USERS["bob"], "hours": "1"}
    elsewhere = cmd("carol", verb, channel=77, game=sid, **args)
    elsewhere.guild_id = GUILD + 1
    missing = cmd("carol", verb, channel=77, game=sid + 1000, **args)
    missing.guild_id = GUILD + 1
    answer = reply_text(await host.handle(elsewhere))
    assert answer == reply_text(await host.handle(missing)).replace(str(sid + 1000), str(sid))
    assert f"<#{CHANNEL}>" not in answer
    assert await snapshot(host, sid) == before


# --- user text in posts --------------------------------------------------------------------------
async def test_names_are_escaped_for_markdown_in_every_post(host):
    evil = "*b_`o|b~>#"
    await host.handle(cmd("alice", "game.new", game="duel"))
    joined = cmd("bob", "game.join")
    joined.user_name = evil
    box = await host.handle(joined)
    assert t("en", "host.joined", name=markdown.escape(evil)) in public_text(box)
    assert evil not in public_text(box)
    box = await host.handle(cmd("alice", "game.start"))
    session = await host.repo.open_session_in_channel(CHANNEL)
    from tests.toygame import ENGINE

    state = ENGINE.load_state(session.state)
    await host.handle(cmd("alice", "play", code=f"play {state.hands[0][0].id}"))
    box = await host.handle(cmd("alice", "game.concede"))
    text = public_text(box)
    assert markdown.escape(evil) in text and evil not in text  # the winner line and the engine's events
    log = reply_text(await host.handle(cmd("alice", "game.log")))
    assert evil not in log and markdown.escape(evil) in log


def test_names_inside_a_list_parameter_are_escaped_too():
    """Iron & Fire's logistics line and tally carry players as a list, joined by the reader's
    separator ("alice 46、bob 50"): a name inside the list is user text like any other."""
    evil = "*b_`o|b~>#"
    out = markdown.escape_names({"values": [f"{evil} 46", "alice 50"], "rounds": 2}, [evil, "alice"])
    assert out == {"values": [f"{markdown.escape(evil)} 46", "alice 50"], "rounds": 2}


def test_escape_round_trip():
    for text in ("plain", "*bold*", "a_b", "`code`", "||spoiler||", "> quote", "# head", "\\", "<@123>", "[x](y)"):
        assert markdown.unescape(markdown.escape(text)) == text
        assert not any(c in markdown.escape(text).replace("\\" + c, "") for c in "*_`|~")


async def test_messages_name_only_commands_that_exist_where_the_user_is(host):
    # the console has /menu where Discord has /act
    console_help = cmd("alice", "game.help")
    console_help.surface = "console"
    text = reply_text(await host.handle(console_help))
    assert "/menu" in text and "/act" not in text
    text = reply_text(await host.handle(cmd("alice", "game.help")))
    assert "/act" in text and "/menu" not in text
    unknown = cmd("alice", "game.frobnicate")
    unknown.surface = "console"
    text = reply_text(await host.handle(unknown))
    assert "/menu" in text and "/act" not in text and "frobnicate" not in text


def test_options_that_do_not_go_together_are_explained_in_the_readers_language():
    with pytest.raises(RuleError) as caught:
        get_engine("panzer").parse_options({"unreliable": "1"})
    zh = t("zh-CN", caught.value.key, **caught.value.params)
    assert "油电混合" in zh and "Value error" not in zh and "needs" not in zh
    assert "hybrid" in t("en", caught.value.key, **caught.value.params)
