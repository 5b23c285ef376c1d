"""The PostgreSQL unit of work counts the ledger postings a commit made, once, and never those
rolled back or those a repeated reference did not post; and the payment orders it placed or
settled, as they then stand."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable
from dataclasses import replace
from datetime import UTC, datetime

import pytest
from psycopg_pool import AsyncConnectionPool

from adapters.postgres.database import create_pool
from adapters.postgres.uow import PostgresUnitOfWork
from application.ports import NoMetrics
from domain.ledger import EntryType, Posting
from domain.payments import PaymentOrder, PaymentStatus
from tests_support import ids

ACCOUNT = ids(1)
T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


class CountedPostings(NoMetrics):
    def __init__(self) -> None:
        self.postings: list[tuple[str, int]] = []

        self.orders: list[tuple[str, str]] = []

    def credits_posted(self, postings: Iterable[Posting]) -> None:
        self.postings += [(posting.type.value, posting.credits) for posting in postings]

    def payment_orders_moved(self, orders: Iterable[PaymentOrder]) -> None:
        self.orders += [(order.provider, order.status.value) for order in orders]


@pytest.fixture()
async def pool(clean_database: str) -> AsyncIterator[AsyncConnectionPool]:
    pool = create_pool(clean_database, min_size=1, max_size=4)
    await pool.open(wait=True)
    async with pool.connection() as conn:
        await conn.execute("INSERT INTO accounts (id, email, password_hash, created_at)"
                           " VALUES (%s, 'a@example.test', 'x', %s)", (ACCOUNT, T0))
    try:
        yield pool
    finally:
        await pool.close()


def grant(reference: str, credits: int = 10) -> Posting:
    return Posting(type=EntryType.GRANT, credits=credits, description="grant", reference=reference)


async def test_postings_count_when_their_transaction_commits_and_only_then(pool: AsyncConnectionPool) -> None:
    metrics = CountedPostings()
    async with PostgresUnitOfWork(pool, metrics=metrics) as uow:
        await uow.ledger.post(ACCOUNT, grant("g-1"), ids(10), T0)
        await uow.ledger.post(ACCOUNT, Posting(type=EntryType.DEDUCT, credits=3, description="sms",
                                               reference="d-1"), ids(11), T0)
        assert metrics.postings == []  # not yet committed
        await uow.commit()
    assert metrics.postings == [("grant", 10), ("deduct", 3)]

    async with PostgresUnitOfWork(pool, metrics=metrics) as uow:  # left without a commit: rolled back
        await uow.ledger.post(ACCOUNT, grant("g-2", 7), ids(12), T0)
    async with PostgresUnitOfWork(pool, metrics=metrics) as uow:
        await uow.ledger.post(ACCOUNT, grant("g-3", 8), ids(13), T0)
        await uow.rollback()
        await uow.commit()
    async with PostgresUnitOfWork(pool, metrics=metrics) as uow:  # the reference was posted before
        await uow.ledger.post(ACCOUNT, grant("g-1"), ids(14), T0)
        await uow.commit()
    assert metrics.postings == [("grant", 10), ("deduct", 3)]
    async with PostgresUnitOfWork(pool) as uow:
        assert await uow.ledger.balance(ACCOUNT) == 7


async def test_payment_orders_count_as_placed_and_as_settled_once_committed(pool: AsyncConnectionPool) -> None:
    metrics = CountedPostings()
    placed = PaymentOrder(account_id=ACCOUNT, id=ids(20), source="package", provider="mobilemoney", amount=3_500,
                          credit_amount=100, checkout_message="Approve on your phone", payer_phone="+255712345678",
                          created_at=T0, updated_at=T0)
    async with PostgresUnitOfWork(pool, metrics=metrics) as uow:
        await uow.payment_orders.add(placed)
        assert metrics.orders == []  # not yet committed
        await uow.commit()
    assert metrics.orders == [("mobilemoney", "pending")]

    async with PostgresUnitOfWork(pool, metrics=metrics) as uow:  # flagged for review: still pending, not moved
        await uow.payment_orders.record_settlement(replace(placed, review_reason="amount_mismatch"))
        await uow.commit()
    async with PostgresUnitOfWork(pool, metrics=metrics) as uow:  # settled, then rolled back
        await uow.payment_orders.record_settlement(replace(placed, status=PaymentStatus.FAILED, failed_at=T0,
                                                           failure_reason="Insufficient balance"))
        await uow.rollback()
        await uow.commit()
    assert metrics.orders == [("mobilemoney", "pending")]

    confirmed = replace(placed, status=PaymentStatus.CONFIRMED, confirmed_at=T0)
    async with PostgresUnitOfWork(pool, metrics=metrics) as uow:
        await uow.payment_orders.record_settlement(confirmed)
        await uow.commit()
    async with PostgresUnitOfWork(pool, metrics=metrics) as uow:  # a confirmed order flagged (a repeated callback)
        await uow.payment_orders.record_settlement(replace(confirmed, review_reason="failure_after_confirmation"))
        await uow.commit()
    assert metrics.orders == [("mobilemoney", "pending"), ("mobilemoney", "confirmed")]
