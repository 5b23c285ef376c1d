"""The PostgreSQL unit of work: one pooled connection, one transaction, every repository."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from types import TracebackType
from typing import Self

import psycopg
from psycopg import AsyncConnection
from psycopg_pool import AsyncConnectionPool

from adapters.postgres.accounts import PostgresAccounts, PostgresApiKeys, PostgresPhoneOtps, PostgresRefreshTokens
from adapters.postgres.campaigns import ANALYZE_AFTER, PostgresCampaigns
from adapters.postgres.contacts import PostgresContactLists, PostgresContacts
from adapters.postgres.contact_files import PostgresContactFiles
from adapters.postgres.credits import PostgresLedger
from adapters.postgres.google_contacts import PostgresGoogleConnections
from adapters.postgres.idempotency import PostgresIdempotencyKeys
from adapters.postgres.message_logs import PostgresMessageLogs
from adapters.postgres.messaging import PostgresMessages, PostgresSenderIds
from adapters.postgres.group_commit import autocommit, group_commits
from adapters.postgres.deliveries import PostgresDeliveryReports
from adapters.postgres.inbound import PostgresInbound, PostgresOptOuts
from adapters.postgres.notifications import PostgresNotifications
from adapters.postgres.outbox import PostgresEventOutbox
from adapters.postgres.payments import PostgresPayerPhones, PostgresPaymentOrders, PostgresProviderEvents
from adapters.postgres.reference import (
    PostgresCountryRates,
    PostgresCreditPackages,
    PostgresReferenceChanges,
    PostgresTemplates,
    PostgresVoucherRates,
)
from adapters.postgres.webhooks import PostgresWebhooks
from application.ports import NO_METRICS, Metrics, PaymentOrder
from domain.ledger import Posting

log = logging.getLogger(__name__)


class PostgresUnitOfWork:
    """Borrows a connection for the block; repositories share it and never open their own."""

    def __init__(self, pool: AsyncConnectionPool,
                 on_events_committed: Callable[[], Awaitable[None]] | None = None,
                 metrics: Metrics = NO_METRICS) -> None:
        self._pool = pool
        self._conn: AsyncConnection | None = None
        # Called after a commit that added outbox events (queues their dispatch job).
        self._on_events_committed = on_events_committed
        # Told of the ledger postings and payment orders each commit wrote: every area writes
        # through here, and what was rolled back is never counted.
        self._metrics = metrics

    @property
    def connection(self) -> AsyncConnection:
        if self._conn is None:
            raise RuntimeError("unit of work used outside `async with`")
        return self._conn

    async def __aenter__(self) -> Self:
        self._conn = await self._pool.getconn()
        self._bind(self._conn)
        return self

    def _bind(self, conn: AsyncConnection) -> None:
        """Give every repository the transaction's connection."""
        self.events = PostgresEventOutbox(conn)
        self.ledger = PostgresLedger(conn)
        groups = group_commits(self._pool)  # statements concurrent callers share (see group_commit)
        self.messages = PostgresMessages(conn, self.events, groups)
        self.senders = PostgresSenderIds(conn)
        self.accounts = PostgresAccounts(conn)
        self.api_keys = PostgresApiKeys(conn, groups)
        self.refresh_tokens = PostgresRefreshTokens(conn)
        self.phone_otps = PostgresPhoneOtps(conn)
        self.idempotency_keys = PostgresIdempotencyKeys(conn)
        self.country_rates = PostgresCountryRates(conn)
        self.message_logs = PostgresMessageLogs(conn)
        self.webhooks = PostgresWebhooks(conn)
        self.notifications = PostgresNotifications(conn)
        self.inbound = PostgresInbound(conn)
        self.opt_outs = PostgresOptOuts(conn)
        self.delivery_reports = PostgresDeliveryReports(conn)
        self.payment_orders = PostgresPaymentOrders(conn)
        self.payer_phones = PostgresPayerPhones(conn)
        self.provider_events = PostgresProviderEvents(conn)
        self.packages = PostgresCreditPackages(conn)
        self.templates = PostgresTemplates(conn)
        self.voucher_rates = PostgresVoucherRates(conn)
        self.reference_changes = PostgresReferenceChanges(conn)
        self.campaigns = PostgresCampaigns(conn)
        self.contact_lists = PostgresContactLists(conn)
        self.contacts = PostgresContacts(conn)
        self.contact_files = PostgresContactFiles(conn)
        self.google_connections = PostgresGoogleConnections(conn)

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        conn, self._conn = self._conn, None
        if conn is None:
            return
        try:
            await conn.rollback()  # a no-op after commit; undoes anything left uncommitted
        finally:
            await self._pool.putconn(conn)

    async def commit(self) -> None:
        await self.connection.commit()
        posted, orders = self._take_written()
        if posted:
            self._metrics.credits_posted(posted)
        if orders:
            self._metrics.payment_orders_moved(orders)
        if self.campaigns.written >= ANALYZE_AFTER:
            await self._analyze_messages()
        if self.events.added and self._on_events_committed is not None:
            self.events.added = 0
            await self._on_events_committed()

    async def _analyze_messages(self) -> None:
        """Fresh planner statistics after a campaign's bulk write, as after any bulk load.

        Until autovacuum gets to it (never, when the table is so large that one campaign is under
        its 10% threshold), the statistics say almost no message is `pending` and none has the
        new campaign's values: the run's set-based statements then get plans that hash every
        pending message, or scan the whole table, for each batch of 1000."""
        self.campaigns.written = 0
        try:
            async with autocommit(self.connection) as conn:
                await conn.execute("ANALYZE messages")
        except psycopg.Error:  # the write is committed all the same; autovacuum analyzes later
            log.warning("could not analyze messages after a campaign's messages were written", exc_info=True)

    async def rollback(self) -> None:
        await self.connection.rollback()
        self.events.added = 0
        self._take_written()  # nothing of it to count

    def _take_written(self) -> tuple[list[Posting], list[PaymentOrder]]:
        """The ledger postings and payment orders this transaction wrote, forgotten here: its
        commit counts them, its rollback drops them."""
        written = [*self.ledger.posted, *self.messages.paid], self.payment_orders.moved
        self.ledger.posted, self.messages.paid, self.payment_orders.moved = [], [], []
        return written
