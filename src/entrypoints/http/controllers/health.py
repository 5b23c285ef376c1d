"""GET and HEAD /health, /health/live and /health/ready: is the service up, can it reach its
database, are its SMPP binds bound, and does its mobile-money provider answer.

`/health` is the spec's `{status: "ok"}` with the details beside it: a bind that is not bound makes
`gateway.status` `degraded` (still 200 and `status: "ok"`: the service answers, and sends fail over
to the binds that are up, or fail and are refunded); an unreachable database makes it 503. While
this process's job worker is reconnecting to the database, `status` is `degraded` and `worker`
`reconnecting` (still 200: the API answers, but delivery reports, webhooks and campaigns wait)."""

from __future__ import annotations

import logging
import time
from datetime import timedelta
from dataclasses import dataclass

import msgspec
from litestar import Controller, get, head
from litestar.datastructures import State
from litestar.exceptions import HTTPException
from psycopg_pool import AsyncConnectionPool

from adapters.jobs import WorkerStatus, oldest_waiting, queue_depth, totals
from application.ports import ProviderUnavailable
from entrypoints.http.envelope import Envelope, ResponseBody, ok


log = logging.getLogger("ujumbe.health")

JOBS_STALLED_AFTER = timedelta(minutes=5)  # a due job waiting longer: no worker is taking its queue


class JobsDepth(ResponseBody, kw_only=True):
    """Jobs in the queue by status, over every queue (`ujumbe jobs status` has the detail)."""

    todo: int
    doing: int
    failed: int


class BindHealth(ResponseBody, kw_only=True):
    """One SMPP bind of this process."""

    name: str
    address: str
    system_id: str
    state: str  # connecting, bound, down (last_error says why), closed
    carriers: list[str]  # empty: a default route
    window: int
    in_flight: int  # submits awaiting their answer
    tps_limit: float  # 0: no cap
    tps: int  # submits in the last whole second
    submitted: int
    bound_since: str | None
    last_error: str | None


class GatewayHealth(ResponseBody, kw_only=True):
    kind: str  # simulator or smpp
    status: str  # ok, or degraded when a bind is not bound
    binds: list[BindHealth]


class Health(ResponseBody, kw_only=True):
    status: str  # ok (the spec's answer), or degraded while this process's job worker is reconnecting
    database: str
    worker: str  # this process's job worker: running, reconnecting, or off (none runs here)
    jobs: JobsDepth
    gateway: GatewayHealth


def _gateway(state: State) -> GatewayHealth:
    smpp = state.container.smpp_gateway()
    if smpp is None:
        return GatewayHealth(kind="simulator", status="ok", binds=[])
    binds = [msgspec.convert(bind.as_json(), BindHealth) for bind in smpp.status()]
    bound = all(bind.state == "bound" for bind in binds)
    return GatewayHealth(kind="smpp", status="ok" if bound else "degraded", binds=binds)


async def _jobs_depth(state: State) -> JobsDepth:
    """The job queue's depth, read from the database; 503 when the database does not answer."""
    pool: AsyncConnectionPool = state.container.pool()
    try:
        async with pool.connection(timeout=5) as conn:
            await conn.execute("SELECT 1")
        depth = totals(await queue_depth(state.container.job_app()))
    except Exception as exc:  # any database failure means unhealthy; the log says which
        log.warning("health: the database did not answer", exc_info=True)
        raise HTTPException(status_code=503, detail="database unreachable") from exc
    return msgspec.convert(depth, JobsDepth)


async def _check(state: State) -> Health:
    jobs = await _jobs_depth(state)
    gateway = _gateway(state)
    worker: WorkerStatus = state.container.worker_status()
    status = "degraded" if worker.state == "reconnecting" else "ok"
    return Health(status=status, database="ok", worker=worker.state, jobs=jobs, gateway=gateway)


class Liveness(ResponseBody, kw_only=True):
    status: str  # ok: the process answers


class Readiness(ResponseBody, kw_only=True):
    status: str  # ready
    database: str
    jobs: str
    gateway: GatewayHealth
    mobile_money: str  # ok: the provider (or the simulator) answered with our credentials


PROVIDER_CHECK_SECONDS = 15.0  # probes come every few seconds; the provider is asked at most this often


@dataclass
class _ProviderCheck:
    """The provider's last answer to the readiness call, kept a few seconds per process."""

    at: float = float("-inf")
    error: str | None = None

    async def run(self, state: State) -> str | None:
        if time.monotonic() - self.at >= PROVIDER_CHECK_SECONDS:
            try:
                await state.container.mobile_money().reachable()
                self.error = None
            except ProviderUnavailable as exc:
                self.error = str(exc)
            self.at = time.monotonic()
        return self.error


def _provider_check(state: State) -> _ProviderCheck:
    if "provider_check" not in state:
        state.provider_check = _ProviderCheck()
    check: _ProviderCheck = state.provider_check
    return check


async def _stalled_queues(state: State) -> list[str]:
    """The queues whose oldest due job has waited past JOBS_STALLED_AFTER: no worker is taking
    them (none runs, or they cannot keep up), so delivery reports, webhooks and campaigns wait."""
    waited = await oldest_waiting(state.container.job_app())
    return [f"{queue} {int(seconds)} s" for queue, seconds in sorted(waited.items())
            if seconds > JOBS_STALLED_AFTER.total_seconds()]


async def _ready(state: State) -> Readiness:
    """Each dependency's state; 503 naming those that fail: the database (the job queue lives in
    it too), the job queue when a due job has waited minutes for a worker, the SMS gateway when no
    SMPP bind is bound (sends could not go out), and the mobile-money provider when it does not
    answer or refuses our credentials (nobody can pay)."""
    failed: list[str] = []
    try:
        await _jobs_depth(state)
        stalled = await _stalled_queues(state)
    except HTTPException:
        failed += ["database", "job queue"]
    except Exception:  # the database failed between the two reads
        log.warning("health: the database did not answer", exc_info=True)
        failed += ["database", "job queue"]
    else:
        if stalled:
            failed.append(f"job queue (the oldest due job has waited for a worker: {', '.join(stalled)})")
    worker: WorkerStatus = state.container.worker_status()
    if worker.state == "reconnecting":
        failed.append(f"job worker (reconnecting to the database: {worker.error})")
    gateway = _gateway(state)
    if gateway.binds and not any(bind.state == "bound" for bind in gateway.binds):
        reasons = "; ".join(f"{bind.name}: {bind.last_error or bind.state}" for bind in gateway.binds)
        failed.append(f"gateway (no SMPP bind is bound: {reasons})")
    if (provider_error := await _provider_check(state).run(state)) is not None:
        failed.append(f"mobile money ({provider_error})")
    if failed:
        raise HTTPException(status_code=503, detail=f"not ready: {', '.join(failed)}")
    return Readiness(status="ready", database="ok", jobs="ok", gateway=gateway, mobile_money="ok")


class HealthController(Controller):
    path = "/health"
    tags = ["health"]

    @get("/", operation_id="health", summary="Service health", opt={"errors": ("service_unavailable",)})
    async def health(self, state: State) -> Envelope[Health]:
        """Answers `status: "ok"` when the service and its database respond (503 otherwise), with
        the job queue's depth and every SMPP bind beside it (`gateway.status` is `degraded` while a
        bind is not bound); `status: "degraded"` (200) while this process's job worker is
        reconnecting to the database."""
        return ok(await _check(state))

    @get("/live", operation_id="healthLive", summary="Liveness: the process answers")
    async def live(self) -> Envelope[Liveness]:
        """Answers ok while the process runs, whatever its dependencies do (for a restart probe)."""
        return ok(Liveness(status="ok"))

    @get("/ready", operation_id="healthReady", summary="Readiness: every dependency answers",
         opt={"errors": ("service_unavailable",)})
    async def ready(self, state: State) -> Envelope[Readiness]:
        """Ready when the database answers, this process's job worker is not reconnecting to it, no
        due job has waited 5 minutes for a worker, an SMPP bind is bound and the mobile-money
        provider answers; 503 naming what failed."""
        return ok(await _ready(state))

    @head("/", operation_id="healthHead", summary="Service health, status only", status_code=200,
          opt={"errors": ("service_unavailable",)})
    async def health_head(self, state: State) -> None:
        """The same check as GET /health, answered by the status alone (200 or 503), for probes."""
        await _check(state)
