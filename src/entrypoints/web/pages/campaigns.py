"""The account's campaigns: the list, and one campaign followed as it runs (htmx asks for its
progress every few seconds while it may still change), stopped, its messages and its CSV report.

The builder (a new campaign, its preview, sending it) is `campaign_builder`. Every figure comes
from the use cases the API's campaign routes call; another account's campaign is not found.
"""

from __future__ import annotations

from typing import Annotated, Any
from uuid import UUID

from litestar import Controller, Request, Response, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath, QueryParameter
from litestar.response import Redirect, Stream, Template

from application.campaigns.reads import (
    CampaignProgress,
    CampaignReport,
    GetCampaignProgress,
    ListCampaignMessages,
    ListCampaigns,
)
from application.campaigns.runs import CancelCampaign
from domain.campaigns import CANCELLED, INSUFFICIENT_CREDITS
from domain.errors import CampaignNotCancellable
from domain.messages import UNDELIVERABLE_ERROR, MessageStatus
from domain.submits import GATEWAY_NO_ANSWER, GATEWAY_REJECTED, GATEWAY_UNAVAILABLE
from entrypoints.web.i18n import _
from entrypoints.web.pages import refusal, use_cases
from entrypoints.web.sessions import Viewer
from entrypoints.web.templating import page

PER_PAGE = 25
PageNumber = Annotated[int, QueryParameter(name="page")]  # `?page=`: a page of a listing, from 1
POLL_EVERY = "3s"  # how often a page asks again for the progress of a campaign that may still change

CAMPAIGN_STATUSES = {"draft": _("Draft"), "scheduled": _("Scheduled"), "running": _("Sending"),
                     "completed": _("Completed"), "failed": _("Failed")}
FAILURE_REASONS = {INSUFFICIENT_CREDITS: _("The balance did not cover it."),
                   CANCELLED: _("Stopped before everyone was reached.")}
MESSAGE_STATUSES = {"pending": _("Waiting"), "sent": _("Sent"), "delivered": _("Delivered"), "failed": _("Failed")}
# What each message status means, under its count.
MESSAGE_STATUS_HINTS = {"pending": _("not yet taken by the network"),
                        "sent": _("taken by the network, delivery not yet reported"),
                        "delivered": _("reached the phone"), "failed": _("not sent, or not delivered")}

# Why a message failed, for the codes ujumbe gives; a carrier's own code is shown as it came.
MESSAGE_ERRORS = {"opted_out": _("replied STOP"), GATEWAY_REJECTED: _("refused by the network"),
                  UNDELIVERABLE_ERROR: _("could not be delivered"), CANCELLED: _("the campaign was stopped"),
                  INSUFFICIENT_CREDITS: _("the balance ran out"), GATEWAY_UNAVAILABLE: _("the network was unreachable"),
                  GATEWAY_NO_ANSWER: _("the network never answered")}


def _labels() -> dict[str, Any]:
    """The words every campaign template shows for a status or a reason (msgids)."""
    return {"campaign_statuses": CAMPAIGN_STATUSES, "failure_reasons": FAILURE_REASONS,
            "message_statuses": MESSAGE_STATUSES, "message_status_hints": MESSAGE_STATUS_HINTS,
            "message_errors": MESSAGE_ERRORS,
            "counted": [status.value for status in MessageStatus], "poll_every": POLL_EVERY}


class CampaignPages(Controller):
    path = "/campaigns"

    @get("/")
    async def campaigns(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer],
                        page_number: PageNumber = 1) -> Template:
        list_campaigns: ListCampaigns = use_cases(request).list_campaigns()
        found = await list_campaigns(viewer.account_id, page_number, PER_PAGE)
        return page(request, "campaigns.html", viewer=viewer, found=found, **_labels())

    @get("/{campaign_id:uuid}")
    async def campaign(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer],
                       campaign_id: FromPath[UUID], page_number: PageNumber = 1) -> Template:
        """The whole page; for htmx (its polling), only the progress."""
        progress = await self._progress(request, viewer, campaign_id)
        if request.headers.get("hx-request"):
            return page(request, "_campaign_progress.html", viewer=viewer, progress=progress,
                        headers={"Vary": "HX-Request"}, **_labels())
        return await self._whole(request, viewer, progress, page_number)

    @post("/{campaign_id:uuid}/cancel")
    async def cancel(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer],
                     campaign_id: FromPath[UUID]) -> Response[Any]:
        """A scheduled campaign back to a draft, a running one stopped; refused (the page again,
        saying why, with the API's status) when it is neither any more."""
        cancel_campaign: CancelCampaign = use_cases(request).cancel_campaign()
        try:
            await cancel_campaign(viewer.account_id, str(campaign_id))
        except CampaignNotCancellable as exc:
            status, message = refusal(exc)
            progress = await self._progress(request, viewer, campaign_id)
            return await self._whole(request, viewer, progress, 1, status_code=status, error=message)
        return Redirect(path=f"/campaigns/{campaign_id}", status_code=303)

    @get("/{campaign_id:uuid}/report")
    async def report(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer],
                     campaign_id: FromPath[UUID]) -> Stream:
        """The API's CSV report of the campaign's messages, as a download."""
        campaign_report: CampaignReport = use_cases(request).campaign_report()
        found = await campaign_report(viewer.account_id, str(campaign_id))
        return Stream(found.chunks, media_type="text/csv; charset=utf-8",
                      headers={"Content-Disposition": f'attachment; filename="{found.file_name}"'})

    @staticmethod
    async def _progress(request: Request[Any, Any, Any], viewer: Viewer, campaign_id: UUID) -> CampaignProgress:
        get_progress: GetCampaignProgress = use_cases(request).get_campaign_progress()
        return await get_progress(viewer.account_id, str(campaign_id))

    @staticmethod
    async def _whole(request: Request[Any, Any, Any], viewer: Viewer, progress: CampaignProgress, page_number: int,
                     *, status_code: int = 200, error: str | None = None) -> Template:
        list_messages: ListCampaignMessages = use_cases(request).list_campaign_messages()
        messages = await list_messages(viewer.account_id, progress.campaign.id, None, page_number, PER_PAGE)
        return page(request, "campaign.html", status_code=status_code, viewer=viewer, progress=progress,
                    campaign=progress.campaign, messages=messages, error=error, **_labels())
