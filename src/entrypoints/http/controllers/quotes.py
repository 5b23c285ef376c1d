"""POST /v1/sms/quote: what a message would cost; nothing is sent or charged (decision: billing units)."""

from __future__ import annotations

import msgspec
from litestar import Controller, post
from litestar.di import NamedDependency
from litestar.params import JSONBody

from application.sending.quotes import QuoteMessage, QuoteRequest
from domain.errors import CountryNotSupported, InvalidPhoneNumber
from entrypoints.container import Container
from entrypoints.http.auth import API_KEY, JWT, Principal, authenticated
from entrypoints.http.dependencies import provide
from entrypoints.http.envelope import Envelope, ResponseBody, body_of, ok
from entrypoints.http.validation import SEND_BODY_LIMIT, Message, RequestBody, SenderIdText


class QuoteRequestBody(RequestBody, kw_only=True):
    message: Message
    to: str | None = None  # a number abroad is priced, not refused
    sender: SenderIdText | None = msgspec.field(default=None, name="from")


class ReplacementBody(ResponseBody, kw_only=True):
    original: str
    replacement: str


class SmartEncodedBody(ResponseBody, kw_only=True):
    message: str
    encoding: str
    characters: int
    parts: int
    segments: int
    credits: int
    replacements: list[ReplacementBody] = msgspec.field(name="replaced")


class QuoteBody(ResponseBody, kw_only=True):
    to: str | None
    country: str
    encoding: str
    characters: int
    units: int
    parts: int
    segments: int
    non_gsm_characters: list[str]
    credits: int
    sendable: bool
    reason: str | None
    smart_encoded: SmartEncodedBody


class QuoteController(Controller):
    path = "/v1/sms/quote"
    tags = ["sms"]
    request_max_body_size = SEND_BODY_LIMIT
    dependencies = {"principal": authenticated(API_KEY, JWT)}

    @post("/", operation_id="quoteSms", status_code=200, opt={"errors": (InvalidPhoneNumber, CountryNotSupported)},
          dependencies={"quote_message": provide(Container.quote_message)})
    async def quote(self, principal: NamedDependency[Principal], data: JSONBody[QuoteRequestBody],
                    quote_message: NamedDependency[QuoteMessage]) -> Envelope[QuoteBody]:
        """Encoding, parts, on-air segments and credits of a message, without sending it."""
        quote = await quote_message(QuoteRequest(message=data.message, to=data.to, sender=data.sender))
        return ok(body_of(quote, QuoteBody))
