"""Contact lists: every account has a default one, made on its first access to the list routes
(racing first accesses make one: the repository's promise) and never deleted; the others are
made, renamed and deleted by the account. A list's page of contacts comes with it."""

from __future__ import annotations

from dataclasses import dataclass, replace

from application.ports import Clock, IdGenerator, UnitOfWork, UnitOfWorkFactory
from domain.contacts import Contact, ContactList, ContactSearch, validate_list_description, validate_list_name
from domain.errors import DefaultListNotDeletable, NotFound
from domain.paging import DEFAULT_PER_PAGE, MAX_PER_PAGE, validate_paging



@dataclass(frozen=True, slots=True)
class ContactListPage:
    lists: list[ContactList]
    page: int
    per_page: int
    total: int


@dataclass(frozen=True, slots=True)
class ContactListWithContacts:
    contact_list: ContactList
    contacts: list[Contact]
    page: int
    per_page: int


class _ListUseCase:
    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, ids: IdGenerator) -> None:
        self._uow, self._clock, self._ids = uow, clock, ids

    async def _default_exists(self, uow: UnitOfWork, account_id: str) -> ContactList:
        return await uow.contact_lists.default(account_id, self._ids.new_id(), self._clock.now())

    async def _found(self, uow: UnitOfWork, account_id: str, list_id: str) -> ContactList:
        await self._default_exists(uow, account_id)
        found = await uow.contact_lists.get(account_id, list_id)
        if found is None:
            await uow.commit()  # the default list made by this first access stays
            raise NotFound("No such contact list.")
        return found


class ListContactLists(_ListUseCase):
    async def __call__(self, account_id: str, page: int = 1, per_page: int = DEFAULT_PER_PAGE) -> ContactListPage:
        validate_paging(page, per_page, max_per_page=MAX_PER_PAGE)
        async with self._uow() as uow:
            await self._default_exists(uow, account_id)
            lists, total = await uow.contact_lists.page(account_id, per_page, (page - 1) * per_page)
            await uow.commit()
        return ContactListPage(lists, page, per_page, total)


class CreateContactList(_ListUseCase):
    async def __call__(self, account_id: str, name: str, description: str | None = None) -> ContactList:
        now = self._clock.now()
        made = ContactList(account_id=account_id, id=self._ids.new_id(), name=validate_list_name(name),
                           description=validate_list_description(description), is_default=False,
                           created_at=now, updated_at=now)
        async with self._uow() as uow:
            await self._default_exists(uow, account_id)
            await uow.contact_lists.add(made)
            await uow.commit()
        return made


class GetContactList(_ListUseCase):
    async def __call__(self, account_id: str, list_id: str, page: int = 1,
                       per_page: int = DEFAULT_PER_PAGE) -> ContactListWithContacts:
        validate_paging(page, per_page, max_per_page=MAX_PER_PAGE)
        async with self._uow() as uow:
            found = await self._found(uow, account_id, list_id)
            contacts, _ = await uow.contacts.page(account_id, list_id, ContactSearch(), per_page,
                                                  (page - 1) * per_page)
            await uow.commit()
        return ContactListWithContacts(found, contacts, page, per_page)


class DescribeContactList(_ListUseCase):
    async def __call__(self, account_id: str, list_id: str) -> ContactList:
        """A list without its contacts: its name, description, count and whether it is the default
        (what a page about the list, or about one of its contacts, is headed with)."""
        async with self._uow() as uow:
            found = await self._found(uow, account_id, list_id)
            await uow.commit()
        return found


class UpdateContactList(_ListUseCase):
    async def __call__(self, account_id: str, list_id: str, name: str | None = None,
                       description: str | None = None) -> ContactList:
        """Each field given replaces the list's; one left out keeps it."""
        name = None if name is None else validate_list_name(name)
        description = None if description is None else validate_list_description(description)
        async with self._uow() as uow:
            found = await self._found(uow, account_id, list_id)
            changed = replace(found, name=found.name if name is None else name, updated_at=self._clock.now(),
                              description=found.description if description is None else description)
            if not await uow.contact_lists.save(changed):
                raise NotFound("No such contact list.")
            await uow.commit()
        return changed


class DeleteContactList(_ListUseCase):
    async def __call__(self, account_id: str, list_id: str) -> None:
        async with self._uow() as uow:
            if (await self._found(uow, account_id, list_id)).is_default:
                raise DefaultListNotDeletable()
            if not await uow.contact_lists.delete(account_id, list_id):
                raise NotFound("No such contact list.")
            await uow.commit()
