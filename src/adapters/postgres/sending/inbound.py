"""Inbound SMS, their routing to an account, and opt-outs in PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from psycopg import AsyncConnection
from psycopg.rows import dict_row

from application.ports import InboundMessage
from domain.inbound import OptOutAction


def _message(row: dict[str, Any]) -> InboundMessage:
    action = row.pop("action")
    return InboundMessage(**row, action=OptOutAction(action) if action else None)


def routing(by_sender: bool) -> str:
    """Which account most recently sent to `%(number)s` (under sender `%(to)s`): the accounts that
    sent to it, one index descent each (a skip scan of messages_by_recipient: to_number,
    account_id, created_at DESC), then each one's latest send. Bounded by how many accounts sent
    to the number, not by how many messages (also what the index test EXPLAINs)."""
    sender = " AND lower(m.sender) = lower(%(to)s)" if by_sender else ""
    return (
        "WITH RECURSIVE senders(account_id) AS ("
        "  (SELECT account_id FROM messages WHERE to_number = %(number)s ORDER BY account_id LIMIT 1)"
        "  UNION ALL"
        "  SELECT (SELECT m.account_id FROM messages m WHERE m.to_number = %(number)s"
        "          AND m.account_id > s.account_id ORDER BY m.account_id LIMIT 1)"
        "  FROM senders s WHERE s.account_id IS NOT NULL)"
        " SELECT latest.account_id::text FROM senders s CROSS JOIN LATERAL ("
        "   SELECT m.account_id, m.created_at FROM messages m"
        f"  WHERE m.to_number = %(number)s AND m.account_id = s.account_id{sender}"
        "   ORDER BY m.created_at DESC LIMIT 1) AS latest"
        " ORDER BY latest.created_at DESC LIMIT 1"
    )


class PostgresInbound:
    def __init__(self, conn: AsyncConnection) -> None:
        self._conn = conn

    async def route(self, from_number: str, to: str | None) -> str | None:
        cur = await self._conn.execute(routing(to is not None), {"number": from_number, "to": to})
        row = await cur.fetchone()
        return row[0] if row else None

    async def add(self, message: InboundMessage) -> None:
        action = message.action.value if message.action else None
        if message.account_id is None:
            await self._conn.execute(
                "INSERT INTO unrouted_inbound_messages (id, from_number, to_sender, body, gateway_ref,"
                " received_at) VALUES (%s, %s, %s, %s, %s, %s)",
                (message.id, message.from_number, message.to, message.text, message.gateway_ref,
                 message.received_at),
            )
            return
        await self._conn.execute(
            "INSERT INTO inbound_messages (account_id, id, from_number, to_sender, body, action, gateway_ref,"
            " received_at) VALUES (%s, %s, %s, %s, %s, %s, %s, %s)",
            (message.account_id, message.id, message.from_number, message.to, message.text, action,
             message.gateway_ref, message.received_at),
        )

    async def page(self, account_id: str, page: int, per_page: int) -> tuple[list[InboundMessage], int]:
        async with self._conn.cursor(row_factory=dict_row) as cur:
            await cur.execute(
                "SELECT id::text, account_id::text, from_number, to_sender AS to, body AS text, action,"
                " received_at, gateway_ref FROM inbound_messages WHERE account_id = %s"
                " ORDER BY received_at DESC, id DESC LIMIT %s OFFSET %s",
                (account_id, per_page, (page - 1) * per_page),
            )
            rows = await cur.fetchall()
            await cur.execute("SELECT count(*) AS n FROM inbound_messages WHERE account_id = %s", (account_id,))
            count = await cur.fetchone()
        assert count is not None
        return [_message(row) for row in rows], int(count["n"])


class PostgresOptOuts:
    def __init__(self, conn: AsyncConnection) -> None:
        self._conn = conn

    async def opt_out(self, account_id: str, phone: str, at: datetime) -> None:
        await self._conn.execute(
            "INSERT INTO opt_outs (account_id, phone, opted_out_at) VALUES (%s, %s, %s)"
            " ON CONFLICT (account_id, phone) DO NOTHING",
            (account_id, phone, at),
        )

    async def opt_in(self, account_id: str, phone: str) -> None:
        await self._conn.execute("DELETE FROM opt_outs WHERE account_id = %s AND phone = %s", (account_id, phone))

    async def is_opted_out(self, account_id: str, phone: str) -> bool:
        return bool(await self.opted_out_among(account_id, [phone]))

    async def opted_out_among(self, account_id: str, phones: Iterable[str]) -> dict[str, datetime]:
        cur = await self._conn.execute(
            "SELECT phone, opted_out_at FROM opt_outs WHERE account_id = %s AND phone = ANY(%s)",
            (account_id, list(phones)),
        )
        return {phone: at for phone, at in await cur.fetchall()}
