"""Sending from the dashboard: to one number, to several, or to a contact list (now, or at a time
in East Africa Time), under one of the account's sender IDs; the text's length, encoding, parts
and credits shown as it is typed.

Each way is the API's own: one number is its single send (`SendSms`), several its bulk send
(`SendBulk`), a contact list a campaign (`CreateCampaign`, as `POST /v1/campaigns`, the only send
the API schedules), and the live figures are its quote (`QuoteMessage`, with its offer of plainer
characters). A refusal shows the form again with the API's status and the reason in the reader's
language; another account's contact list is the not-found page.

A send goes by the id its form names (`SendForm.operation_id`): the message's, the batch's or
the campaign's, by which each of those use cases is idempotent. So the same form posted again (a
double click, a reload, the back button) sends nothing more and shows what the first post sent.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from litestar import Controller, Request, get, post
from litestar.di import NamedDependency
from litestar.response import Template

from application.campaigns.creation import CampaignRequest, CreateCampaign
from application.contacts.lists import DescribeContactList, ListContactLists
from application.credits.balance import GetBalance
from application.ports import Template as ComposeTemplate
from application.sending.quotes import QuoteMessage, QuoteRequest
from application.sending.sender_ids import ListSenderIds
from application.sending.sends import BulkRequest, SendBulk, SendSms, SmsRequest
from domain.campaigns import list_id_of
from domain.errors import DomainError, NotFound
from domain.ids import parse_id
from domain.paging import MAX_PER_PAGE
from entrypoints.web import i18n
from entrypoints.web.pages import form_of, refusal, use_cases
from entrypoints.web.pages.campaign_builder import NAME_REFUSED
from entrypoints.web.pages.compose_templates import offered, template_text, to_fill
from entrypoints.web.pages.send_form import LATER, SendForm
from entrypoints.web.sessions import Viewer
from entrypoints.web.templating import language_of, page

# A field the use cases name, and the form's field that holds it.
_FORM_FIELDS = {"sender_id": "from"}
MAX_LIST_NAME_IN_CAMPAIGN_NAME = 150  # a made-up campaign name stays within a name's 200 characters


async def _quoted(request: Request[Any, Any, Any], form: SendForm) -> dict[str, Any]:
    """The API's quote of the form's message for the page (`quote`), or why there is none
    (`quote_error`); and the placeholders its send would leave as they are (`to_fill`)."""
    if not form.message:
        return {"quote": None, "quote_error": None, "to_fill": ()}
    quote_message: QuoteMessage = use_cases(request).quote_message()
    left = to_fill(form.message, per_contact=form.to_list)
    try:
        return {"quote": await quote_message(QuoteRequest(message=form.message)), "quote_error": None, "to_fill": left}
    except DomainError as exc:
        return {"quote": None, "quote_error": refusal(exc)[1], "to_fill": left}


async def _form(request: Request[Any, Any, Any], viewer: Viewer, form: SendForm, *, status_code: int = 200,
                error: str | None = None, error_field: str | None = None,
                templates: list[ComposeTemplate] | None = None) -> Template:
    """The send page: the form as filled in (its key kept, or a new one chosen), with the account's
    sender IDs, lists, balance and the compose templates (`templates` when they were read already)."""
    container = use_cases(request)
    form = replace(form, send_key=parse_id(form.send_key) or container.ids().new_id())
    list_sender_ids: ListSenderIds = container.list_sender_ids()
    list_contact_lists: ListContactLists = container.list_contact_lists()
    get_balance: GetBalance = container.get_balance()
    senders = await list_sender_ids(viewer.account_id)
    lists = await list_contact_lists(viewer.account_id, 1, MAX_PER_PAGE)
    balance = await get_balance(viewer.account_id)
    return page(request, "send.html", status_code=status_code, viewer=viewer, form=form, senders=senders,
                lists=lists.lists, balance=balance.balance, error=error,
                templates=templates if templates is not None else await offered(request),
                error_field=_FORM_FIELDS.get(error_field or "", error_field), **await _quoted(request, form))


async def _campaign_name(request: Request[Any, Any, Any], viewer: Viewer, form: SendForm) -> str:
    """A name for a list's campaign when none was given: the list's name and the time it was sent."""
    describe: DescribeContactList = use_cases(request).describe_contact_list()
    try:
        list_name = (await describe(viewer.account_id, list_id_of(form.contact_list_id))).name
    except DomainError:  # no list, or not the account's: the campaign's creation says which
        list_name = ""
    when = i18n.moment(use_cases(request).clock().now(), language_of(request, viewer))
    return f"{list_name[:MAX_LIST_NAME_IN_CAMPAIGN_NAME]} · {when}" if list_name else when


async def _send_to_list(request: Request[Any, Any, Any], viewer: Viewer, form: SendForm,
                        campaign_id: str | None) -> Template:
    """A campaign to the list: running now, or scheduled (a time without an offset is East Africa Time)."""
    create_campaign: CreateCampaign = use_cases(request).create_campaign()
    campaign = await create_campaign(CampaignRequest(
        account_id=viewer.account_id, name=form.name.strip() or await _campaign_name(request, viewer, form),
        message=form.message, contact_list_id=list_id_of(form.contact_list_id), sender_id=form.asked_sender,
        scheduled_at=form.scheduled_at if form.when == LATER else None, campaign_id=campaign_id))
    return page(request, "sent.html", status_code=201, viewer=viewer, one=None, many=None, campaign=campaign)


class SendPages(Controller):
    path = "/send"

    @get("/")
    async def send_form(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer]) -> Template:
        return await _form(request, viewer, SendForm())

    @post("/template")
    async def use_template(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer]) -> Template:
        """The form as it was filled in, its message the chosen compose template's."""
        fields = await form_of(request)
        form, templates = SendForm.of(fields), await offered(request)
        text = await template_text(request, viewer, templates, fields.get("template", ""))
        return await _form(request, viewer, form if text is None else replace(form, message=text), templates=templates)

    @post("/quote")
    async def quote(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer]) -> Template:
        """The text's figures as it is typed (htmx swaps them in); a text the API would refuse says
        why, with 200, so the figures give way to the reason."""
        form = SendForm.of(await form_of(request))
        return page(request, "_quote.html", viewer=viewer, **await _quoted(request, form))

    @post("/plain")
    async def use_plain_characters(self, request: Request[Any, Any, Any],
                                   viewer: NamedDependency[Viewer]) -> Template:
        """The text with the plainer characters the quote offered, which the customer chose: htmx
        swaps in the message field and its figures; without it, the whole form comes back."""
        form = SendForm.of(await form_of(request))
        offer = (await _quoted(request, form))["quote"]
        if offer is not None:
            form = replace(form, message=offer.smart_encoded.message)
        if request.headers.get("hx-request"):
            return page(request, "_compose.html", viewer=viewer, form=form, error_field=None,
                        **await _quoted(request, form))
        return await _form(request, viewer, form)

    @post("/")
    async def send(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer]) -> Template:
        """One number: a single send; several: a bulk send; a contact list: a campaign."""
        form = SendForm.of(await form_of(request))
        operation_id = form.operation_id(viewer.account_id)
        try:
            if form.to_list:
                return await _send_to_list(request, viewer, form, operation_id)
            if len(form.numbers) == 1:
                send_sms: SendSms = use_cases(request).send_sms()
                sent = await send_sms(SmsRequest(account_id=viewer.account_id, to=form.numbers[0],
                                                 message=form.message, sender=form.asked_sender,
                                                 message_id=operation_id))
                return page(request, "sent.html", viewer=viewer, one=sent, many=None, campaign=None)
            send_bulk: SendBulk = use_cases(request).send_bulk()
            batch = await send_bulk(BulkRequest(account_id=viewer.account_id, to=form.numbers,
                                                message=form.message, sender=form.asked_sender,
                                                batch_id=operation_id))
            return page(request, "sent.html", viewer=viewer, one=None, many=batch, campaign=None)
        except NotFound:
            raise  # another account's list: the not-found page
        except DomainError as exc:
            status, message = refusal(exc, {("validation_error", "name"): NAME_REFUSED})
            return await _form(request, viewer, form, status_code=status, error=message, error_field=exc.field)
