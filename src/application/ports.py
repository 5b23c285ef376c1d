"""Ports shared by every area: time, ids and the unit of work.

Each area's repository protocol lives in that area's module; the unit of work
exposes one repository per area and owns the transaction.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from types import TracebackType
from typing import Any, Callable, Protocol, Self


class Clock(Protocol):
    def now(self) -> datetime:
        """The current time, timezone-aware UTC."""
        ...


class IdGenerator(Protocol):
    def new_id(self) -> str:
        """A new unique id (uuid text)."""
        ...


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

    async def undispatched(self, limit: int) -> list[OutboxEvent]:
        """Oldest first, across accounts (the dispatch job's work list)."""
        ...

    async def mark_dispatched(self, account_id: str, event_id: str, at: datetime) -> None: ...


class UnitOfWork(Protocol):
    """One transaction over every repository.

    `async with uow: ...; await uow.commit()` — leaving the block without a
    commit rolls everything back.
    """

    events: EventOutbox

    async def __aenter__(self) -> Self: ...

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None: ...

    async def commit(self) -> None: ...

    async def rollback(self) -> None: ...


UnitOfWorkFactory = Callable[[], UnitOfWork]
