"""Campaigns: one message to a contact list, now or later, and the runs that send it."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

from domain.campaigns import Campaign
from domain.messages import MessageStatus

# The job that starts a campaign when it is due and runs it: {account_id, campaign_id}.
RUN_CAMPAIGN = "run_campaign"


class CampaignRepository(Protocol):
    async def add(self, campaign: Campaign) -> bool:
        """False (nothing written) when the account has a campaign with its id already."""
        ...

    async def get(self, account_id: str, campaign_id: str) -> Campaign | None: ...

    async def get_for_update(self, account_id: str, campaign_id: str) -> Campaign | None:
        """The campaign, held until the unit of work ends: changes to it are made one at a time."""
        ...

    async def save(self, campaign: Campaign) -> None:
        """Its status, totals, times, failure reason and progress as given (counters left as
        stored: they move in place)."""
        ...

    async def page(self, account_id: str, page: int, per_page: int) -> tuple[list[Campaign], int]:
        """Newest first; the page and the total count."""
        ...

    async def find(self, campaign_id: str) -> Campaign | None:
        """Any account's campaign by its id (the operator's CLI)."""
        ...

    async def newest(self, account_id: str | None, limit: int) -> list[Campaign]:
        """The newest campaigns of one account, or of every account (None), newest first."""
        ...

    async def due(self, now: datetime, limit: int) -> list[Campaign]:
        """Across accounts: scheduled campaigns whose time has come, and running ones (a run
        that lost its job finishes through them)."""
        ...

    async def count_submitted(self, account_id: str, campaign_id: str, sent: int, failed: int,
                              at: datetime) -> None:
        """Counters moved in place by what a batch's submits came to."""
        ...

    async def recount(self, account_id: str, campaign_id: str, at: datetime) -> None:
        """`sent_count`, `delivered_count` and `failed_count` recounted from its messages."""
        ...

    async def count_final_status(self, account_id: str, campaign_id: str, status: MessageStatus,
                                 at: datetime, n: int = 1) -> None:
        """`n` (one) more of the campaign's messages `delivered` or `failed` by its delivery report.
        Increments in place (concurrent reports for one campaign never lose a count); a campaign
        that does not exist is left alone."""
        ...
