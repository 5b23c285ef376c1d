from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from running_app import RunningApp, running_app_with_customer


@pytest.fixture()
def running_app(clean_database: str, tmp_path: Path) -> Iterator[RunningApp]:
    with running_app_with_customer(clean_database, tmp_path) as app:
        yield app
