#!/usr/bin/env bash
# The README's run command: the Discord bot if DISCORD_TOKEN is set (in .env or the
# environment), otherwise the local console table.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
# install (again) only when the dependencies changed; the build backend's warnings go to a log
if [ ! -f .venv/.installed-run ] || [ pyproject.toml -nt .venv/.installed-run ]; then
  .venv/bin/python -m pip install -q --disable-pip-version-check -e . 2> .venv/install.log || { cat .venv/install.log >&2; exit 1; }
  touch .venv/.installed-run
fi
exec .venv/bin/shapan "$@"
