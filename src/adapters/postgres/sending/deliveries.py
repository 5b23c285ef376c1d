"""Delivery reports in PostgreSQL: messages by gateway reference, reports received until applied,
and reports matching none."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from psycopg import AsyncConnection
from psycopg_pool import AsyncConnectionPool

from adapters.postgres.group_commit import autocommit
from adapters.postgres.sending.message_rows import MESSAGE_SELECT, message_rows
from application.ports import DeliveryReport, ReceivedReport, UnmatchedReport
from domain.messages import Message, MessageEvent

_MESSAGE = f"SELECT {MESSAGE_SELECT} FROM messages m"
_EVENTS = {event.value: event for event in MessageEvent}  # a dict lookup per report, not an enum call


class PostgresDeliveryReports:
    def __init__(self, conn: AsyncConnection) -> None:
        self._conn = conn

    async def messages_by_gateway_refs(self, gateway_refs: Sequence[str], limit: int) -> dict[str, list[Message]]:
        async with self._conn.cursor(row_factory=message_rows) as cur:
            # One statement for a job's references, locked in (account_id, id) order as one
            # report at a time would lock them.
            await cur.execute(f"{_MESSAGE} WHERE gateway_ref = ANY(%b::text[]) ORDER BY account_id, id FOR UPDATE",
                              (list(dict.fromkeys(gateway_refs)),))
            rows = await cur.fetchall()
        found: dict[str, list[Message]] = {}
        for message in rows:
            messages = found.setdefault(message.gateway_ref or "", [])
            if len(messages) < limit:
                messages.append(message)
        return found

    async def record_statuses(self, messages: Sequence[Message]) -> None:
        if not messages:
            return
        await self._conn.execute(
            "UPDATE messages AS m SET status = u.status, delivered_at = u.delivered_at, error = u.error,"
            " updated_at = u.updated_at FROM unnest(%b::text[]::uuid[], %b::text[]::uuid[], %b::text[],"
            " %b::timestamptz[], %b::text[], %b::timestamptz[]) AS u(account_id, id, status, delivered_at, error,"
            " updated_at) WHERE m.account_id = u.account_id AND m.id = u.id",
            ([m.account_id for m in messages], [m.id for m in messages], [m.status.value for m in messages],
             [m.delivered_at for m in messages], [m.error for m in messages], [m.updated_at for m in messages]),
        )

    async def add_unmatched(self, report: DeliveryReport, received_at: datetime) -> None:
        await self._conn.execute(
            "INSERT INTO unmatched_delivery_reports (gateway_ref, outcome, error, reported_at, received_at, bind)"
            " VALUES (%s, %s, %s, %s, %s, %s)",
            (report.gateway_ref, report.event.value, report.error, report.reported_at, received_at, report.bind),
        )

    async def unmatched(self, received_since: datetime, limit: int) -> list[UnmatchedReport]:
        cur = await self._conn.execute(
            "SELECT id, gateway_ref, outcome, error, reported_at, received_at, bind FROM unmatched_delivery_reports"
            " WHERE matched_at IS NULL AND received_at >= %s ORDER BY received_at, id LIMIT %s"
            " FOR UPDATE SKIP LOCKED",
            (received_since, limit),
        )
        return [
            UnmatchedReport(id=row[0], report=DeliveryReport(row[1], MessageEvent(row[2]), row[4], row[3], row[6]),
                            received_at=row[5])
            for row in await cur.fetchall()
        ]

    async def mark_matched(self, report_id: int, at: datetime) -> None:
        await self._conn.execute(
            "UPDATE unmatched_delivery_reports SET matched_at = %s WHERE id = %s", (at, report_id)
        )

    async def take_received(self, due_by: datetime, limit: int) -> list[ReceivedReport]:
        cur = await self._conn.execute(
            # The rows are chosen once (a MATERIALIZED CTE), then deleted: chosen in a subquery, the
            # choice may be run again for each row, skip the rows this statement has taken, and
            # take more than `limit`.
            "WITH taken AS MATERIALIZED (SELECT id FROM received_delivery_reports"
            " WHERE due_at <= %s ORDER BY due_at, id LIMIT %s FOR UPDATE SKIP LOCKED)"
            " DELETE FROM received_delivery_reports r USING taken WHERE r.id = taken.id"
            " RETURNING r.due_at, r.id, r.gateway_ref, r.outcome, r.error, r.reported_at, r.received_at, r.bind",
            (due_by, limit),
        )
        return [ReceivedReport(DeliveryReport(ref, _EVENTS[outcome], reported_at, error, bind), received_at)
                for _, _, ref, outcome, error, reported_at, received_at, bind in sorted(await cur.fetchall())]

    async def receive_again(self, received: Sequence[ReceivedReport], due_at: datetime) -> None:
        if received:
            await self._conn.execute(
                _RECEIVE,
                _received_rows([r.report for r in received], [r.received_at for r in received], due_at),
            )

    async def next_received(self) -> datetime | None:
        cur = await self._conn.execute("SELECT min(due_at) FROM received_delivery_reports")
        row = await cur.fetchone()
        return row[0] if row else None


_RECEIVE = (
    "INSERT INTO received_delivery_reports (gateway_ref, outcome, error, reported_at, received_at, due_at, bind)"
    " SELECT g, o, e, r, t, coalesce(d, r), b FROM unnest(%b::text[], %b::text[], %b::text[],"
    " %b::timestamptz[], %b::timestamptz[], %b::timestamptz[], %b::text[]) AS u(g, o, e, r, t, d, b)"
)


def _received_rows(reports: Sequence[DeliveryReport], received_at: Sequence[datetime],
                   due_at: datetime | None) -> tuple[list[object], ...]:
    return ([r.gateway_ref for r in reports], [r.event.value for r in reports], [r.error for r in reports],
            [r.reported_at for r in reports], list(received_at), [due_at] * len(reports), [r.bind for r in reports])


class PostgresReceivedReports:
    """`ReceivedReports`: a batch written by one statement that commits on its own."""

    def __init__(self, pool: AsyncConnectionPool) -> None:
        self._pool = pool

    async def put(self, reports: Sequence[DeliveryReport], received_at: datetime) -> None:
        async with self._pool.connection() as conn, autocommit(conn):  # due when reported
            await conn.execute(_RECEIVE, _received_rows(reports, [received_at] * len(reports), None))
