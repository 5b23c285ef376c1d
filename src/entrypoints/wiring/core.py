"""What every area is made with: settings, clock, ids, metrics, the database and its unit of
work, the job queue, secrets, idempotency keys; and the job worker's own housekeeping.

The area modules import the providers they use by name (`uow = Core.uow`, ...), so their
definitions read as they would inside one container; every area container inherits `Core`.
"""

from __future__ import annotations

from dependency_injector import containers, providers
from procrastinate import JobContext

from adapters.jobs import RETRY, ProcrastinateJobQueue, WakeOutboxDispatch, WorkerStatus, recover_stalled_jobs
from adapters.postgres.database import create_pool, resolve_database_url
from adapters.postgres.uow import PostgresUnitOfWork
from adapters.prometheus import PrometheusMetrics
from adapters.ratelimit import LimitsRateLimiter
from adapters.security import AesGcmSecretBox, RandomSecrets, load_or_create_secret_key
from adapters.system import SystemClock, UuidGenerator
from application.idempotency import IdempotencyGate, PurgeExpiredIdempotencyKeys
from application.notifications import CheckLowBalance
from application.outbox import DISPATCH_OUTBOX
from entrypoints.settings import Settings
from entrypoints.worker import JobTasks, build_job_app, recovery_cron


def _database_url(settings: Settings) -> str:
    return resolve_database_url(settings.database_url, settings.data_dir)


class Core(containers.DeclarativeContainer):
    # The root container adopts this one (`__self__ = Core.__self__`): the job app is built with
    # the whole container, whose areas give it their tasks.
    __self__ = providers.Self()
    settings = providers.Singleton(Settings.from_env)

    clock = providers.Singleton(SystemClock)
    ids = providers.Singleton(UuidGenerator)
    # what the service counts (GET /metrics); the unit of work counts ledger postings as they commit
    metrics = providers.Singleton(PrometheusMetrics)

    database_url = providers.Singleton(_database_url, settings)
    pool = providers.Singleton(create_pool, database_url, wait=settings.provided.database_wait)
    # jobs (procrastinate on the same database): every commit that writes outbox events
    # queues their dispatch
    job_app = providers.Singleton(build_job_app, __self__)
    job_queue = providers.Singleton(ProcrastinateJobQueue, job_app)
    worker_status = providers.Singleton(WorkerStatus)  # this process's job worker, for health checks
    wake_outbox_dispatch = providers.Singleton(WakeOutboxDispatch, job_queue, DISPATCH_OUTBOX)
    uow = providers.Factory(PostgresUnitOfWork, pool=pool, on_events_committed=wake_outbox_dispatch, metrics=metrics)

    # credentials and what is kept secret
    secret_key = providers.Singleton(
        load_or_create_secret_key, settings.provided.secret_key, settings.provided.data_dir
    )
    secrets = providers.Singleton(RandomSecrets, secret_key=secret_key)
    # seals what is kept at rest: third-party tokens, webhook signing secrets
    secret_box = providers.Singleton(AesGcmSecretBox, secret_key)
    # One budget store per container: memory by default, Redis when UJUMBE_REDIS_URL is set.
    rate_limiter = providers.Singleton(LimitsRateLimiter, settings.provided.redis_url)

    # idempotency keys (every send, campaign and order)
    idempotency = providers.Factory(IdempotencyGate, uow=uow.provider, clock=clock, ids=ids)
    purge_expired_idempotency_keys = providers.Factory(
        PurgeExpiredIdempotencyKeys, uow=uow.provider, clock=clock
    )
    # the low-balance check both the outbox dispatch and a campaign run make
    check_low_balance = providers.Factory(CheckLowBalance, clock=clock, ids=ids)


def tasks(c: Core, settings: Settings) -> JobTasks:
    """Housekeeping: expired idempotency keys, and the jobs of workers that died mid-way."""
    jobs = JobTasks()

    @jobs.task(name="purge_expired_idempotency_keys", queue="maintenance",
               queueing_lock="purge_expired_idempotency_keys", retry=RETRY, every="*/15 * * * *")
    async def purge_expired_idempotency_keys(timestamp: int | None = None) -> int:
        return int(await c.purge_expired_idempotency_keys()())

    @jobs.task(name="recover_stalled_jobs", queue="maintenance", queueing_lock="recover_stalled_jobs",
               pass_context=True, every=recovery_cron(settings.jobs_stalled_after))
    async def recover_stalled(context: JobContext, timestamp: int | None = None) -> int:
        return await recover_stalled_jobs(context.app, stalled_after=settings.jobs_stalled_after)

    return jobs
