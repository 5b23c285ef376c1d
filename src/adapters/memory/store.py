"""The state behind every memory adapter."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any


@dataclass
class MemoryStore:
    """All state of the memory adapters; one per embedded service or test.

    `tables` maps a table name to its rows; repositories keep whatever shape suits them.
    """

    tables: dict[str, Any] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    def table(self, name: str, factory: type = dict) -> Any:
        return self.tables.setdefault(name, factory())
