"""GET and HEAD /health, /health/live and /health/ready: is the service up, can it reach its
database, and are its SMPP binds bound.

A bind that is not bound makes the service `degraded` (still 200: it answers, and sends fail over
to the binds that are up, or fail and are refunded); an unreachable database makes it 503."""

from __future__ import annotations

import msgspec
from litestar import Controller, get, head
from litestar.datastructures import State
from litestar.exceptions import HTTPException
from psycopg_pool import AsyncConnectionPool

from adapters.jobs import queue_depth, totals
from entrypoints.http.envelope import Envelope, ResponseBody, ok


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
    status: str  # ok, or degraded when the gateway is
    database: str
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
    except Exception as exc:  # any database failure means unhealthy
        raise HTTPException(status_code=503, detail="database unreachable") from exc
    return msgspec.convert(depth, JobsDepth)


async def _check(state: State) -> Health:
    jobs = await _jobs_depth(state)
    gateway = _gateway(state)
    return Health(status=gateway.status, database="ok", jobs=jobs, gateway=gateway)


class Liveness(ResponseBody, kw_only=True):
    status: str  # ok: the process answers


class Readiness(ResponseBody, kw_only=True):
    status: str  # ready
    database: str
    jobs: str
    gateway: GatewayHealth


async def _ready(state: State) -> Readiness:
    """Each dependency's state; 503 naming those that fail: the database, the job queue (on the
    same database), and the SMS gateway when no SMPP bind is bound (sends could not go out)."""
    failed: list[str] = []
    try:
        await _jobs_depth(state)
    except HTTPException:
        failed += ["database", "job queue"]
    gateway = _gateway(state)
    if gateway.binds and not any(bind.state == "bound" for bind in gateway.binds):
        reasons = "; ".join(f"{bind.name}: {bind.last_error or bind.state}" for bind in gateway.binds)
        failed.append(f"gateway (no SMPP bind is bound: {reasons})")
    if failed:
        raise HTTPException(status_code=503, detail=f"not ready: {', '.join(failed)}")
    return Readiness(status="ready", database="ok", jobs="ok", gateway=gateway)


class HealthController(Controller):
    path = "/health"
    tags = ["health"]

    @get("/", operation_id="health", summary="Service health", opt={"errors": ("service_unavailable",)})
    async def health(self, state: State) -> Envelope[Health]:
        """Answers ok when the service and its database respond and every SMPP bind is bound."""
        return ok(await _check(state))

    @get("/live", operation_id="healthLive", summary="Liveness: the process answers")
    async def live(self) -> Envelope[Liveness]:
        """Answers ok while the process runs, whatever its dependencies do (for a restart probe)."""
        return ok(Liveness(status="ok"))

    @get("/ready", operation_id="healthReady", summary="Readiness: every dependency answers",
         opt={"errors": ("service_unavailable",)})
    async def ready(self, state: State) -> Envelope[Readiness]:
        """Ready when the database and job queue answer and an SMPP bind is bound; 503 naming what failed."""
        return ok(await _ready(state))

    @head("/", operation_id="healthHead", summary="Service health, status only", status_code=200,
          opt={"errors": ("service_unavailable",)})
    async def health_head(self, state: State) -> None:
        """The same check as GET /health, answered by the status alone (200 or 503), for probes."""
        await _check(state)
