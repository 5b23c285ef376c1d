"""Outbox events in PostgreSQL."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime

from psycopg import AsyncConnection
from psycopg.rows import class_row
from psycopg.types.json import Jsonb

from application.ports import OutboxEvent


class PostgresEventOutbox:
    def __init__(self, conn: AsyncConnection) -> None:
        self._conn = conn
        self.added = 0  # events added since the last commit or rollback

    async def add(self, event: OutboxEvent) -> None:
        self.added += 1
        await self._conn.execute(
            "INSERT INTO outbox_events (account_id, id, type, data, created_at)"
            " VALUES (%s, %s, %s, %s, %s)",
            (event.account_id, event.id, event.type, Jsonb(dict(event.data)), event.created_at),
        )

    async def add_many(self, events: Sequence[OutboxEvent]) -> None:
        if len(events) == 1:
            await self.add(events[0])
            return
        self.added += len(events)
        await self._conn.execute(  # one statement for a whole bulk's events
            "INSERT INTO outbox_events (account_id, id, type, data, created_at)"
            # binary parameters: JSON text needs no array escaping
            " SELECT a, i, t, d::jsonb, c FROM unnest(%b::text[]::uuid[], %b::text[]::uuid[], %b::text[],"
            " %b::text[], %b::timestamptz[]) AS u(a, i, t, d, c)",
            ([e.account_id for e in events], [e.id for e in events], [e.type for e in events],
             [json.dumps(dict(e.data)) for e in events], [e.created_at for e in events]),
        )

    async def undispatched(self, limit: int) -> list[OutboxEvent]:
        async with self._conn.cursor(row_factory=class_row(OutboxEvent)) as cur:
            await cur.execute(
                "SELECT id::text, account_id::text, type, data, created_at FROM outbox_events"
                " WHERE dispatched_at IS NULL ORDER BY created_at, id LIMIT %s"
                " FOR UPDATE SKIP LOCKED",
                (limit,),
            )
            return await cur.fetchall()

    async def mark_dispatched(self, account_id: str, event_id: str, at: datetime) -> None:
        await self._conn.execute(
            "UPDATE outbox_events SET dispatched_at = %s WHERE account_id = %s AND id = %s",
            (at, account_id, event_id),
        )

    async def mark_all_dispatched(self, events: Sequence[OutboxEvent], at: datetime) -> None:
        if not events:
            return
        await self._conn.execute(  # one statement for a dispatch batch, not one per event
            "UPDATE outbox_events AS o SET dispatched_at = %b FROM unnest(%b::text[]::uuid[], %b::text[]::uuid[])"
            " AS u(account_id, id) WHERE o.account_id = u.account_id AND o.id = u.id",
            (at, [e.account_id for e in events], [e.id for e in events]),
        )
