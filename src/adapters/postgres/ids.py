"""Ids as the database stores them."""

from __future__ import annotations

import uuid


def is_uuid(value: str) -> bool:
    """Whether `value` can be compared with a uuid column (anything else matches no row)."""
    try:
        uuid.UUID(value)
    except ValueError:
        return False
    return True
