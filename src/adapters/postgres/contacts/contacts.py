"""Contact lists and contacts in PostgreSQL (schema: migrations 0012, 0013).

Every number of a contact is a row of `contact_phones`, its main one under the contact's own id
(`is_main`), and UNIQUE (account_id, list_id, phone) keeps a number once per list: a write that
would repeat one meets the constraint, inside a savepoint so the caller's transaction goes on,
and becomes `DuplicateContact`. `contact_lists.contact_count` is kept by a trigger whose CHECK
refuses the contact past the limit (`ContactListFull`). A list's recipients, as a campaign reads
them, are `adapters.postgres.contacts.recipients`.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace
from datetime import datetime
from typing import Any

from psycopg import AsyncConnection, errors
from psycopg.rows import class_row, dict_row

from adapters.postgres.contacts.recipients import PostgresRecipients
from adapters.postgres.text_search import contains_digits, contains_text
from domain.contacts import DEFAULT_LIST_NAME, Contact, ContactList, ContactPhone, ContactSearch
from domain.errors import ContactListFull, DuplicateContact, NotFound

_LIST = (
    "SELECT account_id::text, id::text, name, description, is_default, created_at, updated_at, contact_count"
    " FROM contact_lists"
)
_CONTACT = (
    "SELECT c.account_id::text, c.list_id::text, c.id::text, c.phone, c.first_name, c.last_name, c.email,"
    " c.created_at, c.updated_at, o.phone IS NOT NULL AS opted_out"
    " FROM contacts c LEFT JOIN opt_outs o ON o.account_id = c.account_id AND o.phone = c.phone"
)
_UNIQUE_IN_LIST = "contact_phones_unique_in_list"
_COUNT_LIMIT = "contact_lists_at_most_100000_contacts"


@asynccontextmanager
async def _refusing_duplicates(conn: AsyncConnection) -> AsyncIterator[None]:
    """Run the block in a savepoint; a number already in the list (or a full list) rolls the
    block back, leaves the transaction usable and raises the domain's refusal."""
    await conn.execute("SAVEPOINT contact_write")
    try:
        yield
    except errors.UniqueViolation as exc:
        await conn.execute("ROLLBACK TO SAVEPOINT contact_write")
        if exc.diag.constraint_name == _UNIQUE_IN_LIST:
            raise DuplicateContact(field="phone") from exc
        raise
    except errors.CheckViolation as exc:
        await conn.execute("ROLLBACK TO SAVEPOINT contact_write")
        if exc.diag.constraint_name == _COUNT_LIMIT:
            raise ContactListFull() from exc
        raise
    except errors.ForeignKeyViolation as exc:  # the list (or contact) was deleted meanwhile
        await conn.execute("ROLLBACK TO SAVEPOINT contact_write")
        raise NotFound() from exc
    except BaseException:
        await conn.execute("ROLLBACK TO SAVEPOINT contact_write")
        raise
    await conn.execute("RELEASE SAVEPOINT contact_write")


class PostgresContactLists:
    def __init__(self, conn: AsyncConnection) -> None:
        self._conn = conn

    async def _lists(self, query: str, params: tuple[Any, ...]) -> list[ContactList]:
        async with self._conn.cursor(row_factory=class_row(ContactList)) as cur:
            await cur.execute(query, params)
            return await cur.fetchall()

    async def default(self, account_id: str, new_id: str, at: datetime) -> ContactList:
        found = await self._lists(f"{_LIST} WHERE account_id = %s AND is_default", (account_id,))
        if found:
            return found[0]
        # Racing first accesses meet the one-default index: the loser waits for the winner's
        # commit, inserts nothing, and reads the winner's list.
        await self._conn.execute(
            "INSERT INTO contact_lists (account_id, id, name, description, is_default, created_at, updated_at)"
            " VALUES (%s, %s, %s, '', true, %s, %s) ON CONFLICT (account_id) WHERE is_default DO NOTHING",
            (account_id, new_id, DEFAULT_LIST_NAME, at, at),
        )
        found = await self._lists(f"{_LIST} WHERE account_id = %s AND is_default", (account_id,))
        return found[0]

    async def get(self, account_id: str, list_id: str) -> ContactList | None:
        found = await self._lists(f"{_LIST} WHERE account_id = %s AND id = %s", (account_id, list_id))
        return found[0] if found else None

    async def add(self, contact_list: ContactList) -> None:
        await self._conn.execute(
            "INSERT INTO contact_lists (account_id, id, name, description, is_default, created_at, updated_at)"
            " VALUES (%s, %s, %s, %s, %s, %s, %s)",
            (contact_list.account_id, contact_list.id, contact_list.name, contact_list.description,
             contact_list.is_default, contact_list.created_at, contact_list.updated_at),
        )

    async def page(self, account_id: str, limit: int, offset: int) -> tuple[list[ContactList], int]:
        lists = await self._lists(
            f"{_LIST} WHERE account_id = %s ORDER BY is_default DESC, created_at DESC, id DESC LIMIT %s OFFSET %s",
            (account_id, limit, offset),
        )
        counted = await self._conn.execute("SELECT count(*) FROM contact_lists WHERE account_id = %s", (account_id,))
        row = await counted.fetchone()
        return lists, int(row[0]) if row else 0

    async def save(self, contact_list: ContactList) -> bool:
        cur = await self._conn.execute(
            "UPDATE contact_lists SET name = %s, description = %s, updated_at = %s WHERE account_id = %s AND id = %s",
            (contact_list.name, contact_list.description, contact_list.updated_at, contact_list.account_id,
             contact_list.id),
        )
        return cur.rowcount > 0

    async def delete(self, account_id: str, list_id: str) -> bool:
        cur = await self._conn.execute(
            "DELETE FROM contact_lists WHERE account_id = %s AND id = %s AND NOT is_default", (account_id, list_id)
        )
        return cur.rowcount > 0

    async def exists(self, account_id: str, list_id: str) -> bool:
        cur = await self._conn.execute("SELECT 1 AS found FROM contact_lists WHERE account_id = %s AND id = %s",
                                       (account_id, list_id))
        return await cur.fetchone() is not None


_NAMES = "c.first_name || ' ' || c.last_name"  # the first name and the last name each lie within


def _search_conditions(account_id: str, list_id: str, search: ContactSearch) -> tuple[str, list[Any]]:
    """The WHERE clause (after the list's own) of what `search` finds, and its parameters. The
    numbers that hold the digits are found in one pass over the list's numbers (a subquery that
    names the list, not each contact, so it runs once), then the contacts in one over the list."""
    if search.number is not None:
        return (" AND c.id IN (SELECT p.contact_id FROM contact_phones p"
                " WHERE p.account_id = c.account_id AND p.list_id = c.list_id AND p.phone = %s)", [search.number])
    found: list[str] = []
    params: list[Any] = []
    if search.digits:
        any_digits = " OR ".join(contains_digits("p.phone") for _ in search.digits)
        found.append("c.id IN (SELECT p.contact_id FROM contact_phones p WHERE p.account_id = %s"
                     f" AND p.list_id = %s AND ({any_digits}))")
        params += [account_id, list_id, *search.digits]
    if search.text is not None:
        found.append(f"{contains_text(_NAMES, search.text)} OR {contains_text('c.email', search.text)}")
        params += [search.text] * 2
    if not found:
        return "", []
    return f" AND ({' OR '.join(found)})", params


class PostgresContacts(PostgresRecipients):
    def __init__(self, conn: AsyncConnection) -> None:
        self._conn = conn

    async def add(self, contact: Contact) -> None:
        async with _refusing_duplicates(self._conn):
            await self._conn.execute(
                "WITH added AS (INSERT INTO contacts (account_id, list_id, id, phone, first_name, last_name, email,"
                " created_at, updated_at) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s) RETURNING *)"
                " INSERT INTO contact_phones (account_id, list_id, contact_id, id, phone, is_main, created_at)"
                " SELECT account_id, list_id, id, id, phone, true, created_at FROM added",
                (contact.account_id, contact.list_id, contact.id, contact.phone, contact.first_name,
                 contact.last_name, contact.email, contact.created_at, contact.updated_at),
            )

    async def _with_phones(self, account_id: str, contacts: list[Contact]) -> list[Contact]:
        if not contacts:
            return contacts
        extra: dict[str, list[ContactPhone]] = {contact.id: [] for contact in contacts}
        async with self._conn.cursor(row_factory=dict_row) as cur:
            await cur.execute(
                "SELECT p.contact_id::text, p.id::text, p.phone, p.created_at, o.phone IS NOT NULL AS opted_out"
                " FROM contact_phones p LEFT JOIN opt_outs o ON o.account_id = p.account_id AND o.phone = p.phone"
                " WHERE p.account_id = %s AND p.contact_id = ANY(%s::uuid[]) AND NOT p.is_main"
                " ORDER BY p.created_at, p.id",
                (account_id, list(extra)),
            )
            for row in await cur.fetchall():
                extra[row.pop("contact_id")].append(ContactPhone(**row))
        return [replace(contact, phones=tuple(extra[contact.id])) for contact in contacts]

    async def _contacts(self, query: str, params: list[Any]) -> list[Contact]:
        async with self._conn.cursor(row_factory=class_row(Contact)) as cur:
            await cur.execute(query, params)
            return await cur.fetchall()

    async def get(self, account_id: str, list_id: str, contact_id: str) -> Contact | None:
        found = await self._contacts(f"{_CONTACT} WHERE c.account_id = %s AND c.list_id = %s AND c.id = %s",
                                     [account_id, list_id, contact_id])
        return (await self._with_phones(account_id, found))[0] if found else None

    async def page(self, account_id: str, list_id: str, search: ContactSearch, limit: int,
                   offset: int) -> tuple[list[Contact], int]:
        where, params = _search_conditions(account_id, list_id, search)
        contacts = await self._contacts(
            f"{_CONTACT} WHERE c.account_id = %s AND c.list_id = %s{where}"
            " ORDER BY c.created_at, c.id LIMIT %s OFFSET %s",
            [account_id, list_id, *params, limit, offset],
        )
        if len(contacts) < limit and (contacts or offset == 0):
            total = offset + len(contacts)  # the last page: no count needed
        else:
            counted = await self._conn.execute(
                f"SELECT count(*) FROM contacts c WHERE c.account_id = %s AND c.list_id = %s{where}",
                [account_id, list_id, *params],
            )
            row = await counted.fetchone()
            total = int(row[0]) if row else 0
        return await self._with_phones(account_id, contacts), total

    async def save(self, contact: Contact) -> bool:
        async with _refusing_duplicates(self._conn):
            await self._conn.execute(
                "UPDATE contact_phones SET phone = %s WHERE account_id = %s AND id = %s AND is_main AND phone <> %s",
                (contact.phone, contact.account_id, contact.id, contact.phone),
            )
            cur = await self._conn.execute(
                "UPDATE contacts SET phone = %s, first_name = %s, last_name = %s, email = %s, updated_at = %s"
                " WHERE account_id = %s AND list_id = %s AND id = %s",
                (contact.phone, contact.first_name, contact.last_name, contact.email, contact.updated_at,
                 contact.account_id, contact.list_id, contact.id),
            )
        return cur.rowcount > 0

    async def delete(self, account_id: str, list_id: str, contact_id: str) -> bool:
        cur = await self._conn.execute(
            "DELETE FROM contacts WHERE account_id = %s AND list_id = %s AND id = %s", (account_id, list_id, contact_id)
        )
        return cur.rowcount > 0

    async def add_phone(self, account_id: str, list_id: str, contact_id: str, phone: ContactPhone) -> bool:
        async with _refusing_duplicates(self._conn):
            # Touching the contact first locks it: a concurrent delete cannot slip in between.
            touched = await self._conn.execute(
                "UPDATE contacts SET updated_at = %s WHERE account_id = %s AND list_id = %s AND id = %s",
                (phone.created_at, account_id, list_id, contact_id),
            )
            if touched.rowcount == 0:
                return False
            await self._conn.execute(
                "INSERT INTO contact_phones (account_id, list_id, contact_id, id, phone, is_main, created_at)"
                " VALUES (%s, %s, %s, %s, %s, false, %s)",
                (account_id, list_id, contact_id, phone.id, phone.phone, phone.created_at),
            )
        return True

    async def delete_phone(self, account_id: str, list_id: str, contact_id: str, phone_id: str,
                           at: datetime) -> bool:
        cur = await self._conn.execute(
            "WITH gone AS (DELETE FROM contact_phones WHERE account_id = %s AND list_id = %s AND contact_id = %s"
            " AND id = %s AND NOT is_main RETURNING contact_id)"
            " UPDATE contacts SET updated_at = %s WHERE account_id = %s AND id IN (SELECT contact_id FROM gone)",
            (account_id, list_id, contact_id, phone_id, at, account_id),
        )
        return cur.rowcount > 0
