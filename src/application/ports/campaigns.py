"""Campaigns: one message to a contact list, now or later, and the runs that send it."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from domain.campaigns import CampaignStatus
from domain.messages import Message, MessageStatus

# The job that starts a campaign when it is due and runs it: {account_id, campaign_id}.
RUN_CAMPAIGN = "run_campaign"


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
    failure_reason: str | None = None
    batches_paid: int = 0  # a run's progress: batches 1..batches_paid are paid for


@dataclass(frozen=True, slots=True)
class Recipient:
    """One number a campaign sends to, with the names its text is personalised with."""

    phone: str  # E.164
    first_name: str
    last_name: str


@dataclass(frozen=True, slots=True)
class RecipientCounts:
    contacts: int  # contacts in the list
    numbers: int  # their numbers, main and extra (a list holds a number once)
    recipients: int  # the numbers sent to: `numbers` less `opted_out`
    opted_out: int  # numbers left out because they replied STOP


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

    async def has_list(self, account_id: str, list_id: str) -> bool:
        """Whether the account has this contact list."""
        ...

    def recipients(self, account_id: str, list_id: str, chunk: int) -> AsyncIterator[list[Recipient]]:
        """The list's recipients, at most `chunk` at a time: every number of the list, main and
        extra (each held once in a list), named after its contact, by contact (oldest first) with
        its main number first; numbers opted out of the account left out, each on its own."""
        ...

    async def recipient_counts(self, account_id: str, list_id: str) -> RecipientCounts: ...

    async def add_messages(self, messages: Iterable[Message]) -> None:
        """A campaign's messages, `pending` and unpaid, each with its batch: written as the
        iterable gives them (it may build each one as it is taken)."""
        ...

    async def batch(self, account_id: str, campaign_id: str, batch: int) -> list[Message]:
        """The batch's messages still `pending`."""
        ...

    async def exclude_opted_out(self, account_id: str, campaign_id: str, batch: int, at: datetime) -> int:
        """The batch's `pending` messages to numbers opted out since: `failed` (`opted_out`),
        uncharged. How many."""
        ...

    async def paid_pending(self, account_id: str, campaign_id: str) -> list[Message]:
        """`pending` messages of the batches paid for (`batches_paid`): handed over, perhaps,
        with no answer yet, or a crash came between the debit and the submit."""
        ...

    async def fail_unpaid(self, account_id: str, campaign_id: str, error: str, at: datetime) -> int:
        """Every `pending` message of a batch not paid for: `failed` with `error`, uncharged."""
        ...

    async def count_submitted(self, account_id: str, campaign_id: str, sent: int, failed: int,
                              at: datetime) -> None:
        """Counters moved in place by what a batch's submits came to."""
        ...

    async def recount(self, account_id: str, campaign_id: str, at: datetime) -> None:
        """`sent_count`, `delivered_count` and `failed_count` recounted from its messages."""
        ...

    async def messages(self, account_id: str, campaign_id: str, status: MessageStatus | None, page: int,
                       per_page: int) -> tuple[list[Message], int]:
        """Its messages in batch order (filtered by status); the page and the total count."""
        ...

    def all_messages(self, account_id: str, campaign_id: str, chunk: int) -> AsyncIterator[list[Message]]:
        """Every message of the campaign in batch order, `chunk` at a time (a report)."""
        ...

    async def count_final_status(self, account_id: str, campaign_id: str, status: MessageStatus,
                                 at: datetime, n: int = 1) -> None:
        """`n` (one) more of the campaign's messages `delivered` or `failed` by its delivery report.
        Increments in place (concurrent reports for one campaign never lose a count); a campaign
        that does not exist is left alone."""
        ...
