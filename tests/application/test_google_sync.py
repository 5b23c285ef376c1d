"""The sync's use of a connection, with memory adapters and a hand-written Google that records
what it was asked: what a sync does when the account changes its mind half-way."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

import pytest

from adapters.memory.store import MemoryStore
from adapters.memory.system import FrozenClock, SequentialIds
from adapters.memory.uow import MemoryUnitOfWork
from adapters.security import AesGcmSecretBox, RandomSecrets
from application.contacts.google_connection import CompleteGoogleConnection, ConnectGoogle
from application.contacts.google_sync import SyncGoogleContacts
from application.ports import AccessTokenRejected, ExternalPerson, GrantedTokens, PeoplePage
from domain.errors import GoogleNotConnected
from tests_support import ids

ACCOUNT = ids(1)


@dataclass
class RecordingGoogle:
    people_pages: list[list[ExternalPerson]]
    before_people: Callable[[], Awaitable[None]] | None = None  # runs as a page is asked for
    refuse_next_token: bool = False
    asked: list[str] = field(default_factory=list)
    issued: int = 0

    def consent_url(self, state: str) -> str:
        return f"https://google.test/auth?state={state}"

    def _tokens(self) -> GrantedTokens:
        self.issued += 1
        return GrantedTokens(f"access-{self.issued}", "refresh-1", 3600, "contacts.readonly")

    async def exchange_code(self, code: str) -> GrantedTokens:
        self.asked.append(f"code {code}")
        return self._tokens()

    async def refresh(self, refresh_token: str) -> GrantedTokens:
        self.asked.append(f"refresh {refresh_token}")
        return self._tokens()

    async def people(self, access_token: str, page_token: str | None) -> PeoplePage:
        self.asked.append(f"people {access_token} {page_token}")
        if self.before_people is not None:
            await self.before_people()
        if self.refuse_next_token:
            self.refuse_next_token = False
            raise AccessTokenRejected()
        index = int(page_token or 0)
        more = index + 1 < len(self.people_pages)
        return PeoplePage(tuple(self.people_pages[index]), str(index + 1) if more else None)

    async def revoke(self, token: str) -> None:
        self.asked.append(f"revoke {token}")


@pytest.fixture()
def store() -> MemoryStore:
    return MemoryStore()


async def connected(store: MemoryStore, google: RecordingGoogle, clock: FrozenClock) -> None:
    secrets, box = RandomSecrets("k" * 48), AesGcmSecretBox("k" * 48)
    consent = await ConnectGoogle(lambda: MemoryUnitOfWork(store), clock, secrets, google)(ACCOUNT)
    state = consent.authorization_url.partition("state=")[2]
    await CompleteGoogleConnection(lambda: MemoryUnitOfWork(store), clock, secrets, google, box)(state, "c0de", None)


def sync(store: MemoryStore, google: RecordingGoogle, clock: FrozenClock) -> SyncGoogleContacts:
    return SyncGoogleContacts(lambda: MemoryUnitOfWork(store), clock, SequentialIds(), google, AesGcmSecretBox("k" * 48))


ASHA = ExternalPerson("Asha", "Mwita", "", ("0712345678",))
BARAKA = ExternalPerson("Baraka", "", "", ("+255 754 123 456", "0687000111"))


async def test_pages_are_read_in_order_and_written_together(store: MemoryStore) -> None:
    clock, google = FrozenClock(), RecordingGoogle([[ASHA], [BARAKA]])
    await connected(store, google, clock)

    report = await sync(store, google, clock)(ACCOUNT, None)

    assert (report.imported, report.skipped, report.errors) == (2, 0, ())
    assert google.asked == ["code c0de", "people access-1 None", "people access-1 1"]


async def test_a_disconnect_during_a_sync_is_not_undone_by_its_refresh(store: MemoryStore) -> None:
    clock, google = FrozenClock(), RecordingGoogle([[ASHA]])
    await connected(store, google, clock)

    async def disconnect() -> None:
        async with MemoryUnitOfWork(store) as uow:
            await uow.google_connections.delete(ACCOUNT)
            await uow.commit()

    google.before_people, google.refuse_next_token = disconnect, True

    report = await sync(store, google, clock)(ACCOUNT, None)

    assert report.imported == 1  # what was asked for before the disconnect is done
    assert google.asked[-3:] == ["people access-1 None", "refresh refresh-1", "people access-2 None"]
    async with MemoryUnitOfWork(store) as uow:
        assert await uow.google_connections.get(ACCOUNT) is None  # and the account stays disconnected
    with pytest.raises(GoogleNotConnected):
        await sync(store, google, clock)(ACCOUNT, None)
