"""The batched and single-statement paths of sending (what keeps a hot account fast), on memory and
PostgreSQL: a paid message is appended with its deduction or not at all, a bulk's submits go to
the gateway as one batch, and the outbox wake-up coalesces concurrent commits."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

import psycopg
import pytest

from adapters.gateways.retrying import RetryingGateway, retrying
from adapters.gateways.simulator import SimulatorGateway
from adapters.jobs import WakeOutboxDispatch
from adapters.memory.gateway import MemorySimulatorGateway
from adapters.memory.system import FrozenClock, SequentialIds
from adapters.postgres.database import create_pool
from adapters.postgres.sending.deliveries import PostgresReceivedReports
from adapters.postgres.sending.message_rows import MESSAGE_SELECT, message_rows
from adapters.postgres.uow import PostgresUnitOfWork
from application.sending.delivery_reports import (
    APPLY_RECEIVED_REPORTS,
    ApplyReceivedReports,
    QueueGatewayReports,
)
from application.ports import (
    BatchSmsGateway, DeliveryReport, GatewayNoAnswer, GatewayUnavailable, OutboundSms, OutboxEvent,
)
from domain.errors import InsufficientCredits
from domain.ledger import EntryType, Posting
from domain.messages import Message, MessageEvent, MessageStatus, SubmitOutcome
from domain.submits import NO_ANSWER, UNAVAILABLE, Answer, SubmitResult
from tests_support import ids, pending_message

ACCOUNT = ids(1)
T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def message(n: int, credits: int = 1) -> Message:
    return pending_message(ids(100 + n), account=ACCOUNT, at=T0, credits=credits, body=f"Habari {n}")


def sent(m: Message) -> SubmitOutcome:
    return SubmitOutcome(m.id, MessageStatus.SENT, f"ref-{m.id}", None, m.credits_used, m.cost)


def deduction(m: Message) -> Posting:
    return Posting(type=EntryType.DEDUCT, credits=m.credits_used, description=f"SMS to {m.to}",
                   reference=m.deduction_reference)


async def grant(backend: Any, credits: int) -> None:
    async with backend.uow() as uow:
        await uow.ledger.post(ACCOUNT, Posting(type=EntryType.GRANT, credits=credits, description="grant",
                                               reference="grant:1"), ids(900), T0)
        await uow.commit()


async def add_paid(backend: Any, m: Message, entry: int) -> None:
    async with backend.uow() as uow:
        await uow.messages.add_paid(m, deduction(m), ids(entry), T0)
        await uow.commit()


@pytest.fixture
async def backend_with_account(backend: Any) -> Any:
    await backend.seed_account(ACCOUNT)
    return backend


async def test_a_paid_message_is_appended_with_its_deduction(backend_with_account: Any) -> None:
    backend = backend_with_account
    await grant(backend, 5)
    await add_paid(backend, message(1, credits=2), 201)
    async with backend.uow() as uow:
        assert await uow.messages.get(ACCOUNT, ids(101)) == message(1, credits=2)
        assert await uow.ledger.balance(ACCOUNT) == 3
        history = await uow.ledger.history(ACCOUNT, 1, 10)
    assert [(e.type, e.amount, e.balance_after, e.reference) for e in history.entries] == [
        (EntryType.DEDUCT, -2, 3, f"send:{ids(101)}"), (EntryType.GRANT, 5, 5, "grant:1")]


async def test_a_message_the_balance_does_not_cover_is_not_appended_and_nothing_is_debited(backend_with_account: Any) -> None:
    backend = backend_with_account
    await grant(backend, 2)
    await add_paid(backend, message(1, credits=2), 201)
    with pytest.raises(InsufficientCredits):
        await add_paid(backend, message(2), 202)
    async with backend.uow() as uow:
        assert await uow.messages.get(ACCOUNT, ids(102)) is None
        assert await uow.ledger.balance(ACCOUNT) == 0
        assert (await uow.ledger.history(ACCOUNT, 1, 10)).total == 2


async def test_an_account_without_credits_ever_cannot_pay(backend_with_account: Any) -> None:
    backend = backend_with_account
    with pytest.raises(InsufficientCredits):
        await add_paid(backend, message(1), 201)
    async with backend.uow() as uow:
        assert await uow.messages.get(ACCOUNT, ids(101)) is None


async def test_after_another_read_in_the_unit_of_work_a_rollback_undoes_the_paid_message(backend_with_account: Any) -> None:
    backend = backend_with_account
    await grant(backend, 5)
    async with backend.uow() as uow:
        assert await uow.ledger.balance(ACCOUNT) == 5  # the transaction is open: add_paid joins it
        await uow.messages.add_paid(message(1), deduction(message(1)), ids(201), T0)
        await uow.rollback()
    async with backend.uow() as uow:
        assert await uow.messages.get(ACCOUNT, ids(101)) is None
        assert await uow.ledger.balance(ACCOUNT) == 5


async def test_concurrent_paid_messages_never_overdraw(backend_with_account: Any) -> None:
    backend = backend_with_account
    await grant(backend, 7)

    async def one(n: int) -> bool:
        try:
            await add_paid(backend, message(n), 300 + n)
        except InsufficientCredits:
            return False
        return True

    paid = await asyncio.gather(*(one(n) for n in range(1, 21)))
    async with backend.uow() as uow:
        assert sum(paid) == 7
        assert await uow.ledger.balance(ACCOUNT) == 0
        stored = [await uow.messages.get(ACCOUNT, ids(100 + n)) for n in range(1, 21)]
        entries = (await uow.ledger.history(ACCOUNT, 1, 100)).entries
    assert [m is not None for m in stored] == paid
    assert sum(e.amount for e in entries) == 0 == entries[0].balance_after


def event(m: Message, n: int) -> OutboxEvent:
    return OutboxEvent(id=ids(500 + n), account_id=ACCOUNT, type="message.sent",
                       data={"message_id": m.id, "status": "sent"}, created_at=T0)


async def test_recording_sent_moves_pending_messages_and_adds_the_events_of_those_moved_only(
        backend_with_account: Any) -> None:
    backend = backend_with_account
    first, second, third = message(1), message(2), message(3)
    async with backend.uow() as uow:
        await uow.messages.add_many([first, second])
        await uow.commit()
    async with backend.uow() as uow:  # second is finished already (e.g. by the reconciler)
        await uow.messages.record_outcomes(ACCOUNT, [sent(second)], T0)
        await uow.commit()
    events = {m.id: event(m, n) for n, m in enumerate((first, second, third))}
    async with backend.uow() as uow:
        moved = await uow.messages.record_sent(ACCOUNT, [sent(first), sent(second), sent(third)], events, T0)
        await uow.commit()
    assert moved == [first.id]
    async with backend.uow() as uow:
        stored = await uow.messages.get(ACCOUNT, first.id)
        pending = await uow.events.undispatched(10)
    assert stored is not None and (stored.status, stored.gateway_ref, stored.sent_at) == (
        MessageStatus.SENT, f"ref-{first.id}", T0)
    assert pending == [events[first.id]]


async def test_recording_sent_counts_its_events_for_the_outbox_wake_up(clean_database: str) -> None:
    pool = create_pool(clean_database, min_size=1, max_size=2)
    await pool.open(wait=True)
    woken: list[int] = []

    async def wake() -> None:
        woken.append(1)

    try:
        async with pool.connection() as conn:
            await conn.execute("INSERT INTO accounts (id, email, password_hash, created_at)"
                               " VALUES (%s, 'a@example.test', 'x', %s)", (ACCOUNT, T0))
        async with PostgresUnitOfWork(pool, on_events_committed=wake) as uow:
            await uow.messages.add_many([message(1)])
            await uow.commit()
        assert woken == []
        async with PostgresUnitOfWork(pool, on_events_committed=wake) as uow:
            await uow.messages.record_sent(ACCOUNT, [sent(message(1))], {message(1).id: event(message(1), 1)}, T0)
            await uow.commit()
        assert woken == [1]
    finally:
        await pool.close()


# --- a bulk's submits as one batch ---------------------------------------------------------

def sms(n: int, to: str = "+255712345678") -> OutboundSms:
    return OutboundSms(message_id=f"m{n}", account_id=None, to=to, sender="UJUMBE", text=f"Habari {n}")


class RecordingListener:
    def __init__(self) -> None:
        self.batches: list[list[DeliveryReport]] = []

    async def delivery_reports(self, reports: Sequence[DeliveryReport]) -> None:
        self.batches.append(list(reports))

    async def apply_when_due(self, reports: Sequence[DeliveryReport]) -> None:  # the reports written with the submits
        self.batches.append(list(reports))

    async def inbound_sms(self, sms: Any) -> None:
        raise AssertionError("not expected")


@pytest.fixture(params=["memory", "postgres"])
async def simulator_and_listener(request: pytest.FixtureRequest) -> Any:
    clock, ids_, listener = FrozenClock(), SequentialIds(), RecordingListener()
    if request.param == "memory":
        yield MemorySimulatorGateway(clock, ids_, listener), listener
        return
    pool = create_pool(request.getfixturevalue("clean_database"), min_size=1, max_size=4)
    await pool.open(wait=True)
    try:
        yield SimulatorGateway(pool, clock, ids_, listener), listener
    finally:
        await pool.close()


async def test_a_batch_is_answered_in_order_recorded_once_and_its_reports_handed_over_together(
        simulator_and_listener: Any) -> None:
    simulator, listener = simulator_and_listener
    first = await simulator.submit(sms(0))
    batch = [sms(1), sms(2, to="+255799000001"), sms(3, to="+255799000002"), sms(0), sms(1)]
    answers = await simulator.submit_many(batch)
    assert [a.kind for a in answers] == [Answer.ACCEPTED, Answer.REJECTED] + [Answer.ACCEPTED] * 3
    assert answers[3] == first and answers[4] == answers[0]
    assert answers[1].reason == "rejected_by_gateway"
    assert sorted(r.message_id for r in await simulator.received()) == ["m0", "m1", "m2", "m3"]
    # one hand-over for the batch's new accepted submits (m0 was reported with its own submit)
    assert len(listener.batches) == 2
    reported = {r.gateway_ref: r.event for r in listener.batches[1]}
    assert reported == {answers[0].gateway_ref: MessageEvent.DELIVERED,
                        answers[2].gateway_ref: MessageEvent.UNDELIVERABLE}


class FlakyBatches:
    """Fails every batch transiently `failures` times; single submits always answer."""

    def __init__(self, failures: int) -> None:
        self.failures = failures
        self.batches: list[list[str]] = []
        self.singles: list[str] = []

    async def submit(self, sms: OutboundSms) -> SubmitResult:
        self.singles.append(sms.message_id)
        return SubmitResult.accepted(f"ref-{sms.message_id}")

    async def submit_many(self, batch: Sequence[OutboundSms]) -> list[SubmitResult]:
        self.batches.append([s.message_id for s in batch])
        if len(self.batches) <= self.failures:
            raise GatewayUnavailable("timeout")
        return [SubmitResult.accepted(f"ref-{s.message_id}") for s in batch]


async def test_a_batch_is_retried_whole_under_the_same_ids() -> None:
    inner = FlakyBatches(failures=2)
    answers = await retrying(inner, attempts=3, initial_wait=0, max_wait=0).submit_many([sms(1), sms(2)])
    assert [a.gateway_ref for a in answers] == ["ref-m1", "ref-m2"]
    assert inner.batches == [["m1", "m2"]] * 3 and inner.singles == []


class Singles:
    """A gateway without batches (SMPP's shape): m2 fails transiently once, m3 is never reachable,
    m4 never answered; it records how many submits were in flight at once."""

    def __init__(self) -> None:
        self.submits: list[str] = []
        self.in_flight = self.most_in_flight = 0

    async def submit(self, sms: OutboundSms) -> SubmitResult:
        self.submits.append(sms.message_id)
        self.in_flight += 1
        self.most_in_flight = max(self.most_in_flight, self.in_flight)
        try:
            await asyncio.sleep(0)  # the others start meanwhile, as far as the cap lets them
            if sms.message_id == "m3" or (sms.message_id == "m2" and self.submits.count("m2") == 1):
                raise GatewayUnavailable("no bind")
            if sms.message_id == "m4":
                raise GatewayNoAnswer("no submit_sm_resp")
            return SubmitResult.accepted(f"ref-{sms.message_id}")
        finally:
            self.in_flight -= 1


async def test_a_gateway_without_batches_gets_a_batch_method_that_retries_each_sms_on_its_own() -> None:
    inner = Singles()
    wrapped = retrying(inner, attempts=3, initial_wait=0, max_wait=0, concurrency=2)
    assert isinstance(wrapped, BatchSmsGateway)

    answers = await wrapped.submit_many([sms(n) for n in range(1, 7)])

    assert [a.gateway_ref for a in answers] == ["ref-m1", "ref-m2", None, None, "ref-m5", "ref-m6"]
    assert (answers[2], answers[3]) == (UNAVAILABLE, NO_ANSWER)  # per SMS, never an error for the batch
    assert inner.submits.count("m2") == 2 and inner.submits.count("m3") == 3  # each with its own retries
    assert inner.submits.count("m4") == 1  # no answer is not retried: it may have been taken
    assert inner.most_in_flight == 2


async def test_the_single_submit_wrapper_never_hands_a_batch_to_a_batch_method_it_would_not_retry() -> None:
    inner = FlakyBatches(failures=1)
    wrapped = RetryingGateway(inner, attempts=3, initial_wait=0, max_wait=0)

    answers = await wrapped.submit_many([sms(1), sms(2)])

    # Had the inner batch method been called, its transient failure would have gone unretried.
    assert [a.gateway_ref for a in answers] == ["ref-m1", "ref-m2"]
    assert inner.batches == [] and inner.singles == ["m1", "m2"]
    assert wrapped.batches is inner.batches  # read-outs (the simulator's `received`) pass through


# --- delivery reports: written as received, one job per second due ----------------------------

class RecordingJobs:
    def __init__(self) -> None:
        self.deferred: list[tuple[str, Mapping[str, Any], datetime | None, str | None]] = []

    async def defer(self, task: str, payload: Mapping[str, Any], *, at: datetime | None = None,
                    lock: str | None = None, queueing_lock: str | None = None) -> None:
        self.deferred.append((task, payload, at, queueing_lock))

    async def defer_many(self, task: str, payloads: Sequence[Mapping[str, Any]], *,
                         at: datetime | None = None) -> None:
        raise AssertionError("reports are written as received, not queued one job each")


class RecordingReceived:
    def __init__(self) -> None:
        self.batches: list[list[DeliveryReport]] = []

    async def put(self, reports: Sequence[DeliveryReport], received_at: datetime) -> None:
        self.batches.append(list(reports))
        assert received_at == T0


async def test_reports_are_written_as_received_and_one_job_is_queued_per_second_they_are_due_in() -> None:
    later = datetime(2026, 1, 5, 9, 0, 2, tzinfo=UTC)
    reports = [
        DeliveryReport("sim-1", MessageEvent.DELIVERED, later),
        DeliveryReport("sim-2", MessageEvent.UNDELIVERABLE, later + timedelta(milliseconds=700), error="absent"),
        DeliveryReport("sim-3", MessageEvent.DELIVERED, T0),
    ]
    jobs, received = RecordingJobs(), RecordingReceived()
    await QueueGatewayReports(jobs, received, FrozenClock(T0)).delivery_reports(reports)
    assert received.batches == [reports]  # one write, before the gateway acknowledges them
    assert jobs.deferred == [
        (APPLY_RECEIVED_REPORTS, {}, T0, "apply_received_reports:2026-01-05T09:00:00"),
        # the second's latest report: the job finds every report of its second due
        (APPLY_RECEIVED_REPORTS, {}, later + timedelta(milliseconds=700), "apply_received_reports:2026-01-05T09:00:02"),
    ]


# --- the outbox wake-up ---------------------------------------------------------------------

async def settle() -> None:
    """Let every ready task run until it waits (no time passes)."""
    for _ in range(10):
        await asyncio.sleep(0)


class SlowJobs:
    """Each defer takes until released; records how many calls had been made when it started."""

    def __init__(self) -> None:
        self.started: list[int] = []
        self.release = asyncio.Event()
        self.calls = 0

    async def defer(self, task: str, payload: Mapping[str, Any], *, at: datetime | None = None,
                    lock: str | None = None, queueing_lock: str | None = None) -> None:
        assert queueing_lock == task
        self.started.append(self.calls)
        await self.release.wait()


async def test_concurrent_wakes_share_defers_and_each_returns_after_one_that_started_after_it() -> None:
    jobs = SlowJobs()
    wake = WakeOutboxDispatch(jobs, "dispatch_outbox")  # type: ignore[arg-type]
    returned: list[int] = []

    async def call(n: int) -> None:
        jobs.calls += 1
        await wake()
        returned.append(n)

    first = asyncio.create_task(call(1))
    await settle()
    assert jobs.started == [1]  # the first call's defer is under way
    rest = [asyncio.create_task(call(n)) for n in range(2, 11)]
    await settle()
    assert returned == [] and jobs.started == [1]
    jobs.release.set()
    await asyncio.gather(first, *rest)
    # two defers for ten calls: the second started after calls 2..10 had been made
    assert jobs.started == [1, 10]
    assert returned[0] == 1 and sorted(returned) == list(range(1, 11))


async def test_a_wake_whose_defer_fails_still_returns() -> None:
    class Broken:
        async def defer(self, *args: object, **kwargs: object) -> None:
            raise OSError("database gone")

    await WakeOutboxDispatch(Broken(), "dispatch_outbox")()  # type: ignore[arg-type]


async def test_a_report_job_that_finds_what_is_due_in_another_jobs_hands_queues_itself_a_second_later(
    clean_database: str,
) -> None:
    pool = create_pool(clean_database, min_size=1, max_size=4)
    await pool.open(wait=True)
    try:
        await PostgresReceivedReports(pool).put([DeliveryReport("sim-1", MessageEvent.DELIVERED, T0)], T0)
        clock, jobs = FrozenClock(T0 + timedelta(seconds=10)), RecordingJobs()
        async with PostgresUnitOfWork(pool) as other:  # another job has taken it, not committed yet
            assert len(await other.delivery_reports.take_received(clock.now(), 10)) == 1
            assert await ApplyReceivedReports(lambda: PostgresUnitOfWork(pool), clock, SequentialIds(), jobs)() == []
            await other.rollback()
        # not at once (it would find the same and queue itself again, for as long as the other holds it)
        assert [(task, at) for task, _, at, _ in jobs.deferred] == [
            (APPLY_RECEIVED_REPORTS, T0 + timedelta(seconds=11))]
    finally:
        await pool.close()


async def test_message_rows_refuses_columns_other_than_the_message_select_s(clean_database: str) -> None:
    """Rows are read by position: a query whose columns are not `MESSAGE_SELECT`'s is refused, not misread."""
    async with await psycopg.AsyncConnection.connect(clean_database) as conn:
        for columns in (MESSAGE_SELECT, f"{MESSAGE_SELECT}, m.campaign_batch"):
            cur = conn.cursor(row_factory=message_rows)
            assert await (await cur.execute(f"SELECT {columns} FROM messages m")).fetchall() == []
        swapped = MESSAGE_SELECT.replace("m.sender, m.requested_sender", "m.requested_sender, m.sender")
        with pytest.raises(TypeError, match="message_rows reads the columns of MESSAGE_SELECT"):
            await conn.cursor(row_factory=message_rows).execute(f"SELECT {swapped} FROM messages m")
