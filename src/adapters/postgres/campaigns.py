"""Campaigns and their runs in PostgreSQL.

A campaign's messages are rows of `messages` (campaign_id, campaign_batch), written and read by the
messages repository; here are the campaign rows, whose counters move in place or are recounted
from its messages.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from psycopg import AsyncConnection

from adapters.postgres.rows import dict_rows
from domain.campaigns import Campaign, CampaignStatus
from domain.messages import MessageStatus

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
_OF_CAMPAIGN = "m.account_id = %s AND m.campaign_id = %s"


def _campaign(row: dict[str, Any]) -> Campaign:
    return Campaign(**{**row, "status": CampaignStatus(row["status"])})


class PostgresCampaigns:
    def __init__(self, conn: AsyncConnection) -> None:
        self._conn = conn

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
        rows = await dict_rows(self._conn, f"SELECT {_SELECTED} FROM campaigns WHERE account_id = %s AND id = %s{lock}",
                               (account_id, campaign_id))
        return _campaign(rows[0]) if rows else None

    async def save(self, campaign: Campaign) -> None:
        await self._conn.execute(
            f"UPDATE campaigns SET {', '.join(f'{c} = %s' for c in _SAVED)} WHERE account_id = %s AND id = %s",
            (*(getattr(campaign, c) for c in _SAVED), campaign.account_id, campaign.id),
        )

    async def page(self, account_id: str, page: int, per_page: int) -> tuple[list[Campaign], int]:
        rows = await dict_rows(
            self._conn,
            f"SELECT {_SELECTED} FROM campaigns WHERE account_id = %s ORDER BY created_at DESC, id DESC"
            " LIMIT %s OFFSET %s", (account_id, per_page, (page - 1) * per_page))
        total = await dict_rows(self._conn, "SELECT count(*) AS n FROM campaigns WHERE account_id = %s", (account_id,))
        return [_campaign(row) for row in rows], int(total[0]["n"])

    async def find(self, campaign_id: str) -> Campaign | None:
        rows = await dict_rows(self._conn, f"SELECT {_SELECTED} FROM campaigns WHERE id = %s", (campaign_id,))
        return _campaign(rows[0]) if rows else None

    async def newest(self, account_id: str | None, limit: int) -> list[Campaign]:
        where, params = ("WHERE account_id = %s", [account_id]) if account_id else ("", [])
        rows = await dict_rows(self._conn, f"SELECT {_SELECTED} FROM campaigns {where}"
                               " ORDER BY created_at DESC, id DESC LIMIT %s", (*params, limit))
        return [_campaign(row) for row in rows]

    async def due(self, now: datetime, limit: int) -> list[Campaign]:
        rows = await dict_rows(
            self._conn,
            f"(SELECT {_SELECTED} FROM campaigns WHERE status = 'scheduled' AND scheduled_at <= %s"
            " ORDER BY scheduled_at LIMIT %s)"
            f" UNION ALL (SELECT {_SELECTED} FROM campaigns WHERE status = 'running' ORDER BY updated_at LIMIT %s)",
            (now, limit, limit))
        return [_campaign(row) for row in rows]

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

    async def count_final_status(self, account_id: str, campaign_id: str, status: MessageStatus,
                                 at: datetime, n: int = 1) -> None:
        await self._conn.execute(_COUNT[status], (n, at, account_id, campaign_id))
