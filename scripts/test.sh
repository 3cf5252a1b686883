#!/usr/bin/env bash
# The README's test command: creates .venv if needed, installs the project, runs pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
# install (again) only when the dependencies changed; the build backend's warnings go to a log
if [ ! -f .venv/.installed-test ] || [ pyproject.toml -nt .venv/.installed-test ]; then
  .venv/bin/python -m pip install -q --disable-pip-version-check -e ".[test]" 2> .venv/install.log || { cat .venv/install.log >&2; exit 1; }
  touch .venv/.installed-test
fi
# the whole suite runs on every core; with arguments (one file, -k, -x ...) it runs as asked
if [ "$#" -eq 0 ]; then
  set -- -n auto
fi
set +e
.venv/bin/python -m pytest "$@"
rc=$?
set -e
if [ "$rc" -eq 5 ]; then
  echo "pytest collected no tests: that is a failure" >&2
  exit 1
fi
exit "$rc"
