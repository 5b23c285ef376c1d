"""The sender IDs the account's SMS may go out under: those the operator registered for it, and
the platform's default (decision: sender fallback), with how to ask for one."""

from __future__ import annotations

from typing import Any

from litestar import Controller, Request, get
from litestar.di import NamedDependency
from litestar.response import Template

from application.sending.sender_ids import ListSenderIds
from domain.sender_ids import MAX_SENDER_ID_LENGTH
from entrypoints.web.pages import use_cases
from entrypoints.web.sessions import Viewer
from entrypoints.web.templating import page


class SenderIdPages(Controller):
    path = "/sender-ids"

    @get("/")
    async def sender_ids(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer]) -> Template:
        list_sender_ids: ListSenderIds = use_cases(request).list_sender_ids()
        found = await list_sender_ids(viewer.account_id)
        return page(request, "sender_ids.html", viewer=viewer, found=found, max_length=MAX_SENDER_ID_LENGTH)
