"""GET /health: is the service up and can it reach its database."""

from __future__ import annotations

import msgspec
from litestar import Controller, get
from litestar.datastructures import State
from litestar.exceptions import HTTPException
from psycopg_pool import AsyncConnectionPool

from entrypoints.http.envelope import Envelope, ok


class Health(msgspec.Struct, kw_only=True):
    status: str
    database: str


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
        except Exception as exc:  # any database failure means unhealthy
            raise HTTPException(status_code=503, detail="database unreachable") from exc
        return ok(Health(status="ok", database="ok"))
