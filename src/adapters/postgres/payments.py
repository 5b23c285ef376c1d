"""Payment orders in PostgreSQL."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from psycopg import AsyncConnection
from psycopg.rows import dict_row

from adapters.postgres.ids import is_uuid
from application.ports import PaymentOrder
from domain.payments import PaymentStatus

_ORDER = (
    "SELECT account_id::text, id::text, source, provider, amount, credit_amount, checkout_message,"
    " payer_phone, created_at, updated_at, status, currency, provider_ref, confirmed_at, failed_at,"
    " failure_reason FROM payment_orders"
)


def _order(row: dict[str, Any]) -> PaymentOrder:
    return PaymentOrder(**{**row, "status": PaymentStatus(row["status"])})


class PostgresPaymentOrders:
    def __init__(self, conn: AsyncConnection) -> None:
        self._conn = conn

    async def _all(self, query: str, params: tuple[Any, ...]) -> list[PaymentOrder]:
        async with self._conn.cursor(row_factory=dict_row) as cur:
            await cur.execute(query, params)
            return [_order(row) for row in await cur.fetchall()]

    async def add(self, order: PaymentOrder) -> None:
        await self._conn.execute(
            "INSERT INTO payment_orders (account_id, id, status, source, provider, amount, currency,"
            " credit_amount, checkout_message, payer_phone, provider_ref, failure_reason, created_at,"
            " updated_at, confirmed_at, failed_at)"
            " VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
            (order.account_id, order.id, order.status.value, order.source, order.provider, order.amount,
             order.currency, order.credit_amount, order.checkout_message, order.payer_phone,
             order.provider_ref, order.failure_reason, order.created_at, order.updated_at,
             order.confirmed_at, order.failed_at),
        )

    async def get(self, account_id: str, order_id: str) -> PaymentOrder | None:
        if not is_uuid(order_id):
            return None
        found = await self._all(f"{_ORDER} WHERE account_id = %s AND id = %s", (account_id, order_id))
        return found[0] if found else None

    async def pending_created_before(self, created_before: datetime, limit: int) -> list[PaymentOrder]:
        return await self._all(
            f"{_ORDER} WHERE status = 'pending' AND created_at < %s ORDER BY created_at, id LIMIT %s"
            " FOR UPDATE SKIP LOCKED",
            (created_before, limit),
        )

    async def record_settlement(self, order: PaymentOrder) -> None:
        await self._conn.execute(
            "UPDATE payment_orders SET status = %s, provider_ref = %s, updated_at = %s, confirmed_at = %s,"
            " failed_at = %s, failure_reason = %s WHERE account_id = %s AND id = %s",
            (order.status.value, order.provider_ref, order.updated_at, order.confirmed_at, order.failed_at,
             order.failure_reason, order.account_id, order.id),
        )
