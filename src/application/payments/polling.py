"""Asking the provider, since callbacks get lost: the poll, and the expiry's final poll.

`PollPendingPayments` (a periodic job) asks the provider about every pending order older than
`POLL_AFTER` and applies the answer through the one settlement core (`payment_settlement`), as a
callback would be applied. Nobody waits for ever: an order still pending `PAYMENT_ORDER_TIMEOUT`
after it was created is asked about one last time by `ExpireStalePaymentOrders`: paid → confirmed,
failed → failed with the provider's reason, anything else (still waiting, unknown to the provider,
the provider unreachable) → failed `expired`. A `manual` order never expires: the payer pays by
hand and an operator confirms or fails it when the money shows (or not). Money that arrives after that confirms the order
late (the settlement core). The provider is never called inside a transaction: each order is asked
first, then held and settled if it is still pending, so a callback racing the poll waits for the
row and finds the order settled, or settles it first and the poll's answer is a repeat.
"""

from __future__ import annotations

from datetime import timedelta

from application.payments.settlement import (
    EXPIRED,
    PAYMENT_ORDER_TIMEOUT,
    SettlePayment,
    result_body,
)
from application.ports import (
    Clock,
    IdGenerator,
    MobileMoney,
    ProviderResult,
    ProviderUnavailable,
    UnitOfWorkFactory,
)
from domain.payment_orders import PaymentProvider
from domain.payments import PaymentOrder, PaymentStatus

__all__ = ["EXPIRED", "PAYMENT_ORDER_TIMEOUT", "POLL_AFTER", "ExpireStalePaymentOrders", "PollPendingPayments"]

POLL_AFTER = timedelta(seconds=30)  # a provider's callback normally comes well within this
MOBILE_MONEY = PaymentProvider.MOBILEMONEY.value  # the provider the poll asks (both mobile-money providers use it)


async def _ask(mobile_money: MobileMoney, order: PaymentOrder) -> ProviderResult | None:
    """The provider's answer about the order; None when it cannot be reached."""
    try:
        return await mobile_money.status(order.reference)
    except ProviderUnavailable:
        return None


class PollPendingPayments:
    """Asks the provider about pending orders older than `POLL_AFTER`, oldest first."""

    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, ids: IdGenerator, mobile_money: MobileMoney) -> None:
        self._uow, self._clock, self._mobile_money = uow, clock, mobile_money
        self._settle = SettlePayment(clock, ids)

    async def __call__(self, limit: int = 100) -> int:
        """How many orders the answers settled."""
        async with self._uow() as uow:
            pending = await uow.payment_orders.pending_for_poll(self._clock.now() - POLL_AFTER, limit)
        settled = 0
        for order in pending:
            answer = await _ask(self._mobile_money, order)
            if answer is None:
                continue  # nothing was said: asked again next time
            async with self._uow() as uow:
                current = await uow.payment_orders.lock(order.account_id, order.id)
                if current is None:
                    continue
                done = await self._settle.provider_answer_for(uow, current, MOBILE_MONEY, "poll", answer,
                                                              result_body(answer))
                await uow.commit()
            settled += done.outcome == "applied"
        return settled


class ExpireStalePaymentOrders:
    """Settles every provider's order still pending `PAYMENT_ORDER_TIMEOUT` after its creation, after
    a final poll.

    Runs may overlap: an order is held while it is settled, and one settled meanwhile (by a
    callback, a poll or another run) is left alone, so a run repeated changes nothing.
    """

    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, ids: IdGenerator, mobile_money: MobileMoney) -> None:
        self._uow, self._clock, self._mobile_money = uow, clock, mobile_money
        self._settle = SettlePayment(clock, ids)

    async def __call__(self, batch_size: int = 500) -> int:
        """How many orders were settled (confirmed or failed)."""
        settled = 0
        seen: set[str] = set()
        while True:
            async with self._uow() as uow:
                stale = await uow.payment_orders.pending_for_poll(self._clock.now() - PAYMENT_ORDER_TIMEOUT,
                                                                  batch_size)
            fresh = [order for order in stale if order.id not in seen]
            for order in fresh:
                seen.add(order.id)
                settled += await self._expire(order)
            if len(stale) < batch_size or not fresh:
                return settled

    async def _expire(self, order: PaymentOrder) -> bool:
        answer = await _ask(self._mobile_money, order)
        async with self._uow() as uow:
            current = await uow.payment_orders.lock(order.account_id, order.id)
            if current is None or current.status is not PaymentStatus.PENDING:
                return False  # settled meanwhile
            if answer is not None:
                done = await self._settle.provider_answer_for(uow, current, MOBILE_MONEY, "poll", answer,
                                                              result_body(answer))
                current = done.order or current
            # no final word: it expires, unless the answer flagged it for an operator (money may
            # have moved: it stays pending, out of the poll's and the expiry's reach, for a human)
            if current.status is PaymentStatus.PENDING and current.review_reason is None:
                current = await self._settle.fail(uow, current, EXPIRED, "expiry")
            await uow.commit()
        return current.status is not PaymentStatus.PENDING
