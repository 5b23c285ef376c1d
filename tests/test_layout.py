"""No module under src/ grows past 300 lines: one that would is split by job. (That every area of
the application layer is placed is the exhaustive layers contract's, in .importlinter.)"""

from __future__ import annotations

from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"
LONGEST = 300


def test_no_module_under_src_is_longer_than_300_lines() -> None:
    long = {str(path.relative_to(SRC)): n for path in SRC.rglob("*.py")
            if (n := len(path.read_text().splitlines())) > LONGEST}
    assert long == {}

