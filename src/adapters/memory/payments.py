"""Payment orders in memory."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from adapters.memory.store import MemoryStore
from application.ports import PaymentOrder
from domain.payments import PaymentStatus


class MemoryPaymentOrders:
    def __init__(self, store: MemoryStore) -> None:
        self._store = store

    def _rows(self) -> dict[tuple[str, str], PaymentOrder]:
        rows: dict[tuple[str, str], PaymentOrder] = self._store.table("payment_orders")
        return rows

    async def add(self, order: PaymentOrder) -> None:
        if (order.account_id, order.id) in self._rows():
            raise ValueError("duplicate payment order id")
        self._rows()[(order.account_id, order.id)] = order

    async def get(self, account_id: str, order_id: str) -> PaymentOrder | None:
        return self._rows().get((account_id, order_id))

    async def pending_created_before(self, created_before: datetime, limit: int) -> list[PaymentOrder]:
        # The unit of work holds the store's lock: nothing is ever held elsewhere to skip.
        found = [o for o in self._rows().values()
                 if o.status is PaymentStatus.PENDING and o.created_at < created_before]
        return sorted(found, key=lambda o: (o.created_at, o.id))[:limit]

    async def record_settlement(self, order: PaymentOrder) -> None:
        key = (order.account_id, order.id)
        self._rows()[key] = replace(
            self._rows()[key], status=order.status, provider_ref=order.provider_ref,
            updated_at=order.updated_at, confirmed_at=order.confirmed_at, failed_at=order.failed_at,
            failure_reason=order.failure_reason,
        )
