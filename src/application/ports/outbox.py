"""The transactional outbox: events recorded with the change they describe."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol


@dataclass(frozen=True, slots=True)
class OutboxEvent:
    """Something a customer hears about (webhook event type from `domain.webhooks`)."""

    id: str
    account_id: str
    type: str
    data: Mapping[str, Any]
    created_at: datetime


class EventOutbox(Protocol):
    """Events recorded in the same transaction as the change they describe."""

    async def add(self, event: OutboxEvent) -> None: ...

    async def add_many(self, events: Sequence[OutboxEvent]) -> None:
        """Several events in one go (a bulk send's 1000 outcomes)."""
        ...

    async def undispatched(self, limit: int) -> list[OutboxEvent]:
        """Oldest first, across accounts (the dispatch job's work list); each held by this unit of
        work until it ends, and any another unit of work holds passed over."""
        ...

    async def mark_dispatched(self, account_id: str, event_id: str, at: datetime) -> None: ...

    async def mark_all_dispatched(self, events: Sequence[OutboxEvent], at: datetime) -> None:
        """`mark_dispatched` for several events in one go (a dispatch batch)."""
        ...
