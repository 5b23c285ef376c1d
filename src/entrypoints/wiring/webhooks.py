"""Webhooks and the outbox dispatch: endpoints an account registers, deliveries to them, and every
committed event fanned out to them (and to the low-balance check); with the jobs that dispatch the
outbox and deliver."""

from __future__ import annotations

from dependency_injector import providers

from adapters.jobs import RETRY
from adapters.webhooks import HttpxWebhookSender
from application.outbox import DISPATCH_OUTBOX, DispatchOutbox
from application.webhooks.deliveries import DELIVER_WEBHOOK, DeliverDueWebhooks, DeliverWebhook, FanOutEvent
from application.webhooks.endpoints import (
    DeleteWebhook,
    ListWebhookDeliveries,
    ListWebhooks,
    RegisterWebhook,
    SendTestEvent,
)
from entrypoints.settings import Settings
from entrypoints.wiring.core import Core
from entrypoints.worker import EVERY_MINUTE, JobTasks

settings, clock, ids, uow, metrics = Core.settings, Core.clock, Core.ids, Core.uow, Core.metrics
job_queue = Core.job_queue
secrets, secret_box, check_low_balance = Core.secrets, Core.secret_box, Core.check_low_balance


class Webhooks(Core):
    # webhooks and the outbox dispatch
    webhook_sender = providers.Singleton(
        HttpxWebhookSender, allow_private=settings.provided.webhooks_allow_private
    )
    register_webhook = providers.Factory(
        RegisterWebhook, uow=uow.provider, clock=clock, ids=ids, secrets=secrets, sender=webhook_sender,
        box=secret_box,
    )
    list_webhooks = providers.Factory(ListWebhooks, uow=uow.provider)
    delete_webhook = providers.Factory(DeleteWebhook, uow=uow.provider)
    list_webhook_deliveries = providers.Factory(ListWebhookDeliveries, uow=uow.provider)
    send_test_event = providers.Factory(SendTestEvent, uow=uow.provider, clock=clock, ids=ids, jobs=job_queue)
    deliver_webhook = providers.Factory(
        DeliverWebhook, uow=uow.provider, clock=clock, sender=webhook_sender, jobs=job_queue, box=secret_box,
        metrics=metrics,
    )
    deliver_due_webhooks = providers.Factory(DeliverDueWebhooks, uow=uow.provider, clock=clock, jobs=job_queue)
    dispatch_outbox = providers.Factory(
        DispatchOutbox, uow=uow.provider, clock=clock, jobs=job_queue,
        fan_out=providers.Factory(FanOutEvent, ids=ids), check_low_balance=check_low_balance,
    )


def tasks(c: Webhooks, settings: Settings) -> JobTasks:
    """Outbox events: fanned out to webhooks right after they commit; the periodic run is the
    safety net for a dispatch job lost between a commit and its defer. Then the deliveries."""
    jobs = JobTasks()

    @jobs.task(name=DISPATCH_OUTBOX, queue="outbox", lock=DISPATCH_OUTBOX, queueing_lock=DISPATCH_OUTBOX,
               retry=RETRY, every=EVERY_MINUTE, periodic_id="safety-net")
    async def dispatch_outbox(timestamp: int | None = None) -> int:
        return int(await c.dispatch_outbox()())

    @jobs.task(name=DELIVER_WEBHOOK, queue="webhooks", retry=RETRY)
    async def deliver_webhook(account_id: str, delivery_id: str) -> str | None:
        delivery = await c.deliver_webhook()(account_id, delivery_id)
        return delivery.status.value if delivery else None

    @jobs.task(name="deliver_due_webhooks", queue="webhooks", queueing_lock="deliver_due_webhooks", retry=RETRY,
               every=EVERY_MINUTE)
    async def deliver_due_webhooks(timestamp: int | None = None) -> int:
        return int(await c.deliver_due_webhooks()())

    return jobs
