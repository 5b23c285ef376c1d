"""`ujumbe serve` options that reach uvicorn (run in-process with uvicorn and migrations stubbed)."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import entrypoints.cli.main as main
from tests_support import ujumbe


def serve_in_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """`ujumbe serve` run in this process up to uvicorn: nothing it would change for the whole
    process (signals, the metrics storage, the environment) outlives the test, and the port is
    not asked for."""
    monkeypatch.setattr(main.signal, "signal", lambda *a: None)
    monkeypatch.setattr(main, "share_counts", lambda *a, **kw: None)
    monkeypatch.setattr(main, "_check_free", lambda *a: None)
    monkeypatch.setenv("UJUMBE_IN_PROCESS_WORKER", "0")


@pytest.mark.parametrize(("args", "expected"), [
    ([], None),  # uvicorn then reads FORWARDED_ALLOW_IPS, else trusts 127.0.0.1 only
    (["--forwarded-allow-ips", "10.0.0.5,10.0.0.6"], "10.0.0.5,10.0.0.6"),
])
def test_forwarded_allow_ips_is_passed_to_uvicorn(monkeypatch: pytest.MonkeyPatch, args: list[str],
                                                   expected: str | None) -> None:
    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(main, "run_migrations", lambda _container, **_: [])
    monkeypatch.setattr(main.uvicorn, "run", lambda *a, **kw: calls.append(kw))
    serve_in_process(monkeypatch)
    result = CliRunner().invoke(main.cli, ["serve", "--no-worker", *args])
    assert result.exit_code == 0, result.output
    assert calls[0]["forwarded_allow_ips"] == expected


def test_uvicorn_keeps_to_our_log_formatter_and_leaves_the_request_line_to_us(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(main, "run_migrations", lambda _container, **_: [])
    monkeypatch.setattr(main.uvicorn, "run", lambda *a, **kw: calls.append(kw))
    serve_in_process(monkeypatch)
    result = CliRunner().invoke(main.cli, ["serve", "--no-worker"])
    assert result.exit_code == 0, result.output
    assert (calls[0]["log_config"], calls[0]["access_log"]) == (None, False)


def test_a_port_in_use_stops_serve_at_once_saying_what_to_do(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = ujumbe("serve", "--port", str(port), env={"UJUMBE_DATA_DIR": str(tmp_path)})
    assert result.returncode == 1
    assert f"cannot listen on 127.0.0.1:{port}" in result.stderr and "ujumbe serve --port" in result.stderr
    assert not (tmp_path / "pg").exists()  # stopped before the database was started
