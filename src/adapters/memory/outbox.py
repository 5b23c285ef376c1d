"""Outbox events in memory."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from adapters.memory.store import MemoryStore
from application.ports import OutboxEvent


class MemoryEventOutbox:
    def __init__(self, store: MemoryStore) -> None:
        self._store = store

    def _rows(self) -> dict[tuple[str, str], tuple[OutboxEvent, datetime | None]]:
        rows: dict[tuple[str, str], tuple[OutboxEvent, datetime | None]] = self._store.table("outbox_events")
        return rows

    async def add(self, event: OutboxEvent) -> None:
        self._rows()[(event.account_id, event.id)] = (event, None)

    async def add_many(self, events: Sequence[OutboxEvent]) -> None:
        for event in events:
            await self.add(event)

    async def undispatched(self, limit: int) -> list[OutboxEvent]:
        pending = [event for event, done in self._rows().values() if done is None]
        pending.sort(key=lambda e: (e.created_at, e.id))
        return pending[:limit]

    async def mark_dispatched(self, account_id: str, event_id: str, at: datetime) -> None:
        event, _ = self._rows()[(account_id, event_id)]
        self._rows()[(account_id, event_id)] = (event, at)

    async def mark_all_dispatched(self, events: Sequence[OutboxEvent], at: datetime) -> None:
        for event in events:
            await self.mark_dispatched(event.account_id, event.id, at)
