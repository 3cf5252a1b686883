"""`python -m bench NAME [args]`: run one benchmark; each prints its figures last."""
import importlib
import sys

NAMES = ("host", "engines", "resume", "memory", "render", "dice", "scale", "arena", "evaluation", "decks", "instructions", "log", "budget", "versus")


def main() -> int:
    if len(sys.argv) < 2 or sys.argv[1] not in NAMES:
        print(f"usage: python -m bench {{{'|'.join(NAMES)}}} [args]", file=sys.stderr)
        return 2
    module = importlib.import_module(f"bench.{sys.argv[1]}")
    return module.main(sys.argv[2:]) or 0


if __name__ == "__main__":
    sys.exit(main())
