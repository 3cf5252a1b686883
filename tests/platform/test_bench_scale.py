"""What `python -m bench scale` counts: the server's CPU from /proc, and the writes a command's
delivery makes (as the Discord adapter does)."""
from __future__ import annotations

import random
import subprocess
import sys

import pytest

from bench.scale import delivered, server_cpu
from bench.tables import next_commands, open_tables, without_images
from bot.host import Host

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")

# A parent that starts a child burning ~0.3 s of CPU, waits for it (so its time moves to the
# parent's children's time, as an ended backend's does to the PostgreSQL server's), then waits.
_TREE = ("import subprocess, sys, time; "
         "subprocess.run([sys.executable, '-c', 'import time\\nt = time.process_time()\\n"
         "while time.process_time() - t < 0.3: pass']); print('ready', flush=True); time.sleep(30)")


def test_the_server_cpu_counts_its_ended_children():
    parent = subprocess.Popen([sys.executable, "-c", _TREE], stdout=subprocess.PIPE, text=True)
    try:
        assert parent.stdout.readline().strip() == "ready"
        assert server_cpu(parent.pid) >= 0.25
    finally:
        parent.kill()
        parent.wait()


async def test_a_commands_reply_and_posts_are_marked_sent_as_the_adapter_does(tmp_path):
    host = await Host.create(tmp_path / "s.sqlite3")
    try:
        without_images(["duel"])
        await open_tables(host, range(1, 2), ["duel"])
        [cmd] = await next_commands(host, 1, "duel", random.Random(1))
        box = await host.handle(cmd)
        kept = set(box.kept_nonces())
        assert kept and box.reply.nonce in kept
        await delivered(host, box)
        assert {p.nonce for p in await host.repo.posts() if p.sent_at is not None} >= kept
    finally:
        await host.close()
