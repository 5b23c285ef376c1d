"""A mobile-money provider for the settlement tests: it answers `status` as told, records what it
was asked, and signs and checks its callbacks with an HMAC of the body (header `X-Test-Signature`),
so a tampered or unsigned callback is refused as a real adapter would refuse it."""

from __future__ import annotations

import hashlib
import hmac
import json
from dataclasses import asdict, dataclass, field

from application.ports import (
    InvalidCallback,
    PaymentRequest,
    ProviderResult,
    ProviderState,
    ProviderUnavailable,
    PushAccepted,
)

SIGNATURE_HEADER = "x-test-signature"


@dataclass
class FakeMobileMoney:
    key: bytes = b"test-callback-key"
    # reference -> what `status` answers (an exception is raised); unknown references: UNKNOWN
    answers: dict[str, ProviderResult | Exception] = field(default_factory=dict)
    asked: list[str] = field(default_factory=list)

    async def push(self, request: PaymentRequest) -> PushAccepted:
        raise ProviderUnavailable("the settlement tests push nothing")

    async def checkout_link(self, request: PaymentRequest) -> str:
        raise ProviderUnavailable("the settlement tests open no checkout")

    async def status(self, reference: str) -> ProviderResult:
        self.asked.append(reference)
        answer = self.answers.get(reference, ProviderResult(reference, ProviderState.UNKNOWN))
        if isinstance(answer, Exception):
            raise answer
        return answer

    def read_callback(self, headers: dict[str, str], body: bytes) -> ProviderResult:
        given = {k.lower(): v for k, v in headers.items()}.get(SIGNATURE_HEADER, "")
        if not hmac.compare_digest(given, self.signature(body)):
            raise InvalidCallback("the signature does not verify")
        try:
            fields = json.loads(body)
            return ProviderResult(**{**fields, "state": ProviderState(fields["state"])})
        except (ValueError, TypeError, KeyError) as exc:
            raise InvalidCallback(f"unreadable callback: {exc}") from None

    def signature(self, body: bytes) -> str:
        return hmac.new(self.key, body, hashlib.sha256).hexdigest()

    def callback(self, result: ProviderResult) -> tuple[dict[str, str], bytes]:
        """The headers and body of a callback carrying `result`, signed."""
        body = json.dumps({**asdict(result), "state": result.state.value}).encode()
        return {SIGNATURE_HEADER: self.signature(body), "content-type": "application/json"}, body
