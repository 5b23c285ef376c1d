"""Contact lists and their contacts."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Protocol


@dataclass(frozen=True, slots=True)
class ContactList:
    account_id: str
    id: str
    name: str
    description: str
    is_default: bool
    created_at: datetime
    updated_at: datetime
    contact_count: int = 0


@dataclass(frozen=True, slots=True)
class ContactPhone:
    """An extra number of a contact."""

    id: str
    phone: str  # E.164
    created_at: datetime


@dataclass(frozen=True, slots=True)
class Contact:
    account_id: str
    list_id: str
    id: str
    phone: str  # the main number, E.164
    first_name: str
    last_name: str
    email: str
    created_at: datetime
    updated_at: datetime
    phones: tuple[ContactPhone, ...] = ()  # extra numbers, oldest first
    opted_out: bool = False  # the main number replied STOP to this account


class ContactListRepository(Protocol):
    async def default(self, account_id: str, new_id: str, at: datetime) -> ContactList:
        """The account's default list, created (under `new_id`) on first access: concurrent
        first accesses create one list between them."""
        ...

    async def get(self, account_id: str, list_id: str) -> ContactList | None:
        """With its `contact_count`; None for an unknown id or another account's list."""
        ...
