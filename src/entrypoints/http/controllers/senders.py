"""GET /v1/sender-ids: the sender IDs the operator registered for the account (DESIGN §5)."""

from __future__ import annotations

from datetime import UTC, datetime

import msgspec
from litestar import Controller, get
from litestar.di import NamedDependency

from application.sender_ids import ListSenderIds
from entrypoints.http.auth import Principal, authenticated
from entrypoints.http.dependencies import from_container
from entrypoints.http.envelope import Envelope, ok


class SenderIdBody(msgspec.Struct, kw_only=True):
    sender_id: str
    created_at: datetime


class SenderIdsBody(msgspec.Struct, kw_only=True):
    sender_ids: list[SenderIdBody]
    default_sender: str  # used when `from` is omitted or not one of `sender_ids`


class SenderIdsController(Controller):
    path = "/v1/sender-ids"
    tags = ["sms"]
    dependencies = {"principal": authenticated("K", "J")}

    @get("/", operation_id="listSenderIds",
         dependencies={"list_sender_ids": from_container("list_sender_ids")})
    async def list_sender_ids(
        self,
        principal: NamedDependency[Principal],
        list_sender_ids: NamedDependency[ListSenderIds],
    ) -> Envelope[SenderIdsBody]:
        """The account's registered sender IDs and the platform default sender."""
        found = await list_sender_ids(principal.account_id)
        return ok(SenderIdsBody(
            sender_ids=[SenderIdBody(sender_id=s.sender_id, created_at=s.created_at.astimezone(UTC))
                        for s in found.sender_ids],
            default_sender=found.default_sender,
        ))
