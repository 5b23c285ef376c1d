"""A new campaign in three steps: the builder form, its preview (who gets it after the list's
opted-out numbers are left out, what it costs against the balance, three messages as their
recipients will read them: `PreviewCampaign`), then sent or scheduled (`CreateCampaign`).

The preview carries what was entered in hidden fields, so what is sent is what was previewed;
"change it" posts them back to the builder. A campaign id is chosen at the preview and sent
with the confirmation: creation is idempotent by it, so confirming twice (a double click, the
back button) makes one campaign. A later time is the datetime input's, which names no offset:
the API reads such a time as East Africa Time.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from litestar import Controller, Request, Response, get, post
from litestar.di import NamedDependency
from litestar.params import FromQuery
from litestar.response import Redirect, Template

from application.campaigns.creation import (
    CampaignRequest,
    CreateCampaign,
    PreviewCampaign,
)
from application.contacts.lists import ListContactLists
from application.ports import Template as ComposeTemplate
from application.sending.sender_ids import ListSenderIds
from domain.campaigns import (
    CampaignStatus,
    has_placeholders,
    initial_campaign_status,
    list_id_of,
    parse_scheduled_at,
)
from domain.contacts import ContactList
from domain.errors import DomainError
from domain.ids import parse_id
from domain.paging import MAX_PER_PAGE
from entrypoints.web.i18n import _
from entrypoints.web.pages import form_of, refusal, use_cases
from entrypoints.web.pages.compose_templates import offered, template_text, to_fill
from entrypoints.web.sessions import Viewer
from entrypoints.web.templating import page

# The builder's words for its `name`, a field other forms name too (a contact list's, a key's).
NAME_REFUSED = _("Give the campaign a name of up to 200 characters.")
FIELDS = ("name", "contact_list_id", "sender_id", "message", "when", "scheduled_at", "campaign_id")
NOW, LATER = "now", "later"


def _entered(form: dict[str, str]) -> dict[str, str]:
    """The builder's fields as posted; a textarea's line breaks (CRLF in a form) as the API's `\\n`."""
    entered = {name: form.get(name, "") for name in FIELDS}
    entered["message"] = entered["message"].replace("\r\n", "\n")
    entered["when"] = LATER if entered["when"] == LATER else NOW
    return entered


def _campaign_id(entered: dict[str, str]) -> str | None:
    """The id the preview chose, if it is one (anything else: a new campaign id is chosen)."""
    return parse_id(entered["campaign_id"])


def _request(viewer: Viewer, entered: dict[str, str], campaign_id: str | None = None) -> CampaignRequest:
    return CampaignRequest(account_id=viewer.account_id, name=entered["name"], message=entered["message"],
                           contact_list_id=list_id_of(entered["contact_list_id"]),
                           sender_id=entered["sender_id"] or None,
                           scheduled_at=entered["scheduled_at"] if entered["when"] == LATER else None,
                           campaign_id=campaign_id)


class CampaignBuilderPages(Controller):
    path = "/campaigns"

    @get("/new")
    async def new(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer],
                  contact_list_id: FromQuery[str] = "") -> Template:
        """An empty builder; `?contact_list_id=` chooses the list (a link from the list's page)."""
        return await self._builder(request, viewer, _entered({"contact_list_id": contact_list_id}))

    @post("/new")
    async def change(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer]) -> Template:
        """The builder again, filled in with what the preview carried, or as it was filled in with
        the message a chosen compose template's (`template`)."""
        form, templates = await form_of(request), await offered(request)
        entered = _entered(form)
        text = await template_text(request, viewer, templates, form.get("template", ""))
        return await self._builder(request, viewer, entered if text is None else {**entered, "message": text},
                                   templates=templates)

    @post("/preview")
    async def preview(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer]) -> Template:
        entered = _entered(await form_of(request))
        preview_campaign: PreviewCampaign = use_cases(request).preview_campaign()
        try:
            preview = await preview_campaign(_request(viewer, entered))
        except DomainError as exc:
            return await self._refused(request, viewer, entered, exc)
        lists = await self._lists(request, viewer)
        entered["campaign_id"] = _campaign_id(entered) or use_cases(request).ids().new_id()
        return page(request, "campaign_preview.html", viewer=viewer, entered=entered, preview=preview,
                    list_name=next((x.name for x in lists if x.id == entered["contact_list_id"]), ""),
                    scheduled_at=self._later(request, entered), personalised=has_placeholders(entered["message"]),
                    to_fill=to_fill(entered["message"], per_contact=True))

    @post("/")
    async def create(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer]) -> Response[Any]:
        """The campaign as previewed: sent now, or at its time; then its own page."""
        entered = _entered(await form_of(request))
        create_campaign: CreateCampaign = use_cases(request).create_campaign()
        try:
            campaign = await create_campaign(_request(viewer, entered, _campaign_id(entered)))
        except DomainError as exc:
            return await self._refused(request, viewer, entered, exc)
        return Redirect(path=f"/campaigns/{campaign.id}", status_code=303)

    @staticmethod
    def _later(request: Request[Any, Any, Any], entered: dict[str, str]) -> datetime | None:
        """When it will go out, if not at once: a time already past sends it now, as the API does."""
        if entered["when"] != LATER:
            return None
        at = parse_scheduled_at(entered["scheduled_at"])
        starts = initial_campaign_status(has_contacts=True, scheduled_at=at, now=use_cases(request).clock().now())
        return at if starts is CampaignStatus.SCHEDULED else None

    async def _refused(self, request: Request[Any, Any, Any], viewer: Viewer, entered: dict[str, str],
                       exc: DomainError) -> Template:
        """The builder again with what was entered, saying what is wrong (at the top and by its
        field), with the status the API gives for the same code."""
        status, message = refusal(exc, {("validation_error", "name"): NAME_REFUSED})
        return await self._builder(request, viewer, entered, status_code=status, error=message,
                                   error_field=exc.field if exc.field in FIELDS else None)

    async def _builder(self, request: Request[Any, Any, Any], viewer: Viewer, entered: dict[str, str], *,
                       status_code: int = 200, error: str | None = None, error_field: str | None = None,
                       templates: list[ComposeTemplate] | None = None) -> Template:
        list_sender_ids: ListSenderIds = use_cases(request).list_sender_ids()
        senders = await list_sender_ids(viewer.account_id)
        return page(request, "campaign_new.html", status_code=status_code, viewer=viewer, entered=entered,
                    lists=await self._lists(request, viewer), senders=senders, error=error, error_field=error_field,
                    templates=templates if templates is not None else await offered(request),
                    to_fill=to_fill(entered["message"], per_contact=True))

    @staticmethod
    async def _lists(request: Request[Any, Any, Any], viewer: Viewer) -> list[ContactList]:
        """The account's contact lists to choose from (its default one included)."""
        list_contact_lists: ListContactLists = use_cases(request).list_contact_lists()
        return (await list_contact_lists(viewer.account_id, 1, MAX_PER_PAGE)).lists
