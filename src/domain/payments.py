"""A payment order is settled exactly once: confirmed (credits granted) or failed.

Providers and operators repeat themselves, so settling an order again the same way is a no-op the
caller can see (`changed=False`: grant nothing, notify nobody). Settling it the other way is a
contradiction that needs a human, hence `IllegalTransition`.
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
    CONFIRM = "confirm"  # payer approved; the provider says the money arrived
    FAIL = "fail"  # declined, failed by an operator, or expired unanswered


class PaymentTransition(NamedTuple):
    status: PaymentStatus
    changed: bool


_OUTCOME = {PaymentEvent.CONFIRM: PaymentStatus.CONFIRMED, PaymentEvent.FAIL: PaymentStatus.FAILED}


def next_payment_status(current: PaymentStatus, event: PaymentEvent) -> PaymentTransition:
    outcome = _OUTCOME[event]
    if current == PaymentStatus.PENDING:
        return PaymentTransition(outcome, changed=True)
    if current == outcome:
        return PaymentTransition(current, changed=False)
    raise IllegalTransition(f"A {current} payment cannot {event}.", field="status")
