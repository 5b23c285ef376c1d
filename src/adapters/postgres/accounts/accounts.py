"""Accounts and their credentials in PostgreSQL."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Literal

from psycopg import AsyncConnection
from psycopg.rows import class_row
from psycopg_pool import AsyncConnectionPool

from adapters.postgres.group_commit import group_commits
from application.ports import ApiKey, ApiKeyOwner, PhoneOtp, RefreshToken
from domain.accounts import Account
from domain.errors import EmailTaken
from domain.phone_otps import RecentSends

_ACCOUNT = (
    "SELECT id::text, email, password_hash, business_name, plan, phone, phone_verified,"
    " email_verified, created_at, language FROM accounts"
)
_API_KEY = (
    "SELECT id::text, account_id::text, name, prefix, key_hash, created_at, last_used_at, revoked_at"
    " FROM api_keys"
)
_REFRESH_TOKEN = (
    "SELECT id::text, account_id::text, family_id::text, token_hash, created_at, expires_at,"
    " session_ends_at, used_at, revoked_at FROM refresh_tokens"
)



class PostgresAccounts:
    def __init__(self, conn: AsyncConnection) -> None:
        self._conn = conn

    async def add(self, account: Account) -> None:
        # DO NOTHING rather than catching the violation: the caller's transaction stays usable.
        cur = await self._conn.execute(
            "INSERT INTO accounts (id, email, password_hash, business_name, plan, phone,"
            " phone_verified, email_verified, created_at, language)"
            " VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s) ON CONFLICT DO NOTHING",
            (account.id, account.email, account.password_hash, account.business_name,
             account.plan, account.phone, account.phone_verified, account.email_verified,
             account.created_at, account.language),
        )
        if cur.rowcount != 1:
            raise EmailTaken(field="email")

    async def get(self, account_id: str) -> Account | None:
        async with self._conn.cursor(row_factory=class_row(Account)) as cur:
            await cur.execute(f"{_ACCOUNT} WHERE id = %s", (account_id,))
            return await cur.fetchone()

    async def by_email(self, email: str) -> Account | None:
        async with self._conn.cursor(row_factory=class_row(Account)) as cur:
            await cur.execute(f"{_ACCOUNT} WHERE lower(email) = lower(%s)", (email,))
            return await cur.fetchone()

    async def list(self) -> list[Account]:
        async with self._conn.cursor(row_factory=class_row(Account)) as cur:
            await cur.execute(f"{_ACCOUNT} ORDER BY created_at, email")
            return await cur.fetchall()

    async def update(self, account: Account) -> None:
        await self._conn.execute(
            "UPDATE accounts SET business_name = %s, plan = %s, phone = %s, phone_verified = %s,"
            " email_verified = %s WHERE id = %s",
            (account.business_name, account.plan, account.phone, account.phone_verified,
             account.email_verified, account.id),
        )

    async def set_password(self, account_id: str, password_hash: str) -> None:
        await self._conn.execute("UPDATE accounts SET password_hash = %s WHERE id = %s", (password_hash, account_id))

    async def set_business_name(self, account_id: str, business_name: str) -> bool:
        return await self._set(account_id, "business_name", business_name)

    async def set_language(self, account_id: str, language: str) -> bool:
        return await self._set(account_id, "language", language)

    async def _set(self, account_id: str, column: Literal["business_name", "language"], value: str) -> bool:
        cur = await self._conn.execute(f"UPDATE accounts SET {column} = %s WHERE id = %s", (value, account_id))
        return cur.rowcount == 1


_KEYS_BY_HASH = (
    "SELECT k.id::text, k.account_id::text, k.name, k.prefix, k.key_hash, k.created_at,"
    " k.last_used_at, k.revoked_at, a.plan"
    " FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.key_hash = ANY(%s)"
)


async def keys_by_hash(conn: AsyncConnection, hashes: Sequence[str]) -> list[ApiKeyOwner | None]:
    """The key (and its account's plan) of each hash, None where there is none: one SELECT for
    the lookups of concurrent requests, each read as it stands when the SELECT runs, so a key
    revoked before a request asked is refused to it."""
    cur = await conn.execute(_KEYS_BY_HASH, (list(dict.fromkeys(hashes)),))
    found = {row[4]: ApiKeyOwner(key=ApiKey(*row[:8]), plan=row[8]) for row in await cur.fetchall()}
    return [found.get(key_hash) for key_hash in hashes]


class PostgresApiKeyLookup:
    """The `ApiKeyLookup` port: the lookups of concurrent requests share one autocommit SELECT
    (`keys_by_hash`), on a connection its leader borrows; the others borrow none."""

    def __init__(self, pool: AsyncConnectionPool) -> None:
        self._pool = pool

    async def by_hash(self, key_hash: str) -> ApiKeyOwner | None:
        return await group_commits(self._pool).of(keys_by_hash).run(self._pool, key_hash)


class PostgresApiKeys:
    def __init__(self, conn: AsyncConnection) -> None:
        self._conn = conn

    async def add(self, key: ApiKey) -> None:
        await self._conn.execute(
            "INSERT INTO api_keys (account_id, id, name, prefix, key_hash, created_at)"
            " VALUES (%s, %s, %s, %s, %s, %s)",
            (key.account_id, key.id, key.name, key.prefix, key.key_hash, key.created_at),
        )

    async def list(self, account_id: str) -> list[ApiKey]:
        async with self._conn.cursor(row_factory=class_row(ApiKey)) as cur:
            await cur.execute(
                f"{_API_KEY} WHERE account_id = %s AND revoked_at IS NULL ORDER BY created_at DESC, id",
                (account_id,),
            )
            return await cur.fetchall()

    async def revoke(self, account_id: str, key_id: str, at: datetime) -> bool:
        cur = await self._conn.execute(
            "UPDATE api_keys SET revoked_at = %s"
            " WHERE account_id = %s AND id = %s AND revoked_at IS NULL",
            (at, account_id, key_id),
        )
        return cur.rowcount == 1

    async def touch(self, account_id: str, key_id: str, at: datetime) -> None:
        await self._conn.execute(
            "UPDATE api_keys SET last_used_at = %s WHERE account_id = %s AND id = %s",
            (at, account_id, key_id),
        )


class PostgresRefreshTokens:
    def __init__(self, conn: AsyncConnection) -> None:
        self._conn = conn

    async def add(self, token: RefreshToken) -> None:
        await self._conn.execute(
            "INSERT INTO refresh_tokens (account_id, id, family_id, token_hash, created_at, expires_at,"
            " session_ends_at, used_at, revoked_at) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)",
            (token.account_id, token.id, token.family_id, token.token_hash, token.created_at,
             token.expires_at, token.session_ends_at, token.used_at, token.revoked_at),
        )

    async def by_hash(self, token_hash: str) -> RefreshToken | None:
        async with self._conn.cursor(row_factory=class_row(RefreshToken)) as cur:
            await cur.execute(f"{_REFRESH_TOKEN} WHERE token_hash = %s", (token_hash,))
            return await cur.fetchone()

    async def use(self, account_id: str, token_id: str, at: datetime) -> bool:
        cur = await self._conn.execute(
            "UPDATE refresh_tokens SET used_at = %s"
            " WHERE account_id = %s AND id = %s AND used_at IS NULL",
            (at, account_id, token_id),
        )
        return cur.rowcount == 1

    async def revoke_family(self, account_id: str, family_id: str, at: datetime) -> None:
        await self._conn.execute(
            "UPDATE refresh_tokens SET revoked_at = coalesce(revoked_at, %s)"
            " WHERE account_id = %s AND family_id = %s",
            (at, account_id, family_id),
        )

    async def revoke_sessions(self, account_id: str, at: datetime, *, keep_family: str | None = None) -> int:
        cur = await self._conn.execute(
            f"WITH live AS ({_LIVE_FAMILIES} AND family_id IS DISTINCT FROM %s::uuid)"
            " UPDATE refresh_tokens SET revoked_at = %s WHERE account_id = %s AND revoked_at IS NULL"
            " AND family_id IN (SELECT family_id FROM live) RETURNING family_id",
            (account_id, at, keep_family, at, account_id),
        )
        return len({row[0] for row in await cur.fetchall()})

    async def live_token(self, account_id: str, family_id: str, at: datetime) -> RefreshToken | None:
        async with self._conn.cursor(row_factory=class_row(RefreshToken)) as cur:
            await cur.execute(
                f"{_REFRESH_TOKEN} WHERE account_id = %s AND family_id = %s AND used_at IS NULL"
                " AND revoked_at IS NULL AND expires_at > %s ORDER BY created_at DESC, id DESC LIMIT 1",
                (account_id, family_id, at))
            return await cur.fetchone()

    async def live_sessions(self, account_id: str, at: datetime) -> int:
        cur = await self._conn.execute(f"SELECT count(*) FROM ({_LIVE_FAMILIES}) live", (account_id, at))
        row = await cur.fetchone()
        return int(row[0]) if row else 0


# A session is live while its family holds a refresh token that still works.
_LIVE_FAMILIES = (
    "SELECT DISTINCT family_id FROM refresh_tokens WHERE account_id = %s AND used_at IS NULL"
    " AND revoked_at IS NULL AND expires_at > %s"
)


class PostgresPhoneOtps:
    def __init__(self, conn: AsyncConnection) -> None:
        self._conn = conn

    async def get(self, account_id: str, phone: str) -> PhoneOtp | None:
        async with self._conn.cursor(row_factory=class_row(PhoneOtp)) as cur:
            await cur.execute(
                "SELECT account_id::text, phone, code_hash, attempts, expires_at, sent_at,"
                " window_started_at, sends_in_window FROM phone_otps WHERE account_id = %s AND phone = %s"
                # Locked: concurrent wrong guesses must each count against the 5 attempts.
                " FOR UPDATE",
                (account_id, phone),
            )
            return await cur.fetchone()

    async def save(self, otp: PhoneOtp) -> None:
        await self._conn.execute(
            "INSERT INTO phone_otps (account_id, phone, code_hash, attempts, expires_at, sent_at,"
            " window_started_at, sends_in_window) VALUES (%s, %s, %s, %s, %s, %s, %s, %s)"
            " ON CONFLICT (account_id, phone) DO UPDATE SET code_hash = EXCLUDED.code_hash,"
            " attempts = EXCLUDED.attempts, expires_at = EXCLUDED.expires_at, sent_at = EXCLUDED.sent_at,"
            " window_started_at = EXCLUDED.window_started_at, sends_in_window = EXCLUDED.sends_in_window",
            (otp.account_id, otp.phone, otp.code_hash, otp.attempts, otp.expires_at, otp.sent_at,
             otp.window_started_at, otp.sends_in_window),
        )

    async def phones_sent_since(self, account_id: str, since: datetime) -> int:
        cur = await self._conn.execute(
            "SELECT count(*) FROM phone_otps WHERE account_id = %s AND sent_at >= %s", (account_id, since)
        )
        row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def recent_sends(self, phone: str, client_address: str, since: datetime) -> tuple[RecentSends, RecentSends]:
        # Transaction-scoped advisory locks, the number's before the address's (one order, no
        # deadlock): a row lock cannot hold back the sender of a number nobody has asked for yet.
        for key in (f"otp-number:{phone}", f"otp-address:{client_address}"):
            await self._conn.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", (key,))
        cur = await self._conn.execute(
            "SELECT count(*) FILTER (WHERE phone = %(phone)s), min(sent_at) FILTER (WHERE phone = %(phone)s),"
            " count(*) FILTER (WHERE client_address = %(address)s),"
            " min(sent_at) FILTER (WHERE client_address = %(address)s)"
            " FROM phone_otp_sends WHERE (phone = %(phone)s OR client_address = %(address)s) AND sent_at > %(since)s",
            {"phone": phone, "address": client_address, "since": since},
        )
        row = await cur.fetchone()
        assert row is not None
        return RecentSends(count=row[0], oldest=row[1]), RecentSends(count=row[2], oldest=row[3])

    async def record_send(self, account_id: str, phone: str, client_address: str, at: datetime) -> None:
        await self._conn.execute(
            "INSERT INTO phone_otp_sends (account_id, phone, client_address, sent_at) VALUES (%s, %s, %s, %s)",
            (account_id, phone, client_address, at),
        )

    async def purge(self, expired_by: datetime, sent_before: datetime) -> int:
        cur = await self._conn.execute(
            "DELETE FROM phone_otps WHERE expires_at <= %s AND sent_at < %s AND window_started_at < %s",
            (expired_by, sent_before, sent_before),
        )
        await self._conn.execute("DELETE FROM phone_otp_sends WHERE sent_at < %s", (sent_before,))
        return cur.rowcount
