"""Payment orders: a package or voucher bought with mobile money."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from domain.payments import CURRENCY, PaymentStatus


@dataclass(frozen=True, slots=True)
class PaymentOrder:
    account_id: str
    id: str
    source: str  # kind of order: `package` or `voucher`
    provider: str
    amount: int  # TZS
    credit_amount: int  # credits granted on confirmation
    checkout_message: str  # the instruction shown to the payer
    payer_phone: str | None  # E.164, where the provider pushes its prompt; None for `manual`
    created_at: datetime
    updated_at: datetime
    status: PaymentStatus = PaymentStatus.PENDING
    currency: str = CURRENCY
    provider_ref: str | None = None  # the provider's id for the payment, once it gave one
    confirmed_at: datetime | None = None
    failed_at: datetime | None = None
    failure_reason: str | None = None


class PaymentOrderRepository(Protocol):
    async def add(self, order: PaymentOrder) -> None: ...

    async def get(self, account_id: str, order_id: str) -> PaymentOrder | None: ...

    async def pending_created_before(self, created_before: datetime, limit: int) -> list[PaymentOrder]:
        """Pending orders created before `created_before`, across accounts, oldest first; each
        held by this unit of work until it ends, and any another unit of work holds passed over
        (so concurrent expiry runs share the work)."""
        ...

    async def record_settlement(self, order: PaymentOrder) -> None:
        """Store the order's status, provider_ref, updated_at, confirmed_at, failed_at and
        failure_reason."""
        ...
