"""Contact lists and their contacts."""

from __future__ import annotations

from collections.abc import AsyncGenerator
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from domain.contacts import Contact, ContactList, ContactPhone, ContactSearch


@dataclass(frozen=True, slots=True)
class Recipient:
    """One number a campaign sends to, with the names its text is personalised with."""

    phone: str  # E.164
    first_name: str
    last_name: str


@dataclass(frozen=True, slots=True)
class RecipientCounts:
    contacts: int  # contacts in the list
    numbers: int  # their numbers, main and extra (a list holds a number once)
    recipients: int  # the numbers sent to: `numbers` less `opted_out`
    opted_out: int  # numbers left out because they replied STOP


@dataclass(frozen=True, slots=True)
class RecipientNames:
    """How many of a list's recipients carry one pair of names: a plain pair
    (`domain.campaigns.is_plain_name`) by its lengths alone (`first_name` and `last_name` None),
    any other by the names themselves."""

    first_name: str | None
    last_name: str | None
    first_length: int
    last_length: int
    recipients: int


@dataclass(frozen=True, slots=True)
class RecipientSummary:
    """A list's recipients counted, and their names counted (`RecipientNames`): all a campaign's
    size and credits depend on."""

    counts: RecipientCounts
    names: list[RecipientNames]


class ContactListRepository(Protocol):
    async def default(self, account_id: str, new_id: str, at: datetime) -> ContactList:
        """The account's default list, created (under `new_id`) on first access: concurrent
        first accesses create one list between them."""
        ...

    async def get(self, account_id: str, list_id: str) -> ContactList | None:
        """With its `contact_count`; None for an unknown id or another account's list."""
        ...

    async def add(self, contact_list: ContactList) -> None: ...

    async def page(self, account_id: str, limit: int, offset: int) -> tuple[list[ContactList], int]:
        """The account's lists, the default list first, then the newest first; and how many
        lists the account has."""
        ...

    async def save(self, contact_list: ContactList) -> bool:
        """Store a list's name, description and `updated_at`; False when it is gone."""
        ...

    async def delete(self, account_id: str, list_id: str) -> bool:
        """Delete a list that is not the default one, with its contacts; False when there is
        no such list (or it is the default one)."""
        ...

    async def exists(self, account_id: str, list_id: str) -> bool:
        """Whether the account has this contact list."""
        ...


class ContactRepository(Protocol):
    """A list's contacts. Every number of a contact, main and extra, is unique in its list
    (compared in E.164): a write that would repeat one raises `DuplicateContact`, however many
    writers race. A list holds at most `MAX_CONTACTS_PER_LIST` contacts: an add past it raises
    `ContactListFull`. Each method takes the account and the list, and finds nothing of another
    account or list."""

    async def add(self, contact: Contact) -> None:
        """A new contact with its main number (`phone`); `phones` and `opted_out` are ignored."""
        ...

    async def get(self, account_id: str, list_id: str, contact_id: str) -> Contact | None:
        """With its extra numbers (oldest first) and whether its numbers opted out."""
        ...

    async def page(self, account_id: str, list_id: str, search: ContactSearch, limit: int,
                   offset: int) -> tuple[list[Contact], int]:
        """The contacts `search` finds (`domain.contacts.contact_matches`), in the order they
        were added, and how many it finds."""
        ...

    async def save(self, contact: Contact) -> bool:
        """Store a contact's names, email, main number and `updated_at` (a new main number is
        checked as `add` checks it); False when the contact is gone."""
        ...

    async def delete(self, account_id: str, list_id: str, contact_id: str) -> bool: ...

    async def add_phone(self, account_id: str, list_id: str, contact_id: str, phone: ContactPhone) -> bool:
        """An extra number for a contact (its `updated_at` becomes the number's `created_at`);
        False when the contact is gone."""
        ...

    async def delete_phone(self, account_id: str, list_id: str, contact_id: str, phone_id: str,
                           at: datetime) -> bool:
        """Remove an extra number (never the main one); False when the contact has no such one."""
        ...

    def recipients(self, account_id: str, list_id: str, chunk: int) -> AsyncGenerator[list[Recipient], None]:
        """The list's recipients, at most `chunk` at a time: every number of the list, main and
        extra (each held once in a list), named after its contact, by contact (oldest first) with
        its main number first; numbers opted out of the account left out, each on its own."""
        ...

    async def first_recipients(self, account_id: str, list_id: str, count: int) -> list[Recipient]:
        """The first `count` of `recipients`, without reading the rest of the list."""
        ...

    async def recipient_counts(self, account_id: str, list_id: str) -> RecipientCounts: ...

    async def recipient_summary(self, account_id: str, list_id: str) -> RecipientSummary:
        """`recipient_counts`, and the names `recipients` would give counted (in any order):
        without reading every recipient out."""
        ...
