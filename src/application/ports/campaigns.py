"""Campaigns: one message to a contact list, now or later."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from domain.campaigns import CampaignStatus
from domain.messages import MessageStatus


@dataclass(frozen=True, slots=True)
class Campaign:
    account_id: str
    id: str
    name: str
    message: str
    contact_list_id: str
    status: CampaignStatus
    created_at: datetime
    updated_at: datetime
    sender_id: str | None = None  # the requested sender ID; None for the platform default
    total_contacts: int = 0
    sent_count: int = 0
    delivered_count: int = 0
    failed_count: int = 0
    scheduled_at: datetime | None = None
    completed_at: datetime | None = None


class CampaignRepository(Protocol):
    async def add(self, campaign: Campaign) -> None: ...

    async def get(self, account_id: str, campaign_id: str) -> Campaign | None: ...

    async def count_final_status(self, account_id: str, campaign_id: str, status: MessageStatus,
                                 at: datetime) -> None:
        """One more of the campaign's messages `delivered` or `failed` by its delivery report.
        Increments in place (concurrent reports for one campaign never lose a count); a campaign
        that does not exist is left alone."""
        ...
