"""Delivery reports: the carrier's word on whether a sent SMS reached the handset.

Gateways hand reports (and inbound SMS) to a `GatewayListener` they are given. The listener writes
reports as received (one statement per batch handed over) and queues a job per inbound SMS, so
the carrier is acknowledged at once and the work survives crashes; `ApplyReceivedReports` then
applies the received reports a thousand at a time, however few each hand-over held (an SMSC's
receipts come a few at a time).
A report moves its message with `domain.messages.next_status` (`_apply_all`): the first final
report wins, so late, repeated or out-of-order reports never move a status backwards, and a
campaign's `delivered_count` / `failed_count` move with the report that moved its message. A report
whose gateway reference matches no message is recorded and ignored; since a report can overtake
its own submit's outcome (the reference is stored with the outcome), `RematchDeliveryReports`
tries unmatched reports again for a day. A report's `message.delivered` / `message.failed` event
is recorded only when an enabled endpoint of the account takes it (`application.events`).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from typing import Any

from application.events import event_types_taken, message_event, message_event_type
from application.ports import (
    Clock,
    DeliveryReport,
    IdGenerator,
    InboundSms,
    JobQueue,
    Metrics,
    NO_METRICS,
    OutboxEvent,
    ReceivedReports,
    UnitOfWork,
    UnitOfWorkFactory,
)
from domain.messages import Message, MessageStatus

APPLY_RECEIVED_REPORTS = "apply_received_reports"  # job: {} (or the periodic's timestamp): what is due
RECEIVED_BATCH = 1000
RETRY_UNMATCHED = timedelta(seconds=1)
KEEP_UNMATCHED = timedelta(seconds=30)
RECEIVE_INBOUND_SMS = "receive_inbound_sms"  # job: {"from_number", "text", "to", "received_at", "gateway_ref"}
REMATCH_WINDOW = timedelta(days=1)
SAME_REFERENCE_KEPT = 8  # messages read per reference: several carriers may issue the same one


class ReportResult(StrEnum):
    APPLIED = "applied"  # the message moved
    IGNORED = "ignored"  # the message is final already (a late or repeated report)
    UNMATCHED = "unmatched"  # no message has this gateway reference (yet)


def applying_received(due: datetime) -> dict[str, Any]:
    """The arguments to defer APPLY_RECEIVED_REPORTS with, for reports due at `due`: at most one
    such job waits per second of due time, so while the worker is busy, receipts handed over a
    few at a time wait for one job rather than making one each."""
    return {"at": due, "queueing_lock": f"{APPLY_RECEIVED_REPORTS}:{due.astimezone(UTC):%Y-%m-%dT%H:%M:%S}"}


class QueueGatewayReports:
    """The listener gateways are given: reports written as received, then the job that applies
    them queued for when they are due (the simulator reports ahead); one job per inbound SMS."""

    def __init__(self, jobs: JobQueue, received: ReceivedReports, clock: Clock) -> None:
        self._jobs, self._received, self._clock = jobs, received, clock

    async def delivery_reports(self, reports: Sequence[DeliveryReport]) -> None:
        await self._received.put(reports, self._clock.now())
        await self.apply_when_due(reports)

    async def apply_when_due(self, reports: Sequence[DeliveryReport]) -> None:
        """The job that applies received reports, queued for when these are due; also for reports
        a gateway wrote itself, with the submits they report on (the simulator)."""
        due: dict[datetime, datetime] = {}  # second → the latest report due in it
        for report in reports:
            second = report.reported_at.replace(microsecond=0)
            due[second] = max(due.get(second, report.reported_at), report.reported_at)
        for at in sorted(due.values()):
            await self._jobs.defer(APPLY_RECEIVED_REPORTS, {}, **applying_received(at))

    async def inbound_sms(self, sms: InboundSms) -> None:
        await self._jobs.defer(RECEIVE_INBOUND_SMS, {
            "from_number": sms.from_number, "text": sms.text, "to": sms.to, "gateway_ref": sms.gateway_ref,
            "received_at": sms.received_at.isoformat() if sms.received_at else None,
        })


def reported_on(report: DeliveryReport, candidates: Sequence[Message]) -> list[Message]:
    """The messages a report may be about, of those with its reference: the one its bind issued
    the reference on; failing that, one whose bind (or the report's) was never recorded (sent
    before binds were, or by a gateway with one connection)."""
    issued = [m for m in candidates if m.gateway_bind == report.bind]
    return issued or [m for m in candidates if m.gateway_bind is None or report.bind is None]


async def _apply_all(uow: UnitOfWork, reports: Sequence[DeliveryReport], ids: IdGenerator,
                     now: datetime) -> tuple[list[ReportResult], list[Message], list[int]]:
    """Reports in the caller's transaction, each with the outcome it would have alone after the
    ones before it: the messages found and locked by one statement, moved in memory,
    written back, their events added and the campaigns' counters moved once per campaign and
    status. (What each report came to, the messages moved, the positions of the reports that
    matched no message, or more than one: the caller keeps those.)"""
    found = await uow.delivery_reports.messages_by_gateway_refs([r.gateway_ref for r in reports],
                                                                limit=SAME_REFERENCE_KEPT)
    taken = await event_types_taken(uow, (m.account_id for messages in found.values() for m in messages))
    current: dict[tuple[str, str], Message] = {}
    events: list[OutboxEvent] = []
    counts: dict[tuple[str, str, MessageStatus], int] = {}
    results: list[ReportResult] = []
    unmatched: list[int] = []
    for position, report in enumerate(reports):
        messages = reported_on(report, found.get(report.gateway_ref, []))
        if len(messages) != 1:  # none, or another account's too
            unmatched.append(position)
            results.append(ReportResult.UNMATCHED)
            continue
        key = (messages[0].account_id, messages[0].id)
        message = current.get(key, messages[0])
        moved = message.reported(report.event, report.reported_at, report.error, now)
        if moved is message:
            results.append(ReportResult.IGNORED)
            continue
        current[key] = moved
        if message_event_type(moved) in taken[moved.account_id]:
            events.append(message_event(moved, ids.new_id(), now))
        if moved.campaign_id is not None:
            counted = (moved.account_id, moved.campaign_id, moved.status)
            counts[counted] = counts.get(counted, 0) + 1
        results.append(ReportResult.APPLIED)
    await uow.delivery_reports.record_statuses(list(current.values()))
    if events:
        await uow.events.add_many(events)
    for (account_id, campaign_id, status), n in counts.items():
        await uow.campaigns.count_final_status(account_id, campaign_id, status, now, n)
    return results, list(current.values()), unmatched


class ApplyReceivedReports:
    """The `APPLY_RECEIVED_REPORTS` job: the received reports that are due, `RECEIVED_BATCH` per
    unit of work, each batch taken out of the received ones in the transaction that applies it
    (a crash puts it back; a concurrent job skips it). A report whose message is not found is
    tried again every `RETRY_UNMATCHED` for `KEEP_UNMATCHED` after it was received (an SMSC's
    receipt often comes before its send's outcome is recorded: a campaign records a batch's
    outcomes once the whole batch is handed over), then kept unmatched for the minutely rematch.
    The job is queued again for the earliest report not due yet."""

    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, ids: IdGenerator, jobs: JobQueue,
                 metrics: Metrics = NO_METRICS) -> None:
        self._uow, self._clock, self._ids, self._jobs, self._metrics = uow, clock, ids, jobs, metrics

    async def __call__(self) -> list[ReportResult]:
        results: list[ReportResult] = []
        while True:
            async with self._uow() as uow:
                now = self._clock.now()
                received = await uow.delivery_reports.take_received(now, RECEIVED_BATCH)
                if not received:
                    later = await uow.delivery_reports.next_received()
                    break
                applied, moved, unmatched = await _apply_all(uow, [r.report for r in received], self._ids, now)
                young = [received[i] for i in unmatched if now - received[i].received_at < KEEP_UNMATCHED]
                await uow.delivery_reports.receive_again(young, now + RETRY_UNMATCHED)
                for i in unmatched:
                    if now - received[i].received_at >= KEEP_UNMATCHED:
                        await uow.delivery_reports.add_unmatched(received[i].report, now)
                await uow.commit()
            self._metrics.messages_reported(moved)
            results += applied
        if later is not None:  # due already: another job has it in hand (taken, not committed yet)
            await self._jobs.defer(APPLY_RECEIVED_REPORTS, {}, **applying_received(
                max(later, self._clock.now() + RETRY_UNMATCHED)))
        return results


class RematchDeliveryReports:
    """Applies recorded reports whose message has since got its gateway reference."""

    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, ids: IdGenerator, metrics: Metrics = NO_METRICS) -> None:
        self._uow, self._clock, self._ids, self._metrics = uow, clock, ids, metrics

    async def __call__(self, limit: int = 500) -> int:
        now = self._clock.now()
        async with self._uow() as uow:
            recorded = await uow.delivery_reports.unmatched(now - REMATCH_WINDOW, limit)
            if not recorded:
                return 0
            _, moved, unmatched = await _apply_all(uow, [u.report for u in recorded], self._ids, now)
            still = set(unmatched)
            for position, report in enumerate(recorded):
                if position not in still:
                    await uow.delivery_reports.mark_matched(report.id, now)
            await uow.commit()
        self._metrics.messages_reported(moved)
        return len(recorded) - len(still)
