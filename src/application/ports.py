"""Ports shared by every area: time, ids and the unit of work.

Each area's repository protocol lives in that area's module; the unit of work
exposes one repository per area and owns the transaction.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from types import TracebackType
from typing import TYPE_CHECKING, Any, Callable, Protocol, Self

if TYPE_CHECKING:
    from application.accounts import AccountRepository, ApiKeyRepository, RefreshTokenRepository
    from application.campaigns import CampaignRepository
    from application.credits import LedgerRepository
    from application.deliveries import DeliveryReportRepository
    from application.inbound import InboundRepository, OptOutRepository
    from application.notifications import NotificationRepository
    from application.payments import PaymentOrderRepository
    from application.webhooks import WebhookRepository
    from application.idempotency import IdempotencyKeys
    from application.message_logs import MessageLogs
    from application.messaging import MessageRepository, SenderIdRepository
    from application.phone_verification import PhoneOtpRepository
    from application.reference import CountryRates


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

    async def add_many(self, events: Sequence[OutboxEvent]) -> None:
        """Several events in one go (a bulk send's 1000 outcomes)."""
        ...

    async def undispatched(self, limit: int) -> list[OutboxEvent]:
        """Oldest first, across accounts (the dispatch job's work list)."""
        ...

    async def mark_dispatched(self, account_id: str, event_id: str, at: datetime) -> None: ...


class JobQueue(Protocol):
    """Work for a job worker, now or at `at`: `task` names a job the worker runs with `payload`.

    `lock`: jobs sharing it never run at the same time. `queueing_lock`: at most one job with it
    waits in the queue; deferring another one while it waits is a no-op.
    """

    async def defer(
        self,
        task: str,
        payload: Mapping[str, Any],
        *,
        at: datetime | None = None,
        lock: str | None = None,
        queueing_lock: str | None = None,
    ) -> None: ...

    async def defer_many(
        self, task: str, payloads: Sequence[Mapping[str, Any]], *, at: datetime | None = None
    ) -> None:
        """One job per payload, queued together (one round trip)."""
        ...


class UnitOfWork(Protocol):
    """One transaction over every repository.

    `async with uow: ...; await uow.commit()` — leaving the block without a
    commit rolls everything back.
    """

    events: EventOutbox
    ledger: LedgerRepository
    messages: MessageRepository
    senders: SenderIdRepository
    accounts: AccountRepository
    api_keys: ApiKeyRepository
    refresh_tokens: RefreshTokenRepository
    phone_otps: PhoneOtpRepository
    idempotency_keys: IdempotencyKeys
    country_rates: CountryRates
    message_logs: MessageLogs
    webhooks: WebhookRepository
    notifications: NotificationRepository
    inbound: InboundRepository
    opt_outs: OptOutRepository
    delivery_reports: DeliveryReportRepository
    payment_orders: PaymentOrderRepository
    campaigns: CampaignRepository

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
