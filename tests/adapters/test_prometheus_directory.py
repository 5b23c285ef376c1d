"""The host's shared metrics directory is emptied by a starting `ujumbe serve` only when no live
process still counts there: a worker's counts survive an API restart."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from adapters.prometheus import counted_by_a_live_process


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
