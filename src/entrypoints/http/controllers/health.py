"""GET and HEAD /health: is the service up and can it reach its database."""

from __future__ import annotations

import msgspec
from litestar import Controller, get, head
from litestar.datastructures import State
from litestar.exceptions import HTTPException
from psycopg_pool import AsyncConnectionPool

from adapters.jobs import queue_depth, totals
from entrypoints.http.envelope import Envelope, ok


class JobsDepth(msgspec.Struct, kw_only=True):
    """Jobs in the queue by status, over every queue (`ujumbe jobs status` has the detail)."""

    todo: int
    doing: int
    failed: int


class Health(msgspec.Struct, kw_only=True):
    status: str
    database: str
    jobs: JobsDepth


async def _check(state: State) -> Health:
    pool: AsyncConnectionPool = state.container.pool()
    try:
        async with pool.connection(timeout=5) as conn:
            await conn.execute("SELECT 1")
        depth = totals(await queue_depth(state.container.job_app()))
    except Exception as exc:  # any database failure means unhealthy
        raise HTTPException(status_code=503, detail="database unreachable") from exc
    jobs = JobsDepth(todo=depth["todo"], doing=depth["doing"], failed=depth["failed"])
    return Health(status="ok", database="ok", jobs=jobs)


class HealthController(Controller):
    path = "/health"
    tags = ["health"]

    @get("/", operation_id="health", summary="Service health", opt={"errors": ("service_unavailable",)})
    async def health(self, state: State) -> Envelope[Health]:
        """Answers ok when the service and its database respond."""
        return ok(await _check(state))

    @head("/", operation_id="healthHead", summary="Service health, status only", status_code=200,
          opt={"errors": ("service_unavailable",)})
    async def health_head(self, state: State) -> None:
        """The same check as GET /health, answered by the status alone (200 or 503), for probes."""
        await _check(state)
