"""`ujumbe serve` options that reach uvicorn (run in-process with uvicorn and migrations stubbed)."""

from __future__ import annotations

from typing import Any

import pytest
from click.testing import CliRunner

import entrypoints.cli.main as main


@pytest.mark.parametrize(("args", "expected"), [
    ([], None),  # uvicorn then reads FORWARDED_ALLOW_IPS, else trusts 127.0.0.1 only
    (["--forwarded-allow-ips", "10.0.0.5,10.0.0.6"], "10.0.0.5,10.0.0.6"),
])
def test_forwarded_allow_ips_is_passed_to_uvicorn(monkeypatch: pytest.MonkeyPatch, args: list[str],
                                                   expected: str | None) -> None:
    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(main, "run_migrations", lambda _container, **_: [])
    monkeypatch.setattr(main.uvicorn, "run", lambda *a, **kw: calls.append(kw))
    monkeypatch.setattr(main.signal, "signal", lambda *a: None)
    monkeypatch.setenv("UJUMBE_IN_PROCESS_WORKER", "0")
    result = CliRunner().invoke(main.cli, ["serve", "--no-worker", *args])
    assert result.exit_code == 0, result.output
    assert calls[0]["forwarded_allow_ips"] == expected


def test_uvicorn_keeps_to_our_log_formatter_and_leaves_the_request_line_to_us(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(main, "run_migrations", lambda _container, **_: [])
    monkeypatch.setattr(main.uvicorn, "run", lambda *a, **kw: calls.append(kw))
    monkeypatch.setattr(main.signal, "signal", lambda *a: None)
    monkeypatch.setenv("UJUMBE_IN_PROCESS_WORKER", "0")
    result = CliRunner().invoke(main.cli, ["serve", "--no-worker"])
    assert result.exit_code == 0, result.output
    assert (calls[0]["log_config"], calls[0]["access_log"]) == (None, False)
