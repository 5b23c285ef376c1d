"""Campaigns in memory."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from adapters.memory.store import MemoryStore
from application.ports import Campaign
from domain.messages import MessageStatus


class MemoryCampaigns:
    def __init__(self, store: MemoryStore) -> None:
        self._store = store

    def _rows(self) -> dict[tuple[str, str], Campaign]:
        rows: dict[tuple[str, str], Campaign] = self._store.table("campaigns")
        return rows

    async def add(self, campaign: Campaign) -> None:
        if (campaign.account_id, campaign.id) in self._rows():
            raise ValueError("duplicate campaign id")
        self._rows()[(campaign.account_id, campaign.id)] = campaign

    async def get(self, account_id: str, campaign_id: str) -> Campaign | None:
        return self._rows().get((account_id, campaign_id))

    async def count_final_status(self, account_id: str, campaign_id: str, status: MessageStatus,
                                 at: datetime) -> None:
        campaign = self._rows().get((account_id, campaign_id))
        if campaign is None:
            return
        if status is MessageStatus.DELIVERED:
            campaign = replace(campaign, delivered_count=campaign.delivered_count + 1, updated_at=at)
        elif status is MessageStatus.FAILED:
            campaign = replace(campaign, failed_count=campaign.failed_count + 1, updated_at=at)
        else:
            raise KeyError(status)
        self._rows()[(account_id, campaign_id)] = campaign
