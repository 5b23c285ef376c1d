"""Campaigns and their runs in memory.

A campaign's messages live in the `messages` table the memory message repository keeps. The
contact lists and contacts are read from the tables `contact_lists` and `contacts`, whose rows
are `ContactList` and `Contact` records (`application.ports.contacts`) keyed by (account, id).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable
from dataclasses import replace
from datetime import datetime
from typing import Any

from adapters.memory.store import MemoryStore
from application.ports import Campaign, Recipient, RecipientCounts
from domain.campaigns import CampaignStatus
from domain.messages import Message, MessageStatus
from domain.pricing import cost_text

_SAVED = ("status", "total_contacts", "scheduled_at", "completed_at", "failure_reason", "batches_paid", "updated_at")


class MemoryCampaigns:
    def __init__(self, store: MemoryStore) -> None:
        self._store = store

    def _rows(self) -> dict[tuple[str, str], Campaign]:
        rows: dict[tuple[str, str], Campaign] = self._store.table("campaigns")
        return rows

    def _messages(self) -> dict[tuple[str, str], Message]:
        rows: dict[tuple[str, str], Message] = self._store.table("messages")
        return rows

    def _of(self, account_id: str, campaign_id: str) -> list[Message]:
        found = [m for (owner, _), m in self._messages().items()
                 if owner == account_id and m.campaign_id == campaign_id]
        return sorted(found, key=lambda m: (m.campaign_batch or 0, m.id))

    def _set(self, message: Message, **changes: Any) -> None:
        self._messages()[(message.account_id, message.id)] = replace(message, **changes)

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

    async def has_list(self, account_id: str, list_id: str) -> bool:
        return (account_id, list_id) in self._store.table("contact_lists")

    def _numbers(self, account_id: str, list_id: str) -> list[tuple[Any, Any]]:
        """Every number of the list with its contact: by contact, main number first (as PostgreSQL)."""
        contacts = self._store.table("contacts")
        found = [(row, contacts[(account_id, row.contact_id)]) for row in self._store.table("contact_phones").values()
                 if row.account_id == account_id and row.list_id == list_id]
        return sorted(found, key=lambda pair: (pair[1].created_at, pair[1].id, not pair[0].is_main,
                                                pair[0].created_at, pair[0].id))

    def _opted_out(self, account_id: str, phone: str) -> bool:
        return (account_id, phone) in self._store.table("opt_outs")

    async def recipients(self, account_id: str, list_id: str, chunk: int) -> AsyncIterator[list[Recipient]]:
        found = [Recipient(number.phone, contact.first_name, contact.last_name)
                 for number, contact in self._numbers(account_id, list_id)
                 if not self._opted_out(account_id, number.phone)]
        for start in range(0, len(found), chunk):
            yield found[start:start + chunk]

    async def recipient_counts(self, account_id: str, list_id: str) -> RecipientCounts:
        numbers = self._numbers(account_id, list_id)
        distinct = {number.phone for number, _ in numbers}
        opted_out = sum(1 for phone in distinct if self._opted_out(account_id, phone))
        return RecipientCounts(contacts=len({contact.id for _, contact in numbers}), numbers=len(distinct),
                               recipients=len(distinct) - opted_out, opted_out=opted_out)

    async def add_messages(self, messages: Iterable[Message]) -> None:
        messages, rows = list(messages), self._messages()
        if any((m.account_id, m.id) in rows for m in messages):
            raise ValueError("duplicate message id")
        rows.update(((m.account_id, m.id), m) for m in messages)

    async def batch(self, account_id: str, campaign_id: str, batch: int) -> list[Message]:
        return [m for m in self._of(account_id, campaign_id)
                if m.campaign_batch == batch and m.status is MessageStatus.PENDING]

    async def exclude_opted_out(self, account_id: str, campaign_id: str, batch: int, at: datetime) -> int:
        opted = [m for m in await self.batch(account_id, campaign_id, batch) if self._opted_out(account_id, m.to)]
        for message in opted:
            self._uncharged(message, "opted_out", at)
        return len(opted)

    def _uncharged(self, message: Message, error: str, at: datetime) -> None:
        self._set(message, status=MessageStatus.FAILED, error=error, credits_used=0, cost=cost_text(0), updated_at=at)

    def _paid_up_to(self, account_id: str, campaign_id: str) -> int:
        campaign = self._rows().get((account_id, campaign_id))
        return campaign.batches_paid if campaign else 0

    async def paid_pending(self, account_id: str, campaign_id: str) -> list[Message]:
        paid = self._paid_up_to(account_id, campaign_id)
        return [m for m in self._of(account_id, campaign_id)
                if m.status is MessageStatus.PENDING and (m.campaign_batch or 0) <= paid]

    async def fail_unpaid(self, account_id: str, campaign_id: str, error: str, at: datetime) -> int:
        paid = self._paid_up_to(account_id, campaign_id)
        unpaid = [m for m in self._of(account_id, campaign_id)
                  if m.status is MessageStatus.PENDING and (m.campaign_batch or 0) > paid]
        for message in unpaid:
            self._uncharged(message, error, at)
        return len(unpaid)

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
        messages = self._of(account_id, campaign_id)
        self._rows()[(account_id, campaign_id)] = replace(
            campaign, updated_at=at,
            sent_count=sum(1 for m in messages if m.sent_at is not None or m.status is MessageStatus.DELIVERED),
            delivered_count=sum(1 for m in messages if m.status is MessageStatus.DELIVERED),
            failed_count=sum(1 for m in messages if m.status is MessageStatus.FAILED))

    async def messages(self, account_id: str, campaign_id: str, status: MessageStatus | None, page: int,
                       per_page: int) -> tuple[list[Message], int]:
        found = [m for m in self._of(account_id, campaign_id) if status is None or m.status is status]
        return found[(page - 1) * per_page:page * per_page], len(found)

    async def all_messages(self, account_id: str, campaign_id: str, chunk: int) -> AsyncIterator[list[Message]]:
        found = self._of(account_id, campaign_id)
        for start in range(0, len(found), chunk):
            yield found[start:start + chunk]

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
