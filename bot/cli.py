"""The `shapan` command: run the bot (or the console table without a token), play
random games, replay and verify a stored game."""
from __future__ import annotations

import argparse
import sys


def _playout(args: argparse.Namespace) -> int:
    from games.core.playout import run_playouts
    from games.registry import get_engine

    try:
        engine = get_engine(args.game)
    except KeyError:
        print(f"unknown game {args.game!r}", file=sys.stderr)
        return 2
    options = {}
    for item in args.option or []:
        name, sep, value = item.partition("=")
        if not sep:
            print(f"--option needs NAME=VALUE, got {item!r}", file=sys.stderr)
            return 2
        options[name] = value
    report = run_playouts(
        engine, args.games, seed=args.seed, players=args.players, options=options, use_bot=args.bot
    )
    problem = report.first_problem()
    if problem and args.verbose:
        print(problem, file=sys.stderr)
    print(report.line())
    return 0 if report.ok else 1


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="shapan", description="Shapan (沙盘) game host")
    sub = parser.add_subparsers(dest="command")

    p = sub.add_parser("playout", help="play random complete games and check them")
    p.add_argument("--game", required=True)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--option", action="append", metavar="NAME=VALUE")
    p.add_argument("--bot", action="store_true", help="use the bot seat's heuristic instead of random moves")
    p.add_argument("-v", "--verbose", action="store_true", help="print the first problem found")
    p.set_defaults(func=_playout)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 0
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
