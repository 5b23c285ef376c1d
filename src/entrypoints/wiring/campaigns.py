"""Campaigns: created by the API, started and run by the job worker, reported on; with the jobs
that run them and queue the ones due."""

from __future__ import annotations

from dependency_injector import providers

from adapters.jobs import RETRY
from application.campaigns.creation import CreateCampaign, PreviewCampaign, StartCampaign
from application.campaigns.reads import (
    CampaignReport,
    GetCampaign,
    GetCampaignProgress,
    ListCampaignMessages,
    ListCampaigns,
    OperatorCampaigns,
)
from application.campaigns.runs import CancelCampaign, QueueDueCampaigns, RunCampaign
from application.ports import RUN_CAMPAIGN
from domain.campaigns import CampaignStatus
from entrypoints.settings import Settings
from entrypoints.wiring.core import Core
from entrypoints.wiring.gateway import Gateway
from entrypoints.worker import EVERY_MINUTE, JobTasks

settings, clock, ids, uow, metrics = Core.settings, Core.clock, Core.ids, Core.uow, Core.metrics
job_queue, check_low_balance = Core.job_queue, Core.check_low_balance
gateway, submit_window, unwritten_outcomes = Gateway.gateway, Gateway.submit_window, Gateway.unwritten_outcomes


class Campaigns(Gateway):
    # campaigns: created by the API, started and run by the job worker
    create_campaign = providers.Factory(
        CreateCampaign, uow=uow.provider, clock=clock, ids=ids, jobs=job_queue,
        default_sender=settings.provided.default_sender,
    )
    preview_campaign = providers.Factory(
        PreviewCampaign, uow=uow.provider, default_sender=settings.provided.default_sender
    )
    start_campaign = providers.Factory(
        StartCampaign, uow=uow.provider, clock=clock, ids=ids, default_sender=settings.provided.default_sender
    )
    run_campaign = providers.Factory(RunCampaign, uow=uow.provider, clock=clock, ids=ids, gateway=gateway,
                                     check_low_balance=check_low_balance, concurrency=submit_window, metrics=metrics,
                                     gateway_wait=settings.provided.campaign_gateway_wait,
                                     unwritten=unwritten_outcomes)
    cancel_campaign = providers.Factory(CancelCampaign, uow=uow.provider, clock=clock, ids=ids)
    queue_due_campaigns = providers.Factory(QueueDueCampaigns, uow=uow.provider, clock=clock, jobs=job_queue)
    list_campaigns = providers.Factory(ListCampaigns, uow=uow.provider)
    get_campaign = providers.Factory(GetCampaign, uow=uow.provider)
    get_campaign_progress = providers.Factory(GetCampaignProgress, uow=uow.provider)
    list_campaign_messages = providers.Factory(ListCampaignMessages, uow=uow.provider)
    campaign_report = providers.Factory(CampaignReport, uow=uow.provider)
    operator_campaigns = providers.Factory(OperatorCampaigns, uow=uow.provider)


def tasks(c: Campaigns, settings: Settings) -> JobTasks:
    """Campaigns: started when due, then run batch by batch; a run never overlaps another of the
    same campaign (the lock its deferrer gives), and one killed mid-way is resumed by the
    stalled-job recovery or the periodic safety net. A stopped or failed campaign's run still
    settles the messages it had paid for."""
    jobs = JobTasks()

    @jobs.task(name=RUN_CAMPAIGN, queue="campaigns", retry=RETRY)
    async def run_campaign(account_id: str, campaign_id: str) -> str:
        started = await c.start_campaign()(account_id, campaign_id)
        if started is None or started.status in (CampaignStatus.SCHEDULED, CampaignStatus.DRAFT):
            return started.status.value if started else "missing"  # not due, cancelled, or nobody to send to
        return str(await c.run_campaign()(account_id, campaign_id))

    @jobs.task(name="queue_due_campaigns", queue="campaigns", queueing_lock="queue_due_campaigns", retry=RETRY,
               every=EVERY_MINUTE)
    async def queue_due_campaigns(timestamp: int | None = None) -> int:
        return int(await c.queue_due_campaigns()())

    return jobs
