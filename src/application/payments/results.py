"""Provider results as they arrive: a callback over HTTP, or a result a provider hands over itself.

A callback is read by the provider's adapter, which checks its signature: one that does not
verify (or cannot be read) is refused, recorded (its body cut to a few hundred bytes, kept a
week), and answered `invalid_signature`, changing nothing. A verified one goes through the settlement core (`payment_settlement`) in one
transaction, whatever it says — a result for an order we do not know, or whose amount does not
match, is recorded as refused and answered like any other, since the provider would only send it
again. A provider that settles on its own (the mobile-money simulator) hands its result to
`QueuePaymentResults`, which queues a job that applies it at the moment it is due, as a callback.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from application.payments.settlement import (
    KEPT_UNVERIFIED_BODY,
    UNVERIFIED_CALLBACKS_KEPT,
    Settlement,
    SettlePayment,
    result_body,
    storable_text,
)
from application.ports import (
    Clock,
    IdGenerator,
    InvalidCallback,
    JobQueue,
    MobileMoney,
    ProviderResult,
    ProviderState,
    UnitOfWorkFactory,
)
from domain.errors import InvalidSignature, NotFound
from domain.payment_orders import PaymentProvider

APPLY_PAYMENT_RESULT = "apply_payment_result"  # job: {"provider", "reference", "state", "amount", ...}
# The providers whose callbacks we take: both mobile-money providers (USSD push and hosted checkout)
# go through the one configured adapter, which calls back as `mobilemoney`.
CALLBACK_PROVIDERS = (PaymentProvider.MOBILEMONEY.value,)


def result_job(provider: str, result: ProviderResult) -> dict[str, Any]:
    """The payload of one APPLY_PAYMENT_RESULT job."""
    return {"provider": provider, "reference": result.reference, "state": result.state.value,
            "amount": result.amount, "currency": result.currency, "provider_ref": result.provider_ref,
            "reason": result.reason}


def result_from_job(payload: Mapping[str, Any]) -> tuple[str, ProviderResult]:
    return payload["provider"], ProviderResult(
        reference=payload["reference"], state=ProviderState(payload["state"]), amount=payload.get("amount"),
        currency=payload.get("currency"), provider_ref=payload.get("provider_ref"), reason=payload.get("reason"))


class QueuePaymentResults:
    """The `PaymentListener` a provider that settles on its own is given: one job per result, due at `at`."""

    def __init__(self, jobs: JobQueue) -> None:
        self._jobs = jobs

    async def payment_result(self, provider: str, result: ProviderResult, at: datetime) -> None:
        await self._jobs.defer(APPLY_PAYMENT_RESULT, result_job(provider, result), at=at)


class ApplyPaymentResult:
    """A result handed over by a provider (`QueuePaymentResults`' job), applied as its callback would be."""

    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, ids: IdGenerator) -> None:
        self._uow = uow
        self._settle = SettlePayment(clock, ids)

    async def __call__(self, provider: str, result: ProviderResult) -> Settlement:
        async with self._uow() as uow:
            done = await self._settle.provider_answer(uow, provider, "callback", result, result_body(result))
            await uow.commit()
        return done


class ReceivePaymentCallback:
    """A provider's callback, as received: its signature checked by the adapter, then settled."""

    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, ids: IdGenerator, mobile_money: MobileMoney) -> None:
        self._uow, self._mobile_money = uow, mobile_money
        self._settle = SettlePayment(clock, ids)

    async def __call__(self, provider: str, headers: dict[str, str], body: bytes) -> Settlement:
        """What the callback did. Raises `NotFound` (a provider we take no callbacks from) and
        `InvalidSignature` (recorded first)."""
        if provider not in CALLBACK_PROVIDERS:
            raise NotFound(f"No payment provider {provider!r} calls back here.", field="provider")
        try:
            result = self._mobile_money.read_callback(headers, body)
        except InvalidCallback as exc:
            why = str(exc) or "its signature does not verify"
            refused = Settlement("refused", f"invalid callback: {why}", None)
            async with self._uow() as uow:
                await self._settle.record(uow, provider, "callback", None, refused,
                                          storable_text(body, KEPT_UNVERIFIED_BODY), verified=False)
                await uow.commit()
            raise InvalidSignature(f"The callback was refused: {why}.") from None
        text = storable_text(body)
        async with self._uow() as uow:
            if result is None:
                done = Settlement("refused", "not a payment result", None)
                await self._settle.record(uow, provider, "callback", None, done, text)
            else:
                done = await self._settle.provider_answer(uow, provider, "callback", result, text)
            await uow.commit()
        return done


class PurgeUnverifiedCallbacks:
    """Delete the callbacks that did not verify once UNVERIFIED_CALLBACKS_KEPT old (a scheduled
    job runs it): they name no order anyone can trust, and anyone may post them."""

    def __init__(self, uow: UnitOfWorkFactory, clock: Clock) -> None:
        self._uow, self._clock = uow, clock

    async def __call__(self) -> int:
        async with self._uow() as uow:
            purged = await uow.provider_events.purge_unverified(self._clock.now() - UNVERIFIED_CALLBACKS_KEPT)
            await uow.commit()
        return purged
