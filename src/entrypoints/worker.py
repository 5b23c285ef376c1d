"""The job worker: procrastinate tasks that run the application's use cases.

The application names its jobs (`DISPATCH_OUTBOX`, `DELIVER_WEBHOOK`, ...) and defers them
through the `JobQueue` port; each area's wiring (`entrypoints.wiring.<area>`), part of the
composition root, gives its names a task that asks the container for the use case, and this
module registers them all. `ujumbe worker` runs workers alone; `ujumbe serve` runs one inside
every HTTP process unless `--no-worker`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from dependency_injector import providers
from procrastinate import App
from procrastinate.retry import RetryValue
from tenacity import AsyncRetrying, retry_if_exception_type, wait_exponential_jitter

from adapters.jobs import WorkerStatus, create_job_app, log_job_run
from application.submission.unwritten import UnwrittenOutcomes
from entrypoints.settings import Settings

log = logging.getLogger("ujumbe.worker")

EVERY_MINUTE = "* * * * *"
EVERY_30_SECONDS = "* * * * * */30"  # 6-field cron: seconds last
TaskFunction = TypeVar("TaskFunction", bound=Callable[..., Awaitable[Any]])


def recovery_cron(stalled_after: float) -> str:
    """Look for dead workers a few times per `stalled_after` (6-field cron: seconds last)."""
    step = max(1, min(30, int(stalled_after / 3)))
    return f"* * * * * */{step}"


@dataclass(frozen=True)
class JobTask:
    """One task an area gives the worker: its function, the options procrastinate's `App.task`
    takes (with its defaults), and the cron it also runs on, if periodic (`periodic_id` tells
    two schedules of one task apart)."""

    func: Callable[..., Awaitable[Any]]
    name: str
    queue: str
    lock: str | None = None
    queueing_lock: str | None = None
    retry: RetryValue = False
    pass_context: bool = False
    every: str | None = None
    periodic_id: str = ""


class JobTasks(list[JobTask]):
    """An area's tasks, each added by decorating its function with `task(...)`."""

    def task(self, *, name: str, queue: str, lock: str | None = None, queueing_lock: str | None = None,
             retry: RetryValue = False, pass_context: bool = False, every: str | None = None,
             periodic_id: str = "") -> Callable[[TaskFunction], TaskFunction]:
        def add(func: TaskFunction) -> TaskFunction:
            self.append(JobTask(func, name, queue, lock, queueing_lock, retry, pass_context, every, periodic_id))
            return func
        return add


AreaTasks = Callable[[Any, Settings], JobTasks]
"""An area's `tasks(container, settings)`: the tasks it gives the worker, each a function that asks
the container for the area's use case (the root container, which holds every area's providers)."""


class JobsContainer(Protocol):
    """What the worker asks the composition root (`entrypoints.container.Container`) for."""

    @property
    def settings(self) -> providers.Provider[Settings]: ...
    @property
    def database_url(self) -> providers.Provider[str]: ...
    @property
    def job_tasks(self) -> providers.Provider[Sequence[AreaTasks]]: ...
    @property
    def job_app(self) -> providers.Provider[App]: ...
    @property
    def worker_status(self) -> providers.Provider[WorkerStatus]: ...
    @property
    def unwritten_outcomes(self) -> providers.Provider[UnwrittenOutcomes]: ...


def build_job_app(container: JobsContainer, *, periodic: bool = True) -> App:
    """The procrastinate app on the service database, with every area's tasks registered.

    Every process builds it, not only workers: a task registered here keeps its queue and
    locks when a web process defers it. `periodic=False` leaves out the scheduled jobs
    (tests drain the queue without them).
    """
    app = create_job_app(container.database_url())
    settings = container.settings()
    for area_tasks in container.job_tasks():
        for task in area_tasks(container, settings):
            # (`pass_context` is a bool here; procrastinate's overloads each take one Literal)
            registered = app.task(  # type: ignore[call-overload]
                name=task.name, queue=task.queue, lock=task.lock, queueing_lock=task.queueing_lock,
                retry=task.retry, pass_context=task.pass_context,
            )(task.func)
            if periodic and task.every is not None:
                app.periodic(cron=task.every, periodic_id=task.periodic_id)(registered)
    return app


def worker_options(container: JobsContainer, *, concurrency: int = 10) -> dict[str, Any]:
    settings = container.settings()
    return {
        "concurrency": concurrency,
        "update_heartbeat_interval": settings.jobs_heartbeat,
        "stalled_worker_timeout": settings.jobs_stalled_after,
        # New jobs arrive by LISTEN/NOTIFY; polling is the fallback.
        "fetch_job_polling_interval": 2.0,
        "worker_middleware": [log_job_run],
    }


# Waits between attempts to reach the database again after a worker lost it: 0.5 s doubling to
# 30 s, each with up to 0.5 s of jitter so that many workers do not knock at the same instant.
FIRST_RECONNECT_WAIT = 0.5
RECONNECT_WAIT = wait_exponential_jitter(multiplier=FIRST_RECONNECT_WAIT, max=30, jitter=0.5)
WATCH_EVERY = 1.0  # seconds between a running worker's checks that its database answers
UNWRITTEN_DRAIN = 10.0  # seconds a stopping process waits to write the outcomes it kept through an outage


async def run_worker(container: JobsContainer, *, concurrency: int = 10, install_signal_handlers: bool = True,
                     name: str = "ujumbe-worker", graceful_timeout: float | None = None) -> None:
    """Work until stopped (SIGINT/SIGTERM, or cancelled). The job app must be open.

    procrastinate stops its worker when the database goes away (a restart, a failover): this one
    is started again once the database answers, waiting `RECONNECT_WAIT` between attempts, and
    `container.worker_status()` says `reconnecting` meanwhile, so a health check sees it."""
    options = worker_options(container, concurrency=concurrency)
    if graceful_timeout is not None:
        options["shutdown_graceful_timeout"] = graceful_timeout
    status: WorkerStatus = container.worker_status()
    with _stopped_by_signals(enabled=install_signal_handlers):
        try:
            while True:
                log.info("job worker %s started", name)
                status.running()
                watch = asyncio.create_task(_watch(container.job_app(), status), name="job worker watch")
                try:
                    await container.job_app().run_worker_async(name=name, install_signal_handlers=False, **options)
                    reason = "it stopped by itself"  # a side task (LISTEN, heartbeat) lost the database
                except Exception as exc:
                    reason = _reason(exc)
                finally:
                    watch.cancel()
                status.reconnecting(reason)
                log.warning("job worker %s stopped (%s); reconnecting to the database", name, reason)
                await _database_answers(container.job_app(), status)
        finally:
            status.stopped()


def _reason(exc: Exception) -> str:
    """The exception on one line (procrastinate's messages span several)."""
    return " ".join(f"{type(exc).__name__}: {exc}".split())


async def _ping(app: App) -> None:
    """Raise unless the database answers within 5 s (a pool waiting for a connection the database
    cannot give would wait its own, longer, timeout)."""
    await asyncio.wait_for(app.connector.execute_query_async("SELECT 1"), timeout=5)


async def _watch(app: App, status: WorkerStatus) -> None:
    """While the worker runs, ask its database every `WATCH_EVERY` seconds whether it answers, so
    that a health check sees an outage at once: procrastinate's worker notices only when it next
    uses the database, and then gives its running jobs their graceful time before it stops."""
    while True:
        await asyncio.sleep(WATCH_EVERY)
        try:
            await _ping(app)
        except Exception as exc:
            if status.state == "running":
                log.warning("job worker lost the database (%s); it reconnects once it has wound down", _reason(exc))
            status.reconnecting(_reason(exc))
        else:
            status.running()


async def _database_answers(app: App, status: WorkerStatus) -> None:
    """Return once the job queue's database answers, trying again with backoff until then."""
    # A pause even when the database answers at once: a worker that keeps failing on its first
    # query must not spin.
    await asyncio.sleep(FIRST_RECONNECT_WAIT)
    async for attempt in AsyncRetrying(wait=RECONNECT_WAIT, retry=retry_if_exception_type(Exception)):
        with attempt:
            try:
                await _ping(app)
            except Exception as exc:
                status.reconnecting(_reason(exc))
                raise


@contextlib.contextmanager
def _stopped_by_signals(*, enabled: bool) -> Iterator[None]:
    """SIGINT and SIGTERM cancel the worker (its running jobs get their graceful time), whether
    it is working or waiting for the database; the cancellation ends `run_worker` quietly."""
    if not enabled:
        yield
        return
    loop, task = asyncio.get_running_loop(), asyncio.current_task()
    assert task is not None
    stopping: list[int] = []

    def stop(signum: int) -> None:
        stopping.append(signum)
        task.cancel()

    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop, signum)
    try:
        yield
    except asyncio.CancelledError:
        if not stopping:
            raise
        task.uncancel()
    finally:
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(signum)


def start_in_process_worker(container: JobsContainer) -> asyncio.Task[None]:
    """A worker inside the web process (the `serve` default); cancel the task to stop it:
    running jobs get 10 s to finish, then are aborted and retried by another worker."""
    return asyncio.create_task(
        run_worker(container, install_signal_handlers=False, name="ujumbe-serve", graceful_timeout=10.0),
        name="ujumbe job worker",
    )


def _report_crash(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("the in-process job worker stopped", exc_info=task.exception())


@contextlib.asynccontextmanager
async def jobs_running(container: JobsContainer, *, in_process_worker: bool) -> AsyncIterator[None]:
    """The job queue open for deferring (and a worker running, if asked) for the block; at its end,
    the outcomes this process still keeps through an outage given `UNWRITTEN_DRAIN` s to be written."""
    app = container.job_app()
    await app.open_async()
    worker = start_in_process_worker(container) if in_process_worker else None
    if worker is not None:
        worker.add_done_callback(_report_crash)
    try:
        yield
    finally:
        if worker is not None:
            worker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await worker
        await container.unwritten_outcomes().drain(timeout=UNWRITTEN_DRAIN)
        await app.close_async()
