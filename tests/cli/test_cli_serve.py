"""`ujumbe serve` as an operator runs it on the embedded database, and stops it with SIGTERM."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from running_app import free_port


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_sigterm_stops_the_server_and_its_embedded_postgres() -> None:
    # Not pytest's tmp_path: a concurrent pytest run may prune its numbered directories.
    with tempfile.TemporaryDirectory(prefix="ujumbe-serve-") as data_dir:
        _serve_then_stop(Path(data_dir))


def _serve_then_stop(tmp_path: Path) -> None:
    port = free_port()
    orphans: list[int] = []
    env = {k: v for k, v in os.environ.items() if k != "UJUMBE_DATABASE_URL"}
    env["UJUMBE_DATA_DIR"] = str(tmp_path)
    server = subprocess.Popen([sys.executable, "-m", "entrypoints.cli.main", "serve", "--port", str(port),
                               "--no-worker"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while True:  # wait for the server to answer, not for a fixed time
            try:
                if httpx.get(f"http://127.0.0.1:{port}/health", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert server.poll() is None and time.monotonic() < deadline, server.communicate()[1].decode()
            time.sleep(0.1)
        postmaster = int((tmp_path / "pg" / "postmaster.pid").read_text().split()[0])
        orphans.append(postmaster)
        assert _alive(postmaster)
        server.send_signal(signal.SIGTERM)
        assert server.wait(timeout=30) == 0
        deadline = time.monotonic() + 30
        while _alive(postmaster) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not _alive(postmaster), "the embedded PostgreSQL outlived `ujumbe serve`"
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
        for pid in orphans:  # a failed run must not leave a PostgreSQL behind
            if _alive(pid):
                os.kill(pid, signal.SIGQUIT)
