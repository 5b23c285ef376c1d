"""A webhook delivery's life: what one attempt's answer decides.

A 2xx answer delivers it. Anything else (another status, a timeout, no connection) is tried
again on the schedule of `domain.webhooks.next_retry` until a day has passed since the event,
then the delivery has failed for good. A 410 says the receiver is gone: the delivery fails at
once and the endpoint is disabled, so no later event is sent there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from enum import StrEnum

from domain.webhooks import next_retry

GONE = 410


class DeliveryStatus(StrEnum):
    PENDING = "pending"  # waiting for its next attempt
    SUCCEEDED = "succeeded"
    FAILED = "failed"  # given up: retries exhausted, or the endpoint is gone or disabled


@dataclass(frozen=True, slots=True)
class AfterAttempt:
    status: DeliveryStatus
    retry_in: timedelta | None = None  # set while the delivery stays pending
    disable_endpoint: bool = False


def after_attempt(attempts: int, status_code: int | None, since_event: timedelta,
                  jitter: Callable[[], float]) -> AfterAttempt:
    """What follows the `attempts`-th attempt (1, 2, ...), answered `status_code` (None: no
    answer), `since_event` after its event; `jitter` draws what spreads the wait."""
    if status_code is not None and 200 <= status_code < 300:
        return AfterAttempt(DeliveryStatus.SUCCEEDED)
    if status_code == GONE:
        return AfterAttempt(DeliveryStatus.FAILED, disable_endpoint=True)
    wait = next_retry(attempts, since_event, jitter)
    if wait is None:
        return AfterAttempt(DeliveryStatus.FAILED)
    return AfterAttempt(DeliveryStatus.PENDING, retry_in=wait)
