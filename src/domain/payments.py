"""A payment order is settled exactly once: confirmed (credits granted) or failed.

Providers and operators repeat themselves, so settling an order again the same way is a no-op the
caller can see (`changed=False`: grant nothing, notify nobody). Settling it the other way is a
contradiction that needs a human, hence `IllegalTransition` — with one exception, so that money is
never lost: the provider's proof that the payer paid (`PAID`) confirms an order that had already
failed (it expired, say, while the payer was typing the PIN). That late confirmation is a change
like any other (credits granted once); the caller sees it as `changed` from `FAILED`.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from domain.errors import IllegalTransition

CURRENCY = "TZS"  # every order is paid in Tanzanian shillings, through Tanzanian mobile money


class PaymentStatus(StrEnum):
    PENDING = "pending"
    CONFIRMED = "confirmed"
    FAILED = "failed"


class PaymentEvent(StrEnum):
    PAID = "paid"  # the provider says the money arrived (its callback or its status answer)
    CONFIRM = "confirm"  # an operator confirms (a `manual` order, or one a human checked)
    FAIL = "fail"  # declined, failed by an operator, or expired unanswered


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
