"""/v1/sms/inbound: SMS contacts sent back (STOP and START included), newest first."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

import msgspec
from litestar import Controller, get
from litestar.di import NamedDependency

from application.sending.inbound import ListInboundMessages
from domain.inbound import OptOutAction
from domain.paging import DEFAULT_PER_PAGE, MAX_PER_PAGE
from entrypoints.container import Container
from entrypoints.http.auth import API_KEY, JWT, Principal, authenticated
from entrypoints.http.dependencies import provide
from entrypoints.http.envelope import Envelope, ResponseBody, body_of, ok
from entrypoints.http.validation import page_parameters


PAGE, PER_PAGE = page_parameters(MAX_PER_PAGE)


class InboundBody(ResponseBody, kw_only=True):
    id: str
    from_number: str = msgspec.field(name="from")
    to: str | None
    text: str = msgspec.field(name="message")
    action: OptOutAction | None  # "stop" (opted out), "start" (opted back in), or null
    received_at: datetime


class InboundList(ResponseBody, kw_only=True):
    messages: list[InboundBody]
    page: int
    per_page: int
    total: int


class InboundController(Controller):
    path = "/v1/sms/inbound"
    tags = ["sms"]
    dependencies = {"principal": authenticated(API_KEY, JWT)}

    @get("/", operation_id="listInboundSms",
         dependencies={"list_inbound_messages": provide(Container.list_inbound_messages)})
    async def list_inbound(
        self,
        principal: NamedDependency[Principal],
        list_inbound_messages: NamedDependency[ListInboundMessages],
        page: Annotated[int, PAGE] = 1,
        per_page: Annotated[int, PER_PAGE] = DEFAULT_PER_PAGE,
    ) -> Envelope[InboundList]:
        """SMS the account's recipients sent back, newest first."""
        return ok(body_of(await list_inbound_messages(principal.account_id, page, per_page), InboundList))
