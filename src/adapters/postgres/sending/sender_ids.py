"""Sender IDs in PostgreSQL."""

from __future__ import annotations

from psycopg import AsyncConnection

from adapters.postgres.group_commit import autocommit, is_idle
from application.ports import SenderId


class PostgresSenderIds:
    def __init__(self, conn: AsyncConnection) -> None:
        self._conn = conn

    async def add(self, account_id: str, sender: SenderId) -> bool:
        cur = await self._conn.execute(
            "INSERT INTO sender_ids (account_id, sender_id, created_at) VALUES (%s, %s, %s)"
            " ON CONFLICT (account_id, sender_id) DO NOTHING",
            (account_id, sender.sender_id, sender.created_at),
        )
        return cur.rowcount == 1

    async def remove(self, account_id: str, sender_id: str) -> bool:
        cur = await self._conn.execute(
            "DELETE FROM sender_ids WHERE account_id = %s AND sender_id = %s",
            (account_id, sender_id),
        )
        return cur.rowcount == 1

    async def list(self, account_id: str) -> list[SenderId]:
        cur = await self._conn.execute(
            "SELECT sender_id, created_at FROM sender_ids WHERE account_id = %s ORDER BY sender_id",
            (account_id,),
        )
        return [SenderId(sender_id=row[0], created_at=row[1]) for row in await cur.fetchall()]

    async def is_registered(self, account_id: str, sender_id: str) -> bool:
        query = ("SELECT 1 FROM sender_ids WHERE account_id = %s AND sender_id = %s", (account_id, sender_id))
        if not is_idle(self._conn):
            return await (await self._conn.execute(*query)).fetchone() is not None
        # A send asks before its debit: a lone read in autocommit leaves no transaction open, so
        # the debit that follows can still join the group commit.
        async with autocommit(self._conn):
            return await (await self._conn.execute(*query)).fetchone() is not None
