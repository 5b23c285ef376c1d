"""Recording what came of a hand-over: transaction 2 of every send.

What a submit made of a message is recorded by `RecordOutcomes`, and so is a submit that got no
answer: the message is marked `handed_over`, durably, so that whichever process submits it again
tells the gateway, and a gateway that cannot recognise a repeat (SMPP has no idempotency key on the
wire) does not put it on air a second time. Outcomes the database will not take even after
`RecordOutcomes`'s tries are kept by this process until it does (`application.submission.unwritten`),
not left for another process's reconciler to submit again.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Sequence
from datetime import datetime

from application.events import event_types_taken, message_event, message_event_type
from application.ports import NO_METRICS, Clock, IdGenerator, Metrics, OutboxEvent, UnitOfWork, UnitOfWorkFactory
from application.submission.unwritten import UnwrittenOutcomes
from domain.campaigns import CampaignStatus
from domain.errors import DomainError
from domain.messages import Message, MessageStatus, SubmitOutcome
from domain.submits import refunds


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
        only messages still pending move, and each refund has its reference). Given up, or
        cancelled meanwhile (a job stopped with its worker), the outcomes go to `unwritten`."""
        try:
            for delay in self.retry_delays:
                try:
                    return await self._record(account_id, outcomes, unanswered)
                except DomainError:
                    raise
                except Exception:
                    await asyncio.sleep(delay)
            return await self._record(account_id, outcomes, unanswered)
        except DomainError:
            raise
        except (Exception, asyncio.CancelledError):
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
