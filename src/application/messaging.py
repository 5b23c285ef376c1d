"""Sending SMS: the gateway port, the message and sender-ID repositories, and the send use cases.

A send is two transactions around one gateway call: (1) `pending` message + debit commit,
(2) the outcome (`sent`, or `failed` + refund) commits with its outbox event. A crash between
the two leaves a `pending` message that `ReconcileStuckMessages` finishes later, submitting it
again under the same message id (the gateway's idempotency key), so no credit is lost and
nothing is sent twice. A gateway that took a submit but never answered leaves it `pending` the
same way: it may be on its way to the handset, so it is neither failed nor refunded yet.

A send is idempotent by its id: run again under a message (or batch) id that was paid for
before, it resumes that send as it stands instead of paying and sending a second time. The
Idempotency-Key component relies on that when a retry takes over an abandoned request.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Protocol, runtime_checkable

from application.ports import Clock, IdGenerator, OutboxEvent, UnitOfWork, UnitOfWorkFactory
from domain.errors import InvalidPhoneNumber, NotFound, ValidationError
from domain.ledger import EntryType, Posting
from domain.messages import MessageEvent, MessageStatus, next_status
from domain.phone import Msisdn, msisdn_in, normalize_msisdn
from domain.pricing import cost_text, credits_for_message
from domain.rules import (
    MAX_BULK_RECIPIENTS,
    validate_message_text,
    validate_sender_id,
)
from domain.segments import Segmentation, segment
from domain.webhooks import WebhookEventType

# --- the gateway port (contract: brief messages_schema.md) ------------------------------


@dataclass(frozen=True, slots=True)
class OutboundSms:
    message_id: str  # the submit's idempotency key: a retry under the same id never sends twice
    account_id: str | None  # None for platform messages (OTPs)
    to: str  # E.164
    sender: str
    text: str


@dataclass(frozen=True, slots=True)
class SubmitResult:
    accepted: bool
    gateway_ref: str | None
    error: str | None = None  # error code when not accepted


class TransientGatewayError(Exception):
    """The submit never reached the gateway (no connection, not bound, refused for load):
    nothing was handed over, so retrying is safe and giving up may fail and refund it."""


class SubmitOutcomeUnknown(Exception):
    """The submit may have reached the gateway, but its answer never came (a timeout after the
    request was written): the SMS may be on its way, so it must not be failed and refunded yet.
    The message stays `pending` until a later submit under the same id gets the answer."""


class SmsGateway(Protocol):
    """A carrier connection. Contract: a submit repeated under the same `message_id` is answered
    with the first submit's answer and never sends the SMS twice."""

    async def submit(self, sms: OutboundSms) -> SubmitResult: ...


@runtime_checkable
class BatchSmsGateway(SmsGateway, Protocol):
    """A gateway that takes a whole batch at once (a bulk's recipients, the reconciler's claim)."""

    async def submit_many(self, batch: Sequence[OutboundSms]) -> Sequence[SubmitResult | None]:
        """One answer per submit, in order, None for a submit that may have reached the gateway
        but whose answer never came (`SubmitOutcomeUnknown` for that one alone);
        TransientGatewayError when the batch as a whole could not be handed over, and
        SubmitOutcomeUnknown when no answer came for any of it (each message id keeps its
        idempotency, so submitting again is safe)."""
        ...


# --- records and repositories ------------------------------------------------------------

GATEWAY_UNAVAILABLE = "gateway_unavailable"  # error code: the submit never reached the gateway
# Error code of a send the reconciler gave up on: its first submit's fate is unknown (a crash, or
# a gateway that never answered), so it may have gone out; failed and refunded all the same.
GATEWAY_NO_ANSWER = "gateway_no_answer"


@dataclass(frozen=True, slots=True)
class Message:
    """One row of the message log (contract: brief messages_schema.md)."""

    account_id: str
    id: str
    to: str  # E.164
    sender: str  # the sender actually used
    body: str
    encoding: str
    characters: int
    sms_parts: int  # billed
    segments: int  # on air
    credits_used: int
    cost: str
    carrier: str
    status: MessageStatus
    created_at: datetime
    updated_at: datetime
    requested_sender: str | None = None  # what `from` asked for, when it was not usable
    batch_id: str | None = None
    campaign_id: str | None = None
    error: str | None = None
    gateway_ref: str | None = None
    sent_at: datetime | None = None
    delivered_at: datetime | None = None

    @property
    def deduction_reference(self) -> str:
        """The ledger posting that paid for it: one per single send, one per bulk batch."""
        return f"bulk:{self.batch_id}" if self.batch_id else f"send:{self.id}"

    def as_sms(self) -> OutboundSms:
        return OutboundSms(message_id=self.id, account_id=self.account_id, to=self.to,
                           sender=self.sender, text=self.body)


@dataclass(frozen=True, slots=True)
class SubmitOutcome:
    message_id: str
    status: MessageStatus  # sent or failed
    gateway_ref: str | None
    error: str | None
    credits_used: int  # 0 once a failure is refunded
    cost: str


class MessageRepository(Protocol):
    async def add_many(self, messages: Sequence[Message]) -> None: ...

    async def add_paid(self, message: Message, deduction: Posting, entry_id: str, at: datetime) -> bool:
        """The pending message and the deduction that pays for it, appended in one atomic step,
        or neither: raises `InsufficientCredits` like `LedgerRepository.post`; False (nothing
        written) when the deduction's reference was posted before, with its message. First and
        last write of its unit of work: it may commit it (PostgreSQL runs it as one statement
        that commits, so the account's balance row is locked for that statement and its sync only)."""
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
        its unit of work: it may commit it (PostgreSQL: one statement, one round trip)."""
        ...

    async def claim_stuck(self, older_than: datetime, now: datetime, limit: int) -> list[Message]:
        """Pending messages outside campaigns, untouched since `older_than`, across accounts,
        oldest first; each is touched at `now` so a concurrent reconciler passes it by."""
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


# --- commands and results ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SmsRequest:
    account_id: str
    to: str
    message: str
    sender: str | None = None  # the request's `from`
    message_id: str | None = None  # given: the send is idempotent by it (resumes, never repeats)


def _send_status(message: Message) -> str:
    """What a send answers: whether the gateway took it. A message delivered by the time a resumed
    send answers was `sent` (the log and the webhooks tell of its delivery)."""
    return MessageStatus.SENT.value if message.status == MessageStatus.DELIVERED else message.status.value


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
            message_id=message.id, status=_send_status(message), cost=message.cost,
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


@dataclass(frozen=True, slots=True)
class ReconcileReport:
    sent: int
    failed: int
    still_pending: int


# --- shared steps -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Draft:
    """What a send will cost and under which sender, before anything is written."""

    text: str
    segmentation: Segmentation
    credits: int
    requested_sender: str | None


def _draft(message: str, sender: str | None) -> _Draft:
    text = validate_message_text(message)
    requested = validate_sender_id(sender) if sender is not None else None
    segmentation = segment(text)
    return _Draft(text, segmentation, credits_for_message(segmentation.parts), requested)


async def _resolve_sender(uow: UnitOfWork, account_id: str, requested: str | None,
                          default: str) -> tuple[str, str | None]:
    """(sender used, sender asked for when not usable): unregistered senders fall back (spec rule 3)."""
    if requested is None or requested == default:
        return default, None
    if await uow.senders.is_registered(account_id, requested):
        return requested, None
    return default, requested


def _pending(draft: _Draft, *, account_id: str, message_id: str, to: Msisdn, sender: str,
             requested_sender: str | None, batch_id: str | None, at: datetime) -> Message:
    seg = draft.segmentation
    return Message(
        account_id=account_id, id=message_id, batch_id=batch_id, to=to.e164, sender=sender,
        requested_sender=requested_sender, body=draft.text, encoding=seg.encoding.value,
        characters=seg.characters, sms_parts=seg.parts, segments=seg.segments,
        credits_used=draft.credits, cost=cost_text(draft.credits), carrier=str(to.carrier),
        status=MessageStatus.PENDING, created_at=at, updated_at=at,
    )


UNREACHABLE = SubmitResult(accepted=False, gateway_ref=None, error=GATEWAY_UNAVAILABLE)
NO_ANSWER = SubmitResult(accepted=False, gateway_ref=None, error=GATEWAY_NO_ANSWER)


def never_sent(status: str, error: str | None) -> bool:
    """A send answered `failed` that certainly did not go out (refused at submit, or never handed
    over), as opposed to one given up without an answer, which may have: only the former may be
    sent again as a new message (the Idempotency-Key rule for failed originals)."""
    return status == MessageStatus.FAILED.value and error != GATEWAY_NO_ANSWER


async def _submit(gateway: SmsGateway, message: Message) -> SubmitResult | None:
    """The gateway's answer; `UNREACHABLE` when the submit never reached it (retries already
    spent: nothing was handed over); None when it may have the message but never answered."""
    try:
        return await gateway.submit(message.as_sms())
    except TransientGatewayError:
        return UNREACHABLE
    except SubmitOutcomeUnknown:
        return None


async def _submit_all(gateway: SmsGateway, messages: Sequence[Message],
                      concurrency: int) -> list[tuple[Message, SubmitResult | None]]:
    """Each message with its answer, as `_submit` gives it, in order: the whole batch in one
    hand-over when the gateway takes batches; otherwise (or when the batch could not be handed
    over) one submit per message with at most `concurrency` in flight (the gateway's window)."""
    if isinstance(gateway, BatchSmsGateway):
        try:
            answers = await gateway.submit_many([m.as_sms() for m in messages])
        except TransientGatewayError:
            pass  # message by message below, under the same ids: nothing is sent twice
        except SubmitOutcomeUnknown:
            return [(m, None) for m in messages]  # the gateway may have them all: pending
        else:
            return list(zip(messages, answers, strict=True))
    results: list[SubmitResult | None] = [None] * len(messages)
    queue = iter(range(len(messages)))

    async def worker() -> None:
        for index in queue:  # a shared iterator: each message goes to exactly one worker
            results[index] = await _submit(gateway, messages[index])

    await asyncio.gather(*(worker() for _ in range(min(concurrency, len(messages)))))
    return list(zip(messages, results))


def _outcome(message: Message, result: SubmitResult) -> SubmitOutcome:
    if result.accepted:
        status = next_status(message.status, MessageEvent.SUBMITTED)
        return SubmitOutcome(message.id, status, result.gateway_ref, None,
                             message.credits_used, message.cost)
    status = next_status(message.status, MessageEvent.REJECTED)
    return SubmitOutcome(message.id, status, None, result.error or "rejected", 0, cost_text(0))


def _applied(message: Message, outcome: SubmitOutcome, at: datetime) -> Message:
    return replace(
        message, status=outcome.status, gateway_ref=outcome.gateway_ref, error=outcome.error,
        credits_used=outcome.credits_used, cost=outcome.cost, updated_at=at,
        sent_at=at if outcome.status == MessageStatus.SENT else None,
    )


_EVENT_OF_STATUS = {
    MessageStatus.SENT: WebhookEventType.MESSAGE_SENT,
    MessageStatus.DELIVERED: WebhookEventType.MESSAGE_DELIVERED,
    MessageStatus.FAILED: WebhookEventType.MESSAGE_FAILED,
}


def message_event(message: Message, event_id: str, at: datetime) -> OutboxEvent:
    """The webhook event of the status a message just reached (`message.sent`, `.delivered`,
    `.failed`), whether a submit's outcome or a delivery report moved it there."""
    data: dict[str, object] = {
        "message_id": message.id, "to": message.to, "from": message.sender,
        "status": message.status.value, "credits_used": message.credits_used,
        "sms_parts": message.sms_parts, "batch_id": message.batch_id,
    }
    if message.campaign_id is not None:
        data["campaign_id"] = message.campaign_id
    if message.status == MessageStatus.DELIVERED:
        data["delivered_at"] = message.delivered_at.isoformat() if message.delivered_at else None
    elif message.status == MessageStatus.FAILED:
        data["error"] = message.error
    return OutboxEvent(id=event_id, account_id=message.account_id, type=_EVENT_OF_STATUS[message.status],
                       data=data, created_at=at)


def _refund(failed: Sequence[Message]) -> Posting:
    """The credits of messages that failed before reaching a handset, back to their deduction."""
    description = (f"Refund: SMS to {failed[0].to} failed" if len(failed) == 1
                   else f"Refund: {len(failed)} SMS failed")
    return Posting(type=EntryType.REFUND, credits=sum(m.credits_used for m in failed), description=description,
                   reference=f"refund:{failed[0].id}", refunds=failed[0].deduction_reference)


class _Outcomes:
    """Transaction 2 of every send: outcomes, one refund for what failed, outbox events."""

    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, ids: IdGenerator) -> None:
        self._uow, self._clock, self._ids = uow, clock, ids

    async def record(self, account_id: str,
                     submitted: Sequence[tuple[Message, SubmitResult | None]]) -> dict[str, Message]:
        """The messages whose outcome this recorded, as they now stand: any a reconciler finished
        first are left as it left them, and unanswered ones (None) stay `pending`.

        The messages are one account's, paid for by one deduction (a single send's, or one bulk
        batch's) or, for the reconciler, several. What failed is refunded in one entry per
        deduction, keyed by the first message it returns credits for: a message's outcome is
        recorded once, so no two refunds share a key, and none applies twice, even when a batch
        is finished in several rounds (a resumed bulk, the reconciler)."""
        at = self._clock.now()
        outcomes = {m.id: (m, _outcome(m, result)) for m, result in submitted if result is not None}
        if not outcomes:
            return {}
        if all(outcome.status == MessageStatus.SENT for _, outcome in outcomes.values()):
            return await self._record_sent(account_id, outcomes, at)
        async with self._uow() as uow:
            moved = await uow.messages.record_outcomes(
                account_id, [outcome for _, outcome in outcomes.values()], at
            )
            final = {mid: _applied(*outcomes[mid], at) for mid in moved}
            failed = sorted((outcomes[mid][0] for mid in moved if final[mid].status == MessageStatus.FAILED),
                            key=lambda m: m.id)
            by_deduction: dict[str, list[Message]] = {}
            for message in failed:
                by_deduction.setdefault(message.deduction_reference, []).append(message)
            for refunded in by_deduction.values():  # a refund names the one deduction it returns
                await uow.ledger.post(account_id, _refund(refunded), self._ids.new_id(), at)
            if final:
                await uow.events.add_many([message_event(m, self._ids.new_id(), at) for m in final.values()])
            await uow.commit()
        return final

    async def _record_sent(self, account_id: str, outcomes: Mapping[str, tuple[Message, SubmitOutcome]],
                           at: datetime) -> dict[str, Message]:
        """Nothing to refund: the outcomes and their events in one step."""
        applied = {mid: _applied(message, outcome, at) for mid, (message, outcome) in outcomes.items()}
        events = {mid: message_event(message, self._ids.new_id(), at) for mid, message in applied.items()}
        async with self._uow() as uow:
            moved = await uow.messages.record_sent(
                account_id, [outcome for _, outcome in outcomes.values()], events, at)
            await uow.commit()
        return {mid: applied[mid] for mid in moved}


# --- use cases -------------------------------------------------------------------------


class SendSms:
    """Single send (`POST /v1/sms/`, `POST /v1/sms/send`): debit, submit, then sent or refunded."""

    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, ids: IdGenerator, gateway: SmsGateway,
                 default_sender: str) -> None:
        self._uow, self._clock, self._ids = uow, clock, ids
        self._gateway, self._default_sender = gateway, default_sender
        self._outcomes = _Outcomes(uow, clock, ids)

    async def __call__(self, request: SmsRequest) -> SendResult:
        draft = _draft(request.message, request.sender)
        to = msisdn_in(request.to, field="to")
        message = await self._debit(request.account_id, request.message_id or self._ids.new_id(), draft, to)
        if message.status != MessageStatus.PENDING:
            return SendResult.of(message)  # finished before under this id
        result = await _submit(self._gateway, message)
        if result is None:
            return SendResult.of(message)  # never answered: `pending`, settled by the reconciler
        final = await self._outcomes.record(message.account_id, [(message, result)])
        return SendResult.of(final.get(message.id) or await self._current(message))

    async def _debit(self, account_id: str, message_id: str, draft: _Draft, to: Msisdn) -> Message:
        """Transaction 1: the pending message and its deduction, or nothing (402); or, when the
        id was paid for before, that message as it stands."""
        at = self._clock.now()
        async with self._uow() as uow:
            sender, requested = await _resolve_sender(uow, account_id, draft.requested_sender,
                                                      self._default_sender)
            message = _pending(draft, account_id=account_id, message_id=message_id, to=to,
                               sender=sender, requested_sender=requested, batch_id=None, at=at)
            posting = Posting(type=EntryType.DEDUCT, credits=draft.credits,
                              description=f"SMS to {to.e164}", reference=message.deduction_reference)
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
                 default_sender: str, concurrency: int = 50) -> None:
        self._uow, self._clock, self._ids = uow, clock, ids
        self._gateway, self._default_sender = gateway, default_sender
        self._concurrency = concurrency
        self._outcomes = _Outcomes(uow, clock, ids)

    async def __call__(self, request: BulkRequest) -> BulkResult:
        if not 1 <= len(request.to) <= MAX_BULK_RECIPIENTS:
            raise ValidationError(f"Send to 1 to {MAX_BULK_RECIPIENTS} recipients.", field="to")
        draft = _draft(request.message, request.sender)
        entries = _distinct_recipients(request.to)
        recipients = [entry for entry in entries if isinstance(entry, Msisdn)]
        batch_id = request.batch_id or self._ids.new_id()
        sender, requested = self._default_sender, None
        by_number: dict[str, Message] = {}
        if recipients:
            sender, requested, messages = await self._debit(request.account_id, batch_id, draft, recipients)
            # Only what is still pending goes to the gateway: a resumed batch may be partly done.
            pending = [m for m in messages if m.status == MessageStatus.PENDING]
            final: dict[str, Message] = {}
            if pending:
                submitted = await _submit_all(self._gateway, pending, self._concurrency)
                final = await self._outcomes.record(request.account_id, submitted)
            by_number = {m.to: final.get(m.id, m) for m in messages}
        results = [
            _bulk_entry(by_number[entry.e164]) if isinstance(entry, Msisdn)
            else BulkEntry(to=entry, status=MessageStatus.FAILED.value, error=InvalidPhoneNumber.code)
            for entry in entries
        ]
        sent = sum(1 for entry in results if entry.status == MessageStatus.SENT.value)
        unanswered = sum(1 for entry in results if entry.status == MessageStatus.PENDING.value)
        return BulkResult(
            batch_id=batch_id, total=len(results), sent=sent, failed=len(results) - sent - unanswered,
            pending=unanswered, credits_used=sum(entry.credits_used or 0 for entry in results),
            sender=sender, requested_sender=requested, results=results,
        )

    async def _debit(self, account_id: str, batch_id: str, draft: _Draft,
                     recipients: Sequence[Msisdn]) -> tuple[str, str | None, list[Message]]:
        """Transaction 1: every pending message and one deduction for all, or nothing (402); or,
        when the batch id was paid for before, that batch's messages as they stand."""
        at = self._clock.now()
        entry_id = self._ids.new_id()
        async with self._uow() as uow:
            sender, requested = await _resolve_sender(uow, account_id, draft.requested_sender,
                                                      self._default_sender)
            messages = [
                _pending(draft, account_id=account_id, message_id=self._ids.new_id(), to=to,
                         sender=sender, requested_sender=requested, batch_id=batch_id, at=at)
                for to in recipients
            ]
            await uow.messages.add_many(messages)
            posting = Posting(type=EntryType.DEDUCT, credits=draft.credits * len(messages),
                              description=f"Bulk SMS to {len(messages)} recipients",
                              reference=f"bulk:{batch_id}")
            if (await uow.ledger.post(account_id, posting, entry_id, at)).id == entry_id:
                await uow.commit()
                return sender, requested, messages
        # Paid for before: the block above rolled its new messages back; resume the batch's own.
        async with self._uow() as uow:
            paid = await uow.messages.list_batch(account_id, batch_id)
        return paid[0].sender, paid[0].requested_sender, paid

def _distinct_recipients(raw_numbers: Iterable[str]) -> list[Msisdn | str]:
    """Each recipient once, in request order: a valid number (duplicates after normalisation
    dropped) or, for an invalid one, the text as given."""
    seen: set[str] = set()
    entries: list[Msisdn | str] = []
    for raw in raw_numbers:
        try:
            entry: Msisdn | str = normalize_msisdn(raw)
        except InvalidPhoneNumber:
            entry = raw
        key = entry.e164 if isinstance(entry, Msisdn) else f"invalid:{raw}"
        if key not in seen:
            seen.add(key)
            entries.append(entry)
    return entries


def _bulk_entry(message: Message) -> BulkEntry:
    if message.status != MessageStatus.FAILED:  # sent (delivered since), or pending an answer: paid for
        return BulkEntry(to=message.to, status=_send_status(message), message_id=message.id,
                         credits_used=message.credits_used)
    return BulkEntry(to=message.to, status=message.status.value, message_id=message.id,
                     error=message.error)


class ReconcileStuckMessages:
    """Finish sends a crash left between debit and outcome: submit again under the same id
    (the gateway answers a repeat with its first answer), or fail and refund once the gateway
    has stayed unreachable or silent for `give_up_after` since the message was created. Run
    periodically by the job worker.

    A run claims the stuck messages `batch_size` at a time until a claim comes back short, hands
    each claim to the gateway as one batch, as a bulk send does, and records its outcomes in one
    call per account: a crashed bulk of 1000 is settled by the first run after it is `older_than`
    old. `max_per_run` bounds a run (after a long outage), the next run goes on from there."""

    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, ids: IdGenerator, gateway: SmsGateway,
                 give_up_after: timedelta = timedelta(hours=1), batch_size: int = MAX_BULK_RECIPIENTS,
                 max_per_run: int = 20 * MAX_BULK_RECIPIENTS, concurrency: int = 50) -> None:
        self._uow, self._clock, self._ids, self._gateway = uow, clock, ids, gateway
        self._give_up_after, self._batch_size, self._max_per_run = give_up_after, batch_size, max_per_run
        self._concurrency = concurrency  # the gateway's window when it takes no batches
        self._outcomes = _Outcomes(uow, clock, ids)

    async def __call__(self, older_than: timedelta = timedelta(minutes=5)) -> ReconcileReport:
        # Untouched since before the run started: a message claimed here is touched, so a later
        # claim of the same run passes it by, and the run ends.
        untouched_since = self._clock.now() - older_than
        reports: list[ReconcileReport] = []
        claimed = 0
        while claimed < self._max_per_run:
            limit = min(self._batch_size, self._max_per_run - claimed)
            stuck = await self._claim(untouched_since, limit)
            claimed += len(stuck)
            if stuck:
                reports.append(await self._settle(stuck))
            if len(stuck) < limit:
                break
        return ReconcileReport(sent=sum(r.sent for r in reports), failed=sum(r.failed for r in reports),
                               still_pending=sum(r.still_pending for r in reports))

    async def _claim(self, untouched_since: datetime, limit: int) -> list[Message]:
        async with self._uow() as uow:
            stuck = await uow.messages.claim_stuck(untouched_since, self._clock.now(), limit)
            await uow.commit()
        return stuck

    async def _settle(self, stuck: Sequence[Message]) -> ReconcileReport:
        """One claim: submitted as one batch, the outcomes recorded per account."""
        submitted = await _submit_all(self._gateway, stuck, self._concurrency)
        give_up_before = self._clock.now() - self._give_up_after
        by_account: dict[str, list[tuple[Message, SubmitResult]]] = {}
        pending = 0
        for message, result in submitted:
            if result is None or result is UNREACHABLE:
                if message.created_at > give_up_before:
                    pending += 1  # claimed again after `older_than`
                    continue
                # Unanswered for too long: failed and refunded, saying it may have gone out (its
                # first submit, before the crash, is as unknown as this one).
                result = NO_ANSWER
            by_account.setdefault(message.account_id, []).append((message, result))
        statuses: list[MessageStatus] = []
        failures: list[Exception] = []
        for account_id, outcomes in by_account.items():
            try:
                final = await self._outcomes.record(account_id, outcomes)
            except Exception as exc:  # the other accounts' outcomes are recorded all the same
                failures.append(exc)
                continue
            statuses += [m.status for m in final.values()]  # less any a send finished meanwhile
        if failures:  # the run fails (the job is retried); these messages are claimed again later
            raise failures[0]
        return ReconcileReport(sent=statuses.count(MessageStatus.SENT),
                               failed=statuses.count(MessageStatus.FAILED), still_pending=pending)


@dataclass(frozen=True, slots=True)
class SenderIds:
    sender_ids: list[SenderId]
    default_sender: str  # used when `from` is omitted or not one of `sender_ids`


class ListSenderIds:
    def __init__(self, uow: UnitOfWorkFactory, default_sender: str) -> None:
        self._uow, self._default_sender = uow, default_sender

    async def __call__(self, account_id: str) -> SenderIds:
        async with self._uow() as uow:
            return SenderIds(await uow.senders.list(account_id), self._default_sender)


class AddSenderId:
    """The operator registers a sender ID for an account (spec: not through the API)."""

    def __init__(self, uow: UnitOfWorkFactory, clock: Clock) -> None:
        self._uow, self._clock = uow, clock

    async def __call__(self, account_id: str, sender_id: str) -> SenderId:
        sender = SenderId(validate_sender_id(sender_id, field="sender_id"), self._clock.now())
        async with self._uow() as uow:
            await uow.senders.add(account_id, sender)
            await uow.commit()
        return sender


class RemoveSenderId:
    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self, account_id: str, sender_id: str) -> None:
        async with self._uow() as uow:
            if not await uow.senders.remove(account_id, sender_id):
                raise NotFound(f"The account has no sender ID {sender_id}.", field="sender_id")
            await uow.commit()
