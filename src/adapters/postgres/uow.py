"""The PostgreSQL unit of work: one pooled connection, one transaction, every repository."""

from __future__ import annotations

from types import TracebackType
from typing import Self

from psycopg import AsyncConnection
from psycopg_pool import AsyncConnectionPool

from adapters.postgres.outbox import PostgresEventOutbox


class PostgresUnitOfWork:
    """Borrows a connection for the block; repositories share it and never open their own."""

    def __init__(self, pool: AsyncConnectionPool) -> None:
        self._pool = pool
        self._conn: AsyncConnection | None = None

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

    async def rollback(self) -> None:
        await self.connection.rollback()
