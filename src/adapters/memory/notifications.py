"""Notifications and low-balance alert state in memory."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from datetime import datetime

from adapters.memory.store import MemoryStore
from application.ports import Notification
from domain.ledger import DEFAULT_LOW_BALANCE_THRESHOLD


class MemoryNotifications:
    def __init__(self, store: MemoryStore) -> None:
        self._store = store

    def _rows(self) -> dict[tuple[str, str], Notification]:
        rows: dict[tuple[str, str], Notification] = self._store.table("notifications")
        return rows

    def _of(self, account_id: str) -> list[Notification]:
        found = [n for n in self._rows().values() if n.account_id == account_id]
        return sorted(found, key=lambda n: (n.created_at, n.id), reverse=True)

    async def add(self, notification: Notification) -> None:
        self._rows()[(notification.account_id, notification.id)] = notification

    async def add_many(self, notifications: Iterable[Notification]) -> None:
        for notification in notifications:
            await self.add(notification)

    async def page(self, account_id: str, page: int, per_page: int) -> tuple[list[Notification], int]:
        found = self._of(account_id)
        return found[(page - 1) * per_page: page * per_page], len(found)

    async def unread_count(self, account_id: str) -> int:
        return sum(1 for n in self._of(account_id) if n.read_at is None)

    async def mark_read(self, account_id: str, notification_id: str, at: datetime) -> Notification | None:
        found = self._rows().get((account_id, notification_id))
        if found is None:
            return None
        if found.read_at is None:
            found = replace(found, read_at=at)
            self._rows()[(account_id, notification_id)] = found
        return found

    async def low_balance_threshold(self, account_id: str) -> int:
        thresholds: dict[str, int] = self._store.table("low_balance_thresholds")
        return thresholds.get(account_id, DEFAULT_LOW_BALANCE_THRESHOLD)

    async def set_low_balance_threshold(self, account_id: str, threshold: int) -> bool:
        if account_id not in self._store.table("account_ids", set):
            return False
        self._store.table("low_balance_thresholds")[account_id] = threshold
        return True

    async def low_balance_notified(self, account_id: str) -> bool:
        alerts: dict[str, bool] = self._store.table("low_balance_alerts")
        return alerts.get(account_id, False)

    async def set_low_balance_notified(self, account_id: str, notified: bool, at: datetime) -> None:
        self._store.table("low_balance_alerts")[account_id] = notified
