"""Connecting an account to Google for the external contacts import, seeing the connection, and
disconnecting it. Syncing its contacts into a list is `application.contacts.google_sync`.

Connecting is OAuth 2.0's authorization code flow with its own read-only scope, apart from
logging in. `ConnectGoogle` stores a one-time state (its digest, bound to the account, expiring)
and gives the consent URL; Google sends the browser back to the callback with that state and a
code, which `CompleteGoogleConnection` exchanges for tokens, stored sealed. The state carries
the account's id, so the callback needs no credentials and finds exactly one account's consent.
Google is called outside any transaction.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from datetime import datetime

from application.ports import (
    AuthorizationRefused,
    Clock,
    ContactsProvider,
    ContactsProviderUnavailable,
    GoogleConnection,
    SecretBox,
    Secrets,
    UnitOfWorkFactory,
)
from domain.errors import GoogleAuthorizationFailed, GoogleUnavailable, NotFound
from domain.google_contacts import STATE_TTL, ConnectionStatus
from domain.ids import lookup_id

log = logging.getLogger("ujumbe.google")


@dataclass(frozen=True, slots=True)
class ConnectionView:
    """What an account sees of its connection (never the tokens)."""

    status: ConnectionStatus
    scope: str | None = None
    connected_at: datetime | None = None
    last_synced_at: datetime | None = None
    reason: str | None = None


@dataclass(frozen=True, slots=True)
class Consent:
    authorization_url: str
    expires_at: datetime
    state: str  # in the URL; the entrypoint binds it to the browser that asked


def view_of(connection: GoogleConnection | None) -> ConnectionView:
    if connection is None:
        return ConnectionView(ConnectionStatus.NOT_CONNECTED)
    return ConnectionView(connection.status, connection.scope, connection.connected_at,
                          connection.last_synced_at, connection.reason)


class GetGoogleConnection:
    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self, account_id: str) -> ConnectionView:
        async with self._uow() as uow:
            return view_of(await uow.google_connections.get(account_id))


class ConnectGoogle:
    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, secrets: Secrets, provider: ContactsProvider) -> None:
        self._uow, self._clock, self._secrets, self._provider = uow, clock, secrets, provider

    async def __call__(self, account_id: str) -> Consent:
        state = f"{account_id}.{self._secrets.oauth_state()}"
        now = self._clock.now()
        async with self._uow() as uow:
            await uow.google_connections.add_state(account_id, self._secrets.digest(state), now, now + STATE_TTL)
            await uow.commit()
        return Consent(self._provider.consent_url(state), now + STATE_TTL, state)


class CompleteGoogleConnection:
    """Google's redirect back: `state` names the consent, `code` (or `error`) is its outcome."""

    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, secrets: Secrets, provider: ContactsProvider,
                 box: SecretBox) -> None:
        self._uow, self._clock, self._secrets, self._provider, self._box = uow, clock, secrets, provider, box

    async def __call__(self, state: str, code: str | None, error: str | None) -> ConnectionView:
        account_id = lookup_id(state.partition(".")[0])  # its account (one naming none finds no consent)
        async with self._uow() as uow:
            taken = await uow.google_connections.take_state(account_id, self._secrets.digest(state), self._clock.now())
            await uow.commit()
        if not taken:
            raise NotFound("No Google consent is waiting under this state (unknown, expired or already used).",
                           field="state")
        if error or not code:
            raise GoogleAuthorizationFailed(f"Google did not grant access: {error or 'no code'}.")
        try:
            tokens = await self._provider.exchange_code(code)
        except AuthorizationRefused as exc:
            raise GoogleAuthorizationFailed(f"Google refused the authorization code ({exc}).") from exc
        except ContactsProviderUnavailable as exc:
            raise GoogleUnavailable() from exc
        now = self._clock.now()
        async with self._uow() as uow:
            fresh = GoogleConnection(account_id=account_id, status=ConnectionStatus.CONNECTED, access_token=None,
                                     refresh_token=None, expires_at=None, scope="", reason=None, connected_at=now,
                                     last_synced_at=None, updated_at=now)
            previous = await uow.google_connections.get(account_id)
            if previous is not None:  # connecting again keeps the sync history
                fresh = replace(fresh, last_synced_at=previous.last_synced_at)
            connection = fresh.granted(tokens, self._box, now)
            await uow.google_connections.save(connection)
            await uow.commit()
        return view_of(connection)


class DisconnectGoogle:
    """Forget the tokens, then end the grant at Google (an answer from Google is not waited on
    to forget them: the account asked to be disconnected, and is)."""

    def __init__(self, uow: UnitOfWorkFactory, provider: ContactsProvider, box: SecretBox) -> None:
        self._uow, self._provider, self._box = uow, provider, box

    async def __call__(self, account_id: str) -> ConnectionView:
        async with self._uow() as uow:
            connection = await uow.google_connections.get(account_id)
            await uow.google_connections.delete(account_id)
            await uow.commit()
        sealed = connection and (connection.refresh_token or connection.access_token)
        if sealed:
            try:
                await self._provider.revoke(self._box.open(sealed, account_id))
            except (ContactsProviderUnavailable, ValueError):
                log.warning("could not revoke the Google grant of account %s; its tokens are deleted", account_id)
        return view_of(None)
