"""Notifications and low-balance alert state in PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from psycopg import AsyncConnection
from psycopg.types.json import Jsonb

from adapters.postgres.rows import dict_rows
from application.ports import Notification, NotificationKind
from domain.ledger import DEFAULT_LOW_BALANCE_THRESHOLD

_NOTIFICATION = (
    "SELECT id::text, account_id::text, kind, title, message, created_at, data, read_at FROM notifications"
)
_INSERT = (
    "INSERT INTO notifications (account_id, id, kind, title, message, data, created_at, read_at)"
    " VALUES (%s, %s, %s, %s, %s, %s, %s, %s)"
)



def _notification(row: dict[str, Any]) -> Notification:
    return Notification(**{**row, "kind": NotificationKind(row["kind"])})


def _params(n: Notification) -> tuple[Any, ...]:
    return (n.account_id, n.id, n.kind.value, n.title, n.message, Jsonb(dict(n.data)), n.created_at, n.read_at)


class PostgresNotifications:
    def __init__(self, conn: AsyncConnection) -> None:
        self._conn = conn

    async def add(self, notification: Notification) -> None:
        await self._conn.execute(_INSERT, _params(notification))

    async def add_many(self, notifications: Iterable[Notification]) -> None:
        async with self._conn.cursor() as cur:
            await cur.executemany(_INSERT, [_params(n) for n in notifications])

    async def page(self, account_id: str, page: int, per_page: int) -> tuple[list[Notification], int]:
        rows = await dict_rows(
            self._conn,
            f"{_NOTIFICATION} WHERE account_id = %s ORDER BY created_at DESC, id DESC LIMIT %s OFFSET %s",
            (account_id, per_page, (page - 1) * per_page),
        )
        count = await dict_rows(self._conn, "SELECT count(*) AS n FROM notifications WHERE account_id = %s",
                                (account_id,))
        return [_notification(row) for row in rows], int(count[0]["n"])

    async def unread_count(self, account_id: str) -> int:
        rows = await dict_rows(
            self._conn,
            "SELECT count(*) AS n FROM notifications WHERE account_id = %s AND read_at IS NULL", (account_id,)
        )
        return int(rows[0]["n"])

    async def mark_read(self, account_id: str, notification_id: str, at: datetime) -> Notification | None:
        rows = await dict_rows(
            self._conn,
            "UPDATE notifications SET read_at = coalesce(read_at, %s) WHERE account_id = %s AND id = %s"
            " RETURNING id::text, account_id::text, kind, title, message, created_at, data, read_at",
            (at, account_id, notification_id),
        )
        return _notification(rows[0]) if rows else None

    async def low_balance_threshold(self, account_id: str) -> int:
        rows = await dict_rows(self._conn, "SELECT low_balance_threshold AS t FROM accounts WHERE id = %s",
                               (account_id,))
        return int(rows[0]["t"]) if rows else DEFAULT_LOW_BALANCE_THRESHOLD

    async def set_low_balance_threshold(self, account_id: str, threshold: int) -> bool:
        cur = await self._conn.execute(
            "UPDATE accounts SET low_balance_threshold = %s WHERE id = %s", (threshold, account_id)
        )
        return cur.rowcount > 0

    async def low_balance_notified(self, account_id: str) -> bool:
        rows = await dict_rows(
            self._conn,
            "SELECT notified FROM low_balance_alerts WHERE account_id = %s FOR UPDATE", (account_id,)
        )
        return bool(rows and rows[0]["notified"])

    async def set_low_balance_notified(self, account_id: str, notified: bool, at: datetime) -> None:
        await self._conn.execute(
            "INSERT INTO low_balance_alerts (account_id, notified, changed_at) VALUES (%s, %s, %s)"
            " ON CONFLICT (account_id) DO UPDATE SET notified = excluded.notified, changed_at = excluded.changed_at",
            (account_id, notified, at),
        )
