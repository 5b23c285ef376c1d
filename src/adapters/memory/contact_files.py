"""Contact imports and exports in memory, written through the memory contact repositories (so the
same uniqueness index and count apply) and undone with the unit of work's snapshot."""

from __future__ import annotations

import itertools
import uuid
from collections.abc import AsyncGenerator, AsyncIterable, Iterator
from datetime import datetime

from adapters.memory.contacts import MemoryContactLists, MemoryContacts
from adapters.memory.store import MemoryStore
from application.ports.contact_files import ExportedContact, ImportRow
from domain.contact_files import CONTACT_LIST_FULL, DUPLICATE_CONTACT, ImportReport, RowError
from domain.contacts import MAX_CONTACTS_PER_LIST, Contact, ContactPhone, ContactSearch
from domain.errors import NotFound


_EVERYONE = ContactSearch()


def _ids_in_order() -> Iterator[str]:
    """Ids that sort in the order they are made, as PostgreSQL's `uuidv7()` does: contacts of one
    import share their creation time and are listed by id after it, in the file's order."""
    prefix = uuid.uuid4().int >> 64 << 64
    return (str(uuid.UUID(int=prefix | n)) for n in itertools.count(1))


class MemoryContactFiles:
    def __init__(self, store: MemoryStore) -> None:
        self._store = store
        self._lists = MemoryContactLists(store)
        self._contacts = MemoryContacts(store)

    def _in_list(self, account_id: str, list_id: str, phone: str) -> bool:
        return (account_id, list_id, phone) in self._store.table("contact_numbers")

    async def import_rows(self, account_id: str, list_id: str, rows: AsyncIterable[ImportRow],
                          at: datetime) -> ImportReport:
        found = await self._lists.get(account_id, list_id)
        if found is None:
            raise NotFound("No such contact list.")
        room = MAX_CONTACTS_PER_LIST - found.contact_count
        seen: set[str] = set()  # every number of the file's earlier contacts
        errors: list[RowError] = []
        imported = 0
        ids = _ids_in_order()
        async for item in rows:
            if isinstance(item, RowError):
                errors.append(item)
                continue
            numbers = (item.phone, *item.extra_phones)
            repeated = next((n for n in numbers if n in seen or self._in_list(account_id, list_id, n)), None)
            if repeated is not None:
                errors.append(RowError(item.row, DUPLICATE_CONTACT, repeated))
            elif imported == room:
                errors.append(RowError(item.row, CONTACT_LIST_FULL, item.phone))
            else:
                contact_id = next(ids)
                await self._contacts.add(Contact(account_id=account_id, list_id=list_id, id=contact_id,
                                                 phone=item.phone, first_name=item.first_name,
                                                 last_name=item.last_name, email=item.email,
                                                 created_at=at, updated_at=at))
                for extra in item.extra_phones:
                    await self._contacts.add_phone(account_id, list_id, contact_id,
                                                   ContactPhone(id=next(ids), phone=extra, created_at=at))
                imported += 1
            seen.update(numbers)
        return ImportReport(imported=imported, skipped=len(errors), errors=tuple(errors))

    async def export_rows(self, account_id: str, list_id: str) -> AsyncGenerator[ExportedContact, None]:
        offset = 0
        while True:
            page, _ = await self._contacts.page(account_id, list_id, _EVERYONE, 1000, offset)
            for contact in page:
                yield ExportedContact(contact.phone, contact.first_name, contact.last_name, contact.email,
                                      tuple(p.phone for p in contact.phones), contact.opted_out)
            if len(page) < 1000:
                return
            offset += 1000
