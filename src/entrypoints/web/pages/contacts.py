"""A list's contacts, one at a time: added (from the list's page), changed, deleted, and given or
relieved of extra numbers, on `/contacts/{list id}/contacts/{contact id}`. A number stays unique
in its list and a contact holds at most ten extra ones: the use cases' rules, their refusals
translated beside the form that met them."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from litestar import Controller, Request, Response, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath, FromQuery
from litestar.response import Redirect, Template

from application.contacts.contacts import (
    AddContact,
    AddContactPhone,
    ContactDetails,
    DeleteContact,
    DeleteContactPhone,
    GetContact,
    UpdateContact,
)
from application.contacts.lists import DescribeContactList
from domain.contacts import MAX_PHONES_PER_CONTACT
from domain.errors import (
    ContactListFull,
    DomainError,
    DuplicateContact,
    InvalidPhoneNumber,
    TooManyPhoneNumbers,
    ValidationError,
)
from entrypoints.web.i18n import _
from entrypoints.web.pages import form_of, refusal, use_cases
from entrypoints.web.pages.contact_lists import list_page, list_path
from entrypoints.web.sessions import Viewer
from entrypoints.web.templating import page

# What a contact's forms can put right (another account's or a deleted contact is the not-found page).
NUMBER_REFUSALS = (ValidationError, InvalidPhoneNumber, DuplicateContact)
NOTICES = {
    "number-added": _("The number is added."),
    "number-removed": _("The number is removed."),
}


def _details(form: dict[str, str]) -> ContactDetails:
    """The contact form's fields; a blank phone is a missing one (the use case asks for it)."""
    return ContactDetails(first_name=form.get("first_name", ""), last_name=form.get("last_name", ""),
                          phone=form.get("phone", "").strip() or None, email=form.get("email", ""))


def _contact_path(list_id: str, contact_id: str, done: str | None = None) -> str:
    return f"/contacts/{list_id}/contacts/{contact_id}" + (f"?done={done}" if done else "")


async def _contact_page(request: Request[Any, Any, Any], viewer: Viewer, list_id: str, contact_id: str, *,
                        done: str | None = None, refused: DomainError | None = None, refused_form: str = "",
                        typed: dict[str, str] | None = None) -> Template:
    """A contact's page; after a refused form (`edit` or `number`), its message beside it
    and what was typed into it."""
    container = use_cases(request)
    describe: DescribeContactList = container.describe_contact_list()
    get_contact: GetContact = container.get_contact()
    contact_list = await describe(viewer.account_id, list_id)
    contact = await get_contact(viewer.account_id, list_id, contact_id)
    status, error = refusal(refused) if refused is not None else (200, None)
    return page(request, "contact.html", status_code=status, viewer=viewer, contact_list=contact_list,
                contact=contact, contact_name=f"{contact.first_name} {contact.last_name}".strip() or contact.phone,
                notice=NOTICES.get(done or ""), error=error, refused_form=refused_form,
                error_field=refused.field if refused is not None else None, typed=typed or {},
                max_phones=MAX_PHONES_PER_CONTACT)


class ContactPages(Controller):
    path = "/contacts/{list_id:uuid}/contacts"

    @post("/")
    async def add_contact(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer],
                          list_id: FromPath[UUID]) -> Response[Any]:
        form = await form_of(request)
        add: AddContact = use_cases(request).add_contact()
        try:
            await add(viewer.account_id, str(list_id), _details(form))
        except (*NUMBER_REFUSALS, ContactListFull) as exc:
            return await list_page(request, viewer, str(list_id), refused=exc, refused_form="add", typed=form)
        return Redirect(path=list_path(str(list_id), "contact-added"), status_code=303)

    @get("/{contact_id:uuid}")
    async def contact(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer],
                      list_id: FromPath[UUID], contact_id: FromPath[UUID],
                      done: FromQuery[str | None] = None) -> Template:
        """The contact's form, its extra numbers, and whether each number opted out."""
        return await _contact_page(request, viewer, str(list_id), str(contact_id), done=done)

    @post("/{contact_id:uuid}")
    async def update_contact(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer],
                             list_id: FromPath[UUID], contact_id: FromPath[UUID]) -> Response[Any]:
        """Every field as the form gives it: a cleared name or email is cleared."""
        form = await form_of(request)
        update: UpdateContact = use_cases(request).update_contact()
        try:
            await update(viewer.account_id, str(list_id), str(contact_id), _details(form))
        except NUMBER_REFUSALS as exc:
            return await _contact_page(request, viewer, str(list_id), str(contact_id), refused=exc,
                                       refused_form="edit", typed=form)
        return Redirect(path=list_path(str(list_id), "contact-saved"), status_code=303)

    @post("/{contact_id:uuid}/delete")
    async def delete_contact(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer],
                             list_id: FromPath[UUID], contact_id: FromPath[UUID]) -> Redirect:
        delete: DeleteContact = use_cases(request).delete_contact()
        await delete(viewer.account_id, str(list_id), str(contact_id))
        return Redirect(path=list_path(str(list_id), "contact-deleted"), status_code=303)

    @post("/{contact_id:uuid}/phones")
    async def add_phone(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer],
                        list_id: FromPath[UUID], contact_id: FromPath[UUID]) -> Response[Any]:
        form = await form_of(request)
        add_phone: AddContactPhone = use_cases(request).add_contact_phone()
        try:
            await add_phone(viewer.account_id, str(list_id), str(contact_id), form.get("phone", ""))
        except (*NUMBER_REFUSALS, TooManyPhoneNumbers) as exc:
            return await _contact_page(request, viewer, str(list_id), str(contact_id), refused=exc,
                                       refused_form="number", typed=form)
        return Redirect(path=_contact_path(str(list_id), str(contact_id), "number-added"), status_code=303)

    @post("/{contact_id:uuid}/phones/{phone_id:uuid}/delete")
    async def delete_phone(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer],
                           list_id: FromPath[UUID], contact_id: FromPath[UUID], phone_id: FromPath[UUID]) -> Redirect:
        delete_phone: DeleteContactPhone = use_cases(request).delete_contact_phone()
        await delete_phone(viewer.account_id, str(list_id), str(contact_id), str(phone_id))
        return Redirect(path=_contact_path(str(list_id), str(contact_id), "number-removed"), status_code=303)
