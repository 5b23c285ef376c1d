"""The payment jobs on the real job queue: a result a provider hands over (the simulator) is queued
and applied as a callback; the poll is scheduled every 30 seconds and settles what it finds."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta

import psycopg
import pytest
from dependency_injector import providers

from adapters.memory.system import FrozenClock
from application.ports import ProviderResult, ProviderState
from domain.payments import PaymentOrder, PaymentStatus
from entrypoints.container import Container
from entrypoints.worker import build_job_app
from mobile_money_fake import FakeMobileMoney
from jobs_support import drain, without_periodic_jobs
from tests_support import ids

ACCOUNT = ids(1)


@pytest.fixture()
async def opened(container: Container, clean_database: str) -> AsyncIterator[Container]:
    without_periodic_jobs(container)
    pool, app = container.pool(), container.job_app()
    await pool.open(wait=True)
    await app.open_async()
    with psycopg.connect(clean_database, autocommit=True) as conn:
        conn.execute("INSERT INTO accounts (id, email, password_hash, created_at) VALUES (%s, 'a@x.tz', 'x', now())",
                     (ACCOUNT,))
    try:
        yield container
    finally:
        await app.close_async()
        await pool.close()


async def place(c: Container, clock: FrozenClock, age: timedelta) -> PaymentOrder:
    at = clock.now() - age
    order = PaymentOrder(account_id=ACCOUNT, id=ids(40), source="package", provider="mobilemoney", amount=2_000,
                         credit_amount=60, checkout_message="Approve the prompt", payer_phone="+255712000001",
                         created_at=at, updated_at=at, package_id=1)
    async with c.uow() as uow:
        await uow.payment_orders.add(order)
        await uow.commit()
    return order


async def settled(c: Container, order: PaymentOrder) -> PaymentOrder:
    async with c.uow() as uow:
        found = await uow.payment_orders.get(ACCOUNT, order.id)
    assert found is not None
    return found


def test_the_poll_is_scheduled_every_30_seconds(container: Container) -> None:
    periodic = build_job_app(container).periodic_registry.periodic_tasks
    assert periodic[("poll_pending_payments", "")].cron == "* * * * * */30"


async def test_a_handed_over_result_is_queued_and_applied_by_the_worker_once_due(
        opened: Container, clock: FrozenClock) -> None:
    order = await place(opened, clock, timedelta(seconds=1))
    paid = ProviderResult(order.reference, ProviderState.PAID, amount=2_000, currency="TZS", provider_ref="SIM-1")
    listener = opened.payment_listener()
    await listener.payment_result("mobilemoney", paid, clock.now())
    await listener.payment_result("mobilemoney", paid, clock.now())  # told twice
    await drain(opened)
    confirmed = await settled(opened, order)
    assert (confirmed.status, confirmed.settled_by, confirmed.provider_ref) == (
        PaymentStatus.CONFIRMED, "callback", "SIM-1")
    assert (await opened.get_balance()(ACCOUNT)).balance == 60


async def test_the_poll_task_settles_an_order_whose_callback_was_lost(opened: Container, clock: FrozenClock) -> None:
    order = await place(opened, clock, timedelta(minutes=1))
    provider = FakeMobileMoney(answers={order.reference: ProviderResult(order.reference, ProviderState.FAILED,
                                                                        reason="Wrong PIN")})
    opened.mobile_money.override(providers.Object(provider))
    assert await opened.job_app().tasks["poll_pending_payments"].func() == 1  # type: ignore[call-arg]
    failed = await settled(opened, order)
    assert (failed.status, failed.failure_reason, failed.settled_by) == (PaymentStatus.FAILED, "Wrong PIN", "poll")
