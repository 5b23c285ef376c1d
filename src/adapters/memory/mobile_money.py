"""The mobile-money simulator in memory, for embedding and application tests."""

from __future__ import annotations

from adapters.payment_simulation import (
    CHECKOUT,
    NO_CALLBACKS,
    PUSH,
    SimulatedPayment,
    checkout_url,
    provider_ref,
    tell_listener,
    unknown,
)
from application.ports import (
    Clock,
    InvalidCallback,
    PaymentListener,
    PaymentRequest,
    ProviderRejected,
    ProviderResult,
    PushAccepted,
)


class MemoryMobileMoneySimulator:
    """Answers like the PostgreSQL simulator and keeps what it received in `self.payments`."""

    def __init__(self, clock: Clock, listener: PaymentListener | None = None, decision_delay: float = 0.0,
                 public_url: str = "http://127.0.0.1:8000") -> None:
        self._clock = clock
        self._listener = listener
        self._delay = decision_delay
        self._public_url = public_url
        self.payments: dict[str, SimulatedPayment] = {}  # by reference, oldest first

    async def push(self, request: PaymentRequest) -> PushAccepted:
        if request.phone is None:
            raise ProviderRejected("a USSD push needs the payer's phone number")
        await self._record(SimulatedPayment.decide(request, PUSH, self._clock.now(), self._delay))
        return PushAccepted(provider_ref(request.reference))

    async def checkout_link(self, request: PaymentRequest) -> str:
        await self._record(SimulatedPayment.decide(request, CHECKOUT, self._clock.now(), self._delay))
        return checkout_url(self._public_url, request.reference)

    async def status(self, reference: str) -> ProviderResult:
        payment = self.payments.get(reference)
        return payment.result_at(self._clock.now()) if payment else unknown(reference)

    def read_callback(self, headers: dict[str, str], body: bytes) -> ProviderResult:
        raise InvalidCallback(NO_CALLBACKS)

    async def received(self, phone: str | None = None, limit: int = 100) -> list[SimulatedPayment]:
        return [p for p in reversed(self.payments.values()) if phone is None or p.phone == phone][:limit]

    async def _record(self, payment: SimulatedPayment) -> None:
        if payment.reference not in self.payments:  # a repeated reference prompts nobody
            self.payments[payment.reference] = payment
            await tell_listener(self._listener, payment)
