"""Syncing a connected Google account's contacts into a list, one way.

A sync reads every page of the user's contacts, then writes them in one transaction with the
same rules as a file import (`uow.contact_files`): each person is a row, numbered by their
position in Google's list; their Tanzanian mobile numbers, the first the main one, the rest
extra ones; a person without one is reported, not imported. Nothing is ever written back.

Google is called outside any transaction. An access token near its expiry, or one Google
refuses, is refreshed and the new one stored before the call is made again; a refresh Google
answers `invalid_grant` means the grant is gone: the connection becomes `disconnected` (reason
`revoked`), its tokens dropped, and the account connects again.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass, replace

from application.ports import (
    AccessTokenRejected,
    Clock,
    ContactsProvider,
    ContactsProviderUnavailable,
    ExternalPerson,
    GoogleConnection,
    GrantRevoked,
    IdGenerator,
    ImportRow,
    SecretBox,
    UnitOfWorkFactory,
)
from domain.contact_files import INVALID_PHONE_NUMBER, RowError, check_row
from domain.errors import GoogleNotConnected, GoogleUnavailable, InvalidPhoneNumber, NotFound
from domain.google_contacts import (
    NO_PHONE_NUMBER,
    REASON_REVOKED,
    REASON_UNREADABLE,
    REFRESH_AHEAD,
    ConnectionStatus,
    numbers_of,
)


@dataclass(frozen=True, slots=True)
class SyncReport:
    """A file import's report (rows are people, by position), and the list they went to."""

    list_id: str
    imported: int
    skipped: int
    errors: tuple[RowError, ...]


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
        return await self._opened(self.connection.access_token)

    async def _opened(self, sealed: str) -> str:
        """A sealed token; one that no longer opens (the service's secret key changed) is as good
        as a revoked grant: the account connects again."""
        try:
            return self._box.open(sealed, self.connection.account_id)
        except ValueError as exc:
            await self._disconnect(REASON_UNREADABLE)
            raise GoogleNotConnected("The stored Google tokens cannot be read any more; connect again.") from exc

    async def _refresh(self) -> None:
        sealed = self.connection.refresh_token
        try:
            if sealed is None:
                raise GrantRevoked("no refresh token")
            tokens = await self._provider.refresh(await self._opened(sealed))
        except GrantRevoked as exc:
            await self._disconnect(REASON_REVOKED)
            raise GoogleNotConnected("Google access was revoked; connect again.") from exc
        except ContactsProviderUnavailable as exc:
            raise GoogleUnavailable() from exc
        self.connection = self.connection.granted(tokens, self._box, self._clock.now())
        await self._store(self.connection)

    async def _disconnect(self, reason: str) -> None:
        self.connection = replace(self.connection, status=ConnectionStatus.DISCONNECTED, reason=reason,
                                  access_token=None, refresh_token=None, expires_at=None, updated_at=self._clock.now())
        await self._store(self.connection)

    async def _store(self, connection: GoogleConnection) -> None:
        async with self._uow() as uow:
            await uow.google_connections.update(connection)  # a disconnect meanwhile is not undone
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
                await uow.google_connections.update(replace(current, last_synced_at=now, updated_at=now))
            await uow.commit()
        return SyncReport(target.id, report.imported, report.skipped, report.errors)
