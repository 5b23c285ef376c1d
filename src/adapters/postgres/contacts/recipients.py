"""A contact list's recipients in PostgreSQL, as a campaign reads them (`ContactRepository`'s
`recipients`, `first_recipients`, `recipient_counts`, `recipient_summary`; `PostgresContacts`
has them from here).

A campaign reads every number in order, through a server-side cursor. Its preview reads only
the first few, by the index of the list's contacts, and counts the rest grouped: the contacts
themselves (each one's main number is its `phone`) beside the list's extra numbers, which most
lists have few of, their names by their lengths where `plain_names` (migration 0034) says the
lengths are all that prices them. One pass over the list; a row out for each length of plain
names, and each pair of any other names.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import AsyncGenerator
from typing import Any

from psycopg import AsyncConnection

from application.ports import Recipient, RecipientCounts, RecipientNames, RecipientSummary

_NOT_OPTED_OUT = "NOT EXISTS (SELECT 1 FROM opt_outs o WHERE o.account_id = p.account_id AND o.phone = p.phone)"
# Every number of the list with its contact (each held once in a list by its constraint), named
# after its contact, less those that opted out.
_RECIPIENTS = (
    "FROM contact_phones p JOIN contacts c ON c.account_id = p.account_id AND c.id = p.contact_id"
    f" WHERE p.account_id = %s AND p.list_id = %s AND {_NOT_OPTED_OUT}"
)
_IN_ORDER = "ORDER BY c.created_at, c.id, p.is_main DESC, p.created_at, p.id"  # by contact, main number first
# The first few: contact by contact along the index of the list's contacts, until there are enough.
_FIRST = (
    "SELECT p.phone, c.first_name, c.last_name FROM contacts c CROSS JOIN LATERAL"
    " (SELECT p.phone, p.is_main, p.created_at, p.id FROM contact_phones p"
    f"  WHERE p.account_id = c.account_id AND p.contact_id = c.id AND {_NOT_OPTED_OUT}) AS p"
    f" WHERE c.account_id = %s AND c.list_id = %s {_IN_ORDER} LIMIT %s"
)
# Every number of the list, opted out or not, each row (main, opted_out, names, lengths) counted.
_NUMBERS = (
    " FROM (SELECT c.account_id, c.phone, c.first_name, c.last_name, c.plain_names, true AS main"
    "       FROM contacts c WHERE c.account_id = %(account)s AND c.list_id = %(list)s"
    "       UNION ALL"
    "       SELECT p.account_id, p.phone, c.first_name, c.last_name, c.plain_names, false"
    "       FROM contact_phones p JOIN contacts c ON c.account_id = p.account_id AND c.id = p.contact_id"
    "       WHERE p.account_id = %(account)s AND p.list_id = %(list)s AND NOT p.is_main) AS n"
    " LEFT JOIN opt_outs o ON o.account_id = n.account_id AND o.phone = n.phone"
)
_COUNTED = "n.main, o.phone IS NOT NULL, count(*)"
_BY_NAMES = (
    "SELECT CASE WHEN n.plain_names THEN NULL ELSE n.first_name END,"
    " CASE WHEN n.plain_names THEN NULL ELSE n.last_name END, char_length(n.first_name), char_length(n.last_name),"
    f" {_COUNTED} {_NUMBERS} GROUP BY 1, 2, 3, 4, 5, 6"
)
_BY_KIND = f"SELECT NULL, NULL, 0, 0, {_COUNTED} {_NUMBERS} GROUP BY 5, 6"


def _summary(rows: list[tuple[Any, ...]]) -> RecipientSummary:
    contacts = numbers = opted_out = 0
    names: Counter[tuple[str | None, str | None, int, int]] = Counter()
    for first_name, last_name, first_length, last_length, main, opted, count in rows:
        numbers += count
        contacts += count if main else 0
        if opted:
            opted_out += count
        else:
            names[(first_name, last_name, first_length, last_length)] += count
    return RecipientSummary(
        RecipientCounts(contacts=contacts, numbers=numbers, recipients=numbers - opted_out, opted_out=opted_out),
        [RecipientNames(*pair, recipients=count) for pair, count in names.items()])


class PostgresRecipients:
    _conn: AsyncConnection

    async def recipients(self, account_id: str, list_id: str, chunk: int) -> AsyncGenerator[list[Recipient], None]:
        # A server-side cursor (neither side holds a whole list in memory) inside the unit of work's
        # transaction: the caller may write (COPY) between two chunks on the same connection.
        async with self._conn.cursor(name="campaign_recipients") as cur:
            await cur.execute(f"SELECT p.phone, c.first_name, c.last_name {_RECIPIENTS} {_IN_ORDER}",
                              (account_id, list_id))
            while rows := await cur.fetchmany(chunk):
                yield [Recipient(phone, first_name, last_name) for phone, first_name, last_name in rows]

    async def first_recipients(self, account_id: str, list_id: str, count: int) -> list[Recipient]:
        rows = await (await self._conn.execute(_FIRST, (account_id, list_id, count))).fetchall()
        return [Recipient(phone, first_name, last_name) for phone, first_name, last_name in rows]

    async def _counted(self, query: str, account_id: str, list_id: str) -> RecipientSummary:
        return _summary(await (await self._conn.execute(query, {"account": account_id, "list": list_id})).fetchall())

    async def recipient_counts(self, account_id: str, list_id: str) -> RecipientCounts:
        return (await self._counted(_BY_KIND, account_id, list_id)).counts

    async def recipient_summary(self, account_id: str, list_id: str) -> RecipientSummary:
        return await self._counted(_BY_NAMES, account_id, list_id)
