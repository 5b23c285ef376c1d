"""Small helpers shared by tests."""

from __future__ import annotations

import uuid


def ids(n: int) -> str:
    """A readable, valid uuid: ids(1) == '00000000-0000-0000-0000-000000000001'."""
    return str(uuid.UUID(int=n))
