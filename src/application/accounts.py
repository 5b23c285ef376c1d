"""Accounts and their credentials: registration, login, token refresh, API keys, plans.

Passwords, access tokens, random secrets and rate-limit budgets are ports implemented in
`adapters.security` and `adapters.ratelimit`; this module holds the rules around them.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Literal, Protocol

from application.ports import Clock, IdGenerator, UnitOfWork, UnitOfWorkFactory
from domain.errors import (
    InvalidCredentials,
    NotFound,
    Unauthorized,
    ValidationError,
)
from domain.phone import msisdn_in
from domain.rules import validate_email, validate_password

Plan = Literal["free", "pro", "enterprise"]
PLANS: tuple[Plan, ...] = ("free", "pro", "enterprise")
# Requests per minute per account, on every authenticated route (spec: Limits).
PLAN_RATE_LIMITS: dict[str, int] = {"free": 60, "pro": 600, "enterprise": 6000}
# Requests per minute per client IP on register, login and refresh (spec: Authentication).
PUBLIC_AUTH_RATE_LIMIT = 30

ACCESS_TOKEN_TTL = timedelta(seconds=900)
REFRESH_TOKEN_TTL = timedelta(days=7)
# `last_used_at` is a hint for the dashboard, so a busy key writes it at most once a minute.
KEY_USE_RESOLUTION = timedelta(minutes=1)
API_KEY_PREFIX_LENGTH = 12  # "uj_live_" and four characters: enough to tell keys apart
MAX_KEY_NAME_LENGTH = 100
MAX_BUSINESS_NAME_LENGTH = 200


# --- records ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Account:
    id: str
    email: str
    password_hash: str
    business_name: str
    plan: str
    phone: str | None
    phone_verified: bool
    email_verified: bool
    created_at: datetime


@dataclass(frozen=True, slots=True)
class ApiKey:
    id: str
    account_id: str
    name: str
    prefix: str
    key_hash: str
    created_at: datetime
    last_used_at: datetime | None = None
    revoked_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class ApiKeyOwner:
    """What authenticating a key needs: the key's state and its account's plan."""

    key: ApiKey
    plan: str


@dataclass(frozen=True, slots=True)
class RefreshToken:
    id: str
    account_id: str
    family_id: str
    token_hash: str
    created_at: datetime
    expires_at: datetime
    used_at: datetime | None = None
    revoked_at: datetime | None = None


# --- read models -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TokenPair:
    access_token: str
    refresh_token: str
    expires_in: int = int(ACCESS_TOKEN_TTL.total_seconds())


@dataclass(frozen=True, slots=True)
class CreatedApiKey:
    """The only time the full key exists outside the caller's hands."""

    id: str
    key: str
    prefix: str
    name: str
    created_at: datetime


@dataclass(frozen=True, slots=True)
class Credentials:
    """Who is calling, once a key or an access token checked out."""

    account_id: str
    plan: str
    api_key_id: str | None = None


# --- ports -----------------------------------------------------------------------------


class AccountRepository(Protocol):
    async def add(self, account: Account) -> None:
        """Raises EmailTaken when the (case-insensitive) email is used already."""
        ...

    async def get(self, account_id: str) -> Account | None: ...

    async def by_email(self, email: str) -> Account | None: ...

    async def list(self) -> list[Account]: ...

    async def update(self, account: Account) -> None: ...


class ApiKeyRepository(Protocol):
    async def add(self, key: ApiKey) -> None: ...

    async def by_hash(self, key_hash: str) -> ApiKeyOwner | None: ...

    async def list(self, account_id: str) -> list[ApiKey]:
        """Active keys, newest first."""
        ...

    async def revoke(self, account_id: str, key_id: str, at: datetime) -> bool:
        """False when the account has no such active key."""
        ...

    async def touch(self, account_id: str, key_id: str, at: datetime) -> None: ...


class RefreshTokenRepository(Protocol):
    async def add(self, token: RefreshToken) -> None: ...

    async def by_hash(self, token_hash: str) -> RefreshToken | None: ...

    async def use(self, account_id: str, token_id: str, at: datetime) -> bool:
        """Mark the token used; False when it was used already (a concurrent refresh)."""
        ...

    async def revoke_family(self, account_id: str, family_id: str, at: datetime) -> None: ...


class PasswordHasher(Protocol):
    async def hash(self, password: str) -> str: ...

    async def verify(self, password_hash: str, password: str) -> bool: ...

    async def verify_dummy(self, password: str) -> None:
        """Spend the time of one verification, so an unknown email answers as slowly."""
        ...


class AccessTokens(Protocol):
    def issue(self, account_id: str) -> str:
        """A signed access token for the account, valid ACCESS_TOKEN_TTL from the clock's now."""
        ...

    def account_of(self, token: str) -> str:
        """The account id of a valid, unexpired access token; raises Unauthorized otherwise."""
        ...


@dataclass(frozen=True, slots=True)
class RateLimitState:
    """One budget after a request was counted against it (the X-RateLimit-* headers)."""

    limit: int
    remaining: int
    retry_after: int  # seconds until a request is allowed again; 0 while allowed
    allowed: bool


class RateLimiter(Protocol):
    async def hit(self, key: str, per_minute: int) -> RateLimitState:
        """Count one request against `key`'s budget of `per_minute` requests."""
        ...

    async def peek(self, key: str, per_minute: int) -> RateLimitState:
        """The budget as it stands, without counting a request."""
        ...


class Secrets(Protocol):
    def api_key(self) -> str: ...

    def refresh_token(self) -> str: ...

    def otp_code(self) -> str: ...

    def digest(self, secret: str) -> str:
        """SHA-256 of a high-entropy secret (API keys, refresh tokens), as stored."""
        ...

    def keyed_digest(self, secret: str) -> str:
        """HMAC with the service secret, for low-entropy secrets (OTP codes)."""
        ...


# --- rules -----------------------------------------------------------------------------


def validate_plan(plan: str) -> str:
    if plan not in PLANS:
        raise ValidationError(f"The plan is one of {', '.join(PLANS)}.", field="plan")
    return plan


def validate_business_name(name: str | None) -> str:
    name = (name or "").strip()
    if len(name) > MAX_BUSINESS_NAME_LENGTH:
        raise ValidationError(
            f"A business name has at most {MAX_BUSINESS_NAME_LENGTH} characters.",
            field="business_name",
        )
    return name


def phone_of(raw: str) -> str:
    """The E.164 form of a Tanzanian mobile number given in a `phone` field."""
    return msisdn_in(raw, field="phone").e164


def key_prefix(key: str) -> str:
    return key[:API_KEY_PREFIX_LENGTH]


# --- use cases -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Registration:
    email: str
    password: str
    business_name: str | None = None
    plan: str = "free"
    phone: str | None = None


class RegisterAccount:
    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, ids: IdGenerator, hasher: PasswordHasher) -> None:
        self._uow, self._clock, self._ids, self._hasher = uow, clock, ids, hasher

    async def __call__(self, registration: Registration) -> Account:
        email = validate_email(registration.email)
        password = validate_password(registration.password)
        account = Account(
            id=self._ids.new_id(),
            email=email,
            password_hash=await self._hasher.hash(password),
            business_name=validate_business_name(registration.business_name),
            plan=validate_plan(registration.plan),
            phone=phone_of(registration.phone) if registration.phone else None,
            phone_verified=False,
            email_verified=False,
            created_at=self._clock.now(),
        )
        async with self._uow() as uow:
            await uow.accounts.add(account)
            await uow.commit()
        return account


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
            account = await uow.accounts.by_email(email.strip().lower())
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


class AuthenticateApiKey:
    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, secrets: Secrets) -> None:
        self._uow, self._clock, self._secrets = uow, clock, secrets

    async def __call__(self, key: str) -> Credentials:
        key_hash = self._secrets.digest(key)
        async with self._uow() as uow:
            found = await uow.api_keys.by_hash(key_hash)
            # The lookup is by hash; the compare is constant-time all the same.
            if found is None or not hmac.compare_digest(found.key.key_hash, key_hash):
                raise Unauthorized("The API key is not valid.", field="X-API-Key")
            if found.key.revoked_at is not None:
                raise Unauthorized("The API key was revoked.", field="X-API-Key")
            now = self._clock.now()
            last = found.key.last_used_at
            if last is None or now - last >= KEY_USE_RESOLUTION:
                await uow.api_keys.touch(found.key.account_id, found.key.id, now)
                await uow.commit()
        return Credentials(account_id=found.key.account_id, plan=found.plan, api_key_id=found.key.id)


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


class GetAccount:
    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self, account_id: str) -> Account:
        async with self._uow() as uow:
            account = await uow.accounts.get(account_id)
        if account is None:
            raise NotFound("No such account.")
        return account


class FindAccount:
    """An account by email (operator tools)."""

    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self, email: str) -> Account:
        async with self._uow() as uow:
            account = await uow.accounts.by_email(email.strip().lower())
        if account is None:
            raise NotFound(f"No account with email {email}.", field="email")
        return account


class ListAccounts:
    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self) -> list[Account]:
        async with self._uow() as uow:
            return await uow.accounts.list()


class SetPlan:
    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self, email: str, plan: str) -> Account:
        plan = validate_plan(plan)
        async with self._uow() as uow:
            account = await uow.accounts.by_email(email.strip().lower())
            if account is None:
                raise NotFound(f"No account with email {email}.", field="email")
            account = replace(account, plan=plan)
            await uow.accounts.update(account)
            await uow.commit()
        return account


class CreateApiKey:
    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, ids: IdGenerator, secrets: Secrets) -> None:
        self._uow, self._clock, self._ids, self._secrets = uow, clock, ids, secrets

    async def __call__(self, account_id: str, name: str | None = None) -> CreatedApiKey:
        name = (name or "").strip()
        if len(name) > MAX_KEY_NAME_LENGTH:
            raise ValidationError(f"A key name has at most {MAX_KEY_NAME_LENGTH} characters.", field="name")
        secret = self._secrets.api_key()
        key = ApiKey(
            id=self._ids.new_id(),
            account_id=account_id,
            name=name,
            prefix=key_prefix(secret),
            key_hash=self._secrets.digest(secret),
            created_at=self._clock.now(),
        )
        async with self._uow() as uow:
            if await uow.accounts.get(account_id) is None:
                raise NotFound("No such account.")
            await uow.api_keys.add(key)
            await uow.commit()
        return CreatedApiKey(id=key.id, key=secret, prefix=key.prefix, name=key.name,
                             created_at=key.created_at)


class ListApiKeys:
    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self, account_id: str) -> list[ApiKey]:
        async with self._uow() as uow:
            return await uow.api_keys.list(account_id)


class RevokeApiKey:
    def __init__(self, uow: UnitOfWorkFactory, clock: Clock) -> None:
        self._uow, self._clock = uow, clock

    async def __call__(self, account_id: str, key_id: str) -> None:
        async with self._uow() as uow:
            if not await uow.api_keys.revoke(account_id, key_id, self._clock.now()):
                raise NotFound("No such API key.")
            await uow.commit()
