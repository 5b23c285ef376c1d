"""Messages and sender IDs in PostgreSQL."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from psycopg import AsyncConnection
from psycopg.pq import TransactionStatus
from psycopg.rows import dict_row

from adapters.postgres.credits import PostgresLedger
from adapters.postgres.outbox import PostgresEventOutbox
from application.messaging import Message, SenderId, SubmitOutcome
from application.ports import OutboxEvent
from domain.ledger import Posting
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


# A single send's first transaction as one statement: the deduction (balance row moved only if
# it stays >= 0, entry appended) and, only if it was appended, the pending message.
_PAID = (
    "WITH d AS (UPDATE credit_balances"
    " SET balance = balance + %(amount)s, entries = entries + 1, updated_at = %(at)s"
    " WHERE account_id = %(account_id)s AND balance + %(amount)s >= 0"
    " AND NOT EXISTS (SELECT 1 FROM ledger_entries"
    " WHERE account_id = %(account_id)s AND reference = %(reference)s) RETURNING balance, entries),"
    " e AS (INSERT INTO ledger_entries (account_id, id, seq, type, amount, balance_after, description,"
    " reference, refunds, created_at)"
    " SELECT %(account_id)s, %(entry_id)s, d.entries, %(type)s, %(amount)s, d.balance, %(description)s,"
    " %(reference)s, NULL, %(at)s FROM d RETURNING seq)"
    f" INSERT INTO messages ({', '.join(_COLUMNS)})"
    f" SELECT {', '.join(f'%(m_{column})s' for column in _COLUMNS)} FROM e RETURNING 1"
)


# Still-pending messages to their outcomes (`%(...)b`: binary arrays, no text escaping).
_MOVE_OUTCOMES = (
    "UPDATE messages AS m SET status = u.status, gateway_ref = u.gateway_ref,"
    " error = u.error, credits_used = u.credits_used, cost = u.cost,"
    " sent_at = CASE WHEN u.status = 'sent' THEN %(at)s END, updated_at = %(at)s"
    " FROM unnest(%(ids)b::text[]::uuid[], %(statuses)b::text[], %(refs)b::text[],"
    " %(errors)b::text[], %(credits)b::int[], %(costs)b::text[])"
    " AS u(id, status, gateway_ref, error, credits_used, cost)"
    " WHERE m.account_id = %(account_id)s AND m.id = u.id AND m.status = 'pending'"
)

# The same, with the outbox event of each message moved, in one statement.
_SENT_WITH_EVENTS = (
    f"WITH moved AS ({_MOVE_OUTCOMES} RETURNING m.id),"
    " added AS (INSERT INTO outbox_events (account_id, id, type, data, created_at)"
    " SELECT %(account_id)s, e.id, e.type, e.data::jsonb, e.created_at"
    " FROM unnest(%(event_messages)b::text[]::uuid[], %(event_ids)b::text[]::uuid[], %(event_types)b::text[],"
    " %(event_data)b::text[], %(event_times)b::timestamptz[]) AS e(message_id, id, type, data, created_at)"
    " JOIN moved ON moved.id = e.message_id)"
    " SELECT id::text FROM moved"
)


def _outcome_params(account_id: str, outcomes: Sequence[SubmitOutcome], at: datetime) -> dict[str, Any]:
    return {
        "account_id": account_id, "at": at,
        "ids": [o.message_id for o in outcomes],
        "statuses": [o.status.value for o in outcomes],
        "refs": [o.gateway_ref for o in outcomes],
        "errors": [o.error for o in outcomes],
        "credits": [o.credits_used for o in outcomes],
        "costs": [o.cost for o in outcomes],
    }


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
    def __init__(self, conn: AsyncConnection, events: PostgresEventOutbox) -> None:
        self._conn = conn
        self._events = events  # the unit of work's outbox: events written here count for its wake-up

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

    async def add_paid(self, message: Message, deduction: Posting, entry_id: str, at: datetime) -> bool:
        params = {
            "account_id": message.account_id, "entry_id": entry_id, "type": deduction.type.value,
            "amount": deduction.signed_amount, "description": deduction.description,
            "reference": deduction.reference, "at": at,
            **{f"m_{column}": value for column, value in zip(_COLUMNS, _row(message), strict=True)},
        }
        conn = self._conn
        if conn.info.transaction_status == TransactionStatus.IDLE:
            # Nothing else in the transaction: run the statement in autocommit, so it and its
            # commit are one round trip and the balance row lock never waits on this process.
            await conn.set_autocommit(True)
            try:
                row = await (await conn.execute(_PAID, params)).fetchone()
            finally:
                await conn.set_autocommit(False)
        else:
            row = await (await conn.execute(_PAID, params)).fetchone()
        if row is None:  # refused (raises), or posted before under this reference with its message
            await PostgresLedger(conn).why_not_posted(message.account_id, deduction)
            return False
        return True

    async def get(self, account_id: str, message_id: str) -> Message | None:
        async with self._conn.cursor(row_factory=dict_row) as cur:
            await cur.execute(
                f"SELECT {_SELECT} FROM messages m WHERE m.account_id = %s AND m.id = %s",
                (account_id, message_id),
            )
            row = await cur.fetchone()
        return _message(row) if row else None

    async def list_batch(self, account_id: str, batch_id: str) -> list[Message]:
        # Only a retry resuming a crashed bulk asks, so no index of its own slows every bulk's
        # 1000-row insert: the primary key's account_id prefix bounds the scan to the account.
        async with self._conn.cursor(row_factory=dict_row) as cur:
            await cur.execute(
                f"SELECT {_SELECT} FROM messages m WHERE m.account_id = %s AND m.batch_id = %s",
                (account_id, batch_id),
            )
            return [_message(row) for row in await cur.fetchall()]

    async def record_outcomes(
        self, account_id: str, outcomes: Sequence[SubmitOutcome], at: datetime
    ) -> list[str]:
        cur = await self._conn.execute(_MOVE_OUTCOMES + " RETURNING m.id::text",
                                       _outcome_params(account_id, outcomes, at))
        return [row[0] for row in await cur.fetchall()]

    async def record_sent(self, account_id: str, outcomes: Sequence[SubmitOutcome],
                          events: Mapping[str, OutboxEvent], at: datetime) -> list[str]:
        if any(e.account_id != account_id for e in events.values()):
            raise ValueError("every event belongs to the account whose messages moved")
        params = {
            **_outcome_params(account_id, outcomes, at),
            "event_messages": list(events), "event_ids": [e.id for e in events.values()],
            "event_types": [e.type for e in events.values()],
            "event_data": [json.dumps(dict(e.data)) for e in events.values()],
            "event_times": [e.created_at for e in events.values()],
        }
        conn = self._conn
        if conn.info.transaction_status == TransactionStatus.IDLE:
            await conn.set_autocommit(True)  # one statement and its commit: one round trip
            try:
                cur = await conn.execute(_SENT_WITH_EVENTS, params)
            finally:
                await conn.set_autocommit(False)
        else:
            cur = await conn.execute(_SENT_WITH_EVENTS, params)
        moved = [row[0] for row in await cur.fetchall()]
        self._events.added += sum(1 for message_id in moved if message_id in events)  # wakes the dispatch
        return moved

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
