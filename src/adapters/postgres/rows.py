"""A statement's rows as dicts, the step the repositories' row mappings start from."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from psycopg import AsyncConnection
from psycopg.rows import dict_row


async def dict_rows(conn: AsyncConnection, query: str, params: Sequence[Any]) -> list[dict[str, Any]]:
    async with conn.cursor(row_factory=dict_row) as cur:
        await cur.execute(query, params)
        return await cur.fetchall()
