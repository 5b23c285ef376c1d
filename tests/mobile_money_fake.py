"""A mobile-money provider that records what it was asked, for application and HTTP tests of
placing orders (the real simulator and the HTTP adapter have their own tests)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

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


@dataclass
class RecordingMobileMoney:
    pushed: list[PaymentRequest] = field(default_factory=list)
    checkouts: list[PaymentRequest] = field(default_factory=list)
    refuse: dict[str, str] = field(default_factory=dict)  # payer phone -> the provider's reason
    unavailable: bool = False  # every call: ProviderUnavailable, after it may have gone through
    refuse_checkouts: str | None = None  # a checkout refused with this reason
    # Called with the request before the push answers (a provider whose callback is faster).
    during_push: Callable[[PaymentRequest], Awaitable[None]] | None = None

    async def push(self, request: PaymentRequest) -> PushAccepted:
        if request.phone in self.refuse:
            raise ProviderRejected(self.refuse[request.phone])
        self.pushed.append(request)
        if self.unavailable:
            raise ProviderUnavailable("timed out")
        if self.during_push is not None:
            await self.during_push(request)
        return PushAccepted(provider_ref=f"MM-{len(self.pushed)}")

    async def checkout_link(self, request: PaymentRequest) -> str:
        if self.refuse_checkouts is not None:
            raise ProviderRejected(self.refuse_checkouts)
        if self.unavailable:
            raise ProviderUnavailable("timed out")
        self.checkouts.append(request)
        return CHECKOUT_BASE + request.reference

    async def status(self, reference: str) -> ProviderResult:
        known = any(r.reference == reference for r in self.pushed + self.checkouts)
        return ProviderResult(reference, ProviderState.WAITING if known else ProviderState.UNKNOWN)

    def read_callback(self, headers: dict[str, str], body: bytes) -> ProviderResult:
        raise InvalidCallback("the recording provider sends no callbacks")
