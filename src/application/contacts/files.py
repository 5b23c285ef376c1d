"""Importing a file of contacts into a list, and exporting a list as a file.

An import reads its file row by row (row number and cells, as the reader of CSV or of a
workbook gives them), checks each row (`domain.contact_files`) and hands the rows to the
list's writer as they come, in one unit of work: the writer decides duplicates and the list's
room, and nothing is committed until the last row is in, so a failure half-way leaves the list as
it was. Memory does not grow with the file: neither side holds more than a batch of rows, besides
the report of the rows refused. Reading and checking rows is CPU work that awaits nothing (a
workbook is checked against its limits, then parsed, when it is opened), so it runs in a worker
thread, a batch at a time, and the event loop goes on serving other requests meanwhile.

An export is streamed the same way: the list is looked up first (so an unknown one is a 404 before
anything is sent), then its contacts are read and written as CSV in chunks while they are sent.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncIterator, Iterator
from contextlib import aclosing
from dataclasses import dataclass
from typing import IO

from application.csv_files import csv_chunks
from application.ports import Clock, ImportRow, TableReader, UnitOfWorkFactory
from domain.contact_files import (
    EXPORT_HEADER,
    UNREADABLE_FILE,
    ImportReport,
    RowError,
    UnreadableFile,
    export_cells,
    export_file_name,
    rows_of,
)
from domain.errors import NotFound

_BATCH = 500  # rows read and checked in the worker thread at a time


class ImportContacts:
    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, read_table: TableReader) -> None:
        self._uow, self._clock, self._read_table = uow, clock, read_table

    async def __call__(self, account_id: str, list_id: str, file: IO[bytes]) -> ImportReport:
        """Import `file` (the whole of it) into the list; NotFound for another account's list. A
        file that cannot be read to its end imports nothing: its report is that one error."""
        table = await asyncio.to_thread(self._read_table, file)  # a file over the limits is refused here
        rows = _read_aside(rows_of(table))
        try:
            async with self._uow() as uow:
                report = await uow.contact_files.import_rows(account_id, list_id, rows, self._clock.now())
                await uow.commit()
        except UnreadableFile as exc:
            return ImportReport(imported=0, skipped=1, errors=(RowError(exc.row, UNREADABLE_FILE),))
        return report


async def _read_aside(rows: Iterator[ImportRow]) -> AsyncIterator[ImportRow]:
    """The rows, read and checked a batch at a time in a worker thread."""
    while batch := await asyncio.to_thread(list, itertools.islice(rows, _BATCH)):
        for row in batch:
            yield row


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
        async with self._uow() as uow, aclosing(uow.contact_files.export_rows(account_id, list_id)) as contacts:
            rows = ([export_cells(contact.phone, contact.first_name, contact.last_name, contact.email,
                                  contact.extra_phones, contact.opted_out)] async for contact in contacts)
            async for chunk in csv_chunks(EXPORT_HEADER, rows):
                yield chunk.encode()
