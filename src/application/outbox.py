"""Dispatching the transactional outbox: what follows once an event has committed.

Each event becomes one webhook delivery per subscribed endpoint, and every account with new
events is checked for a low balance (events follow debits: sends, campaigns). Dispatching is
one unit of work per batch, which holds the events it took (another worker's batch passes them
by), so several workers can dispatch at once and an event is never fanned out twice. The delivery jobs are queued after
the commit; one lost to a crash in between is picked up by `DeliverDueWebhooks`.
"""

from __future__ import annotations

from collections.abc import Callable

from application.notifications import CheckLowBalance
from application.ports import Clock, JobQueue, UnitOfWork, WebhookDelivery, WebhookEndpoint
from application.webhooks.deliveries import FanOutEvent, schedule_delivery

DISPATCH_OUTBOX = "dispatch_outbox"  # job: {} — queued after every commit that adds outbox events
BATCH_SIZE = 1000  # events per transaction: a campaign batch adds 1000 at once


class DispatchOutbox:
    def __init__(self, uow: Callable[[], UnitOfWork], clock: Clock, jobs: JobQueue,
                 fan_out: FanOutEvent, check_low_balance: CheckLowBalance) -> None:
        self._uow, self._clock, self._jobs = uow, clock, jobs
        self._fan_out, self._check_low_balance = fan_out, check_low_balance

    async def __call__(self, batch_size: int = BATCH_SIZE) -> int:
        """Dispatch until no event is left; how many were dispatched."""
        dispatched = 0
        while True:
            deliveries: list[WebhookDelivery] = []
            async with self._uow() as uow:
                events = await uow.events.undispatched(batch_size)
                now = self._clock.now()
                endpoints: dict[str, list[WebhookEndpoint]] = {}
                for event in events:
                    if event.account_id not in endpoints:
                        endpoints[event.account_id] = await uow.webhooks.endpoints(event.account_id)
                    deliveries += await self._fan_out(uow, event, endpoints[event.account_id], now)
                await uow.events.mark_all_dispatched(events, now)
                for account_id in dict.fromkeys(event.account_id for event in events):
                    await self._check_low_balance(uow, account_id)
                await uow.commit()
            for delivery in deliveries:
                await schedule_delivery(self._jobs, delivery)
            dispatched += len(events)
            if len(events) < batch_size:
                return dispatched
