"""GET /v1/sms/logs: the account's sends, newest first, filtered and paged (decision: page sizes)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

import msgspec
from litestar import Controller, get
from litestar.di import NamedDependency
from litestar.params import QueryParameter

from application.sending.message_logs import (
    DATE_FROM_PATTERN,
    ListMessageLogs,
    MessageLogQuery,
)
from domain.contacts import MAX_SEARCH_LENGTH
from domain.messages import MessageStatus
from domain.paging import DEFAULT_PER_PAGE, MAX_PER_PAGE
from domain.texts import trimmed_pattern
from entrypoints.container import Container
from entrypoints.http.auth import API_KEY, JWT, Principal, authenticated
from entrypoints.http.dependencies import provide
from entrypoints.http.envelope import Envelope, ResponseBody, body_of, ok
from entrypoints.http.validation import page_parameters


PAGE, PER_PAGE = page_parameters(MAX_PER_PAGE)
STATUS = QueryParameter(description="Only messages in this status; empty for any.",
                        schema_extra={"enum": ["", *(status.value for status in MessageStatus)]})
SEARCH = QueryParameter(schema_extra={"pattern": trimmed_pattern(MAX_SEARCH_LENGTH)},
                        description="A number in any written form (exact match), or text or part of a number.")
DATE_FROM = QueryParameter(schema_extra={"pattern": DATE_FROM_PATTERN},
                           description="Only messages created from this moment: an ISO 8601 date (2026-01-31, "
                                       "midnight UTC) or date-time (2026-01-31T08:00, 2026-01-31 08:00:00Z, "
                                       "...+03:00; UTC when it names no offset); empty for any.")


class MessageLogBody(ResponseBody, kw_only=True):
    message_id: str
    to: str
    sender: str = msgspec.field(name="from")
    requested_sender: str | None = msgspec.field(name="requested_from")
    status: MessageStatus
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


class MessageLogPageBody(ResponseBody, kw_only=True):
    messages: list[MessageLogBody]
    page: int
    per_page: int
    total: int


class MessageLogsController(Controller):
    path = "/v1/sms/logs"
    tags = ["sms"]
    dependencies = {"principal": authenticated(API_KEY, JWT)}

    @get("/", operation_id="listMessageLogs",
         dependencies={"list_message_logs": provide(Container.list_message_logs)})
    async def list_logs(
        self,
        principal: NamedDependency[Principal],
        list_message_logs: NamedDependency[ListMessageLogs],
        page: Annotated[int, PAGE] = 1,
        per_page: Annotated[int, PER_PAGE] = DEFAULT_PER_PAGE,
        status: Annotated[str | None, STATUS] = None,
        search: Annotated[str | None, SEARCH] = None,
        date_from: Annotated[str | None, DATE_FROM] = None,
    ) -> Envelope[MessageLogPageBody]:
        """The message log, newest first: filter by status, number or text, and date."""
        result = await list_message_logs(MessageLogQuery(
            account_id=principal.account_id, page=page, per_page=per_page, status=status,
            search=search, date_from=date_from,
        ))
        return ok(body_of(result, MessageLogPageBody))
