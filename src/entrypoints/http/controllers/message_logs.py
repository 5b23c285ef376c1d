"""GET /v1/sms/logs: the account's sends, newest first (spec "Message log", "Message logs")."""

from __future__ import annotations

from datetime import UTC, datetime

import msgspec
from litestar import Controller, get
from litestar.di import NamedDependency
from litestar.params import FromQuery

from application.message_logs import DEFAULT_PER_PAGE, ListMessageLogs, MessageLogQuery
from application.ports import MessageLogEntry
from entrypoints.http.auth import Principal, authenticated
from entrypoints.http.dependencies import from_container
from entrypoints.http.envelope import Envelope, ok


class MessageLogBody(msgspec.Struct, kw_only=True):
    message_id: str
    to: str
    sender: str = msgspec.field(name="from")
    requested_from: str | None
    status: str
    message: str
    cost: str
    credits_used: int
    sms_parts: int
    segments: int
    encoding: str
    carrier: str
    error: str | None
    batch_id: str | None
    created_at: datetime
    delivered_at: datetime | None

    @classmethod
    def of(cls, entry: MessageLogEntry) -> MessageLogBody:
        return cls(
            message_id=entry.message_id, to=entry.to, sender=entry.sender,
            requested_from=entry.requested_sender, status=entry.status, message=entry.message,
            cost=entry.cost, credits_used=entry.credits_used, sms_parts=entry.sms_parts,
            segments=entry.segments, encoding=entry.encoding, carrier=entry.carrier,
            error=entry.error, batch_id=entry.batch_id, created_at=entry.created_at.astimezone(UTC),
            delivered_at=entry.delivered_at.astimezone(UTC) if entry.delivered_at else None,
        )


class MessageLogPageBody(msgspec.Struct, kw_only=True):
    messages: list[MessageLogBody]
    page: int
    per_page: int
    total: int


class MessageLogsController(Controller):
    path = "/v1/sms/logs"
    tags = ["sms"]
    dependencies = {"principal": authenticated("K", "J")}

    @get("/", operation_id="listMessageLogs",
         dependencies={"list_message_logs": from_container("list_message_logs")})
    async def list_logs(
        self,
        principal: NamedDependency[Principal],
        list_message_logs: NamedDependency[ListMessageLogs],
        page: FromQuery[int] = 1,
        per_page: FromQuery[int] = DEFAULT_PER_PAGE,
        status: FromQuery[str | None] = None,
        search: FromQuery[str | None] = None,
        date_from: FromQuery[str | None] = None,
    ) -> Envelope[MessageLogPageBody]:
        """The message log, newest first: filter by status, number or text, and date."""
        result = await list_message_logs(MessageLogQuery(
            account_id=principal.account_id, page=page, per_page=per_page, status=status,
            search=search, date_from=date_from,
        ))
        return ok(MessageLogPageBody(
            messages=[MessageLogBody.of(entry) for entry in result.messages],
            page=result.page, per_page=result.per_page, total=result.total,
        ))
