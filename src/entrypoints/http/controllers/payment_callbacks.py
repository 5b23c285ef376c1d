"""POST /v1/payments/callback/{provider}: a mobile-money provider's result (decision: order settlement).

No credentials: the provider's signature over the body is the proof, checked by its adapter. The
body and headers go to the adapter as received (a signature covers bytes, not a parsed object).
A verified result is answered 200 whatever became of it (applied, a repeat, still waiting, or
refused: an unknown reference, an amount that does not match), since a provider sends again
whatever is not 2xx and a second copy would change nothing; a callback that does not verify is
401 `invalid_signature` (recorded, nothing changed); a provider we take no callbacks from is 404.
Anyone may post here, so each client IP has a budget (CALLBACK_RATE_LIMIT a minute, then 429
before the body is read or anything recorded).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from litestar import Controller, Request, post
from litestar.di import NamedDependency
from litestar.enums import RequestEncodingType
from litestar.openapi.spec import OpenAPIMediaType, OpenAPIType, Operation, Parameter, RequestBody, Schema
from litestar.params import FromPath

from application.payments.results import CALLBACK_PROVIDERS, ReceivePaymentCallback
from domain.errors import InvalidSignature, NotFound
from entrypoints.container import Container
from entrypoints.http.dependencies import provide
from entrypoints.http.envelope import Envelope, ResponseBody, ok
from entrypoints.http.ratelimit import CALLBACK_RATE_LIMIT

_BODY_DESCRIPTION = (
    "The provider's callback exactly as it sends it (for the ClickPesa-shaped aggregator: "
    "`{event, data: {orderReference, status, collectedAmount, collectedCurrency, ...}, checksum}`), "
    "its signature checked over the bytes received."
)


@dataclass
class _CallbackOperation(Operation):
    """The operation of a route that reads its body as bytes: the body as the document states it
    (Litestar states a body only for a `data` parameter, which it would parse), and the providers
    it takes (any other is answered 404, as an unknown resource is)."""

    def __post_init__(self) -> None:
        for parameter in self.parameters or ():
            if isinstance(parameter, Parameter) and parameter.name == "provider":
                parameter.schema = Schema(type=OpenAPIType.STRING, enum=list(CALLBACK_PROVIDERS))
                parameter.description = "The provider calling back; any other answers 404 `not_found`."
        schema = Schema(type=OpenAPIType.OBJECT, description=_BODY_DESCRIPTION)
        self.request_body = RequestBody(required=True, content={
            RequestEncodingType.JSON.value: OpenAPIMediaType(schema=schema)})


class PaymentCallbackBody(ResponseBody, kw_only=True):
    outcome: Literal["applied", "repeat", "waiting", "refused"]  # what the result did to its order
    reason: str | None  # why it was refused, or why it says nothing yet


class PaymentCallbacksController(Controller):
    path = "/v1/payments/callback"
    tags = ["payments"]

    @post("/{provider:str}", operation_id="receivePaymentCallback", status_code=200,
          operation_class=_CallbackOperation, opt={"errors": (InvalidSignature, NotFound, "payload_too_large"),
                                                   "rate_limit": "callback"},
          description=f"Each client IP may post {CALLBACK_RATE_LIMIT} callbacks a minute; past that, 429 "
                      "`rate_limit_exceeded` (with `Retry-After`), and nothing is read or recorded.",
          response_description="The result was verified and recorded: `applied` (the order moved), `repeat`, "
                               "`waiting`, or `refused` (no order has its reference, or its amount or currency "
                               "does not match the order's, which flags the order for an operator).",
          dependencies={"receive_payment_callback": provide(Container.receive_payment_callback)})
    async def receive(self, request: Request[Any, Any, Any], provider: FromPath[str],
                      receive_payment_callback: NamedDependency[ReceivePaymentCallback]) -> Envelope[PaymentCallbackBody]:
        """A provider's payment result (no credentials: signed by the provider; `provider` is `mobilemoney`)."""
        settled = await receive_payment_callback(provider, dict(request.headers), await request.body())
        return ok(PaymentCallbackBody(outcome=settled.outcome, reason=settled.reason))

