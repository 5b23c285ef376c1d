"""Notifications an account reads in its dashboard."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any, Protocol


class NotificationKind(StrEnum):
    LOW_BALANCE = "low_balance"
    PAYMENT = "payment"
    CAMPAIGN = "campaign"
    ANNOUNCEMENT = "announcement"


@dataclass(frozen=True, slots=True)
class Notification:
    id: str
    account_id: str
    kind: NotificationKind
    title: str
    message: str
    created_at: datetime
    data: Mapping[str, Any] = field(default_factory=dict)
    read_at: datetime | None = None


class NotificationRepository(Protocol):
    async def add(self, notification: Notification) -> None: ...

    async def add_many(self, notifications: Iterable[Notification]) -> None: ...

    async def page(self, account_id: str, page: int, per_page: int) -> tuple[list[Notification], int]:
        """Newest first; the page and the total count."""
        ...

    async def unread_count(self, account_id: str) -> int: ...

    async def mark_read(self, account_id: str, notification_id: str, at: datetime) -> Notification | None:
        """The notification, read (kept as first read if it was already); None when unknown."""
        ...

    async def low_balance_threshold(self, account_id: str) -> int: ...

    async def set_low_balance_threshold(self, account_id: str, threshold: int) -> bool:
        """False when there is no such account."""
        ...

    async def low_balance_notified(self, account_id: str) -> bool:
        """Whether the account was told of its current stretch below the threshold."""
        ...

    async def set_low_balance_notified(self, account_id: str, notified: bool, at: datetime) -> None: ...
