"""Contact files on memory adapters: an export imports back unchanged, whatever the names hold
(formulas, quotes, commas, newlines, any script) and whichever valid numbers; an import is one
transaction; a list that is not the account's is not found."""

from __future__ import annotations

import asyncio
import io
import threading
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from adapters.memory.store import MemoryStore
from adapters.memory.system import FrozenClock
from adapters.memory.uow import MemoryUnitOfWork
from adapters.spreadsheets import read_table
from application.contacts.files import ExportContacts, ImportContacts
from application.ports import Table
from domain.contact_files import ImportReport, RowError
from domain.contacts import (
    Contact,
    ContactList,
    ContactPhone,
    ContactSearch,
    validate_contact_email,
    validate_contact_name,
)
from domain.errors import NotFound, ValidationError
from domain.phone import e164_of
import hostile_workbooks
from tests_support import ids

ACCOUNT = ids(1)
OTHER = ids(2)
T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def valid_name(raw: str) -> str | None:
    try:
        name = validate_contact_name(raw, field="first_name")
    except ValidationError:
        return None
    return name


text = st.text(st.characters(exclude_categories=("Cs",), exclude_characters="\x00"), max_size=40)
tricky = st.sampled_from(["=1+1", "'=x", "''@y", "+255712345678", "-", "@SUM(A1)", "\"quoted\"", "a,b;c", "line\nbreak",
                          "cr\r\nlf", "Zuhura Müller", "'", "Ng'ombe", "=cmd|' /C calc'!A0", "\tx", "Œ∑´®†¥"])
names = st.one_of(text, tricky).map(valid_name).filter(lambda name: name is not None)
emails = st.sampled_from(["", "amina@example.com", "=cmd@example.com", "+tag@example.co.tz", "-dash@example.com",
                          "@x@example.com"]).filter(lambda e: _valid_email(e))
numbers = st.builds(lambda prefix, rest: f"+255{prefix}{rest:07d}",
                    st.sampled_from(["61", "62", "65", "67", "68", "69", "71", "74", "75", "76", "77", "78"]),
                    st.integers(0, 9_999_999)).filter(lambda n: _valid_number(n))


def _valid_email(raw: str) -> bool:
    try:
        validate_contact_email(raw)
    except ValidationError:
        return False
    return True


def _valid_number(raw: str) -> bool:
    try:
        return e164_of(raw) == raw
    except Exception:
        return False


contacts = st.lists(st.tuples(names, names, emails, st.integers(0, 3)), max_size=12)


def uow_of(store: MemoryStore) -> MemoryUnitOfWork:
    return MemoryUnitOfWork(store)


async def seeded_list(store: MemoryStore, list_id: str, account: str = ACCOUNT) -> None:
    async with uow_of(store) as uow:
        await uow.contact_lists.add(ContactList(account_id=account, id=list_id, name="Wateja", description="",
                                                is_default=False, created_at=T0, updated_at=T0))
        await uow.commit()


async def shown(store: MemoryStore, list_id: str) -> list[tuple[str, str, str, str, tuple[str, ...]]]:
    async with uow_of(store) as uow:
        found, _ = await uow.contacts.page(ACCOUNT, list_id, ContactSearch(), 1000, 0)
    return [(c.phone, c.first_name, c.last_name, c.email, tuple(p.phone for p in c.phones)) for c in found]


async def exported(store: MemoryStore, list_id: str) -> bytes:
    export = await ExportContacts(lambda: uow_of(store))(ACCOUNT, list_id)
    return b"".join([chunk async for chunk in export.chunks])


def importer(store: MemoryStore) -> ImportContacts:
    return ImportContacts(lambda: uow_of(store), FrozenClock(T0), read_table)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(people=contacts, data=st.data())
@example(people=[("=HYPERLINK(\"x\")", "'=1", "=cmd@example.com", 2), ("line\nbreak", "a,\"b\"", "", 0)],
         data=None)
async def test_an_export_imports_back_unchanged(people: list[tuple[str, str, str, int]], data: st.DataObject | None) -> None:
    store = MemoryStore()
    await seeded_list(store, ids(10))
    await seeded_list(store, ids(11))
    count = sum(1 + extra for *_, extra in people)
    pool = (data.draw(st.lists(numbers, min_size=count, max_size=count, unique=True)) if data is not None
            else [f"+2557120000{n:02d}" for n in range(count)])
    async with uow_of(store) as uow:
        for n, (first, last, email, extra) in enumerate(people):
            phone, extras = pool.pop(), [pool.pop() for _ in range(extra)]
            contact_id = ids(1000 + n)
            await uow.contacts.add(Contact(account_id=ACCOUNT, list_id=ids(10), id=contact_id, phone=phone,
                                           first_name=first, last_name=last, email=email, created_at=T0,
                                           updated_at=T0))
            for m, number in enumerate(extras):
                await uow.contacts.add_phone(ACCOUNT, ids(10), contact_id,
                                             ContactPhone(id=ids(5000 + 20 * n + m), phone=number, created_at=T0))
        await uow.commit()

    file = await exported(store, ids(10))
    report = await importer(store)(ACCOUNT, ids(11), io.BytesIO(file))

    assert report == ImportReport(imported=len(people), skipped=0, errors=())
    assert await shown(store, ids(11)) == await shown(store, ids(10))
    assert await exported(store, ids(11)) == file


async def test_another_accounts_list_is_not_found_for_an_import_or_an_export() -> None:
    store = MemoryStore()
    await seeded_list(store, ids(12), account=OTHER)
    with pytest.raises(NotFound):
        await importer(store)(ACCOUNT, ids(12), io.BytesIO(b"phone\n0712345678\n"))
    with pytest.raises(NotFound):
        await ExportContacts(lambda: uow_of(store))(ACCOUNT, ids(12))


async def test_an_import_is_one_transaction_that_a_failing_file_rolls_back() -> None:
    store = MemoryStore()
    await seeded_list(store, ids(10))

    def breaking(_: object) -> Table:
        def rows() -> Iterator[tuple[int, list[str]]]:
            yield 1, ["phone"]
            for n in range(2, 300):
                yield n, [f"07130{n:05d}"]
            raise OSError("the disk went away")
        return rows()

    with pytest.raises(OSError):
        await ImportContacts(lambda: uow_of(store), FrozenClock(T0), breaking)(ACCOUNT, ids(10), io.BytesIO())

    assert await shown(store, ids(10)) == []


async def test_the_report_lists_the_readers_errors_and_the_writers_in_row_order() -> None:
    store = MemoryStore()
    await seeded_list(store, ids(10))
    file = b"phone,first_name\n0712345678,A\n0712\n+255712345678,B\n0754000111,C\n"
    report = await importer(store)(ACCOUNT, ids(10), io.BytesIO(file))
    assert report == ImportReport(imported=2, skipped=2, errors=(RowError(3, "invalid_phone_number", "0712"),
                                                                 RowError(4, "duplicate_contact", "+255712345678")))


async def test_a_utf16_file_with_its_byte_order_mark_is_read_as_excels_unicode_text() -> None:
    store = MemoryStore()
    await seeded_list(store, ids(10))
    file = "Phone\tJina\n0712345678\tZuhura Müller\n".encode("utf-16")  # BOM first, tab between cells
    report = await importer(store)(ACCOUNT, ids(10), io.BytesIO(file))
    assert report == ImportReport(imported=1, skipped=0, errors=())
    assert await shown(store, ids(10)) == [("+255712345678", "Zuhura Müller", "", "", ())]


async def test_the_file_is_checked_and_read_while_the_event_loop_goes_on_serving() -> None:
    store = MemoryStore()
    await seeded_list(store, ids(10))
    turned = threading.Event()

    def a_turn_of_the_loop() -> None:
        turned.clear()
        assert turned.wait(10), "the event loop was held while the file was read"

    def slow_reader(_: object) -> Table:  # a workbook's check, then its rows: CPU work that awaits nothing
        a_turn_of_the_loop()

        def rows() -> Iterator[tuple[int, list[str]]]:
            yield 1, ["phone"]
            a_turn_of_the_loop()
            yield 2, ["0712345678"]
        return rows()

    importing = asyncio.create_task(ImportContacts(lambda: uow_of(store), FrozenClock(T0), slow_reader)(
        ACCOUNT, ids(10), io.BytesIO()))
    while not importing.done():  # another request's work, a turn of the loop at a time
        turned.set()
        await asyncio.sleep(0)

    assert importing.result() == ImportReport(imported=1, skipped=0, errors=())


async def test_a_workbook_of_more_rows_than_a_batch_is_read_across_worker_threads() -> None:
    store = MemoryStore()
    await seeded_list(store, ids(10))
    phones = [f"07130{n:05d}" for n in range(1200)]  # more than two batches of rows

    report = await importer(store)(ACCOUNT, ids(10), io.BytesIO(hostile_workbooks.contacts(*phones)))

    assert report == ImportReport(imported=1200, skipped=0, errors=())
