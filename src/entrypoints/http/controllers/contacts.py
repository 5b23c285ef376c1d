"""/v1/contact-lists: lists (a default one per account, made on first access, never deleted)
and their contacts, each with extra numbers; access token only (decision: authentication)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

import msgspec
from litestar import Controller, delete, get, post, put
from litestar.di import NamedDependency
from litestar.params import FromPath, JSONBody, QueryParameter

from application.contacts.lists import (
    ContactListWithContacts,
    CreateContactList,
    DeleteContactList,
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
from domain.contacts import (
    CONTACT_EMAIL_PATTERN,
    MAX_LIST_DESCRIPTION_LENGTH,
    MAX_LIST_NAME_LENGTH,
    MAX_NAME_LENGTH,
    MAX_SEARCH_LENGTH,
)
from domain.email_addresses import MAX_EMAIL_LENGTH
from domain.errors import (
    ContactListFull,
    DefaultListNotDeletable,
    DuplicateContact,
    InvalidPhoneNumber,
    NotFound,
    TooManyPhoneNumbers,
)
from domain.ids import lookup_id
from domain.paging import DEFAULT_PER_PAGE, MAX_PER_PAGE
from domain.texts import trimmed_pattern
from entrypoints.container import Container
from entrypoints.http.auth import JWT, Principal, authenticated
from entrypoints.http.dependencies import provide
from entrypoints.http.envelope import Envelope, ResponseBody, body_of, ok
from entrypoints.http.validation import Number, RequestBody, documented, page_parameters

PAGE, PER_PAGE = page_parameters(MAX_PER_PAGE)
SEARCH = QueryParameter(schema_extra={"pattern": trimmed_pattern(MAX_SEARCH_LENGTH)}, description=(
    "Part of a first name, last name (or both, `Amina Juma`) or email, any case; or a number: a whole "
    "Tanzanian number in any written form (07…, 255…, +255…, spaced or dashed) finds the contact holding it "
    "as its main or an extra number, and three or more of its digits (0712, 345 678) find the contacts "
    "whose numbers hold them. Empty for every contact."))

ListName = Annotated[str, documented(pattern=trimmed_pattern(MAX_LIST_NAME_LENGTH, required=True))]
Description = Annotated[str, documented(pattern=trimmed_pattern(MAX_LIST_DESCRIPTION_LENGTH))]
PersonName = Annotated[str, documented(pattern=trimmed_pattern(MAX_NAME_LENGTH))]
Email = Annotated[str, documented(maxLength=MAX_EMAIL_LENGTH, pattern=CONTACT_EMAIL_PATTERN)]

_LIST_ERRORS = (NotFound,)
_NUMBER_ERRORS = (NotFound, InvalidPhoneNumber, DuplicateContact)


class CreateContactListRequest(RequestBody, kw_only=True):
    name: ListName
    description: Description | None = None


class UpdateContactListRequest(RequestBody, kw_only=True):
    name: ListName | None = None
    description: Description | None = None


class AddContactRequest(RequestBody, kw_only=True):
    first_name: PersonName | None = None
    last_name: PersonName | None = None
    phone: Number
    email: Email | None = None


class UpdateContactRequest(RequestBody, kw_only=True):
    first_name: PersonName | None = None
    last_name: PersonName | None = None
    phone: Number | None = None
    email: Email | None = None


class AddPhoneRequest(RequestBody, kw_only=True):
    phone: Number


class ContactListBody(ResponseBody, kw_only=True):
    id: str
    name: str
    description: str
    contact_count: int
    is_default: bool
    created_at: datetime
    updated_at: datetime


class ContactListPageBody(ResponseBody, kw_only=True):
    lists: list[ContactListBody]
    page: int
    per_page: int
    total: int


class ContactPhoneBody(ResponseBody, kw_only=True):
    id: str
    phone: str
    opted_out: bool
    created_at: datetime


class ContactBody(ResponseBody, kw_only=True):
    id: str
    list_id: str
    first_name: str
    last_name: str
    phone: str
    email: str
    phones: list[ContactPhoneBody]
    opted_out: bool
    created_at: datetime
    updated_at: datetime


class ContactPageBody(ResponseBody, kw_only=True):
    contacts: list[ContactBody]
    page: int
    per_page: int
    total: int


class ContactListWithContactsBody(ContactListBody, kw_only=True):
    contacts: list[ContactBody]
    page: int
    per_page: int

    @classmethod
    def of(cls, found: ContactListWithContacts) -> ContactListWithContactsBody:
        fields = msgspec.structs.asdict(body_of(found.contact_list, ContactListBody))
        return cls(**fields, contacts=[body_of(contact, ContactBody) for contact in found.contacts],
                   page=found.page, per_page=found.per_page)


def _details(data: AddContactRequest | UpdateContactRequest) -> ContactDetails:
    return ContactDetails(first_name=data.first_name, last_name=data.last_name, phone=data.phone, email=data.email)


class ContactListsController(Controller):
    path = "/v1/contact-lists"
    tags = ["contacts"]
    dependencies = {"principal": authenticated(JWT)}

    @get("/", operation_id="listContactLists",
         dependencies={"list_contact_lists": provide(Container.list_contact_lists)})
    async def list_lists(self, principal: NamedDependency[Principal],
                         list_contact_lists: NamedDependency[ListContactLists], page: Annotated[int, PAGE] = 1,
                         per_page: Annotated[int, PER_PAGE] = DEFAULT_PER_PAGE) -> Envelope[ContactListPageBody]:
        """The account's contact lists, the default one first, then the newest first."""
        found = await list_contact_lists(principal.account_id, page, per_page)
        return ok(ContactListPageBody(lists=[body_of(one, ContactListBody) for one in found.lists],
                                      page=found.page, per_page=found.per_page, total=found.total))

    @post("/", operation_id="createContactList", status_code=201,
          dependencies={"create_contact_list": provide(Container.create_contact_list)})
    async def create_list(self, principal: NamedDependency[Principal],
                          create_contact_list: NamedDependency[CreateContactList],
                          data: JSONBody[CreateContactListRequest]) -> Envelope[ContactListBody]:
        """Create a contact list."""
        return ok(body_of(await create_contact_list(principal.account_id, data.name, data.description),
                          ContactListBody))

    @get("/{list_id:str}", operation_id="getContactList", opt={"errors": _LIST_ERRORS},
         dependencies={"get_contact_list": provide(Container.get_contact_list)})
    async def get_list(self, principal: NamedDependency[Principal], list_id: FromPath[str],
                       get_contact_list: NamedDependency[GetContactList], page: Annotated[int, PAGE] = 1,
                       per_page: Annotated[int, PER_PAGE] = DEFAULT_PER_PAGE) -> Envelope[ContactListWithContactsBody]:
        """A contact list with one page of its contacts, in the order they were added."""
        found = await get_contact_list(principal.account_id, lookup_id(list_id), page, per_page)
        return ok(ContactListWithContactsBody.of(found))

    @put("/{list_id:str}", operation_id="updateContactList", opt={"errors": _LIST_ERRORS},
         dependencies={"update_contact_list": provide(Container.update_contact_list)})
    async def update_list(self, principal: NamedDependency[Principal], list_id: FromPath[str],
                          update_contact_list: NamedDependency[UpdateContactList],
                          data: JSONBody[UpdateContactListRequest]) -> Envelope[ContactListBody]:
        """Rename or describe a list; a field left out keeps its value."""
        changed = await update_contact_list(principal.account_id, lookup_id(list_id), data.name, data.description)
        return ok(body_of(changed, ContactListBody))

    @delete("/{list_id:str}", operation_id="deleteContactList", status_code=200,
            opt={"errors": (NotFound, DefaultListNotDeletable)},
            dependencies={"delete_contact_list": provide(Container.delete_contact_list)})
    async def delete_list(self, principal: NamedDependency[Principal], list_id: FromPath[str],
                          delete_contact_list: NamedDependency[DeleteContactList]) -> Envelope[None]:
        """Delete a list and its contacts; the default list is never deleted."""
        await delete_contact_list(principal.account_id, lookup_id(list_id))
        return ok(None)

    @get("/{list_id:str}/contacts", operation_id="listContacts", opt={"errors": _LIST_ERRORS},
         dependencies={"list_contacts": provide(Container.list_contacts)})
    async def list_contacts(self, principal: NamedDependency[Principal], list_id: FromPath[str],
                            list_contacts: NamedDependency[ListContacts], search: Annotated[str | None, SEARCH] = None,
                            page: Annotated[int, PAGE] = 1,
                            per_page: Annotated[int, PER_PAGE] = DEFAULT_PER_PAGE) -> Envelope[ContactPageBody]:
        """A list's contacts in the order they were added, or those a search finds."""
        found = await list_contacts(principal.account_id, lookup_id(list_id), search, page, per_page)
        return ok(ContactPageBody(contacts=[body_of(contact, ContactBody) for contact in found.contacts],
                                  page=found.page, per_page=found.per_page, total=found.total))

    @post("/{list_id:str}/contacts", operation_id="addContact", status_code=200,
          opt={"errors": (*_NUMBER_ERRORS, ContactListFull)},
          dependencies={"add_contact": provide(Container.add_contact)})
    async def add_contact(self, principal: NamedDependency[Principal], list_id: FromPath[str],
                          add_contact: NamedDependency[AddContact],
                          data: JSONBody[AddContactRequest]) -> Envelope[ContactBody]:
        """Add a contact; its number may be in no other contact of the list."""
        return ok(body_of(await add_contact(principal.account_id, lookup_id(list_id), _details(data)), ContactBody))

    @get("/{list_id:str}/contacts/{contact_id:str}", operation_id="getContact", opt={"errors": _LIST_ERRORS},
         dependencies={"get_contact": provide(Container.get_contact)})
    async def get_contact(self, principal: NamedDependency[Principal], list_id: FromPath[str],
                          contact_id: FromPath[str], get_contact: NamedDependency[GetContact]) -> Envelope[ContactBody]:
        """A contact with its extra numbers."""
        found = await get_contact(principal.account_id, lookup_id(list_id), lookup_id(contact_id))
        return ok(body_of(found, ContactBody))

    @put("/{list_id:str}/contacts/{contact_id:str}", operation_id="updateContact", opt={"errors": _NUMBER_ERRORS},
         dependencies={"update_contact": provide(Container.update_contact)})
    async def update_contact(self, principal: NamedDependency[Principal], list_id: FromPath[str],
                             contact_id: FromPath[str], update_contact: NamedDependency[UpdateContact],
                             data: JSONBody[UpdateContactRequest]) -> Envelope[ContactBody]:
        """Change a contact; a field left out keeps its value, a new number stays unique in the list."""
        changed = await update_contact(principal.account_id, lookup_id(list_id), lookup_id(contact_id),
                                       _details(data))
        return ok(body_of(changed, ContactBody))

    @delete("/{list_id:str}/contacts/{contact_id:str}", operation_id="deleteContact", status_code=200,
            opt={"errors": _LIST_ERRORS}, dependencies={"delete_contact": provide(Container.delete_contact)})
    async def delete_contact(self, principal: NamedDependency[Principal], list_id: FromPath[str],
                             contact_id: FromPath[str], delete_contact: NamedDependency[DeleteContact]) -> Envelope[None]:
        """Delete a contact with its numbers."""
        await delete_contact(principal.account_id, lookup_id(list_id), lookup_id(contact_id))
        return ok(None)

    @post("/{list_id:str}/contacts/{contact_id:str}/phones", operation_id="addContactPhone", status_code=200,
          opt={"errors": (*_NUMBER_ERRORS, TooManyPhoneNumbers)},
          dependencies={"add_contact_phone": provide(Container.add_contact_phone)})
    async def add_phone(self, principal: NamedDependency[Principal], list_id: FromPath[str], contact_id: FromPath[str],
                        add_contact_phone: NamedDependency[AddContactPhone],
                        data: JSONBody[AddPhoneRequest]) -> Envelope[ContactPhoneBody]:
        """Give a contact an extra number; it may be in no other contact of the list."""
        added = await add_contact_phone(principal.account_id, lookup_id(list_id), lookup_id(contact_id), data.phone)
        return ok(body_of(added, ContactPhoneBody))

    @delete("/{list_id:str}/contacts/{contact_id:str}/phones/{phone_id:str}", operation_id="deleteContactPhone",
            status_code=200, opt={"errors": _LIST_ERRORS},
            dependencies={"delete_contact_phone": provide(Container.delete_contact_phone)})
    async def delete_phone(self, principal: NamedDependency[Principal], list_id: FromPath[str],
                           contact_id: FromPath[str], phone_id: FromPath[str],
                           delete_contact_phone: NamedDependency[DeleteContactPhone]) -> Envelope[None]:
        """Remove an extra number from a contact (the main number changes through PUT)."""
        await delete_contact_phone(principal.account_id, lookup_id(list_id), lookup_id(contact_id),
                                   lookup_id(phone_id))
        return ok(None)
