"""Contact lists and contacts: the use cases on the memory adapters."""

from __future__ import annotations

import pytest

from adapters.memory.store import MemoryStore
from adapters.memory.system import FrozenClock, SequentialIds
from adapters.memory.uow import MemoryUnitOfWork
from application.contacts.lists import (
    CreateContactList,
    DeleteContactList,
    DescribeContactList,
    GetContactList,
    ListContactLists,
    UpdateContactList,
)
from application.contacts.contacts import (
    AddContact,
    AddContactPhone,
    ContactDetails,
    DeleteContact,
    DeleteContactPhone,
    GetContact,
    ListContacts,
    UpdateContact,
)
from domain.contacts import MAX_PHONES_PER_CONTACT
from domain.errors import (
    DefaultListNotDeletable,
    DuplicateContact,
    InvalidPhoneNumber,
    NotFound,
    TooManyPhoneNumbers,
    ValidationError,
)

ACCOUNT = "00000000-0000-0000-0000-00000000000a"
OTHER = "00000000-0000-0000-0000-00000000000b"


class World:
    def __init__(self) -> None:
        self.store = MemoryStore()
        self.clock = FrozenClock()
        self.ids = SequentialIds()

    def uow(self) -> MemoryUnitOfWork:
        return MemoryUnitOfWork(self.store)



@pytest.fixture()
def world() -> World:
    return World()


async def a_list(world: World, name: str = "Wateja", account: str = ACCOUNT) -> str:
    made = await CreateContactList(world.uow, world.clock, world.ids)(account, name)
    return made.id


async def a_contact(world: World, list_id: str, phone: str, account: str = ACCOUNT, **fields: str) -> str:
    added = await AddContact(world.uow, world.clock, world.ids)(account, list_id, ContactDetails(phone=phone, **fields))
    return added.id


async def test_the_first_access_makes_the_default_list_and_later_ones_find_it(world: World) -> None:
    listing = ListContactLists(world.uow, world.clock, world.ids)
    first = await listing(ACCOUNT)
    assert [(found.name, found.is_default) for found in first.lists] == [("Default", True)]
    assert (await listing(ACCOUNT)).lists == first.lists
    assert (first.page, first.per_page, first.total) == (1, 25, 1)


async def test_an_unknown_list_is_not_found_but_the_default_one_made_by_that_access_stays(world: World) -> None:
    with pytest.raises(NotFound):
        await GetContactList(world.uow, world.clock, world.ids)(ACCOUNT, "00000000-0000-0000-0000-0000000000ff")
    async with world.uow() as uow:
        assert await uow.contact_lists.page(ACCOUNT, 10, 0) != ([], 0)


async def test_a_list_is_described_with_its_count_and_without_its_contacts(world: World) -> None:
    list_id = await a_list(world, "Wateja")
    await a_contact(world, list_id, "0712345678")
    described = await DescribeContactList(world.uow, world.clock, world.ids)(ACCOUNT, list_id)
    assert (described.id, described.name, described.contact_count, described.is_default) == (list_id, "Wateja", 1, False)
    with pytest.raises(NotFound):
        await DescribeContactList(world.uow, world.clock, world.ids)(OTHER, list_id)


async def test_a_list_is_created_renamed_and_deleted_but_never_the_default(world: World) -> None:
    list_id = await a_list(world, "  Wateja  ")
    world.clock.advance(60)
    changed = await UpdateContactList(world.uow, world.clock, world.ids)(ACCOUNT, list_id, description=" Dar ")
    assert (changed.name, changed.description, changed.updated_at) == ("Wateja", "Dar", world.clock.now())
    with pytest.raises(ValidationError) as refused:
        await UpdateContactList(world.uow, world.clock, world.ids)(ACCOUNT, list_id, name=" ")
    assert refused.value.field == "name"
    with pytest.raises(NotFound):
        await UpdateContactList(world.uow, world.clock, world.ids)(OTHER, list_id, name="Yangu")
    default = (await ListContactLists(world.uow, world.clock, world.ids)(ACCOUNT)).lists[0]
    with pytest.raises(DefaultListNotDeletable):
        await DeleteContactList(world.uow, world.clock, world.ids)(ACCOUNT, default.id)
    with pytest.raises(NotFound):
        await DeleteContactList(world.uow, world.clock, world.ids)(OTHER, list_id)
    await DeleteContactList(world.uow, world.clock, world.ids)(ACCOUNT, list_id)
    assert [found.id for found in (await ListContactLists(world.uow, world.clock, world.ids)(ACCOUNT)).lists] == [
        default.id]


async def test_a_contact_is_checked_kept_in_e164_and_shown_with_its_list(world: World) -> None:
    list_id = await a_list(world)
    added = await AddContact(world.uow, world.clock, world.ids)(
        ACCOUNT, list_id, ContactDetails(first_name=" Amina ", phone="0712 345 678", email=" A@Duka.co.tz "))
    assert (added.first_name, added.last_name, added.phone, added.email) == ("Amina", "", "+255712345678",
                                                                             "a@duka.co.tz")
    whole = await GetContactList(world.uow, world.clock, world.ids)(ACCOUNT, list_id)
    assert whole.contact_list.contact_count == 1 and whole.contacts == [added]
    assert await GetContact(world.uow)(ACCOUNT, list_id, added.id) == added
    with pytest.raises(NotFound):
        await GetContact(world.uow)(OTHER, list_id, added.id)


@pytest.mark.parametrize(("details", "error", "field"), [
    (ContactDetails(), ValidationError, "phone"),
    (ContactDetails(phone="0222123456"), InvalidPhoneNumber, "phone"),
    (ContactDetails(phone="0712345678", email="amina"), ValidationError, "email"),
    (ContactDetails(phone="0712345678", last_name="x" * 101), ValidationError, "last_name"),
])
async def test_a_bad_contact_is_refused_naming_its_field_and_nothing_is_kept(
        world: World, details: ContactDetails, error: type[Exception], field: str) -> None:
    list_id = await a_list(world)
    with pytest.raises(error) as refused:
        await AddContact(world.uow, world.clock, world.ids)(ACCOUNT, list_id, details)
    assert refused.value.field == field  # type: ignore[attr-defined]
    assert (await ListContacts(world.uow)(ACCOUNT, list_id)).total == 0


async def test_a_number_already_in_the_list_is_refused_in_any_form(world: World) -> None:
    list_id = await a_list(world)
    first = await a_contact(world, list_id, "0712345678")
    await AddContactPhone(world.uow, world.clock, world.ids)(ACCOUNT, list_id, first, "0754000111")
    second = await a_contact(world, list_id, "0712000002")
    for refused in (
        AddContact(world.uow, world.clock, world.ids)(ACCOUNT, list_id, ContactDetails(phone="+255 712 345 678")),
        AddContact(world.uow, world.clock, world.ids)(ACCOUNT, list_id, ContactDetails(phone="255754000111")),
        UpdateContact(world.uow, world.clock)(ACCOUNT, list_id, second, ContactDetails(phone="0754 000 111")),
        AddContactPhone(world.uow, world.clock, world.ids)(ACCOUNT, list_id, second, "+255712345678"),
    ):
        with pytest.raises(DuplicateContact):
            await refused
    assert (await ListContacts(world.uow)(ACCOUNT, list_id)).total == 2
    assert await a_contact(world, await a_list(world, "Wauzaji"), "0712345678")  # another list


async def test_a_change_keeps_what_it_leaves_out(world: World) -> None:
    list_id = await a_list(world)
    contact_id = await a_contact(world, list_id, "0712345678", first_name="Amina", last_name="Juma",
                                 email="a@duka.co.tz")
    world.clock.advance(60)
    changed = await UpdateContact(world.uow, world.clock)(ACCOUNT, list_id, contact_id,
                                                          ContactDetails(phone="0754000111", email=""))
    assert (changed.first_name, changed.last_name, changed.phone, changed.email, changed.updated_at) == (
        "Amina", "Juma", "+255754000111", "", world.clock.now())
    with pytest.raises(NotFound):
        await UpdateContact(world.uow, world.clock)(OTHER, list_id, contact_id, ContactDetails(first_name="X"))


async def test_extra_numbers_are_added_up_to_ten_and_removed(world: World) -> None:
    list_id = await a_list(world)
    contact_id = await a_contact(world, list_id, "0712345678")
    add = AddContactPhone(world.uow, world.clock, world.ids)
    phones = [await add(ACCOUNT, list_id, contact_id, f"07540001{n:02d}") for n in range(MAX_PHONES_PER_CONTACT)]
    with pytest.raises(TooManyPhoneNumbers):
        await add(ACCOUNT, list_id, contact_id, "0754000199")
    await DeleteContactPhone(world.uow, world.clock)(ACCOUNT, list_id, contact_id, phones[0].id)
    with pytest.raises(NotFound):
        await DeleteContactPhone(world.uow, world.clock)(ACCOUNT, list_id, contact_id, phones[0].id)
    with pytest.raises(NotFound):
        await DeleteContactPhone(world.uow, world.clock)(OTHER, list_id, contact_id, phones[1].id)
    found = await GetContact(world.uow)(ACCOUNT, list_id, contact_id)
    assert [phone.phone for phone in found.phones] == [phone.phone for phone in phones[1:]]


async def test_an_opted_out_number_shows_on_the_contact_and_its_new_extra_number(world: World) -> None:
    list_id = await a_list(world)
    contact_id = await a_contact(world, list_id, "0712345678")
    async with world.uow() as uow:
        await uow.opt_outs.opt_out(ACCOUNT, "+255712345678", world.clock.now())
        await uow.opt_outs.opt_out(ACCOUNT, "+255754000111", world.clock.now())
        await uow.commit()
    phone = await AddContactPhone(world.uow, world.clock, world.ids)(ACCOUNT, list_id, contact_id, "0754000111")
    found = await GetContact(world.uow)(ACCOUNT, list_id, contact_id)
    assert (phone.opted_out, found.opted_out, found.phones[0].opted_out) == (True, True, True)


async def test_contacts_are_searched_and_paged(world: World) -> None:
    list_id = await a_list(world)
    amina = await a_contact(world, list_id, "0712345678", first_name="Amina")
    world.clock.advance(1)
    baraka = await a_contact(world, list_id, "0712000002", first_name="Baraka")
    listing = ListContacts(world.uow)
    assert [c.id for c in (await listing(ACCOUNT, list_id, "+255 712 345 678")).contacts] == [amina]
    assert [c.id for c in (await listing(ACCOUNT, list_id, "bara")).contacts] == [baraka]
    second = await listing(ACCOUNT, list_id, page=2, per_page=1)
    assert ([c.id for c in second.contacts], second.total) == ([baraka], 2)
    with pytest.raises(NotFound):
        await listing(OTHER, list_id)
    with pytest.raises(ValidationError):
        await listing(ACCOUNT, list_id, per_page=101)
    await DeleteContact(world.uow)(ACCOUNT, list_id, amina)
    with pytest.raises(NotFound):
        await DeleteContact(world.uow)(ACCOUNT, list_id, amina)
    assert (await listing(ACCOUNT, list_id)).total == 1
