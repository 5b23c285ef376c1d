"""Delivery reports as the carrier gives them, as received until applied, and those not matched to a message yet."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from domain.messages import Message, MessageEvent, is_report


@dataclass(frozen=True, slots=True)
class DeliveryReport:
    gateway_ref: str
    event: MessageEvent  # what the carrier reports: DELIVERED or UNDELIVERABLE
    reported_at: datetime  # when the carrier says it happened
    error: str | None = None  # the carrier's reason, when undeliverable
    bind: str | None = None  # the carrier connection it came in on, when the gateway has several

    def __post_init__(self) -> None:
        if not is_report(self.event):
            raise ValueError(f"{self.event} is not a delivery report's event")


@dataclass(frozen=True, slots=True)
class ReceivedReport:
    report: DeliveryReport
    received_at: datetime  # when the gateway handed it over


@dataclass(frozen=True, slots=True)
class UnmatchedReport:
    id: int
    report: DeliveryReport
    received_at: datetime


class DeliveryReportRepository(Protocol):
    async def messages_by_gateway_refs(self, gateway_refs: Sequence[str], limit: int) -> dict[str, list[Message]]:
        """The messages the gateway knows by each of these references (a job's reports): up to
        `limit` per reference found (one, unless two carriers gave the same one), all locked
        until the transaction ends."""
        ...

    async def record_statuses(self, messages: Sequence[Message]) -> None:
        """Store each message's status, delivered_at, error and updated_at."""
        ...

    async def add_unmatched(self, report: DeliveryReport, received_at: datetime) -> None: ...

    async def unmatched(self, received_since: datetime, limit: int) -> list[UnmatchedReport]:
        """Reports not matched yet, received since `received_since`, oldest first, locked."""
        ...

    async def mark_matched(self, report_id: int, at: datetime) -> None: ...

    async def take_received(self, due_by: datetime, limit: int) -> list[ReceivedReport]:
        """Up to `limit` reports a gateway handed over (`ReceivedReports.put`) that are due by
        `due_by`, oldest first, taken out: gone when the transaction commits, back when it rolls
        back; a concurrent taker skips them."""
        ...

    async def receive_again(self, received: Sequence[ReceivedReport], due_at: datetime) -> None:
        """Reports taken out put back, due at `due_at` (their message was not found yet)."""
        ...

    async def next_received(self) -> datetime | None:
        """When the earliest received report still to apply is due; None when there is none."""
        ...


class ReceivedReports(Protocol):
    """Where a gateway's listener writes the reports it is handed, before the carrier is
    acknowledged: one write per batch, durable when it returns, applied later by a job that
    takes many at once (`DeliveryReportRepository.take_received`)."""

    async def put(self, reports: Sequence[DeliveryReport], received_at: datetime) -> None: ...
