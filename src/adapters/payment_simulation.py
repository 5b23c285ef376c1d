"""How the simulated mobile-money provider answers (decision: simulators): the rules of the PostgreSQL
simulator (adapters.mobilemoney.simulator), apart from its storage.

A prompt (USSD push) or a hosted checkout is decided the moment it is made: approved, or
declined when the payer phone is `+255799000003`. The payer's answer is due `delay` seconds on:
until then the status query says WAITING, from then on PAID or FAILED. The result is handed to
the `PaymentListener` at once, stamped with that due moment (as a provider's callback would
arrive then), just as the gateway simulator hands its delivery reports ahead of time.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta

from application.ports import PaymentListener, PaymentRequest, ProviderResult, ProviderState
from domain.payment_orders import PaymentProvider

log = logging.getLogger("ujumbe.simulator")

DECLINED_PAYER = "+255799000003"
DECLINE_REASON = "Insufficient balance"
# The provider name results carry to the listener: the one a callback of the configured
# mobile-money adapter arrives under (`/v1/payments/callback/mobilemoney`), push or checkout.
PROVIDER = PaymentProvider.MOBILEMONEY.value
PUSH = "push"
CHECKOUT = "checkout"
PAID = "paid"
DECLINED = "declined"


def checkout_url(public_url: str, reference: str) -> str:
    """Where the simulated hosted checkout page of an order would be (no page is served there:
    the simulated payer approves it after the delay, like a prompt)."""
    return f"{public_url.rstrip('/')}/simulator/checkout/{reference}"


def provider_ref(reference: str) -> str:
    return f"SIM{reference}"


@dataclass(frozen=True, slots=True)
class SimulatedPayment:
    """One prompt or checkout as the simulated provider recorded it (`ujumbe simulator payments`)."""

    reference: str
    kind: str  # PUSH or CHECKOUT
    phone: str | None
    amount: int
    currency: str
    status: str  # PAID or DECLINED: decided when prompted, due at `decided_at`
    reason: str | None
    created_at: datetime
    decided_at: datetime

    @classmethod
    def decide(cls, request: PaymentRequest, kind: str, now: datetime, delay: float) -> SimulatedPayment:
        declined = request.phone == DECLINED_PAYER
        return cls(reference=request.reference, kind=kind, phone=request.phone, amount=request.amount,
                   currency=request.currency, status=DECLINED if declined else PAID,
                   reason=DECLINE_REASON if declined else None, created_at=now,
                   decided_at=now + timedelta(seconds=delay))

    def outcome(self) -> ProviderResult:
        """The payer's answer, as it stands from `decided_at` on."""
        return ProviderResult(
            reference=self.reference,
            state=ProviderState.PAID if self.status == PAID else ProviderState.FAILED,
            amount=self.amount, currency=self.currency, provider_ref=provider_ref(self.reference),
            reason=self.reason,
        )

    def result_at(self, now: datetime) -> ProviderResult:
        """What a status query answers at `now`: WAITING until the payer's answer is due."""
        if now < self.decided_at:
            return ProviderResult(reference=self.reference, state=ProviderState.WAITING, amount=self.amount,
                                  currency=self.currency, provider_ref=provider_ref(self.reference))
        return self.outcome()

    def as_json(self, now: datetime) -> dict[str, object]:
        return {
            "reference": self.reference,
            "kind": self.kind,
            "phone": self.phone,
            "amount": self.amount,
            "currency": self.currency,
            "state": self.result_at(now).state.value,
            "reason": self.reason,
            "created_at": self.created_at,
            "decided_at": self.decided_at,
        }


def unknown(reference: str) -> ProviderResult:
    return ProviderResult(reference=reference, state=ProviderState.UNKNOWN)


async def tell_listener(listener: PaymentListener | None, payment: SimulatedPayment) -> None:
    """Hand the payer's answer over now, due at `decided_at`. A listener that fails loses it
    (a provider's callback can be lost too): the order still learns it by polling `status`."""
    if listener is None:
        return
    try:
        await listener.payment_result(PROVIDER, payment.outcome(), payment.decided_at)
    except Exception:
        log.warning("the simulator could not hand over the result of %s", payment.reference, exc_info=True)


NO_CALLBACKS = (
    "the mobile-money simulator does not call back over HTTP: its results reach the payment "
    "listener directly, so anything posted as its callback is forged"
)
