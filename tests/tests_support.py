"""Small helpers shared by tests."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any


def ids(n: int) -> str:
    """A readable, valid uuid: ids(1) == '00000000-0000-0000-0000-000000000001'."""
    return str(uuid.UUID(int=n))


def ujumbe(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """Run the real `ujumbe` CLI in a child process, as an operator would."""
    return subprocess.run(
        [sys.executable, "-m", "entrypoints.cli.main", *args],
        capture_output=True, text=True, timeout=60, env={**os.environ, **env},
    )


@dataclass
class Backend:
    """One storage backend for contract tests (see tests/adapters/conftest.py)."""

    name: str
    uow: Callable[[], Any]
    # Inserts a bare account row (tenant root) for repositories whose rows need one.
    seed_account: Callable[[str], Awaitable[None]]
