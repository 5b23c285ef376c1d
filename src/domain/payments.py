"""A payment order is settled exactly once: confirmed (credits granted) or failed.

Providers and operators repeat themselves, so settling an order again the same way is a no-op the
caller can see (`changed=False`: grant nothing, notify nobody). Settling it the other way is a
contradiction that needs a human, hence `IllegalTransition` — with one exception, so that money is
never lost: the provider's proof that the payer paid (`PAID`) confirms an order that had already
failed (it expired, say, while the payer was typing the PIN). That late confirmation is a change
like any other (credits granted once); the caller sees it as `changed` from `FAILED`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from enum import StrEnum
from typing import NamedTuple

from domain.errors import IllegalTransition, NotFound

CURRENCY = "TZS"  # every order is paid in Tanzanian shillings, through Tanzanian mobile money


class PaymentStatus(StrEnum):
    PENDING = "pending"
    CONFIRMED = "confirmed"
    FAILED = "failed"


class PaymentEvent(StrEnum):
    PAID = "paid"  # the provider says the money arrived (its callback or its status answer)
    CONFIRM = "confirm"  # an operator confirms (a `manual` order, or one a human checked)
    FAIL = "fail"  # declined, failed by an operator, or expired unanswered


@dataclass(frozen=True, slots=True)
class PaymentOrder:
    account_id: str
    id: str
    source: str  # kind of order: `package` or `voucher`
    provider: str
    amount: int  # TZS
    credit_amount: int  # credits granted on confirmation
    checkout_message: str  # the instruction shown to the payer
    payer_phone: str | None  # E.164, where the provider pushes its prompt; None for `manual`
    created_at: datetime
    updated_at: datetime
    status: PaymentStatus = PaymentStatus.PENDING
    currency: str = CURRENCY
    provider_ref: str | None = None  # the provider's id for the payment, once it gave one
    confirmed_at: datetime | None = None
    failed_at: datetime | None = None
    failure_reason: str | None = None
    package_id: int | None = None  # the package sold (source `package`)
    rate_tzs_per_credit: Decimal | None = None  # the voucher tier's rate it was sold at
    leftover_tzs: int = 0  # the part of the amount that bought no whole credit (vouchers)
    checkout_url: str | None = None  # the hosted checkout link (`mobilemoney-session`)
    settled_by: str | None = None  # `callback`, `poll`, `operator:<name>` or `expiry`
    confirmed_late: bool = False  # the provider's proof of payment came after it had failed
    review_reason: str | None = None  # flagged for an operator

    @property
    def reference(self) -> str:
        """Our reference for the order at the provider (unique, alphanumeric)."""
        return order_reference(self.id)


def order_reference(order_id: str) -> str:
    """The order's reference at the provider: its id without dashes (providers want it
    alphanumeric), so it is unique as the id is."""
    return order_id.replace("-", "")


def no_payment_order(order_id: str) -> NotFound:
    """The refusal of an operator command naming an order id no order has."""
    return NotFound(f"No payment order {order_id}.", field="order_id")


class PaymentTransition(NamedTuple):
    status: PaymentStatus
    changed: bool


_OUTCOME = {
    PaymentEvent.PAID: PaymentStatus.CONFIRMED,
    PaymentEvent.CONFIRM: PaymentStatus.CONFIRMED,
    PaymentEvent.FAIL: PaymentStatus.FAILED,
}


def next_payment_status(current: PaymentStatus, event: PaymentEvent) -> PaymentTransition:
    outcome = _OUTCOME[event]
    if current == PaymentStatus.PENDING:
        return PaymentTransition(outcome, changed=True)
    if current == outcome:
        return PaymentTransition(current, changed=False)
    if current == PaymentStatus.FAILED and event == PaymentEvent.PAID:  # late money: never lost
        return PaymentTransition(PaymentStatus.CONFIRMED, changed=True)
    raise IllegalTransition(f"A {current} payment cannot {event}.", field="status")
