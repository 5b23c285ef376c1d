"""The unit of work: one transaction over every repository."""

from __future__ import annotations

from types import TracebackType
from typing import Callable, Protocol, Self

from application.ports.accounts import (
    AccountRepository,
    AccountTokenRepository,
    ApiKeyRepository,
    PhoneOtpRepository,
    RefreshTokenRepository,
)
from application.ports.campaigns import CampaignRepository
from application.ports.contacts import ContactListRepository, ContactRepository
from application.ports.contact_files import ContactFiles
from application.ports.credits import LedgerRepository
from application.ports.deliveries import DeliveryReportRepository
from application.ports.google_contacts import GoogleConnections
from application.ports.idempotency import IdempotencyKeys
from application.ports.inbound import InboundRepository, OptOutRepository
from application.ports.message_logs import MessageLogs
from application.ports.messages import MessageRepository, SenderIdRepository
from application.ports.notifications import NotificationRepository
from application.ports.outbox import EventOutbox
from application.ports.payments import PayerPhones, PaymentOrderRepository, ProviderEvents
from application.ports.reference import (
    CountryRates,
    CreditPackages,
    ReferenceChanges,
    Templates,
    VoucherRates,
)
from application.ports.webhooks import WebhookRepository


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
    account_tokens: AccountTokenRepository
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
    payer_phones: PayerPhones
    provider_events: ProviderEvents
    packages: CreditPackages
    templates: Templates
    voucher_rates: VoucherRates
    reference_changes: ReferenceChanges
    campaigns: CampaignRepository
    contact_lists: ContactListRepository
    contacts: ContactRepository
    contact_files: ContactFiles
    google_connections: GoogleConnections

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
