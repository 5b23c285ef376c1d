"""A mobile-money provider for the application and HTTP tests (the simulator and the ClickPesa
adapter have their own tests). It records what it was asked, refuses or fails as told, answers
`status` as told (else: waiting for what it was handed, unknown for anything else), and signs and
checks its callbacks with an HMAC of the body (header `X-Test-Signature`), so a tampered or
unsigned callback is refused as a real adapter would refuse it."""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass, field

from application.ports import (
    InvalidCallback,
    PaymentRequest,
    ProviderRejected,
    ProviderResult,
    ProviderState,
    ProviderUnavailable,
    PushAccepted,
)

CHECKOUT_BASE = "https://pay.example/checkout/"
SIGNATURE_HEADER = "x-test-signature"


@dataclass
class FakeMobileMoney:
    pushed: list[PaymentRequest] = field(default_factory=list)
    checkouts: list[PaymentRequest] = field(default_factory=list)
    asked: list[str] = field(default_factory=list)  # the references `status` was asked about
    # reference -> what `status` answers (an exception is raised); else waiting for a reference it
    # was handed, UNKNOWN for any other
    answers: dict[str, ProviderResult | Exception] = field(default_factory=dict)
    refuse: dict[str, str] = field(default_factory=dict)  # payer phone -> the provider's reason
    unavailable: bool = False  # every push and checkout: ProviderUnavailable, after it may have gone through
    refuse_checkouts: str | None = None  # a checkout refused with this reason
    # Raised by the next push or checkout before anything goes out (an error no port names), once.
    crash_once: Exception | None = None
    # Called with the request before the push answers (a provider whose callback is faster).
    during_push: Callable[[PaymentRequest], Awaitable[None]] | None = None
    key: bytes = b"test-callback-key"

    async def push(self, request: PaymentRequest) -> PushAccepted:
        self._crash()
        if request.phone in self.refuse:
            raise ProviderRejected(self.refuse[request.phone])
        self.pushed.append(request)
        if self.unavailable:
            raise ProviderUnavailable("timed out")
        if self.during_push is not None:
            await self.during_push(request)
        return PushAccepted(provider_ref=f"MM-{len(self.pushed)}")

    async def checkout_link(self, request: PaymentRequest) -> str:
        self._crash()
        if self.refuse_checkouts is not None:
            raise ProviderRejected(self.refuse_checkouts)
        if self.unavailable:
            raise ProviderUnavailable("timed out")
        self.checkouts.append(request)
        return CHECKOUT_BASE + request.reference

    async def status(self, reference: str) -> ProviderResult:
        self.asked.append(reference)
        if (answer := self.answers.get(reference)) is not None:
            if isinstance(answer, Exception):
                raise answer
            return answer
        handed = any(r.reference == reference for r in self.pushed + self.checkouts)
        return ProviderResult(reference, ProviderState.WAITING if handed else ProviderState.UNKNOWN)

    async def reachable(self) -> None:
        if self.unavailable:
            raise ProviderUnavailable("timed out")

    def read_callback(self, headers: dict[str, str], body: bytes) -> ProviderResult:
        given = {k.lower(): v for k, v in headers.items()}.get(SIGNATURE_HEADER, "")
        if not hmac.compare_digest(given.encode(), self.signature(body).encode()):
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

    def _crash(self) -> None:
        if self.crash_once is not None:
            crash, self.crash_once = self.crash_once, None
            raise crash
