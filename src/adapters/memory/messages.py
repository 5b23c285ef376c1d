"""Messages in memory."""

from __future__ import annotations

from collections import Counter
from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

from adapters.memory.credits import MemoryLedger
from adapters.memory.outbox import MemoryEventOutbox
from adapters.memory.store import MemoryStore
from application.ports import OutboxEvent
from domain.campaigns import OPTED_OUT, CampaignStatus
from domain.ledger import Posting
from domain.messages import Message, MessageStatus, SubmitOutcome
from domain.pricing import cost_text


def of_campaign(store: MemoryStore, account_id: str, campaign_id: str) -> list[Message]:
    """A campaign's messages in batch order (as PostgreSQL)."""
    rows: dict[tuple[str, str], Message] = store.table("messages")
    found = [m for (owner, _), m in rows.items() if owner == account_id and m.campaign_id == campaign_id]
    return sorted(found, key=lambda m: (m.campaign_batch or 0, m.id))


class MemoryMessages:
    def __init__(self, store: MemoryStore) -> None:
        self._store = store

    def _rows(self) -> dict[tuple[str, str], Message]:
        rows: dict[tuple[str, str], Message] = self._store.table("messages")
        return rows

    async def add_many(self, messages: Sequence[Message]) -> None:
        rows = self._rows()
        keys = [(m.account_id, m.id) for m in messages]
        if len(set(keys)) != len(keys) or any(key in rows for key in keys):
            raise ValueError("duplicate message id")
        rows.update(zip(keys, messages))

    async def add_paid(self, message: Message, deduction: Posting, entry_id: str, at: datetime) -> bool:
        entry = await MemoryLedger(self._store).post(message.account_id, deduction, entry_id, at)  # raises first
        if entry.id != entry_id:
            return False  # posted before, with its message
        await self.add_many([message])
        return True

    async def record_sent(self, account_id: str, outcomes: Sequence[SubmitOutcome],
                          events: Mapping[str, OutboxEvent], at: datetime) -> list[str]:
        moved = await self.record_outcomes(account_id, outcomes, at)
        await MemoryEventOutbox(self._store).add_many([events[m] for m in moved if m in events])
        return moved

    async def get(self, account_id: str, message_id: str) -> Message | None:
        return self._rows().get((account_id, message_id))

    async def list_batch(self, account_id: str, batch_id: str) -> list[Message]:
        return [m for (owner, _), m in self._rows().items() if owner == account_id and m.batch_id == batch_id]

    async def record_outcomes(
        self, account_id: str, outcomes: Sequence[SubmitOutcome], at: datetime
    ) -> list[str]:
        rows = self._rows()
        moved: list[str] = []
        for outcome in outcomes:
            message = rows.get((account_id, outcome.message_id))
            if message is None or message.status != MessageStatus.PENDING:
                continue
            rows[(account_id, outcome.message_id)] = replace(
                message, status=outcome.status, gateway_ref=outcome.gateway_ref,
                error=outcome.error, credits_used=outcome.credits_used, cost=outcome.cost,
                sent_at=at if outcome.status == MessageStatus.SENT else None, updated_at=at,
            )
            moved.append(outcome.message_id)
        return moved

    async def record_senders(self, account_id: str, messages: Sequence[Message]) -> None:
        rows = self._rows()
        for message in messages:
            current = rows.get((account_id, message.id))
            if current is not None:
                rows[(account_id, message.id)] = replace(current, sender=message.sender,
                                                         requested_sender=message.requested_sender)

    async def mark_handed_over(self, account_id: str, message_ids: Sequence[str], at: datetime) -> None:
        rows = self._rows()
        for message_id in message_ids:
            message = rows.get((account_id, message_id))
            if message is not None and message.status == MessageStatus.PENDING:
                rows[(account_id, message_id)] = replace(message, handed_over=True, updated_at=at)

    async def claim_stuck(self, older_than: datetime, now: datetime, limit: int) -> list[Message]:
        rows = self._rows()
        stuck = sorted(
            (m for m in rows.values() if m.status == MessageStatus.PENDING
             and not self._in_running_campaign(m) and m.updated_at < older_than),
            key=lambda m: m.updated_at,
        )[:limit]
        for message in stuck:
            rows[(message.account_id, message.id)] = replace(message, updated_at=now)
        return sorted((replace(m, updated_at=now) for m in stuck), key=lambda m: (m.created_at, m.id))

    def _in_running_campaign(self, message: Message) -> bool:
        if message.campaign_id is None:
            return False
        campaign = self._store.table("campaigns").get((message.account_id, message.campaign_id))
        return campaign is None or campaign.status not in (CampaignStatus.COMPLETED, CampaignStatus.FAILED)

    def _of(self, account_id: str, campaign_id: str) -> list[Message]:
        return of_campaign(self._store, account_id, campaign_id)

    def _set(self, message: Message, **changes: Any) -> None:
        self._rows()[(message.account_id, message.id)] = replace(message, **changes)

    def _opted_out(self, account_id: str, phone: str) -> bool:
        return (account_id, phone) in self._store.table("opt_outs")

    async def add_campaign_messages(self, messages: Iterable[Message]) -> None:
        messages, rows = list(messages), self._rows()
        if any((m.account_id, m.id) in rows for m in messages):
            raise ValueError("duplicate message id")
        rows.update(((m.account_id, m.id), m) for m in messages)

    async def campaign_batch(self, account_id: str, campaign_id: str, batch: int) -> list[Message]:
        return [m for m in self._of(account_id, campaign_id)
                if m.campaign_batch == batch and m.status is MessageStatus.PENDING]

    async def exclude_opted_out(self, account_id: str, campaign_id: str, batch: int, at: datetime) -> int:
        opted = [m for m in await self.campaign_batch(account_id, campaign_id, batch)
                 if self._opted_out(account_id, m.to)]
        for message in opted:
            self._uncharged(message, OPTED_OUT, at)
        return len(opted)

    def _uncharged(self, message: Message, error: str, at: datetime) -> None:
        self._set(message, status=MessageStatus.FAILED, error=error, credits_used=0, cost=cost_text(0), updated_at=at)

    def _paid_up_to(self, account_id: str, campaign_id: str) -> int:
        campaign = self._store.table("campaigns").get((account_id, campaign_id))
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

    async def campaign_messages(self, account_id: str, campaign_id: str, status: MessageStatus | None,
                                page: int, per_page: int) -> tuple[list[Message], int]:
        found = [m for m in self._of(account_id, campaign_id) if status is None or m.status is status]
        return found[(page - 1) * per_page:page * per_page], len(found)

    async def all_campaign_messages(self, account_id: str, campaign_id: str,
                                    chunk: int) -> AsyncIterator[list[Message]]:
        found = self._of(account_id, campaign_id)
        for start in range(0, len(found), chunk):
            yield found[start:start + chunk]

    async def campaign_status_counts(self, account_id: str, campaign_id: str) -> dict[MessageStatus, int]:
        return dict(Counter(m.status for m in self._of(account_id, campaign_id)))
