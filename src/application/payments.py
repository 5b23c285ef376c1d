"""Payment orders: a package or voucher bought with mobile money, settled once.

An order is `pending` while the payer's phone shows the provider's prompt, then `confirmed`
(credits granted) or `failed` (domain.payments). Nobody waits for ever: an order still
pending `PAYMENT_ORDER_TIMEOUT` after it was created is failed by `ExpireStalePaymentOrders`
(a periodic job), with its `payment.failed` event and a `payment` notification in the same
transaction.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta

from application.events import payment_event
from application.ports import (
    Clock,
    IdGenerator,
    Notification,
    NotificationKind,
    PaymentOrder,
    UnitOfWorkFactory,
)
from domain.payments import PaymentEvent, PaymentStatus, next_payment_status

PAYMENT_ORDER_TIMEOUT = timedelta(minutes=10)  # DESIGN §6: "no answer within 10 minutes"
EXPIRED = "expired"  # failure_reason of an order nobody answered in time


def _expired_notification(order: PaymentOrder, notification_id: str, at: datetime) -> Notification:
    minutes = int(PAYMENT_ORDER_TIMEOUT.total_seconds() // 60)
    return Notification(
        id=notification_id, account_id=order.account_id, kind=NotificationKind.PAYMENT,
        title="Payment not completed",
        message=(f"Your {order.provider} payment of {order.amount:,} TZS for {order.credit_amount:,} credits"
                 f" got no answer within {minutes} minutes and was cancelled. Start a new payment to try again."),
        created_at=at, data={"order_id": order.id, "status": order.status.value, "reason": EXPIRED},
    )


class ExpireStalePaymentOrders:
    """Fails every order still pending `PAYMENT_ORDER_TIMEOUT` after its creation.

    One transaction per batch; the orders are locked and ones held elsewhere (a provider's
    confirmation in flight) are skipped, so runs may overlap and a run repeated changes nothing.
    """

    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, ids: IdGenerator) -> None:
        self._uow, self._clock, self._ids = uow, clock, ids

    async def __call__(self, batch_size: int = 500) -> int:
        """How many orders were failed."""
        expired = 0
        while True:
            async with self._uow() as uow:
                now = self._clock.now()
                stale = await uow.payment_orders.pending_created_before(now - PAYMENT_ORDER_TIMEOUT, batch_size)
                for order in stale:
                    status, changed = next_payment_status(order.status, PaymentEvent.FAIL)
                    if not changed:
                        continue
                    failed = replace(order, status=status, failure_reason=EXPIRED, failed_at=now, updated_at=now)
                    await uow.payment_orders.record_settlement(failed)
                    await uow.events.add(payment_event(failed, self._ids.new_id(), now))
                    await uow.notifications.add(_expired_notification(failed, self._ids.new_id(), now))
                    expired += 1
                await uow.commit()
            if len(stale) < batch_size:
                return expired
