"""Contact imports and exports in PostgreSQL.

An import locks its list's row (one writer at a time per list, so the `contact_count` it checks
the limit against stays true; the count itself is kept by the trigger of 0013), then takes its
good rows in batches: each is COPYed into a temporary table and decided by set-based statements
(a row is a duplicate when one of its numbers is in the list, in an earlier row of its batch or
in any earlier batch; the rows past the list's room are `contact_list_full`), and the rest go
into `contacts` and `contact_phones` in two INSERT ... SELECTs, while the next batch is read.
Everything is in the unit of work's transaction: a failure anywhere leaves the list as it was.
Contact ids are `uuidv7()`, given as rows arrive, so the contacts of one import keep the file's
order (contacts are listed by creation time, then id).
"""

from __future__ import annotations

import asyncio
import heapq
from collections.abc import AsyncGenerator, AsyncIterable
from datetime import datetime

from psycopg import AsyncConnection

from application.ports.contact_files import ExportedContact, ImportRow
from domain.contact_files import (
    CONTACT_LIST_FULL,
    ContactRow,
    DUPLICATE_CONTACT,
    EXTRA_PHONES_SEPARATOR,
    ImportReport,
    RowError,
)
from domain.contacts import MAX_CONTACTS_PER_LIST
from domain.errors import NotFound

_STAGE = """
CREATE TEMP TABLE contact_import_rows (  -- the batch being decided
    row          integer NOT NULL,
    id           uuid NOT NULL DEFAULT uuidv7(),
    phone        text NOT NULL,
    first_name   text NOT NULL,
    last_name    text NOT NULL,
    email        text NOT NULL,
    extra_phones text NOT NULL
) ON COMMIT DROP;
CREATE TEMP TABLE contact_import_seen (phone text PRIMARY KEY) ON COMMIT DROP;  -- earlier batches' refused rows' numbers
CREATE TEMP TABLE contact_import_rejected (row integer PRIMARY KEY, error text NOT NULL, value text NOT NULL)
    ON COMMIT DROP
"""
_COPY = "COPY contact_import_rows (row, phone, first_name, last_name, email, extra_phones) FROM STDIN"
_NUMBERS = f"""
    SELECT r.row, r.id, n.phone, n.position
    FROM contact_import_rows r
    CROSS JOIN LATERAL unnest(array_prepend(r.phone, string_to_array(nullif(r.extra_phones, ''),
                                                                     '{EXTRA_PHONES_SEPARATOR}')))
        WITH ORDINALITY AS n(phone, position)
"""
# A row is a duplicate when one of its numbers is in an earlier row of its batch, in the list (which
# holds the earlier batches' good rows) or in an earlier batch's refused row (`seen`); the report
# names the first such number of the row (its main number, then its extra ones in order).
_DUPLICATES = f"""
INSERT INTO contact_import_rejected (row, error, value)
WITH numbers AS ({_NUMBERS})
SELECT DISTINCT ON (row) row, '{DUPLICATE_CONTACT}', phone FROM (
    SELECT row, phone, position FROM (
        SELECT row, phone, position, min(row) OVER (PARTITION BY phone) AS first_row FROM numbers
    ) AS earlier WHERE first_row < row
    UNION ALL
    SELECT numbers.row, numbers.phone, numbers.position FROM numbers
    JOIN contact_import_seen s ON s.phone = numbers.phone
    UNION ALL
    SELECT numbers.row, numbers.phone, numbers.position FROM numbers
    JOIN contact_phones p ON p.account_id = %(account)s AND p.list_id = %(list)s AND p.phone = numbers.phone
) AS repeated
ORDER BY row, position
"""
# The numbers of the batch's refused rows: those of its other rows are in the list from now on.
_SEEN = f"""
INSERT INTO contact_import_seen (phone)
SELECT phone FROM ({_NUMBERS}) AS n WHERE EXISTS (SELECT FROM contact_import_rejected x WHERE x.row = n.row)
ON CONFLICT DO NOTHING
"""
_PAST_ROOM = f"""
INSERT INTO contact_import_rejected (row, error, value)
SELECT row, '{CONTACT_LIST_FULL}', phone FROM (
    SELECT r.row, r.phone, row_number() OVER (ORDER BY r.row) AS rank FROM contact_import_rows r
    WHERE NOT EXISTS (SELECT FROM contact_import_rejected x WHERE x.row = r.row)
) AS ranked
WHERE rank > %(room)s
"""
_ACCEPTED = "NOT EXISTS (SELECT FROM contact_import_rejected x WHERE x.row = r.row)"
_INSERT_CONTACTS = f"""
INSERT INTO contacts (account_id, list_id, id, phone, first_name, last_name, email, created_at, updated_at)
SELECT %(account)s, %(list)s, r.id, r.phone, r.first_name, r.last_name, r.email, %(at)s, %(at)s
FROM contact_import_rows r WHERE {_ACCEPTED}
"""
# The main number's row shares its contact's id; extra numbers get theirs in the file's order.
_INSERT_PHONES = f"""
INSERT INTO contact_phones (account_id, list_id, contact_id, id, phone, is_main, created_at)
SELECT %(account)s, %(list)s, r.id, r.phone_id, r.phone, r.position = 1, %(at)s
FROM (
    SELECT numbers.*, CASE WHEN position = 1 THEN id ELSE uuidv7() END AS phone_id
    FROM ({_NUMBERS}) AS numbers ORDER BY row, position  -- ids made after the sort, in its order
) AS r WHERE {_ACCEPTED}
"""
_EXPORT = """
SELECT c.phone, c.first_name, c.last_name, c.email,
       ARRAY(SELECT p.phone FROM contact_phones p
             WHERE p.account_id = c.account_id AND p.contact_id = c.id AND NOT p.is_main
             ORDER BY p.created_at, p.id) AS extra_phones,
       EXISTS (SELECT FROM opt_outs o WHERE o.account_id = c.account_id AND o.phone = c.phone) AS opted_out
FROM contacts c
WHERE c.account_id = %(account)s AND c.list_id = %(list)s
ORDER BY c.created_at, c.id
"""


BATCH_ROWS = 10_000  # rows staged and decided together; what a batch holds is all the memory an import takes


class _Batches:
    """Stages a batch of rows with COPY, then decides and inserts it while the caller reads the
    next one: PostgreSQL writes a batch (the costly part: indexes and foreign keys) while this
    process parses the next, on the same connection, one statement at a time."""

    def __init__(self, conn: AsyncConnection, params: dict[str, object], room: int) -> None:
        self._conn, self._params, self._room = conn, params, room
        self._deciding: asyncio.Task[None] | None = None
        self.imported = 0

    async def add(self, batch: list[ContactRow]) -> None:
        await self.settled()
        if not batch:
            return
        await self._conn.execute("TRUNCATE contact_import_rows")
        async with self._conn.cursor() as cur:
            async with cur.copy(_COPY) as copy:
                for row in batch:
                    await copy.write_row((row.row, row.phone, row.first_name, row.last_name, row.email,
                                          EXTRA_PHONES_SEPARATOR.join(row.extra_phones)))
        self._deciding = asyncio.ensure_future(self._decide())

    async def settled(self) -> None:
        """Wait for the batch being decided (and raise what it raised)."""
        deciding, self._deciding = self._deciding, None
        if deciding is not None:
            await deciding

    async def _decide(self) -> None:
        params = {**self._params, "room": self._room - self.imported}
        await self._conn.execute(_DUPLICATES, params)
        await self._conn.execute(_PAST_ROOM, params)
        await self._conn.execute(_SEEN)
        inserted = await self._conn.execute(_INSERT_CONTACTS, params)
        await self._conn.execute(_INSERT_PHONES, params)
        self.imported += inserted.rowcount


class PostgresContactFiles:
    def __init__(self, conn: AsyncConnection) -> None:
        self._conn = conn

    async def import_rows(self, account_id: str, list_id: str, rows: AsyncIterable[ImportRow],
                          at: datetime) -> ImportReport:
        found = await (await self._conn.execute(
            "SELECT contact_count FROM contact_lists WHERE account_id = %s AND id = %s FOR UPDATE",
            (account_id, list_id))).fetchone()
        if found is None:
            raise NotFound("No such contact list.")
        await self._conn.execute(_STAGE)
        batches = _Batches(self._conn, {"account": account_id, "list": list_id, "at": at},
                           room=MAX_CONTACTS_PER_LIST - found[0])
        given: list[RowError] = []  # in row order, as the rows come
        batch: list[ContactRow] = []
        try:
            async for item in rows:
                if isinstance(item, RowError):
                    given.append(item)
                    continue
                batch.append(item)
                if len(batch) == BATCH_ROWS:
                    await batches.add(batch)
                    batch = []
            await batches.add(batch)
        finally:
            await batches.settled()  # never leave a statement running on the connection
        rejected = await self._conn.execute("SELECT row, error, value FROM contact_import_rejected ORDER BY row")
        found_here = [RowError(row, error, value) for row, error, value in await rejected.fetchall()]
        await self._conn.execute("DROP TABLE contact_import_rows, contact_import_seen, contact_import_rejected")
        errors = tuple(heapq.merge(given, found_here, key=lambda e: e.row))
        return ImportReport(imported=batches.imported, skipped=len(errors), errors=errors)

    async def export_rows(self, account_id: str, list_id: str) -> AsyncGenerator[ExportedContact, None]:
        async with self._conn.cursor(name="contact_export") as cur:
            cur.itersize = 2000
            await cur.execute(_EXPORT, {"account": account_id, "list": list_id})
            async for phone, first_name, last_name, email, extra_phones, opted_out in cur:
                yield ExportedContact(phone, first_name, last_name, email, tuple(extra_phones), opted_out)
