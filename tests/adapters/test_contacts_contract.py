"""Contact lists and contacts: memory = PostgreSQL.

A number is once per list across every contact's main and extra numbers, however writers race;
a list's contact_count follows every add and delete and stops at the limit; nothing is found
across accounts or lists.
"""

from __future__ import annotations

import asyncio
import string
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from application.ports import Recipient, RecipientCounts, RecipientNames, RecipientSummary
from domain.campaigns import PLAIN_NAME_CHARACTERS, PLAIN_NAME_PATTERN, is_plain_name
from domain.contacts import MAX_CONTACTS_PER_LIST, Contact, ContactList, ContactPhone, ContactSearch, contact_search
from domain.errors import ContactListFull, DuplicateContact
from domain.ids import NO_ID
from tests_support import Backend, ids

ROOT = Path(__file__).resolve().parents[2]
ACCOUNT = ids(1)
OTHER = ids(2)
T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
LIST = ids(10)
SECOND_LIST = ids(11)


def contact_list(list_id: str = LIST, account: str = ACCOUNT, at: datetime = T0, name: str = "Wateja") -> ContactList:
    return ContactList(account_id=account, id=list_id, name=name, description="Wateja wa duka", is_default=False,
                       created_at=at, updated_at=at)


def contact(n: int, phone: str, *, list_id: str = LIST, account: str = ACCOUNT, first: str = "Amina",
            last: str = "Juma", email: str = "") -> Contact:
    at = T0 + timedelta(minutes=n)
    return Contact(account_id=account, list_id=list_id, id=ids(100 + n), phone=phone, first_name=first,
                   last_name=last, email=email, created_at=at, updated_at=at)


def extra(n: int, phone: str) -> ContactPhone:
    return ContactPhone(id=ids(500 + n), phone=phone, created_at=T0 + timedelta(hours=1, minutes=n))


@pytest.fixture()
async def store(backend: Backend) -> Backend:
    await backend.seed_account(ACCOUNT)
    await backend.seed_account(OTHER)
    async with backend.uow() as uow:
        await uow.contact_lists.add(contact_list())
        await uow.contact_lists.add(contact_list(SECOND_LIST, at=T0 + timedelta(days=1), name="Wauzaji"))
        await uow.contact_lists.add(contact_list(ids(12), account=OTHER))
        await uow.commit()
    return backend


async def added(store: Backend, *contacts: Contact) -> None:
    async with store.uow() as uow:
        for one in contacts:
            await uow.contacts.add(one)
        await uow.commit()


async def count_of(store: Backend, list_id: str = LIST, account: str = ACCOUNT) -> int:
    async with store.uow() as uow:
        found = await uow.contact_lists.get(account, list_id)
    assert found is not None
    return found.contact_count


async def set_count(store: Backend, n: int, list_id: str = LIST) -> None:
    """Make the list look as full as `n` contacts would (filling it for real takes 100,000 rows)."""
    async with store.uow() as uow:
        if store.name == "memory":
            lists = uow.store.table("contact_lists")
            lists[(ACCOUNT, list_id)] = replace(lists[(ACCOUNT, list_id)], contact_count=n)
        else:
            await uow.connection.execute("UPDATE contact_lists SET contact_count = %s WHERE account_id = %s"
                                         " AND id = %s", (n, ACCOUNT, list_id))
        await uow.commit()


# --- lists ------------------------------------------------------------------------------


async def test_the_default_list_is_made_once_however_many_first_accesses_race(backend: Backend) -> None:
    await backend.seed_account(ACCOUNT)

    async def first_access(n: int) -> ContactList:
        async with backend.uow() as uow:
            found = await uow.contact_lists.default(ACCOUNT, ids(900 + n), T0 + timedelta(seconds=n))
            await uow.commit()
        return found

    made = await asyncio.gather(*(first_access(n) for n in range(8)))
    assert len({found.id for found in made}) == 1
    assert (made[0].name, made[0].is_default, made[0].description, made[0].contact_count) == ("Default", True, "", 0)
    async with backend.uow() as uow:
        lists, total = await uow.contact_lists.page(ACCOUNT, 25, 0)
        assert total == 1 and lists == [made[0]]
        assert await uow.contact_lists.default(ACCOUNT, ids(999), T0) == made[0]


async def test_lists_are_paged_default_first_then_newest_first(store: Backend) -> None:
    async with store.uow() as uow:
        default = await uow.contact_lists.default(ACCOUNT, ids(13), T0 - timedelta(days=9))
        await uow.commit()
    async with store.uow() as uow:
        lists, total = await uow.contact_lists.page(ACCOUNT, 25, 0)
        assert total == 3
        assert [found.id for found in lists] == [default.id, SECOND_LIST, LIST]
        assert [found.id for found in (await uow.contact_lists.page(ACCOUNT, 1, 1))[0]] == [SECOND_LIST]
        assert await uow.contact_lists.page(ACCOUNT, 25, 3) == ([], 3)
        assert await uow.contact_lists.get(ACCOUNT, LIST) == contact_list()
        assert await uow.contact_lists.get(OTHER, LIST) is None
        assert await uow.contact_lists.get(ACCOUNT, NO_ID) is None


async def test_a_list_is_renamed_and_deleted_with_its_contacts_but_never_the_default(store: Backend) -> None:
    await added(store, contact(1, "+255712000001"))
    later = T0 + timedelta(days=2)
    async with store.uow() as uow:
        default = await uow.contact_lists.default(ACCOUNT, ids(13), T0)
        renamed = replace(contact_list(), name="Wateja wapya", description="", updated_at=later)
        assert await uow.contact_lists.save(renamed)
        assert not await uow.contact_lists.save(replace(renamed, account_id=OTHER))
        assert not await uow.contact_lists.delete(OTHER, LIST)
        assert not await uow.contact_lists.delete(ACCOUNT, default.id)
        assert not await uow.contact_lists.delete(ACCOUNT, NO_ID)
        await uow.commit()
    async with store.uow() as uow:
        assert await uow.contact_lists.get(ACCOUNT, LIST) == replace(renamed, contact_count=1)
        assert await uow.contact_lists.delete(ACCOUNT, LIST)
        await uow.commit()
    async with store.uow() as uow:
        assert await uow.contact_lists.get(ACCOUNT, LIST) is None
        assert await uow.contacts.get(ACCOUNT, LIST, ids(101)) is None
        assert await uow.contact_lists.get(ACCOUNT, default.id) is not None
    # the number is free again: a new list may hold it
    async with store.uow() as uow:
        await uow.contact_lists.add(contact_list())
        await uow.contacts.add(contact(2, "+255712000001"))
        await uow.commit()
    assert await count_of(store) == 1


# --- contacts ---------------------------------------------------------------------------


async def test_a_contact_is_kept_with_its_extra_numbers_and_found_in_its_own_list_only(store: Backend) -> None:
    await added(store, contact(1, "+255712000001", email="amina@example.com"))
    async with store.uow() as uow:
        assert await uow.contacts.add_phone(ACCOUNT, LIST, ids(101), extra(2, "+255754000002"))
        assert await uow.contacts.add_phone(ACCOUNT, LIST, ids(101), extra(1, "+255754000001"))
        assert not await uow.contacts.add_phone(ACCOUNT, SECOND_LIST, ids(101), extra(3, "+255754000003"))
        assert not await uow.contacts.add_phone(OTHER, LIST, ids(101), extra(3, "+255754000003"))
        await uow.commit()
    async with store.uow() as uow:
        found = await uow.contacts.get(ACCOUNT, LIST, ids(101))
        assert found == replace(contact(1, "+255712000001", email="amina@example.com"),
                                phones=(extra(1, "+255754000001"), extra(2, "+255754000002")),
                                updated_at=extra(1, "").created_at)
        assert await uow.contacts.get(ACCOUNT, SECOND_LIST, ids(101)) is None
        assert await uow.contacts.get(OTHER, LIST, ids(101)) is None
        assert await uow.contacts.get(ACCOUNT, LIST, NO_ID) is None


async def test_a_number_is_once_per_list_across_main_and_extra_numbers(store: Backend) -> None:
    await added(store, contact(1, "+255712000001"), contact(2, "+255712000002"))
    async with store.uow() as uow:
        assert await uow.contacts.add_phone(ACCOUNT, LIST, ids(101), extra(1, "+255754000001"))
        await uow.commit()
    refusals = [
        lambda uow: uow.contacts.add(contact(3, "+255712000001")),  # another's main number
        lambda uow: uow.contacts.add(contact(3, "+255754000001")),  # another's extra number
        lambda uow: uow.contacts.add_phone(ACCOUNT, LIST, ids(102), extra(2, "+255712000001")),
        lambda uow: uow.contacts.add_phone(ACCOUNT, LIST, ids(102), extra(2, "+255754000001")),
        lambda uow: uow.contacts.add_phone(ACCOUNT, LIST, ids(101), extra(2, "+255712000001")),  # its own main
        lambda uow: uow.contacts.save(replace(contact(2, "+255754000001"))),
    ]
    for refused in refusals:
        async with store.uow() as uow:
            with pytest.raises(DuplicateContact) as caught:
                await refused(uow)
            assert caught.value.field == "phone"
            # the transaction goes on after the refusal
            await uow.contacts.add(contact(9, "+255712000009"))
            assert await count_of_in(uow) == 3
    assert await count_of(store) == 2
    # another list, another account: the same number is welcome
    await added(store, contact(4, "+255712000001", list_id=SECOND_LIST),
                contact(5, "+255712000001", account=OTHER, list_id=ids(12)))


async def count_of_in(uow: object) -> int:
    found = await uow.contact_lists.get(ACCOUNT, LIST)  # type: ignore[attr-defined]
    return int(found.contact_count)


async def test_concurrent_writers_of_one_number_leave_one_of_them(store: Backend) -> None:
    await added(store, contact(1, "+255712000001"))

    async def attempt(write: object) -> str:
        try:
            async with store.uow() as uow:
                await write(uow)  # type: ignore[operator]
                await uow.commit()
        except DuplicateContact:
            return "duplicate"
        return "added"

    results = await asyncio.gather(
        attempt(lambda uow: uow.contacts.add(contact(2, "+255754000001"))),
        attempt(lambda uow: uow.contacts.add(contact(3, "+255754000001"))),
        attempt(lambda uow: uow.contacts.add_phone(ACCOUNT, LIST, ids(101), extra(1, "+255754000001"))),
    )
    assert sorted(results) == ["added", "duplicate", "duplicate"]
    async with store.uow() as uow:
        found, total = await uow.contacts.page(ACCOUNT, LIST, contact_search("0754000001"), 25, 0)
    assert total == 1 and len(found) == 1


async def test_a_contact_changes_its_main_number_and_details(store: Backend) -> None:
    await added(store, contact(1, "+255712000001"))
    later = T0 + timedelta(days=1)
    changed = replace(contact(1, "+255712999999"), first_name="Asha", last_name="", email="asha@example.com",
                      updated_at=later)
    async with store.uow() as uow:
        assert await uow.contacts.save(changed)
        assert await uow.contacts.save(changed)  # the same number again is no duplicate of itself
        assert not await uow.contacts.save(replace(changed, list_id=SECOND_LIST))
        assert not await uow.contacts.save(replace(changed, id=ids(199)))
        await uow.commit()
    await added(store, contact(2, "+255712000001"))  # the old number is free
    async with store.uow() as uow:
        assert await uow.contacts.get(ACCOUNT, LIST, ids(101)) == changed


async def test_deleting_contacts_and_extra_numbers(store: Backend) -> None:
    await added(store, contact(1, "+255712000001"), contact(2, "+255712000002"))
    async with store.uow() as uow:
        assert await uow.contacts.add_phone(ACCOUNT, LIST, ids(101), extra(1, "+255754000001"))
        await uow.commit()
    later = T0 + timedelta(days=3)
    async with store.uow() as uow:
        assert not await uow.contacts.delete_phone(ACCOUNT, LIST, ids(102), extra(1, "").id, later)  # not its own
        assert not await uow.contacts.delete_phone(ACCOUNT, LIST, ids(101), ids(101), later)  # the main number
        assert not await uow.contacts.delete_phone(OTHER, LIST, ids(101), extra(1, "").id, later)
        assert not await uow.contacts.delete_phone(ACCOUNT, LIST, ids(101), NO_ID, later)
        assert await uow.contacts.delete_phone(ACCOUNT, LIST, ids(101), extra(1, "").id, later)
        assert not await uow.contacts.delete_phone(ACCOUNT, LIST, ids(101), extra(1, "").id, later)
        assert not await uow.contacts.delete(OTHER, LIST, ids(102))
        assert not await uow.contacts.delete(ACCOUNT, SECOND_LIST, ids(102))
        assert await uow.contacts.delete(ACCOUNT, LIST, ids(102))
        assert not await uow.contacts.delete(ACCOUNT, LIST, ids(102))
        await uow.commit()
    async with store.uow() as uow:
        assert await uow.contacts.get(ACCOUNT, LIST, ids(101)) == replace(contact(1, "+255712000001"),
                                                                           updated_at=later)
        assert await uow.contacts.get(ACCOUNT, LIST, ids(102)) is None
    assert await count_of(store) == 1
    await added(store, contact(3, "+255754000001"), contact(4, "+255712000002"))  # both numbers free again


async def test_contact_count_stops_at_the_limit(store: Backend) -> None:
    await added(store, contact(1, "+255712000001"), contact(2, "+255712000002"))
    assert await count_of(store) == 2
    await set_count(store, MAX_CONTACTS_PER_LIST - 1)
    await added(store, contact(3, "+255712000003"))
    async with store.uow() as uow:
        with pytest.raises(ContactListFull):
            await uow.contacts.add(contact(4, "+255712000004"))
        # refused, the transaction goes on: a contact deleted makes room
        assert await uow.contacts.delete(ACCOUNT, LIST, ids(101))
        await uow.contacts.add(contact(4, "+255712000004"))
        await uow.commit()
    assert await count_of(store) == MAX_CONTACTS_PER_LIST
    assert await count_of(store, SECOND_LIST) == 0


async def test_opted_out_numbers_show_on_the_contact_and_its_extra_numbers(store: Backend) -> None:
    await added(store, contact(1, "+255712000001"), contact(2, "+255712000002"),
                contact(3, "+255712000001", account=OTHER, list_id=ids(12)))
    async with store.uow() as uow:
        assert await uow.contacts.add_phone(ACCOUNT, LIST, ids(102), extra(1, "+255754000001"))
        await uow.opt_outs.opt_out(ACCOUNT, "+255712000001", T0)
        await uow.opt_outs.opt_out(ACCOUNT, "+255754000001", T0)
        await uow.commit()
    async with store.uow() as uow:
        first = await uow.contacts.get(ACCOUNT, LIST, ids(101))
        second = await uow.contacts.get(ACCOUNT, LIST, ids(102))
        elsewhere = await uow.contacts.get(OTHER, ids(12), ids(103))
        listed, _ = await uow.contacts.page(ACCOUNT, LIST, ContactSearch(), 25, 0)
    assert first is not None and second is not None and elsewhere is not None
    assert (first.opted_out, second.opted_out, elsewhere.opted_out) == (True, False, False)
    assert [phone.opted_out for phone in second.phones] == [True]
    assert [found.opted_out for found in listed] == [True, False]


# --- a campaign's recipients ------------------------------------------------------------


async def test_a_lists_recipients_are_its_numbers_by_contact_main_first_each_opted_out_one_left_out(
        store: Backend) -> None:
    await added(store, contact(1, "+255712000001", first="Asha", last="Ali"),
                contact(2, "+255712000002", first="Juma", last="Bakari"),
                contact(3, "+255712000003", list_id=SECOND_LIST))
    async with store.uow() as uow:  # extra numbers, the second contact's added before the first's
        await uow.contacts.add_phone(ACCOUNT, LIST, ids(102), extra(1, "+255754000022"))
        await uow.contacts.add_phone(ACCOUNT, LIST, ids(101), extra(2, "+255754000011"))
        await uow.contacts.add_phone(ACCOUNT, LIST, ids(101), extra(3, "+255754000012"))
        await uow.opt_outs.opt_out(ACCOUNT, "+255754000012", T0)  # an extra number: only it is left out
        await uow.opt_outs.opt_out(OTHER, "+255712000002", T0)  # another account's STOP
        await uow.commit()
    async with store.uow() as uow:
        chunks = [chunk async for chunk in uow.contacts.recipients(ACCOUNT, LIST, 2)]
        first = [await uow.contacts.first_recipients(ACCOUNT, LIST, n) for n in (1, 3, 10)]
        counts = await uow.contacts.recipient_counts(ACCOUNT, LIST)
        summary = await uow.contacts.recipient_summary(ACCOUNT, LIST)
        assert [chunk async for chunk in uow.contacts.recipients(OTHER, LIST, 2)] == []
        assert await uow.contacts.first_recipients(OTHER, LIST, 3) == []
        assert await uow.contacts.recipient_counts(OTHER, LIST) == RecipientCounts(0, 0, 0, 0)
        assert await uow.contacts.recipient_summary(OTHER, LIST) == RecipientSummary(RecipientCounts(0, 0, 0, 0), [])
        assert (await uow.contact_lists.exists(ACCOUNT, LIST), await uow.contact_lists.exists(OTHER, LIST),
                await uow.contact_lists.exists(ACCOUNT, ids(12)), await uow.contact_lists.exists(ACCOUNT, NO_ID)) == (
            True, False, False, False)
    assert chunks == [[Recipient("+255712000001", "Asha", "Ali"), Recipient("+255754000011", "Asha", "Ali")],
                      [Recipient("+255712000002", "Juma", "Bakari"), Recipient("+255754000022", "Juma", "Bakari")]]
    assert counts == RecipientCounts(contacts=2, numbers=5, recipients=4, opted_out=1)
    everyone = [one for chunk in chunks for one in chunk]
    assert first == [everyone[:1], everyone[:3], everyone]  # the first few, in the same order
    assert summary.counts == counts
    assert sorted(summary.names, key=repr) == [RecipientNames(None, None, 4, 3, 2), RecipientNames(None, None, 4, 6, 2)]


async def test_a_lists_recipients_names_are_counted_a_plain_pair_by_its_lengths(store: Backend) -> None:
    await added(store, contact(1, "+255712000001", first="Asha", last="Ali"),
                contact(2, "+255712000002", first="Juma", last="Ali"),  # the same lengths as Asha Ali
                contact(3, "+255712000003", first="Zuhura", last="O'Neil-Mbwana"),
                contact(4, "+255712000004", first="Émile", last="Ali"),  # É: not plain, counted by its names
                contact(5, "+255712000005", first="Émile", last="Ali"),
                contact(6, "+255712000006", first="Neema", last="Ali 😀"),
                contact(7, "+255712000007", first="", last=""),
                contact(8, "+255712000008", first="Opted", last="Out"),
                contact(9, "+255712000009", first="Asha", last="Ali", list_id=SECOND_LIST))
    async with store.uow() as uow:
        await uow.contacts.add_phone(ACCOUNT, LIST, ids(101), extra(1, "+255754000011"))  # Asha Ali twice
        await uow.opt_outs.opt_out(ACCOUNT, "+255712000008", T0)
        await uow.commit()
    async with store.uow() as uow:
        summary = await uow.contacts.recipient_summary(ACCOUNT, LIST)
    names = summary.names
    assert summary.counts == RecipientCounts(contacts=8, numbers=9, recipients=8, opted_out=1)
    assert sorted(names, key=repr) == sorted([
        RecipientNames(None, None, 4, 3, 3),  # Asha Ali (two numbers), Juma Ali
        RecipientNames(None, None, 6, 13, 1),
        RecipientNames("Émile", "Ali", 5, 3, 2),
        RecipientNames("Neema", "Ali 😀", 5, 5, 1),
        RecipientNames(None, None, 0, 0, 1),
    ], key=repr)


async def test_the_counts_follow_a_main_number_opted_out_or_changed(store: Backend) -> None:
    await added(store, contact(1, "+255712000001", first="Asha", last="Ali"),
                contact(2, "+255712000002", first="Juma", last="Bakari"))
    async with store.uow() as uow:
        await uow.contacts.add_phone(ACCOUNT, LIST, ids(101), extra(1, "+255754000011"))
        await uow.opt_outs.opt_out(ACCOUNT, "+255712000001", T0)  # Asha's main number: her extra one stays
        await uow.opt_outs.opt_out(ACCOUNT, "+255712000099", T0)
        await uow.commit()

    async def seen() -> tuple[RecipientCounts, RecipientSummary, list[Recipient]]:
        async with store.uow() as uow:
            return (await uow.contacts.recipient_counts(ACCOUNT, LIST),
                    await uow.contacts.recipient_summary(ACCOUNT, LIST),
                    await uow.contacts.first_recipients(ACCOUNT, LIST, 5))

    counts, summary, first = await seen()
    assert counts == summary.counts == RecipientCounts(contacts=2, numbers=3, recipients=2, opted_out=1)
    assert first == [Recipient("+255754000011", "Asha", "Ali"), Recipient("+255712000002", "Juma", "Bakari")]
    async with store.uow() as uow:  # Juma's main number becomes one that opted out
        juma = await uow.contacts.get(ACCOUNT, LIST, ids(102))
        assert juma is not None
        assert await uow.contacts.save(replace(juma, phone="+255712000099", last_name="Bakari Omari"))
        await uow.commit()
    counts, summary, first = await seen()
    assert counts == summary.counts == RecipientCounts(contacts=2, numbers=3, recipients=1, opted_out=2)
    assert summary.names == [RecipientNames(None, None, 4, 3, 1)]
    assert first == [Recipient("+255754000011", "Asha", "Ali")]


def test_the_database_judges_names_plain_by_the_domains_pattern() -> None:
    """The pattern migration 0034 stores each contact's judgement with is the domain's, as SQL."""
    migration = (ROOT / "src/adapters/postgres/migrations/0034_recipient_shapes.sql").read_text()
    assert f"~ '{PLAIN_NAME_PATTERN.replace(chr(39), chr(39) * 2)}'" in migration


async def test_a_name_is_counted_by_its_length_exactly_when_it_is_plain(store: Backend) -> None:
    """Each character a name may hold, plain or not (`domain.campaigns.is_plain_name`): the
    database's stored judgement (migration 0034) is the domain's."""
    odd = "ÉéŞşÇ€£¥§¿¡ÄÖÜßñàèìòùΔΦΓΛΩΠΨΣΘΞ😀\u00a0\u200b"  # GSM's own letters too: none is plain
    characters = dict.fromkeys(PLAIN_NAME_CHARACTERS + string.printable + odd)  # in order, each once
    names = [f"Ab{character}" for character in characters]
    await added(store, *(contact(n, f"+2557120{n:05d}", first=name, last="") for n, name in enumerate(names, 1)))
    async with store.uow() as uow:
        found = (await uow.contacts.recipient_summary(ACCOUNT, LIST)).names
    plain = [name for name in names if is_plain_name(name)]
    assert len(plain) == len(PLAIN_NAME_CHARACTERS) and len(names) - len(plain) > 60
    assert sorted(found, key=repr) == sorted([RecipientNames(None, None, 3, 0, len(plain))] + [
        RecipientNames(name, "", len(name), 0, 1) for name in names if not is_plain_name(name)], key=repr)


# --- search -----------------------------------------------------------------------------


@pytest.mark.parametrize(("term", "found"), [
    ("", [1, 2, 3]),
    ("0712 000 001", [1]),
    ("255712000001", [1]),
    ("+255 712-000-001", [1]),
    ("0754000009", [2]),  # an extra number
    ("+255754000009", [2]),
    ("0712000", [1, 3]),  # part of a number, local form
    ("712000", [1, 3]),
    ("000009", [2]),
    ("amina", [1]),
    ("JUMA", [1, 2]),
    ("amina juma", [1]),
    ("@duka.co", [2]),
    ("ÉLIA", [3]),  # any letter's case, not only ASCII's
    ("élia A_B", [3]),
    ("50%", []),  # LIKE's wildcards are taken literally
    ("a_b", [3]),
    ("0788000000", []),
])
async def test_search_finds_names_email_and_any_form_of_any_number(
        store: Backend, term: str, found: list[int]) -> None:
    await added(store, contact(1, "+255712000001", first="Amina", last="Juma"),
                contact(2, "+255655000002", first="Baraka", last="Juma", email="baraka@duka.co.tz"),
                contact(3, "+255712000003", first="Élia", last="a_b"),
                contact(4, "+255712000001", first="Amina", list_id=SECOND_LIST),
                contact(5, "+255712000001", first="Amina", account=OTHER, list_id=ids(12)))
    async with store.uow() as uow:
        assert await uow.contacts.add_phone(ACCOUNT, LIST, ids(102), extra(1, "+255754000009"))
        await uow.commit()
    async with store.uow() as uow:
        contacts, total = await uow.contacts.page(ACCOUNT, LIST, contact_search(term), 25, 0)
    assert [c.id for c in contacts] == [ids(100 + n) for n in found]
    assert total == len(found)


async def test_contacts_are_paged_in_the_order_they_were_added(store: Backend) -> None:
    await added(store, *(contact(n, f"+2557120000{n:02d}") for n in range(1, 8)))
    async with store.uow() as uow:
        first, total = await uow.contacts.page(ACCOUNT, LIST, ContactSearch(), 3, 0)
        last, last_total = await uow.contacts.page(ACCOUNT, LIST, ContactSearch(), 3, 6)
        beyond = await uow.contacts.page(ACCOUNT, LIST, ContactSearch(), 3, 9)
        other = await uow.contacts.page(OTHER, LIST, ContactSearch(), 3, 0)
        bad = await uow.contacts.page(ACCOUNT, NO_ID, ContactSearch(), 3, 0)
    assert [c.id for c in first] == [ids(101), ids(102), ids(103)] and total == 7
    assert [c.id for c in last] == [ids(107)] and last_total == 7
    assert beyond == ([], 7)
    assert other == ([], 0) and bad == ([], 0)
