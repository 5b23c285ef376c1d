"""Importing a file of contacts into a list, and exporting a list as a file.

An import reads its file row by row (`table`: row number and cells, as a reader of CSV or a
spreadsheet gives them), checks each row (`domain.contact_files`) and hands the rows to the
list's writer as they come, in one unit of work: the writer decides duplicates and the list's
room, and nothing is committed until the last row is in, so a failure half-way leaves the list as
it was. Memory does not grow with the file: neither side holds more than a row, besides the
report of the rows refused.

An export is streamed the same way: the list is looked up first (so an unknown one is a 404 before
anything is sent), then its contacts are read and written as CSV in chunks while they are sent.
"""

from __future__ import annotations

import asyncio
import csv
import io
from collections.abc import AsyncIterator, Iterable, Iterator, Sequence
from contextlib import aclosing
from dataclasses import dataclass

from application.ports import Clock, ImportRow, UnitOfWorkFactory
from domain.contact_files import EXPORT_HEADER, ImportReport, export_cells, export_file_name, rows_of
from domain.errors import NotFound

Table = Iterable[tuple[int, Sequence[str]]]  # (row number, cells), the header row first
_YIELD_EVERY = 500  # rows read between two turns of the event loop for other requests
_CHUNK = 64 * 1024  # characters of CSV sent at a time


class ImportContacts:
    def __init__(self, uow: UnitOfWorkFactory, clock: Clock) -> None:
        self._uow, self._clock = uow, clock

    async def __call__(self, account_id: str, list_id: str, table: Table) -> ImportReport:
        async with self._uow() as uow:
            report = await uow.contact_files.import_rows(account_id, list_id, _paced(rows_of(table)),
                                                         self._clock.now())
            await uow.commit()
        return report


async def _paced(rows: Iterator[ImportRow]) -> AsyncIterator[ImportRow]:
    """The rows, letting other work of the event loop run every few hundred (reading and checking
    a row is CPU work that awaits nothing)."""
    for count, row in enumerate(rows, start=1):
        yield row
        if count % _YIELD_EVERY == 0:
            await asyncio.sleep(0)


@dataclass(frozen=True, slots=True)
class ContactExport:
    file_name: str  # `<list name>-contacts.csv`
    chunks: AsyncIterator[bytes]  # the CSV, UTF-8, read from the database as it is consumed


class ExportContacts:
    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self, account_id: str, list_id: str) -> ContactExport:
        async with self._uow() as uow:
            found = await uow.contact_lists.get(account_id, list_id)
        if found is None:
            raise NotFound("No such contact list.")
        return ContactExport(export_file_name(found.name, found.id), self._chunks(account_id, list_id))

    async def _chunks(self, account_id: str, list_id: str) -> AsyncIterator[bytes]:
        buffer = io.StringIO()
        writer = csv.writer(buffer)
        writer.writerow(EXPORT_HEADER)
        async with self._uow() as uow, aclosing(uow.contact_files.export_rows(account_id, list_id)) as contacts:
            async for contact in contacts:
                writer.writerow(export_cells(contact.phone, contact.first_name, contact.last_name, contact.email,
                                             contact.extra_phones, contact.opted_out))
                if buffer.tell() >= _CHUNK:
                    yield buffer.getvalue().encode()
                    buffer.seek(0)
                    buffer.truncate()
        yield buffer.getvalue().encode()
