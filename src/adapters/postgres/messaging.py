"""Messages and sender IDs in PostgreSQL."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from psycopg import AsyncConnection
from psycopg.rows import dict_row

from application.messaging import Message, SenderId, SubmitOutcome
from domain.messages import MessageStatus

_COLUMNS = (
    "account_id", "id", "batch_id", "campaign_id", "to_number", "sender", "requested_sender",
    "body", "encoding", "characters", "sms_parts", "segments", "credits_used", "cost", "carrier",
    "status", "error", "gateway_ref", "created_at", "sent_at", "delivered_at", "updated_at",
)
_SELECT = (
    "m.account_id::text, m.id::text, m.batch_id::text, m.campaign_id::text, m.to_number AS to,"
    " m.sender, m.requested_sender, m.body, m.encoding, m.characters, m.sms_parts, m.segments,"
    " m.credits_used, m.cost, m.carrier, m.status, m.error, m.gateway_ref, m.created_at,"
    " m.sent_at, m.delivered_at, m.updated_at"
)


def _row(message: Message) -> tuple[Any, ...]:
    return (
        message.account_id, message.id, message.batch_id, message.campaign_id, message.to,
        message.sender, message.requested_sender, message.body, message.encoding,
        message.characters, message.sms_parts, message.segments, message.credits_used,
        message.cost, message.carrier, message.status.value, message.error, message.gateway_ref,
        message.created_at, message.sent_at, message.delivered_at, message.updated_at,
    )


def _message(row: dict[str, Any]) -> Message:
    return Message(**{**row, "status": MessageStatus(row["status"])})


class PostgresMessages:
    def __init__(self, conn: AsyncConnection) -> None:
        self._conn = conn

    async def add_many(self, messages: Sequence[Message]) -> None:
        if len(messages) == 1:  # a single send: one INSERT beats COPY's extra round trips
            await self._conn.execute(
                f"INSERT INTO messages ({', '.join(_COLUMNS)})"
                f" VALUES ({', '.join(['%s'] * len(_COLUMNS))})",
                _row(messages[0]),
            )
            return
        async with self._conn.cursor() as cur:
            async with cur.copy(f"COPY messages ({', '.join(_COLUMNS)}) FROM STDIN") as copy:
                for message in messages:
                    await copy.write_row(_row(message))

    async def get(self, account_id: str, message_id: str) -> Message | None:
        async with self._conn.cursor(row_factory=dict_row) as cur:
            await cur.execute(
                f"SELECT {_SELECT} FROM messages m WHERE m.account_id = %s AND m.id = %s",
                (account_id, message_id),
            )
            row = await cur.fetchone()
        return _message(row) if row else None

    async def record_outcomes(
        self, account_id: str, outcomes: Sequence[SubmitOutcome], at: datetime
    ) -> list[str]:
        cur = await self._conn.execute(
            "UPDATE messages AS m SET status = u.status, gateway_ref = u.gateway_ref,"
            " error = u.error, credits_used = u.credits_used, cost = u.cost,"
            " sent_at = CASE WHEN u.status = 'sent' THEN %(at)s END, updated_at = %(at)s"
            " FROM unnest(%(ids)s::uuid[], %(statuses)s::text[], %(refs)s::text[],"
            " %(errors)s::text[], %(credits)s::int[], %(costs)s::text[])"
            " AS u(id, status, gateway_ref, error, credits_used, cost)"
            " WHERE m.account_id = %(account_id)s AND m.id = u.id AND m.status = 'pending'"
            " RETURNING m.id::text",
            {
                "account_id": account_id, "at": at,
                "ids": [o.message_id for o in outcomes],
                "statuses": [o.status.value for o in outcomes],
                "refs": [o.gateway_ref for o in outcomes],
                "errors": [o.error for o in outcomes],
                "credits": [o.credits_used for o in outcomes],
                "costs": [o.cost for o in outcomes],
            },
        )
        return [row[0] for row in await cur.fetchall()]

    async def claim_stuck(self, older_than: datetime, now: datetime, limit: int) -> list[Message]:
        async with self._conn.cursor(row_factory=dict_row) as cur:
            await cur.execute(
                "UPDATE messages AS m SET updated_at = %s"
                " FROM (SELECT account_id, id FROM messages"
                "       WHERE status = 'pending' AND campaign_id IS NULL AND updated_at < %s"
                "       ORDER BY updated_at LIMIT %s FOR UPDATE SKIP LOCKED) AS stuck"
                f" WHERE m.account_id = stuck.account_id AND m.id = stuck.id RETURNING {_SELECT}",
                (now, older_than, limit),
            )
            rows = await cur.fetchall()
        return sorted((_message(row) for row in rows), key=lambda m: (m.created_at, m.id))


class PostgresSenderIds:
    def __init__(self, conn: AsyncConnection) -> None:
        self._conn = conn

    async def add(self, account_id: str, sender: SenderId) -> bool:
        cur = await self._conn.execute(
            "INSERT INTO sender_ids (account_id, sender_id, created_at) VALUES (%s, %s, %s)"
            " ON CONFLICT (account_id, sender_id) DO NOTHING",
            (account_id, sender.sender_id, sender.created_at),
        )
        return cur.rowcount == 1

    async def remove(self, account_id: str, sender_id: str) -> bool:
        cur = await self._conn.execute(
            "DELETE FROM sender_ids WHERE account_id = %s AND sender_id = %s",
            (account_id, sender_id),
        )
        return cur.rowcount == 1

    async def list(self, account_id: str) -> list[SenderId]:
        cur = await self._conn.execute(
            "SELECT sender_id, created_at FROM sender_ids WHERE account_id = %s ORDER BY sender_id",
            (account_id,),
        )
        return [SenderId(sender_id=row[0], created_at=row[1]) for row in await cur.fetchall()]

    async def is_registered(self, account_id: str, sender_id: str) -> bool:
        cur = await self._conn.execute(
            "SELECT 1 FROM sender_ids WHERE account_id = %s AND sender_id = %s",
            (account_id, sender_id),
        )
        return await cur.fetchone() is not None
