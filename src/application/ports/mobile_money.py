"""Mobile money: the provider that pushes a USSD prompt to a payer, opens a hosted checkout,
answers what became of an order, and calls back with the result (decision: order settlement).

Every call names the order by our `reference` (alphanumeric, unique), never by a new one: a
push that timed out is asked about before it is ever pushed again, so a payer is never charged
twice for one order.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Protocol


class ProviderState(StrEnum):
    PAID = "paid"  # the money arrived (ClickPesa SUCCESS or SETTLED)
    WAITING = "waiting"  # prompted, not answered yet (PROCESSING, PENDING)
    FAILED = "failed"  # declined, cancelled, wrong PIN, insufficient balance, expired
    UNKNOWN = "unknown"  # the provider has no payment under this reference (nothing was pushed)


@dataclass(frozen=True, slots=True)
class PaymentRequest:
    reference: str
    amount: int  # TZS
    currency: str
    phone: str | None  # E.164 payer phone (both mobile-money providers are given one)
    description: str  # what is bought, shown on the checkout page


@dataclass(frozen=True, slots=True)
class ProviderResult:
    """What the provider says about one order, by its status answer or its callback."""

    reference: str
    state: ProviderState
    amount: int | None = None  # what was collected, when the provider says (TZS)
    currency: str | None = None
    provider_ref: str | None = None  # the provider's own id for the payment
    reason: str | None = None  # why it failed, in the provider's words


@dataclass(frozen=True, slots=True)
class PushAccepted:
    provider_ref: str | None  # the provider's id, when it answered with one


class ProviderRejected(Exception):
    """The provider refused the request itself (invalid phone, no collection method): nothing
    was pushed; the order fails with this reason."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class ProviderUnavailable(Exception):
    """The provider could not be reached or answered with a server error, after the adapter's
    retries. Whether a push went through is unknown: the order stays pending and is polled."""


class InvalidCallback(Exception):
    """A callback whose signature does not verify, or that cannot be read: refused, recorded."""


class MobileMoney(Protocol):
    async def push(self, request: PaymentRequest) -> PushAccepted:
        """Send a USSD prompt to `request.phone`. Raises `ProviderRejected` or
        `ProviderUnavailable`."""
        ...

    async def checkout_link(self, request: PaymentRequest) -> str:
        """A hosted checkout page for the order. Raises like `push`."""
        ...

    async def status(self, reference: str) -> ProviderResult:
        """What became of the order. Raises `ProviderUnavailable`."""
        ...

    async def reachable(self) -> None:
        """One quick call that proves the provider answers and takes our credentials (for the
        readiness probe); no retries. Raises `ProviderUnavailable` naming what failed."""
        ...

    def read_callback(self, headers: dict[str, str], body: bytes) -> ProviderResult | None:
        """The result a callback carries, its signature checked; None for a verified callback
        that is not a payment's result (another kind of event: nothing to do, but answered 2xx so
        the provider stops sending it). Raises `InvalidCallback`."""
        ...


class PaymentListener(Protocol):
    """Given to a provider that settles on its own (the simulator): its result arrives here as a
    callback would, at `at`."""

    async def payment_result(self, provider: str, result: ProviderResult, at: datetime) -> None: ...
