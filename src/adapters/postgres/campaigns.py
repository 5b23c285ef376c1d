"""Campaigns in PostgreSQL."""

from __future__ import annotations

from datetime import datetime

from psycopg import AsyncConnection
from psycopg.rows import dict_row

from adapters.postgres.ids import is_uuid
from application.ports import Campaign
from domain.campaigns import CampaignStatus
from domain.messages import MessageStatus

_COLUMNS = (
    "account_id", "id", "name", "message", "contact_list_id", "status", "created_at", "updated_at", "sender_id",
    "total_contacts", "sent_count", "delivered_count", "failed_count", "scheduled_at", "completed_at",
)
_UUIDS = {"account_id", "id", "contact_list_id"}
# One statement per counter, each an in-place increment: the row lock orders concurrent reports.
_COUNT = {
    status: f"UPDATE campaigns SET {column} = {column} + 1, updated_at = %s WHERE account_id = %s AND id = %s"
    for status, column in ((MessageStatus.DELIVERED, "delivered_count"), (MessageStatus.FAILED, "failed_count"))
}


class PostgresCampaigns:
    def __init__(self, conn: AsyncConnection) -> None:
        self._conn = conn

    async def add(self, campaign: Campaign) -> None:
        await self._conn.execute(
            f"INSERT INTO campaigns ({', '.join(_COLUMNS)}) VALUES ({', '.join(['%s'] * len(_COLUMNS))})",
            tuple(getattr(campaign, column) for column in _COLUMNS),
        )

    async def get(self, account_id: str, campaign_id: str) -> Campaign | None:
        if not is_uuid(campaign_id):
            return None
        selected = ", ".join(f"{c}::text" if c in _UUIDS else c for c in _COLUMNS)
        async with self._conn.cursor(row_factory=dict_row) as cur:
            await cur.execute(f"SELECT {selected} FROM campaigns WHERE account_id = %s AND id = %s",
                              (account_id, campaign_id))
            row = await cur.fetchone()
        return Campaign(**{**row, "status": CampaignStatus(row["status"])}) if row else None

    async def count_final_status(self, account_id: str, campaign_id: str, status: MessageStatus,
                                 at: datetime) -> None:
        await self._conn.execute(_COUNT[status], (at, account_id, campaign_id))
