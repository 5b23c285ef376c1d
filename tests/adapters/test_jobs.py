"""The procrastinate job queue on the real database: queueing locks, the outbox wake-up,
depth per queue, retries with backoff, and stalled-job recovery."""

from __future__ import annotations

import asyncio

from collections.abc import AsyncIterator
from datetime import UTC, datetime

import psycopg
import pytest

from adapters.jobs import CappedBackoff, queue_depth, recover_stalled_jobs, totals
from application.ports import OutboxEvent
from entrypoints.container import Container
from jobs_support import drain, without_periodic_jobs
from tests_support import ids

ACCOUNT = ids(1)


@pytest.fixture()
async def jobs(container: Container, clean_database: str) -> AsyncIterator[Container]:
    without_periodic_jobs(container)
    pool = container.pool()
    await pool.open(wait=True)
    app = container.job_app()
    await app.open_async()
    with psycopg.connect(clean_database, autocommit=True) as conn:
        conn.execute("INSERT INTO accounts (id, email, password_hash, created_at) VALUES (%s, 'a@x.tz', 'x', now())",
                     (ACCOUNT,))
    try:
        yield container
    finally:
        await app.close_async()
        await pool.close()


async def add_event(c: Container, n: int) -> None:
    async with c.uow() as uow:
        await uow.events.add(OutboxEvent(id=ids(100 + n), account_id=ACCOUNT, type="message.sent",
                                         data={"n": n}, created_at=datetime(2026, 1, 5, tzinfo=UTC)))
        await uow.commit()


async def test_a_queueing_lock_keeps_one_copy_waiting(jobs: Container) -> None:
    queue = jobs.job_queue()
    for _ in range(3):
        await queue.defer("deliver_due_webhooks", {}, queueing_lock="sweep")
    await queue.defer("deliver_due_webhooks", {})
    depth = await queue_depth(jobs.job_app())
    assert depth["webhooks"]["todo"] == 2  # the registered task kept its queue
    assert totals(depth)["todo"] == 2


async def test_a_job_is_queued_as_procrastinates_own_defer_queues_it(jobs: Container) -> None:
    at = datetime(2030, 1, 5, 8, 30, tzinfo=UTC)
    await jobs.job_queue().defer("deliver_due_webhooks", {"n": 1, "to": ["+255712345678"]}, at=at,
                                 lock="one", queueing_lock="one")
    await jobs.job_app().configure_task("deliver_due_webhooks", schedule_at=at, lock="two",
                                        queueing_lock="two").defer_async(n=1, to=["+255712345678"])
    with psycopg.connect(jobs.database_url(), autocommit=True) as conn:
        ours, theirs = conn.execute(
            "SELECT queue_name, task_name, priority, lock, queueing_lock, args, scheduled_at, status, attempts"
            " FROM procrastinate_jobs ORDER BY id").fetchall()
        events = conn.execute("SELECT job_id, type FROM procrastinate_events ORDER BY job_id, type").fetchall()
    assert ours[:3] == theirs[:3] == ("webhooks", "deliver_due_webhooks", 0)
    assert (ours[3], ours[4], theirs[3], theirs[4]) == ("one", "one", "two", "two")
    assert ours[5:] == theirs[5:] == ({"n": 1, "to": ["+255712345678"]}, at, "todo", 0)
    assert [e for _, e in events] == ["deferred", "scheduled", "deferred", "scheduled"]  # what the worker reads


async def test_copies_queued_at_once_under_one_queueing_lock_leave_one_waiting(jobs: Container) -> None:
    queue = jobs.job_queue()
    await asyncio.gather(*(queue.defer("deliver_due_webhooks", {}, queueing_lock="race") for _ in range(20)))
    assert (await queue_depth(jobs.job_app()))["webhooks"]["todo"] == 1


async def test_committing_outbox_events_queues_one_dispatch_job_that_dispatches_them(jobs: Container) -> None:
    await add_event(jobs, 1)
    await add_event(jobs, 2)
    assert (await queue_depth(jobs.job_app()))["outbox"]["todo"] == 1
    await drain(jobs)
    async with jobs.uow() as uow:
        assert await uow.events.undispatched(10) == []
    assert totals(await queue_depth(jobs.job_app())) == dict.fromkeys(totals({}), 0)  # succeeded jobs are removed


async def test_a_rolled_back_event_queues_nothing(jobs: Container) -> None:
    async with jobs.uow() as uow:
        await uow.events.add(OutboxEvent(id=ids(7), account_id=ACCOUNT, type="message.sent", data={},
                                         created_at=datetime(2026, 1, 5, tzinfo=UTC)))
        await uow.rollback()
        await uow.commit()
    assert await queue_depth(jobs.job_app()) == {}


def test_failed_jobs_back_off_exponentially_up_to_ten_minutes() -> None:
    class Job:
        def __init__(self, attempts: int) -> None:
            self.attempts = attempts

    strategy = CappedBackoff(max_attempts=150)
    now = datetime.now(UTC)

    def wait(attempts: int) -> float:
        decision = strategy.get_retry_decision(exception=RuntimeError(), job=Job(attempts))  # type: ignore[arg-type]
        assert decision is not None and decision.retry_at is not None
        return (decision.retry_at - now).total_seconds()

    assert 1.5 < wait(0) < 2.5
    assert 3.1 < wait(1) < 4.9
    assert 470 < wait(20) < 730
    assert strategy.get_retry_decision(exception=RuntimeError(), job=Job(150)) is None  # type: ignore[arg-type]


async def test_jobs_of_a_worker_that_stopped_heartbeating_go_back_in_the_queue(jobs: Container,
                                                                           clean_database: str) -> None:
    await jobs.job_queue().defer("deliver_due_webhooks", {})
    with psycopg.connect(clean_database, autocommit=True) as conn:
        (silent,) = conn.execute("INSERT INTO procrastinate_workers (last_heartbeat)"
                                 " VALUES (now() - interval '1 minute') RETURNING id").fetchone()
        (alive,) = conn.execute("INSERT INTO procrastinate_workers DEFAULT VALUES RETURNING id").fetchone()
        conn.execute("UPDATE procrastinate_jobs SET status = 'doing', worker_id = %s", (silent,))
        await jobs.job_queue().defer("rematch_delivery_reports", {})
        conn.execute("UPDATE procrastinate_jobs SET status = 'doing', worker_id = %s"
                     " WHERE task_name = 'rematch_delivery_reports'", (alive,))

    assert await recover_stalled_jobs(jobs.job_app(), stalled_after=30) == 1
    depth = await queue_depth(jobs.job_app())
    assert depth["webhooks"]["todo"] == 1 and depth["webhooks"]["doing"] == 0
    assert depth["messages"]["doing"] == 1  # a live worker's job is left alone


async def test_a_stalled_job_whose_twin_is_queued_ends_and_frees_its_lock_for_the_twin(
    jobs: Container, clean_database: str
) -> None:
    # A delivery's job stalls; the sweep of due deliveries queues the same delivery again. The
    # stalled job cannot go back (the twin holds its queueing lock), and while it is `doing` its
    # lock would keep the twin from running: it must end, not block recovery for ever.
    queue = jobs.job_queue()
    await queue.defer("deliver_webhook", {"account_id": ACCOUNT, "delivery_id": ids(7)},
                      lock=f"delivery:{ids(7)}", queueing_lock=f"delivery:{ids(7)}")
    with psycopg.connect(clean_database, autocommit=True) as conn:
        (silent,) = conn.execute("INSERT INTO procrastinate_workers (last_heartbeat)"
                                 " VALUES (now() - interval '1 minute') RETURNING id").fetchone()
        conn.execute("UPDATE procrastinate_jobs SET status = 'doing', worker_id = %s", (silent,))
    await queue.defer("deliver_webhook", {"account_id": ACCOUNT, "delivery_id": ids(7)},
                      lock=f"delivery:{ids(7)}", queueing_lock=f"delivery:{ids(7)}")

    assert await recover_stalled_jobs(jobs.job_app(), stalled_after=30) == 1
    with psycopg.connect(clean_database) as conn:
        statuses = conn.execute("SELECT status::text FROM procrastinate_jobs ORDER BY id").fetchall()
    assert statuses == [("todo",)]  # the twin, free to run
    assert await recover_stalled_jobs(jobs.job_app(), stalled_after=30) == 0
