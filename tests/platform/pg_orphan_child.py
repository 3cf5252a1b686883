"""Not collected by the test run (no `test_` in its name): test_pg_watchdog.py runs it in a
child pytest, which starts the test PostgreSQL server, says where it is, and waits to be
killed."""
from __future__ import annotations

import os
import time
from pathlib import Path


def test_start_the_server_and_wait_to_be_killed(pg_server):
    Path(os.environ["SHAPAN_PG_CHILD_INFO"]).write_text(f"{pg_server.process.pid} {pg_server.root}\n")
    time.sleep(600)
