"""/v1/campaigns: create (now or scheduled), list, one campaign, preview, cancel or stop, its
messages (a page, or a CSV report). Another account's campaign or list is 404 `not_found`."""

from __future__ import annotations

from datetime import datetime
from functools import partial
from typing import Annotated, Any

import msgspec
from litestar import Controller, Request, Response, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath, JSONBody, QueryParameter
from litestar.response import Stream

from application.campaigns.reads import (
    REPORT_COLUMNS,
    CampaignReport,
    GetCampaign,
    ListCampaignMessages,
    ListCampaigns,
)
from application.campaigns.runs import CancelCampaign
from application.idempotency import IdempotencyGate
from application.campaigns.creation import MAX_NAME_LENGTH, CampaignRequest, CreateCampaign, PreviewCampaign
from domain.campaigns import SCHEDULED_AT_PATTERN, CampaignStatus, list_id_of
from domain.errors import CampaignNotCancellable, InsufficientCredits, NotFound
from domain.ids import UUID_PATTERN, lookup_id
from domain.messages import Message, MessageStatus
from domain.paging import DEFAULT_PER_PAGE, MAX_PER_PAGE
from domain.texts import WHITESPACE
from entrypoints.container import Container
from entrypoints.http.auth import API_KEY, JWT, Principal, authenticated
from entrypoints.http.dependencies import provide
from entrypoints.http.envelope import Envelope, ResponseBody, body_of, ok
from entrypoints.http.idempotency import IDEMPOTENCY_PARAMETERS, REPLAY_RESPONSE_HEADERS, idempotent
from entrypoints.http.validation import Message as MessageText
from entrypoints.http.validation import RequestBody, SenderIdText, documented, page_parameters

PAGE, PER_PAGE = page_parameters(MAX_PER_PAGE)
STATUS = QueryParameter(description="Only messages in this status; empty for any.",
                        schema_extra={"enum": ["", *(status.value for status in MessageStatus)]})
# 1 to 200 characters once trimmed, no NUL (what the domain checks).
NAME_PATTERN = (f"^[{WHITESPACE}]*[^{WHITESPACE}\\x00](?:[^\\x00]{{0,{MAX_NAME_LENGTH - 2}}}[^{WHITESPACE}\\x00])?"
                f"[{WHITESPACE}]*$")


class CampaignRequestBody(RequestBody, kw_only=True):
    name: Annotated[str, documented(pattern=NAME_PATTERN)]
    message: MessageText
    contact_list_id: Annotated[str, documented(format="uuid", pattern=UUID_PATTERN, description=(
        "A contact list of the account (a uuid; another form is 400 validation_error, an unknown list 404)."))]
    sender_id: SenderIdText | None = None
    scheduled_at: Annotated[str, documented(
        pattern=SCHEDULED_AT_PATTERN,
        description="When to send: an ISO 8601 date-time; without an offset it is East Africa Time "
                    "(UTC+03:00). Omitted or past: sent now.")] | None = None


class CampaignBody(ResponseBody, kw_only=True):
    id: str
    name: str
    message: str
    status: CampaignStatus
    contact_list_id: str
    sender_id: str | None
    total_contacts: int
    sent_count: int
    delivered_count: int
    failed_count: int
    scheduled_at: datetime | None
    created_at: datetime
    completed_at: datetime | None
    failure_reason: str | None


class CampaignPageBody(ResponseBody, kw_only=True):
    campaigns: list[CampaignBody]
    page: int
    per_page: int
    total: int


class SampleBody(ResponseBody, kw_only=True):
    to: str
    message: str
    credits: int


class PreviewBody(ResponseBody, kw_only=True):
    contacts: int
    numbers: int
    recipients: int
    opted_out: int
    credits: int
    balance: int
    sender: str = msgspec.field(name="from")
    requested_sender: str | None = msgspec.field(name="requested_from")
    samples: list[SampleBody]


class CampaignMessageBody(ResponseBody, kw_only=True):
    message_id: str
    to: str
    sender: str = msgspec.field(name="from")
    status: MessageStatus
    message: str
    credits_used: int
    sms_parts: int
    error: str | None
    created_at: datetime
    sent_at: datetime | None
    delivered_at: datetime | None


class CampaignMessagePageBody(ResponseBody, kw_only=True):
    messages: list[CampaignMessageBody]
    page: int
    per_page: int
    total: int


def _message_body(message: Message) -> CampaignMessageBody:
    return CampaignMessageBody(
        message_id=message.id, to=message.to, sender=message.sender, status=message.status, message=message.body,
        credits_used=message.credits_used, sms_parts=message.sms_parts, error=message.error,
        created_at=message.created_at, sent_at=message.sent_at, delivered_at=message.delivered_at,
    )


def _request(principal: Principal, data: CampaignRequestBody, campaign_id: str | None = None) -> CampaignRequest:
    return CampaignRequest(account_id=principal.account_id, name=data.name, message=data.message,
                           contact_list_id=list_id_of(data.contact_list_id), sender_id=data.sender_id,
                           scheduled_at=data.scheduled_at, campaign_id=campaign_id)


async def _create(create_campaign: CreateCampaign, principal: Principal, data: CampaignRequestBody,
                  campaign_id: str | None) -> CampaignBody:
    return body_of(await create_campaign(_request(principal, data, campaign_id)), CampaignBody)


class CampaignsController(Controller):
    path = "/v1/campaigns"
    tags = ["campaigns"]

    @post("/", operation_id="createCampaign", status_code=201,
          opt={"errors": (NotFound, InsufficientCredits)}, parameters=IDEMPOTENCY_PARAMETERS,
          response_headers=REPLAY_RESPONSE_HEADERS,
          dependencies={"principal": authenticated(API_KEY, JWT), "idempotency": provide(Container.idempotency),
                        "create_campaign": provide(Container.create_campaign)})
    async def create(self, request: Request[Any, Any, Any], principal: NamedDependency[Principal],
                     data: JSONBody[CampaignRequestBody], create_campaign: NamedDependency[CreateCampaign],
                     idempotency: NamedDependency[IdempotencyGate]) -> Response[Envelope[CampaignBody]]:
        """Create a campaign: sent now (`running`), at `scheduled_at` (`scheduled`), or a `draft`
        when nobody is left to send to; 402 when the balance does not cover it now."""
        return await idempotent(request, principal, idempotency, partial(_create, create_campaign, principal, data),
                                status_code=201)

    @get("/", operation_id="listCampaigns", dependencies={
        "principal": authenticated(JWT), "list_campaigns": provide(Container.list_campaigns)})
    async def list_campaigns(self, principal: NamedDependency[Principal],
                             list_campaigns: NamedDependency[ListCampaigns], page: Annotated[int, PAGE] = 1,
                             per_page: Annotated[int, PER_PAGE] = DEFAULT_PER_PAGE) -> Envelope[CampaignPageBody]:
        """The account's campaigns, newest first."""
        found = await list_campaigns(principal.account_id, page, per_page)
        return ok(CampaignPageBody(campaigns=[body_of(c, CampaignBody) for c in found.campaigns],
                                   page=found.page, per_page=found.per_page, total=found.total))

    @post("/preview", operation_id="previewCampaign", status_code=200, opt={"errors": (NotFound,)},
          dependencies={"principal": authenticated(API_KEY, JWT),
                        "preview_campaign": provide(Container.preview_campaign)})
    async def preview(self, principal: NamedDependency[Principal], data: JSONBody[CampaignRequestBody],
                      preview_campaign: NamedDependency[PreviewCampaign]) -> Envelope[PreviewBody]:
        """Who a campaign would reach and what it would cost, with three rendered samples; nothing is created."""
        found = await preview_campaign(_request(principal, data))
        return ok(PreviewBody(
            contacts=found.contacts, numbers=found.numbers, recipients=found.recipients,
            opted_out=found.opted_out, credits=found.credits, balance=found.balance, sender=found.sender,
            requested_sender=found.requested_sender,
            samples=[SampleBody(to=to, message=text, credits=credits) for to, text, credits in found.samples]))

    @get("/{campaign_id:str}", operation_id="getCampaign", opt={"errors": (NotFound,)},
         dependencies={"principal": authenticated(API_KEY, JWT), "get_campaign": provide(Container.get_campaign)})
    async def get_campaign(self, principal: NamedDependency[Principal], campaign_id: FromPath[str],
                           get_campaign: NamedDependency[GetCampaign]) -> Envelope[CampaignBody]:
        """One campaign with its counters."""
        return ok(body_of(await get_campaign(principal.account_id, lookup_id(campaign_id)), CampaignBody))

    @post("/{campaign_id:str}/cancel", operation_id="cancelCampaign", status_code=200,
          opt={"errors": (NotFound, CampaignNotCancellable)},
          dependencies={"principal": authenticated(API_KEY, JWT), "cancel_campaign": provide(Container.cancel_campaign)})
    async def cancel(self, principal: NamedDependency[Principal], campaign_id: FromPath[str],
                     cancel_campaign: NamedDependency[CancelCampaign]) -> Envelope[CampaignBody]:
        """Cancel a scheduled campaign (back to `draft`, nothing charged) or stop a running one
        (`failed`, reason `cancelled`: what was not yet paid for is never sent or charged)."""
        return ok(body_of(await cancel_campaign(principal.account_id, lookup_id(campaign_id)), CampaignBody))

    @get("/{campaign_id:str}/messages", operation_id="listCampaignMessages", opt={"errors": (NotFound,)},
         dependencies={"principal": authenticated(API_KEY, JWT),
                       "list_campaign_messages": provide(Container.list_campaign_messages)})
    async def messages(self, principal: NamedDependency[Principal], campaign_id: FromPath[str],
                       list_campaign_messages: NamedDependency[ListCampaignMessages],
                       page: Annotated[int, PAGE] = 1, per_page: Annotated[int, PER_PAGE] = DEFAULT_PER_PAGE,
                       status: Annotated[str | None, STATUS] = None) -> Envelope[CampaignMessagePageBody]:
        """The campaign's messages in send order, filtered by status."""
        found = await list_campaign_messages(principal.account_id, lookup_id(campaign_id), status, page, per_page)
        return ok(CampaignMessagePageBody(messages=[_message_body(m) for m in found.messages], page=found.page,
                                          per_page=found.per_page, total=found.total))

    @get("/{campaign_id:str}/messages/export", operation_id="exportCampaignMessages", opt={"errors": (NotFound,)},
         media_type="text/csv; charset=utf-8", response_description=(
             "CSV (UTF-8), one row per message in send order; columns: " + ", ".join(REPORT_COLUMNS) + "."),
         dependencies={"principal": authenticated(API_KEY, JWT), "campaign_report": provide(Container.campaign_report)})
    async def export(self, principal: NamedDependency[Principal], campaign_id: FromPath[str],
                     campaign_report: NamedDependency[CampaignReport]) -> Stream:
        """Every message of the campaign as a CSV report (streamed)."""
        report = await campaign_report(principal.account_id, lookup_id(campaign_id))
        return Stream(report.chunks, media_type="text/csv; charset=utf-8", headers={
            "Content-Disposition": f'attachment; filename="{report.file_name}"'})
