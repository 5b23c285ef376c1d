"""The external contacts import (Google): connect, see the connection, sync into a list, disconnect.

Connecting is OAuth 2.0's authorization code flow with its own read-only scope, apart from
logging in. `ConnectGoogle` stores a one-time state (its digest, bound to the account, expiring)
and gives the consent URL; Google sends the browser back to the callback with that state and a
code, which `CompleteGoogleConnection` exchanges for tokens, stored sealed. The state carries
the account's id, so the callback needs no credentials and finds exactly one account's consent.

A sync reads every page of the user's contacts, then writes them in one transaction with the
same rules as a file import (`uow.contact_files`): each person is a row, numbered by their
position in Google's list; their Tanzanian mobile numbers, the first the main one, the rest
extra ones; a person without one is reported, not imported. Nothing is ever written back. Google calls happen outside
any transaction. An access token near its expiry, or one Google refuses, is refreshed and the
new one stored before the call is made again; a refresh Google answers `invalid_grant` means
the grant is gone: the connection becomes `disconnected` (reason `revoked`), its tokens dropped.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from application.ports import (
    AccessTokenRejected,
    ImportRow,
    AuthorizationRefused,
    Clock,
    ContactsProvider,
    ContactsProviderUnavailable,
    ExternalPerson,
    GoogleConnection,
    IdGenerator,
    GrantedTokens,
    GrantRevoked,
    SecretBox,
    Secrets,
    UnitOfWorkFactory,
)
from domain.contact_files import INVALID_PHONE_NUMBER, RowError, check_row
from domain.errors import (
    GoogleAuthorizationFailed,
    GoogleNotConnected,
    GoogleUnavailable,
    InvalidPhoneNumber,
    NotFound,
)
from domain.google_contacts import (
    NO_PHONE_NUMBER,
    REASON_REVOKED,
    REFRESH_AHEAD,
    STATE_TTL,
    ConnectionStatus,
    numbers_of,
)

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
class SyncReport:
    """A file import's report (rows are people, by position), and the list they went to."""

    list_id: str
    imported: int
    skipped: int
    errors: tuple[RowError, ...]


@dataclass(frozen=True, slots=True)
class Consent:
    authorization_url: str
    expires_at: datetime


def view_of(connection: GoogleConnection | None) -> ConnectionView:
    if connection is None:
        return ConnectionView(ConnectionStatus.NOT_CONNECTED)
    return ConnectionView(connection.status, connection.scope, connection.connected_at,
                          connection.last_synced_at, connection.reason)


def _sealed(box: SecretBox, account_id: str, secret: str | None) -> str | None:
    return None if secret is None else box.seal(secret, account_id)


def with_tokens(connection: GoogleConnection, tokens: GrantedTokens, box: SecretBox, now: datetime) -> GoogleConnection:
    """The connection holding newly granted tokens (sealed); a refresh without a new refresh
    token keeps the one it has."""
    account = connection.account_id
    return replace(connection, status=ConnectionStatus.CONNECTED, reason=None, updated_at=now,
                   access_token=box.seal(tokens.access_token, account),
                   refresh_token=_sealed(box, account, tokens.refresh_token) or connection.refresh_token,
                   expires_at=now + timedelta(seconds=tokens.expires_in) if tokens.expires_in else None,
                   scope=tokens.scope)


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
        return Consent(self._provider.consent_url(state), now + STATE_TTL)


class CompleteGoogleConnection:
    """Google's redirect back: `state` names the consent, `code` (or `error`) is its outcome."""

    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, secrets: Secrets, provider: ContactsProvider,
                 box: SecretBox) -> None:
        self._uow, self._clock, self._secrets, self._provider, self._box = uow, clock, secrets, provider, box

    async def __call__(self, state: str, code: str | None, error: str | None) -> ConnectionView:
        account_id = state.partition(".")[0]
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
            connection = with_tokens(fresh, tokens, self._box, now)
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


class GoogleSession:
    """One sync's access to Google: the connection's tokens, refreshed (and stored) when they are
    about to expire or Google refuses them."""

    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, provider: ContactsProvider, box: SecretBox,
                 connection: GoogleConnection) -> None:
        self._uow, self._clock, self._provider, self._box = uow, clock, provider, box
        self.connection = connection

    async def _token(self) -> str:
        expires_at = self.connection.expires_at
        if expires_at is not None and expires_at - REFRESH_AHEAD <= self._clock.now():
            await self._refresh()
        assert self.connection.access_token is not None
        return self._box.open(self.connection.access_token, self.connection.account_id)

    async def _refresh(self) -> None:
        account_id, sealed = self.connection.account_id, self.connection.refresh_token
        try:
            if sealed is None:
                raise GrantRevoked("no refresh token")
            tokens = await self._provider.refresh(self._box.open(sealed, account_id))
        except GrantRevoked as exc:
            await self._disconnect(REASON_REVOKED)
            raise GoogleNotConnected("Google access was revoked; connect again.") from exc
        except ContactsProviderUnavailable as exc:
            raise GoogleUnavailable() from exc
        self.connection = with_tokens(self.connection, tokens, self._box, self._clock.now())
        await self._store(self.connection)

    async def _disconnect(self, reason: str) -> None:
        self.connection = replace(self.connection, status=ConnectionStatus.DISCONNECTED, reason=reason,
                                  access_token=None, refresh_token=None, expires_at=None, updated_at=self._clock.now())
        await self._store(self.connection)

    async def _store(self, connection: GoogleConnection) -> None:
        async with self._uow() as uow:
            # Only over the row this session read: a disconnect meanwhile is not undone.
            if await uow.google_connections.get(connection.account_id) is not None:
                await uow.google_connections.save(connection)
                await uow.commit()

    async def everyone(self) -> list[ExternalPerson]:
        """Every person of every page, in Google's order."""
        people: list[ExternalPerson] = []
        page_token: str | None = None
        while True:
            try:
                try:
                    page = await self._provider.people(await self._token(), page_token)
                except AccessTokenRejected:
                    await self._refresh()
                    page = await self._provider.people(await self._token(), page_token)
            except (AccessTokenRejected, ContactsProviderUnavailable) as exc:
                raise GoogleUnavailable() from exc
            people += page.people
            if page.next_page_token is None:
                return people
            page_token = page.next_page_token


async def rows_of(people: list[ExternalPerson]) -> AsyncIterator[ImportRow]:
    """Each person as a row of an import, numbered from 1 in Google's order."""
    for position, person in enumerate(people, start=1):
        try:
            numbers = numbers_of(person.phones)
        except InvalidPhoneNumber as exc:
            yield RowError(position, NO_PHONE_NUMBER if exc.reason == NO_PHONE_NUMBER else INVALID_PHONE_NUMBER)
            continue
        yield check_row(position, numbers.main, person.first_name, person.last_name, person.email, numbers.extra)


class SyncGoogleContacts:
    """Import the connected Google account's contacts into a list (the default one when none is
    named): one way, all of them or none, duplicates reported as a file import reports them."""

    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, ids: IdGenerator, provider: ContactsProvider,
                 box: SecretBox) -> None:
        self._uow, self._clock, self._ids, self._provider, self._box = uow, clock, ids, provider, box

    async def __call__(self, account_id: str, list_id: str | None) -> SyncReport:
        async with self._uow() as uow:
            connection = await uow.google_connections.get(account_id)
            if connection is None or connection.status is not ConnectionStatus.CONNECTED:
                raise GoogleNotConnected()
            target = (await uow.contact_lists.get(account_id, list_id) if list_id is not None
                      else await uow.contact_lists.default(account_id, self._ids.new_id(), self._clock.now()))
            if target is None:
                raise NotFound("No such contact list.", field="list_id")
            await uow.commit()  # a default list made on first access stays
        people = await GoogleSession(self._uow, self._clock, self._provider, self._box, connection).everyone()
        now = self._clock.now()
        async with self._uow() as uow:
            report = await uow.contact_files.import_rows(account_id, target.id, rows_of(people), now)
            current = await uow.google_connections.get(account_id)
            if current is not None:
                await uow.google_connections.save(replace(current, last_synced_at=now, updated_at=now))
            await uow.commit()
        return SyncReport(target.id, report.imported, report.skipped, report.errors)
