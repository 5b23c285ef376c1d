"""Email tokens (password reset, email verification) in PostgreSQL: their hashes, used once."""

from __future__ import annotations

from datetime import datetime

from psycopg import AsyncConnection

from application.ports import AccountToken
from domain.account_tokens import TokenPurpose


class PostgresAccountTokens:
    def __init__(self, conn: AsyncConnection) -> None:
        self._conn = conn

    async def add(self, token: AccountToken) -> None:
        await self._conn.execute(
            "INSERT INTO account_tokens (account_id, id, purpose, token_hash, email, created_at, expires_at)"
            " VALUES (%s, %s, %s, %s, %s, %s, %s)",
            (token.account_id, token.id, token.purpose.value, token.token_hash, token.email, token.created_at,
             token.expires_at),
        )

    async def take(self, purpose: TokenPurpose, token_hash: str, at: datetime) -> AccountToken | None:
        # One statement finds and spends it: of two requests racing with one token, one gets it.
        cur = await self._conn.execute(
            "UPDATE account_tokens SET used_at = %s WHERE token_hash = %s AND purpose = %s"
            " AND used_at IS NULL AND expires_at > %s"
            " RETURNING account_id::text, id::text, token_hash, email, created_at, expires_at, used_at",
            (at, token_hash, purpose.value, at),
        )
        row = await cur.fetchone()
        if row is None:
            return None
        account_id, token_id, stored_hash, email, created_at, expires_at, used_at = row
        return AccountToken(account_id=account_id, id=token_id, purpose=purpose, token_hash=stored_hash,
                            email=email, created_at=created_at, expires_at=expires_at, used_at=used_at)

    async def spend_all(self, account_id: str, purpose: TokenPurpose, at: datetime) -> None:
        await self._conn.execute(
            "UPDATE account_tokens SET used_at = %s WHERE account_id = %s AND purpose = %s AND used_at IS NULL",
            (at, account_id, purpose.value))
