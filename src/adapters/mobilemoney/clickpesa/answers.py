"""What ClickPesa's answers and callbacks say, read into the port's results.

- Amounts come as 1000, "1000" or "1000.00", read in whole shillings.
- A status answer is an array of the payments made under a reference: paid if any payment is, else
  waiting if any still is, else failed; no payment at all is unknown.
- A callback is `{"event": "PAYMENT RECEIVED" | "PAYMENT FAILED", "data": {…}, "checksum": "<hex>"}`
  (its checksum verified by `signing`); any other event is none of ours.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import ROUND_DOWN, Decimal, InvalidOperation
from typing import Any

import httpx

from application.ports import ProviderResult, ProviderState

PAID_STATUSES = frozenset({"SUCCESS", "SETTLED"})
FAILED_STATUSES = frozenset({"FAILED"})
CALLBACK_STATES = {"PAYMENT RECEIVED": ProviderState.PAID, "PAYMENT FAILED": ProviderState.FAILED}


def tzs(value: Any) -> int | None:
    """An amount as ClickPesa writes it (1000, "1000", "1000.00") in whole shillings."""
    if value is None or isinstance(value, bool):
        return None
    try:
        return int(Decimal(str(value)).to_integral_value(ROUND_DOWN))
    except (InvalidOperation, ValueError, OverflowError):
        return None


def text_of(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None


def json_of(response: httpx.Response) -> Any:
    """The answer's JSON, or None when it is not JSON."""
    try:
        return response.json()
    except ValueError:
        return None


def field_of(response: httpx.Response, name: str) -> Any:
    found = json_of(response)
    return found.get(name) if isinstance(found, dict) else None


def message_of(response: httpx.Response) -> str:
    said = field_of(response, "message")
    return said if isinstance(said, str) and said else f"HTTP {response.status_code}"


def _state(status: Any) -> ProviderState:
    if status in PAID_STATUSES:
        return ProviderState.PAID
    if status in FAILED_STATUSES:
        return ProviderState.FAILED
    return ProviderState.WAITING  # PROCESSING, PENDING, or a status we do not know: ask again later


def payment_result(reference: str, payment: Mapping[str, Any], state: ProviderState) -> ProviderResult:
    return ProviderResult(
        reference=reference, state=state,
        amount=tzs(payment.get("collectedAmount", payment.get("amount"))),
        currency=text_of(payment.get("collectedCurrency")) or text_of(payment.get("currency")),
        provider_ref=text_of(payment.get("id")) or text_of(payment.get("paymentId")),
        reason=text_of(payment.get("message")) if state is ProviderState.FAILED else None,
    )


def status_result(reference: str, payments: list[Any]) -> ProviderResult:
    """The status answer (an array of the payments made under the reference) as one result:
    paid if any payment is, else waiting if any still is, else failed (the latest failure's
    reason)."""
    found = [p for p in payments if isinstance(p, dict)]
    if not found:
        return ProviderResult(reference=reference, state=ProviderState.UNKNOWN)
    by_state: dict[ProviderState, Mapping[str, Any]] = {}
    for payment in found:  # the latest of each state wins
        by_state[_state(payment.get("status"))] = payment
    for state in (ProviderState.PAID, ProviderState.WAITING, ProviderState.FAILED):
        if state in by_state:
            return payment_result(reference, by_state[state], state)
    raise AssertionError("unreachable: every payment has one of the three states")


def callback_result(payload: Mapping[str, Any]) -> ProviderResult | None:
    """The result a verified callback carries; None for an event that is not a payment of ours."""
    event = payload.get("event", payload.get("eventType"))
    data = payload.get("data")
    if event not in CALLBACK_STATES or not isinstance(data, dict):
        return None  # signed by the aggregator, but another kind of event (a payout, say)
    reference = text_of(data.get("orderReference"))
    if reference is None:
        return None  # a payment event naming no order of ours
    return payment_result(reference, data, CALLBACK_STATES[event])
