"""The caps on phone codes across accounts hold when asks race: on PostgreSQL, asks for one
number (or from one address) queue behind one another's count, whatever process they come from."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import psycopg
import pytest

from application.accounts.accounts import Registration
from application.accounts.phone_verification import OtpSent
from domain.errors import OtpThrottled
from entrypoints.container import Container

PHONE = "+255712345678"


@pytest.fixture()
async def opened(container: Container, clean_database: str) -> AsyncIterator[Container]:
    pool = container.pool()
    await pool.open(wait=True)
    try:
        yield container
    finally:
        await pool.close()


async def until_sessions_wait_on_locks(database_url: str, sessions: int) -> None:
    """Return once `sessions` sessions of the database wait on locks at once; fail after ~10 s."""
    for _ in range(1000):
        async with await psycopg.AsyncConnection.connect(database_url) as probe:
            cur = await probe.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                                      " AND wait_event_type = 'Lock'")
            row = await cur.fetchone()
        if row and row[0] >= sessions:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"{sessions} sessions never waited on locks together")


async def test_racing_asks_from_many_accounts_cannot_pass_the_number_cap_together(
        opened: Container, clean_database: str) -> None:
    accounts = [(await opened.register_account()(Registration(email=f"u{n}@example.com", password="s3cret-pass"))).id
                for n in range(6)]
    # Every ask is held at the moment it would count its send, until all six wait (there, or
    # behind one another): each would have read the counts by then unless the counts queue them.
    async with await psycopg.AsyncConnection.connect(clean_database) as holder:
        await holder.execute("LOCK TABLE phone_otp_sends IN EXCLUSIVE MODE")  # reads go on, inserts wait
        asks = asyncio.gather(*(opened.send_phone_otp()(account_id, PHONE, f"192.0.2.{n}")
                                for n, account_id in enumerate(accounts)), return_exceptions=True)
        await until_sessions_wait_on_locks(clean_database, len(accounts))
        await holder.rollback()
        answers = await asks
    assert sum(isinstance(answer, OtpSent) and answer.status == "sent" for answer in answers) == 5
    assert sum(isinstance(answer, OtpThrottled) for answer in answers) == 1
    assert len(await opened.simulator().received(to=PHONE)) == 5
