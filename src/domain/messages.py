"""The life of one SMS: pending → sent → delivered, or failed on the way.

Delivery reports come from carriers late, twice, or out of order, so the rule is: once a
message is final (delivered or failed) it stays so. The first final report wins; a contradicting
later one is ignored, which makes the outcome independent of how often a report is repeated.
A report that overtakes the submit acknowledgement (message still pending) is applied: the
carrier evidently has the message, and its fate is what the user cares about.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from datetime import datetime
from enum import StrEnum
from operator import attrgetter
from typing import Any

from domain.errors import IllegalTransition

UNDELIVERABLE_ERROR = "undeliverable"  # error of a message the carrier reported undeliverable


class MessageStatus(StrEnum):
    PENDING = "pending"  # paid for; not yet handed to the gateway, or handed over and no answer came yet
    SENT = "sent"  # accepted by the gateway, not yet on the handset
    DELIVERED = "delivered"
    FAILED = "failed"


class MessageEvent(StrEnum):
    SUBMITTED = "submitted"  # gateway accepted the submit
    # The submit failed: rejected, the gateway unavailable, or given up without an answer (refunded).
    FAILED_AT_SUBMIT = "failed_at_submit"
    DELIVERED = "delivered"  # delivery report: on the handset
    UNDELIVERABLE = "undeliverable"  # delivery report: carrier gave up


_FINAL = frozenset({MessageStatus.DELIVERED, MessageStatus.FAILED})
_REPORTED = {
    MessageEvent.DELIVERED: MessageStatus.DELIVERED,
    MessageEvent.UNDELIVERABLE: MessageStatus.FAILED,
}
_SUBMIT_OUTCOME = {
    MessageEvent.SUBMITTED: MessageStatus.SENT,
    MessageEvent.FAILED_AT_SUBMIT: MessageStatus.FAILED,
}


def is_final(status: MessageStatus) -> bool:
    return status in _FINAL


def is_report(event: MessageEvent) -> bool:
    return event in _REPORTED


def next_status(current: MessageStatus, event: MessageEvent) -> MessageStatus:
    if event in _REPORTED:
        return current if is_final(current) else _REPORTED[event]
    if current != MessageStatus.PENDING:
        raise IllegalTransition(f"A {current} message cannot be {event} again.", field="status")
    return _SUBMIT_OUTCOME[event]


@dataclass(frozen=True, slots=True)
class SubmitOutcome:
    """What a submit's answer makes of a pending message: `sent`, or `failed` with its credits
    returned (`credits_used` 0)."""

    message_id: str
    status: MessageStatus
    gateway_ref: str | None
    error: str | None
    credits_used: int
    cost: str
    sender: str | None = None  # set when the SMS went out under another sender than the message's
    gateway_bind: str | None = None  # the carrier connection that took it, when the gateway has several


@dataclass(frozen=True, slots=True)
class Message:
    """One SMS as the message log keeps it (decision: message states)."""

    account_id: str
    id: str
    to: str  # E.164
    sender: str  # the sender actually used
    body: str
    encoding: str
    characters: int
    sms_parts: int  # billed
    segments: int  # on air
    credits_used: int
    cost: str
    carrier: str
    status: MessageStatus
    created_at: datetime
    updated_at: datetime
    requested_sender: str | None = None  # what `from` asked for, when it was not usable
    batch_id: str | None = None
    campaign_id: str | None = None
    campaign_batch: int | None = None  # the batch of its campaign that pays for it (1, 2, ...)
    error: str | None = None
    gateway_ref: str | None = None
    sent_at: datetime | None = None
    delivered_at: datetime | None = None
    # The gateway may have it: a submit was handed over and its answer never came. A repeat must
    # then not go on air again through a gateway that cannot recognise one.
    handed_over: bool = False
    # The carrier connection (SMPP bind) its `gateway_ref` was issued on: two carriers' SMSCs may
    # issue the same id, so a delivery report is matched by both.
    gateway_bind: str | None = None

    @property
    def deduction_reference(self) -> str:
        """The ledger posting that paid for it: one per single send, one per bulk batch, one per
        batch of a campaign."""
        if self.campaign_id is not None and self.campaign_batch is not None:
            return f"campaign:{self.campaign_id}:{self.campaign_batch}"
        return f"bulk:{self.batch_id}" if self.batch_id else f"send:{self.id}"

    def _moved(self, **changes: Any) -> Message:
        """`dataclasses.replace`, in half its time: its values read at once and given in order (a
        campaign moves each of its messages twice, at its outcome and at its report)."""
        values = list(_values(self))
        for name, value in changes.items():
            values[_POSITION[name]] = value
        return Message(*values)

    def settled(self, outcome: SubmitOutcome, at: datetime) -> Message:
        """The message as its submit's outcome leaves it; a sender the carrier refused is kept as
        the one asked for."""
        moved = self._moved(
            status=outcome.status, gateway_ref=outcome.gateway_ref, gateway_bind=outcome.gateway_bind,
            error=outcome.error,
            credits_used=outcome.credits_used, cost=outcome.cost, updated_at=at,
            sent_at=at if outcome.status == MessageStatus.SENT else None,
        )
        if outcome.sender is None or outcome.sender == self.sender:
            return moved
        return moved._moved(sender=outcome.sender, requested_sender=self.requested_sender or self.sender)

    def reported(self, event: MessageEvent, reported_at: datetime, error: str | None, at: datetime) -> Message:
        """The message after a delivery report (itself when the report moves nothing: a final
        status stays). An undeliverable report without the carrier's reason says `undeliverable`."""
        status = next_status(self.status, event)
        if status == self.status:
            return self
        delivered = status == MessageStatus.DELIVERED
        return self._moved(status=status, updated_at=at, delivered_at=reported_at if delivered else None,
                           error=None if delivered else (error or UNDELIVERABLE_ERROR))


_FIELDS = tuple(f.name for f in fields(Message))  # in the order `Message(...)` takes them
_POSITION = {name: position for position, name in enumerate(_FIELDS)}
_values = attrgetter(*_FIELDS)
