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
    CampaignMessagePage,
    CampaignProgress,
    CampaignReport,
    GetCampaignProgress,
    ListCampaignMessages,
    ListCampaigns,
)
from application.campaigns.runs import CancelCampaign
from domain.errors import CampaignNotCancellable
from domain.messages import MessageStatus
from entrypoints.web.pages import may_still_change, refusal, use_cases
from entrypoints.web.sessions import Viewer
from entrypoints.web.templating import page

PER_PAGE = 25
PageNumber = Annotated[int, QueryParameter(name="page")]  # `?page=`: a page of a listing, from 1
POLL_EVERY = "3s"  # how often a page asks again for the progress of a campaign that may still change

def _labels() -> dict[str, Any]:
    """The words every campaign template shows for a status or a reason (msgids)."""
    return {"counted": [status.value for status in MessageStatus], "poll_every": POLL_EVERY}


def _live(request: Request[Any, Any, Any], progress: CampaignProgress, messages: CampaignMessagePage) -> bool:
    """Whether the page of messages asks for itself again: one shown may still change, or none is
    written yet while the campaign may still start."""
    return may_still_change(request, messages.messages) or (not messages.messages and progress.moving)


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
        """The whole page; for htmx (its polling), only the part that asked: the progress, or the
        page of messages (`HX-Target: campaign-messages`)."""
        progress = await self._progress(request, viewer, campaign_id)
        if not request.headers.get("hx-request"):
            return await self._whole(request, viewer, progress, page_number)
        headers = {"Vary": "HX-Request, HX-Target"}
        if request.headers.get("hx-target") == "campaign-messages":
            messages = await self._messages(request, viewer, progress, page_number)
            return page(request, "_campaign_messages.html", viewer=viewer, campaign=progress.campaign,
                        messages=messages, live=_live(request, progress, messages), headers=headers, **_labels())
        return page(request, "_campaign_progress.html", viewer=viewer, progress=progress, headers=headers,
                    **_labels())

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
    async def _messages(request: Request[Any, Any, Any], viewer: Viewer, progress: CampaignProgress,
                        page_number: int) -> CampaignMessagePage:
        list_messages: ListCampaignMessages = use_cases(request).list_campaign_messages()
        return await list_messages(viewer.account_id, progress.campaign.id, None, page_number, PER_PAGE)

    async def _whole(self, request: Request[Any, Any, Any], viewer: Viewer, progress: CampaignProgress,
                     page_number: int, *, status_code: int = 200, error: str | None = None) -> Template:
        messages = await self._messages(request, viewer, progress, page_number)
        return page(request, "campaign.html", status_code=status_code, viewer=viewer, progress=progress,
                    campaign=progress.campaign, messages=messages, live=_live(request, progress, messages),
                    error=error, **_labels())
