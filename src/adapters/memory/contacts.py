"""Contact lists and contacts in memory.

As in PostgreSQL, every number of a contact is a row of `contact_phones` (the main one under the
contact's own id), `contact_numbers` is the unique index (account, list, number) → row id, and
each list's `contact_count` moves with every contact added or deleted, refusing the one past
`MAX_CONTACTS_PER_LIST`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import AsyncGenerator
from dataclasses import dataclass, replace
from datetime import datetime

from adapters.memory.store import MemoryStore
from application.ports import Recipient, RecipientCounts, RecipientNames, RecipientSummary
from domain.campaigns import is_plain_name
from domain.contacts import (
    DEFAULT_LIST_NAME,
    MAX_CONTACTS_PER_LIST,
    Contact,
    ContactList,
    ContactPhone,
    ContactSearch,
    contact_matches,
)
from domain.errors import ContactListFull, DuplicateContact, NotFound


@dataclass(frozen=True, slots=True)
class _PhoneRow:
    account_id: str
    list_id: str
    contact_id: str
    id: str
    phone: str
    is_main: bool
    created_at: datetime


class _Tables:
    def __init__(self, store: MemoryStore) -> None:
        self._store = store

    @property
    def lists(self) -> dict[tuple[str, str], ContactList]:
        rows: dict[tuple[str, str], ContactList] = self._store.table("contact_lists")
        return rows

    @property
    def contacts(self) -> dict[tuple[str, str], Contact]:
        rows: dict[tuple[str, str], Contact] = self._store.table("contacts")
        return rows

    @property
    def phones(self) -> dict[tuple[str, str], _PhoneRow]:
        rows: dict[tuple[str, str], _PhoneRow] = self._store.table("contact_phones")
        return rows

    @property
    def numbers(self) -> dict[tuple[str, str, str], str]:
        """(account, list, number) → the id of its `phones` row: the list's unique index."""
        rows: dict[tuple[str, str, str], str] = self._store.table("contact_numbers")
        return rows

    def opted_out(self, account_id: str, phone: str) -> bool:
        return (account_id, phone) in self._store.table("opt_outs")

    def add_phone_row(self, row: _PhoneRow) -> None:
        if (row.account_id, row.list_id, row.phone) in self.numbers:
            raise DuplicateContact(field="phone")
        self.phones[(row.account_id, row.id)] = row
        self.numbers[(row.account_id, row.list_id, row.phone)] = row.id

    def drop_phone_row(self, account_id: str, phone_id: str) -> None:
        row = self.phones.pop((account_id, phone_id))
        del self.numbers[(account_id, row.list_id, row.phone)]

    def count(self, account_id: str, list_id: str, change: int) -> None:
        key = (account_id, list_id)
        found = self.lists.get(key)
        if found is None:
            return
        if found.contact_count + change > MAX_CONTACTS_PER_LIST:
            raise ContactListFull()
        self.lists[key] = replace(found, contact_count=found.contact_count + change)


class MemoryContactLists:
    def __init__(self, store: MemoryStore) -> None:
        self._t = _Tables(store)

    async def default(self, account_id: str, new_id: str, at: datetime) -> ContactList:
        found = next((found for (account, _), found in self._t.lists.items()
                      if account == account_id and found.is_default), None)
        if found is not None:
            return found
        made = ContactList(account_id=account_id, id=new_id, name=DEFAULT_LIST_NAME, description="",
                           is_default=True, created_at=at, updated_at=at)
        self._t.lists[(account_id, new_id)] = made
        return made

    async def get(self, account_id: str, list_id: str) -> ContactList | None:
        return self._t.lists.get((account_id, list_id))

    async def add(self, contact_list: ContactList) -> None:
        self._t.lists[(contact_list.account_id, contact_list.id)] = replace(contact_list, contact_count=0)

    async def page(self, account_id: str, limit: int, offset: int) -> tuple[list[ContactList], int]:
        found = [found for (account, _), found in self._t.lists.items() if account == account_id]
        found.sort(key=lambda found: (found.is_default, found.created_at, found.id), reverse=True)
        return found[offset:offset + limit], len(found)

    async def save(self, contact_list: ContactList) -> bool:
        key = (contact_list.account_id, contact_list.id)
        found = self._t.lists.get(key)
        if found is None:
            return False
        self._t.lists[key] = replace(found, name=contact_list.name, description=contact_list.description,
                                     updated_at=contact_list.updated_at)
        return True

    async def delete(self, account_id: str, list_id: str) -> bool:
        found = self._t.lists.get((account_id, list_id))
        if found is None or found.is_default:
            return False
        for (account, contact_id), contact in list(self._t.contacts.items()):
            if account == account_id and contact.list_id == list_id:
                _delete_contact(self._t, account_id, contact_id)
        del self._t.lists[(account_id, list_id)]
        return True

    async def exists(self, account_id: str, list_id: str) -> bool:
        return (account_id, list_id) in self._t.lists


def _delete_contact(t: _Tables, account_id: str, contact_id: str) -> None:
    contact = t.contacts.pop((account_id, contact_id))
    for (account, phone_id), row in list(t.phones.items()):
        if account == account_id and row.contact_id == contact_id:
            t.drop_phone_row(account_id, phone_id)
    t.count(account_id, contact.list_id, -1)


class MemoryContacts:
    def __init__(self, store: MemoryStore) -> None:
        self._t = _Tables(store)

    def _found(self, account_id: str, list_id: str, contact_id: str) -> Contact | None:
        found = self._t.contacts.get((account_id, contact_id))
        return found if found is not None and found.list_id == list_id else None

    def _shown(self, contact: Contact) -> Contact:
        """With its extra numbers, oldest first, and whether its numbers opted out."""
        extra = sorted((row for (account, _), row in self._t.phones.items()
                        if account == contact.account_id and row.contact_id == contact.id and not row.is_main),
                       key=lambda row: (row.created_at, row.id))
        phones = tuple(ContactPhone(id=row.id, phone=row.phone, created_at=row.created_at,
                                    opted_out=self._t.opted_out(contact.account_id, row.phone)) for row in extra)
        return replace(contact, phones=phones, opted_out=self._t.opted_out(contact.account_id, contact.phone))

    async def add(self, contact: Contact) -> None:
        if (contact.account_id, contact.list_id) not in self._t.lists:
            raise NotFound("No such contact list.")  # the foreign key
        if (contact.account_id, contact.list_id, contact.phone) in self._t.numbers:
            raise DuplicateContact(field="phone")
        self._t.count(contact.account_id, contact.list_id, +1)
        self._t.add_phone_row(_PhoneRow(contact.account_id, contact.list_id, contact.id, contact.id,
                                        contact.phone, True, contact.created_at))
        self._t.contacts[(contact.account_id, contact.id)] = replace(contact, phones=(), opted_out=False)

    async def get(self, account_id: str, list_id: str, contact_id: str) -> Contact | None:
        found = self._found(account_id, list_id, contact_id)
        return self._shown(found) if found is not None else None

    async def page(self, account_id: str, list_id: str, search: ContactSearch, limit: int,
                   offset: int) -> tuple[list[Contact], int]:
        numbers: dict[str, list[str]] = {}
        for (account, _), row in self._t.phones.items():
            if account == account_id and row.list_id == list_id:
                numbers.setdefault(row.contact_id, []).append(row.phone)
        found = [contact for (account, _), contact in self._t.contacts.items()
                 if account == account_id and contact.list_id == list_id
                 and contact_matches(search, (contact.first_name, contact.last_name, contact.email),
                                     numbers.get(contact.id, ()))]
        found.sort(key=lambda contact: (contact.created_at, contact.id))
        return [self._shown(contact) for contact in found[offset:offset + limit]], len(found)

    async def save(self, contact: Contact) -> bool:
        found = self._found(contact.account_id, contact.list_id, contact.id)
        if found is None:
            return False
        if found.phone != contact.phone:
            main = self._t.phones[(contact.account_id, contact.id)]
            if (contact.account_id, contact.list_id, contact.phone) in self._t.numbers:
                raise DuplicateContact(field="phone")
            self._t.drop_phone_row(contact.account_id, contact.id)
            self._t.add_phone_row(replace(main, phone=contact.phone))
        self._t.contacts[(contact.account_id, contact.id)] = replace(
            found, phone=contact.phone, first_name=contact.first_name, last_name=contact.last_name,
            email=contact.email, updated_at=contact.updated_at)
        return True

    async def delete(self, account_id: str, list_id: str, contact_id: str) -> bool:
        if self._found(account_id, list_id, contact_id) is None:
            return False
        _delete_contact(self._t, account_id, contact_id)
        return True

    async def add_phone(self, account_id: str, list_id: str, contact_id: str, phone: ContactPhone) -> bool:
        found = self._found(account_id, list_id, contact_id)
        if found is None:
            return False
        self._t.add_phone_row(_PhoneRow(account_id, list_id, contact_id, phone.id, phone.phone, False,
                                        phone.created_at))
        self._t.contacts[(account_id, contact_id)] = replace(found, updated_at=phone.created_at)
        return True

    async def delete_phone(self, account_id: str, list_id: str, contact_id: str, phone_id: str,
                           at: datetime) -> bool:
        found = self._found(account_id, list_id, contact_id)
        row = self._t.phones.get((account_id, phone_id))
        if found is None or row is None or row.contact_id != contact_id or row.is_main:
            return False
        self._t.drop_phone_row(account_id, phone_id)
        self._t.contacts[(account_id, contact_id)] = replace(found, updated_at=at)
        return True

    def _numbers(self, account_id: str, list_id: str) -> list[tuple[_PhoneRow, Contact]]:
        """Every number of the list with its contact: by contact, main number first (as PostgreSQL)."""
        found = [(row, self._t.contacts[(account_id, row.contact_id)]) for row in self._t.phones.values()
                 if row.account_id == account_id and row.list_id == list_id]
        return sorted(found, key=lambda pair: (pair[1].created_at, pair[1].id, not pair[0].is_main,
                                                pair[0].created_at, pair[0].id))

    async def recipients(self, account_id: str, list_id: str, chunk: int) -> AsyncGenerator[list[Recipient], None]:
        found = [Recipient(number.phone, contact.first_name, contact.last_name)
                 for number, contact in self._numbers(account_id, list_id)
                 if not self._t.opted_out(account_id, number.phone)]
        for start in range(0, len(found), chunk):
            yield found[start:start + chunk]

    async def first_recipients(self, account_id: str, list_id: str, count: int) -> list[Recipient]:
        found = [one async for chunk in self.recipients(account_id, list_id, 1000) for one in chunk]
        return found[:count]

    async def recipient_summary(self, account_id: str, list_id: str) -> RecipientSummary:
        counted: Counter[tuple[str | None, str | None, int, int]] = Counter()
        async for chunk in self.recipients(account_id, list_id, 1000):
            for one in chunk:
                plain = is_plain_name(one.first_name + one.last_name)
                counted[(None if plain else one.first_name, None if plain else one.last_name,
                         len(one.first_name), len(one.last_name))] += 1
        return RecipientSummary(await self.recipient_counts(account_id, list_id),
                                [RecipientNames(*names, recipients=count) for names, count in counted.items()])

    async def recipient_counts(self, account_id: str, list_id: str) -> RecipientCounts:
        numbers = self._numbers(account_id, list_id)
        distinct = {number.phone for number, _ in numbers}
        opted_out = sum(1 for phone in distinct if self._t.opted_out(account_id, phone))
        return RecipientCounts(contacts=len({contact.id for _, contact in numbers}), numbers=len(distinct),
                               recipients=len(distinct) - opted_out, opted_out=opted_out)
