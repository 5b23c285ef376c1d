"""The external contacts import: the account's connection to Google, and Google itself."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Protocol

from application.ports.security import SecretBox
from domain.google_contacts import ConnectionStatus


@dataclass(frozen=True, slots=True)
class GoogleConnection:
    """An account's grant; its tokens are sealed (see `SecretBox`), never stored in the clear."""

    account_id: str
    status: ConnectionStatus  # CONNECTED or DISCONNECTED; no row is NOT_CONNECTED
    access_token: str | None  # sealed; None once the grant is gone
    refresh_token: str | None  # sealed
    expires_at: datetime | None  # of the access token
    scope: str
    reason: str | None  # why it is disconnected
    connected_at: datetime
    last_synced_at: datetime | None
    updated_at: datetime

    def granted(self, tokens: GrantedTokens, box: SecretBox, now: datetime) -> GoogleConnection:
        """Connected with newly granted tokens, sealed; a refresh that brings no new refresh
        token keeps the one it has."""
        refresh_token = box.seal(tokens.refresh_token, self.account_id) if tokens.refresh_token else None
        return replace(self, status=ConnectionStatus.CONNECTED, reason=None, updated_at=now,
                       access_token=box.seal(tokens.access_token, self.account_id),
                       refresh_token=refresh_token or self.refresh_token, scope=tokens.scope,
                       expires_at=now + timedelta(seconds=tokens.expires_in) if tokens.expires_in else None)


class GoogleConnections(Protocol):
    async def get(self, account_id: str) -> GoogleConnection | None: ...

    async def save(self, connection: GoogleConnection) -> None:
        """Insert or replace the account's connection."""
        ...

    async def update(self, connection: GoogleConnection) -> bool:
        """Replace the account's connection if it still has one (False, and nothing stored, when
        it was deleted meanwhile)."""
        ...

    async def delete(self, account_id: str) -> bool:
        """Forget the connection and its tokens; False when there was none."""
        ...

    async def add_state(self, account_id: str, state_digest: str, created_at: datetime,
                        expires_at: datetime) -> None:
        """Remember a consent under way (and forget the account's expired ones)."""
        ...

    async def take_state(self, account_id: str, state_digest: str, now: datetime) -> bool:
        """Use up a consent's state: True once for a state that exists and has not expired."""
        ...


@dataclass(frozen=True, slots=True)
class GrantedTokens:
    """What Google's token endpoint answered."""

    access_token: str
    refresh_token: str | None  # Google sends one on the first consent and not on every refresh
    expires_in: int | None  # seconds
    scope: str


@dataclass(frozen=True, slots=True)
class ExternalPerson:
    first_name: str
    last_name: str
    email: str
    phones: tuple[str, ...]  # as Google holds them, E.164 where it could tell


@dataclass(frozen=True, slots=True)
class PeoplePage:
    people: tuple[ExternalPerson, ...]
    next_page_token: str | None


class GrantRevoked(Exception):
    """Google no longer honours the grant (`invalid_grant`): the user revoked it, or it expired."""


class AccessTokenRejected(Exception):
    """Google refused the access token (HTTP 401): refresh it and ask again."""


class ContactsProviderUnavailable(Exception):
    """Google could not be reached, or answered with something other than its API's answer."""


class AuthorizationRefused(Exception):
    """The token endpoint refused the authorization code."""


class ContactsProvider(Protocol):
    """Google's OAuth 2.0 endpoints and its People API, read-only."""

    def consent_url(self, state: str) -> str:
        """Where to send the user to grant read-only access to their contacts."""
        ...

    async def exchange_code(self, code: str) -> GrantedTokens:
        """Tokens for the code Google's redirect brought back (`AuthorizationRefused`)."""
        ...

    async def refresh(self, refresh_token: str) -> GrantedTokens:
        """A new access token (`GrantRevoked` when the grant is gone)."""
        ...

    async def people(self, access_token: str, page_token: str | None) -> PeoplePage:
        """One page of the user's contacts (`AccessTokenRejected` for a token Google refuses)."""
        ...

    async def revoke(self, token: str) -> None:
        """End the grant at Google (`ContactsProviderUnavailable` when it could not be told)."""
        ...
