"""The job queue on procrastinate, in the service's own PostgreSQL (decision: one machine by default).

Any number of workers on any number of machines share the queue: procrastinate hands each job
to one worker (`SELECT ... FOR UPDATE SKIP LOCKED`), `lock` keeps jobs on the same thing from
running at once, and `queueing_lock` keeps one copy of a job waiting. A worker that dies mid-job
stops heartbeating; the periodic stalled-job recovery puts its jobs back in the queue, so none
is lost (our jobs are written to be safe to run again). The tasks themselves are declared by the
composition root, each area's beside the use cases they run (`entrypoints.wiring`), and registered
by `entrypoints.worker`.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from datetime import datetime
from typing import Any, cast

import psycopg
from procrastinate import App, BaseRetryStrategy, JobContext, PsycopgConnector, RetryDecision
from procrastinate.exceptions import JobAborted, UniqueViolation
from procrastinate.jobs import Job, Status
from procrastinate.manager import QUEUEING_LOCK_CONSTRAINT
from psycopg import AsyncConnection
from psycopg.types.json import Jsonb
from psycopg_pool import AsyncConnectionPool
from structlog.contextvars import bound_contextvars

log = logging.getLogger("ujumbe.jobs")


class CappedBackoff(BaseRetryStrategy):
    """Retry a failed job after 2 s, 4 s, 8 s, ... at most 10 min apart (±20 % jitter), about a
    day in all, before it counts as failed. Every job is written to be safe to run again."""

    def __init__(self, *, max_attempts: int = 150, first: float = 2.0, cap: float = 600.0) -> None:
        self.max_attempts, self.first, self.cap = max_attempts, first, cap

    def get_retry_decision(self, *, exception: BaseException, job: Job) -> RetryDecision | None:
        if job.attempts >= self.max_attempts:
            return None
        wait = min(self.cap, self.first * 2 ** min(job.attempts, 30)) * random.uniform(0.8, 1.2)
        return RetryDecision(retry_in={"seconds": wait})


RETRY = CappedBackoff()
STATUSES = ("todo", "doing", "succeeded", "failed", "cancelled", "aborted")


async def log_job_run(call_next: Callable[[], Awaitable[Any]], context: JobContext, worker: Any) -> Any:
    """A worker middleware: one line per job run (task, job_id, queue, attempt, status,
    duration_ms), and the job's id and task on every line logged while it runs. The job's
    arguments are not logged: they may carry what a customer wrote."""
    job = context.job
    fields = {"task": job.task_name, "job_id": job.id, "queue": job.queue}
    started = time.perf_counter()
    status, level, error = Status.SUCCEEDED, logging.INFO, None
    try:
        with bound_contextvars(job_id=job.id, task=job.task_name):
            return await call_next()
    except (JobAborted, asyncio.CancelledError):
        status, level = Status.ABORTED, logging.WARNING
        raise
    except Exception as exc:  # retried by its retry strategy; procrastinate logs the traceback
        status, level, error = Status.FAILED, logging.WARNING, type(exc).__name__
        raise
    finally:
        log.log(level, "job run", extra={
            **fields, "attempt": job.attempts + 1, "status": status.value, "error": error,
            "duration_ms": round((time.perf_counter() - started) * 1000, 3),
        })


async def _autocommit(conn: AsyncConnection) -> None:
    await conn.set_autocommit(True)


class _Connector(PsycopgConnector):
    """procrastinate's connector, whose pool does not check a connection on every checkout.

    procrastinate's own pool runs an empty query to check each connection it hands out: one more
    round trip for every defer (a send's outbox wake-up, each flush of SMPP receipts). Ours, like
    the service's pool, finds a connection the database dropped when it is used: the pool discards
    it, and `ProcrastinateJobQueue.defer` tries once more on another."""

    async def _create_pool(self, pool_args: dict[str, Any]) -> AsyncConnectionPool:
        return AsyncConnectionPool(**pool_args, open=False)


class WorkerStatus:
    """What this process's job worker is doing, for its health checks: `off` (none runs here),
    `running`, or `reconnecting` (it lost the database and waits for it to answer again; `error`
    says what failed last)."""

    def __init__(self) -> None:
        self.state = "off"
        self.error: str | None = None

    def running(self) -> None:
        self.state, self.error = "running", None

    def reconnecting(self, error: str) -> None:
        self.state, self.error = "reconnecting", error

    def stopped(self) -> None:
        self.state, self.error = "off", None


JOBS_POOL_TIMEOUT = 10.0


def create_job_app(conninfo: str, *, pool_size: int = 4) -> App:
    """The procrastinate app on the service database; open it with `await app.open_async()`."""
    return App(
        # Every procrastinate query is one statement (a function call): autocommit spares each
        # defer its BEGIN and COMMIT round trips. (Set by `configure`, not `kwargs`: procrastinate
        # opens its LISTEN connection with the pool's kwargs plus its own autocommit=True.)
        # A connection is waited for 10 s at most (not psycopg's 30): while the database is away, a
        # worker's wind-down (each running job's status, its own unregistering) waits this long per
        # step before it gives up and the worker starts reconnecting.
        connector=_Connector(conninfo=conninfo, min_size=1, max_size=pool_size, name="ujumbe-jobs",
                             configure=_autocommit, timeout=JOBS_POOL_TIMEOUT),
        worker_defaults={"delete_jobs": "successful"},
    )


# procrastinate's own `defer_jobs` query for one job (its versioned SQL function), with its
# arguments as plain parameters rather than an array of composites; and, for a job with a
# queueing lock, not called at all while a copy waits (the call would fail on the lock).
_DEFER = (
    "SELECT procrastinate_defer_jobs_v1(ARRAY[ROW(%(queue)s::varchar, %(task)s::varchar, %(priority)s::int,"
    " %(lock)s::text, %(queueing_lock)s::text, %(args)s::jsonb, %(at)s::timestamptz)"
    "::procrastinate_job_to_defer_v1])"
    " WHERE %(queueing_lock)s::text IS NULL"
    " OR NOT EXISTS (SELECT FROM procrastinate_jobs WHERE queueing_lock = %(queueing_lock)s AND status = 'todo')"
)


class ProcrastinateJobQueue:
    """The `JobQueue` port. A task the app registered keeps its queue; any other runs on `default`.

    One job is deferred by the SQL function procrastinate's own `defer_async` calls, on its pool,
    but straight: its Python path (a `Job`, an array of composites to adapt, log context built
    for lines that are filtered out) cost ~300 µs of CPU a job, more than the statement, and a
    job is deferred for every outbox wake-up and every batch of delivery reports."""

    def __init__(self, app: App) -> None:
        self._app = app

    async def defer(self, task: str, payload: Mapping[str, Any], *, at: datetime | None = None,
                    lock: str | None = None, queueing_lock: str | None = None) -> None:
        job = self._app.configure_task(task, schedule_at=at, lock=lock, queueing_lock=queueing_lock).job
        params = {"queue": job.queue, "task": job.task_name, "priority": job.priority, "lock": job.lock,
                  "queueing_lock": job.queueing_lock, "args": Jsonb(dict(payload)), "at": job.scheduled_at}
        pool = cast(PsycopgConnector, self._app.connector).pool
        for attempt in (1, 2):
            try:
                async with pool.connection() as conn:
                    await conn.execute(_DEFER, params)
                return
            except psycopg.errors.UniqueViolation as exc:
                if exc.diag.constraint_name != QUEUEING_LOCK_CONSTRAINT:
                    raise
                return  # the same job was queued meanwhile: this one would do nothing more
            except psycopg.OperationalError:
                # A connection the database dropped (a restart): the pool discards it; once more on
                # another, as a pool that checked each connection before handing it out would have.
                if attempt == 2:
                    raise

    async def defer_many(self, task: str, payloads: Sequence[Mapping[str, Any]], *,
                         at: datetime | None = None) -> None:
        if payloads:
            await self._app.configure_task(task, schedule_at=at).batch_defer_async(*(dict(p) for p in payloads))


class WakeOutboxDispatch:
    """Called after a commit that wrote outbox events: queue their dispatch job.

    The events are committed already, so a failure here must not fail the caller; the
    periodic dispatch picks the events up within a minute instead. Concurrent calls share
    round trips: each caller returns once a defer that started after its call has finished
    (the dispatch job has `queueing_lock`, so one waiting job serves every commit before it),
    so under load one defer per round trip serves every commit that arrived meanwhile.
    """

    def __init__(self, jobs: ProcrastinateJobQueue, task: str) -> None:
        self._jobs, self._task = jobs, task
        self._loop: asyncio.AbstractEventLoop | None = None
        self._next: asyncio.Future[None] | None = None  # the defer round that will cover new calls
        self._running: asyncio.Task[None] | None = None

    async def __call__(self) -> None:
        loop = asyncio.get_running_loop()
        if loop is not self._loop:  # a new event loop (a test, a CLI run): start afresh
            self._loop, self._next, self._running = loop, None, None
        if self._next is None:
            self._next = loop.create_future()
        covering = self._next
        if self._running is None or self._running.done():
            self._running = asyncio.create_task(self._rounds())
        await asyncio.shield(covering)

    async def _rounds(self) -> None:
        while self._next is not None:
            covering, self._next = self._next, None  # calls from now on wait for the next round
            try:
                await self._jobs.defer(self._task, {}, queueing_lock=self._task)
            except Exception:  # the safety net above covers it; the event is not lost
                log.warning("could not queue the outbox dispatch; the periodic dispatch will", exc_info=True)
            finally:
                covering.set_result(None)


# Jobs per queue and status; and per queue, how long the oldest job that is due and free to start
# has waited (a job waits from when it is due: deferred, by its `deferred` event, or scheduled for then).
QUEUE_DEPTH_SQL = "SELECT queue_name, status::text, count(*) FROM procrastinate_jobs GROUP BY queue_name, status"
OLDEST_WAITING_SQL = (
    "SELECT j.queue_name, greatest(0, extract(epoch FROM now() - min(coalesce(j.scheduled_at, e.at))))::float8"
    " FROM procrastinate_jobs j"
    " LEFT JOIN procrastinate_events e ON e.job_id = j.id AND e.type = 'deferred'"
    " WHERE j.status = 'todo' AND (j.scheduled_at IS NULL OR j.scheduled_at <= now())"
    # a job whose lock a running job holds waits for that one, not for a worker (a campaign's
    # next run queued behind the run under way)
    " AND (j.lock IS NULL"
    "      OR NOT EXISTS (SELECT FROM procrastinate_jobs d WHERE d.lock = j.lock AND d.status = 'doing'))"
    " GROUP BY j.queue_name"
)


async def queue_depth(app: App) -> dict[str, dict[str, int]]:
    """Jobs per queue and status, e.g. {"outbox": {"todo": 2, "doing": 1, ...}, ...}."""
    depth: dict[str, dict[str, int]] = {}
    for queue, status, n in await _rows(app, QUEUE_DEPTH_SQL):
        depth.setdefault(queue, dict.fromkeys(STATUSES, 0))[status] = int(n)
    return dict(sorted(depth.items()))


async def oldest_waiting(app: App) -> dict[str, float]:
    """Per queue with a job that is due and not started, how many seconds the oldest has waited."""
    return {queue: float(seconds) for queue, seconds in await _rows(app, OLDEST_WAITING_SQL)}


async def _rows(app: App, sql: str) -> list[tuple[Any, ...]]:
    return [tuple(row.values()) for row in await app.connector.execute_query_all_async(sql)]


def totals(depth: Mapping[str, Mapping[str, int]]) -> dict[str, int]:
    """The per-status sums over every queue."""
    return {status: sum(queue.get(status, 0) for queue in depth.values()) for status in STATUSES}


async def recover_stalled_jobs(app: App, *, stalled_after: float) -> int:
    """Put back in the queue the jobs of workers silent for `stalled_after` seconds.

    A stalled job whose queueing lock a twin already holds (the next run of a periodic task, or
    a sweep that queued the same work again) cannot go back: the twin does its work, so the
    stalled job is deleted instead, which also frees its lock for the twin to run."""
    stalled = list(await app.job_manager.get_stalled_jobs(seconds_since_heartbeat=stalled_after))
    for job in stalled:
        try:
            await app.job_manager.retry_job(job)
        except UniqueViolation:
            log.warning("dropping job %s (%s): its worker stopped heartbeating and a twin is queued",
                        job.id, job.task_name)
            await app.job_manager.finish_job(job, status=Status.ABORTED, delete_job=True)
        else:
            log.warning("retrying job %s (%s): its worker stopped heartbeating", job.id, job.task_name)
    return len(stalled)
