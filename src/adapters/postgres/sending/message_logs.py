"""The message log read from PostgreSQL, shaped as the API's read model.

Every listing walks a `messages` index newest first and stops after one page:
(account_id, created_at DESC, id DESC) for the account's log, and for `delivered`, the status
most messages end in; (account_id, status, created_at DESC), which holds every other status
(migration 0021), for those; (to_number, account_id, created_at DESC) for one number. An export
walks the same index to the end through a server-side cursor; the counts of a period read the
account's index over that period only.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import datetime
from typing import Any

from psycopg import AsyncConnection
from psycopg.rows import class_row

from adapters.postgres.text_search import contains_digits, contains_text
from application.ports import MessageLogEntry, MessageLogFilter, SendCounts
from domain.messages import MessageStatus

_COLUMNS = (
    "id::text AS message_id, to_number AS \"to\", sender, requested_sender, status,"
    " body AS message, cost, credits_used, sms_parts, segments, encoding, carrier, error,"
    " batch_id::text, created_at, delivered_at"
)
# An account's messages from %(since)s on, and those from %(recent)s on, delivered and failed.
COUNTS = (
    "SELECT count(*), count(*) FILTER (WHERE created_at >= %(recent)s),"
    f" count(*) FILTER (WHERE status = '{MessageStatus.DELIVERED}'),"
    f" count(*) FILTER (WHERE status = '{MessageStatus.FAILED}')"
    " FROM messages WHERE account_id = %(account)s AND created_at >= %(since)s"
)

def conditions(log_filter: MessageLogFilter) -> tuple[str, list[Any]]:
    """The WHERE clause of a filter and its parameters."""
    where: list[str] = ["account_id = %s"]
    params: list[Any] = [log_filter.account_id]
    if log_filter.status is not None:
        where.append("status = %s")
        params.append(log_filter.status.value)
        if log_filter.status is not MessageStatus.DELIVERED:
            # The partial index's predicate, spelt out: a plan made without the status's value
            # (a prepared statement's generic plan) cannot prove it from `status = $n`.
            where.append(f"status <> '{MessageStatus.DELIVERED}'")
    if log_filter.since is not None:
        where.append("created_at >= %s")
        params.append(log_filter.since)
    if log_filter.before is not None:
        where.append("created_at < %s")
        params.append(log_filter.before)
    if log_filter.number is not None:
        where.append("to_number = %s")
        params.append(log_filter.number)
    if log_filter.number_fragment is not None and log_filter.text is not None:
        where.append(f"({contains_digits('to_number')} OR {contains_text('body', log_filter.text)})")
        params += [log_filter.number_fragment, log_filter.text]
    elif log_filter.text is not None:
        where.append(contains_text("body", log_filter.text))
        params.append(log_filter.text)
    return " AND ".join(where), params


def listing(log_filter: MessageLogFilter) -> tuple[str, list[Any]]:
    """The page's query (also what the index test EXPLAINs)."""
    where, params = conditions(log_filter)
    return (
        f"SELECT {_COLUMNS} FROM messages WHERE {where}"
        " ORDER BY created_at DESC, id DESC LIMIT %s OFFSET %s",
        [*params, log_filter.limit, log_filter.offset],
    )


class PostgresMessageLogs:
    def __init__(self, conn: AsyncConnection) -> None:
        self._conn = conn

    async def page(self, log_filter: MessageLogFilter) -> tuple[list[MessageLogEntry], int]:
        sql, params = listing(log_filter)
        async with self._conn.cursor(row_factory=class_row(MessageLogEntry)) as cur:
            await cur.execute(sql, params)
            messages = await cur.fetchall()
        if len(messages) < log_filter.limit and (messages or log_filter.offset == 0):
            return messages, log_filter.offset + len(messages)  # the last page: no count needed
        where, count_params = conditions(log_filter)
        counted = await self._conn.execute(f"SELECT count(*) FROM messages WHERE {where}", count_params)
        row = await counted.fetchone()
        return messages, row[0] if row else 0

    async def every(self, log_filter: MessageLogFilter, chunk: int) -> AsyncIterator[list[MessageLogEntry]]:
        where, params = conditions(log_filter)
        async with self._conn.cursor(name="message_log_export", row_factory=class_row(MessageLogEntry)) as cur:
            await cur.execute(f"SELECT {_COLUMNS} FROM messages WHERE {where} ORDER BY created_at DESC, id DESC",
                              params)
            while entries := await cur.fetchmany(chunk):
                yield entries

    async def counts(self, account_id: str, since: datetime, recent_since: datetime) -> SendCounts:
        counted = await self._conn.execute(COUNTS, {"account": account_id, "since": since, "recent": recent_since})
        total, recent, delivered, failed = await counted.fetchone() or (0, 0, 0, 0)
        return SendCounts(total=total, recent=recent, delivered=delivered, failed=failed)
