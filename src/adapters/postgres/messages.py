"""Messages in PostgreSQL."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from psycopg import AsyncConnection

from adapters.postgres.group_commit import GroupCommits, run_grouped
from adapters.postgres.grouped_sends import PaidMessage, SentOutcomes, pay_in_order, record_sent_together
from adapters.postgres.message_rows import MESSAGE_COLUMNS, MESSAGE_SELECT, message_rows, message_values
from adapters.postgres.outbox import PostgresEventOutbox
from application.ports import OutboxEvent
from domain.ledger import EntryType, Posting
from domain.messages import Message, SubmitOutcome

# Still-pending messages to their outcomes (`%(...)b`: binary arrays, no text escaping).
_MOVE_OUTCOMES = (
    "UPDATE messages AS m SET status = u.status, gateway_ref = u.gateway_ref, gateway_bind = u.gateway_bind,"
    " error = u.error, credits_used = u.credits_used, cost = u.cost,"
    " sent_at = CASE WHEN u.status = 'sent' THEN %(at)s END, updated_at = %(at)s"
    " FROM unnest(%(ids)b::text[]::uuid[], %(statuses)b::text[], %(refs)b::text[], %(binds)b::text[],"
    " %(errors)b::text[], %(credits)b::int[], %(costs)b::text[])"
    " AS u(id, status, gateway_ref, gateway_bind, error, credits_used, cost)"
    " WHERE m.account_id = %(account_id)s AND m.id = u.id AND m.status = 'pending'"
)


def _outcome_params(account_id: str, outcomes: Sequence[SubmitOutcome], at: datetime) -> dict[str, Any]:
    return {
        "account_id": account_id, "at": at,
        "ids": [o.message_id for o in outcomes],
        "statuses": [o.status.value for o in outcomes],
        "refs": [o.gateway_ref for o in outcomes],
        "binds": [o.gateway_bind for o in outcomes],
        "errors": [o.error for o in outcomes],
        "credits": [o.credits_used for o in outcomes],
        "costs": [o.cost for o in outcomes],
    }


class PostgresMessages:
    def __init__(self, conn: AsyncConnection, events: PostgresEventOutbox,
                 groups: GroupCommits | None = None) -> None:
        self._conn = conn
        self._events = events  # the unit of work's outbox: events written here count for its wake-up
        self._groups = groups  # None: every statement alone
        self.paid: list[Posting] = []  # deductions appended in this transaction (counted once it commits)

    async def add_many(self, messages: Sequence[Message]) -> None:
        if len(messages) == 1:  # a single send: one INSERT beats COPY's extra round trips
            await self._conn.execute(
                f"INSERT INTO messages ({', '.join(MESSAGE_COLUMNS)})"
                f" VALUES ({', '.join(['%s'] * len(MESSAGE_COLUMNS))})",
                message_values(messages[0]),
            )
            return
        async with self._conn.cursor() as cur:
            async with cur.copy(f"COPY messages ({', '.join(MESSAGE_COLUMNS)}) FROM STDIN") as copy:
                for message in messages:
                    await copy.write_row(message_values(message))

    async def add_paid(self, message: Message, deduction: Posting, entry_id: str, at: datetime) -> bool:
        if deduction.type != EntryType.DEDUCT:
            raise ValueError("a paid message is paid by a deduction")
        # Nothing else in the transaction: the statement joins the next group commit, so the
        # account's balance row is locked once for many sends' debits and one commit's sync.
        paid = await run_grouped(self._groups, pay_in_order, self._conn, PaidMessage(message, deduction, entry_id, at))
        if paid:
            self.paid.append(deduction)
        return paid

    async def get(self, account_id: str, message_id: str) -> Message | None:
        async with self._conn.cursor(row_factory=message_rows) as cur:
            await cur.execute(
                f"SELECT {MESSAGE_SELECT} FROM messages m WHERE m.account_id = %s AND m.id = %s",
                (account_id, message_id),
            )
            return await cur.fetchone()

    async def list_batch(self, account_id: str, batch_id: str) -> list[Message]:
        # Only a retry resuming a crashed bulk asks, so no index of its own slows every bulk's
        # 1000-row insert: the primary key's account_id prefix bounds the scan to the account.
        async with self._conn.cursor(row_factory=message_rows) as cur:
            await cur.execute(
                f"SELECT {MESSAGE_SELECT} FROM messages m WHERE m.account_id = %s AND m.batch_id = %s",
                (account_id, batch_id),
            )
            return await cur.fetchall()

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
        moved = await run_grouped(self._groups, record_sent_together, self._conn,
                                  SentOutcomes(account_id, outcomes, events, at))
        self._events.added += sum(1 for message_id in moved if message_id in events)  # wakes the dispatch
        return moved

    async def record_senders(self, account_id: str, messages: Sequence[Message]) -> None:
        if messages:
            await self._conn.execute(
                "UPDATE messages AS m SET sender = u.sender, requested_sender = u.requested"
                " FROM unnest(%s::uuid[], %s::text[], %s::text[]) AS u(id, sender, requested)"
                " WHERE m.account_id = %s AND m.id = u.id",
                ([m.id for m in messages], [m.sender for m in messages], [m.requested_sender for m in messages],
                 account_id),
            )

    async def mark_handed_over(self, account_id: str, message_ids: Sequence[str], at: datetime) -> None:
        if message_ids:
            await self._conn.execute(
                "UPDATE messages SET handed_over = true, updated_at = %s"
                " WHERE account_id = %s AND id = ANY(%b::text[]::uuid[]) AND status = 'pending'",
                (at, account_id, list(message_ids)),
            )

    async def claim_stuck(self, older_than: datetime, now: datetime, limit: int) -> list[Message]:
        async with self._conn.cursor(row_factory=message_rows) as cur:
            await cur.execute(
                "UPDATE messages AS m SET updated_at = %s"
                " FROM (SELECT account_id, id FROM messages"
                "       WHERE status = 'pending' AND updated_at < %s AND (campaign_id IS NULL"
                "         OR EXISTS (SELECT 1 FROM campaigns c WHERE c.account_id = messages.account_id"
                "                    AND c.id = messages.campaign_id AND c.status IN ('completed', 'failed')))"
                "       ORDER BY updated_at LIMIT %s FOR UPDATE SKIP LOCKED) AS stuck"
                " WHERE m.account_id = stuck.account_id AND m.id = stuck.id"
                f" RETURNING {MESSAGE_SELECT}, m.campaign_batch",
                (now, older_than, limit),
            )
            rows = await cur.fetchall()
        return sorted(rows, key=lambda m: (m.created_at, m.id))

