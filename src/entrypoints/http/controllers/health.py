"""GET /health: is the service up and can it reach its database."""

from __future__ import annotations

import msgspec
from litestar import Controller, get
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


class HealthController(Controller):
    path = "/health"
    tags = ["health"]

    @get("/", operation_id="health", summary="Service health")
    async def health(self, state: State) -> Envelope[Health]:
        """Answers ok when the service and its database respond."""
        pool: AsyncConnectionPool = state.container.pool()
        try:
            async with pool.connection(timeout=5) as conn:
                await conn.execute("SELECT 1")
            depth = totals(await queue_depth(state.container.job_app()))
        except Exception as exc:  # any database failure means unhealthy
            raise HTTPException(status_code=503, detail="database unreachable") from exc
        jobs = JobsDepth(todo=depth["todo"], doing=depth["doing"], failed=depth["failed"])
        return ok(Health(status="ok", database="ok", jobs=jobs))
