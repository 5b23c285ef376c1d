"""SMPP bind states, published by the processes that hold the binds and read by the CLI."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from psycopg_pool import AsyncConnectionPool


async def publish_binds(pool: AsyncConnectionPool, process: str, binds: Sequence[dict[str, Any]],
                        at: datetime) -> None:
    """This process's binds as they stand now (each by its `name`)."""
    async with pool.connection() as conn:
        await conn.execute(
            "INSERT INTO gateway_binds (process, bind, status, updated_at)"
            " SELECT %s, b ->> 'name', b, %s FROM jsonb_array_elements(%s::jsonb) AS b"
            " ON CONFLICT (process, bind) DO UPDATE SET status = EXCLUDED.status, updated_at = EXCLUDED.updated_at",
            (process, at, json.dumps(list(binds))),
        )


async def forget_process(pool: AsyncConnectionPool, process: str) -> None:
    """A process that stops holds no bind any more."""
    async with pool.connection() as conn:
        await conn.execute("DELETE FROM gateway_binds WHERE process = %s", (process,))


async def reported_binds(pool: AsyncConnectionPool, since: datetime) -> list[dict[str, Any]]:
    """Every bind reported since `since`, with the process holding it and when it reported."""
    async with pool.connection() as conn:
        cur = await conn.execute(
            "SELECT process, status, updated_at FROM gateway_binds WHERE updated_at >= %s ORDER BY bind, process",
            (since,),
        )
        return [{**status, "process": process, "updated_at": updated_at}
                for process, status, updated_at in await cur.fetchall()]
