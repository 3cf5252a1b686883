"""The console table end to end through scripts, and `shapan verify` on its database."""
from __future__ import annotations

import asyncio
import hashlib
import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

from bot.cli import main as shapan
from bot.console import run_script
from games.core import Seat
from tests.toygame import ENGINE

REPO = Path(__file__).resolve().parents[2]
SEED = 4242


def duel_lines(speaker: dict[int, str], seed: int, where: str = "") -> tuple[list[str], set[str], set[str]]:
    """The lines of a whole Duel in which the awaited seat always plays its first card,
    worked out from the seed the console gives this game; plus each seat's card tokens."""
    state = ENGINE.setup([Seat(index=0, name=speaker[0]), Seat(index=1, name=speaker[1])],
                         ENGINE.parse_options({}), seed).state
    tokens = ({c.id for c in state.hands[0]}, {c.id for c in state.hands[1]})
    lines = []
    while ENGINE.outcome(state) is None:
        seat = ENGINE.active_seats(state)[0]
        action = ENGINE.legal_actions(state, seat)[0]
        lines.append(f"{speaker[seat]}{where}: /play {action.code()}  # seat {seat}")
        state = ENGINE.apply(state, seat, action).state
    return lines, tokens[0], tokens[1]


def whole_script() -> tuple[str, set[str], set[str], set[str]]:
    main, alice_cards, bob_cards = duel_lines({0: "alice", 1: "bob"}, SEED)
    carol_cards = [c.id for c in ENGINE.setup([Seat(index=0, name="carol"), Seat(index=1, name="b", is_bot=True)],
                                             ENGINE.parse_options({}), SEED + 1).state.hands[0]]
    hot, hot0, hot1 = duel_lines({0: "dave", 1: "dave"}, SEED + 2, "@#hot")
    script = [
        "# a whole duel between two people, with a spectator and a DM",
        "alice: /lang en",
        "alice: /game new duel",
        "bob: /game join",
        "carol: /game join          # the table is full",
        "alice: /game start",
        "bob@dm: /hand",
        "carol: /play pass          # a spectator is refused",
        "alice: /menu",
        "alice: /menu play",
        "bob: /game status",
        *main,
        "",
        "# a game against a bot seat in another channel",
        "carol@#side: /game new duel",
        "carol@#side: /game bot",
        "carol@#side: /game start",
        *[f"carol@#side: /play play {card}" for card in carol_cards],
        "# one person in both seats",
        "dave@#hot: /game new duel",
        "dave@#hot: /game seat",
        "dave@#hot: /game start",
        *hot,
        "mod!@#hot: /game abandon   # nothing left to abandon",
        "this line is not a command",
    ]
    return "\n".join(script) + "\n", alice_cards, bob_cards, hot0 | hot1


def run(script: str, db: Path) -> list[str]:
    out: list[str] = []
    asyncio.run(run_script(script.splitlines(), str(db), str(db.parent / "images"), SEED, write=out.append))
    return out


def test_console_script_plays_three_games(tmp_path):
    script, alice_cards, bob_cards, hot_cards = whole_script()
    db = tmp_path / "table.sqlite3"
    out = run(script, db)
    text = "\n".join(out)
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT id, channel_id, status, seed FROM sessions ORDER BY id").fetchall()
    assert [(r[0], r[2], int(r[3])) for r in rows] == [(1, "finished", SEED), (2, "finished", SEED + 1),
                                                       (3, "finished", SEED + 2)]
    public = [line for line in out if line.startswith("[table")]
    assert not any(tok in line for line in public for tok in alice_cards | bob_cards)
    bob_dm = [line for line in out if line.startswith("[dm bob]")]
    assert any(all(tok in line for tok in bob_cards) for line in bob_dm)
    assert not any(tok in line for line in bob_dm for tok in alice_cards)
    assert "[reply carol] 牌桌已满（2 个座位）。" in out
    assert "[reply carol] 你正在观战：只有本局玩家可以这样做。" in out
    assert "[reply alice]   2. pass" in out  # the menu shows names, numbered for `/menu N`
    assert any(line.startswith("[table #side] 公开秘密：") for line in out)
    assert any(line.startswith("[table #hot] 公开秘密：") for line in out)
    # the first table speaks its creator's language (alice chose en); the others zh-CN
    assert f"[table] Secret revealed: `{SEED:064x}`." in text
    # hot-seat: dave hears both seats' hands privately, and they never reach the table
    dave_dm = "\n".join(line for line in out if line.startswith("[dm dave]"))
    assert "[0 号座位 · dave]" in dave_dm and "[1 号座位 · dave·2]" in dave_dm
    assert all(tok in dave_dm for tok in hot_cards)
    assert not any(tok in line for line in public for tok in hot_cards)
    # the game in #hot is over: the answer names it and what can be done now
    assert "[reply mod] 本频道上一局（#3，对决（测试游戏））已经结束：用 /game status 查看结果，/game rematch 再来一局，" \
           "/game new 开新的一桌。" in out
    assert any(line.startswith("[console] cannot read this line") for line in out)

    assert shapan(["verify", "--db", str(db), "--session", "1"]) == 0
    assert shapan(["verify", "--db", str(db), "--session", "2"]) == 0


def test_verify_fails_on_tampering(tmp_path, capsys):
    script = whole_script()[0]
    db = tmp_path / "table.sqlite3"
    run(script, db)
    capsys.readouterr()
    with sqlite3.connect(db) as conn:
        state = conn.execute("SELECT state FROM sessions WHERE id = 1").fetchone()[0]
        conn.execute("UPDATE sessions SET state = ? WHERE id = 1", (state.replace('"scores":[', '"scores":[9', 1),))
    assert shapan(["verify", "--db", str(db), "--session", "1"]) == 1
    assert capsys.readouterr().out.startswith("FAILED: $.scores[0]")
    with sqlite3.connect(db) as conn:  # a rewritten move in the log
        conn.execute("UPDATE action_log SET code = '!resign 1' WHERE session_id = 3 AND seq = 6")
    assert shapan(["verify", "--db", str(db), "--session", "3"]) == 1
    with sqlite3.connect(db) as conn:  # a swapped secret no longer matches the seal shown at start
        conn.execute("UPDATE sessions SET seed = '1' WHERE id = 2")
    assert shapan(["verify", "--db", str(db), "--session", "2"]) == 1
    assert "commitment" in capsys.readouterr().out


def test_a_console_table_with_player_entropy_verifies(tmp_path, capsys):
    """`/game new duel entropy`, values at join and start: the key mixes them, the reveal
    lists them, and `shapan verify` recomputes the key and replays the game."""
    script = ["alice: /lang en", "bob: /lang en", "alice: /game new duel entropy", "bob: /game join entropy:bob-1",
              "alice: /game start entropy:alice.2", "alice: /game concede"]
    db = tmp_path / "table.sqlite3"
    out = "\n".join(run("\n".join(script), db))
    secret = f"{SEED:064x}"
    key = hashlib.sha256(f"{secret}:alice.2:bob-1".encode()).hexdigest()
    assert "0:alice `alice.2`, 1:bob `bob-1`" in out
    assert f"The game's key is the SHA-256 of `{secret}:alice.2:bob-1`: `{key}`." in out
    assert shapan(["verify", "--db", str(db), "--session", "1"]) == 0
    assert capsys.readouterr().out.startswith("OK")


def test_a_console_table_with_a_commitment_verifies_and_a_tampered_value_does_not(tmp_path, capsys):
    """`/game join commit:HASH` at the console, the creator closes, bob reveals: the reveal
    lists the value with its commitment, `shapan verify` checks it; a value changed in the
    database afterwards no longer matches the commitment."""
    committed = hashlib.sha256(b"bob-kept.1").hexdigest()
    script = ["alice: /lang en", "bob: /lang en", "alice: /game new duel entropy",
              f"bob: /game join commit:{committed}", "alice: /game start entropy:alice.2",
              "bob: /game start entropy:bob-wrong", "bob: /game start entropy:bob-kept.1", "alice: /game concede"]
    db = tmp_path / "table.sqlite3"
    out = "\n".join(run("\n".join(script), db))
    assert "does not match your commitment" in out
    assert f"1:bob `bob-kept.1` (commitment `{committed}`)" in out
    assert shapan(["verify", "--db", str(db), "--session", "1"]) == 0
    assert capsys.readouterr().out.startswith("OK")
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE sessions SET entropy = replace(entropy, 'bob-kept.1', 'bob-other') WHERE id = 1")
    assert shapan(["verify", "--db", str(db), "--session", "1"]) == 1
    assert "does not match the commitment" in capsys.readouterr().out


def test_shapan_table_command_runs_a_script(tmp_path):
    script = whole_script()[0]
    path = tmp_path / "game.txt"
    path.write_text(script, encoding="utf-8")
    env = dict(os.environ, SHAPAN_EXTRA_GAMES="tests.toygame:ENGINE")
    proc = subprocess.run([sys.executable, "-m", "bot.cli", "table", "--script", str(path), "--seed", str(SEED),
                           "--out", str(tmp_path / "img")], cwd=REPO, env=env, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.count("] 公开秘密：") == 2 and proc.stdout.count(f"[table] Secret revealed: `{SEED:064x}`") == 1


def test_console_wait_runs_the_turn_timer(tmp_path):
    script = """
alice: /lang en
alice: /game new duel
bob: /game join
alice: /game timer 1 forfeit
alice: /game start
alice: /wait 0.6      # half time: alice is reminded
alice: /wait 0.5      # past the deadline: alice forfeits
"""
    out = run(script, tmp_path / "t.sqlite3")
    assert any(line.startswith("[dm alice] ⏰ Game #1 in #table is waiting for you") for line in out)
    assert "[table] ⏰ Time is up for alice: they forfeit." in out
    assert "[table] alice conceded. Winner: bob." not in out  # the concession is said once
    assert "[table] Winner: bob." in out


def test_the_reveal_prints_a_verify_command_that_runs_as_printed(tmp_path):
    """The reveal ends with the `shapan verify` line; copied as printed into a shell (the
    project's `shapan` on the PATH, another working directory) it checks the game: OK."""
    script = ["alice: /lang en", "alice: /game new duel", "bob: /game join", "alice: /game start",
              "alice: /game concede"]
    out = "\n".join(run("\n".join(script), tmp_path / "game" / "table.sqlite3"))
    printed = re.findall(r"`(shapan verify [^`]*)`", out)
    assert len(printed) == 1 and "--db" in printed[0], out
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
               SHAPAN_EXTRA_GAMES="tests.toygame:ENGINE", PYTHONPATH=str(REPO))
    env.pop("SHAPAN_DB", None)
    proc = subprocess.run(printed[0], shell=True, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0 and proc.stdout.startswith("OK"), (printed[0], proc.stdout, proc.stderr)


def test_the_verify_command_never_prints_a_database_password():
    from bot.host.fair import verify_command

    assert verify_command("postgresql://shapan:secret@db.example:5432/shapan", 7) == \
        "shapan verify --db postgresql://shapan@db.example:5432/shapan --session 7"
    assert verify_command("sqlite:/tmp/a b.sqlite3", 3) == "shapan verify --db '/tmp/a b.sqlite3' --session 3"


def test_the_console_menu_shows_names_and_picks_by_number(tmp_path):
    """As Discord's select shows each choice by name, so does the console's `/menu`, numbered:
    `/menu N` picks choice N, `/menu back` goes back, `/menu ok` plays the whole action. The
    tokens behind the names (`deck`, `blitz`) are never printed."""
    script = ["alice: /lang en", "alice: /game new frontline", "alice: /game bot", "alice: /game start",
              "alice: /menu", "alice: /menu 1"]
    out = run("\n".join(script), tmp_path / "t.sqlite3")
    menu = [line for line in out if line.startswith("[reply alice]   ")]
    assert "[reply alice]   1. Deck — 6 choices" in menu
    assert not any(re.search(r"\b(deck|blitz|red_guard)\b", line) for line in menu), menu
    blitz = next(line for line in menu if "Blitz" in line)
    number = re.match(r"\[reply alice\]   (\d+)\. ", blitz).group(1)
    out = run("\n".join(script + ["alice: /menu 99", f"alice: /menu {number}", "alice: /menu back",
                                  f"alice: /menu {number}", "alice: /menu 1", "alice: /menu ok"]), tmp_path / "u.sqlite3")
    assert any(line.startswith("[reply alice] Ready to play: Deck: Blitz (Germany / Italy) — 39 cards") for line in out)  # nothing left to pick; the deck's facts follow
    assert "[reply alice] Choose your action:" in out
    assert "[reply alice] Pick a choice by its number, 1 to 6: /menu N." in out
    assert "[reply alice] Nothing more to choose: /menu ok plays the action, /menu back goes back one step." in out
    assert "[reply alice] ✓ Deck: Blitz (Germany / Italy)" in out  # played, as the confirm button does


def test_menu_words_without_an_open_menu_say_how_to_open_one(tmp_path):
    """A newcomer types `/menu ok` or `/menu 1` before any `/menu`, or after the action it built
    was played: they read "None of your legal actions starts with “ok”", or "Nothing more to
    choose: /menu ok plays the action" for an action already played, and `/menu ok` played it
    again (second newcomer playtest). A played action spends the menu; the console then says
    how to open one. A stale pick the host refuses says where to look instead."""
    script = ["alice: /lang en", "alice: /game new frontline", "alice: /game bot", "alice: /game start",
              "alice: /menu ok", "alice: /menu 1", "alice: /menu back",
              "alice: /menu", "alice: /menu 1", "alice: /menu 1", "alice: /menu ok",
              "alice: /menu 1", "alice: /menu ok", "alice: /menu deck"]
    out = run("\n".join(script), tmp_path / "t.sqlite3")
    none = "[reply alice] No menu is open: /menu shows your choices, numbered."
    assert out.count(none) == 5, out
    assert not any("legal actions" in line or "Nothing more to choose" in line for line in out), out
    assert sum(line.startswith("[reply alice] ✓ ") for line in out) == 1  # played once
    assert "[reply alice] “Deck” is not among your choices now (the table may have moved on): " \
           "/menu shows what you can do." in out


def test_the_bot_s_own_warnings_go_to_a_log_file_not_between_the_table_s_lines(tmp_path):
    """Third newcomer playtest: "a bot of panzer had no answer from its worker within 0.8 s
    (starting or busy): the heuristic moves" (a warning for the operator, in English) came out
    between a zh-CN table's lines. The console names a log file and the warnings go there.
    Run in a process of its own: pytest's log capture would hide Python's last-resort handler."""
    program = (
        "import asyncio, logging, sys\n"
        "from bot.console import open_table\n"
        "async def main():\n"
        "    table = await open_table(None, sys.argv[1], 1)\n"
        "    logging.getLogger('bot.host.thinking').warning('a bot of panzer had no answer from its worker')\n"
        "    await table.host.close()\n"
        "asyncio.run(main())\n")
    done = subprocess.run([sys.executable, "-c", program, str(tmp_path)], capture_output=True, text=True, cwd=REPO,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "no answer" not in done.stdout + done.stderr
    named = re.search(r"the bot's own log \(warnings\) in (\S+)", done.stdout)
    assert named, done.stdout
    assert "a bot of panzer had no answer from its worker" in Path(named.group(1)).read_text(encoding="utf-8")


def test_the_console_s_words_on_a_table_line_are_in_the_table_s_language(tmp_path, monkeypatch):
    """Fourth newcomer playtest: at an English table the posts the bots' moves made at the next
    tick read "[table] 图片：…/0005-table1.png" among English lines (no command's speaker, so the
    console fell back to zh-CN). A table's line says "image:" in the table's language, whoever
    spoke, and a zh-CN table's lines say "图片：" even when an English reader made the move."""
    import bot.host.core as core

    monkeypatch.setattr(core, "BOT_SECONDS", 0.0)  # the bots' moves go on at the next ticks
    for lang, table_word, other in (("en", "image:", "图片："), ("zh-CN", "图片：", "image:")):
        script = [f"alice: /lang {lang}", "alice: /game new frontline", "alice: /game bot", "alice: /game start",
                  "alice: /menu", "alice: /menu 1", "alice: /menu 1", "alice: /menu ok", "alice: /lang en",
                  "alice: /menu", "alice: /menu 2", "alice: /menu ok", "alice: /play End turn"]
        out = run("\n".join(script), tmp_path / f"{lang}.sqlite3")
        table_images = [line for line in out if line.startswith("[table] ") and ".png" in line]
        assert len(table_images) >= 4 and any("🤖" in line for line in out)
        assert all(line.startswith(f"[table] {table_word}") for line in table_images), table_images
        assert not any(line.startswith(f"[table] {other}") for line in out)


def test_the_bots_hidden_moves_in_later_slices_post_nothing_until_something_shows(tmp_path, monkeypatch):
    """Fourth newcomer playtest, Iron & Fire against the hard bot: after "alice is ready." the table
    read the same army-selection board, "Waiting for: Bot 1" and "The bots are thinking" six times
    (twenty with a slice of one move), one post per slice of the bot's secret picks. A slice
    that shows nothing new (no public line, the same board, the same seats awaited) posts
    nothing, as a human's hidden pick does; the table was told the bots are thinking once."""
    import bot.host.core as core

    monkeypatch.setattr(core, "BOT_SECONDS", 0.0)  # one bot move a slice: every pick its own tick
    script = ["alice: /lang en", "alice: /game new ironfire", "alice: /game bot", "alice: /game start",
              "alice: /menu", "alice: /menu 1", "alice: /menu 1", "alice: /menu ok", "alice: /play Pick PaK 40",
              "alice: /play Ready"]
    out = run("\n".join(script), tmp_path / "t.sqlite3")
    start = out.index("[table] alice is ready.")
    end = out.index("[table] Bot 1 is ready.")
    between = out[start:end]
    assert sum("army selection" in line for line in between) == 1, between
    assert sum("bots are thinking" in line for line in between) == 1, between
