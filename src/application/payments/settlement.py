"""Settling a payment order exactly once: the one core every settlement goes through.

An order is settled by its provider's answer (a callback, a poll, the expiry's final poll) or by
an operator, each in the caller's unit of work with the order's row held (`lock`,
`lock_by_reference`): racing answers queue behind one another, and the later ones find the order
settled already, which `domain.payments.next_payment_status` calls a repeat — nothing is granted
twice. A confirmation posts the `purchase` ledger entry under the reference `payment:<order id>`
(the ledger takes a reference once: a second guard, should two ever get past the lock) and adds
the `payment` notification and the `payment.confirmed` event in the same transaction as the
order's move, so all of it commits or none does. A provider's word that the money arrived is
checked against the order: an amount or currency that does not match moves nothing and flags the
order for an operator (`review_reason`), since money may have moved. Every answer is recorded
(`uow.provider_events`) with what became of it: `applied`, `repeat`, `waiting` or `refused`.
Money reported paid after the order failed (it expired while the payer typed the PIN) is never
lost: it confirms the order late and grants the credits once. An operator cannot do that without
the provider's word.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, replace
from datetime import datetime, timedelta

from application.events import payment_event
from application.ports import (
    Clock,
    IdGenerator,
    Notification,
    NotificationKind,
    ProviderChannel,
    ProviderEvent,
    ProviderOutcome,
    ProviderResult,
    ProviderState,
    UnitOfWork,
)
from domain.errors import IllegalTransition
from domain.ledger import PACKAGE_PURCHASE, VOUCHER_PURCHASE, EntryType, Posting
from domain.payment_orders import OrderSource, PaymentProvider
from domain.payments import PaymentEvent, PaymentOrder, PaymentStatus, next_payment_status

PAYMENT_ORDER_TIMEOUT = timedelta(minutes=10)  # then it expires (decision: payment order timeout)
EXPIRED = "expired"  # failure_reason of an order nobody answered in time
FAILED_BY_OPERATOR = "failed by operator"
DECLINED = "declined by the provider"  # a failure the provider gave no reason for


def purchase_reference(order: PaymentOrder) -> str:
    """The ledger reference of the order's credits: one per order, so they are granted once."""
    return f"payment:{order.id}"


def result_body(result: ProviderResult) -> str:
    """A provider's parsed answer as the text kept for the operator (a poll has no raw body)."""
    return json.dumps({k: v.value if isinstance(v, ProviderState) else v for k, v in asdict(result).items()})


KEPT_BODY = 4_096  # bytes of a callback kept for the operator: enough for any real one
# Bytes kept of a callback that does not verify: anyone may post those, as often as the route's
# rate limit lets them, so each keeps little, and only for UNVERIFIED_CALLBACKS_KEPT.
KEPT_UNVERIFIED_BODY = 512
UNVERIFIED_CALLBACKS_KEPT = timedelta(days=7)


def storable_text(raw: bytes, max_bytes: int = KEPT_BODY) -> str:
    """A request body as text the database keeps: undecodable bytes and NULs become U+FFFD, and
    past `max_bytes` (UTF-8) it is cut, the cut marked within the limit."""
    text = raw.decode("utf-8", errors="replace").replace("\x00", "\ufffd")
    encoded = text.encode()
    if len(encoded) <= max_bytes:
        return text
    marker = f"… ({len(raw):,} bytes)"
    return encoded[:max_bytes - len(marker.encode())].decode(errors="ignore") + marker


@dataclass(frozen=True, slots=True)
class Settlement:
    """What one provider answer did: its outcome, why (refused, waiting), and the order after it."""

    outcome: ProviderOutcome
    reason: str | None
    order: PaymentOrder | None  # None: no order has the answer's reference


def _mismatch(order: PaymentOrder, result: ProviderResult) -> str | None:
    """Why a payment the provider reports is not this order's, or None when it is. A report that
    does not say what was collected proves nothing: it is checked like a wrong one."""
    if result.currency is None or result.amount is None:
        return "the provider reports the order paid without saying what it collected"
    if result.currency.upper() != order.currency:
        return f"the provider collected {result.currency}, the order is in {order.currency}"
    if result.amount != order.amount:
        return f"the provider collected {result.amount:,} {order.currency}, the order is for {order.amount:,}"
    return None


def _settled_notification(order: PaymentOrder, notification_id: str, at: datetime) -> Notification:
    # the message's figures, so a reader's own language can be written from them (the dashboard does)
    data: dict[str, object] = {"order_id": order.id, "status": order.status.value, "amount": order.amount,
                               "currency": order.currency, "credit_amount": order.credit_amount}
    paid = f"{order.amount:,} {order.currency}"
    if order.status is PaymentStatus.CONFIRMED:
        title = "Payment received late" if order.confirmed_late else "Payment received"
        message = f"Your payment of {paid} was received: {order.credit_amount:,} credits were added to your balance."
        if order.confirmed_late:
            message += " It arrived after the order had been cancelled, so it was confirmed late."
    elif order.failure_reason == EXPIRED:
        minutes = int(PAYMENT_ORDER_TIMEOUT.total_seconds() // 60)
        title = "Payment not completed"
        message = (f"Your {order.provider} payment of {paid} for {order.credit_amount:,} credits got no answer"
                   f" within {minutes} minutes and was cancelled. Start a new payment to try again.")
        data["reason"] = EXPIRED
    else:
        title = "Payment failed"
        message = (f"Your {order.provider} payment of {paid} for {order.credit_amount:,} credits failed:"
                   f" {order.failure_reason}. No money was taken for it; start a new payment to try again.")
        data["reason"] = order.failure_reason
    return Notification(id=notification_id, account_id=order.account_id, kind=NotificationKind.PAYMENT,
                        title=title, message=message, created_at=at, data=data)


class SettlePayment:
    """Moves held orders, in the caller's unit of work (which the caller commits)."""

    def __init__(self, clock: Clock, ids: IdGenerator) -> None:
        self._clock, self._ids = clock, ids

    async def provider_answer(self, uow: UnitOfWork, provider: str, channel: ProviderChannel,
                              result: ProviderResult, body: str) -> Settlement:
        """Apply a provider's answer to the order its reference names (held until the unit of work ends)."""
        order = await uow.payment_orders.lock_by_reference(result.reference)
        if order is None:
            settlement = Settlement("refused", "no order has this reference", None)
            await self.record(uow, provider, channel, result.reference, settlement, body)
            return settlement
        return await self.provider_answer_for(uow, order, provider, channel, result, body)

    async def provider_answer_for(self, uow: UnitOfWork, order: PaymentOrder, provider: str,
                                  channel: ProviderChannel, result: ProviderResult, body: str) -> Settlement:
        """Apply a provider's answer to `order`, which the caller holds."""
        settlement = await self._apply(uow, order, channel, result)
        await self.record(uow, provider, channel, result.reference, settlement, body)
        return settlement

    async def record(self, uow: UnitOfWork, provider: str, channel: ProviderChannel, reference: str | None,
                     settlement: Settlement, body: str, *, verified: bool = True) -> None:
        order = settlement.order
        await uow.provider_events.add(ProviderEvent(
            id=self._ids.new_id(), provider=provider, channel=channel, order_reference=reference,
            account_id=order.account_id if order else None, order_id=order.id if order else None,
            outcome=settlement.outcome, reason=settlement.reason, body=body, received_at=self._clock.now(),
            verified=verified,
        ))

    async def _apply(self, uow: UnitOfWork, order: PaymentOrder, channel: ProviderChannel,
                     result: ProviderResult) -> Settlement:
        if order.provider == PaymentProvider.MANUAL:
            return Settlement("refused", "the order is paid by hand, not through a provider", order)
        if result.state is ProviderState.WAITING:
            return Settlement("waiting", None, order)
        if result.state is ProviderState.UNKNOWN:
            return Settlement("waiting", "the provider holds no payment under this reference", order)
        if result.state is ProviderState.PAID:
            if (mismatch := _mismatch(order, result)) is not None:
                return Settlement("refused", mismatch, await self._flag(uow, order, mismatch))
            if not next_payment_status(order.status, PaymentEvent.PAID).changed:
                return Settlement("repeat", None, order)
            return Settlement("applied", None, await self.confirm(uow, order, channel, result.provider_ref))
        if order.status is PaymentStatus.CONFIRMED:  # a failure reported after the money was reported paid
            reason = f"the provider reports a failure ({result.reason or DECLINED}) for a confirmed order"
            return Settlement("refused", reason, await self._flag(uow, order, reason))
        if not next_payment_status(order.status, PaymentEvent.FAIL).changed:
            return Settlement("repeat", None, order)
        failed = await self.fail(uow, order, result.reason or DECLINED, channel, result.provider_ref)
        return Settlement("applied", None, failed)

    async def by_operator(self, uow: UnitOfWork, order: PaymentOrder, event: PaymentEvent, operator: str,
                          reason: str | None = None) -> tuple[PaymentOrder, bool]:
        """An operator's `CONFIRM` or `FAIL` of a held order: the order after it, and whether it moved."""
        try:
            changed = next_payment_status(order.status, event).changed
        except IllegalTransition:
            if order.status is PaymentStatus.FAILED:
                raise IllegalTransition(
                    f"Order {order.id} failed ({order.failure_reason}); an operator cannot confirm a failed"
                    " order: only the provider's proof of payment confirms it late. If the money did arrive,"
                    " grant the credits with `ujumbe credits grant`.", field="status") from None
            raise IllegalTransition(f"Order {order.id} is confirmed (its credits granted); it cannot be failed.",
                                    field="status") from None
        if not changed:
            return order, False
        settled_by = f"operator:{operator}"
        if event is PaymentEvent.CONFIRM:
            return await self.confirm(uow, order, settled_by), True
        return await self.fail(uow, order, (reason or "").strip() or FAILED_BY_OPERATOR, settled_by), True

    async def confirm(self, uow: UnitOfWork, order: PaymentOrder, settled_by: str,
                      provider_ref: str | None = None) -> PaymentOrder:
        """Confirm a held pending (or, on the provider's word, failed) order and grant its credits."""
        now = self._clock.now()
        confirmed = replace(order, status=PaymentStatus.CONFIRMED, confirmed_at=now, updated_at=now,
                            settled_by=settled_by, confirmed_late=order.status is PaymentStatus.FAILED,
                            provider_ref=order.provider_ref or provider_ref)
        await uow.payment_orders.record_settlement(confirmed)
        said = PACKAGE_PURCHASE if order.source == OrderSource.PACKAGE else VOUCHER_PURCHASE
        await uow.ledger.post(order.account_id, Posting(
            type=EntryType.PURCHASE, credits=order.credit_amount, reference=purchase_reference(order),
            description=said.format(amount=f"{order.amount:,}", currency=order.currency, provider=order.provider),
        ), self._ids.new_id(), now)
        await self._tell(uow, confirmed, now)
        return confirmed

    async def fail(self, uow: UnitOfWork, order: PaymentOrder, reason: str, settled_by: str,
                   provider_ref: str | None = None) -> PaymentOrder:
        """Fail a held pending order, keeping why."""
        now = self._clock.now()
        failed = replace(order, status=PaymentStatus.FAILED, failure_reason=reason, failed_at=now, updated_at=now,
                         settled_by=settled_by, provider_ref=order.provider_ref or provider_ref)
        await uow.payment_orders.record_settlement(failed)
        await self._tell(uow, failed, now)
        return failed

    async def _tell(self, uow: UnitOfWork, order: PaymentOrder, now: datetime) -> None:
        await uow.events.add(payment_event(order, self._ids.new_id(), now))
        await uow.notifications.add(_settled_notification(order, self._ids.new_id(), now))

    async def _flag(self, uow: UnitOfWork, order: PaymentOrder, reason: str) -> PaymentOrder:
        """Leave the order as it is, flagged for an operator: money may have moved that it cannot account for."""
        flagged = replace(order, review_reason=reason, updated_at=self._clock.now())
        await uow.payment_orders.record_settlement(flagged)
        return flagged
