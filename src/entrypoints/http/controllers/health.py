"""GET and HEAD /health, /health/live and /health/ready: is the service up, can it reach its
database, are its SMPP binds bound, and does its mobile-money provider answer.

These routes are public (load balancers and probes call them), so they say each part's state and
nothing an attacker could use: no SMSC address, system_id or error text, no traffic figures.
`/health` is `{status: "ok"}` (decision: health) with the states beside it: a bind that is not bound makes
`gateway.status` `degraded` (still 200 and `status: "ok"`: the service answers, and sends fail over
to the binds that are up, or fail and are refunded); an unreachable database makes it 503. While
this process's job worker is reconnecting to the database, `status` is `degraded` and `worker`
`reconnecting` (still 200: the API answers, but delivery reports, webhooks and campaigns wait).
`/health/detail` has every bind's address, system_id and last error and the job queue's depth,
behind the rule of GET /metrics (UJUMBE_METRICS_TOKEN, or loopback clients)."""

from __future__ import annotations

import logging
import time
from datetime import timedelta
from dataclasses import dataclass

import msgspec
from typing import Any

from litestar import Controller, Request, get, head
from litestar.datastructures import State
from litestar.exceptions import HTTPException
from psycopg_pool import AsyncConnectionPool

from adapters.jobs import WorkerStatus, oldest_waiting, queue_depth, totals
from application.ports import ProviderUnavailable
from domain.errors import Forbidden, Unauthorized
from entrypoints.http.controllers.metrics import check_access
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


class GatewayState(ResponseBody, kw_only=True):
    """The SMS gateway's state, for anyone: how many SMPP binds are bound, not which or where."""

    status: str  # ok, or degraded when a bind is not bound
    bound: int
    binds: int  # 0: the gateway simulator


class Health(ResponseBody, kw_only=True):
    status: str  # ok (decision: health), or degraded while this process's job worker is reconnecting
    database: str
    worker: str  # this process's job worker: running, reconnecting, or off (none runs here)
    gateway: GatewayState


class HealthDetail(ResponseBody, kw_only=True):
    status: str
    database: str
    worker: str  # this process's job worker: running, reconnecting, or off (none runs here)
    worker_error: str | None  # why it is reconnecting
    jobs: JobsDepth
    gateway: GatewayHealth


def _gateway(state: State) -> GatewayHealth:
    smpp = state.container.smpp_gateway()
    if smpp is None:
        return GatewayHealth(kind="simulator", status="ok", binds=[])
    binds = [msgspec.convert(bind.as_json(), BindHealth) for bind in smpp.status()]
    bound = all(bind.state == "bound" for bind in binds)
    return GatewayHealth(kind="smpp", status="ok" if bound else "degraded", binds=binds)


def _gateway_state(gateway: GatewayHealth) -> GatewayState:
    return GatewayState(status=gateway.status, bound=sum(bind.state == "bound" for bind in gateway.binds),
                        binds=len(gateway.binds))


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
    await _jobs_depth(state)
    worker = _worker(state)
    return Health(status=_status(worker), database="ok", worker=worker.state, gateway=_gateway_state(_gateway(state)))


def _worker(state: State) -> WorkerStatus:
    worker: WorkerStatus = state.container.worker_status()
    return worker


def _status(worker: WorkerStatus) -> str:
    """`degraded` while this process's job worker reconnects to the database (the API answers)."""
    return "degraded" if worker.state == "reconnecting" else "ok"


class Liveness(ResponseBody, kw_only=True):
    status: str  # ok: the process answers


class Readiness(ResponseBody, kw_only=True):
    status: str  # ready
    database: str
    jobs: str
    gateway: GatewayState
    mobile_money: str  # ok: the provider (or the simulator) answered with our credentials


PROVIDER_CHECK_SECONDS = 15.0  # probes come every few seconds; the provider is asked at most this often


@dataclass
class _ProviderCheck:
    """The provider's last answer to the readiness call, kept a few seconds per process."""

    at: float = float("-inf")
    answered: bool = True

    async def run(self, state: State) -> bool:
        if time.monotonic() - self.at >= PROVIDER_CHECK_SECONDS:
            try:
                await state.container.mobile_money().reachable()
                self.answered = True
            except ProviderUnavailable:
                # the provider's own words stay in the log: a public probe's answer names the part only
                log.warning("health: the mobile-money provider did not answer", exc_info=True)
                self.answered = False
            self.at = time.monotonic()
        return self.answered


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
    if _worker(state).state == "reconnecting":
        failed.append("job worker (reconnecting to the database)")
    gateway = _gateway_state(_gateway(state))
    if gateway.binds and not gateway.bound:
        failed.append(f"gateway (none of its {gateway.binds} SMPP binds is bound: GET /health/detail says why)")
    if not await _provider_check(state).run(state):
        failed.append("mobile money (the provider did not answer, or refused our credentials: see the log)")
    if failed:
        raise HTTPException(status_code=503, detail=f"not ready: {', '.join(failed)}")
    return Readiness(status="ready", database="ok", jobs="ok", gateway=gateway, mobile_money="ok")


class HealthController(Controller):
    path = "/health"
    tags = ["health"]

    @get("/", operation_id="health", summary="Service health", opt={"errors": ("service_unavailable",)})
    async def health(self, state: State) -> Envelope[Health]:
        """Answers `status: "ok"` when the service and its database respond (503 otherwise), with
        the gateway's and this process's job worker's states beside it (`gateway.status` is
        `degraded` while a bind is not bound); `status: "degraded"` (200) while the job worker is
        reconnecting to the database."""
        return ok(await _check(state))

    @get("/detail", operation_id="healthDetail", summary="Service health with every SMPP bind's detail",
         opt={"errors": ("service_unavailable", Unauthorized, Forbidden)})
    async def detail(self, request: Request[Any, Any, Any], state: State) -> Envelope[HealthDetail]:
        """What GET /health says, with the job queue's depth and every SMPP bind's address, system_id,
        window and last error: for the operator, so answered as GET /metrics is (loopback clients,
        or `Authorization: Bearer <UJUMBE_METRICS_TOKEN>` when it is set)."""
        check_access(request, state.container.settings().metrics_token, "GET /health/detail")
        jobs = await _jobs_depth(state)
        worker = _worker(state)
        return ok(HealthDetail(status=_status(worker), database="ok",
                               worker=worker.state, worker_error=worker.error, jobs=jobs, gateway=_gateway(state)))

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
