"""The account's contact lists (`/contacts`: each with its count, the default one marked, and a new
one made) and one list's page (`/contacts/{id}`): its contacts, searched and paged, the form that
adds one, and the list renamed or deleted. The contacts' own pages are `pages.contacts`, the
files `pages.contact_files`."""

from __future__ import annotations

from typing import Annotated, Any
from uuid import UUID

from litestar import Controller, Request, Response, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath, FromQuery, QueryParameter
from litestar.response import Redirect, Template

from application.contacts.contacts import ContactPage, ListContacts
from application.contacts.lists import (
    CreateContactList,
    DeleteContactList,
    DescribeContactList,
    ListContactLists,
    UpdateContactList,
)
from domain.errors import DefaultListNotDeletable, DomainError, ValidationError
from domain.paging import DEFAULT_PER_PAGE
from entrypoints.web.i18n import _
from entrypoints.web.pages import form_of, google_contacts_on, refusal, use_cases
from entrypoints.web.sessions import Viewer
from entrypoints.web.templating import page

# A list's words for its `name`, a field other forms name too (a campaign's, a key's).
LIST_WORDS = {("validation_error", "name"): _("Give the list a name of at most 100 characters.")}
PAGE_NUMBER = QueryParameter(name="page")  # checked by the use case, as the API's is
# What the list's pages say after a change, by the `done` of the address they were sent to.
NOTICES = {
    "list-created": _("The list is ready: add contacts one by one or import a file."),
    "list-saved": _("The list is saved."),
    "list-deleted": _("The list and its contacts are deleted."),
    "contact-added": _("The contact is added."),
    "contact-saved": _("The contact is saved."),
    "contact-deleted": _("The contact is deleted."),
}


def list_path(list_id: str, done: str | None = None) -> str:
    return f"/contacts/{list_id}" + (f"?done={done}" if done else "")


async def list_page(request: Request[Any, Any, Any], viewer: Viewer, list_id: str, *, search: str = "",
                    page_number: int = 1, done: str | None = None, refused: DomainError | None = None,
                    refused_form: str = "",
                    typed: dict[str, str] | None = None) -> Template:
    """A list's page; after a refused form, with its message beside that form (`refused_form`:
    `add`, `rename` or `delete`) and what was typed into it."""
    describe: DescribeContactList = use_cases(request).describe_contact_list()
    contact_list = await describe(viewer.account_id, list_id)
    found = await contacts_of(request, viewer, list_id, search, page_number)
    status, error = refusal(refused, LIST_WORDS) if refused is not None else (200, None)
    return page(request, "contact_list.html", status_code=status, viewer=viewer, contact_list=contact_list,
                found=found, search=search, notice=NOTICES.get(done or ""), error=error,
                error_field=refused.field if refused is not None else None, refused_form=refused_form,
                typed=typed or {})


async def contacts_of(request: Request[Any, Any, Any], viewer: Viewer, list_id: str, search: str,
                      page_number: int) -> ContactPage:
    list_contacts: ListContacts = use_cases(request).list_contacts()
    return await list_contacts(viewer.account_id, list_id, search, page_number, DEFAULT_PER_PAGE)


async def _lists_page(request: Request[Any, Any, Any], viewer: Viewer, page_number: int, *,
                      notice: str | None = None, refused: DomainError | None = None,
                      typed: dict[str, str] | None = None) -> Template:
    list_lists: ListContactLists = use_cases(request).list_contact_lists()
    found = await list_lists(viewer.account_id, page_number, DEFAULT_PER_PAGE)
    status, error = refusal(refused, LIST_WORDS) if refused is not None else (200, None)
    return page(request, "contact_lists.html", status_code=status, viewer=viewer, found=found, notice=notice,
                google_contacts=google_contacts_on(request), error=error,
                error_field=refused.field if refused is not None else None, typed=typed or {})


class ContactListPages(Controller):
    path = "/contacts"

    @get("/")
    async def lists(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer],
                    page_number: Annotated[int, PAGE_NUMBER] = 1, done: FromQuery[str | None] = None) -> Template:
        """The account's lists, the default one first."""
        return await _lists_page(request, viewer, page_number, notice=NOTICES.get(done or ""))

    @post("/")
    async def create_list(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer]) -> Response[Any]:
        form = await form_of(request)
        create: CreateContactList = use_cases(request).create_contact_list()
        try:
            made = await create(viewer.account_id, form.get("name", ""), form.get("description", ""))
        except ValidationError as exc:
            return await _lists_page(request, viewer, 1, refused=exc, typed=form)
        return Redirect(path=list_path(made.id, "list-created"), status_code=303)

    @get("/{list_id:uuid}")
    async def contact_list(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer],
                           list_id: FromPath[UUID], search: FromQuery[str] = "", done: FromQuery[str | None] = None,
                           page_number: Annotated[int, PAGE_NUMBER] = 1) -> Template:
        """The list and a page of its contacts; the search box (htmx) asks for the table alone, its
        target (htmx restoring a page from history asks for the whole page)."""
        if request.headers.get("hx-target") == "contacts":
            found = await contacts_of(request, viewer, str(list_id), search, page_number)
            return page(request, "_contacts.html", list_id=str(list_id), found=found, search=search)
        return await list_page(request, viewer, str(list_id), search=search, page_number=page_number, done=done)

    @post("/{list_id:uuid}")
    async def rename_list(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer],
                          list_id: FromPath[UUID]) -> Response[Any]:
        form = await form_of(request)
        update: UpdateContactList = use_cases(request).update_contact_list()
        try:
            await update(viewer.account_id, str(list_id), form.get("name", ""), form.get("description", ""))
        except ValidationError as exc:
            return await list_page(request, viewer, str(list_id), refused=exc, refused_form="rename", typed=form)
        return Redirect(path=list_path(str(list_id), "list-saved"), status_code=303)

    @post("/{list_id:uuid}/delete")
    async def delete_list(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer],
                          list_id: FromPath[UUID]) -> Response[Any]:
        """The list and its contacts; the default list stays (the API's refusal, translated)."""
        delete: DeleteContactList = use_cases(request).delete_contact_list()
        try:
            await delete(viewer.account_id, str(list_id))
        except DefaultListNotDeletable as exc:
            return await list_page(request, viewer, str(list_id), refused=exc, refused_form="delete")
        return Redirect(path="/contacts?done=list-deleted", status_code=303)
