"""Backends for contract tests: the same assertions run against memory and PostgreSQL."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime

import psycopg
import pytest

from adapters.memory.accounts import MemoryApiKeys
from adapters.memory.deliveries import MemoryReceivedReports
from adapters.memory.store import MemoryStore
from adapters.memory.uow import MemoryUnitOfWork
from adapters.postgres.accounts.accounts import PostgresApiKeyLookup
from adapters.postgres.database import create_pool
from adapters.postgres.sending.deliveries import PostgresReceivedReports
from adapters.postgres.uow import PostgresUnitOfWork
from tests_support import Backend


@pytest.fixture(params=["memory", "postgres"])
async def backend(request: pytest.FixtureRequest) -> AsyncIterator[Backend]:
    if request.param == "memory":
        store = MemoryStore()

        async def seed_in_memory(account_id: str) -> None:
            store.table("account_ids", set).add(account_id)

        yield Backend("memory", lambda: MemoryUnitOfWork(store), seed_in_memory, MemoryReceivedReports(store),
                      MemoryApiKeys(store))
        return

    url = request.getfixturevalue("clean_database")
    pool = create_pool(url, min_size=1, max_size=8)
    await pool.open(wait=True)

    async def seed_in_postgres(account_id: str) -> None:
        async with pool.connection() as conn:
            await conn.execute(
                "INSERT INTO accounts (id, email, password_hash, created_at) VALUES (%s, %s, 'x', %s)",
                (account_id, f"{account_id}@example.test", datetime.now(UTC)),
            )

    try:
        yield Backend("postgres", lambda: PostgresUnitOfWork(pool), seed_in_postgres, PostgresReceivedReports(pool),
                      PostgresApiKeyLookup(pool))
    finally:
        await pool.close()


@pytest.fixture()
def empty_database(database_url: str) -> Iterator[str]:
    """A database of its own, nothing migrated."""
    name = f"ujumbe_migrate_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(database_url, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    params = psycopg.conninfo.conninfo_to_dict(database_url)
    params["dbname"] = name
    yield psycopg.conninfo.make_conninfo(**params)
    with psycopg.connect(database_url, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
