"""The tests' PostgreSQL server is never left behind: when the pytest that started it is
killed with SIGKILL (so no fixture teardown runs), the server's watchdog stops the server
and removes its folder."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.pgserver import _alive

pytestmark = pytest.mark.postgres
ROOT = Path(__file__).resolve().parents[2]
HANG_GUARD = 120  # seconds: only turns a server that never starts or never stops into a failure


def wait_for(condition, what: str) -> None:
    deadline = time.monotonic() + HANG_GUARD
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.1)


def test_a_server_outlives_no_pytest_killed_with_sigkill(tmp_path, pg_server):
    """(`pg_server`: the parent has the server binaries, so the child can start its own.)"""
    info = tmp_path / "child.txt"
    env = dict(os.environ, SHAPAN_PG_CHILD_INFO=str(info))
    child = subprocess.Popen([sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", "-p", "no:cacheprovider",
                              str(ROOT / "tests" / "platform" / "pg_orphan_child.py")],
                             cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for(lambda: info.exists() and info.read_text().endswith("\n") or child.poll() is not None,
                 "the child pytest never started its server")
        assert child.poll() is None, "the child pytest ended before it was killed"
        pid, root = info.read_text().split()
        server, folder = int(pid), Path(root)
        assert _alive(server) and folder.is_dir()
        os.kill(child.pid, signal.SIGKILL)
        child.wait()
        wait_for(lambda: not _alive(server), "the server outlived the pytest that started it")
        wait_for(lambda: not folder.exists(), "the server's folder was left behind")
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
