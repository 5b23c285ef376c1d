"""The PostgreSQL unit of work: one pooled connection, one transaction, every repository."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from types import TracebackType
from typing import Generic, Self, TypeVar, overload

import psycopg
from psycopg import AsyncConnection
from psycopg_pool import AsyncConnectionPool

from adapters.postgres.accounts.account_tokens import PostgresAccountTokens
from adapters.postgres.accounts.accounts import (
    PostgresAccounts,
    PostgresApiKeys,
    PostgresPhoneOtps,
    PostgresRefreshTokens,
)
from adapters.postgres.campaigns import PostgresCampaigns
from adapters.postgres.contacts.contact_files import PostgresContactFiles
from adapters.postgres.contacts.contacts import PostgresContactLists, PostgresContacts
from adapters.postgres.contacts.google_contacts import PostgresGoogleConnections
from adapters.postgres.credits import PostgresLedger
from adapters.postgres.group_commit import autocommit, group_commits
from adapters.postgres.idempotency import PostgresIdempotencyKeys
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
from adapters.postgres.sending.deliveries import PostgresDeliveryReports
from adapters.postgres.sending.inbound import PostgresInbound, PostgresOptOuts
from adapters.postgres.sending.message_logs import PostgresMessageLogs
from adapters.postgres.sending.messages import ANALYZE_AFTER, PostgresMessages
from adapters.postgres.sending.sender_ids import PostgresSenderIds
from adapters.postgres.webhooks import PostgresWebhooks
from application.ports import NO_METRICS, Metrics
from domain.ledger import Posting
from domain.payments import PaymentOrder

log = logging.getLogger(__name__)


R = TypeVar("R")


class _Repository(Generic[R]):
    """A repository of the unit of work, made on first use on its connection: a send's units of
    work use two or three of the thirty, and making them all cost ~2% of a send's CPU."""

    def __init__(self, make: Callable[[PostgresUnitOfWork, AsyncConnection], R]) -> None:
        self._make = make

    def __set_name__(self, owner: type, name: str) -> None:
        self._name = name

    @overload
    def __get__(self, uow: None, owner: type) -> Self: ...
    @overload
    def __get__(self, uow: PostgresUnitOfWork, owner: type) -> R: ...

    def __get__(self, uow: PostgresUnitOfWork | None, owner: type) -> R | Self:
        if uow is None:
            return self
        made = uow.__dict__[self._name] = self._make(uow, uow.connection)  # found there from now on
        return made

    def made(self, uow: PostgresUnitOfWork) -> R | None:
        """The repository if the block has made it, without making it (as reading it would)."""
        made: R | None = uow.__dict__.get(self._name)
        return made


class PostgresUnitOfWork:
    """Borrows a connection for the block; repositories share it and never open their own."""

    _pool: AsyncConnectionPool

    events = _Repository(lambda uow, conn: PostgresEventOutbox(conn))
    ledger = _Repository(lambda uow, conn: PostgresLedger(conn))
    # statements concurrent callers share (see group_commit)
    messages = _Repository(lambda uow, conn: PostgresMessages(conn, uow.events, group_commits(uow._pool)))
    senders = _Repository(lambda uow, conn: PostgresSenderIds(conn))
    accounts = _Repository(lambda uow, conn: PostgresAccounts(conn))
    api_keys = _Repository(lambda uow, conn: PostgresApiKeys(conn))
    refresh_tokens = _Repository(lambda uow, conn: PostgresRefreshTokens(conn))
    account_tokens = _Repository(lambda uow, conn: PostgresAccountTokens(conn))
    phone_otps = _Repository(lambda uow, conn: PostgresPhoneOtps(conn))
    idempotency_keys = _Repository(lambda uow, conn: PostgresIdempotencyKeys(conn))
    country_rates = _Repository(lambda uow, conn: PostgresCountryRates(conn))
    message_logs = _Repository(lambda uow, conn: PostgresMessageLogs(conn))
    webhooks = _Repository(lambda uow, conn: PostgresWebhooks(conn))
    notifications = _Repository(lambda uow, conn: PostgresNotifications(conn))
    inbound = _Repository(lambda uow, conn: PostgresInbound(conn))
    opt_outs = _Repository(lambda uow, conn: PostgresOptOuts(conn))
    delivery_reports = _Repository(lambda uow, conn: PostgresDeliveryReports(conn))
    payment_orders = _Repository(lambda uow, conn: PostgresPaymentOrders(conn))
    payer_phones = _Repository(lambda uow, conn: PostgresPayerPhones(conn))
    provider_events = _Repository(lambda uow, conn: PostgresProviderEvents(conn))
    packages = _Repository(lambda uow, conn: PostgresCreditPackages(conn))
    templates = _Repository(lambda uow, conn: PostgresTemplates(conn))
    voucher_rates = _Repository(lambda uow, conn: PostgresVoucherRates(conn))
    reference_changes = _Repository(lambda uow, conn: PostgresReferenceChanges(conn))
    campaigns = _Repository(lambda uow, conn: PostgresCampaigns(conn))
    contact_lists = _Repository(lambda uow, conn: PostgresContactLists(conn))
    contacts = _Repository(lambda uow, conn: PostgresContacts(conn))
    contact_files = _Repository(lambda uow, conn: PostgresContactFiles(conn))
    google_connections = _Repository(lambda uow, conn: PostgresGoogleConnections(conn))

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
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        conn, self._conn = self._conn, None
        if conn is None:
            return
        for name in _REPOSITORIES & self.__dict__.keys():  # a block entered again makes its own
            del self.__dict__[name]
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
        messages = PostgresUnitOfWork.messages.made(self)
        if messages is not None and messages.written >= ANALYZE_AFTER:
            messages.written = 0
            await self._analyze_messages()
        events = PostgresUnitOfWork.events.made(self)
        if events is not None and events.added and self._on_events_committed is not None:
            events.added = 0
            await self._on_events_committed()

    async def _analyze_messages(self) -> None:
        """Fresh planner statistics after a campaign's bulk write, as after any bulk load.

        Until autovacuum gets to it (never, when the table is so large that one campaign is under
        its 10% threshold), the statistics say almost no message is `pending` and none has the
        new campaign's values: the run's set-based statements then get plans that hash every
        pending message, or scan the whole table, for each batch of 1000."""
        try:
            async with autocommit(self.connection) as conn:
                await conn.execute("ANALYZE messages")
        except psycopg.Error:  # the write is committed all the same; autovacuum analyzes later
            log.warning("could not analyze messages after a campaign's messages were written", exc_info=True)

    async def rollback(self) -> None:
        await self.connection.rollback()
        events = PostgresUnitOfWork.events.made(self)
        if events is not None:
            events.added = 0
        self._take_written()  # nothing of it to count

    def _take_written(self) -> tuple[list[Posting], list[PaymentOrder]]:
        """The ledger postings and payment orders this transaction wrote, forgotten here: its
        commit counts them, its rollback drops them. Only the repositories this block made are
        read (reading another would make it)."""
        ledger = PostgresUnitOfWork.ledger.made(self)
        messages = PostgresUnitOfWork.messages.made(self)
        payment_orders = PostgresUnitOfWork.payment_orders.made(self)
        posted: list[Posting] = []
        if ledger is not None:
            posted, ledger.posted = ledger.posted, []
        if messages is not None:
            posted, messages.paid = [*posted, *messages.paid], []
        orders: list[PaymentOrder] = []
        if payment_orders is not None:
            orders, payment_orders.moved = payment_orders.moved, []
        return posted, orders


_REPOSITORIES = frozenset(name for name, value in vars(PostgresUnitOfWork).items() if isinstance(value, _Repository))
