"""Payment orders, verified payer phones and the providers' answers, in memory."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from adapters.memory.store import MemoryStore
from application.ports import PaymentOrderPage, ProviderEvent
from domain.payment_orders import PaymentProvider
from domain.payments import PaymentOrder, PaymentStatus


def _newest_first(orders: list[PaymentOrder]) -> list[PaymentOrder]:
    return sorted(orders, key=lambda o: (o.created_at, o.id), reverse=True)


class MemoryPaymentOrders:
    """The unit of work holds the store's lock, so `lock*` need hold nothing more."""

    def __init__(self, store: MemoryStore) -> None:
        self._store = store

    def _rows(self) -> dict[tuple[str, str], PaymentOrder]:
        rows: dict[tuple[str, str], PaymentOrder] = self._store.table("payment_orders")
        return rows

    async def add(self, order: PaymentOrder) -> None:
        if (order.account_id, order.id) in self._rows():
            raise ValueError("duplicate payment order id")
        if any(o.reference == order.reference for o in self._rows().values()):
            raise ValueError("duplicate payment order reference")
        self._rows()[(order.account_id, order.id)] = order

    async def get(self, account_id: str, order_id: str) -> PaymentOrder | None:
        return self._rows().get((account_id, order_id))

    async def lock(self, account_id: str, order_id: str) -> PaymentOrder | None:
        return await self.get(account_id, order_id)

    async def lock_by_reference(self, reference: str) -> PaymentOrder | None:
        return next((o for o in self._rows().values() if o.reference == reference), None)

    async def find(self, order_id: str) -> PaymentOrder | None:
        return next((o for o in self._rows().values() if o.id == order_id), None)

    async def page(self, account_id: str, status: PaymentStatus | None, page: int,
                   per_page: int) -> PaymentOrderPage:
        found = _newest_first([o for o in self._rows().values()
                               if o.account_id == account_id and status in (None, o.status)])
        return PaymentOrderPage(orders=found[(page - 1) * per_page:page * per_page], total=len(found))

    async def operator_list(self, status: PaymentStatus | None, limit: int) -> list[PaymentOrder]:
        return _newest_first([o for o in self._rows().values() if status in (None, o.status)])[:limit]

    async def pending_for_poll(self, created_before: datetime, limit: int) -> list[PaymentOrder]:
        found = [o for o in self._rows().values()
                 if o.status is PaymentStatus.PENDING and o.created_at < created_before
                 and o.provider != PaymentProvider.MANUAL and o.review_reason is None]
        return sorted(found, key=lambda o: (o.created_at, o.id))[:limit]

    async def record_checkout(self, order: PaymentOrder) -> None:
        key = (order.account_id, order.id)
        self._rows()[key] = replace(self._rows()[key], checkout_url=order.checkout_url,
                                    checkout_message=order.checkout_message, updated_at=order.updated_at)

    async def record_settlement(self, order: PaymentOrder) -> None:
        key = (order.account_id, order.id)
        self._rows()[key] = replace(
            self._rows()[key], status=order.status, provider_ref=order.provider_ref,
            updated_at=order.updated_at, confirmed_at=order.confirmed_at, failed_at=order.failed_at,
            failure_reason=order.failure_reason, settled_by=order.settled_by,
            confirmed_late=order.confirmed_late, review_reason=order.review_reason,
        )


class MemoryPayerPhones:
    def __init__(self, store: MemoryStore) -> None:
        self._store = store

    def _rows(self) -> dict[tuple[str, str], datetime]:
        rows: dict[tuple[str, str], datetime] = self._store.table("payer_phones")
        return rows

    async def add(self, account_id: str, phone: str, verified_at: datetime) -> None:
        self._rows()[(account_id, phone)] = verified_at

    async def is_verified(self, account_id: str, phone: str) -> bool:
        return (account_id, phone) in self._rows()

    async def all(self, account_id: str) -> list[str]:
        mine = [(verified_at, phone) for (account, phone), verified_at in self._rows().items() if account == account_id]
        return [phone for _at, phone in sorted(mine, key=lambda row: (-row[0].timestamp(), row[1]))]


class MemoryProviderEvents:
    def __init__(self, store: MemoryStore) -> None:
        self._store = store

    def _rows(self) -> list[ProviderEvent]:
        rows: list[ProviderEvent] = self._store.table("payment_provider_events", list)
        return rows

    async def add(self, event: ProviderEvent) -> None:
        self._rows().append(event)

    async def for_order(self, order_reference: str) -> list[ProviderEvent]:
        found = [e for e in self._rows() if e.order_reference == order_reference]
        return sorted(found, key=lambda e: (e.received_at, e.id))

    async def purge_unverified(self, received_before: datetime) -> int:
        rows = self._rows()
        kept = [e for e in rows if e.verified or e.received_at >= received_before]
        purged, rows[:] = len(rows) - len(kept), kept
        return purged
