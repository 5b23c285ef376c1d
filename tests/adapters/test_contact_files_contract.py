"""Contact imports and exports: memory = PostgreSQL.

Good rows go in, in the file's order, all or none; a row holding a number already in the list or
in an earlier row is `duplicate_contact`; rows past the list's room are `contact_list_full`; the
errors handed in come back in row order among the writer's own; another account's list is not
found; an export reads a list's contacts with their extra numbers and opt-outs.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable
from dataclasses import replace
from datetime import UTC, datetime

import pytest

from application.ports import ImportRow
from domain.contact_files import ContactRow, ImportReport, RowError
from domain.contacts import MAX_CONTACTS_PER_LIST, Contact, ContactList, ContactSearch
from domain.errors import NotFound
from domain.ids import NO_ID
from tests_support import Backend, ids

ACCOUNT = ids(1)
OTHER = ids(2)
LIST = ids(10)
OTHER_LIST = ids(12)
T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
T1 = datetime(2026, 1, 6, 9, 0, tzinfo=UTC)


@pytest.fixture()
async def store(backend: Backend) -> Backend:
    await backend.seed_account(ACCOUNT)
    await backend.seed_account(OTHER)
    async with backend.uow() as uow:
        for account, list_id in ((ACCOUNT, LIST), (OTHER, OTHER_LIST)):
            await uow.contact_lists.add(ContactList(account_id=account, id=list_id, name="Wateja", description="",
                                                    is_default=False, created_at=T0, updated_at=T0))
        await uow.contacts.add(Contact(account_id=ACCOUNT, list_id=LIST, id=ids(100), phone="+255712000001",
                                       first_name="Amina", last_name="Juma", email="", created_at=T0, updated_at=T0))
        await uow.commit()
    return backend


async def streamed(rows: Iterable[ImportRow]) -> AsyncIterator[ImportRow]:
    for row in rows:
        yield row


async def imported(store: Backend, rows: Iterable[ImportRow], list_id: str = LIST,
                   account: str = ACCOUNT) -> ImportReport:
    async with store.uow() as uow:
        report = await uow.contact_files.import_rows(account, list_id, streamed(rows), T1)
        await uow.commit()
    return report


async def contacts_of(store: Backend, list_id: str = LIST, account: str = ACCOUNT) -> list[Contact]:
    async with store.uow() as uow:
        found, _ = await uow.contacts.page(account, list_id, ContactSearch(), 1000, 0)
    return found


async def count_of(store: Backend) -> int:
    async with store.uow() as uow:
        found = await uow.contact_lists.get(ACCOUNT, LIST)
    assert found is not None
    return found.contact_count


async def test_good_rows_are_added_in_the_files_order_with_their_extra_numbers(store: Backend) -> None:
    extra = ("+255754000002", "+255654000002", "+255784000002", "+255624000002", "+255764000002", "+255744000002")
    rows = [ContactRow(2, "+255712000002", "Baraka", "Mushi", "baraka@example.com", extra),
            ContactRow(3, "+255712000003"),
            ContactRow(4, "+255712000004", "Chausiku")]

    report = await imported(store, rows)

    assert report == ImportReport(imported=3, skipped=0, errors=())
    found = await contacts_of(store)
    assert [c.phone for c in found] == ["+255712000001", "+255712000002", "+255712000003", "+255712000004"]
    baraka = found[1]
    assert (baraka.first_name, baraka.last_name, baraka.email) == ("Baraka", "Mushi", "baraka@example.com")
    assert tuple(p.phone for p in baraka.phones) == extra
    assert baraka.created_at == T1
    assert await count_of(store) == 4


@pytest.mark.parametrize("batch_rows", [10_000, 2, 1])
async def test_a_number_in_the_list_or_in_an_earlier_row_makes_the_row_a_duplicate(
    store: Backend, batch_rows: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("adapters.postgres.contacts.contact_files.BATCH_ROWS", batch_rows)  # rows decided together
    rows: list[ImportRow] = [
        ContactRow(2, "+255712000001"),  # the list's contact
        RowError(3, "invalid_phone_number"),
        ContactRow(4, "+255712000004", extra_phones=("+255754000004",)),
        ContactRow(5, "+255754000004"),  # row 4's extra number
        ContactRow(6, "+255712000006", extra_phones=("+255712000004",)),  # row 4's main number, as an extra
        ContactRow(7, "+255712000007", extra_phones=("+255712000001",)),  # an extra number in the list
        RowError(8, "invalid_name"),
        ContactRow(9, "+255712000009"),
        ContactRow(10, "+255712000009", extra_phones=("+255712000001",)),  # both numbers taken: the main one named
    ]

    report = await imported(store, rows)

    assert report.imported == 2
    # a duplicate names the number it repeats: the row's first such one
    assert report.errors == (RowError(2, "duplicate_contact", "+255712000001"), RowError(3, "invalid_phone_number"),
                             RowError(5, "duplicate_contact", "+255754000004"),
                             RowError(6, "duplicate_contact", "+255712000004"),
                             RowError(7, "duplicate_contact", "+255712000001"), RowError(8, "invalid_name"),
                             RowError(10, "duplicate_contact", "+255712000009"))
    assert report.skipped == 7
    assert [c.phone for c in await contacts_of(store)] == ["+255712000001", "+255712000004", "+255712000009"]


@pytest.mark.parametrize("batch_rows", [10_000, 2])
async def test_rows_past_the_lists_room_are_refused_and_the_rest_go_in(
    store: Backend, batch_rows: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("adapters.postgres.contacts.contact_files.BATCH_ROWS", batch_rows)
    room = 2
    async with store.uow() as uow:
        if store.name == "memory":
            lists = uow.store.table("contact_lists")
            lists[(ACCOUNT, LIST)] = replace(lists[(ACCOUNT, LIST)], contact_count=MAX_CONTACTS_PER_LIST - room)
        else:
            await uow.connection.execute("UPDATE contact_lists SET contact_count = %s WHERE account_id = %s AND id = %s",
                                         (MAX_CONTACTS_PER_LIST - room, ACCOUNT, LIST))
        await uow.commit()
    rows = [ContactRow(2, "+255712000001"), ContactRow(3, "+255712000003"), ContactRow(4, "+255712000004"),
            ContactRow(5, "+255712000005")]

    report = await imported(store, rows)

    assert report == ImportReport(imported=2, skipped=2, errors=(RowError(2, "duplicate_contact", "+255712000001"),
                                                                 RowError(5, "contact_list_full", "+255712000005")))
    assert await count_of(store) == MAX_CONTACTS_PER_LIST


@pytest.mark.parametrize(("account", "list_id"), [(ACCOUNT, OTHER_LIST), (ACCOUNT, ids(99)), (ACCOUNT, NO_ID),
                                                   (OTHER, LIST)])
async def test_another_accounts_list_or_none_is_not_found(store: Backend, account: str, list_id: str) -> None:
    with pytest.raises(NotFound):
        await imported(store, [ContactRow(2, "+255712000002")], list_id=list_id, account=account)
    assert [c.phone for c in await contacts_of(store)] == ["+255712000001"]
    async with store.uow() as uow:
        assert [c async for c in uow.contact_files.export_rows(account, list_id)] == []


async def test_a_failure_half_way_leaves_the_list_as_it_was(store: Backend, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("adapters.postgres.contacts.contact_files.BATCH_ROWS", 100)  # batches written before it fails
    async def failing() -> AsyncIterator[ImportRow]:
        for n in range(2, 500):
            yield ContactRow(n, f"+2557130{n:05d}")
        raise OSError("the upload broke off")

    with pytest.raises(OSError):
        async with store.uow() as uow:
            await uow.contact_files.import_rows(ACCOUNT, LIST, failing(), T1)
            await uow.commit()

    assert [c.phone for c in await contacts_of(store)] == ["+255712000001"]
    assert await count_of(store) == 1
    assert (await imported(store, [ContactRow(2, "+255713000002")])).imported == 1  # the list still takes rows


async def test_an_export_reads_every_contact_with_its_extra_numbers_and_opt_out(store: Backend) -> None:
    await imported(store, [ContactRow(2, "+255712000002", "Baraka", "", "b@example.com", ("+255754000002",))])
    async with store.uow() as uow:
        if store.name == "memory":
            uow.store.table("opt_outs")[(ACCOUNT, "+255712000002")] = T1
        else:
            await uow.connection.execute("INSERT INTO opt_outs (account_id, phone, opted_out_at) VALUES (%s, %s, %s)",
                                         (ACCOUNT, "+255712000002", T1))
        await uow.commit()

    async with store.uow() as uow:
        exported = [c async for c in uow.contact_files.export_rows(ACCOUNT, LIST)]

    assert [(c.phone, c.first_name, c.email, c.extra_phones, c.opted_out) for c in exported] == [
        ("+255712000001", "Amina", "", (), False),
        ("+255712000002", "Baraka", "b@example.com", ("+255754000002",), True),
    ]
