"""Secrets and budgets: password hashing, access tokens, random secrets, rate limits."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol


class PasswordHasher(Protocol):
    async def hash(self, password: str) -> str: ...

    async def verify(self, password_hash: str, password: str) -> bool: ...

    async def verify_dummy(self, password: str) -> None:
        """Spend the time of one verification, so an unknown email answers as slowly."""
        ...


@dataclass(frozen=True, slots=True)
class AccessClaims:
    account_id: str
    session_id: str | None  # the session (refresh family) it was issued in; None for older tokens


class AccessTokens(Protocol):
    def issue(self, account_id: str, session_id: str) -> str:
        """A signed access token for the account's session, valid ACCESS_TOKEN_TTL from the clock's now."""
        ...

    def claims_of(self, token: str) -> AccessClaims:
        """Who a valid, unexpired access token speaks for; raises Unauthorized otherwise."""
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

    def link_token(self) -> str:
        """A one-time token for an emailed link (password reset, email verification): URL-safe."""
        ...

    def otp_code(self) -> str: ...

    def webhook_secret(self) -> str:
        """A new endpoint's signing secret, in `domain.webhooks.webhook_secret`'s form."""
        ...

    def digest(self, secret: str) -> str:
        """SHA-256 of a high-entropy secret (API keys, refresh tokens), as stored."""
        ...

    def keyed_digest(self, secret: str) -> str:
        """HMAC under a key of the service's own, for low-entropy secrets (OTP codes)."""
        ...

    def oauth_state(self) -> str:
        """A one-time OAuth `state`, unguessable and safe in a URL."""
        ...


class SecretBox(Protocol):
    """Seals secrets kept at rest (third-party tokens, webhook signing secrets): only this
    service can open them, and only for the account they were sealed for."""

    def seal(self, secret: str, account_id: str) -> str: ...

    def open(self, sealed: str, account_id: str) -> str:
        """The secret; `ValueError` for a box tampered with or sealed for another account."""
        ...
