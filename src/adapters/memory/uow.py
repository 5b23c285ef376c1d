"""The in-memory unit of work: serialised transactions over plain Python state."""

from __future__ import annotations

import copy
from types import TracebackType
from typing import Any, Self

from adapters.memory.accounts import (
    MemoryAccounts,
    MemoryAccountTokens,
    MemoryApiKeys,
    MemoryPhoneOtps,
    MemoryRefreshTokens,
)
from adapters.memory.campaigns import MemoryCampaigns
from adapters.memory.contacts import MemoryContactLists, MemoryContacts
from adapters.memory.contact_files import MemoryContactFiles
from adapters.memory.credits import MemoryLedger
from adapters.memory.google_contacts import MemoryGoogleConnections
from adapters.memory.idempotency import MemoryIdempotencyKeys
from adapters.memory.message_logs import MemoryMessageLogs
from adapters.memory.messages import MemoryMessages
from adapters.memory.deliveries import MemoryDeliveryReports
from adapters.memory.inbound import MemoryInbound, MemoryOptOuts
from adapters.memory.notifications import MemoryNotifications
from adapters.memory.outbox import MemoryEventOutbox
from adapters.memory.payments import MemoryPayerPhones, MemoryPaymentOrders, MemoryProviderEvents
from adapters.memory.reference import (
    MemoryCountryRates,
    MemoryCreditPackages,
    MemoryReferenceChanges,
    MemoryTemplates,
    MemoryVoucherRates,
)
from adapters.memory.sender_ids import MemorySenderIds
from adapters.memory.store import MemoryStore
from adapters.memory.webhooks import MemoryWebhooks


class MemoryUnitOfWork:
    """Holds the store's lock for the block (serialisable by construction) and restores
    a snapshot unless committed, so a failed use case leaves nothing half-written."""

    def __init__(self, store: MemoryStore) -> None:
        self.store = store
        self.committed = False
        self._snapshot: dict[str, Any] | None = None

    async def __aenter__(self) -> Self:
        await self.store.lock.acquire()
        self._snapshot = copy.deepcopy(self.store.tables)
        self.committed = False
        self._bind()
        return self

    def _bind(self) -> None:
        """Give every repository the store."""
        self.events = MemoryEventOutbox(self.store)
        self.ledger = MemoryLedger(self.store)
        self.messages = MemoryMessages(self.store)
        self.senders = MemorySenderIds(self.store)
        self.accounts = MemoryAccounts(self.store)
        self.api_keys = MemoryApiKeys(self.store)
        self.refresh_tokens = MemoryRefreshTokens(self.store)
        self.account_tokens = MemoryAccountTokens(self.store)
        self.phone_otps = MemoryPhoneOtps(self.store)
        self.idempotency_keys = MemoryIdempotencyKeys(self.store)
        self.country_rates = MemoryCountryRates(self.store)
        self.message_logs = MemoryMessageLogs(self.store)
        self.webhooks = MemoryWebhooks(self.store)
        self.notifications = MemoryNotifications(self.store)
        self.inbound = MemoryInbound(self.store)
        self.opt_outs = MemoryOptOuts(self.store)
        self.delivery_reports = MemoryDeliveryReports(self.store)
        self.payment_orders = MemoryPaymentOrders(self.store)
        self.payer_phones = MemoryPayerPhones(self.store)
        self.provider_events = MemoryProviderEvents(self.store)
        self.packages = MemoryCreditPackages(self.store)
        self.templates = MemoryTemplates(self.store)
        self.voucher_rates = MemoryVoucherRates(self.store)
        self.reference_changes = MemoryReferenceChanges(self.store)
        self.campaigns = MemoryCampaigns(self.store)
        self.contact_lists = MemoryContactLists(self.store)
        self.contacts = MemoryContacts(self.store)
        self.contact_files = MemoryContactFiles(self.store)
        self.google_connections = MemoryGoogleConnections(self.store)

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        try:
            await self.rollback()
        finally:
            self._snapshot = None
            self.store.lock.release()

    async def commit(self) -> None:
        self._snapshot = copy.deepcopy(self.store.tables)
        self.committed = True

    async def rollback(self) -> None:
        if self._snapshot is not None:
            self.store.tables = copy.deepcopy(self._snapshot)
