"""Campaigns and their runs in memory.

A campaign's messages live in the `messages` table the memory message repository keeps; its
counters are recounted from them.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from adapters.memory.messages import of_campaign
from adapters.memory.store import MemoryStore
from domain.campaigns import Campaign, CampaignStatus
from domain.messages import MessageStatus

_SAVED = ("status", "total_contacts", "scheduled_at", "completed_at", "failure_reason", "batches_paid", "updated_at")


class MemoryCampaigns:
    def __init__(self, store: MemoryStore) -> None:
        self._store = store

    def _rows(self) -> dict[tuple[str, str], Campaign]:
        rows: dict[tuple[str, str], Campaign] = self._store.table("campaigns")
        return rows

    async def add(self, campaign: Campaign) -> bool:
        if (campaign.account_id, campaign.id) in self._rows():
            return False
        self._rows()[(campaign.account_id, campaign.id)] = campaign
        return True

    async def get(self, account_id: str, campaign_id: str) -> Campaign | None:
        return self._rows().get((account_id, campaign_id))

    async def get_for_update(self, account_id: str, campaign_id: str) -> Campaign | None:
        return self._rows().get((account_id, campaign_id))  # the store's lock serialises units of work

    async def save(self, campaign: Campaign) -> None:
        stored = self._rows().get((campaign.account_id, campaign.id))
        if stored is not None:
            self._rows()[(campaign.account_id, campaign.id)] = replace(
                stored, **{c: getattr(campaign, c) for c in _SAVED})

    async def page(self, account_id: str, page: int, per_page: int) -> tuple[list[Campaign], int]:
        mine = sorted((c for (owner, _), c in self._rows().items() if owner == account_id),
                      key=lambda c: (c.created_at, c.id), reverse=True)
        return mine[(page - 1) * per_page:page * per_page], len(mine)

    async def find(self, campaign_id: str) -> Campaign | None:
        return next((c for (_, cid), c in self._rows().items() if cid == campaign_id), None)

    async def newest(self, account_id: str | None, limit: int) -> list[Campaign]:
        found = [c for c in self._rows().values() if account_id is None or c.account_id == account_id]
        return sorted(found, key=lambda c: (c.created_at, c.id), reverse=True)[:limit]

    async def due(self, now: datetime, limit: int) -> list[Campaign]:
        rows = self._rows().values()
        scheduled = sorted((c for c in rows if c.status is CampaignStatus.SCHEDULED
                            and c.scheduled_at is not None and c.scheduled_at <= now),
                           key=lambda c: c.scheduled_at or now)[:limit]
        running = sorted((c for c in rows if c.status is CampaignStatus.RUNNING), key=lambda c: c.updated_at)[:limit]
        return scheduled + running

    async def count_submitted(self, account_id: str, campaign_id: str, sent: int, failed: int,
                              at: datetime) -> None:
        campaign = self._rows().get((account_id, campaign_id))
        if campaign is not None:
            self._rows()[(account_id, campaign_id)] = replace(
                campaign, sent_count=campaign.sent_count + sent, failed_count=campaign.failed_count + failed,
                updated_at=at)

    async def recount(self, account_id: str, campaign_id: str, at: datetime) -> None:
        campaign = self._rows().get((account_id, campaign_id))
        if campaign is None:
            return
        messages = of_campaign(self._store, account_id, campaign_id)
        self._rows()[(account_id, campaign_id)] = replace(
            campaign, updated_at=at,
            sent_count=sum(1 for m in messages if m.sent_at is not None or m.status is MessageStatus.DELIVERED),
            delivered_count=sum(1 for m in messages if m.status is MessageStatus.DELIVERED),
            failed_count=sum(1 for m in messages if m.status is MessageStatus.FAILED))

    async def count_final_status(self, account_id: str, campaign_id: str, status: MessageStatus,
                                 at: datetime, n: int = 1) -> None:
        campaign = self._rows().get((account_id, campaign_id))
        if campaign is None:
            return
        if status is MessageStatus.DELIVERED:
            campaign = replace(campaign, delivered_count=campaign.delivered_count + n, updated_at=at)
        elif status is MessageStatus.FAILED:
            campaign = replace(campaign, failed_count=campaign.failed_count + n, updated_at=at)
        else:
            raise KeyError(status)
        self._rows()[(account_id, campaign_id)] = campaign
