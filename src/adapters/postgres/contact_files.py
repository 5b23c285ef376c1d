"""Contact imports and exports in PostgreSQL.

An import locks its list's row (one writer at a time per list, so the `contact_count` it checks the
limit against stays true; the count itself is kept by the trigger of 0013), COPYs its good rows into a temporary table in the transaction, and then
decides and writes every row with set-based statements: a row is a duplicate when one of its
numbers is in the list already or in an earlier row (a window over the file's numbers), the rows
past the list's room are `contact_list_full`, and the rest go into `contacts` and
`contact_phones` in two INSERT ... SELECTs. Nothing is written to the list's tables until the
whole file is in, and everything is in the unit of work's transaction: a failure anywhere leaves
the list as it was. Contact ids are `uuidv7()`, given as rows arrive, so the contacts of one
import keep the file's order (contacts are listed by creation time, then id).
"""

from __future__ import annotations

import heapq
from collections.abc import AsyncGenerator, AsyncIterable
from datetime import datetime

from psycopg import AsyncConnection

from adapters.postgres.ids import is_uuid
from application.ports.contact_files import ExportedContact, ImportRow
from domain.contact_files import (
    CONTACT_LIST_FULL,
    DUPLICATE_CONTACT,
    EXTRA_PHONES_SEPARATOR,
    ImportReport,
    RowError,
)
from domain.contacts import MAX_CONTACTS_PER_LIST
from domain.errors import NotFound

_STAGE = """
CREATE TEMP TABLE contact_import_rows (
    row          integer NOT NULL,
    id           uuid NOT NULL DEFAULT uuidv7(),
    phone        text NOT NULL,
    first_name   text NOT NULL,
    last_name    text NOT NULL,
    email        text NOT NULL,
    extra_phones text NOT NULL
) ON COMMIT DROP;
CREATE TEMP TABLE contact_import_rejected (row integer PRIMARY KEY, error text NOT NULL) ON COMMIT DROP
"""
_COPY = "COPY contact_import_rows (row, phone, first_name, last_name, email, extra_phones) FROM STDIN"
_NUMBERS = f"""
    SELECT r.row, r.id, n.phone, n.position
    FROM contact_import_rows r
    CROSS JOIN LATERAL unnest(array_prepend(r.phone, string_to_array(nullif(r.extra_phones, ''),
                                                                     '{EXTRA_PHONES_SEPARATOR}')))
        WITH ORDINALITY AS n(phone, position)
"""
_DUPLICATES = f"""
INSERT INTO contact_import_rejected (row, error)
WITH numbers AS ({_NUMBERS})
SELECT row, '{DUPLICATE_CONTACT}' FROM (
    SELECT row, min(row) OVER (PARTITION BY phone) AS first_row FROM numbers
) AS seen WHERE first_row < row
UNION
SELECT numbers.row, '{DUPLICATE_CONTACT}' FROM numbers
JOIN contact_phones p ON p.account_id = %(account)s AND p.list_id = %(list)s AND p.phone = numbers.phone
"""
_PAST_ROOM = f"""
INSERT INTO contact_import_rejected (row, error)
SELECT row, '{CONTACT_LIST_FULL}' FROM (
    SELECT r.row, row_number() OVER (ORDER BY r.row) AS rank FROM contact_import_rows r
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


class PostgresContactFiles:
    def __init__(self, conn: AsyncConnection) -> None:
        self._conn = conn

    async def import_rows(self, account_id: str, list_id: str, rows: AsyncIterable[ImportRow],
                          at: datetime) -> ImportReport:
        if not is_uuid(list_id):
            raise NotFound("No such contact list.")
        found = await (await self._conn.execute(
            "SELECT contact_count FROM contact_lists WHERE account_id = %s AND id = %s FOR UPDATE",
            (account_id, list_id))).fetchone()
        if found is None:
            raise NotFound("No such contact list.")
        await self._conn.execute(_STAGE)
        given: list[RowError] = []  # in row order, as the rows come
        async with self._conn.cursor() as cur:
            async with cur.copy(_COPY) as copy:
                async for item in rows:
                    if isinstance(item, RowError):
                        given.append(item)
                    else:
                        await copy.write_row((item.row, item.phone, item.first_name, item.last_name, item.email,
                                              EXTRA_PHONES_SEPARATOR.join(item.extra_phones)))
        params = {"account": account_id, "list": list_id, "at": at, "room": MAX_CONTACTS_PER_LIST - found[0]}
        await self._conn.execute("ANALYZE contact_import_rows")
        await self._conn.execute(_DUPLICATES, params)
        await self._conn.execute(_PAST_ROOM, params)
        inserted = await self._conn.execute(_INSERT_CONTACTS, params)
        await self._conn.execute(_INSERT_PHONES, params)
        rejected = await self._conn.execute("SELECT row, error FROM contact_import_rejected ORDER BY row")
        found_here = [RowError(row, error) for row, error in await rejected.fetchall()]
        await self._conn.execute("DROP TABLE contact_import_rows, contact_import_rejected")
        errors = tuple(heapq.merge(given, found_here, key=lambda e: e.row))
        return ImportReport(imported=inserted.rowcount, skipped=len(errors), errors=errors)

    async def export_rows(self, account_id: str, list_id: str) -> AsyncGenerator[ExportedContact, None]:
        if not is_uuid(list_id):
            return
        async with self._conn.cursor(name="contact_export") as cur:
            cur.itersize = 2000
            await cur.execute(_EXPORT, {"account": account_id, "list": list_id})
            async for phone, first_name, last_name, email, extra_phones, opted_out in cur:
                yield ExportedContact(phone, first_name, last_name, email, tuple(extra_phones), opted_out)
