"""Sending SMS: one message (`SendSms`) or one text to many numbers (`SendBulk`).

A send is two transactions around one gateway call: (1) `pending` message + debit commit,
(2) the outcome (`sent`, or `failed` + refund) commits with its outbox event. A crash between
the two leaves a `pending` message that `ReconcileStuckMessages` finishes later, submitting it
again under the same message id (the gateway's idempotency key), so no credit is lost and
nothing is sent twice. A gateway that took a submit but never answered leaves it `pending` the
same way: it may be on its way to the handset, so it is neither failed nor refunded yet.

A send is idempotent by its id: run again under a message (or batch) id that was paid for
before, it resumes that send as it stands instead of paying and sending a second time. The
Idempotency-Key component relies on that when a retry takes over an abandoned request.

When transaction 2 (or the hand-over before it) fails on a fault of our own, say the database
going away, the message was paid for and may be on its way: the send answers it `pending`
under its message id, as the reconciler settles it. Only a failed transaction 1 fails the
request, and then nothing was charged or sent.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from application.ports import NO_METRICS, Clock, IdGenerator, Metrics, SmsGateway, UnitOfWorkFactory
from application.submission import RecordOutcomes, outbound, sender_for, submit, submit_all, unanswered
from application.submission.unwritten import UnwrittenOutcomes
from domain.bulk import MAX_BULK_RECIPIENTS, distinct_recipients, tally
from domain.checked_messages import CheckedMessage
from domain.errors import InvalidPhoneNumber, ValidationError
from domain.ledger import BULK_SMS, SMS_TO, EntryType, Posting
from domain.messages import Message, MessageStatus
from domain.phone import Msisdn, msisdn_in
from domain.submits import send_status, submit_outcome

log = logging.getLogger("ujumbe.sending")


@dataclass(frozen=True, slots=True)
class SmsRequest:
    account_id: str
    to: str
    message: str
    sender: str | None = None  # the request's `from`
    message_id: str | None = None  # given: the send is idempotent by it (resumes, never repeats)


@dataclass(frozen=True, slots=True)
class SendResult:
    message_id: str
    status: str
    cost: str
    credits_used: int
    to: str
    sender: str  # the sender used
    requested_sender: str | None  # set when `from` was not registered and the default was used
    sms_parts: int
    segments: int
    encoding: str
    carrier: str
    error: str | None

    @classmethod
    def of(cls, message: Message) -> SendResult:
        return cls(
            message_id=message.id, status=send_status(message), cost=message.cost,
            credits_used=message.credits_used, to=message.to, sender=message.sender,
            requested_sender=message.requested_sender, sms_parts=message.sms_parts,
            segments=message.segments, encoding=message.encoding, carrier=message.carrier,
            error=message.error,
        )


@dataclass(frozen=True, slots=True)
class BulkRequest:
    account_id: str
    to: Sequence[str]
    message: str
    sender: str | None = None
    batch_id: str | None = None  # given: the batch is idempotent by it (resumes, never repeats)


@dataclass(frozen=True, slots=True)
class BulkEntry:
    to: str
    status: str
    message_id: str | None = None
    credits_used: int | None = None
    error: str | None = None


@dataclass(frozen=True, slots=True)
class BulkResult:
    batch_id: str
    total: int
    sent: int
    failed: int
    pending: int  # submitted, but the gateway's answer never came: settled by the reconciler
    credits_used: int
    sender: str
    requested_sender: str | None
    results: list[BulkEntry]


# --- use cases -------------------------------------------------------------------------


class SendSms:
    """Single send (`POST /v1/sms/`, `POST /v1/sms/send`): debit, submit, then sent or refunded."""

    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, ids: IdGenerator, gateway: SmsGateway,
                 default_sender: str, metrics: Metrics = NO_METRICS, unwritten: UnwrittenOutcomes | None = None) -> None:
        self._uow, self._clock, self._ids = uow, clock, ids
        self._gateway, self._default_sender = gateway, default_sender
        self._record = RecordOutcomes(uow, clock, ids, metrics, unwritten=unwritten)

    async def __call__(self, request: SmsRequest) -> SendResult:
        checked = CheckedMessage.of(request.message, request.sender)
        to = msisdn_in(request.to, field="to")
        message = await self._debit(request.account_id, request.message_id or self._ids.new_id(), checked, to)
        if message.status != MessageStatus.PENDING:
            return SendResult.of(message)  # finished before under this id
        try:
            return await self._submit(message)
        except Exception:  # whatever failed, the message is paid for and the reconciler settles it
            log.warning("send %s: its outcome was not recorded; it stays pending", message.id, exc_info=True)
            return SendResult.of(message)

    async def _submit(self, message: Message) -> SendResult:
        """The hand-over, then transaction 2: the outcome recorded."""
        result = await submit(self._gateway, outbound(message))
        outcome = submit_outcome(message, result)
        if outcome is None:  # never answered: `pending`, settled by the reconciler
            await self._record(message.account_id, [], unanswered([message], [result]))
            return SendResult.of(message)
        final = await self._record(message.account_id, [(message, outcome)])
        return SendResult.of(final.get(message.id) or await self._current(message))

    async def _debit(self, account_id: str, message_id: str, checked: CheckedMessage, to: Msisdn) -> Message:
        """Transaction 1: the pending message and its deduction, or nothing (402); or, when the
        id was paid for before, that message as it stands."""
        at = self._clock.now()
        async with self._uow() as uow:
            sender, requested = await sender_for(uow, account_id, checked.asked_sender, self._default_sender)
            message = checked.pending(account_id=account_id, message_id=message_id, to=to, sender=sender,
                                      requested_sender=requested, batch_id=None, at=at)
            posting = Posting(type=EntryType.DEDUCT, credits=checked.credits,
                              description=SMS_TO.format(to=to.e164), reference=message.deduction_reference)
            if await uow.messages.add_paid(message, posting, self._ids.new_id(), at):
                await uow.commit()
                return message
            paid = await uow.messages.get(account_id, message_id)
        if paid is None:
            raise RuntimeError(f"message {message_id} was paid for but is not in the log")
        return paid

    async def _current(self, message: Message) -> Message:
        async with self._uow() as uow:
            return await uow.messages.get(message.account_id, message.id) or message


class SendBulk:
    """`POST /v1/sms/bulk`: one debit for the batch, concurrent submits, one refund for rejects."""

    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, ids: IdGenerator, gateway: SmsGateway,
                 default_sender: str, concurrency: int = 50, metrics: Metrics = NO_METRICS,
                 unwritten: UnwrittenOutcomes | None = None) -> None:
        self._uow, self._clock, self._ids = uow, clock, ids
        self._gateway, self._default_sender = gateway, default_sender
        self._concurrency = concurrency
        self._record = RecordOutcomes(uow, clock, ids, metrics, unwritten=unwritten)

    async def __call__(self, request: BulkRequest) -> BulkResult:
        if not 1 <= len(request.to) <= MAX_BULK_RECIPIENTS:
            raise ValidationError(f"Send to 1 to {MAX_BULK_RECIPIENTS} recipients.", field="to")
        checked = CheckedMessage.of(request.message, request.sender)
        entries = distinct_recipients(request.to)
        recipients = [entry for entry in entries if isinstance(entry, Msisdn)]
        batch_id = request.batch_id or self._ids.new_id()
        if not recipients:
            return _bulk_result(batch_id, entries, {}, self._default_sender, None)
        sender, requested, messages = await self._debit(request.account_id, batch_id, checked, recipients)
        # Only what is still pending goes to the gateway: a resumed batch may be partly done.
        try:
            final = await self._submit(request.account_id, [m for m in messages if m.status == MessageStatus.PENDING])
        except Exception:  # whatever failed, the batch is paid for and the reconciler settles it
            log.warning("bulk %s: its outcomes were not recorded; they stay pending", batch_id, exc_info=True)
            final = {}
        return _bulk_result(batch_id, entries, {m.to: final.get(m.id, m) for m in messages}, sender, requested)

    async def _submit(self, account_id: str, pending: Sequence[Message]) -> dict[str, Message]:
        """Transaction 2: the batch handed over, the answered messages' outcomes recorded."""
        results = await submit_all(self._gateway, [outbound(m) for m in pending], self._concurrency)
        outcomes = [(message, outcome) for message, result in zip(pending, results, strict=True)
                    if (outcome := submit_outcome(message, result)) is not None]
        return await self._record(account_id, outcomes, unanswered(pending, results))

    async def _debit(self, account_id: str, batch_id: str, checked: CheckedMessage,
                     recipients: Sequence[Msisdn]) -> tuple[str, str | None, list[Message]]:
        """Transaction 1: every pending message and one deduction for all, or nothing (402); or,
        when the batch id was paid for before, that batch's messages as they stand."""
        at = self._clock.now()
        entry_id = self._ids.new_id()
        async with self._uow() as uow:
            sender, requested = await sender_for(uow, account_id, checked.asked_sender, self._default_sender)
            messages = [
                checked.pending(account_id=account_id, message_id=self._ids.new_id(), to=to, sender=sender,
                                requested_sender=requested, batch_id=batch_id, at=at)
                for to in recipients
            ]
            await uow.messages.add_many(messages)
            posting = Posting(type=EntryType.DEDUCT, credits=checked.credits * len(messages),
                              description=BULK_SMS.format(count=len(messages)),
                              reference=f"bulk:{batch_id}")
            if (await uow.ledger.post(account_id, posting, entry_id, at)).id == entry_id:
                await uow.commit()
                return sender, requested, messages
        # Paid for before: the block above rolled its new messages back; resume the batch's own.
        async with self._uow() as uow:
            paid = await uow.messages.list_batch(account_id, batch_id)
        return paid[0].sender, paid[0].requested_sender, paid


def _bulk_entry(message: Message) -> BulkEntry:
    if message.status != MessageStatus.FAILED:  # sent (delivered since), or pending an answer: paid for
        return BulkEntry(to=message.to, status=send_status(message), message_id=message.id,
                         credits_used=message.credits_used)
    return BulkEntry(to=message.to, status=message.status.value, message_id=message.id,
                     error=message.error)


def _bulk_result(batch_id: str, entries: Sequence[Msisdn | str], by_number: dict[str, Message], sender: str,
                 requested: str | None) -> BulkResult:
    """One entry per distinct recipient, in request order: its message as it stands, or the
    invalid number refused."""
    results = [
        _bulk_entry(by_number[entry.e164]) if isinstance(entry, Msisdn)
        else BulkEntry(to=entry, status=MessageStatus.FAILED.value, error=InvalidPhoneNumber.code)
        for entry in entries
    ]
    counted = tally(entry.status for entry in results)
    return BulkResult(
        batch_id=batch_id, total=counted.total, sent=counted.sent, failed=counted.failed,
        pending=counted.pending, credits_used=sum(entry.credits_used or 0 for entry in results),
        sender=sender, requested_sender=requested, results=results,
    )
