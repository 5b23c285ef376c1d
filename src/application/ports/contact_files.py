"""Contacts in bulk: the rows of an import into a list, and a list's contacts for an export."""

from __future__ import annotations

from collections.abc import AsyncGenerator, AsyncIterable
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from domain.contact_files import ContactRow, ImportReport, RowError

ImportRow = ContactRow | RowError
"""A row of an import: a contact (numbers in E.164, `domain.contact_files.check_row`) or the
reason the row is not one, reported as it is."""


@dataclass(frozen=True, slots=True)
class ExportedContact:
    phone: str  # E.164
    first_name: str
    last_name: str
    email: str
    extra_phones: tuple[str, ...]  # E.164, oldest first
    opted_out: bool  # the main number replied STOP to this account


class ContactFiles(Protocol):
    async def import_rows(self, account_id: str, list_id: str, rows: AsyncIterable[ImportRow],
                          at: datetime) -> ImportReport:
        """Add every contact of `rows` to the list, in the unit of work's transaction (so all of
        them or, if it is not committed, none), and report the rows not added, in row order: the
        errors given, `duplicate_contact` for a row holding a number already in the list or in an
        earlier contact of `rows`, `contact_list_full` for the contacts past the list's limit.
        `NotFound` for an unknown list or another account's."""
        ...

    def export_rows(self, account_id: str, list_id: str) -> AsyncGenerator[ExportedContact, None]:
        """The list's contacts in the order they were added, read as they are consumed (nothing
        for an unknown list or another account's)."""
        ...
