"""Running a campaign: its written messages paid for and handed over batch by batch, exactly once.

A run is resumable steps, each safe to repeat. Batch n is paid for by one transaction that holds
the campaign, fails the batch's messages to numbers that opted out since (uncharged), debits the
rest under the reference `campaign:<id>:<n>` and moves `batches_paid` to n; then the batch goes
to the gateway under each message's own id (its idempotency key), and `RecordOutcomes` records
what came of it (refunding rejects to that batch's deduction). A run starts by handing over
again the paid messages still `pending` (a crash between debit and outcome, or no answer), so a
worker killed anywhere leaves nothing paid twice, nothing sent twice (the gateway answers a
repeated id with its first answer, or holds back one marked `handed_over` when it cannot recognise
a repeat) and nobody skipped. When the gateway's connections drop (a carrier's SMSC restarting,
the simulator's database away), what it could not take is handed over again under the same ids
once one is back, for up to `gateway_wait` seconds; only then does it fail as
`gateway_unavailable`, refunded. A message handed
over without an answer (the link died with it in flight) may have gone out, and nothing can tell:
it does not hold the campaign, which completes with it `pending` (paid, counted neither sent nor
failed); the reconciler then settles it like any send's (its late answer, or `gateway_no_answer`
and a refund past `domain.submits.GIVE_UP_AFTER`), and recounts the campaign. Runs of one campaign
never overlap (the job's lock), and every step holds the campaign row, so a stop
(`CancelCampaign`) lands between two batches: what was paid for is finished, the rest fails
uncharged (`cancelled`). A debit the balance no longer covers ends the campaign `failed` the same
way (`insufficient_credits`). The paying transaction also checks the account's low balance (a
campaign's message events, which would otherwise trigger that check in the outbox dispatch, are
recorded only for an endpoint that takes them: `application.events`). The run ends `completed`
once every message is settled or left to the reconciler, with a notification and an event.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from application.events import campaign_finished
from application.ports import (
    NO_METRICS, RUN_CAMPAIGN, Clock, IdGenerator, JobQueue, Metrics, ReconnectingSmsGateway, SmsGateway, UnitOfWork,
    UnitOfWorkFactory,
)
from application.submission import RecordOutcomes, outbound, submit_all, unanswered
from application.submission.unwritten import UnwrittenOutcomes
from domain.campaigns import (
    BATCH_SIZE, CANCELLED, INSUFFICIENT_CREDITS, Campaign, CampaignEvent, CampaignStatus, next_campaign_status,
    run_lock,
)
from domain.errors import CampaignNotCancellable, InsufficientCredits, NotFound
from domain.ledger import CAMPAIGN_SMS, EntryType, Posting
from domain.messages import Message, MessageStatus
from domain.submits import GIVE_UP_AFTER, Answer, SubmitResult, resubmit_outcome, submit_outcome

DUE_PER_SWEEP = 1000
# Seconds a run waits for the gateway's connections to come back (a carrier's SMSC restarting)
# before what it could not hand over fails as `gateway_unavailable` and is refunded.
GATEWAY_WAIT = 60.0


class CampaignRunUnfinished(Exception):
    """Paid messages the gateway has not answered yet: the job is retried later to settle them."""


@dataclass(frozen=True, slots=True)
class RunReport:
    status: str
    sent: int
    failed: int

    def __str__(self) -> str:
        return f"{self.status}: {self.sent} sent, {self.failed} failed"


async def _end(uow: UnitOfWork, ids: IdGenerator, campaign: Campaign, event: CampaignEvent, at: datetime,
               reason: str | None = None) -> Campaign:
    """The campaign ended (`completed`, or `failed` for `reason`): unpaid messages failed
    uncharged, counters recounted, the event and the notification recorded."""
    if reason is not None:
        await uow.messages.fail_unpaid(campaign.account_id, campaign.id, reason, at)
    await uow.campaigns.recount(campaign.account_id, campaign.id, at)
    counted = await uow.campaigns.get(campaign.account_id, campaign.id) or campaign
    ended = replace(counted, status=next_campaign_status(campaign.status, event), failure_reason=reason,
                    completed_at=at, updated_at=at)
    await uow.campaigns.save(ended)
    webhook_event, notification = campaign_finished(ended, ids.new_id(), ids.new_id(), at)
    await uow.events.add(webhook_event)
    await uow.notifications.add(notification)
    return ended


class RunCampaign:
    """The job's work for a `running` campaign: settle, pay and hand over, complete."""

    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, ids: IdGenerator, gateway: SmsGateway, *,
                 check_low_balance: Callable[[UnitOfWork, str], Awaitable[object]], concurrency: int = 50,
                 give_up_after: timedelta = GIVE_UP_AFTER, gateway_wait: float = GATEWAY_WAIT,
                 metrics: Metrics = NO_METRICS, unwritten: UnwrittenOutcomes | None = None) -> None:
        self._uow, self._clock, self._ids, self._gateway = uow, clock, ids, gateway
        self._concurrency, self._give_up_after, self._gateway_wait = concurrency, give_up_after, gateway_wait
        self._record = RecordOutcomes(uow, clock, ids, metrics, taken_events_only=True, unwritten=unwritten)
        self._check_low_balance = check_low_balance  # `application.notifications.CheckLowBalance`

    async def __call__(self, account_id: str, campaign_id: str) -> RunReport:
        async with self._uow() as uow:
            campaign = await uow.campaigns.get(account_id, campaign_id)
        if campaign is None:
            return RunReport("missing", 0, 0)
        sent, failed = await self._settle(campaign, give_up=True)
        more_sent, more_failed = await self._run_batches(campaign)
        sent, failed = sent + more_sent, failed + more_failed
        more_sent, more_failed = await self._settle(campaign, give_up=False)
        async with self._uow() as uow:
            # Handed over without an answer: whether it went out is unknowable now, so it does not
            # hold the campaign; it stays `pending` (paid) and the reconciler settles it.
            if any(not m.handed_over for m in await uow.messages.paid_pending(account_id, campaign_id)):
                raise CampaignRunUnfinished(f"campaign {campaign_id}: the gateway has not answered every message")
            final = await self._complete(uow, account_id, campaign_id)
        return RunReport(final.status.value if final else "missing", sent + more_sent, failed + more_failed)

    async def _run_batches(self, campaign: Campaign) -> tuple[int, int]:
        """The unpaid batches in order, as a pipeline: batch n+1 is paid for while batch n is handed
        over, and n is handed over while n-1's outcomes are recorded. Pays stay one at a time and in
        order (each waits for the one before), so `batches_paid` still says which batches were paid
        for: a run killed anywhere leaves paid messages `pending` at most, which the next run hands
        over again. Steps already started are awaited, never cancelled, when one fails."""
        batches = math.ceil(campaign.total_contacts / BATCH_SIZE)
        sent = failed = 0
        first = campaign.batches_paid + 1
        if campaign.status is not CampaignStatus.RUNNING or first > batches:
            return 0, 0
        paying = asyncio.create_task(self._pay(campaign, first))
        recording: asyncio.Task[tuple[int, int]] | None = None
        try:
            for batch in range(first, batches + 1):
                paid = await paying
                if paid is None:
                    break  # stopped, or the balance ran out
                if batch < batches:
                    paying = asyncio.create_task(self._pay(campaign, batch + 1))
                results = await self._hand_over(paid)
                if recording is not None:
                    more_sent, more_failed = await recording
                    sent, failed = sent + more_sent, failed + more_failed
                recording = asyncio.create_task(self._record_all(campaign, paid, results, again=False))
            if recording is not None:
                more_sent, more_failed = await recording
                sent, failed = sent + more_sent, failed + more_failed
        finally:
            left = [task for task in (paying, recording) if task is not None and not task.done()]
            if left:
                await asyncio.gather(*left, return_exceptions=True)
        return sent, failed

    async def _complete(self, uow: UnitOfWork, account_id: str, campaign_id: str) -> Campaign | None:
        campaign = await uow.campaigns.get_for_update(account_id, campaign_id)
        if campaign is None or campaign.status is not CampaignStatus.RUNNING:
            return campaign  # stopped or failed meanwhile: ended there
        ended = await _end(uow, self._ids, campaign, CampaignEvent.COMPLETE, self._clock.now())
        await uow.commit()
        return ended

    async def _pay(self, campaign: Campaign, batch: int) -> list[Message] | None:
        """Batch `batch` paid for by one deduction: its messages to hand over, or None when the
        campaign is no longer running (it ends `failed` here when the balance falls short)."""
        at = self._clock.now()
        account_id = campaign.account_id
        async with self._uow() as uow:
            held = await uow.campaigns.get_for_update(account_id, campaign.id)
            if held is None or held.status is not CampaignStatus.RUNNING:
                return None
            if held.batches_paid >= batch:
                return []  # another run paid for it: its messages are settled with the paid ones
            opted_out = await uow.messages.exclude_opted_out(account_id, campaign.id, batch, at)
            messages = await uow.messages.campaign_batch(account_id, campaign.id, batch)
            credits = sum(m.credits_used for m in messages)
            try:
                if credits:
                    await uow.ledger.post(account_id, Posting(
                        type=EntryType.DEDUCT, credits=credits, reference=f"campaign:{campaign.id}:{batch}",
                        description=CAMPAIGN_SMS.format(name=campaign.name, count=len(messages), batch=batch),
                    ), self._ids.new_id(), at)
            except InsufficientCredits:
                pass
            else:
                await uow.campaigns.save(replace(held, batches_paid=batch, updated_at=at))
                await uow.campaigns.count_submitted(account_id, campaign.id, 0, opted_out, at)
                if credits:
                    await self._check_low_balance(uow, account_id)
                await uow.commit()
                return messages
        async with self._uow() as uow:  # the balance was spent elsewhere: the rest is never sent
            held = await uow.campaigns.get_for_update(account_id, campaign.id)
            if held is not None and held.status is CampaignStatus.RUNNING:
                await _end(uow, self._ids, held, CampaignEvent.FAIL, at, INSUFFICIENT_CREDITS)
                await uow.commit()
        return None

    async def _settle(self, campaign: Campaign, *, give_up: bool) -> tuple[int, int]:
        """Paid messages still `pending` handed over again under their own ids. With `give_up`
        (a run's first step: they were handed over by an earlier one), those the gateway still
        does not answer past the reconciler's deadline fail as `gateway_no_answer`, refunded."""
        async with self._uow() as uow:
            pending = await uow.messages.paid_pending(campaign.account_id, campaign.id)
        give_up_before = self._clock.now() - self._give_up_after if give_up else None
        if not pending:
            return 0, 0
        # At a run's start they are an earlier run's, perhaps handed over by another process
        # (`outbound(resumed=True)`): a gateway that cannot recognise a repeat never sends them again.
        results = await self._hand_over(pending, resumed=give_up)
        return await self._record_all(campaign, pending, results, again=True, give_up_before=give_up_before)

    async def _hand_over(self, messages: Sequence[Message], *, resumed: bool = False) -> list[SubmitResult]:
        """The gateway's answers; what it could not take while its connections were down is
        submitted again, under the same ids, once one is back, for up to `gateway_wait` seconds."""
        results = await submit_all(self._gateway, [outbound(m, resumed=resumed) for m in messages], self._concurrency)
        if not isinstance(self._gateway, ReconnectingSmsGateway):
            return results
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self._gateway_wait
        while (waiting := [i for i, r in enumerate(results) if r.kind is Answer.UNAVAILABLE]) \
                and (left := deadline - loop.time()) > 0 and await self._gateway.wait_available(left):
            again = await submit_all(self._gateway, [outbound(messages[i], resumed=resumed) for i in waiting],
                                     self._concurrency)
            for index, result in zip(waiting, again, strict=True):
                results[index] = result
        return results

    async def _record_all(self, campaign: Campaign, messages: Sequence[Message], results: Sequence[SubmitResult],
                          *, again: bool, give_up_before: datetime | None = None) -> tuple[int, int]:
        """What the gateway answered, recorded and counted. (sent, failed)."""
        outcomes = [
            (message, outcome) for message, result in zip(messages, results, strict=True)
            if (outcome := (resubmit_outcome(message, result, give_up=give_up_before is not None
                                             and message.created_at <= give_up_before) if again
                            else submit_outcome(message, result))) is not None
        ]
        final = await self._record(campaign.account_id, outcomes, unanswered(messages, results))
        statuses = [m.status for m in final.values()]
        sent, failed = statuses.count(MessageStatus.SENT), statuses.count(MessageStatus.FAILED)
        if sent or failed:
            await self._count(campaign, sent, failed)
        return sent, failed

    async def _count(self, campaign: Campaign, sent: int, failed: int) -> None:
        """The outcomes just recorded added to the counters, under the campaign row: a campaign
        stopped meanwhile was recounted from its messages (perhaps with these), so it is
        recounted again rather than added to."""
        at = self._clock.now()
        async with self._uow() as uow:
            held = await uow.campaigns.get_for_update(campaign.account_id, campaign.id)
            if held is not None and held.status is CampaignStatus.RUNNING:
                await uow.campaigns.count_submitted(campaign.account_id, campaign.id, sent, failed, at)
            else:
                await uow.campaigns.recount(campaign.account_id, campaign.id, at)
            await uow.commit()


class CancelCampaign:
    """`POST /v1/campaigns/{id}/cancel`: a scheduled campaign back to `draft` (nothing was
    charged); a running one stopped: `failed` (`cancelled`), its unpaid messages never sent."""

    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, ids: IdGenerator) -> None:
        self._uow, self._clock, self._ids = uow, clock, ids

    async def __call__(self, account_id: str, campaign_id: str) -> Campaign:
        at = self._clock.now()
        async with self._uow() as uow:
            campaign = await uow.campaigns.get_for_update(account_id, campaign_id)
            if campaign is None:
                raise NotFound("No such campaign.")
            if campaign.status is CampaignStatus.SCHEDULED:
                ended = replace(campaign, status=next_campaign_status(campaign.status, CampaignEvent.CANCEL),
                                updated_at=at)
                await uow.campaigns.save(ended)
            elif campaign.status is CampaignStatus.RUNNING:
                ended = await _end(uow, self._ids, campaign, CampaignEvent.CANCEL, at, CANCELLED)
            else:
                raise CampaignNotCancellable(f"A {campaign.status} campaign cannot be cancelled.")
            await uow.commit()
        return ended


class QueueDueCampaigns:
    """The safety net (a periodic job): a run job for every campaign due or running, in case its
    own job was lost (a crash between commit and queueing). A campaign with a job waiting gets
    no second one; a run that finds nothing to do ends at once."""

    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, jobs: JobQueue) -> None:
        self._uow, self._clock, self._jobs = uow, clock, jobs

    async def __call__(self) -> int:
        async with self._uow() as uow:
            due = await uow.campaigns.due(self._clock.now(), DUE_PER_SWEEP)
        for campaign in due:
            lock = run_lock(campaign.id)
            await self._jobs.defer(RUN_CAMPAIGN, {"account_id": campaign.account_id, "campaign_id": campaign.id},
                                   lock=lock, queueing_lock=lock)
        return len(due)
