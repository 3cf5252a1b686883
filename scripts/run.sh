#!/usr/bin/env bash
# The README's run command: the Discord bot if DISCORD_TOKEN is set (in .env or the
# environment), otherwise the local console table.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install -q --disable-pip-version-check -e .
exec .venv/bin/shapan "$@"
