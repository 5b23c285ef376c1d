"""Payments: the mobile-money provider (the simulator, or the aggregator), orders for packages and
vouchers, and their settlement (callbacks, queued results, polls, expiry with a final poll,
operators); with the jobs that apply results, poll, expire orders and purge unverified callbacks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from dependency_injector import providers

from adapters.jobs import RETRY
from adapters.mobilemoney.clickpesa import ClickPesa
from adapters.mobilemoney.simulator import MobileMoneySimulator
from application.payments.operator import (
    ConfirmPaymentOrder,
    FailPaymentOrder,
    OperatorPaymentOrders,
    ShowPaymentOrder,
)
from application.payments.orders import GetPaymentOrder, ListPaymentOrders, OrderPackage, OrderVoucher
from application.payments.payers import ListPayerPhones
from application.payments.polling import ExpireStalePaymentOrders, PollPendingPayments
from application.payments.results import (
    APPLY_PAYMENT_RESULT,
    ApplyPaymentResult,
    PurgeUnverifiedCallbacks,
    QueuePaymentResults,
    ReceivePaymentCallback,
    result_from_job,
)
from application.payments.vouchers import QuoteVoucher
from application.ports import Clock, MobileMoney
from entrypoints.settings import Settings
from entrypoints.wiring.core import Core
from entrypoints.worker import EVERY_30_SECONDS, EVERY_MINUTE, JobTasks

settings, clock, ids, uow = Core.settings, Core.clock, Core.ids, Core.uow
pool, job_queue = Core.pool, Core.job_queue


def _mobile_money(settings: Settings, simulator: Callable[[], MobileMoneySimulator], clock: Clock) -> MobileMoney:
    """The mobile-money provider UJUMBE_MOBILE_MONEY names: the simulator, or the aggregator
    (ClickPesa's API) at a base URL, with its three credentials."""
    if settings.mobile_money == "simulator":
        return simulator()
    if not settings.mobile_money.startswith(("https://", "http://")):
        raise ValueError(
            f"UJUMBE_MOBILE_MONEY={settings.mobile_money!r}: use 'simulator' or the aggregator's https:// URL"
        )
    credentials = {
        "UJUMBE_MOBILE_MONEY_CLIENT_ID": settings.mobile_money_client_id,
        "UJUMBE_MOBILE_MONEY_API_KEY": settings.mobile_money_api_key,
        # required: without it a callback could not be told from a forged one
        "UJUMBE_MOBILE_MONEY_CHECKSUM_KEY": settings.mobile_money_checksum_key,
    }
    missing = [name for name, value in credentials.items() if not value]
    if missing:
        raise ValueError(f"UJUMBE_MOBILE_MONEY={settings.mobile_money} needs {', '.join(missing)}")
    return ClickPesa(settings.mobile_money, settings.mobile_money_client_id or "", settings.mobile_money_api_key or "",
                     settings.mobile_money_checksum_key or "", clock=clock)


class Payments(Core):
    # mobile money: the simulator records its prompts in PostgreSQL and hands each result to the
    # payment listener, due when its simulated payer answers; the HTTP adapter is called back
    payment_listener = providers.Singleton(QueuePaymentResults, job_queue)  # results applied as callbacks
    mobile_money_simulator = providers.Singleton(
        MobileMoneySimulator, pool=pool, clock=clock, listener=payment_listener,
        decision_delay=settings.provided.simulator_payment_delay, public_url=settings.provided.public_url,
    )
    mobile_money = providers.Singleton(_mobile_money, settings, mobile_money_simulator.provider, clock)

    # payment orders
    order_package = providers.Factory(OrderPackage, uow=uow.provider, clock=clock, ids=ids, mobile_money=mobile_money)
    order_voucher = providers.Factory(OrderVoucher, uow=uow.provider, clock=clock, ids=ids, mobile_money=mobile_money)
    get_payment_order = providers.Factory(GetPaymentOrder, uow=uow.provider)
    list_payment_orders = providers.Factory(ListPaymentOrders, uow=uow.provider)
    list_payer_phones = providers.Factory(ListPayerPhones, uow=uow.provider)
    quote_voucher = providers.Factory(QuoteVoucher, uow=uow.provider)
    # payments: settlement (callbacks, queued results, polls, expiry with a final poll, operators)
    receive_payment_callback = providers.Factory(
        ReceivePaymentCallback, uow=uow.provider, clock=clock, ids=ids, mobile_money=mobile_money
    )
    apply_payment_result = providers.Factory(ApplyPaymentResult, uow=uow.provider, clock=clock, ids=ids)
    purge_unverified_callbacks = providers.Factory(PurgeUnverifiedCallbacks, uow=uow.provider, clock=clock)
    poll_pending_payments = providers.Factory(
        PollPendingPayments, uow=uow.provider, clock=clock, ids=ids, mobile_money=mobile_money
    )
    expire_stale_payment_orders = providers.Factory(
        ExpireStalePaymentOrders, uow=uow.provider, clock=clock, ids=ids, mobile_money=mobile_money
    )
    operator_payment_orders = providers.Factory(OperatorPaymentOrders, uow=uow.provider)
    show_payment_order = providers.Factory(ShowPaymentOrder, uow=uow.provider)
    confirm_payment_order = providers.Factory(ConfirmPaymentOrder, uow=uow.provider, clock=clock, ids=ids)
    fail_payment_order = providers.Factory(FailPaymentOrder, uow=uow.provider, clock=clock, ids=ids)


def tasks(c: Payments, settings: Settings) -> JobTasks:
    """Payment orders: results a provider hands over (as callbacks), the poll for callbacks that got
    lost, and orders nobody answered within 10 minutes, after a final poll (decision: payment order timeout). Settling
    is idempotent (one outcome per order), so a retried or overlapping job changes nothing twice.
    And, as housekeeping, the callbacks nobody could verify, past their week."""
    jobs = JobTasks()

    @jobs.task(name=APPLY_PAYMENT_RESULT, queue="payments", retry=RETRY)
    async def apply_payment_result(**payload: Any) -> str:
        return (await c.apply_payment_result()(*result_from_job(payload))).outcome

    @jobs.task(name="poll_pending_payments", queue="payments", lock="poll_pending_payments",
               queueing_lock="poll_pending_payments", retry=RETRY, every=EVERY_30_SECONDS)
    async def poll_pending_payments(timestamp: int | None = None) -> int:
        return int(await c.poll_pending_payments()())

    @jobs.task(name="expire_stale_payment_orders", queue="payments", lock="expire_stale_payment_orders",
               queueing_lock="expire_stale_payment_orders", retry=RETRY, every=EVERY_MINUTE)
    async def expire_stale_payment_orders(timestamp: int | None = None) -> int:
        return int(await c.expire_stale_payment_orders()())

    @jobs.task(name="purge_unverified_callbacks", queue="maintenance",
               queueing_lock="purge_unverified_callbacks", retry=RETRY, every="*/15 * * * *")
    async def purge_unverified_callbacks(timestamp: int | None = None) -> int:
        return int(await c.purge_unverified_callbacks()())

    return jobs
