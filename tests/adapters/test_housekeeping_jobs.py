"""Housekeeping the worker schedules: expired phone codes and callbacks that did not verify are
purged every 15 minutes, payment orders nobody answered are failed every minute."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import timedelta

import psycopg
import pytest

from adapters.memory.system import FrozenClock
from application.payments.settlement import UNVERIFIED_CALLBACKS_KEPT
from application.ports import PhoneOtp, ProviderEvent
from domain.payments import PaymentOrder, PaymentStatus
from entrypoints.container import Container
from entrypoints.worker import build_job_app
from tests_support import ids

ACCOUNT = ids(1)


@pytest.fixture()
async def opened(container: Container, clean_database: str) -> AsyncIterator[Container]:
    pool = container.pool()
    await pool.open(wait=True)
    with psycopg.connect(clean_database, autocommit=True) as conn:
        conn.execute("INSERT INTO accounts (id, email, password_hash, created_at) VALUES (%s, 'a@x.tz', 'x', now())",
                     (ACCOUNT,))
    try:
        yield container
    finally:
        await pool.close()


def test_the_phone_code_purge_is_scheduled_every_15_minutes(container: Container) -> None:
    periodic = build_job_app(container).periodic_registry.periodic_tasks
    assert periodic[("purge_expired_phone_otps", "")].cron == "*/15 * * * *"


async def test_the_scheduled_task_purges_codes_past_the_throttle_window(
        opened: Container, clock: FrozenClock) -> None:
    now = clock.now()
    old = PhoneOtp(account_id=ACCOUNT, phone="+255712000001", code_hash="c", attempts=0,
                   expires_at=now - timedelta(hours=2), sent_at=now - timedelta(hours=2, minutes=5),
                   window_started_at=now - timedelta(hours=2, minutes=5), sends_in_window=1)
    recent = PhoneOtp(account_id=ACCOUNT, phone="+255712000002", code_hash="c", attempts=0,
                      expires_at=now - timedelta(minutes=1), sent_at=now - timedelta(minutes=6),
                      window_started_at=now - timedelta(minutes=6), sends_in_window=1)
    async with opened.uow() as uow:
        await uow.phone_otps.save(old)
        await uow.phone_otps.save(recent)
        await uow.commit()

    task = build_job_app(opened).tasks["purge_expired_phone_otps"]
    assert await task.func() == 1  # type: ignore[call-arg]

    async with opened.uow() as uow:
        assert await uow.phone_otps.get(ACCOUNT, old.phone) is None
        assert await uow.phone_otps.get(ACCOUNT, recent.phone) == recent


def test_the_unverified_callback_purge_is_scheduled_every_15_minutes(container: Container) -> None:
    periodic = build_job_app(container).periodic_registry.periodic_tasks
    assert periodic[("purge_unverified_callbacks", "")].cron == "*/15 * * * *"


async def test_the_scheduled_task_purges_unverified_callbacks_past_their_week(
        opened: Container, clock: FrozenClock, clean_database: str) -> None:
    def callback(n: int, age: timedelta, verified: bool) -> ProviderEvent:
        return ProviderEvent(id=ids(200 + n), provider="mobilemoney", channel="callback", order_reference=None,
                             account_id=None, order_id=None, outcome="refused", reason="invalid callback",
                             body="junk", received_at=clock.now() - age, verified=verified)

    old = callback(1, UNVERIFIED_CALLBACKS_KEPT + timedelta(minutes=1), verified=False)
    young = callback(2, UNVERIFIED_CALLBACKS_KEPT - timedelta(minutes=1), verified=False)
    old_verified = replace(old, id=ids(203), order_reference="ref1", verified=True)
    async with opened.uow() as uow:
        for event in (old, young, old_verified):
            await uow.provider_events.add(event)
        await uow.commit()

    task = build_job_app(opened).tasks["purge_unverified_callbacks"]
    assert await task.func() == 1  # type: ignore[call-arg]

    with psycopg.connect(clean_database) as conn:
        kept = conn.execute("SELECT id::text FROM payment_provider_events ORDER BY id").fetchall()
    assert sorted(row[0] for row in kept) == sorted([young.id, old_verified.id])


def test_payment_order_expiry_is_scheduled_every_minute(container: Container) -> None:
    periodic = build_job_app(container).periodic_registry.periodic_tasks
    assert periodic[("expire_stale_payment_orders", "")].cron == "* * * * *"


async def test_the_scheduled_task_fails_stale_payment_orders_and_queues_their_dispatch(
        opened: Container, clock: FrozenClock, clean_database: str) -> None:
    def order(n: int, age: timedelta) -> PaymentOrder:
        created = clock.now() - age
        return PaymentOrder(account_id=ACCOUNT, id=ids(10 + n), source="package", provider="mpesa", amount=10_000,
                            credit_amount=300, checkout_message="Approve the prompt", payer_phone="+255712000001",
                            created_at=created, updated_at=created)

    stale, young = order(1, timedelta(minutes=12)), order(2, timedelta(minutes=3))
    async with opened.uow() as uow:
        await uow.payment_orders.add(stale)
        await uow.payment_orders.add(young)
        await uow.commit()

    app = opened.job_app()
    await app.open_async()
    try:
        assert await app.tasks["expire_stale_payment_orders"].func() == 1  # type: ignore[call-arg]
    finally:
        await app.close_async()

    async with opened.uow() as uow:
        failed = await uow.payment_orders.get(ACCOUNT, stale.id)
        assert failed is not None and (failed.status, failed.failed_at) == (PaymentStatus.FAILED, clock.now())
        assert await uow.payment_orders.get(ACCOUNT, young.id) == young
        assert [e.type for e in await uow.events.undispatched(10)] == ["payment.failed"]
    with psycopg.connect(clean_database) as conn:
        queued = conn.execute("SELECT task_name FROM procrastinate_jobs WHERE status = 'todo'").fetchall()
    assert queued == [("dispatch_outbox",)]  # the event's commit woke the outbox dispatch
