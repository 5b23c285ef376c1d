"""The gateway simulator answers as decided (decision: simulators) and records every submit, in memory
and in PostgreSQL."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator
from typing import Any

import psycopg
import pytest
from psycopg.conninfo import make_conninfo
from psycopg_pool import PoolTimeout

from adapters.gateways.retrying import RetryingGateway, retrying
from adapters.gateways.smpp.config import parse_binds
from adapters.gateways.smpp.gateway import SmppGateway
from adapters.gateways.simulator import SimulatorGateway, recording_failure
from adapters.memory.gateway import MemorySimulatorGateway
from adapters.memory.system import FrozenClock, SequentialIds
from adapters.postgres.database import create_pool
from adapters.postgres.sending.deliveries import PostgresReceivedReports
from application.sending.delivery_reports import QueueGatewayReports
from application.ports import GatewayNoAnswer, GatewayUnavailable, OutboundSms, ReconnectingSmsGateway
from domain.submits import Answer, SubmitResult


@pytest.fixture(params=["memory", "postgres"])
async def simulator(request: pytest.FixtureRequest) -> AsyncIterator[Any]:
    clock, ids = FrozenClock(), SequentialIds()
    if request.param == "memory":
        yield MemorySimulatorGateway(clock, ids)
        return
    pool = create_pool(request.getfixturevalue("clean_database"), min_size=1, max_size=4)
    await pool.open(wait=True)
    try:
        yield SimulatorGateway(pool, clock, ids)
    finally:
        await pool.close()


def sms(message_id: str, to: str = "+255712345678", text: str = "Habari") -> OutboundSms:
    return OutboundSms(message_id=message_id, account_id=None, to=to, sender="UJUMBE", text=text)


async def test_an_ordinary_number_is_accepted_with_a_gateway_reference(simulator) -> None:
    result = await simulator.submit(sms("m1"))
    assert result.kind is Answer.ACCEPTED and result.gateway_ref and result.reason is None


async def test_the_magic_number_is_rejected_at_submit(simulator) -> None:
    result = await simulator.submit(sms("m1", to="+255799000001"))
    assert result == SubmitResult.rejected("rejected_by_gateway")


async def test_a_repeated_message_id_gets_the_first_answer_and_is_recorded_once(simulator) -> None:
    first = await simulator.submit(sms("m1"))
    again = await simulator.submit(sms("m1"))
    assert again == first
    assert [r.message_id for r in await simulator.received()] == ["m1"]


async def test_submits_in_flight_together_are_each_answered_and_a_repeat_among_them_sent_once(simulator) -> None:
    numbers = ["+255712345678", "+255799000001", "+255754000111"]
    results = await asyncio.gather(*(simulator.submit(sms(f"m{n}", to=to)) for n, to in enumerate(numbers)),
                                   simulator.submit(sms("m0", to=numbers[0])))
    assert [r.kind for r in results] == [Answer.ACCEPTED, Answer.REJECTED, Answer.ACCEPTED, Answer.ACCEPTED]
    assert results[3] == results[0]
    assert len({r.gateway_ref for r in results if r.kind is Answer.ACCEPTED}) == 2
    assert sorted(r.message_id for r in await simulator.received()) == ["m0", "m1", "m2"]


async def test_received_lists_newest_first_and_filters_by_number(simulator) -> None:
    await simulator.submit(sms("m1", to="+255712345678", text="one"))
    await simulator.submit(sms("m2", to="+255799000001", text="two"))
    await simulator.submit(sms("m3", to="+255712345678", text="three"))
    assert [r.text for r in await simulator.received()] == ["three", "two", "one"]
    only = await simulator.received("+255712345678")
    assert [r.message_id for r in only] == ["m3", "m1"]
    assert only[0].as_json()["from"] == "UJUMBE"
    assert [r.accepted for r in await simulator.received("+255799000001")] == [False]


class Flaky:
    """Fails transiently `failures` times, then answers; records every attempt's message id."""

    def __init__(self, failures: int, error: Exception | None = None) -> None:
        self.failures = failures
        self.error = error or GatewayUnavailable("timeout")
        self.attempts: list[str] = []

    async def submit(self, sms: OutboundSms) -> SubmitResult:
        self.attempts.append(sms.message_id)
        if len(self.attempts) <= self.failures:
            raise self.error
        return SubmitResult.accepted("ref-1")


async def test_retries_transient_faults_under_the_same_message_id() -> None:
    flaky = Flaky(failures=2)
    result = await RetryingGateway(flaky, attempts=3, initial_wait=0, max_wait=0).submit(sms("m1"))
    assert result.kind is Answer.ACCEPTED
    assert flaky.attempts == ["m1", "m1", "m1"]


async def test_gives_up_after_the_last_attempt_with_the_transient_error() -> None:
    flaky = Flaky(failures=5)
    with pytest.raises(GatewayUnavailable):
        await RetryingGateway(flaky, attempts=3, initial_wait=0, max_wait=0).submit(sms("m1"))
    assert len(flaky.attempts) == 3


async def test_a_simulator_whose_database_is_gone_is_a_transient_fault(clean_database: str) -> None:
    pool = create_pool(clean_database, min_size=1, max_size=2)
    await pool.open(wait=True)
    simulator = SimulatorGateway(pool, FrozenClock(), SequentialIds())
    async with pool.connection() as conn:
        await conn.execute("ALTER TABLE simulator_messages RENAME TO simulator_messages_away")
    try:
        with pytest.raises(GatewayUnavailable):
            await simulator.submit(sms("m1"))
    finally:
        async with pool.connection() as conn:
            await conn.execute("ALTER TABLE simulator_messages_away RENAME TO simulator_messages")
        await pool.close()


@pytest.mark.parametrize(("error", "meaning"), [
    (PoolTimeout("no connection"), GatewayUnavailable),  # nothing was sent
    (psycopg.errors.UndefinedTable("no table"), GatewayUnavailable),  # refused: rolled back
    (psycopg.OperationalError("consuming input failed"), GatewayNoAnswer),  # lost mid-statement
    (psycopg.errors.AdminShutdown("terminating connection"), GatewayNoAnswer),
])
def test_a_failed_recording_is_unreachable_only_when_nothing_can_have_been_recorded(
    error: Exception, meaning: type[Exception]
) -> None:
    assert type(recording_failure(error)) is meaning


async def test_other_errors_are_not_retried() -> None:
    flaky = Flaky(failures=5, error=ValueError("bug"))
    with pytest.raises(ValueError):
        await RetryingGateway(flaky, attempts=3, initial_wait=0, max_wait=0).submit(sms("m1"))
    assert flaky.attempts == ["m1"]


# -- an accepted submit and its delivery report: one statement, never one without the other ------------


class Jobs:
    def __init__(self) -> None:
        self.deferred: list[dict[str, Any]] = []

    async def defer(self, task: str, payload: dict[str, Any], **options: Any) -> None:
        self.deferred.append({"task": task, **options})


def recorded(database_url: str) -> tuple[dict[str, bool], dict[str, str]]:
    """(accepted by gateway reference, as the simulator recorded its submits; outcome by gateway
    reference, of the received reports)."""
    with psycopg.connect(database_url) as conn:
        submits = conn.execute("SELECT coalesce(gateway_ref, message_id), accepted FROM simulator_messages").fetchall()
        reports = conn.execute("SELECT gateway_ref, outcome FROM received_delivery_reports").fetchall()
    return dict(submits), dict(reports)


@pytest.fixture()
async def reporting_simulator(clean_database: str) -> AsyncIterator[tuple[SimulatorGateway, Jobs]]:
    """The simulator as `ujumbe serve` has it: its reports received by the real listener."""
    pool = create_pool(clean_database, min_size=1, max_size=4)
    await pool.open(wait=True)
    clock, jobs = FrozenClock(), Jobs()
    listener = QueueGatewayReports(jobs, PostgresReceivedReports(pool), clock)  # type: ignore[arg-type]
    try:
        yield SimulatorGateway(pool, clock, SequentialIds(), listener, report_delay=2), jobs
    finally:
        await pool.close()


async def test_every_accepted_submit_is_recorded_with_its_delivery_report(
        reporting_simulator: tuple[SimulatorGateway, Jobs], clean_database: str) -> None:
    simulator, jobs = reporting_simulator
    batch = [sms(f"m{n}") for n in range(20)] + [sms("rejected", to="+255799000001"),
                                                  sms("undeliverable", to="+255799000002")]
    await simulator.submit_many(batch)
    await simulator.submit(sms("m0"))  # a repeat: answered again, reported once
    await simulator.submit(sms("m20"))

    submits, reports = recorded(clean_database)
    accepted = {ref for ref, ok in submits.items() if ok}
    assert len(submits) == 23 and len(accepted) == 22
    assert set(reports) == accepted  # each accepted submit has exactly its one report
    assert sorted(reports.values()).count("undeliverable") == 1
    assert jobs.deferred and {job["task"] for job in jobs.deferred} == {"apply_received_reports"}


async def test_a_fault_writing_the_report_leaves_no_recorded_submit_without_it(
        reporting_simulator: tuple[SimulatorGateway, Jobs], clean_database: str) -> None:
    simulator, _ = reporting_simulator
    with psycopg.connect(clean_database, autocommit=True) as conn:
        conn.execute("CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS"
                     " $$ BEGIN RAISE EXCEPTION 'disk full'; END $$")
        conn.execute("CREATE TRIGGER refuse BEFORE INSERT ON received_delivery_reports"
                     " FOR EACH ROW EXECUTE FUNCTION refuse()")

    with pytest.raises(GatewayUnavailable):  # refused whole: nothing was taken, so failing it is safe
        await simulator.submit(sms("m1"))

    assert recorded(clean_database) == ({}, {})
    with psycopg.connect(clean_database, autocommit=True) as conn:
        conn.execute("DROP TRIGGER refuse ON received_delivery_reports")
    assert (await simulator.submit(sms("m1"))).kind is Answer.ACCEPTED  # the same id, taken now
    submits, reports = recorded(clean_database)
    assert list(submits.values()) == [True] and set(reports) == set(submits)


def test_only_a_gateway_whose_connections_come_back_is_waited_for_behind_the_retries() -> None:
    smpp = SmppGateway(parse_binds("smpp://ujumbe:secret@127.0.0.1:9"), default_sender="UJUMBE", clock=FrozenClock())
    assert isinstance(retrying(smpp), ReconnectingSmsGateway)
    assert not isinstance(retrying(MemorySimulatorGateway(FrozenClock(), SequentialIds())), ReconnectingSmsGateway)


async def test_the_simulator_is_waited_for_while_its_database_is_away_and_back_with_it(clean_database: str) -> None:
    """The simulator records what it takes in the service's database: a campaign waits for it as for
    a carrier's SMSC that restarts (`wait_available`), behind the retries too."""
    name = f"ujumbe_away_{uuid.uuid4().hex[:8]}"
    pool = create_pool(make_conninfo(clean_database, dbname=name), min_size=0, max_size=1)
    await pool.open()
    simulator = SimulatorGateway(pool, FrozenClock(), SequentialIds())
    assert isinstance(retrying(simulator), ReconnectingSmsGateway)
    try:
        assert await retrying(simulator).wait_available(0.5) is False  # no database there yet: not within 0.5 s
        waiting = asyncio.create_task(simulator.wait_available(30))
        with psycopg.connect(clean_database, autocommit=True) as admin:
            admin.execute(f'CREATE DATABASE "{name}"')
        assert await waiting is True  # back with its database, long before the 30 s
    finally:
        await pool.close()
        with psycopg.connect(clean_database, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
