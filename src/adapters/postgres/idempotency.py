"""Idempotency keys in PostgreSQL: the claim is an INSERT ... ON CONFLICT DO NOTHING; the rest
happens under the row's lock (`get_for_update`)."""

from __future__ import annotations

from datetime import datetime

from psycopg import AsyncConnection
from psycopg.rows import class_row

from application.ports import Claim, IdempotencyRecord


class PostgresIdempotencyKeys:
    def __init__(self, conn: AsyncConnection) -> None:
        self._conn = conn

    async def claim(self, record: IdempotencyRecord) -> bool:
        cur = await self._conn.execute(
            "INSERT INTO idempotency_keys (account_id, route, idempotency_key, fingerprint,"
            " operation_id, claimed_at, expires_at) VALUES (%s, %s, %s, %s, %s, %s, %s)"
            " ON CONFLICT DO NOTHING",
            (record.account_id, record.route, record.key, record.fingerprint,
             record.operation_id, record.claimed_at, record.expires_at),
        )
        return cur.rowcount == 1

    async def get_for_update(self, account_id: str, route: str, key: str) -> IdempotencyRecord | None:
        async with self._conn.cursor(row_factory=class_row(IdempotencyRecord)) as cur:
            await cur.execute(
                "SELECT account_id::text, route, idempotency_key AS key, fingerprint,"
                " operation_id::text, claimed_at,"
                " expires_at, response_status, response_body FROM idempotency_keys"
                " WHERE account_id = %s AND route = %s AND idempotency_key = %s FOR UPDATE",
                (account_id, route, key),
            )
            return await cur.fetchone()

    async def replace(self, record: IdempotencyRecord) -> None:
        await self._conn.execute(
            "UPDATE idempotency_keys SET fingerprint = %s, operation_id = %s, claimed_at = %s,"
            " expires_at = %s, response_status = NULL, response_body = NULL, completed_at = NULL"
            " WHERE account_id = %s AND route = %s AND idempotency_key = %s",
            (record.fingerprint, record.operation_id, record.claimed_at, record.expires_at,
             record.account_id, record.route, record.key),
        )

    async def complete(self, claim: Claim, status: int, body: bytes, at: datetime) -> None:
        await self._conn.execute(
            "UPDATE idempotency_keys SET response_status = %s, response_body = %s, completed_at = %s"
            " WHERE account_id = %s AND route = %s AND idempotency_key = %s AND claimed_at = %s"
            " AND completed_at IS NULL",
            (status, body, at, claim.account_id, claim.route, claim.key, claim.claimed_at),
        )

    async def release(self, claim: Claim) -> None:
        await self._conn.execute(
            "UPDATE idempotency_keys SET claimed_at = NULL"
            " WHERE account_id = %s AND route = %s AND idempotency_key = %s AND claimed_at = %s"
            " AND completed_at IS NULL",
            (claim.account_id, claim.route, claim.key, claim.claimed_at),
        )

    async def forget(self, claim: Claim) -> None:
        await self._conn.execute(
            "DELETE FROM idempotency_keys"
            " WHERE account_id = %s AND route = %s AND idempotency_key = %s AND claimed_at = %s"
            " AND completed_at IS NULL",
            (claim.account_id, claim.route, claim.key, claim.claimed_at),
        )

    async def purge_expired(self, now: datetime, limit: int) -> int:
        cur = await self._conn.execute(
            # The rows are chosen once (a MATERIALIZED CTE), then deleted: chosen in a subquery, the
            # choice may be run again for each row, skip the rows this statement has taken, and
            # take more than `limit` (seen: 3 of 2 expired keys purged).
            "WITH doomed AS MATERIALIZED (SELECT account_id, route, idempotency_key FROM idempotency_keys"
            " WHERE expires_at <= %s ORDER BY expires_at LIMIT %s FOR UPDATE SKIP LOCKED)"
            " DELETE FROM idempotency_keys k USING doomed d"
            " WHERE k.account_id = d.account_id AND k.route = d.route AND k.idempotency_key = d.idempotency_key",
            (now, limit),
        )
        return cur.rowcount
