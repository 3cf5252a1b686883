"""The /roll handlers on a temporary database with the rolls migration applied."""
from pathlib import Path

import aiosqlite
import pytest

from bot import rolls
from bot.outbox import Command
from games.core.i18n import t
from games.core.rng import GameRng
from tests.dice.helpers import ScriptedRng
from tests.conftest import backend_params, database

MIGRATION = Path(rolls.__file__).resolve().parent.parent / "storage" / "migrations" / "0002_rolls.sql"
NOW = 1_700_000_000.0  # 2023-11-14 22:13:20 UTCfrom tests.conftest import backend_params, database

GUILD, CHANNEL, OTHER_CHANNEL = 500, 600, 601
ALICE, BOB = 1, 2


@pytest.fixture
async def db(tmp_path):
    conn = await aiosqlite.connect(tmp_path / "rolls.sqlite", isolation_level=None)
    await conn.executescript(MIGRATION.read_text(encoding="utf-8"))
    yield conn
    await conn.close()


def deps(db, *faces):
    return rolls.RollDeps(db=db, rng=ScriptedRng(*faces), clock=lambda: NOW)


def cmd(verb, user=ALICE, locale="en", channel=CHANNEL, manage=False, **args):
    return Command(user_id=user, user_name={ALICE: "alice", BOB: "bob"}[user], verb=verb, args=args,
                   guild_id=None if channel is None else GUILD, channel_id=channel, is_dm=channel is None,
                   locale=locale, can_manage_guild=manage)


async def rows(db, sql="SELECT user_id, channel_id, expr, label, private, result, at FROM rolls ORDER BY id"):
    async with db.execute(sql) as cur:
        return await cur.fetchall()


# ---------------------------------------------------------------- roll


async def test_a_public_roll_is_shown_and_stored(db):
    box = await rolls.handle(deps(db, 2, 5, 1, 3), cmd("roll", expr="4d6kh3+2", label="Attack"))
    assert box.reply_ephemeral is False and not box.public and not box.private
    assert box.reply.text == "🎲 **alice** rolls for *Attack*:\n4d6kh3 [2, 5, ~~1~~, 3] + 2 = **12**"
    ((user, channel, expr, label, private, result, at),) = await rows(db)
    assert (user, channel, expr, label, private, at) == (ALICE, CHANNEL, "4d6kh3 + 2", "Attack", 0, NOW)
    assert '"totals":[12]' in result and "[1,\"x\",0]" in result  # every die, the dropped one marked


async def test_a_private_roll_is_an_ephemeral_reply_and_stored_as_private(db):
    box = await rolls.handle(deps(db, 17), cmd("roll", expr="1d20", private=True))
    assert box.reply_ephemeral is True
    assert box.reply.text.startswith("🔒 🎲 **alice**") and "**17**" in box.reply.text
    assert [r[4] for r in await rows(db)] == [1]


async def test_messages_follow_the_callers_language(db):
    box = await rolls.handle(deps(db, 4), cmd("roll", locale="zh-CN", expr="1d6", label="侦察"))
    assert box.reply.text.startswith("🎲 **alice** 为「侦察」掷骰：")
    box = await rolls.handle(deps(db), cmd("roll", locale="zh-CN", expr="1d6x"))
    assert box.reply.text == t("zh-CN", "dice.syntax", pos=4, near="x")


@pytest.mark.parametrize("expr", ["", "1d6x", "1001d6", "1/0", "1d1e"])
async def test_a_refused_roll_replies_privately_and_stores_nothing(db, expr):
    box = await rolls.handle(deps(db, *([3] * 5)), cmd("roll", expr=expr))
    assert box.reply_ephemeral is True
    assert "🎲" not in box.reply.text
    assert await rows(db) == []


async def test_a_too_long_label_is_refused(db):
    box = await rolls.handle(deps(db), cmd("roll", expr="1d6", label="x" * (rolls.MAX_LABEL_CHARS + 1)))
    assert box.reply.text == t("en", "roll.label_too_long", limit=rolls.MAX_LABEL_CHARS)
    assert await rows(db) == []


async def test_help(db):
    for verb, args in (("roll.help", {}), ("roll", {"expr": "help"})):
        box = await rolls.handle(deps(db), cmd(verb, locale="zh-CN", **args))
        assert box.reply.text.strip().startswith("**骰子表示法**")
    assert await rows(db) == []


# ---------------------------------------------------------------- history


async def test_history_lists_the_channels_rolls_newest_first_without_others_private_ones(db):
    await rolls.handle(deps(db, 3), cmd("roll", expr="1d6", label="first"))
    await rolls.handle(deps(db, 20), cmd("roll", user=BOB, expr="1d20", private=True))
    await rolls.handle(deps(db, 4, 4), cmd("roll", user=BOB, expr="2d6"))
    await rolls.handle(deps(db, 1), cmd("roll", expr="1d6", channel=OTHER_CHANNEL))

    box = await rolls.handle(deps(db), cmd("roll.history"))
    assert box.reply_ephemeral is True
    assert box.reply.title == t("en", "roll.history.title", count=2)
    assert box.reply.text.splitlines() == [
        "`11-14 22:13` **bob** `2d6` ⇒ **8**",
        "`11-14 22:13` **alice** `1d6` ⇒ **3** · first",
    ]
    bobs = (await rolls.handle(deps(db), cmd("roll.history", user=BOB))).reply.text.splitlines()
    assert len(bobs) == 3 and bobs[1] == "🔒 `11-14 22:13` **bob** `1d20` ⇒ **20**"
    one = (await rolls.handle(deps(db), cmd("roll.history", count=1))).reply.text.splitlines()
    assert one == ["`11-14 22:13` **bob** `2d6` ⇒ **8**"]


async def test_history_when_empty_and_with_a_bad_count(db):
    box = await rolls.handle(deps(db), cmd("roll.history", locale="zh-CN"))
    assert box.reply.text == t("zh-CN", "roll.history.empty")
    for bad in ("0", str(rolls.HISTORY_MAX + 1), "many"):
        box = await rolls.handle(deps(db), cmd("roll.history", count=bad))
        assert box.reply.text == t("en", "roll.bad_count", limit=rolls.HISTORY_MAX)


async def test_history_in_a_dm_shows_only_the_callers_dm_rolls(db):
    await rolls.handle(deps(db, 5), cmd("roll", expr="1d6", channel=None))
    await rolls.handle(deps(db, 6), cmd("roll", user=BOB, expr="1d6", channel=None))
    await rolls.handle(deps(db, 2), cmd("roll", expr="1d6"))
    text = (await rolls.handle(deps(db), cmd("roll.history", channel=None))).reply.text
    assert text.splitlines() == ["`11-14 22:13` **alice** `1d6` ⇒ **5**"]


# ---------------------------------------------------------------- aliases


async def test_a_saved_roll_is_rolled_by_name(db):
    box = await rolls.handle(deps(db), cmd("roll.alias", action="set", name="Fireball", expr="8D6"))
    assert box.reply.text == t("en", "roll.alias.saved", name="fireball", expr="8d6",
                               scope=t("en", "roll.alias.scope_user"))
    box = await rolls.handle(deps(db, 1, 2, 3, 4, 5, 6, 1, 2), cmd("roll", expr="fireball"))
    assert box.reply.text.splitlines() == ["🎲 **alice** rolls for *fireball*:", "8d6 [1, 2, 3, 4, 5, 6, 1, 2] = **24**"]
    # Bob has no such saved roll, and it is not dice: he is told so.
    box = await rolls.handle(deps(db), cmd("roll", user=BOB, expr="fireball"))
    assert box.reply.text == t("en", "roll.alias.unknown", name="fireball")
    assert len(await rows(db)) == 1


async def test_saved_rolls_inside_expressions(db):
    await rolls.handle(deps(db), cmd("roll.alias", action="set", name="atk", expr="1d20+5"))
    await rolls.handle(deps(db), cmd("roll.alias", action="set", name="dmg", expr="2d6"))
    box = await rolls.handle(deps(db, 11), cmd("roll", expr="ATK * 2"))
    assert box.reply.text.splitlines() == ["🎲 **alice** rolls for *atk*:", "(1d20 [11] + 5) × 2 = **32**"]
    box = await rolls.handle(deps(db, 11, 3, 4), cmd("roll", expr="atk; dmg+1", label="Charge"))
    assert box.reply.text.splitlines() == [
        "🎲 **alice** rolls for *Charge*:", "1d20 [11] + 5 = **16**", "(2d6 [3, 4]) + 1 = **8**"]
    box = await rolls.handle(deps(db, 11, 3, 4), cmd("roll", expr="atk; dmg"))
    assert box.reply.text.splitlines()[0] == "🎲 **alice** rolls for *atk, dmg*:"
    ((expr,),) = await rows(db, "SELECT expr FROM rolls ORDER BY id DESC LIMIT 1")
    assert expr == "1d20 + 5; 2d6"  # the history shows what was rolled
    # A name that is no saved roll is named in the error; a typo elsewhere is a dice error.
    box = await rolls.handle(deps(db), cmd("roll", expr="dagger+2"))
    assert box.reply.text == t("en", "roll.alias.unknown", name="dagger")
    box = await rolls.handle(deps(db), cmd("roll", expr="d20; 1d6x"))
    assert box.reply.text == t("en", "dice.syntax", pos=9, near="x")


async def test_names_in_chinese_work(db):
    await rolls.handle(deps(db), cmd("roll.alias", locale="zh-CN", action="set", name="火球", expr="8d6"))
    box = await rolls.handle(deps(db, *([6] * 8)), cmd("roll", locale="zh-CN", expr="火球"))
    assert box.reply.text.endswith("= **48**")


async def test_server_aliases_need_manage_server_and_a_server(db):
    box = await rolls.handle(deps(db), cmd("roll.alias", action="set", name="init", expr="1d20+2", scope="server"))
    assert box.reply.text == t("en", "roll.alias.need_manage")
    box = await rolls.handle(deps(db), cmd("roll.alias", action="set", name="init", expr="1d20", scope="server",
                                           channel=None, manage=True))
    assert box.reply.text == t("en", "roll.alias.no_server")
    assert await rows(db, "SELECT * FROM roll_aliases") == []

    await rolls.handle(deps(db), cmd("roll.alias", action="set", name="init", expr="1d20+2", scope="server", manage=True))
    box = await rolls.handle(deps(db, 10), cmd("roll", user=BOB, expr="init"))
    assert box.reply.text.endswith("1d20 [10] + 2 = **12**")
    # Bob's own alias of the same name wins over the server's.
    await rolls.handle(deps(db), cmd("roll.alias", user=BOB, action="set", name="init", expr="1d20+9"))
    box = await rolls.handle(deps(db, 10), cmd("roll", user=BOB, expr="init"))
    assert box.reply.text.endswith("1d20 [10] + 9 = **19**")
    box = await rolls.handle(deps(db), cmd("roll.alias", user=BOB, action="delete", name="init", scope="server"))
    assert box.reply.text == t("en", "roll.alias.need_manage")


async def test_alias_list_and_delete(db):
    await rolls.handle(deps(db), cmd("roll.alias", action="set", name="atk", expr="1d20+5"))
    await rolls.handle(deps(db), cmd("roll.alias", action="set", name="atk", expr="1d20+6"))  # replaces
    await rolls.handle(deps(db), cmd("roll.alias", action="set", name="stats", expr="6 4d6kh3", scope="server", manage=True))
    box = await rolls.handle(deps(db), cmd("roll.alias", action="list"))
    assert box.reply.text.splitlines() == ["yours · **atk** = `1d20 + 6`", "this server's · **stats** = `6 4d6kh3`"]
    assert [v for v, _ in await rolls.suggest(deps(db), cmd("roll.alias"), "AT")] == ["atk", "stats"]
    assert [v for v, _ in await rolls.suggest(deps(db), cmd("roll.alias"), "Tk")] == ["atk"]

    box = await rolls.handle(deps(db), cmd("roll.alias", action="delete", name="atk"))
    assert box.reply.text == t("en", "roll.alias.deleted", name="atk", scope=t("en", "roll.alias.scope_user"))
    box = await rolls.handle(deps(db), cmd("roll.alias", action="delete", name="atk"))
    assert box.reply.text == t("en", "roll.alias.not_found", name="atk", scope=t("en", "roll.alias.scope_user"))
    box = await rolls.handle(deps(db), cmd("roll.alias", user=BOB, action="list"))
    assert box.reply.text == "this server's · **stats** = `6 4d6kh3`"


async def test_console_word_lists_are_understood(db):
    words = ["set", "init", "1d20", "+", "3", "server"]
    box = await rolls.handle(deps(db), cmd("roll.alias", manage=True, args=words))
    assert box.reply.text == t("en", "roll.alias.saved", name="init", expr="1d20 + 3",
                               scope=t("en", "roll.alias.scope_server"))
    box = await rolls.handle(deps(db), cmd("roll.alias", args=["list"]))
    assert box.reply.text == "this server's · **init** = `1d20 + 3`"


@pytest.mark.parametrize("name", ["d6", "df", "help", "1st", "a b", "x" * 33, "_x", "d%"])
async def test_bad_alias_names_are_refused(db, name):
    box = await rolls.handle(deps(db), cmd("roll.alias", action="set", name=name, expr="1d6"))
    assert box.reply.text == t("en", "roll.alias.bad_name", name=name[:40])
    assert await rows(db, "SELECT * FROM roll_aliases") == []


async def test_bad_alias_requests_are_refused_and_change_nothing(db):
    cases = [
        (dict(action="set", name="x", expr="1d6x"), t("en", "dice.syntax", pos=4, near="x")),
        (dict(action="set", name="x", expr="2000d6"), t("en", "dice.bad_count", limit=1000)),
        (dict(action="set", name="x"), t("en", "roll.alias.need_expr")),
        (dict(action="set", expr="1d6"), t("en", "roll.alias.need_name")),
        (dict(action="rename", name="x", expr="1d6"), t("en", "roll.alias.bad_action")),
        (dict(action="set", name="x", expr="1d6", scope="world"), t("en", "roll.alias.bad_scope")),
    ]
    for args, expected in cases:
        box = await rolls.handle(deps(db), cmd("roll.alias", **args))
        assert box.reply.text == expected, args
        assert box.reply_ephemeral
    assert await rows(db, "SELECT * FROM roll_aliases") == []


async def test_the_number_of_aliases_is_limited(db, monkeypatch):
    monkeypatch.setitem(rolls.MAX_ALIASES, "user", 2)
    for name in ("a", "b"):
        await rolls.handle(deps(db), cmd("roll.alias", action="set", name=name, expr="1d6"))
    box = await rolls.handle(deps(db), cmd("roll.alias", action="set", name="c", expr="1d6"))
    assert box.reply.text == t("en", "roll.alias.too_many", limit=2, scope=t("en", "roll.alias.scope_user"))
    box = await rolls.handle(deps(db), cmd("roll.alias", action="set", name="b", expr="1d8"))  # replacing is fine
    assert "1d8" in box.reply.text
    assert len(await rows(db, "SELECT * FROM roll_aliases")) == 2


# ---------------------------------------------------------------- through the host


@pytest.fixture(params=backend_params())
def host_db(request, tmp_path):
    return database(request, tmp_path, "host.sqlite")


async def test_the_host_delegates_roll_verbs_here(host_db):
    """Through the host's repository, on SQLite and on PostgreSQL: rolls, history, aliases."""
    host_core = pytest.importorskip("bot.host.core")
    host = await host_core.Host.create(host_db, clock=lambda: NOW)
    try:
        host.dice_rng = GameRng.from_seed(9)
        expected = GameRng.from_seed(9).dice(3, 6)
        box = await host.handle(cmd("roll", expr="3d6"))
        assert box.reply.text.endswith(f"3d6 [{', '.join(map(str, expected))}] = **{sum(expected)}**")
        box = await host.handle(cmd("roll.history"))
        assert f"`3d6` ⇒ **{sum(expected)}**" in box.reply.text
        for scope, expr in (("server", "1d4"), ("user", "1d8")):
            await host.handle(cmd("roll.alias", action="set", name="atk", expr=expr, scope=scope, manage=True))
        box = await host.handle(cmd("roll.alias", action="list"))
        assert "1d4" in box.reply.text and "1d8" in box.reply.text
        box = await host.handle(cmd("roll", expr="atk"))
        assert "1d8" in box.reply.text  # the user's own alias wins over the server's
    finally:
        await host.close()


# ---------------------------------------------------------------- issue 18: size first, new notation


class CountingStore(rolls.RollStore):
    lookups = 0

    async def find_alias(self, **kwargs):
        CountingStore.lookups += 1
        return await super().find_alias(**kwargs)


@pytest.mark.parametrize("expr, expected", [
    ("a;" * 5000, t("en", "dice.too_long", limit=200, length=10000)),
    ("a;" * 60, t("en", "dice.too_many_parts", limit=4)),
    ("a;a;a;a;a", t("en", "dice.too_many_parts", limit=4)),
])
async def test_a_long_or_many_part_roll_is_refused_before_any_saved_roll_is_looked_up(db, monkeypatch, expr, expected):
    # Before: a 10,000-character line did 5,000 look-ups, holding the database lock.
    monkeypatch.setattr(rolls, "RollStore", CountingStore)
    CountingStore.lookups = 0
    box = await rolls.handle(deps(db), cmd("roll", expr=expr))
    assert box.reply.text == expected
    assert CountingStore.lookups == 0
    assert await rows(db) == []


async def test_saved_rolls_take_advantage_comparisons_and_tags(db):
    await rolls.handle(deps(db), cmd("roll.alias", action="set", name="atk", expr="1d20+5"))
    box = await rolls.handle(deps(db, 4, 17), cmd("roll", expr="atk adv"))
    assert box.reply.text.splitlines()[1] == "(2d20kh1 [~~4~~, 17] + 5) = **22**"
    box = await rolls.handle(deps(db, 9), cmd("roll", expr="atk >= 15", locale="zh-CN"))
    assert box.reply.text.splitlines()[1] == "(1d20 [9] + 5) = **14** ≥ 15 · ❌ **失败**"
    box = await rolls.handle(deps(db, 9), cmd("roll", expr="atk [hit] + 2"))
    assert box.reply.text.splitlines()[1].startswith("(1d20 [9] + 5) *hit* + 2 = **16**")


async def test_history_marks_passes_and_failures(db):
    await rolls.handle(deps(db, 3, 4), cmd("roll", expr="2d6+1 >= 8"))
    await rolls.handle(deps(db, 1, 2), cmd("roll", expr="2 1d20 >= 2"))
    text = (await rolls.handle(deps(db), cmd("roll.history"))).reply.text
    assert text.splitlines() == ["`11-14 22:13` **alice** `2 1d20 >= 2` ⇒ **1 ❌, 2 ✅**",
                                 "`11-14 22:13` **alice** `2d6 + 1 >= 8` ⇒ **8 ✅**"]


async def test_the_longest_roll_reply_fits_in_one_discord_message(db):
    # 20 lines of the longest dice text the limits allow, a 32-character name, a 100-character label
    expr = "20 1d20 [" + "f" * 30 + "] + 1d4 [" + "c" * 30 + "] + 1d6 [" + "d" * 30 + "] >= 1d20"
    command = cmd("roll", locale="zh-CN", expr=expr, label="标" * rolls.MAX_LABEL_CHARS)
    command.user_name = "n" * 32
    box = await rolls.handle(rolls.RollDeps(db=db, rng=GameRng.from_seed(4), clock=lambda: NOW), command)
    assert "🎲" in box.reply.text
    assert len(box.reply.text) <= 2000


# ---------------------------------------------------------------- words the roller knows, misspelt


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
@pytest.mark.parametrize("label, key, meant", [
    ("avd", "roll.label_typo", "adv"),  # the playtest's typo: rolled without advantage, labelled "avd"
    ("dsi", "roll.label_typo", "dis"), ("Advantge", "roll.label_typo", "advantage"), ("优式", "roll.label_typo", "优势"),
    ("privte", "roll.label_typo", "private"), ("adv", "roll.label_is_word", "adv"), ("DIS", "roll.label_is_word", "dis"),
])
async def test_a_label_that_is_or_nearly_is_a_word_of_the_roller_is_refused(db, label, key, meant, locale):
    """Issue 18, second newcomer playtest: `/roll 1d20+5 avd` rolled one die under the label
    "avd". A label within one typo (a letter added, dropped, changed, or two swapped) of a
    word the roller reads is refused with "did you mean …?" in the user's language; nothing is
    rolled or stored."""
    box = await rolls.handle(deps(db, 11), cmd("roll", locale=locale, expr="1d20+5", label=label))
    assert box.reply.text == t(locale, key, label=label, meant=meant, expr="1d20+5")
    assert box.reply_ephemeral and await rows(db) == []
    assert f"`1d20+5 {meant}`" in box.reply.text


@pytest.mark.parametrize("label", ["to hit", "his attack", "Attack", "damage", "adventure", "private"])
async def test_other_labels_still_roll(db, label):
    box = await rolls.handle(deps(db, 11), cmd("roll", expr="1d20+5", label=label))
    assert "**16**" in box.reply.text and len(await rows(db)) == 1


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
async def test_a_misspelt_word_in_the_expression_is_named(db, locale):
    """Discord's expression field: `1d20+5 avd` was "cannot read at character 8"; now the word
    and what it may have meant."""
    box = await rolls.handle(deps(db, 11), cmd("roll", locale=locale, expr="1d20+5 avd"))
    assert box.reply.text == t(locale, "dice.did_you_mean", word="avd", meant="adv")
