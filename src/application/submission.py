"""Handing SMS to the gateway, and recording what came of it: the steps every send shares.

One policy for every submit (single send, bulk, reconciliation, phone codes, campaign runs):
the SMS goes out under its message id, which is the gateway's idempotency key, so submitting
it again never sends it twice. The answer is one of four (`domain.submits.Answer`): accepted,
rejected, unavailable (nothing was handed over: retries of transient faults, done at the adapter
edge, are spent) or no answer (handed over, perhaps, but no answer came). A batch goes over in one
hand-over when the gateway takes batches; otherwise one submit per SMS, at most `concurrency`
in flight (the gateway's window).

What a submit made of a message is recorded by `RecordOutcomes` (transaction 2 of a send), and
so is a submit that got no answer: the message is marked `handed_over`, durably, so that whichever
process submits it again tells the gateway, and a gateway that cannot recognise a repeat (SMPP has
no idempotency key on the wire) does not put it on air a second time. Outcomes the database will
not take even after `RecordOutcomes`'s tries are kept by this process until it does
(`application.unwritten_outcomes`), not left for another process's reconciler to submit again.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Sequence
from datetime import datetime

from application.events import event_types_taken, message_event, message_event_type
from application.unwritten_outcomes import UnwrittenOutcomes
from application.ports import (
    BatchSmsGateway,
    Clock,
    GatewayNoAnswer,
    GatewayUnavailable,
    IdGenerator,
    Metrics,
    NO_METRICS,
    OutboundSms,
    OutboxEvent,
    SmsGateway,
    UnitOfWork,
    UnitOfWorkFactory,
)
from domain.campaigns import CampaignStatus
from domain.errors import DomainError
from domain.messages import Message, MessageStatus, SubmitOutcome
from domain.submits import NO_ANSWER, UNAVAILABLE, Answer, SubmitResult, refunds


def outbound(message: Message, *, resumed: bool = False) -> OutboundSms:
    """The SMS of a message. `resumed`: a message another run or process left pending (the
    reconciler's, a resumed campaign run's), which that one may have handed over and may still
    hold the answer of: marked `handed_over`, so a gateway that cannot recognise a repeat never
    puts it on air again (it stays pending until that answer is written, or until the reconciler
    gives up on it and refunds it), while one that can answers it with its first answer."""
    return OutboundSms(message_id=message.id, account_id=message.account_id, to=message.to,
                       sender=message.sender, text=message.body, handed_over=message.handed_over or resumed)


def unanswered(messages: Sequence[Message], results: Sequence[SubmitResult]) -> list[Message]:
    """The messages whose submit was handed over and got no answer (the gateway may have them),
    less those marked so already."""
    return [message for message, result in zip(messages, results, strict=True)
            if result.kind is Answer.NO_ANSWER and not message.handed_over]


async def submit(gateway: SmsGateway, sms: OutboundSms) -> SubmitResult:
    """What one submit came to."""
    try:
        return await gateway.submit(sms)
    except GatewayUnavailable:
        return UNAVAILABLE
    except GatewayNoAnswer:
        return NO_ANSWER


async def submit_all(gateway: SmsGateway, batch: Sequence[OutboundSms], concurrency: int) -> list[SubmitResult]:
    """One result per SMS, in order."""
    if not batch:
        return []
    if isinstance(gateway, BatchSmsGateway):
        try:
            return list(await gateway.submit_many(batch))
        except GatewayUnavailable:
            pass  # one by one below, under the same ids: nothing is sent twice
        except GatewayNoAnswer:
            return [NO_ANSWER] * len(batch)  # the gateway may have them all
    results: list[SubmitResult] = [NO_ANSWER] * len(batch)
    queue = iter(range(len(batch)))

    async def worker() -> None:
        for index in queue:  # a shared iterator: each SMS goes to exactly one worker
            results[index] = await submit(gateway, batch[index])

    await asyncio.gather(*(worker() for _ in range(min(concurrency, len(batch)))))
    return results


class RecordOutcomes:
    """Transaction 2 of every send: outcomes, one refund per deduction for what failed, events,
    and the messages handed over without an answer marked so; once committed, the outcomes counted.
    `taken_events_only` (a campaign run's): a message event is recorded only when an enabled
    endpoint of the account takes it (`application.events`). What the database still refuses after
    `retry_delays` goes to `unwritten`, which keeps writing it, and the caller gets the error."""

    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, ids: IdGenerator, metrics: Metrics = NO_METRICS,
                 *, taken_events_only: bool = False, unwritten: UnwrittenOutcomes | None = None) -> None:
        self._uow, self._clock, self._ids, self._metrics = uow, clock, ids, metrics
        self._taken_events_only, self._unwritten = taken_events_only, unwritten

    # Seconds between tries of transaction 2 when the database fails it: what a gateway took is
    # known only to this process until it is written, and a carrier link cannot tell a repeat, so
    # a short outage is waited out here rather than left to a reconciler in another process.
    retry_delays: tuple[float, ...] = (0.5, 1.0, 2.0)

    async def __call__(self, account_id: str, outcomes: Sequence[tuple[Message, SubmitOutcome]],
                       unanswered: Sequence[Message] = ()) -> dict[str, Message]:
        """`_record`, tried again after a failure that is not a business rule's (it is idempotent:
        only messages still pending move, and each refund has its reference)."""
        for delay in self.retry_delays:
            try:
                return await self._record(account_id, outcomes, unanswered)
            except DomainError:
                raise
            except Exception:
                await asyncio.sleep(delay)
        try:
            return await self._record(account_id, outcomes, unanswered)
        except DomainError:
            raise
        except Exception:
            self._keep(account_id, outcomes, unanswered)
            raise

    def _keep(self, account_id: str, outcomes: Sequence[tuple[Message, SubmitOutcome]],
              unanswered: Sequence[Message]) -> None:
        """Left to `unwritten` to write once the database takes it, if there is one."""
        if self._unwritten is None:
            return
        answers = [f"{o.message_id} {o.status.value} {o.gateway_ref or o.error or ''}" for _, o in outcomes]
        self._unwritten.keep(lambda: self._record(account_id, outcomes, unanswered),
                             [o.message_id for _, o in outcomes] + [m.id for m in unanswered],
                             "; ".join(answers + [f"{m.id} handed over, no answer" for m in unanswered]))

    async def _record(self, account_id: str, outcomes: Sequence[tuple[Message, SubmitOutcome]],
                      unanswered: Sequence[Message] = ()) -> dict[str, Message]:
        """The messages whose outcome this recorded, as they now stand: any a reconciler finished
        first are left as it left them. Those `unanswered` (handed over, no answer: `unanswered()`)
        still pending are marked `handed_over` in the same transaction.

        The messages are one account's, paid for by one deduction (a single send's, or one bulk
        batch's) or, for the reconciler, several. What failed is refunded per deduction
        (`domain.submits.refunds`)."""
        if not outcomes and not unanswered:
            return {}
        at = self._clock.now()
        settled = {message.id: message.settled(outcome, at) for message, outcome in outcomes}
        resent = [outcome.message_id for _, outcome in outcomes if outcome.sender is not None]
        if not resent and not unanswered and all(outcome.status == MessageStatus.SENT for _, outcome in outcomes):
            return await self._record_sent(account_id, outcomes, settled, at)
        async with self._uow() as uow:
            moved = (await uow.messages.record_outcomes(account_id, [outcome for _, outcome in outcomes], at)
                     if outcomes else [])
            # After the outcomes: one the reconciler gives up on (failed) is no longer pending.
            await uow.messages.mark_handed_over(account_id, [m.id for m in unanswered], at)
            final = {mid: settled[mid] for mid in moved}
            if resent:  # gone out under the default sender: the log says so
                await uow.messages.record_senders(account_id, [final[mid] for mid in resent if mid in final])
            paid = {message.id: message for message, _ in outcomes}
            for refund in refunds(paid[mid] for mid in moved if final[mid].status == MessageStatus.FAILED):
                await uow.ledger.post(account_id, refund, self._ids.new_id(), at)
            events = await self._events(uow, account_id, final.values(), at)
            if events:
                await uow.events.add_many(list(events.values()))
            await _recount_ended_campaigns(uow, account_id, final.values(), at)
            await uow.commit()
        self._metrics.messages_settled(final.values())
        return final

    async def _record_sent(self, account_id: str, outcomes: Sequence[tuple[Message, SubmitOutcome]],
                           settled: dict[str, Message], at: datetime) -> dict[str, Message]:
        """Nothing to refund: the outcomes and their events in one step."""
        async with self._uow() as uow:
            events = await self._events(uow, account_id, settled.values(), at)
            moved = await uow.messages.record_sent(account_id, [outcome for _, outcome in outcomes], events, at)
            final = {mid: settled[mid] for mid in moved}
            await _recount_ended_campaigns(uow, account_id, final.values(), at)
            await uow.commit()
        self._metrics.messages_settled(final.values())
        return final

    async def _events(self, uow: UnitOfWork, account_id: str, messages: Iterable[Message],
                      at: datetime) -> dict[str, OutboxEvent]:
        """The events of the messages moved, by message id: all, or those an endpoint takes."""
        if not self._taken_events_only:
            return {m.id: message_event(m, self._ids.new_id(), at) for m in messages}
        taken = (await event_types_taken(uow, [account_id]))[account_id]
        return {m.id: message_event(m, self._ids.new_id(), at) for m in messages if message_event_type(m) in taken}


async def _recount_ended_campaigns(uow: UnitOfWork, account_id: str, moved: Iterable[Message], at: datetime) -> None:
    """The counters of an ended campaign recounted from its messages when some of them moved here
    (the reconciler's, or outcomes written late after an outage); a running campaign's run counts
    what it records itself, and recounts when it ends."""
    for campaign_id in sorted({m.campaign_id for m in moved if m.campaign_id is not None}):
        campaign = await uow.campaigns.get_for_update(account_id, campaign_id)
        if campaign is not None and campaign.status is not CampaignStatus.RUNNING:
            await uow.campaigns.recount(account_id, campaign_id, at)
