"""The life of one SMS: pending → sent → delivered, or failed on the way.

Delivery reports come from carriers late, twice, or out of order, so the rule is: once a
message is final (delivered or failed) it stays so. The first final report wins; a contradicting
later one is ignored, which makes the outcome independent of how often a report is repeated.
A report that overtakes the submit acknowledgement (message still pending) is applied: the
carrier evidently has the message, and its fate is what the user cares about.
"""

from __future__ import annotations

from enum import StrEnum

from domain.errors import IllegalTransition


class MessageStatus(StrEnum):
    PENDING = "pending"  # queued by a campaign or schedule, not yet handed to the gateway
    SENT = "sent"  # accepted by the gateway, not yet on the handset
    DELIVERED = "delivered"
    FAILED = "failed"


class MessageEvent(StrEnum):
    SUBMITTED = "submitted"  # gateway accepted the submit
    REJECTED = "rejected"  # gateway refused the submit (credits are refunded)
    DELIVERED = "delivered"  # delivery report: on the handset
    UNDELIVERABLE = "undeliverable"  # delivery report: carrier gave up


_FINAL = frozenset({MessageStatus.DELIVERED, MessageStatus.FAILED})
_REPORTED = {
    MessageEvent.DELIVERED: MessageStatus.DELIVERED,
    MessageEvent.UNDELIVERABLE: MessageStatus.FAILED,
}
_SUBMIT_OUTCOME = {
    MessageEvent.SUBMITTED: MessageStatus.SENT,
    MessageEvent.REJECTED: MessageStatus.FAILED,
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
