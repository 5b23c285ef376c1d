"""Guarantees the database itself gives the ledger (decision: ledger statement), beyond the shared contract."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import Any

import psycopg
import pytest
from psycopg_pool import AsyncConnectionPool

from adapters.postgres.database import create_pool
from adapters.postgres.uow import PostgresUnitOfWork
from domain.errors import InsufficientCredits
from domain.ledger import EntryType, Posting
from tests_support import ids, until_a_session_waits_on_a_lock

ACCOUNT = ids(1)
T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


@pytest.fixture()
async def pool(clean_database: str) -> AsyncIterator[AsyncConnectionPool]:
    pool = create_pool(clean_database, min_size=1, max_size=30)
    await pool.open(wait=True)
    async with pool.connection() as conn:
        await conn.execute("INSERT INTO accounts (id, email, password_hash, created_at)"
                           " VALUES (%s, 'a@example.test', 'x', %s)", (ACCOUNT, T0))
    try:
        yield pool
    finally:
        await pool.close()


async def post(pool: AsyncConnectionPool, posting: Posting, entry_id: str):
    async with PostgresUnitOfWork(pool) as uow:
        entry = await uow.ledger.post(ACCOUNT, posting, entry_id, T0)
        await uow.commit()
    return entry


def grant(credits: int, reference: str) -> Posting:
    return Posting(type=EntryType.GRANT, credits=credits, description="grant", reference=reference)


def deduct(credits: int, reference: str) -> Posting:
    return Posting(type=EntryType.DEDUCT, credits=credits, description="SMS", reference=reference)


def invariant(clean_database: str) -> tuple[int, int, int, int]:
    with psycopg.connect(clean_database) as conn:
        return conn.execute(
            "SELECT (SELECT sum(amount) FROM ledger_entries),"
            " (SELECT balance_after FROM ledger_entries ORDER BY seq DESC LIMIT 1),"
            " (SELECT balance FROM credit_balances), (SELECT count(*) FROM ledger_entries)"
        ).fetchone()


@pytest.mark.parametrize("statement", [
    "UPDATE ledger_entries SET amount = 1000",
    "UPDATE ledger_entries SET description = 'edited'",
    "DELETE FROM ledger_entries",
    "TRUNCATE ledger_entries",
    "TRUNCATE accounts CASCADE",  # reaches the ledger through its foreign key
])
async def test_entries_are_append_only(pool, clean_database: str, statement: str) -> None:
    await post(pool, grant(5, "g1"), ids(101))
    with psycopg.connect(clean_database) as conn:
        with pytest.raises(psycopg.errors.RestrictViolation, match="append-only"):
            conn.execute(statement)
    assert invariant(clean_database) == (5, 5, 5, 1)


async def test_the_balance_can_never_be_set_below_zero(pool, clean_database: str) -> None:
    await post(pool, grant(5, "g1"), ids(101))
    with psycopg.connect(clean_database) as conn:
        with pytest.raises(psycopg.errors.CheckViolation):
            conn.execute("UPDATE credit_balances SET balance = -1")


async def test_parallel_debits_never_overdraw(pool, clean_database: str) -> None:
    await post(pool, grant(10, "g1"), ids(100))

    async def attempt(n: int) -> bool:
        try:
            await post(pool, deduct(1, f"send:{n}"), ids(200 + n))
            return True
        except InsufficientCredits:
            return False

    results = await asyncio.gather(*(attempt(n) for n in range(40)))
    assert sum(results) == 10
    assert invariant(clean_database) == (0, 0, 0, 11)


async def test_one_reference_posted_in_parallel_applies_once(pool, clean_database: str) -> None:
    await post(pool, grant(1, "g0"), ids(100))
    entries = await asyncio.gather(*(post(pool, grant(5, "payment:7"), ids(200 + n)) for n in range(20)))
    assert len({entry.id for entry in entries}) == 1
    assert invariant(clean_database) == (6, 6, 6, 2)


async def test_parallel_refunds_of_one_deduction_never_return_more_than_it_took(pool, clean_database: str) -> None:
    await post(pool, grant(10, "g0"), ids(100))
    await post(pool, deduct(4, "bulk:b1"), ids(101))

    async def refund(n: int) -> bool:
        posting = Posting(type=EntryType.REFUND, credits=1, description="refund",
                          reference=f"refund:m{n}", refunds="bulk:b1")
        try:
            await post(pool, posting, ids(200 + n))
            return True
        except Exception:
            return False

    assert sum(await asyncio.gather(*(refund(n) for n in range(12)))) == 4
    assert invariant(clean_database)[:3] == (10, 10, 10)


async def _posted_twice_at_once(pool: AsyncConnectionPool, database: str, posting: Any, first_id: str,
                                second_id: str) -> list[Any]:
    """`posting` under two entry ids at once: the first holds its transaction open until the
    second's statement waits on its lock, so the second begins before the first is committed."""
    first_posted, second_started = asyncio.Event(), asyncio.Event()

    async def first():  # type: ignore[no-untyped-def]
        async with PostgresUnitOfWork(pool) as uow:
            entry = await uow.ledger.post(ACCOUNT, posting, first_id, T0)
            first_posted.set()
            await second_started.wait()
            await until_a_session_waits_on_a_lock(database)
            await uow.commit()
        return entry

    async def second():  # type: ignore[no-untyped-def]
        await first_posted.wait()
        second_started.set()
        return await post(pool, posting, second_id)

    return list(await asyncio.gather(first(), second()))


async def test_racing_first_grants_under_one_reference_apply_once(pool: AsyncConnectionPool,
                                                                  clean_database: str) -> None:
    # No balance row yet.
    entries = await _posted_twice_at_once(pool, clean_database, grant(100, "promo-1"), ids(100), ids(101))
    assert [entry.id for entry in entries] == [ids(100), ids(100)]
    assert invariant(clean_database) == (100, 100, 100, 1)


async def test_racing_deductions_under_one_reference_apply_once(pool: AsyncConnectionPool,
                                                                clean_database: str) -> None:
    # One batch paid for twice at once (a form posted twice): the second deduction's statement
    # waits on the first's row lock and must then see the first's entry, not fail on its reference.
    await post(pool, grant(10, "g0"), ids(100))
    entries = await _posted_twice_at_once(pool, clean_database, deduct(3, "bulk:b1"), ids(101), ids(102))
    assert [entry.id for entry in entries] == [ids(101), ids(101)]
    assert invariant(clean_database) == (7, 7, 7, 2)


async def test_a_unit_of_work_entered_again_writes_in_its_new_transaction(pool: AsyncConnectionPool) -> None:
    """Its repositories are made on first use in a block, on that block's connection."""
    uow = PostgresUnitOfWork(pool)
    async with uow:
        await uow.ledger.post(ACCOUNT, grant(5, "first"), ids(101), T0)
        await uow.commit()
    async with pool.connection():  # another borrower, so the next block may get another connection
        async with uow:
            await uow.ledger.post(ACCOUNT, grant(7, "second"), ids(102), T0)
            cur = await uow.connection.execute("SELECT count(*) FROM ledger_entries WHERE account_id = %s",
                                               (ACCOUNT,))
            assert await cur.fetchone() == (2,)  # in this block's transaction, not committed
    async with pool.connection() as conn:  # left without a commit: rolled back
        cur = await conn.execute("SELECT count(*) FROM ledger_entries WHERE account_id = %s", (ACCOUNT,))
        assert await cur.fetchone() == (1,)


async def test_a_block_makes_only_the_repositories_it_uses_commit_and_rollback_included(
        pool: AsyncConnectionPool) -> None:
    """Counting what a commit wrote reads the repositories the block made, and makes no other."""
    uow = PostgresUnitOfWork(pool)
    async with uow:
        await uow.ledger.post(ACCOUNT, grant(5, "made"), ids(103), T0)
        await uow.commit()
        await uow.rollback()
        assert {name for name in vars(uow) if not name.startswith("_")} == {"ledger"}
    async with uow:
        await uow.commit()
        assert {name for name in vars(uow) if not name.startswith("_")} == set()
