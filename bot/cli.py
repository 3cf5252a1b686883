"""The `shapan` command: run the bot (or the console table without a token), play
random games, replay and verify a stored game."""
from __future__ import annotations

import argparse
import asyncio
import os
import sys
from pathlib import Path


def _count(low: int, high: int | None = None):
    """An argparse type: a whole number within [low, high]; anything else is a usage error."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < low or (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"{value} is not between {low} and {high}" if high is not None
                                             else f"{value} is less than {low}")
        return value
    return parse


def _game_and_options(args: argparse.Namespace):
    """The game `--game` names, with `--players` and `--option NAME=VALUE` checked against it;
    anything wrong is argparse's own usage error (the usage line, the message, exit status 2)."""
    from games.core.errors import RuleError
    from games.core.i18n import t
    from games.registry import available_games, find_game, get_game

    usage = args.usage
    try:
        game = get_game(find_game(args.game))
    except KeyError:
        usage.error(f"unknown game {args.game!r} (games: {', '.join(available_games())})")
    engine = game.engine
    if args.players is not None and not engine.min_players <= args.players <= engine.max_players:
        usage.error(f"--players: {engine.key} takes {engine.min_players} to {engine.max_players} players")
    options = _options(usage, args.option)
    try:
        engine.parse_options(options)
    except RuleError as exc:
        usage.error("--option: " + t("en", exc.key, **exc.params))
    return game, options


def _playout(args: argparse.Namespace) -> int:
    from games.core.playout import run_playouts

    game, options = _game_and_options(args)
    report = run_playouts(
        game, args.games, seed=args.seed, players=args.players, options=options, use_bot=args.bot,
        check_every=args.check_every,
    )
    problem = report.first_problem()
    if problem and args.verbose:
        print(problem, file=sys.stderr)
    print(report.line())
    return 0 if report.ok else 1


def _options(usage: argparse.ArgumentParser, items: list[str] | None) -> dict[str, str]:
    options = {}
    for item in items or []:
        name, sep, value = item.partition("=")
        if not sep:
            usage.error(f"--option needs NAME=VALUE, got {item!r}")
        options[name] = value
    return options


def _arena(args: argparse.Namespace) -> int:
    from games.core.arena import play_match
    from games.core.search import Budget

    game, options = _game_and_options(args)
    engine = game.engine
    budget = None
    if args.seconds is not None or args.iterations is not None:
        budget = Budget(seconds=args.seconds, iterations=args.iterations)
    show = (lambda r: print(r.line(), file=sys.stderr, flush=True)) if args.verbose else None
    report = play_match(engine, args.a, args.b, args.games, seed=args.seed, players=args.players, options=options,
                        budget=budget, progress=show, cpu=args.cpu, first=args.first)
    print(report.line())
    return 0


def _table(args: argparse.Namespace) -> int:
    from bot.console import interactive, run_script

    if args.script:
        try:
            lines = Path(args.script).read_text(encoding="utf-8").splitlines()
        except OSError as exc:
            print(f"cannot read script: {exc}", file=sys.stderr)
            return 2
        asyncio.run(run_script(lines, args.db, args.out, args.seed))
    else:
        asyncio.run(interactive(args.db, args.out, args.seed))
    return 0


def _verify(args: argparse.Namespace) -> int:
    from bot.host.fair import verify_session
    from games.registry import get_engine
    from storage.sessions import is_postgres_url, open_repository

    async def check() -> tuple[bool, str]:
        if not is_postgres_url(args.db) and not Path(args.db).exists():
            return False, f"no database at {args.db}"
        repo = await open_repository(args.db, readonly=True)  # verifying never changes the database
        try:
            session = await repo.load_session(args.session)
            if session is None:
                return False, f"no session {args.session}"
            problem = verify_session(get_engine(session.game), session, await repo.log_entries(session.id))
            return problem is None, problem or f"OK: session {session.id} ({session.game}) replays to its stored state"
        finally:
            await repo.close()

    ok, message = asyncio.run(check())
    print(message if ok else f"FAILED: {message}")
    return 0 if ok else 1


def _default(args: argparse.Namespace) -> int:
    """No subcommand: the Discord bot when a token is configured, else the console table."""
    from dotenv import load_dotenv

    load_dotenv()
    if os.environ.get("DISCORD_TOKEN"):
        try:
            from bot.discord.client import run
        except ModuleNotFoundError as exc:
            if not (exc.name or "").startswith("bot.discord"):
                raise
            print("DISCORD_TOKEN is set, but the Discord adapter (bot/discord/client.py) is not installed yet.",
                  file=sys.stderr)
            return 1
        return run() or 0
    print("No DISCORD_TOKEN (environment or .env): opening the console table.")
    args.script = None
    args.db = os.environ.get("SHAPAN_DB") or None
    args.out = None
    args.seed = None
    return _table(args)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="shapan", description="Shapan (沙盘) game host")
    sub = parser.add_subparsers(dest="command")

    p = sub.add_parser("playout", help="play random complete games and check them")
    p.add_argument("--game", required=True)
    p.add_argument("--games", type=_count(1, 1_000_000), default=100)
    p.add_argument("--seed", type=_count(0), default=1)
    p.add_argument("--players", type=_count(1, 64), default=None)
    p.add_argument("--option", action="append", metavar="NAME=VALUE")
    p.add_argument("--bot", action="store_true", help="use the bot seat's heuristic instead of random moves")
    p.add_argument("--check-every", type=_count(1), default=1, metavar="N",
                   help="check invariants and secrets every N steps (default: every step) and at the end")
    p.add_argument("-v", "--verbose", action="store_true", help="print the first problem found")
    p.set_defaults(func=_playout, usage=p)

    from games.core.arena import SIDES

    p = sub.add_parser("arena", help="two bot levels play each other, seats alternated; win rate with a 95%% interval")
    p.add_argument("--game", required=True)
    p.add_argument("--a", required=True, choices=SIDES, help="the side whose win rate is reported")
    p.add_argument("--b", required=True, choices=SIDES)
    p.add_argument("--games", type=_count(1, 1_000_000), default=20)
    p.add_argument("--seed", type=_count(0), default=1)
    p.add_argument("--first", type=_count(0), default=0, metavar="N",
                   help="start at game N of the seed's match (resume a match cut short with the same games)")
    p.add_argument("--players", type=_count(1, 64), default=None)
    p.add_argument("--option", action="append", metavar="NAME=VALUE")
    p.add_argument("--seconds", type=float, default=None, help="thinking time per decision of normal and hard")
    p.add_argument("--iterations", type=_count(1), default=None, help="search iterations per decision instead")
    p.add_argument("--cpu", action="store_true",
                   help="budgets count the thinking thread's CPU time, not the wall clock (figures of a loaded machine)")
    p.add_argument("-v", "--verbose", action="store_true", help="print the running figures after every game")
    p.set_defaults(func=_arena, usage=p)

    p = sub.add_parser("table", help="the console table (interactive, or --script FILE)")
    p.add_argument("--script", help="a file of `NAME: /command` lines to run, then exit")
    p.add_argument("--db", help="database file (default: a fresh temporary one)")
    p.add_argument("--out", help="folder for board images (default: a temporary folder)")
    p.add_argument("--seed", type=_count(0), default=None, help="engine seed of the first game (next games: +1 ...)")
    p.set_defaults(func=_table)

    p = sub.add_parser("verify", help="replay a stored game from its seed and log and compare")
    p.add_argument("--db", default=os.environ.get("SHAPAN_DB", "shapan.sqlite3"))
    p.add_argument("--session", type=_count(1), required=True)
    p.set_defaults(func=_verify)

    p = sub.add_parser("sync", help="register the slash commands with Discord (globally, or in one guild)")
    p.add_argument("guild", type=_count(1), nargs="?", default=None)
    p.set_defaults(func=_sync)
    return parser


def _sync(args: argparse.Namespace) -> int:
    """Command registration is deliberate: Discord allows 200 command creations a day per guild."""
    from bot.discord.client import sync_commands

    sync_commands(args.guild)
    return 0


def main(argv: list[str] | None = None) -> int:
    from storage.db import DatabaseProblem

    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if not getattr(args, "func", None):
            return _default(args)
        return args.func(args)
    except DatabaseProblem as exc:  # one clear line, no traceback
        print(f"shapan: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
