"""Signing in: a password for a token pair, a refresh token for a new pair, a token for its account.

A refresh token is rotated on every use; presenting a rotated one again revokes its whole family,
so a stolen token locks out the thief as soon as either party uses it twice.
"""

from __future__ import annotations

from dataclasses import dataclass

from application.ports import (
    AccessTokens,
    Clock,
    IdGenerator,
    PasswordHasher,
    RefreshToken,
    Secrets,
    UnitOfWork,
    UnitOfWorkFactory,
)
from domain.accounts import ACCESS_TOKEN_TTL, REFRESH_TOKEN_TTL, Credentials
from domain.errors import InvalidCredentials, Unauthorized
from domain.rules import normalize_email


@dataclass(frozen=True, slots=True)
class TokenPair:
    access_token: str
    refresh_token: str
    expires_in: int = int(ACCESS_TOKEN_TTL.total_seconds())


class _TokenPairs:
    """Issues an access token and a refresh token of a family inside the caller's unit of work."""

    def __init__(self, clock: Clock, ids: IdGenerator, tokens: AccessTokens, secrets: Secrets) -> None:
        self._clock, self._ids, self._tokens, self._secrets = clock, ids, tokens, secrets

    async def issue(self, uow: UnitOfWork, account_id: str, family_id: str | None = None) -> TokenPair:
        now = self._clock.now()
        refresh = self._secrets.refresh_token()
        await uow.refresh_tokens.add(
            RefreshToken(
                id=self._ids.new_id(),
                account_id=account_id,
                family_id=family_id or self._ids.new_id(),
                token_hash=self._secrets.digest(refresh),
                created_at=now,
                expires_at=now + REFRESH_TOKEN_TTL,
            )
        )
        return TokenPair(access_token=self._tokens.issue(account_id), refresh_token=refresh)


class LogIn:
    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, ids: IdGenerator, hasher: PasswordHasher,
                 tokens: AccessTokens, secrets: Secrets) -> None:
        self._uow, self._hasher = uow, hasher
        self._pairs = _TokenPairs(clock, ids, tokens, secrets)

    async def __call__(self, email: str, password: str) -> TokenPair:
        async with self._uow() as uow:
            account = await uow.accounts.by_email(normalize_email(email))
        # The hash is checked outside the transaction: it is slow and needs no connection.
        if account is None:
            await self._hasher.verify_dummy(password)
            raise InvalidCredentials()
        if not await self._hasher.verify(account.password_hash, password):
            raise InvalidCredentials()
        async with self._uow() as uow:
            pair = await self._pairs.issue(uow, account.id)
            await uow.commit()
        return pair


class RefreshSession:
    """Rotates a refresh token; presenting a rotated one again revokes its whole family,
    so a stolen token locks out the thief as soon as either party uses it twice."""

    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, ids: IdGenerator, tokens: AccessTokens,
                 secrets: Secrets) -> None:
        self._uow, self._clock, self._secrets = uow, clock, secrets
        self._pairs = _TokenPairs(clock, ids, tokens, secrets)

    async def __call__(self, refresh_token: str) -> TokenPair:
        now = self._clock.now()
        async with self._uow() as uow:
            token = await uow.refresh_tokens.by_hash(self._secrets.digest(refresh_token))
            if token is None or token.revoked_at is not None or token.expires_at <= now:
                raise Unauthorized("The refresh token is invalid or expired.", field="refresh_token")
            if token.used_at is not None or not await uow.refresh_tokens.use(token.account_id, token.id, now):
                await uow.refresh_tokens.revoke_family(token.account_id, token.family_id, now)
                await uow.commit()
                raise Unauthorized("The refresh token was already used; sign in again.",
                                   field="refresh_token")
            pair = await self._pairs.issue(uow, token.account_id, token.family_id)
            await uow.commit()
        return pair


class AuthenticateAccessToken:
    def __init__(self, uow: UnitOfWorkFactory, tokens: AccessTokens) -> None:
        self._uow, self._tokens = uow, tokens

    async def __call__(self, token: str) -> Credentials:
        account_id = self._tokens.account_of(token)
        async with self._uow() as uow:
            account = await uow.accounts.get(account_id)
        if account is None:
            raise Unauthorized("The access token names no account.", field="Authorization")
        return Credentials(account_id=account.id, plan=account.plan)
