"""Sending: POST /v1/sms/ (API key), /v1/sms/send (dashboard, JWT) and /v1/sms/bulk (either).

Each handler's work is one use-case call, so the Idempotency-Key component can wrap it.
"""

from __future__ import annotations

from functools import partial
from typing import Annotated, Any, Literal

import msgspec
from litestar import Controller, Request, Response, post
from litestar.di import NamedDependency
from litestar.params import JSONBody

from application.idempotency import IdempotencyGate
from application.sending.sends import BulkRequest, SendBulk, SendSms, SmsRequest
from domain.bulk import MAX_BULK_RECIPIENTS
from domain.errors import InsufficientCredits, InvalidPhoneNumber
from domain.submits import never_sent
from entrypoints.container import Container
from entrypoints.http.auth import API_KEY, JWT, Principal, authenticated
from entrypoints.http.dependencies import provide
from entrypoints.http.envelope import Envelope, ResponseBody, body_of
from entrypoints.http.idempotency import IDEMPOTENCY_PARAMETERS, REPLAY_RESPONSE_HEADERS, idempotent
from entrypoints.http.validation import (
    NUMBER_SCHEMA,
    SEND_BODY_LIMIT,
    Message,
    Number,
    RequestBody,
    SenderIdText,
    documented,
)


# 503 `service_unavailable` (with Retry-After): the database did not answer before anything was
# charged or sent, so the send may be retried as it is.
SEND_ERRORS = (InvalidPhoneNumber, InsufficientCredits, "service_unavailable")


class SendRequestBody(RequestBody, kw_only=True):
    to: Number
    message: Message
    sender: SenderIdText | None = msgspec.field(default=None, name="from")


# What a send answers: the gateway took it (sent), refused it or was never reached (failed), or
# took it without answering, or the outcome could not be recorded (pending: the reconciler settles
# it; the client must not send it again); a message delivered since answers sent.
SendStatus = Literal["sent", "failed", "pending"]


class SendResultBody(ResponseBody, kw_only=True):
    message_id: str
    status: SendStatus
    cost: str
    credits_used: int
    to: str
    sender: str = msgspec.field(name="from")
    # set when `from` is not registered and the default sender was used
    requested_sender: str | None = msgspec.field(name="requested_from")
    sms_parts: int
    segments: int
    encoding: str
    carrier: str
    error: str | None


class BulkRequestBody(RequestBody, kw_only=True):
    # Litestar reads a field's own Meta only, so the items' rule is stated on the list.
    to: Annotated[list[str], documented(minItems=1, maxItems=MAX_BULK_RECIPIENTS, items=NUMBER_SCHEMA)]
    message: Message
    sender: SenderIdText | None = msgspec.field(default=None, name="from")


class BulkEntryBody(ResponseBody, kw_only=True, omit_defaults=True):
    to: str
    status: SendStatus
    message_id: str | None = None
    credits_used: int | None = None
    error: str | None = None


class BulkResultBody(ResponseBody, kw_only=True):
    total: int
    sent: int
    failed: int
    pending: int  # the gateway never answered: neither sent nor failed yet (webhooks tell which)
    results: list[BulkEntryBody]
    batch_id: str
    credits_used: int
    sender: str = msgspec.field(name="from")
    requested_sender: str | None = msgspec.field(name="requested_from")


async def _send_one(send_sms: SendSms, principal: Principal, data: SendRequestBody,
                    message_id: str | None) -> SendResultBody:
    result = await send_sms(SmsRequest(account_id=principal.account_id, to=data.to, message=data.message,
                                       sender=data.sender, message_id=message_id))
    return body_of(result, SendResultBody)


def _send_failed(result: SendResultBody) -> bool:
    """A single send the gateway refused (or never got) is a failed original for the
    Idempotency-Key: not stored, so a retry with the key sends again (decision: idempotency keys)."""
    return never_sent(result.status, result.error)


async def _send_bulk(send_bulk: SendBulk, principal: Principal, data: BulkRequestBody,
                     batch_id: str | None) -> BulkResultBody:
    result = await send_bulk(BulkRequest(account_id=principal.account_id, to=data.to,
                                         message=data.message, sender=data.sender, batch_id=batch_id))
    return body_of(result, BulkResultBody)


class SmsController(Controller):
    path = "/v1/sms"
    tags = ["sms"]
    dependencies = {"idempotency": provide(Container.idempotency)}  # Idempotency-Key on every send
    parameters = IDEMPOTENCY_PARAMETERS
    response_headers = REPLAY_RESPONSE_HEADERS
    request_max_body_size = SEND_BODY_LIMIT

    @post("/", operation_id="sendSms", status_code=200, opt={"errors": SEND_ERRORS},
          dependencies={"principal": authenticated(API_KEY), "send_sms": provide(Container.send_sms)})
    async def send(
        self,
        request: Request[Any, Any, Any],
        principal: NamedDependency[Principal],
        data: JSONBody[SendRequestBody],
        send_sms: NamedDependency[SendSms],
        idempotency: NamedDependency[IdempotencyGate],
    ) -> Response[Envelope[SendResultBody]]:
        """Send one SMS (API key): debited, submitted, then `sent`, or `failed` and refunded; `pending`
        when its outcome is not known yet (the gateway did not answer, or the database failed after
        the debit): settled later under its `message_id`, so do not send it again. 503
        `service_unavailable` (with Retry-After) when the database failed before the debit: nothing
        was charged or sent."""
        return await idempotent(request, principal, idempotency, partial(_send_one, send_sms, principal, data),
                                failed=_send_failed)

    @post("/send", operation_id="sendSmsFromDashboard", status_code=200,
          opt={"errors": SEND_ERRORS},
          dependencies={"principal": authenticated(JWT), "send_sms": provide(Container.send_sms)})
    async def send_from_dashboard(self, request: Request[Any, Any, Any], principal: NamedDependency[Principal],
                                  data: JSONBody[SendRequestBody], send_sms: NamedDependency[SendSms],
                                  idempotency: NamedDependency[IdempotencyGate]) -> Response[Envelope[SendResultBody]]:
        """Send one SMS from the dashboard (access token); same rules as POST /v1/sms/."""
        return await idempotent(request, principal, idempotency, partial(_send_one, send_sms, principal, data),
                                failed=_send_failed)

    @post("/bulk", operation_id="sendBulkSms", status_code=200,
          opt={"errors": (InsufficientCredits, "service_unavailable")},
          dependencies={"principal": authenticated(API_KEY, JWT), "send_bulk": provide(Container.send_bulk)})
    async def bulk(
        self,
        request: Request[Any, Any, Any],
        principal: NamedDependency[Principal],
        data: JSONBody[BulkRequestBody],
        send_bulk: NamedDependency[SendBulk],
        idempotency: NamedDependency[IdempotencyGate],
    ) -> Response[Envelope[BulkResultBody]]:
        """Send one message to up to 1000 numbers: one debit, per-recipient results (`pending` as for
        a single send: every entry, when the database failed after the debit)."""
        return await idempotent(request, principal, idempotency, partial(_send_bulk, send_bulk, principal, data))
