"""The message log and the sender IDs a send may go out under."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from application.ports.outbox import OutboxEvent
from domain.ledger import Posting
from domain.messages import Message, MessageStatus, SubmitOutcome


class MessageRepository(Protocol):
    async def add_many(self, messages: Sequence[Message]) -> None: ...

    async def add_paid(self, message: Message, deduction: Posting, entry_id: str, at: datetime) -> bool:
        """The pending message and the deduction that pays for it, appended in one atomic step,
        or neither: raises `InsufficientCredits` like `LedgerRepository.post`; False (nothing
        written) when the deduction's reference was posted before, with its message. First and
        last write of its unit of work: it may commit it."""
        ...

    async def get(self, account_id: str, message_id: str) -> Message | None: ...

    async def list_batch(self, account_id: str, batch_id: str) -> list[Message]:
        """The messages of one bulk batch."""
        ...

    async def record_outcomes(
        self, account_id: str, outcomes: Sequence[SubmitOutcome], at: datetime
    ) -> list[str]:
        """Move still-`pending` messages to their outcome; the ids moved (others are untouched)."""
        ...

    async def record_sent(self, account_id: str, outcomes: Sequence[SubmitOutcome],
                          events: Mapping[str, OutboxEvent], at: datetime) -> list[str]:
        """`record_outcomes` for outcomes that need no refund, adding the outbox event of each
        message moved (`events` by message id) in the same atomic step. First and last write of
        its unit of work: it may commit it."""
        ...

    async def record_senders(self, account_id: str, messages: Sequence[Message]) -> None:
        """Store the `sender` and `requested_sender` of messages whose SMS went out under another
        sender than the one they were written with (a carrier refused it)."""
        ...

    async def mark_handed_over(self, account_id: str, message_ids: Sequence[str], at: datetime) -> None:
        """Note that the gateway may have these messages (a submit was handed over and never
        answered), for those still `pending`: whoever submits one again says so to the gateway."""
        ...

    async def claim_stuck(self, older_than: datetime, now: datetime, limit: int) -> list[Message]:
        """Pending messages outside a running campaign (a campaign settles its own until it
        ends), untouched since `older_than`, across accounts, oldest first; each is touched at
        `now` so a concurrent reconciler passes it by."""
        ...

    async def add_campaign_messages(self, messages: Iterable[Message]) -> None:
        """A campaign's messages, `pending` and unpaid, each with its batch: written as the
        iterable gives them (it may build each one as it is taken)."""
        ...

    async def campaign_batch(self, account_id: str, campaign_id: str, batch: int) -> list[Message]:
        """The campaign batch's messages still `pending`."""
        ...

    async def exclude_opted_out(self, account_id: str, campaign_id: str, batch: int, at: datetime) -> int:
        """The campaign batch's `pending` messages to numbers opted out since: `failed` (`opted_out`),
        uncharged. How many."""
        ...

    async def paid_pending(self, account_id: str, campaign_id: str) -> list[Message]:
        """The campaign's `pending` messages of the batches paid for (`batches_paid`): handed over,
        perhaps, with no answer yet, or a crash came between the debit and the submit."""
        ...

    async def fail_unpaid(self, account_id: str, campaign_id: str, error: str, at: datetime) -> int:
        """Every `pending` message of a campaign batch not paid for: `failed` with `error`, uncharged."""
        ...

    async def campaign_messages(self, account_id: str, campaign_id: str, status: MessageStatus | None,
                                page: int, per_page: int) -> tuple[list[Message], int]:
        """A campaign's messages in batch order (filtered by status); the page and the total count."""
        ...

    def all_campaign_messages(self, account_id: str, campaign_id: str, chunk: int) -> AsyncIterator[list[Message]]:
        """Every message of the campaign in batch order, `chunk` at a time (a report)."""
        ...

    async def campaign_status_counts(self, account_id: str, campaign_id: str) -> dict[MessageStatus, int]:
        """How many of the campaign's messages are in each status (a status none is in: absent)."""
        ...


@dataclass(frozen=True, slots=True)
class SenderId:
    sender_id: str
    created_at: datetime


class SenderIdRepository(Protocol):
    async def add(self, account_id: str, sender: SenderId) -> bool:
        """False when the account already has it."""
        ...

    async def remove(self, account_id: str, sender_id: str) -> bool: ...

    async def list(self, account_id: str) -> list[SenderId]: ...

    async def is_registered(self, account_id: str, sender_id: str) -> bool: ...
