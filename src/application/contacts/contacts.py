"""Contacts of a list: added, read, changed and deleted one at a time, with extra numbers.

Every number is kept in E.164, once per list across every contact's main and extra numbers:
the repository refuses a repeat (`DuplicateContact`) however many requests race, so nothing
here reads to decide whether a number is free. A list holds at most 100,000 contacts.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from application.ports import Clock, IdGenerator, UnitOfWork, UnitOfWorkFactory
from domain.contacts import (
    MAX_PHONES_PER_CONTACT,
    Contact,
    ContactPhone,
    contact_phone,
    contact_search,
    validate_contact_email,
    validate_contact_name,
)
from domain.errors import NotFound, TooManyPhoneNumbers, ValidationError
from domain.paging import DEFAULT_PER_PAGE, MAX_PER_PAGE, validate_paging



@dataclass(frozen=True, slots=True)
class ContactDetails:
    """A contact as a request gives it; a field left out (None) is empty on creation and kept
    as it was on a change."""

    first_name: str | None = None
    last_name: str | None = None
    phone: str | None = None
    email: str | None = None


@dataclass(frozen=True, slots=True)
class ContactPage:
    contacts: list[Contact]
    page: int
    per_page: int
    total: int


async def _contact(uow: UnitOfWork, account_id: str, list_id: str, contact_id: str) -> Contact:
    found = await uow.contacts.get(account_id, list_id, contact_id)
    if found is None:
        raise NotFound("No such contact.")
    return found


def _checked(details: ContactDetails, base: Contact) -> Contact:
    """`base` with every field `details` gives, each checked."""
    return replace(
        base,
        first_name=base.first_name if details.first_name is None
        else validate_contact_name(details.first_name, field="first_name"),
        last_name=base.last_name if details.last_name is None
        else validate_contact_name(details.last_name, field="last_name"),
        phone=base.phone if details.phone is None else contact_phone(details.phone),
        email=base.email if details.email is None else validate_contact_email(details.email),
    )


class ListContacts:
    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self, account_id: str, list_id: str, search: str | None = None, page: int = 1,
                       per_page: int = DEFAULT_PER_PAGE) -> ContactPage:
        validate_paging(page, per_page, max_per_page=MAX_PER_PAGE)
        looked_for = contact_search(search)
        async with self._uow() as uow:
            if await uow.contact_lists.get(account_id, list_id) is None:
                raise NotFound("No such contact list.")
            contacts, total = await uow.contacts.page(account_id, list_id, looked_for, per_page,
                                                      (page - 1) * per_page)
        return ContactPage(contacts, page, per_page, total)


class AddContact:
    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, ids: IdGenerator) -> None:
        self._uow, self._clock, self._ids = uow, clock, ids

    async def __call__(self, account_id: str, list_id: str, details: ContactDetails) -> Contact:
        if details.phone is None:
            raise ValidationError("A contact needs a phone number.", field="phone")
        now = self._clock.now()
        blank = Contact(account_id=account_id, list_id=list_id, id=self._ids.new_id(), phone="", first_name="",
                        last_name="", email="", created_at=now, updated_at=now)
        contact = _checked(details, blank)
        async with self._uow() as uow:
            if await uow.contact_lists.get(account_id, list_id) is None:
                raise NotFound("No such contact list.")
            await uow.contacts.add(contact)
            added = await _contact(uow, account_id, list_id, contact.id)
            await uow.commit()
        return added


class GetContact:
    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self, account_id: str, list_id: str, contact_id: str) -> Contact:
        async with self._uow() as uow:
            return await _contact(uow, account_id, list_id, contact_id)


class UpdateContact:
    def __init__(self, uow: UnitOfWorkFactory, clock: Clock) -> None:
        self._uow, self._clock = uow, clock

    async def __call__(self, account_id: str, list_id: str, contact_id: str, details: ContactDetails) -> Contact:
        async with self._uow() as uow:
            found = await _contact(uow, account_id, list_id, contact_id)
            if not await uow.contacts.save(replace(_checked(details, found), updated_at=self._clock.now())):
                raise NotFound("No such contact.")
            changed = await _contact(uow, account_id, list_id, contact_id)
            await uow.commit()
        return changed


class DeleteContact:
    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self, account_id: str, list_id: str, contact_id: str) -> None:
        async with self._uow() as uow:
            if not await uow.contacts.delete(account_id, list_id, contact_id):
                raise NotFound("No such contact.")
            await uow.commit()


class AddContactPhone:
    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, ids: IdGenerator) -> None:
        self._uow, self._clock, self._ids = uow, clock, ids

    async def __call__(self, account_id: str, list_id: str, contact_id: str, phone: str) -> ContactPhone:
        extra = ContactPhone(id=self._ids.new_id(), phone=contact_phone(phone), created_at=self._clock.now())
        async with self._uow() as uow:
            found = await _contact(uow, account_id, list_id, contact_id)
            if len(found.phones) >= MAX_PHONES_PER_CONTACT:
                raise TooManyPhoneNumbers(field="phone")
            if not await uow.contacts.add_phone(account_id, list_id, contact_id, extra):
                raise NotFound("No such contact.")
            opted_out = await uow.opt_outs.is_opted_out(account_id, extra.phone)
            await uow.commit()
        return replace(extra, opted_out=opted_out)


class DeleteContactPhone:
    def __init__(self, uow: UnitOfWorkFactory, clock: Clock) -> None:
        self._uow, self._clock = uow, clock

    async def __call__(self, account_id: str, list_id: str, contact_id: str, phone_id: str) -> None:
        async with self._uow() as uow:
            if not await uow.contacts.delete_phone(account_id, list_id, contact_id, phone_id, self._clock.now()):
                raise NotFound("No such phone number on this contact.")
            await uow.commit()
