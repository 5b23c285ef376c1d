"""Messages in PostgreSQL.

A campaign's messages are rows of `messages` (campaign_id, campaign_batch): written with COPY,
and each step of a run is one set-based statement over one batch, found by the
`messages_of_campaign` index.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

from psycopg import AsyncConnection

from adapters.postgres.group_commit import GroupCommits, run_grouped
from adapters.postgres.rows import dict_rows
from adapters.postgres.sending.grouped_sends import PaidMessage, SentOutcomes, pay_in_order, record_sent_together
from adapters.postgres.sending.message_rows import MESSAGE_COLUMNS, MESSAGE_SELECT, message_rows, message_values
from adapters.postgres.outbox import PostgresEventOutbox
from application.ports import OutboxEvent
from domain.campaigns import OPTED_OUT
from domain.ledger import EntryType, Posting
from domain.messages import Message, MessageStatus, SubmitOutcome
from domain.pricing import cost_text

_MESSAGE = f"{MESSAGE_SELECT}, m.campaign_batch"
_OF_CAMPAIGN = "m.account_id = %s AND m.campaign_id = %s"
_UNCHARGED = f"status = 'failed', credits_used = 0, cost = '{cost_text(0)}', updated_at = %s"
# A unit of work that wrote at least this many campaign messages refreshes the planner's
# statistics of `messages` after its commit (`PostgresUnitOfWork.commit`).
ANALYZE_AFTER = 10_000

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
        self.written = 0  # campaign messages added in this unit of work

    async def _messages(self, query: str, params: Sequence[Any]) -> list[Message]:
        async with self._conn.cursor(row_factory=message_rows) as cur:
            await cur.execute(query, params)
            return await cur.fetchall()

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
                # The rows are chosen once (a MATERIALIZED CTE), then claimed: chosen in a subquery, the
                # choice may be run again for each row, skip the rows this statement has taken, and
                # take more than `limit`.
                "WITH stuck AS MATERIALIZED (SELECT account_id, id FROM messages"
                "       WHERE status = 'pending' AND updated_at < %s AND (campaign_id IS NULL"
                "         OR EXISTS (SELECT 1 FROM campaigns c WHERE c.account_id = messages.account_id"
                "                    AND c.id = messages.campaign_id AND c.status IN ('completed', 'failed')))"
                "       ORDER BY updated_at LIMIT %s FOR UPDATE SKIP LOCKED)"
                " UPDATE messages AS m SET updated_at = %s FROM stuck"
                " WHERE m.account_id = stuck.account_id AND m.id = stuck.id"
                f" RETURNING {MESSAGE_SELECT}, m.campaign_batch",
                (older_than, limit, now),
            )
            rows = await cur.fetchall()
        return sorted(rows, key=lambda m: (m.created_at, m.id))

    async def add_campaign_messages(self, messages: Iterable[Message]) -> None:
        async with self._conn.cursor() as cur:
            async with cur.copy(f"COPY messages ({', '.join(MESSAGE_COLUMNS)}, campaign_batch) FROM STDIN") as copy:
                for message in messages:  # each sent on in 32 KiB pieces: the server stores while the next is built
                    await copy.write_row((*message_values(message), message.campaign_batch))
                    self.written += 1

    async def campaign_batch(self, account_id: str, campaign_id: str, batch: int) -> list[Message]:
        return await self._messages(
            f"SELECT {_MESSAGE} FROM messages m WHERE {_OF_CAMPAIGN} AND m.campaign_batch = %s"
            " AND m.status = 'pending' ORDER BY m.id", (account_id, campaign_id, batch))

    async def exclude_opted_out(self, account_id: str, campaign_id: str, batch: int, at: datetime) -> int:
        cur = await self._conn.execute(
            f"UPDATE messages AS m SET {_UNCHARGED}, error = %s FROM opt_outs o"
            f" WHERE {_OF_CAMPAIGN} AND m.campaign_batch = %s AND m.status = 'pending'"
            " AND o.account_id = m.account_id AND o.phone = m.to_number",
            (at, OPTED_OUT, account_id, campaign_id, batch))
        return cur.rowcount

    async def paid_pending(self, account_id: str, campaign_id: str) -> list[Message]:
        return await self._messages(
            f"SELECT {_MESSAGE} FROM messages m JOIN campaigns c ON c.account_id = m.account_id"
            f" AND c.id = m.campaign_id WHERE {_OF_CAMPAIGN} AND m.status = 'pending'"
            " AND m.campaign_batch <= c.batches_paid ORDER BY m.campaign_batch, m.id", (account_id, campaign_id))

    async def fail_unpaid(self, account_id: str, campaign_id: str, error: str, at: datetime) -> int:
        cur = await self._conn.execute(
            f"UPDATE messages AS m SET {_UNCHARGED}, error = %s FROM campaigns c"
            f" WHERE {_OF_CAMPAIGN} AND m.status = 'pending' AND c.account_id = m.account_id"
            " AND c.id = m.campaign_id AND m.campaign_batch > c.batches_paid",
            (at, error, account_id, campaign_id))
        return cur.rowcount

    async def campaign_messages(self, account_id: str, campaign_id: str, status: MessageStatus | None,
                                page: int, per_page: int) -> tuple[list[Message], int]:
        where, params = _OF_CAMPAIGN, [account_id, campaign_id]
        if status is not None:
            where, params = f"{where} AND m.status = %s", [*params, status.value]
        messages = await self._messages(
            f"SELECT {_MESSAGE} FROM messages m WHERE {where} ORDER BY m.campaign_batch, m.id LIMIT %s OFFSET %s",
            (*params, per_page, (page - 1) * per_page))
        total = await dict_rows(self._conn, f"SELECT count(*) AS n FROM messages m WHERE {where}", params)
        return messages, int(total[0]["n"])

    async def all_campaign_messages(self, account_id: str, campaign_id: str,
                                    chunk: int) -> AsyncIterator[list[Message]]:
        async with self._conn.cursor(name="campaign_messages", row_factory=message_rows) as cur:
            await cur.execute(f"SELECT {_MESSAGE} FROM messages m WHERE {_OF_CAMPAIGN}"
                              " ORDER BY m.campaign_batch, m.id", (account_id, campaign_id))
            while messages := await cur.fetchmany(chunk):
                yield messages

    async def campaign_status_counts(self, account_id: str, campaign_id: str) -> dict[MessageStatus, int]:
        rows = await dict_rows(self._conn, f"SELECT m.status, count(*) AS n FROM messages m WHERE {_OF_CAMPAIGN}"
                                " GROUP BY m.status", (account_id, campaign_id))
        return {MessageStatus(row["status"]): int(row["n"]) for row in rows}
