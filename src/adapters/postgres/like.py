"""LIKE patterns for the search queries."""

from __future__ import annotations


def contains(text: str) -> str:
    """A LIKE pattern matching `text` anywhere, its own wildcards taken literally."""
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"
