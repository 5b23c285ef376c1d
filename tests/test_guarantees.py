"""docs/guarantees.md names, beside each promise, the tests that prove it: every file it names
exists, and every test it names (`file.py::name`, or `::name` after a file in the same cell) is a
test function of that file, so the page cannot go on citing a test that was renamed or removed."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "guarantees.md"


def _cited() -> list[tuple[str, str | None]]:
    """(file, test name or None) for each citation, a `::name` taking the cell's last file."""
    cited: list[tuple[str, str | None]] = []
    for row in PAGE.read_text().splitlines():
        for cell in row.split("|"):
            current: str | None = None
            for path, name in re.findall(r"`(tests/[\w/]+\.py)?(?:::(\w+))?`", cell):
                current = path or current
                if current:
                    cited.append((current, name or None))
    return cited


def test_every_test_the_guarantees_page_cites_exists() -> None:
    cited = _cited()
    assert len(cited) > 30
    missing = []
    for path, name in cited:
        source = ROOT / path
        if not source.is_file():
            missing.append(path)
        elif name and not re.search(rf"^(?:async )?def {name}\(", source.read_text(), flags=re.M):
            missing.append(f"{path}::{name}")
    assert not missing, f"docs/guarantees.md cites what is not there: {missing}"
