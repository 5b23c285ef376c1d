"""Campaigns and their runs in PostgreSQL.

A campaign's messages are rows of `messages` (campaign_id, campaign_batch): written with COPY,
and each step of a run is one set-based statement over one batch, found by the
`messages_of_campaign` index. Recipients are read with a server-side cursor, so neither side
holds a whole list in memory.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable, Sequence
from datetime import datetime
from typing import Any

from psycopg import AsyncConnection
from psycopg.rows import dict_row

from adapters.postgres.ids import is_uuid
from adapters.postgres.message_rows import MESSAGE_COLUMNS, MESSAGE_SELECT, message_rows, message_values
from application.ports import Campaign, Recipient, RecipientCounts
from domain.campaigns import CampaignStatus
from domain.messages import Message, MessageStatus
from domain.pricing import cost_text

_COLUMNS = (
    "account_id", "id", "name", "message", "contact_list_id", "status", "created_at", "updated_at", "sender_id",
    "total_contacts", "sent_count", "delivered_count", "failed_count", "scheduled_at", "completed_at",
    "failure_reason", "batches_paid",
)
_UUIDS = {"account_id", "id", "contact_list_id"}
_SELECTED = ", ".join(f"{c}::text" if c in _UUIDS else c for c in _COLUMNS)
_SAVED = ("status", "total_contacts", "scheduled_at", "completed_at", "failure_reason", "batches_paid", "updated_at")
# One statement per counter, each an in-place increment: the row lock orders concurrent reports.
_COUNT = {
    status: f"UPDATE campaigns SET {column} = {column} + %s, updated_at = %s WHERE account_id = %s AND id = %s"
    for status, column in ((MessageStatus.DELIVERED, "delivered_count"), (MessageStatus.FAILED, "failed_count"))
}
_MESSAGE = f"{MESSAGE_SELECT}, m.campaign_batch"
_OF_CAMPAIGN = "m.account_id = %s AND m.campaign_id = %s"
# A list's recipients: every number of its contacts (main and extra, each held once in a list by
# its constraint), named after its contact, less those that opted out; by contact, main number first.
_RECIPIENTS = (
    "FROM contact_phones p JOIN contacts c ON c.account_id = p.account_id AND c.id = p.contact_id"
    " WHERE p.account_id = %s AND p.list_id = %s"
    " AND NOT EXISTS (SELECT 1 FROM opt_outs o WHERE o.account_id = p.account_id AND o.phone = p.phone)"
)
_UNCHARGED = f"status = 'failed', credits_used = 0, cost = '{cost_text(0)}', updated_at = %s"
# A unit of work that wrote at least this many campaign messages refreshes the planner's
# statistics of `messages` after its commit (`PostgresUnitOfWork.commit`).
ANALYZE_AFTER = 10_000


def _campaign(row: dict[str, Any]) -> Campaign:
    return Campaign(**{**row, "status": CampaignStatus(row["status"])})


class PostgresCampaigns:
    def __init__(self, conn: AsyncConnection) -> None:
        self._conn = conn
        self.written = 0  # messages added in this unit of work

    async def _rows(self, query: str, params: Sequence[Any]) -> list[dict[str, Any]]:
        async with self._conn.cursor(row_factory=dict_row) as cur:
            await cur.execute(query, params)
            return await cur.fetchall()

    async def _messages(self, query: str, params: Sequence[Any]) -> list[Message]:
        async with self._conn.cursor(row_factory=message_rows) as cur:
            await cur.execute(query, params)
            return await cur.fetchall()

    async def add(self, campaign: Campaign) -> bool:
        cur = await self._conn.execute(
            f"INSERT INTO campaigns ({', '.join(_COLUMNS)}) VALUES ({', '.join(['%s'] * len(_COLUMNS))})"
            " ON CONFLICT (account_id, id) DO NOTHING",
            tuple(getattr(campaign, column) for column in _COLUMNS),
        )
        return cur.rowcount == 1

    async def get(self, account_id: str, campaign_id: str) -> Campaign | None:
        return await self._get(account_id, campaign_id, "")

    async def get_for_update(self, account_id: str, campaign_id: str) -> Campaign | None:
        return await self._get(account_id, campaign_id, " FOR UPDATE")

    async def _get(self, account_id: str, campaign_id: str, lock: str) -> Campaign | None:
        if not is_uuid(campaign_id):
            return None
        rows = await self._rows(f"SELECT {_SELECTED} FROM campaigns WHERE account_id = %s AND id = %s{lock}",
                                (account_id, campaign_id))
        return _campaign(rows[0]) if rows else None

    async def save(self, campaign: Campaign) -> None:
        await self._conn.execute(
            f"UPDATE campaigns SET {', '.join(f'{c} = %s' for c in _SAVED)} WHERE account_id = %s AND id = %s",
            (*(getattr(campaign, c) for c in _SAVED), campaign.account_id, campaign.id),
        )

    async def page(self, account_id: str, page: int, per_page: int) -> tuple[list[Campaign], int]:
        rows = await self._rows(
            f"SELECT {_SELECTED} FROM campaigns WHERE account_id = %s ORDER BY created_at DESC, id DESC"
            " LIMIT %s OFFSET %s", (account_id, per_page, (page - 1) * per_page))
        total = await self._rows("SELECT count(*) AS n FROM campaigns WHERE account_id = %s", (account_id,))
        return [_campaign(row) for row in rows], int(total[0]["n"])

    async def find(self, campaign_id: str) -> Campaign | None:
        if not is_uuid(campaign_id):
            return None
        rows = await self._rows(f"SELECT {_SELECTED} FROM campaigns WHERE id = %s", (campaign_id,))
        return _campaign(rows[0]) if rows else None

    async def newest(self, account_id: str | None, limit: int) -> list[Campaign]:
        where, params = ("WHERE account_id = %s", [account_id]) if account_id else ("", [])
        rows = await self._rows(f"SELECT {_SELECTED} FROM campaigns {where} ORDER BY created_at DESC, id DESC LIMIT %s",
                                (*params, limit))
        return [_campaign(row) for row in rows]

    async def due(self, now: datetime, limit: int) -> list[Campaign]:
        rows = await self._rows(
            f"(SELECT {_SELECTED} FROM campaigns WHERE status = 'scheduled' AND scheduled_at <= %s"
            " ORDER BY scheduled_at LIMIT %s)"
            f" UNION ALL (SELECT {_SELECTED} FROM campaigns WHERE status = 'running' ORDER BY updated_at LIMIT %s)",
            (now, limit, limit))
        return [_campaign(row) for row in rows]

    async def has_list(self, account_id: str, list_id: str) -> bool:
        if not is_uuid(list_id):
            return False
        rows = await self._rows("SELECT 1 AS found FROM contact_lists WHERE account_id = %s AND id = %s",
                                (account_id, list_id))
        return bool(rows)

    async def recipients(self, account_id: str, list_id: str, chunk: int) -> AsyncIterator[list[Recipient]]:
        # A server-side cursor inside the unit of work's transaction: the caller may write (COPY)
        # between two chunks on the same connection.
        async with self._conn.cursor(name="campaign_recipients") as cur:
            await cur.execute(f"SELECT p.phone, c.first_name, c.last_name {_RECIPIENTS}"
                              " ORDER BY c.created_at, c.id, p.is_main DESC, p.created_at, p.id", (account_id, list_id))
            while rows := await cur.fetchmany(chunk):
                yield [Recipient(phone, first_name, last_name) for phone, first_name, last_name in rows]

    async def recipient_counts(self, account_id: str, list_id: str) -> RecipientCounts:
        rows = await self._rows(
            "SELECT count(DISTINCT p.contact_id) AS contacts, count(DISTINCT p.phone) AS numbers,"
            " count(DISTINCT p.phone) FILTER (WHERE EXISTS (SELECT 1 FROM opt_outs o"
            "   WHERE o.account_id = p.account_id AND o.phone = p.phone)) AS opted_out"
            " FROM contact_phones p WHERE p.account_id = %s AND p.list_id = %s", (account_id, list_id))
        row = rows[0]
        numbers, opted_out = int(row["numbers"]), int(row["opted_out"])
        return RecipientCounts(contacts=int(row["contacts"]), numbers=numbers, recipients=numbers - opted_out,
                               opted_out=opted_out)

    async def add_messages(self, messages: Iterable[Message]) -> None:
        async with self._conn.cursor() as cur:
            async with cur.copy(f"COPY messages ({', '.join(MESSAGE_COLUMNS)}, campaign_batch) FROM STDIN") as copy:
                for message in messages:  # each sent on in 32 KiB pieces: the server stores while the next is built
                    await copy.write_row((*message_values(message), message.campaign_batch))
                    self.written += 1

    async def batch(self, account_id: str, campaign_id: str, batch: int) -> list[Message]:
        return await self._messages(
            f"SELECT {_MESSAGE} FROM messages m WHERE {_OF_CAMPAIGN} AND m.campaign_batch = %s"
            " AND m.status = 'pending' ORDER BY m.id", (account_id, campaign_id, batch))

    async def exclude_opted_out(self, account_id: str, campaign_id: str, batch: int, at: datetime) -> int:
        cur = await self._conn.execute(
            f"UPDATE messages AS m SET {_UNCHARGED}, error = 'opted_out' FROM opt_outs o"
            f" WHERE {_OF_CAMPAIGN} AND m.campaign_batch = %s AND m.status = 'pending'"
            " AND o.account_id = m.account_id AND o.phone = m.to_number",
            (at, account_id, campaign_id, batch))
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

    async def count_submitted(self, account_id: str, campaign_id: str, sent: int, failed: int,
                              at: datetime) -> None:
        await self._conn.execute(
            "UPDATE campaigns SET sent_count = sent_count + %s, failed_count = failed_count + %s, updated_at = %s"
            " WHERE account_id = %s AND id = %s", (sent, failed, at, account_id, campaign_id))

    async def recount(self, account_id: str, campaign_id: str, at: datetime) -> None:
        await self._conn.execute(
            "UPDATE campaigns AS c SET sent_count = s.sent, delivered_count = s.delivered,"
            " failed_count = s.failed, updated_at = %s"
            " FROM (SELECT count(*) FILTER (WHERE m.sent_at IS NOT NULL OR m.status = 'delivered') AS sent,"
            "       count(*) FILTER (WHERE m.status = 'delivered') AS delivered,"
            "       count(*) FILTER (WHERE m.status = 'failed') AS failed"
            f"       FROM messages m WHERE {_OF_CAMPAIGN}) AS s"
            " WHERE c.account_id = %s AND c.id = %s", (at, account_id, campaign_id, account_id, campaign_id))

    async def messages(self, account_id: str, campaign_id: str, status: MessageStatus | None, page: int,
                       per_page: int) -> tuple[list[Message], int]:
        where, params = _OF_CAMPAIGN, [account_id, campaign_id]
        if status is not None:
            where, params = f"{where} AND m.status = %s", [*params, status.value]
        messages = await self._messages(
            f"SELECT {_MESSAGE} FROM messages m WHERE {where} ORDER BY m.campaign_batch, m.id LIMIT %s OFFSET %s",
            (*params, per_page, (page - 1) * per_page))
        total = await self._rows(f"SELECT count(*) AS n FROM messages m WHERE {where}", params)
        return messages, int(total[0]["n"])

    async def all_messages(self, account_id: str, campaign_id: str, chunk: int) -> AsyncIterator[list[Message]]:
        async with self._conn.cursor(name="campaign_messages", row_factory=message_rows) as cur:
            await cur.execute(f"SELECT {_MESSAGE} FROM messages m WHERE {_OF_CAMPAIGN}"
                              " ORDER BY m.campaign_batch, m.id", (account_id, campaign_id))
            while messages := await cur.fetchmany(chunk):
                yield messages

    async def count_final_status(self, account_id: str, campaign_id: str, status: MessageStatus,
                                 at: datetime, n: int = 1) -> None:
        await self._conn.execute(_COUNT[status], (n, at, account_id, campaign_id))
