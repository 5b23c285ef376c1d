"""/v1/sms/inbound: SMS contacts sent back (STOP and START included), newest first."""

from __future__ import annotations

from datetime import UTC, datetime

import msgspec
from litestar import Controller, get
from litestar.di import NamedDependency
from litestar.params import FromQuery

from application.inbound import DEFAULT_PER_PAGE, ListInboundMessages
from application.ports import InboundMessage
from entrypoints.http.auth import Principal, authenticated
from entrypoints.http.dependencies import from_container
from entrypoints.http.envelope import Envelope, ok


class InboundBody(msgspec.Struct, kw_only=True):
    id: str
    from_: str = msgspec.field(name="from")
    to: str | None
    message: str
    action: str | None  # "stop" (opted out), "start" (opted back in), or null
    received_at: datetime

    @classmethod
    def of(cls, m: InboundMessage) -> InboundBody:
        return cls(id=m.id, from_=m.from_number, to=m.to, message=m.text,
                   action=m.action.value if m.action else None, received_at=m.received_at.astimezone(UTC))


class InboundList(msgspec.Struct, kw_only=True):
    messages: list[InboundBody]
    page: int
    per_page: int
    total: int


class InboundController(Controller):
    path = "/v1/sms/inbound"
    tags = ["sms"]
    dependencies = {"principal": authenticated("K", "J")}

    @get("/", operation_id="listInboundSms",
         dependencies={"list_inbound_messages": from_container("list_inbound_messages")})
    async def list_inbound(
        self,
        principal: NamedDependency[Principal],
        list_inbound_messages: NamedDependency[ListInboundMessages],
        page: FromQuery[int] = 1,
        per_page: FromQuery[int] = DEFAULT_PER_PAGE,
    ) -> Envelope[InboundList]:
        """SMS the account's recipients sent back, newest first."""
        found = await list_inbound_messages(principal.account_id, page, per_page)
        return ok(InboundList(messages=[InboundBody.of(m) for m in found.messages], page=found.page,
                              per_page=found.per_page, total=found.total))
