"""How the simulated carrier answers (decision: simulators), shared by the Postgres and memory simulators.

`+255799000001` is rejected at submit; `+255799000002` is accepted and later reported
undeliverable; every other valid number is accepted and later reported delivered.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from application.ports import DeliveryReport, GatewayListener
from domain.messages import MessageEvent
from domain.submits import SubmitResult

log = logging.getLogger("ujumbe.simulator")

REJECTED_AT_SUBMIT = "+255799000001"
UNDELIVERABLE = "+255799000002"
REJECTION_ERROR = "rejected_by_gateway"


def accepts(to: str) -> bool:
    return to != REJECTED_AT_SUBMIT


def carrier_reports(accepted: Sequence[ReceivedSms], delay: float) -> list[DeliveryReport]:
    """The carrier's delivery reports for newly accepted submits, `delay` seconds on (a real
    carrier reports late, so the simulator does too): delivered, or undeliverable for the magic
    number."""
    return [
        DeliveryReport(
            gateway_ref=sms.gateway_ref,
            event=MessageEvent.UNDELIVERABLE if sms.to == UNDELIVERABLE else MessageEvent.DELIVERED,
            reported_at=sms.created_at + timedelta(seconds=delay),
            error="absent_subscriber" if sms.to == UNDELIVERABLE else None,
        )
        for sms in accepted if sms.accepted and sms.gateway_ref is not None
    ]


async def report_later(listener: GatewayListener | None, accepted: Sequence[ReceivedSms], delay: float) -> None:
    """`carrier_reports` handed to the listener (the in-memory simulator's way)."""
    reports = carrier_reports(accepted, delay)
    if listener is None or not reports:
        return
    try:
        await listener.delivery_reports(reports)
    except Exception:  # the submits were accepted all the same; a carrier may lose reports too
        log.warning("the simulator could not queue %d delivery report(s)", len(reports), exc_info=True)


@dataclass(frozen=True, slots=True)
class ReceivedSms:
    """One submit as the simulated carrier recorded it (`ujumbe simulator messages`)."""

    message_id: str
    account_id: str | None
    to: str
    sender: str
    text: str
    accepted: bool
    gateway_ref: str | None
    error: str | None
    created_at: datetime

    def result(self) -> SubmitResult:
        """The answer this submit got, and every repeat of its message id gets."""
        return SubmitResult.accepted(self.gateway_ref) if self.accepted else SubmitResult.rejected(self.error)

    def as_json(self) -> dict[str, object]:
        return {
            "message_id": self.message_id,
            "account_id": self.account_id,
            "to": self.to,
            "from": self.sender,
            "text": self.text,
            "accepted": self.accepted,
            "gateway_ref": self.gateway_ref,
            "error": self.error,
            "created_at": self.created_at,
        }
