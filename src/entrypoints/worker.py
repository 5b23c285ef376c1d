"""The job worker: procrastinate tasks that run the application's use cases.

The application names its jobs (`DISPATCH_OUTBOX`, `DELIVER_WEBHOOK`, ...) and defers them
through the `JobQueue` port; this module, part of the composition root, gives each name a
task that asks the container for the use case. `ujumbe worker` runs workers alone; `ujumbe
serve` runs one inside every HTTP process unless `--no-worker`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from collections.abc import AsyncIterator, Callable, Iterator
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, TypeVar

from procrastinate import App, JobContext
from tenacity import AsyncRetrying, retry_if_exception_type, wait_exponential_jitter

from adapters.jobs import RETRY, WorkerStatus, create_job_app, log_job_run, recover_stalled_jobs
from application.accounts.emails import SEND_EMAIL_VERIFICATION, SEND_PASSWORD_RESET
from application.sending.delivery_reports import (
    APPLY_RECEIVED_REPORTS,
    RECEIVE_INBOUND_SMS,
    ReportResult,
)
from application.outbox import DISPATCH_OUTBOX
from application.payments.results import APPLY_PAYMENT_RESULT, result_from_job
from application.ports import RUN_CAMPAIGN, InboundSms
from application.webhooks.deliveries import DELIVER_WEBHOOK
from domain.campaigns import CampaignStatus

if TYPE_CHECKING:
    from entrypoints.container import Container

log = logging.getLogger("ujumbe.worker")

EVERY_MINUTE = "* * * * *"
EVERY_30_SECONDS = "* * * * * */30"  # 6-field cron: seconds last
T = TypeVar("T")


def _recovery_cron(stalled_after: float) -> str:
    """Look for dead workers a few times per `stalled_after` (6-field cron: seconds last)."""
    step = max(1, min(30, int(stalled_after / 3)))
    return f"* * * * * */{step}"


def _reconcile_cron(reconcile_after: float) -> str:
    """Look for stuck sends every minute, or a few times per `reconcile_after` when that is short."""
    return EVERY_MINUTE if reconcile_after >= 180 else _recovery_cron(reconcile_after)


def build_job_app(container: Container, *, periodic: bool = True) -> App:
    """The procrastinate app on the service database, with every task registered.

    Every process builds it, not only workers: a task registered here keeps its queue and
    locks when a web process defers it. `periodic=False` leaves out the scheduled jobs
    (tests drain the queue without them).
    """
    app = create_job_app(container.database_url())
    _register_tasks(app, container, periodic)
    return app


def _register_tasks(app: App, c: Container, periodic: bool) -> None:
    settings = c.settings()

    def every(cron: str, periodic_id: str = "") -> Callable[[T], T]:
        def schedule(task: T) -> T:
            if periodic:
                app.periodic(cron=cron, periodic_id=periodic_id)(task)  # type: ignore[arg-type]
            return task
        return schedule

    # Outbox events: fanned out to webhooks right after they commit; the periodic run is
    # the safety net for a dispatch job lost between a commit and its defer.
    @every(EVERY_MINUTE, "safety-net")
    @app.task(name=DISPATCH_OUTBOX, queue="outbox", lock=DISPATCH_OUTBOX, queueing_lock=DISPATCH_OUTBOX,
              retry=RETRY)
    async def dispatch_outbox(timestamp: int | None = None) -> int:
        return int(await c.dispatch_outbox()())

    @app.task(name=DELIVER_WEBHOOK, queue="webhooks", retry=RETRY)
    async def deliver_webhook(account_id: str, delivery_id: str) -> str | None:
        delivery = await c.deliver_webhook()(account_id, delivery_id)
        return delivery.status.value if delivery else None

    @every(EVERY_MINUTE)
    @app.task(name="deliver_due_webhooks", queue="webhooks", queueing_lock="deliver_due_webhooks", retry=RETRY)
    async def deliver_due_webhooks(timestamp: int | None = None) -> int:
        return int(await c.deliver_due_webhooks()())

    # Delivery reports and inbound SMS, as gateways hand them over. Reports written as received,
    # applied a thousand at a time when due; every minute as well, in case a process stopped
    # between writing reports and queueing this job.
    @every(EVERY_MINUTE)
    @app.task(name=APPLY_RECEIVED_REPORTS, queue="messages", retry=RETRY)
    async def apply_received_reports(timestamp: int | None = None) -> str:
        results = await c.apply_received_reports()()
        return ", ".join(f"{n} {r}" for r in ReportResult if (n := results.count(r))) or "none due"

    @app.task(name=RECEIVE_INBOUND_SMS, queue="messages", retry=RETRY)
    async def receive_inbound_sms(from_number: str, text: str, to: str | None = None,
                                  received_at: str | None = None, gateway_ref: str | None = None) -> str:
        message = await c.receive_inbound_sms()(InboundSms(
            from_number=from_number, text=text, to=to, gateway_ref=gateway_ref,
            received_at=datetime.fromisoformat(received_at) if received_at else None,
        ))
        return message.id

    @every(EVERY_MINUTE)
    @app.task(name="rematch_delivery_reports", queue="messages", queueing_lock="rematch_delivery_reports",
              retry=RETRY)
    async def rematch_delivery_reports(timestamp: int | None = None) -> int:
        return int(await c.rematch_delivery_reports()())

    # Sends a crash or a database outage left between debit and outcome.
    @every(_reconcile_cron(settings.reconcile_after))
    @app.task(name="reconcile_stuck_messages", queue="messages", lock="reconcile_stuck_messages",
              queueing_lock="reconcile_stuck_messages", retry=RETRY)
    async def reconcile_stuck_messages(timestamp: int | None = None) -> str:
        return str(await c.reconcile_stuck_messages()(timedelta(seconds=settings.reconcile_after)))

    # Campaigns: started when due, then run batch by batch; a run never overlaps another of the
    # same campaign (the lock its deferrer gives), and one killed mid-way is resumed by the
    # stalled-job recovery or the periodic safety net. A stopped or failed campaign's run still
    # settles the messages it had paid for.
    @app.task(name=RUN_CAMPAIGN, queue="campaigns", retry=RETRY)
    async def run_campaign(account_id: str, campaign_id: str) -> str:
        started = await c.start_campaign()(account_id, campaign_id)
        if started is None or started.status in (CampaignStatus.SCHEDULED, CampaignStatus.DRAFT):
            return started.status.value if started else "missing"  # not due, cancelled, or nobody to send to
        return str(await c.run_campaign()(account_id, campaign_id))

    @every(EVERY_MINUTE)
    @app.task(name="queue_due_campaigns", queue="campaigns", queueing_lock="queue_due_campaigns", retry=RETRY)
    async def queue_due_campaigns(timestamp: int | None = None) -> int:
        return int(await c.queue_due_campaigns()())

    # Payment orders: results a provider hands over (as callbacks), the poll for callbacks that got
    # lost, and orders nobody answered within 10 minutes, after a final poll
    # (decision: payment order timeout). Settling is idempotent (one outcome per order), so a retried
    # or overlapping job changes nothing twice.
    @app.task(name=APPLY_PAYMENT_RESULT, queue="payments", retry=RETRY)
    async def apply_payment_result(**payload: Any) -> str:
        return (await c.apply_payment_result()(*result_from_job(payload))).outcome

    @every(EVERY_30_SECONDS)
    @app.task(name="poll_pending_payments", queue="payments", lock="poll_pending_payments",
              queueing_lock="poll_pending_payments", retry=RETRY)
    async def poll_pending_payments(timestamp: int | None = None) -> int:
        return int(await c.poll_pending_payments()())

    @every(EVERY_MINUTE)
    @app.task(name="expire_stale_payment_orders", queue="payments", lock="expire_stale_payment_orders",
              queueing_lock="expire_stale_payment_orders", retry=RETRY)
    async def expire_stale_payment_orders(timestamp: int | None = None) -> int:
        return int(await c.expire_stale_payment_orders()())

    # Account emails (a reset link, an address to confirm): the worker makes the token and sends,
    # so a slow mail server never holds a request; a failed send is retried as any job is.
    @app.task(name=SEND_PASSWORD_RESET, queue="email", retry=RETRY)
    async def send_password_reset(email: str) -> str:
        return "sent" if await c.send_password_reset()(email) else "no such account"

    @app.task(name=SEND_EMAIL_VERIFICATION, queue="email", retry=RETRY)
    async def send_email_verification(account_id: str) -> str:
        return "sent" if await c.send_email_verification()(account_id) else "verified already, or no account"

    # Housekeeping.
    @every("*/15 * * * *")
    @app.task(name="purge_expired_idempotency_keys", queue="maintenance",
              queueing_lock="purge_expired_idempotency_keys", retry=RETRY)
    async def purge_expired_idempotency_keys(timestamp: int | None = None) -> int:
        return int(await c.purge_expired_idempotency_keys()())

    @every("*/15 * * * *")
    @app.task(name="purge_expired_phone_otps", queue="maintenance",
              queueing_lock="purge_expired_phone_otps", retry=RETRY)
    async def purge_expired_phone_otps(timestamp: int | None = None) -> int:
        return int(await c.purge_expired_phone_otps()())

    @every("*/15 * * * *")
    @app.task(name="purge_unverified_callbacks", queue="maintenance",
              queueing_lock="purge_unverified_callbacks", retry=RETRY)
    async def purge_unverified_callbacks(timestamp: int | None = None) -> int:
        return int(await c.purge_unverified_callbacks()())

    @every(_recovery_cron(settings.jobs_stalled_after))
    @app.task(name="recover_stalled_jobs", queue="maintenance", queueing_lock="recover_stalled_jobs",
              pass_context=True)
    async def recover_stalled(context: JobContext, timestamp: int | None = None) -> int:
        return await recover_stalled_jobs(context.app, stalled_after=settings.jobs_stalled_after)


def worker_options(container: Container, *, concurrency: int = 10) -> dict[str, Any]:
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


async def run_worker(container: Container, *, concurrency: int = 10, install_signal_handlers: bool = True,
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


def start_in_process_worker(container: Container) -> asyncio.Task[None]:
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
async def jobs_running(container: Container, *, in_process_worker: bool) -> AsyncIterator[None]:
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
