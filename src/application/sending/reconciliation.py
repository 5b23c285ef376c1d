"""Finishing sends a crash or a silent gateway left `pending` between debit and outcome.

So is a campaign's message its run left `pending` without an answer when the campaign ended (its
counters are recounted once it is settled). Such a message was paid for and perhaps handed over,
by a process that may still hold its answer (`application.submission.unwritten`): it is submitted
again under its own id, marked `handed_over` (`outbound(resumed=True)`). A gateway that recognises
a repeat answers it with its first answer, or sends it now if it never had it; one that cannot
(SMPP) never puts it on air again, and answers only if this process holds the answer. It stays
`pending` until an answer is written, or fails, refunded, as `gateway_no_answer` once it has stayed
unanswered for `give_up_after` (`domain.submits.resubmit_outcome`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from application.ports import NO_METRICS, Clock, IdGenerator, Metrics, SmsGateway, UnitOfWorkFactory
from application.submission import RecordOutcomes, outbound, submit_all, unanswered
from application.submission.unwritten import UnwrittenOutcomes
from domain.bulk import MAX_BULK_RECIPIENTS
from domain.messages import Message, MessageStatus, SubmitOutcome
from domain.submits import GIVE_UP_AFTER, resubmit_outcome


@dataclass(frozen=True, slots=True)
class ReconcileReport:
    sent: int
    failed: int
    still_pending: int


class ReconcileStuckMessages:
    """Finish sends a crash left between debit and outcome: submit again under the same id
    (the gateway answers a repeat with its first answer), or fail and refund once the gateway
    has stayed unavailable or silent for `give_up_after` since the message was created. Run
    periodically by the job worker.

    A run claims the stuck messages `batch_size` at a time until a claim comes back short, hands
    each claim to the gateway as one batch, as a bulk send does, and records its outcomes in one
    call per account: a crashed bulk of 1000 is settled by the first run after it is `older_than`
    old. `max_per_run` bounds a run (after a long outage), the next run goes on from there."""

    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, ids: IdGenerator, gateway: SmsGateway,
                 give_up_after: timedelta = GIVE_UP_AFTER, batch_size: int = MAX_BULK_RECIPIENTS,
                 max_per_run: int = 20 * MAX_BULK_RECIPIENTS, concurrency: int = 50,
                 metrics: Metrics = NO_METRICS, unwritten: UnwrittenOutcomes | None = None) -> None:
        self._uow, self._clock, self._ids, self._gateway = uow, clock, ids, gateway
        self._give_up_after, self._batch_size, self._max_per_run = give_up_after, batch_size, max_per_run
        self._concurrency = concurrency  # the gateway's window when it takes no batches
        self._record = RecordOutcomes(uow, clock, ids, metrics, unwritten=unwritten)

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
        results = await submit_all(self._gateway, [outbound(m, resumed=True) for m in stuck], self._concurrency)
        give_up_before = self._clock.now() - self._give_up_after
        by_account: dict[str, list[tuple[Message, SubmitOutcome]]] = {}
        silent: dict[str, list[Message]] = {}
        pending = 0
        for message, result in zip(stuck, results, strict=True):
            # Unanswered for too long: failed and refunded, saying it may have gone out.
            outcome = resubmit_outcome(message, result, give_up=message.created_at <= give_up_before)
            if outcome is None:
                pending += 1  # claimed again after `older_than`
                continue
            by_account.setdefault(message.account_id, []).append((message, outcome))
        for message in unanswered(stuck, results):
            silent.setdefault(message.account_id, []).append(message)
        statuses: list[MessageStatus] = []
        failures: list[Exception] = []
        for account_id in dict.fromkeys([*by_account, *silent]):
            try:  # an ended campaign's counters are recounted with its messages' outcomes
                final = await self._record(account_id, by_account.get(account_id, []), silent.get(account_id, []))
            except Exception as exc:  # the other accounts' outcomes are recorded all the same
                failures.append(exc)
                continue
            statuses += [m.status for m in final.values()]  # less any a send finished meanwhile
        if failures:  # the run fails (the job is retried); these messages are claimed again later
            raise failures[0]
        return ReconcileReport(sent=statuses.count(MessageStatus.SENT),
                               failed=statuses.count(MessageStatus.FAILED), still_pending=pending)
