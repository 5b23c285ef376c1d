"""Delivery reports on memory adapters: the simulator reports, messages move forward only."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adapters.memory.deliveries import MemoryReceivedReports
from adapters.memory.gateway import MemorySimulatorGateway
from adapters.memory.store import MemoryStore
from adapters.memory.system import FrozenClock, SequentialIds
from adapters.memory.uow import MemoryUnitOfWork
from application.credits.balance import Grant, GrantCredits
from application.sending.delivery_reports import (
    APPLY_RECEIVED_REPORTS,
    KEEP_UNMATCHED,
    ApplyReceivedReports,
    QueueGatewayReports,
    RematchDeliveryReports,
    ReportResult,
    reported_on,
)
from application.ports import DeliveryReport, InboundSms, OutboundSms, WebhookEndpoint
from application.sending.sends import SendSms, SmsRequest
from domain.messages import MessageEvent, MessageStatus
from domain.submits import SubmitResult
from domain.webhooks import EVENT_TYPES
from tests_support import ids, pending_message

ACCOUNT = ids(1)
DELIVERED_NUMBER = "+255712345678"
UNDELIVERABLE_NUMBER = "+255799000002"


class RecordingListener:
    def __init__(self) -> None:
        self.reports: list[DeliveryReport] = []
        self.inbound: list[InboundSms] = []

    async def delivery_reports(self, reports: Sequence[DeliveryReport]) -> None:
        self.reports.extend(reports)

    async def inbound_sms(self, sms: InboundSms) -> None:
        self.inbound.append(sms)


class RefByRecipientGateway:
    """Accepts everything under a reference known in advance (`ref-<number>`), so a test can
    deliver a report before the send it belongs to has recorded its outcome."""

    async def submit(self, sms: OutboundSms) -> SubmitResult:
        return SubmitResult.accepted(f"ref-{sms.to}")


class World:
    def __init__(self, gateway: object | None = None) -> None:
        self.store = MemoryStore()
        self.clock = FrozenClock()
        self.ids = SequentialIds()
        self.listener = RecordingListener()
        self.gateway = gateway or MemorySimulatorGateway(self.clock, self.ids, self.listener, report_delay=2)
        self.store.table("account_ids", set).add(ACCOUNT)

    def uow(self) -> MemoryUnitOfWork:
        return MemoryUnitOfWork(self.store)

    async def subscribe(self, events: frozenset[str] = EVENT_TYPES, *, enabled: bool = True) -> None:
        """A webhook endpoint of the account taking `events` (a message event reaching no endpoint
        is not recorded)."""
        async with self.uow() as uow:
            await uow.webhooks.add_endpoint(WebhookEndpoint(
                id=self.ids.new_id(), account_id=ACCOUNT, url="https://hooks.example.com/", events=tuple(sorted(events)),
                sealed_secret="v1.sealed", created_at=self.clock.now(), enabled=enabled))
            await uow.commit()

    async def fund(self, credits: int = 100, *, subscribed: bool = True) -> None:
        """Credits, and (`subscribed`) an endpoint taking every event."""
        await GrantCredits(self.uow, self.clock, self.ids)(Grant(account_id=ACCOUNT, credits=credits))
        if subscribed:
            await self.subscribe()

    async def send(self, to: str) -> str:
        send = SendSms(self.uow, self.clock, self.ids, self.gateway, default_sender="UJUMBE")  # type: ignore[arg-type]
        return (await send(SmsRequest(account_id=ACCOUNT, to=to, message="Habari"))).message_id

    async def apply_together(self, reports: Sequence[DeliveryReport]) -> list[ReportResult]:
        """Reports as production applies them: written as received, then one job applying them,
        at the latest one's time if that is ahead of the clock. They are written as received half a
        minute before (`KEEP_UNMATCHED`), so one that matches no message is kept unmatched at once,
        as it is after its retries (which `test_a_received_report_that_finds_no_message_yet_...` follows)."""
        clock = FrozenClock(max([self.clock.now(), *(r.reported_at for r in reports)]))
        await MemoryReceivedReports(self.store).put(reports, clock.now() - KEEP_UNMATCHED)
        return await ApplyReceivedReports(self.uow, clock, self.ids, RecordingJobs())()

    async def apply(self, report: DeliveryReport) -> ReportResult:
        (result,) = await self.apply_together([report])
        return result

    async def status(self, message_id: str) -> tuple[MessageStatus, object, object]:
        async with self.uow() as uow:
            message = await uow.messages.get(ACCOUNT, message_id)
        assert message is not None
        return message.status, message.delivered_at, message.error

    async def event_types(self) -> list[str]:
        async with self.uow() as uow:
            return [e.type for e in await uow.events.undispatched(1000)]


async def test_the_simulator_reports_delivered_shortly_after_an_accepted_submit() -> None:
    world = World()
    await world.fund()
    message_id = await world.send(DELIVERED_NUMBER)
    (report,) = world.listener.reports
    assert report.event is MessageEvent.DELIVERED
    assert report.reported_at == world.clock.now() + timedelta(seconds=2)

    assert await world.apply(report) is ReportResult.APPLIED
    assert await world.status(message_id) == (MessageStatus.DELIVERED, report.reported_at, None)
    assert await world.event_types() == ["message.sent", "message.delivered"]


@pytest.mark.parametrize("endpoint", ["none", "only message.sent", "disabled"])
async def test_a_report_event_no_endpoint_takes_is_not_recorded_but_the_message_moves(endpoint: str) -> None:
    world = World()
    await world.fund(subscribed=False)
    if endpoint == "only message.sent":
        await world.subscribe(frozenset({"message.sent"}))
    elif endpoint == "disabled":
        await world.subscribe(enabled=False)
    message_id = await world.send(DELIVERED_NUMBER)
    (report,) = world.listener.reports

    assert await world.apply(report) is ReportResult.APPLIED

    assert await world.status(message_id) == (MessageStatus.DELIVERED, report.reported_at, None)
    assert await world.event_types() == ["message.sent"]  # a single send's, always (the low-balance check)


async def test_the_magic_number_is_accepted_then_reported_undeliverable() -> None:
    world = World()
    await world.fund()
    message_id = await world.send(UNDELIVERABLE_NUMBER)
    (report,) = world.listener.reports
    assert report.event is MessageEvent.UNDELIVERABLE

    assert await world.apply(report) is ReportResult.APPLIED
    status, delivered_at, error = await world.status(message_id)
    assert (status, delivered_at) == (MessageStatus.FAILED, None) and error
    assert await world.event_types() == ["message.sent", "message.failed"]


async def test_a_submit_rejected_by_the_gateway_gets_no_report() -> None:
    world = World()
    await world.fund()
    await world.send("+255799000001")
    assert world.listener.reports == []


async def test_repeated_and_contradicting_late_reports_change_nothing() -> None:
    world = World()
    await world.fund()
    message_id = await world.send(DELIVERED_NUMBER)
    (report,) = world.listener.reports
    await world.apply(report)
    late = DeliveryReport(report.gateway_ref, MessageEvent.UNDELIVERABLE, report.reported_at + timedelta(hours=1))
    assert await world.apply(report) is ReportResult.IGNORED
    assert await world.apply(late) is ReportResult.IGNORED
    assert await world.status(message_id) == (MessageStatus.DELIVERED, report.reported_at, None)
    assert await world.event_types() == ["message.sent", "message.delivered"]


async def test_unknown_references_are_recorded_and_ignored() -> None:
    world = World()
    report = DeliveryReport("no-such-ref", MessageEvent.DELIVERED, world.clock.now())
    assert await world.apply(report) is ReportResult.UNMATCHED
    async with world.uow() as uow:
        (recorded,) = await uow.delivery_reports.unmatched(world.clock.now() - timedelta(days=1), 10)
    assert recorded.report == report
    assert await world.event_types() == []


async def test_a_reference_two_messages_share_moves_neither() -> None:
    # Two gateways may hand out the same reference; a report that could be the other account's
    # (or the other message's) moves nothing and is kept unmatched.
    world = World(gateway=RefByRecipientGateway())
    await world.fund()
    first, second = await world.send("0712345678"), await world.send("0712345678")
    report = DeliveryReport("ref-+255712345678", MessageEvent.DELIVERED, world.clock.now())
    assert await world.apply(report) is ReportResult.UNMATCHED
    assert (await world.status(first))[0] == (await world.status(second))[0] == MessageStatus.SENT
    assert await world.event_types() == ["message.sent", "message.sent"]


async def test_a_report_that_overtakes_its_submit_outcome_is_applied_by_the_rematch() -> None:
    world = World(RefByRecipientGateway())
    await world.fund()
    early = DeliveryReport(f"ref-{DELIVERED_NUMBER}", MessageEvent.DELIVERED, world.clock.now())
    assert await world.apply(early) is ReportResult.UNMATCHED
    message_id = await world.send(DELIVERED_NUMBER)
    rematch = RematchDeliveryReports(world.uow, world.clock, world.ids)
    assert await rematch() == 1
    assert await rematch() == 0
    assert (await world.status(message_id))[0] is MessageStatus.DELIVERED


NUMBERS = ["+255712000001", "+255712000002", "+255712000003", "+255799000002"]


@st.composite
def report_streams(draw: st.DrawFn) -> tuple[list[str], list[tuple[str, ...]]]:
    """Sends to some numbers, each number's true outcome reported 1-3 times, all in any order,
    with rematch runs sprinkled in (reports may come before their send)."""
    numbers = draw(st.lists(st.sampled_from(NUMBERS), min_size=1, max_size=4, unique=True))
    steps: list[tuple[str, ...]] = [("send", n) for n in numbers]
    for number in numbers:
        steps += [("report", number)] * draw(st.integers(1, 3))
    steps += [("rematch",)] * draw(st.integers(0, 2))
    return numbers, draw(st.permutations(steps))


def true_outcome(number: str) -> MessageStatus:
    return MessageStatus.FAILED if number == UNDELIVERABLE_NUMBER else MessageStatus.DELIVERED


@settings(max_examples=60, deadline=None)
@given(report_streams())
def test_any_order_of_reports_ends_in_the_same_final_status(stream: tuple[list[str], list[tuple[str, ...]]]) -> None:
    numbers, steps = stream

    async def play() -> None:
        world = World(RefByRecipientGateway())
        await world.fund()
        sent: dict[str, str] = {}
        for step in steps:
            if step[0] == "send":
                sent[step[1]] = await world.send(step[1])
            elif step[0] == "report":
                outcome = (MessageEvent.UNDELIVERABLE if true_outcome(step[1]) is MessageStatus.FAILED
                           else MessageEvent.DELIVERED)
                await world.apply(DeliveryReport(f"ref-{step[1]}", outcome, world.clock.now()))
            else:
                await RematchDeliveryReports(world.uow, world.clock, world.ids)()
            world.clock.advance(1)
        await RematchDeliveryReports(world.uow, world.clock, world.ids)()  # the periodic job, later

        for number in numbers:
            assert (await world.status(sent[number]))[0] is true_outcome(number)
        finals = [t for t in await world.event_types() if t != "message.sent"]
        assert sorted(finals) == sorted(
            "message.failed" if true_outcome(n) is MessageStatus.FAILED else "message.delivered" for n in numbers
        )

    asyncio.run(play())


async def test_a_jobs_reports_applied_together_end_as_one_at_a_time() -> None:
    async def run(together: bool) -> tuple[list[ReportResult], list[tuple[MessageStatus, object, object]], list[str]]:
        world = World()
        await world.fund()
        sent = [await world.send(DELIVERED_NUMBER), await world.send(UNDELIVERABLE_NUMBER)]
        delivered, undeliverable = world.listener.reports
        late = DeliveryReport(gateway_ref=delivered.gateway_ref, event=MessageEvent.UNDELIVERABLE,
                              reported_at=delivered.reported_at + timedelta(seconds=1), error="late")
        unknown = DeliveryReport(gateway_ref="sim-nobody", event=MessageEvent.DELIVERED,
                                 reported_at=delivered.reported_at, error=None)
        reports = [delivered, undeliverable, delivered, late, unknown]
        if together:  # one job takes them in the order they are due: `late` last
            results = await world.apply_together(reports)
        else:
            results = [await world.apply(report) for report in reports]
        async with world.uow() as uow:
            unmatched = await uow.delivery_reports.unmatched(world.clock.now() - timedelta(days=1), 10)
        assert [u.report for u in unmatched] == [unknown]
        return sorted(results), [await world.status(m) for m in sent], await world.event_types()

    together = await run(True)
    assert together == await run(False)
    assert together[0] == sorted([ReportResult.APPLIED, ReportResult.APPLIED, ReportResult.IGNORED,
                                  ReportResult.IGNORED, ReportResult.UNMATCHED])


class RecordingJobs:
    def __init__(self) -> None:
        self.deferred: list[tuple[str, datetime | None, str | None]] = []

    async def defer(self, task: str, payload: Mapping[str, Any], *, at: datetime | None = None,
                    lock: str | None = None, queueing_lock: str | None = None) -> None:
        self.deferred.append((task, at, queueing_lock))


async def test_received_reports_are_applied_when_due_as_one_at_a_time_would_apply_them() -> None:
    world = World()
    await world.fund()
    sent = [await world.send(DELIVERED_NUMBER), await world.send(UNDELIVERABLE_NUMBER)]
    delivered, undeliverable = world.listener.reports  # due two seconds after the submit
    late = DeliveryReport(gateway_ref=delivered.gateway_ref, event=MessageEvent.UNDELIVERABLE,
                          reported_at=delivered.reported_at + timedelta(minutes=1), error="late")
    jobs = RecordingJobs()
    listener = QueueGatewayReports(jobs, MemoryReceivedReports(world.store), world.clock)
    await listener.delivery_reports([undeliverable, delivered])
    await listener.delivery_reports([late])
    apply = ApplyReceivedReports(world.uow, world.clock, world.ids, jobs)

    # One job per second the reports are due in, queued for the latest report of that second.
    assert jobs.deferred == [
        (APPLY_RECEIVED_REPORTS, delivered.reported_at, f"{APPLY_RECEIVED_REPORTS}:{delivered.reported_at:%Y-%m-%dT%H:%M:%S}"),
        (APPLY_RECEIVED_REPORTS, late.reported_at, f"{APPLY_RECEIVED_REPORTS}:{late.reported_at:%Y-%m-%dT%H:%M:%S}"),
    ]
    assert await apply() == []  # nothing is due yet
    world.clock.advance(2)
    assert await apply() == [ReportResult.APPLIED, ReportResult.APPLIED]
    assert [await world.status(m) for m in sent] == [
        (MessageStatus.DELIVERED, delivered.reported_at, None),
        (MessageStatus.FAILED, None, undeliverable.error)]
    assert jobs.deferred[-1][:2] == (APPLY_RECEIVED_REPORTS, late.reported_at)  # queued again for the rest
    world.clock.advance(minutes=1)
    assert await apply() == [ReportResult.IGNORED]  # the first final report won
    assert await apply() == []


async def test_a_received_report_that_finds_no_message_yet_is_tried_again_then_kept_unmatched() -> None:
    world = World(RefByRecipientGateway())
    await world.fund()
    jobs = RecordingJobs()
    listener = QueueGatewayReports(jobs, MemoryReceivedReports(world.store), world.clock)
    apply = ApplyReceivedReports(world.uow, world.clock, world.ids, jobs)
    early = DeliveryReport(gateway_ref=f"ref-{DELIVERED_NUMBER}", event=MessageEvent.DELIVERED,
                           reported_at=world.clock.now())
    foreign = DeliveryReport(gateway_ref="ref-nobody", event=MessageEvent.DELIVERED, reported_at=world.clock.now())
    await listener.delivery_reports([early, foreign])  # the receipt overtakes the send's recorded outcome

    assert await apply() == [ReportResult.UNMATCHED, ReportResult.UNMATCHED]
    assert jobs.deferred[-1][1] == world.clock.now() + timedelta(seconds=1)  # tried again a second later
    message_id = await world.send(DELIVERED_NUMBER)
    world.clock.advance(1)
    assert await apply() == [ReportResult.APPLIED, ReportResult.UNMATCHED]
    assert (await world.status(message_id))[0] is MessageStatus.DELIVERED
    async with world.uow() as uow:
        assert await uow.delivery_reports.unmatched(world.clock.now() - timedelta(days=1), 10) == []

    for _ in range(30):  # the foreign one, every second for half a minute
        world.clock.advance(1)
        await apply()
    async with world.uow() as uow:
        [kept] = await uow.delivery_reports.unmatched(world.clock.now() - timedelta(days=1), 10)
        assert kept.report == foreign and await uow.delivery_reports.next_received() is None


# -- a report matched by the bind its reference was issued on -----------------------------------------

_BINDS = st.sampled_from([None, "vodacom", "airtel", "tigo"])


@given(report_bind=_BINDS, message_binds=st.lists(_BINDS, max_size=5))
@settings(max_examples=200, deadline=None)
def test_a_report_is_about_the_message_its_bind_issued_the_reference_on(
        report_bind: str | None, message_binds: list[str | None]) -> None:
    at = datetime(2026, 1, 5, 9, 0)
    candidates = [pending_message(ids(100 + n), account=ACCOUNT, at=at, gateway_ref="same", gateway_bind=bind)
                  for n, bind in enumerate(message_binds)]
    report = DeliveryReport(gateway_ref="same", event=MessageEvent.DELIVERED, reported_at=at, bind=report_bind)

    found = reported_on(report, candidates)

    issued = [m for m in candidates if m.gateway_bind == report_bind]
    if issued:  # the bind that issued it is known: that message, never another bind's
        assert found == issued
    else:  # only a message or a report with no bind recorded may match by the reference alone
        assert all(report_bind is None or m.gateway_bind is None for m in found)
    assert all(m.gateway_bind in (report_bind, None) or report_bind is None for m in found)
