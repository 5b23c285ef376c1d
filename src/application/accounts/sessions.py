"""Sessions: a password for a token pair, a refresh token for a new pair, a token for its account;
signing out of one session or of all, and changing the password.

A session is a family of refresh tokens. A refresh token is rotated on every use; presenting a
rotated one again revokes its whole family, so a stolen token locks out the thief as soon as
either party uses it twice. Whatever the rotations, a session ends 30 days after its login.
Ending a session revokes its refresh tokens, and its access tokens stop at their next request.
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
from domain.account_tokens import TokenPurpose
from domain.accounts import (
    ACCESS_TOKEN_TTL,
    SESSION_LIFETIME,
    Credentials,
    no_account_with,
    refresh_expiry,
    validate_password,
)
from domain.email_addresses import normalize_email
from domain.errors import InvalidCredentials, Unauthorized


@dataclass(frozen=True, slots=True)
class TokenPair:
    access_token: str
    refresh_token: str
    expires_in: int = int(ACCESS_TOKEN_TTL.total_seconds())


class _TokenPairs:
    """Issues an access token and a refresh token of a family inside the caller's unit of work."""

    def __init__(self, clock: Clock, ids: IdGenerator, tokens: AccessTokens, secrets: Secrets) -> None:
        self._clock, self._ids, self._tokens, self._secrets = clock, ids, tokens, secrets

    async def issue(self, uow: UnitOfWork, account_id: str, rotated: RefreshToken | None = None) -> TokenPair:
        """A new session's first pair, or the next pair of `rotated`'s session."""
        now = self._clock.now()
        refresh = self._secrets.refresh_token()
        session_ends_at = rotated.session_ends_at if rotated else now + SESSION_LIFETIME
        family_id = rotated.family_id if rotated else self._ids.new_id()
        await uow.refresh_tokens.add(
            RefreshToken(
                id=self._ids.new_id(),
                account_id=account_id,
                family_id=family_id,
                token_hash=self._secrets.digest(refresh),
                created_at=now,
                expires_at=refresh_expiry(now, session_ends_at),
                session_ends_at=session_ends_at,
            )
        )
        return TokenPair(access_token=self._tokens.issue(account_id, family_id), refresh_token=refresh)


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
            pair = await self._pairs.issue(uow, token.account_id, token)
            await uow.commit()
        return pair


class AuthenticateAccessToken:
    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, tokens: AccessTokens) -> None:
        self._uow, self._clock, self._tokens = uow, clock, tokens

    async def __call__(self, token: str) -> Credentials:
        claims = self._tokens.claims_of(token)
        async with self._uow() as uow:
            account = await uow.accounts.get(claims.account_id)
            ended = claims.session_id is not None and await uow.refresh_tokens.live_token(
                claims.account_id, claims.session_id, self._clock.now()) is None
        if account is None:
            raise Unauthorized("The access token names no account.", field="Authorization")
        if ended:  # logged out, the password changed or reset, or the session past its 30 days
            raise Unauthorized("The access token's session has ended; sign in again.", field="Authorization")
        return Credentials(account_id=account.id, plan=account.plan, session_id=claims.session_id,
                           language=account.language)


class LogOut:
    """Ends the session of a refresh token; an unknown or ended one answers the same."""

    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, secrets: Secrets) -> None:
        self._uow, self._clock, self._secrets = uow, clock, secrets

    async def __call__(self, refresh_token: str) -> None:
        async with self._uow() as uow:
            token = await uow.refresh_tokens.by_hash(self._secrets.digest(refresh_token))
            if token is not None:
                await uow.refresh_tokens.revoke_family(token.account_id, token.family_id, self._clock.now())
                await uow.commit()


class LogOutEverywhere:
    """Ends every session of an account (its owner, or the operator by email); how many were live."""

    def __init__(self, uow: UnitOfWorkFactory, clock: Clock) -> None:
        self._uow, self._clock = uow, clock

    async def __call__(self, account_id: str) -> int:
        async with self._uow() as uow:
            ended = await uow.refresh_tokens.revoke_sessions(account_id, self._clock.now())
            await uow.commit()
        return ended

    async def by_email(self, email: str) -> int:
        async with self._uow() as uow:
            account = await uow.accounts.by_email(normalize_email(email))
        if account is None:
            raise no_account_with(email)
        return await self(account.id)


class ChangePassword:
    """A new password, checked against the current one: every other session ends, and so does
    every emailed reset link; the caller's session goes on through the pair returned, its next."""

    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, ids: IdGenerator, hasher: PasswordHasher,
                 tokens: AccessTokens, secrets: Secrets) -> None:
        self._uow, self._clock, self._hasher = uow, clock, hasher
        self._pairs = _TokenPairs(clock, ids, tokens, secrets)

    async def __call__(self, account_id: str, session_id: str | None, current_password: str,
                       new_password: str) -> TokenPair:
        validate_password(new_password, field="new_password")
        async with self._uow() as uow:
            account = await uow.accounts.get(account_id)
        if account is None or not await self._hasher.verify(account.password_hash, current_password):
            raise InvalidCredentials("The current password is not right.", field="current_password")
        password_hash = await self._hasher.hash(new_password)
        now = self._clock.now()
        async with self._uow() as uow:
            await uow.accounts.set_password(account_id, password_hash)
            await uow.account_tokens.spend_all(account_id, TokenPurpose.RESET_PASSWORD, now)
            # The caller's session goes on, rotated as a refresh would (its refresh token is used up:
            # whoever else holds it is refused, and reusing it ends the session); else a new one.
            caller = await uow.refresh_tokens.live_token(account_id, session_id, now) if session_id else None
            if caller is not None and not await uow.refresh_tokens.use(account_id, caller.id, now):
                caller = None
            await uow.refresh_tokens.revoke_sessions(account_id, now, keep_family=caller.family_id if caller else None)
            pair = await self._pairs.issue(uow, account_id, caller)
            await uow.commit()
        return pair


class LiveSessions:
    def __init__(self, uow: UnitOfWorkFactory, clock: Clock) -> None:
        self._uow, self._clock = uow, clock

    async def __call__(self, account_id: str) -> int:
        async with self._uow() as uow:
            return await uow.refresh_tokens.live_sessions(account_id, self._clock.now())
