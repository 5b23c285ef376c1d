"""What the service counts as it works, for its operators' dashboards.

Each call reports something that has happened for good, after the transaction that made it
committed (a use case calls after its commit; the unit of work reports each commit's ledger
postings and payment orders written, whichever area wrote them), so a send, a posting or a delivery rolled back is never
counted. Counts only, by
bounded kinds (an outcome, a carrier, an encoding, an entry type): never an account, a number
or an id. Where nobody scrapes (the memory adapters, an embedded use), `NO_METRICS` counts nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from domain.ledger import Posting
from domain.messages import Message
from domain.payments import PaymentOrder


class Metrics(Protocol):
    def messages_settled(self, messages: Iterable[Message]) -> None:
        """Sends whose submit's outcome committed (`sent`, or `failed` and refunded)."""
        ...

    def messages_reported(self, messages: Iterable[Message]) -> None:
        """Messages a delivery report moved (to `delivered` or `failed`), committed."""
        ...

    def credits_posted(self, postings: Iterable[Posting]) -> None:
        """Ledger postings committed (each once: a repeated reference posts nothing)."""
        ...

    def payment_orders_moved(self, orders: Iterable[PaymentOrder]) -> None:
        """Payment orders whose creation (`pending`) or settlement (`confirmed`, `failed`)
        committed, each as it now stands."""
        ...

    def webhook_attempted(self, result: str, seconds: float) -> None:
        """One webhook POST, committed: `succeeded`, `retrying` (it will be tried
        again) or `failed` (given up), and how long it took."""
        ...

    def gateway_submitted(self, bind: str, answer: str, seconds: float) -> None:
        """One submit handed to the SMS gateway through `bind`, and how long its answer took:
        `accepted`, `rejected`, `throttled` (the peer asked to slow down; submitted again),
        `unavailable` (nothing handed over) or `no_answer`."""
        ...


class NoMetrics:
    """Counts nothing."""

    def messages_settled(self, messages: Iterable[Message]) -> None:
        pass

    def messages_reported(self, messages: Iterable[Message]) -> None:
        pass

    def credits_posted(self, postings: Iterable[Posting]) -> None:
        pass

    def payment_orders_moved(self, orders: Iterable[PaymentOrder]) -> None:
        pass

    def webhook_attempted(self, result: str, seconds: float) -> None:
        pass

    def gateway_submitted(self, bind: str, answer: str, seconds: float) -> None:
        pass


NO_METRICS: Metrics = NoMetrics()
