"""How the simulated carrier answers (DESIGN §7), shared by the Postgres and memory simulators.

`+255799000001` is rejected at submit; `+255799000002` is accepted and later reported
undeliverable; every other valid number is accepted and later reported delivered.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta

from application.deliveries import DeliveryReport, GatewayListener
from domain.messages import MessageEvent

log = logging.getLogger("ujumbe.simulator")

REJECTED_AT_SUBMIT = "+255799000001"
UNDELIVERABLE = "+255799000002"
REJECTION_ERROR = "rejected_by_gateway"


def accepts(to: str) -> bool:
    return to != REJECTED_AT_SUBMIT


async def report_later(listener: GatewayListener | None, to: str, gateway_ref: str, accepted_at: datetime,
                       delay: float) -> None:
    """The carrier's delivery report for an accepted submit, `delay` seconds on (issue 5)."""
    if listener is None:
        return
    undeliverable = to == UNDELIVERABLE
    try:
        await listener.delivery_report(DeliveryReport(
            gateway_ref=gateway_ref,
            outcome=MessageEvent.UNDELIVERABLE if undeliverable else MessageEvent.DELIVERED,
            reported_at=accepted_at + timedelta(seconds=delay),
            error="absent_subscriber" if undeliverable else None,
        ))
    except Exception:  # the submit was accepted all the same; a carrier may lose a report too
        log.warning("the simulator could not queue the delivery report for %s", gateway_ref, exc_info=True)


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
