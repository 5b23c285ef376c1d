"""The prometheus adapter: the host's shared metrics directory is emptied by a starting `ujumbe
serve` only when no live process still counts there (a worker's counts survive an API restart),
and a count that cannot be made never fails the work it counts."""

from __future__ import annotations

import logging
import subprocess
import sys
from pathlib import Path

import pytest

from adapters.prometheus import PrometheusMetrics, counted_by_a_live_process


def test_a_directory_is_counted_in_only_while_a_process_named_in_its_files_runs(tmp_path: Path) -> None:
    assert not counted_by_a_live_process(tmp_path / "missing")
    worker = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE)
    try:
        (tmp_path / f"counter_{worker.pid}.db").write_bytes(b"")
        (tmp_path / "histogram_999999999.db").write_bytes(b"")  # no such process
        assert counted_by_a_live_process(tmp_path)
    finally:
        worker.communicate(b"")  # it exits, and is reaped
    assert not counted_by_a_live_process(tmp_path)


class _FullDisk:
    def labels(self, *_: str) -> _FullDisk:
        raise OSError(28, "No space left on device")


def test_a_count_that_cannot_be_made_is_logged_not_raised(caplog: pytest.LogCaptureFixture) -> None:
    metrics = PrometheusMetrics()
    metrics._http_requests = _FullDisk()  # type: ignore[assignment]
    with caplog.at_level(logging.WARNING, logger="ujumbe.metrics"):
        metrics.http_request("/v1/sms", "POST", 200, 0.01)  # the send it counts has committed
    assert "http_request could not be counted" in caplog.text
