"""Payment orders: a package or voucher bought with mobile money, the payer phones an account
verified, and the record of every answer a provider gave."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Literal, Protocol

from domain.payments import PaymentOrder, PaymentStatus


@dataclass(frozen=True, slots=True)
class PaymentOrderPage:
    orders: list[PaymentOrder]  # newest first
    total: int


ProviderChannel = Literal["callback", "poll"]
ProviderOutcome = Literal["applied", "repeat", "waiting", "refused"]


@dataclass(frozen=True, slots=True)
class ProviderEvent:
    """One answer a provider gave about an order, as it was handled (kept for the operator)."""

    id: str
    provider: str
    channel: ProviderChannel
    order_reference: str | None
    account_id: str | None
    order_id: str | None
    outcome: ProviderOutcome
    reason: str | None
    body: str
    received_at: datetime
    verified: bool = True  # False: a callback whose signature did not verify (anyone's post)


class PaymentOrderRepository(Protocol):
    async def add(self, order: PaymentOrder) -> None: ...

    async def get(self, account_id: str, order_id: str) -> PaymentOrder | None: ...

    async def lock(self, account_id: str, order_id: str) -> PaymentOrder | None:
        """The order, held by this unit of work until it ends (a racing settlement waits)."""
        ...

    async def lock_by_reference(self, reference: str) -> PaymentOrder | None:
        """The order with this provider reference, across accounts, held like `lock`."""
        ...

    async def page(self, account_id: str, status: PaymentStatus | None, page: int,
                   per_page: int) -> PaymentOrderPage:
        """The account's orders, newest first, optionally of one status."""
        ...

    async def operator_list(self, status: PaymentStatus | None, limit: int) -> list[PaymentOrder]:
        """Every account's orders, newest first (`ujumbe payments list`)."""
        ...

    async def find(self, order_id: str) -> PaymentOrder | None:
        """An order by id across accounts (`ujumbe payments show|confirm|fail`)."""
        ...

    async def pending_for_poll(self, created_before: datetime, limit: int) -> list[PaymentOrder]:
        """Pending orders with a provider to ask, created before `created_before`, oldest first,
        across accounts (the poll's and the expiry's work list). An order flagged for an operator
        (`review_reason`) is left out: money may have moved, so only a human settles it."""
        ...

    async def record_checkout(self, order: PaymentOrder) -> None:
        """Store the order's checkout_url, checkout_message and updated_at (a hosted checkout
        link the provider gave once the order was written)."""
        ...

    async def record_settlement(self, order: PaymentOrder) -> None:
        """Store the order's status, provider_ref, updated_at, confirmed_at, failed_at,
        failure_reason, settled_by, confirmed_late and review_reason."""
        ...


class PayerPhones(Protocol):
    """Phones an account verified as payers (besides the account's own verified phone)."""

    async def add(self, account_id: str, phone: str, verified_at: datetime) -> None:
        """Record the phone as verified (again: the newest time wins)."""
        ...

    async def is_verified(self, account_id: str, phone: str) -> bool: ...

    async def all(self, account_id: str) -> list[str]:
        """The account's payer phones, the most recently verified first."""
        ...


class ProviderEvents(Protocol):
    async def add(self, event: ProviderEvent) -> None: ...

    async def for_order(self, order_reference: str) -> list[ProviderEvent]:
        """Every answer about the order, oldest first."""
        ...

    async def purge_unverified(self, received_before: datetime) -> int:
        """Delete the callbacks that did not verify, received before `received_before`; how many."""
        ...
