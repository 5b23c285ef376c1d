"""GET /v1/sender-ids: the sender IDs the operator registered for the account (decision: sender fallback)."""

from __future__ import annotations

from datetime import datetime

from litestar import Controller, get
from litestar.di import NamedDependency

from application.sending.sender_ids import ListSenderIds
from entrypoints.container import Container
from entrypoints.http.auth import API_KEY, JWT, Principal, authenticated
from entrypoints.http.dependencies import provide
from entrypoints.http.envelope import Envelope, ResponseBody, body_of, ok


class SenderIdBody(ResponseBody, kw_only=True):
    sender_id: str
    created_at: datetime


class SenderIdsBody(ResponseBody, kw_only=True):
    sender_ids: list[SenderIdBody]
    default_sender: str  # used when `from` is omitted or not one of `sender_ids`


class SenderIdsController(Controller):
    path = "/v1/sender-ids"
    tags = ["sms"]
    dependencies = {"principal": authenticated(API_KEY, JWT)}

    @get("/", operation_id="listSenderIds",
         dependencies={"list_sender_ids": provide(Container.list_sender_ids)})
    async def list_sender_ids(
        self,
        principal: NamedDependency[Principal],
        list_sender_ids: NamedDependency[ListSenderIds],
    ) -> Envelope[SenderIdsBody]:
        """The account's registered sender IDs and the platform default sender."""
        return ok(body_of(await list_sender_ids(principal.account_id), SenderIdsBody))
