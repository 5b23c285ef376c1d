"""Payment orders, verified payer phones and the providers' answers, in PostgreSQL."""

from __future__ import annotations

from dataclasses import astuple
from datetime import datetime
from typing import Any

from psycopg import AsyncConnection
from psycopg.rows import class_row

from adapters.postgres.rows import dict_rows
from application.ports import PaymentOrderPage, ProviderEvent
from domain.payments import PaymentOrder, PaymentStatus

_COLUMNS = (
    "account_id, id, source, provider, amount, credit_amount, checkout_message, payer_phone, created_at,"
    " updated_at, status, currency, provider_ref, confirmed_at, failed_at, failure_reason,"
    " package_id, rate_tzs_per_credit, leftover_tzs, checkout_url, settled_by, confirmed_late, review_reason"
)
_ORDER = f"SELECT {_COLUMNS.replace('account_id, id,', 'account_id::text, id::text,', 1)} FROM payment_orders"
_SETTLEMENT = ("status", "provider_ref", "updated_at", "confirmed_at", "failed_at", "failure_reason",
               "settled_by", "confirmed_late", "review_reason")


def _order(row: dict[str, Any]) -> PaymentOrder:
    return PaymentOrder(**{**row, "status": PaymentStatus(row["status"])})


class PostgresPaymentOrders:
    def __init__(self, conn: AsyncConnection) -> None:
        self._conn = conn
        self.moved: list[PaymentOrder] = []  # placed or settled in this transaction: counted once it commits

    async def _all(self, query: str, params: tuple[Any, ...]) -> list[PaymentOrder]:
        return [_order(row) for row in await dict_rows(self._conn, query, params)]

    async def _one(self, query: str, params: tuple[Any, ...]) -> PaymentOrder | None:
        found = await self._all(query, params)
        return found[0] if found else None

    async def add(self, order: PaymentOrder) -> None:
        self.moved.append(order)
        values = [getattr(order, name) for name in _COLUMNS.split(", ")]
        values[_COLUMNS.split(", ").index("status")] = order.status.value
        await self._conn.execute(
            f"INSERT INTO payment_orders ({_COLUMNS}) VALUES ({', '.join(['%s'] * len(values))})", values
        )

    async def get(self, account_id: str, order_id: str) -> PaymentOrder | None:
        return await self._one(f"{_ORDER} WHERE account_id = %s AND id = %s", (account_id, order_id))

    async def lock(self, account_id: str, order_id: str) -> PaymentOrder | None:
        return await self._one(f"{_ORDER} WHERE account_id = %s AND id = %s FOR UPDATE", (account_id, order_id))

    async def lock_by_reference(self, reference: str) -> PaymentOrder | None:
        return await self._one(f"{_ORDER} WHERE reference = %s FOR UPDATE", (reference,))

    async def find(self, order_id: str) -> PaymentOrder | None:
        return await self._one(f"{_ORDER} WHERE id = %s", (order_id,))

    async def page(self, account_id: str, status: PaymentStatus | None, page: int,
                   per_page: int) -> PaymentOrderPage:
        where, params = "account_id = %s", [account_id]
        if status is not None:
            where, params = where + " AND status = %s", [*params, status.value]
        async with self._conn.cursor() as cur:
            await cur.execute(f"SELECT count(*) FROM payment_orders WHERE {where}", params)
            total = (await cur.fetchone() or (0,))[0]
        orders = await self._all(
            f"{_ORDER} WHERE {where} ORDER BY created_at DESC, id DESC LIMIT %s OFFSET %s",
            (*params, per_page, (page - 1) * per_page),
        )
        return PaymentOrderPage(orders=orders, total=total)

    async def operator_list(self, status: PaymentStatus | None, limit: int) -> list[PaymentOrder]:
        if status is None:
            return await self._all(f"{_ORDER} ORDER BY created_at DESC, id DESC LIMIT %s", (limit,))
        return await self._all(f"{_ORDER} WHERE status = %s ORDER BY created_at DESC, id DESC LIMIT %s",
                               (status.value, limit))

    async def pending_for_poll(self, created_before: datetime, limit: int) -> list[PaymentOrder]:
        return await self._all(
            f"{_ORDER} WHERE status = 'pending' AND provider <> 'manual' AND review_reason IS NULL"
            " AND created_at < %s"
            " ORDER BY created_at, id LIMIT %s",
            (created_before, limit),
        )

    async def record_checkout(self, order: PaymentOrder) -> None:
        await self._conn.execute(
            "UPDATE payment_orders SET checkout_url = %s, checkout_message = %s, updated_at = %s"
            " WHERE account_id = %s AND id = %s",
            (order.checkout_url, order.checkout_message, order.updated_at, order.account_id, order.id),
        )

    async def record_settlement(self, order: PaymentOrder) -> None:
        values = [getattr(order, name) for name in _SETTLEMENT]
        values[0] = order.status.value
        # The status it had before, from the statement's own snapshot: an order moved only when that
        # differs (a flag for review, or a repeated callback, rewrites an order without moving it).
        cursor = await self._conn.execute(
            f"UPDATE payment_orders p SET {', '.join(f'{name} = %s' for name in _SETTLEMENT)}"
            " FROM (SELECT status FROM payment_orders WHERE account_id = %s AND id = %s) AS before"
            " WHERE p.account_id = %s AND p.id = %s RETURNING before.status",
            (*values, order.account_id, order.id, order.account_id, order.id),
        )
        row = await cursor.fetchone()
        if row is not None and row[0] != order.status.value:
            self.moved.append(order)


class PostgresPayerPhones:
    def __init__(self, conn: AsyncConnection) -> None:
        self._conn = conn

    async def add(self, account_id: str, phone: str, verified_at: datetime) -> None:
        await self._conn.execute(
            "INSERT INTO payer_phones (account_id, phone, verified_at) VALUES (%s, %s, %s)"
            " ON CONFLICT (account_id, phone) DO UPDATE SET verified_at = excluded.verified_at",
            (account_id, phone, verified_at),
        )

    async def is_verified(self, account_id: str, phone: str) -> bool:
        async with self._conn.cursor() as cur:
            await cur.execute("SELECT 1 FROM payer_phones WHERE account_id = %s AND phone = %s", (account_id, phone))
            return await cur.fetchone() is not None

    async def all(self, account_id: str) -> list[str]:
        async with self._conn.cursor() as cur:
            await cur.execute("SELECT phone FROM payer_phones WHERE account_id = %s ORDER BY verified_at DESC, phone",
                              (account_id,))
            return [phone for (phone,) in await cur.fetchall()]


_EVENT_COLUMNS = ("id, provider, channel, order_reference, account_id, order_id, outcome, reason, body, received_at,"
                  " verified")


class PostgresProviderEvents:
    def __init__(self, conn: AsyncConnection) -> None:
        self._conn = conn

    async def add(self, event: ProviderEvent) -> None:
        await self._conn.execute(
            f"INSERT INTO payment_provider_events ({_EVENT_COLUMNS}) VALUES ({', '.join(['%s'] * 11)})",
            astuple(event),
        )

    async def for_order(self, order_reference: str) -> list[ProviderEvent]:
        columns = _EVENT_COLUMNS.replace("id,", "id::text,", 1).replace(
            "account_id, order_id", "account_id::text, order_id::text")
        async with self._conn.cursor(row_factory=class_row(ProviderEvent)) as cur:
            await cur.execute(
                f"SELECT {columns} FROM payment_provider_events WHERE order_reference = %s"
                " ORDER BY received_at, id", (order_reference,))
            return await cur.fetchall()

    async def purge_unverified(self, received_before: datetime) -> int:
        cur = await self._conn.execute(
            "DELETE FROM payment_provider_events WHERE NOT verified AND received_at < %s", (received_before,))
        return cur.rowcount
