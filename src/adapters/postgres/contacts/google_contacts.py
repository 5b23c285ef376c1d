"""The account's Google connection and its consents under way, in PostgreSQL."""

from __future__ import annotations

from datetime import datetime

from psycopg import AsyncConnection
from psycopg.rows import class_row

from application.ports import GoogleConnection
from domain.google_contacts import ConnectionStatus

_CONNECTION = (
    "SELECT account_id::text, status, access_token, refresh_token, expires_at, scope, reason,"
    " connected_at, last_synced_at, updated_at FROM google_connections"
)


def _connection(**row: object) -> GoogleConnection:
    return GoogleConnection(**{**row, "status": ConnectionStatus(row["status"])})  # type: ignore[arg-type]


class PostgresGoogleConnections:
    def __init__(self, conn: AsyncConnection) -> None:
        self._conn = conn

    async def get(self, account_id: str) -> GoogleConnection | None:
        async with self._conn.cursor(row_factory=class_row(_connection)) as cur:  # type: ignore[arg-type]
            await cur.execute(f"{_CONNECTION} WHERE account_id = %s", (account_id,))
            found: GoogleConnection | None = await cur.fetchone()
            return found

    async def save(self, connection: GoogleConnection) -> None:
        c = connection
        await self._conn.execute(
            "INSERT INTO google_connections (account_id, status, access_token, refresh_token, expires_at,"
            " scope, reason, connected_at, last_synced_at, updated_at)"
            " VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"
            " ON CONFLICT (account_id) DO UPDATE SET status = EXCLUDED.status,"
            " access_token = EXCLUDED.access_token, refresh_token = EXCLUDED.refresh_token,"
            " expires_at = EXCLUDED.expires_at, scope = EXCLUDED.scope, reason = EXCLUDED.reason,"
            " connected_at = EXCLUDED.connected_at, last_synced_at = EXCLUDED.last_synced_at,"
            " updated_at = EXCLUDED.updated_at",
            (c.account_id, c.status.value, c.access_token, c.refresh_token, c.expires_at, c.scope, c.reason,
             c.connected_at, c.last_synced_at, c.updated_at),
        )

    async def update(self, connection: GoogleConnection) -> bool:
        c = connection
        cur = await self._conn.execute(
            "UPDATE google_connections SET status = %s, access_token = %s, refresh_token = %s, expires_at = %s,"
            " scope = %s, reason = %s, connected_at = %s, last_synced_at = %s, updated_at = %s"
            " WHERE account_id = %s",
            (c.status.value, c.access_token, c.refresh_token, c.expires_at, c.scope, c.reason, c.connected_at,
             c.last_synced_at, c.updated_at, c.account_id),
        )
        return cur.rowcount > 0

    async def delete(self, account_id: str) -> bool:
        cur = await self._conn.execute("DELETE FROM google_connections WHERE account_id = %s", (account_id,))
        return cur.rowcount > 0

    async def add_state(self, account_id: str, state_digest: str, created_at: datetime,
                        expires_at: datetime) -> None:
        await self._conn.execute(
            "DELETE FROM google_oauth_states WHERE account_id = %s AND expires_at <= %s", (account_id, created_at))
        await self._conn.execute(
            "INSERT INTO google_oauth_states (account_id, state_digest, created_at, expires_at)"
            " VALUES (%s, %s, %s, %s)", (account_id, state_digest, created_at, expires_at))

    async def take_state(self, account_id: str, state_digest: str, now: datetime) -> bool:
        # Deleting is the use: of two callbacks racing with one state, one deletes the row.
        cur = await self._conn.execute(
            "DELETE FROM google_oauth_states WHERE account_id = %s AND state_digest = %s RETURNING expires_at",
            (account_id, state_digest))
        row = await cur.fetchone()
        return row is not None and row[0] > now
