"""The replies the account's numbers sent back, newest first, a page at a time: who wrote, to
which sender ID, what, and what a STOP or START did to the number's campaigns; as the API's
`GET /v1/sms/inbound` reads them (`ListInboundMessages`)."""

from __future__ import annotations

from typing import Annotated, Any

from litestar import Controller, Request, get
from litestar.di import NamedDependency
from litestar.params import QueryParameter
from litestar.response import Template

from application.sending.inbound import ListInboundMessages
from domain.paging import DEFAULT_PER_PAGE
from entrypoints.web.pages import use_cases
from entrypoints.web.sessions import Viewer
from entrypoints.web.statuses import REPLY_ACTIONS
from entrypoints.web.templating import page

PER_PAGE = DEFAULT_PER_PAGE  # the API's


class ReplyPages(Controller):
    path = "/messages/replies"

    @get("/")
    async def replies(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer],
                      page_number: Annotated[int, QueryParameter(name="page")] = 1) -> Template:
        list_replies: ListInboundMessages = use_cases(request).list_inbound_messages()
        found = await list_replies(viewer.account_id, page_number, PER_PAGE)
        return page(request, "replies.html", viewer=viewer, found=found, actions=REPLY_ACTIONS)
