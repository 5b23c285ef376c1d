"""Accounts and their credentials as stored: accounts, API keys, refresh tokens, phone codes."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from domain.account_tokens import TokenPurpose
from domain.accounts import Account
from domain.phone_otps import OtpWindow, RecentSends


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
    session_ends_at: datetime  # the login's absolute end, carried through every rotation
    used_at: datetime | None = None
    revoked_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class AccountToken:
    """A one-time token sent by email, as stored: its hash, never the token."""

    account_id: str
    id: str
    purpose: TokenPurpose
    token_hash: str
    email: str  # the address it was sent to: verifying proves this address, not a later one
    created_at: datetime
    expires_at: datetime
    used_at: datetime | None = None


class AccountRepository(Protocol):
    async def add(self, account: Account) -> None:
        """Raises EmailTaken when the (case-insensitive) email is used already."""
        ...

    async def get(self, account_id: str) -> Account | None: ...

    async def by_email(self, email: str) -> Account | None: ...

    async def list(self) -> list[Account]: ...

    async def update(self, account: Account) -> None:
        """Every field but the email, the password hash, the language and the creation time."""
        ...

    async def set_password(self, account_id: str, password_hash: str) -> None:
        """The password hash alone: an update of other fields read before it never writes it back."""
        ...

    async def set_business_name(self, account_id: str, business_name: str) -> bool:
        """The business name alone (its owner's edit racing a phone's verification loses neither);
        False when there is no such account."""
        ...

    async def set_language(self, account_id: str, language: str) -> bool:
        """The language alone; False when there is no such account."""
        ...


class ApiKeyRepository(Protocol):
    async def add(self, key: ApiKey) -> None: ...

    async def list(self, account_id: str) -> list[ApiKey]:
        """Active keys, newest first."""
        ...

    async def revoke(self, account_id: str, key_id: str, at: datetime) -> bool:
        """False when the account has no such active key."""
        ...

    async def touch(self, account_id: str, key_id: str, at: datetime) -> None: ...


class ApiKeyLookup(Protocol):
    async def by_hash(self, key_hash: str) -> ApiKeyOwner | None:
        """The key with this hash and its account's plan, as they stand when asked: a key revoked
        before the question is found revoked. Outside any unit of work (every API call asks)."""
        ...


class RefreshTokenRepository(Protocol):
    async def add(self, token: RefreshToken) -> None: ...

    async def by_hash(self, token_hash: str) -> RefreshToken | None: ...

    async def use(self, account_id: str, token_id: str, at: datetime) -> bool:
        """Mark the token used; False when it was used already (a concurrent refresh)."""
        ...

    async def revoke_family(self, account_id: str, family_id: str, at: datetime) -> None: ...

    async def revoke_sessions(self, account_id: str, at: datetime, *, keep_family: str | None = None) -> int:
        """Revoke every session of the account but `keep_family`'s; how many were live."""
        ...

    async def live_token(self, account_id: str, family_id: str, at: datetime) -> RefreshToken | None:
        """The session's newest refresh token that still works at `at`; None once the session ended."""
        ...

    async def live_sessions(self, account_id: str, at: datetime) -> int:
        """Sessions (families) holding a refresh token that still works at `at`."""
        ...


class AccountTokenRepository(Protocol):
    async def add(self, token: AccountToken) -> None: ...

    async def take(self, purpose: TokenPurpose, token_hash: str, at: datetime) -> AccountToken | None:
        """The unused, unexpired token of that purpose with this hash, marked used in the same
        step (two requests racing with one token: one gets it); None otherwise."""
        ...

    async def spend_all(self, account_id: str, purpose: TokenPurpose, at: datetime) -> None:
        """Every unused token of the account for that purpose marked used (a password just set
        leaves no other reset link working)."""
        ...


@dataclass(frozen=True, slots=True)
class PhoneOtp:
    account_id: str
    phone: str  # E.164
    code_hash: str
    attempts: int
    expires_at: datetime
    sent_at: datetime
    window_started_at: datetime
    sends_in_window: int

    @property
    def window(self) -> OtpWindow:
        """The number's sends in its current hour, as the throttle reads them."""
        return OtpWindow(self.window_started_at, self.sends_in_window, self.sent_at)


class PhoneOtpRepository(Protocol):
    async def get(self, account_id: str, phone: str) -> PhoneOtp | None: ...

    async def save(self, otp: PhoneOtp) -> None:
        """Insert or replace the code of (account, phone); a used or expired one stays until
        purged, since it still counts against the hourly limits."""
        ...

    async def phones_sent_since(self, account_id: str, since: datetime) -> int:
        """How many numbers of the account were sent a code since `since`."""
        ...

    async def recent_sends(self, phone: str, client_address: str, since: datetime) -> tuple[RecentSends, RecentSends]:
        """The codes sent after `since` to the number, and at the client address's request, across
        all accounts. Until the unit of work ends, another unit of work asking about the same
        number or address waits, so two concurrent asks cannot both pass a cap."""
        ...

    async def record_send(self, account_id: str, phone: str, client_address: str, at: datetime) -> None:
        """Count one code sent to the number at the address's request."""
        ...

    async def purge(self, expired_by: datetime, sent_before: datetime) -> int:
        """Delete codes expired by `expired_by` and last sent before `sent_before`, and the sends
        counted before `sent_before`; how many codes."""
        ...
