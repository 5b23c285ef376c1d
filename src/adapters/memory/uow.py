"""The in-memory unit of work: serialised transactions over plain Python state."""

from __future__ import annotations

import copy
from types import TracebackType
from typing import Any, Self

from adapters.memory.outbox import MemoryEventOutbox
from adapters.memory.store import MemoryStore


class MemoryUnitOfWork:
    """Holds the store's lock for the block (serialisable by construction) and restores
    a snapshot unless committed, so a failed use case leaves nothing half-written."""

    def __init__(self, store: MemoryStore) -> None:
        self.store = store
        self.committed = False
        self._snapshot: dict[str, Any] | None = None

    async def __aenter__(self) -> Self:
        await self.store.lock.acquire()
        self._snapshot = copy.deepcopy(self.store.tables)
        self.committed = False
        self._bind()
        return self

    def _bind(self) -> None:
        """Give every repository the store."""
        self.events = MemoryEventOutbox(self.store)

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        try:
            await self.rollback()
        finally:
            self._snapshot = None
            self.store.lock.release()

    async def commit(self) -> None:
        self._snapshot = copy.deepcopy(self.store.tables)
        self.committed = True

    async def rollback(self) -> None:
        if self._snapshot is not None:
            self.store.tables = copy.deepcopy(self._snapshot)
