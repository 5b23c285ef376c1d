"""What the gateway hands back: delivery reports, inbound SMS and opt-outs, with the jobs
that apply them as gateways hand them over."""

from __future__ import annotations

from datetime import datetime

from dependency_injector import providers

from adapters.jobs import RETRY
from application.ports import InboundSms
from application.sending.delivery_reports import (
    APPLY_RECEIVED_REPORTS,
    RECEIVE_INBOUND_SMS,
    ApplyReceivedReports,
    RematchDeliveryReports,
    ReportResult,
)
from application.sending.inbound import IsOptedOut, ListInboundMessages, ReceiveInboundSms
from entrypoints.settings import Settings
from entrypoints.wiring.core import Core
from entrypoints.worker import EVERY_MINUTE, JobTasks

clock, ids, uow, metrics, job_queue = Core.clock, Core.ids, Core.uow, Core.metrics, Core.job_queue


class Deliveries(Core):
    # delivery reports, inbound SMS and opt-outs
    apply_received_reports = providers.Factory(ApplyReceivedReports, uow=uow.provider, clock=clock, ids=ids,
                                               jobs=job_queue, metrics=metrics)
    rematch_delivery_reports = providers.Factory(RematchDeliveryReports, uow=uow.provider, clock=clock, ids=ids,
                                                 metrics=metrics)
    receive_inbound_sms = providers.Factory(ReceiveInboundSms, uow=uow.provider, clock=clock, ids=ids)
    list_inbound_messages = providers.Factory(ListInboundMessages, uow=uow.provider)
    is_opted_out = providers.Factory(IsOptedOut, uow=uow.provider)


def tasks(c: Deliveries, settings: Settings) -> JobTasks:
    """Delivery reports and inbound SMS, as gateways hand them over."""
    jobs = JobTasks()

    # Reports written as received, applied a thousand at a time when due; every minute as well, in
    # case a process stopped between writing reports and queueing this job.
    @jobs.task(name=APPLY_RECEIVED_REPORTS, queue="messages", retry=RETRY, every=EVERY_MINUTE)
    async def apply_received_reports(timestamp: int | None = None) -> str:
        results = await c.apply_received_reports()()
        return ", ".join(f"{n} {r}" for r in ReportResult if (n := results.count(r))) or "none due"

    @jobs.task(name=RECEIVE_INBOUND_SMS, queue="messages", retry=RETRY)
    async def receive_inbound_sms(from_number: str, text: str, to: str | None = None,
                                  received_at: str | None = None, gateway_ref: str | None = None) -> str:
        message = await c.receive_inbound_sms()(InboundSms(
            from_number=from_number, text=text, to=to, gateway_ref=gateway_ref,
            received_at=datetime.fromisoformat(received_at) if received_at else None,
        ))
        return message.id

    @jobs.task(name="rematch_delivery_reports", queue="messages", queueing_lock="rematch_delivery_reports",
               retry=RETRY, every=EVERY_MINUTE)
    async def rematch_delivery_reports(timestamp: int | None = None) -> int:
        return int(await c.rematch_delivery_reports()())

    return jobs
