"""Sending: single and bulk sends, sender IDs, quotes and message logs; and the sends a crash or an
outage left between debit and outcome, with the job that reconciles them. (What the gateway hands
back, delivery reports and inbound SMS: `deliveries`.)"""

from __future__ import annotations

from datetime import timedelta

from dependency_injector import providers

from adapters.jobs import RETRY
from application.sending.figures import GetSendingFigures
from application.sending.message_logs import ExportMessageLogs, ListMessageLogs
from application.sending.quotes import QuoteMessage
from application.sending.reconciliation import ReconcileStuckMessages
from application.sending.sender_ids import AddSenderId, ListSenderIds, RemoveSenderId
from application.sending.sends import SendBulk, SendSms
from entrypoints.settings import Settings
from entrypoints.wiring.core import Core
from entrypoints.wiring.gateway import Gateway
from entrypoints.worker import EVERY_MINUTE, JobTasks, recovery_cron

settings, clock, ids, uow, metrics = Core.settings, Core.clock, Core.ids, Core.uow, Core.metrics
gateway, submit_window, unwritten_outcomes = Gateway.gateway, Gateway.submit_window, Gateway.unwritten_outcomes


def _reconcile_cron(reconcile_after: float) -> str:
    """Look for stuck sends every minute, or a few times per `reconcile_after` when that is short."""
    return EVERY_MINUTE if reconcile_after >= 180 else recovery_cron(reconcile_after)


class Sending(Gateway):
    # sending (decision: ledger statement)
    send_sms = providers.Factory(
        SendSms, uow=uow.provider, clock=clock, ids=ids, gateway=gateway,
        default_sender=settings.provided.default_sender, metrics=metrics, unwritten=unwritten_outcomes,
    )
    send_bulk = providers.Factory(
        SendBulk, uow=uow.provider, clock=clock, ids=ids, gateway=gateway,
        default_sender=settings.provided.default_sender, concurrency=submit_window, metrics=metrics,
        unwritten=unwritten_outcomes,
    )
    reconcile_stuck_messages = providers.Factory(
        ReconcileStuckMessages, uow=uow.provider, clock=clock, ids=ids, gateway=gateway, concurrency=submit_window,
        metrics=metrics, unwritten=unwritten_outcomes,
    )
    list_sender_ids = providers.Factory(
        ListSenderIds, uow=uow.provider, default_sender=settings.provided.default_sender
    )
    add_sender_id = providers.Factory(AddSenderId, uow=uow.provider, clock=clock)
    remove_sender_id = providers.Factory(RemoveSenderId, uow=uow.provider)

    # quotes, message logs, the home page's figures
    quote_message = providers.Factory(QuoteMessage, uow=uow.provider)
    list_message_logs = providers.Factory(ListMessageLogs, uow=uow.provider)
    export_message_logs = providers.Factory(ExportMessageLogs, uow=uow.provider)
    sending_figures = providers.Factory(GetSendingFigures, uow=uow.provider, clock=clock)


def tasks(c: Sending, settings: Settings) -> JobTasks:
    """Sends a crash or a database outage left between debit and outcome."""
    jobs = JobTasks()

    @jobs.task(name="reconcile_stuck_messages", queue="messages", lock="reconcile_stuck_messages",
               queueing_lock="reconcile_stuck_messages", retry=RETRY,
               every=_reconcile_cron(settings.reconcile_after))
    async def reconcile_stuck_messages(timestamp: int | None = None) -> str:
        return str(await c.reconcile_stuck_messages()(timedelta(seconds=settings.reconcile_after)))

    return jobs
