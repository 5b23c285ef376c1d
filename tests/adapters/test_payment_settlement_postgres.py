"""Settlement on real PostgreSQL: however many callbacks, polls, handed-over results and operator
confirmations race, an order is confirmed once (one purchase entry, one notification, one event);
a confirmation racing the expiry ends in one outcome."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

import pytest
from psycopg_pool import AsyncConnectionPool

from adapters.memory.system import FrozenClock
from adapters.postgres.database import create_pool
from adapters.postgres.uow import PostgresUnitOfWork
from adapters.system import UuidGenerator
from application.payments.operator import ConfirmPaymentOrder
from application.payments.results import ApplyPaymentResult, ReceivePaymentCallback
from application.payments.settlement import SettlePayment
from application.payments.polling import ExpireStalePaymentOrders, PollPendingPayments
from application.ports import ProviderResult, ProviderState
from domain.payments import PaymentOrder, PaymentStatus
from mobile_money_fake import FakeMobileMoney
from tests_support import ids, until_a_session_waits_on_a_lock

ACCOUNT = ids(1)
T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


@pytest.fixture()
async def pool(clean_database: str) -> AsyncIterator[AsyncConnectionPool]:
    pool = create_pool(clean_database, min_size=2, max_size=14)
    await pool.open(wait=True)
    async with pool.connection() as conn:
        await conn.execute("INSERT INTO accounts (id, email, password_hash, created_at) VALUES (%s, 'a@x.tz', 'x', %s)",
                           (ACCOUNT, T0))
    try:
        yield pool
    finally:
        await pool.close()


class Settling:
    def __init__(self, pool: AsyncConnectionPool, now: datetime) -> None:
        self.uow = lambda: PostgresUnitOfWork(pool)
        self.clock, self.ids, self.provider = FrozenClock(now), UuidGenerator(), FakeMobileMoney()

    async def add(self, age: timedelta) -> PaymentOrder:
        at = self.clock.now() - age
        order = PaymentOrder(account_id=ACCOUNT, id=ids(100), source="package", provider="mobilemoney",
                             amount=10_000, credit_amount=300, checkout_message="Approve the prompt",
                             payer_phone="+255712345678", created_at=at, updated_at=at, package_id=2)
        async with self.uow() as uow:
            await uow.payment_orders.add(order)
            await uow.commit()
        return order

    def paid(self, order: PaymentOrder) -> ProviderResult:
        return ProviderResult(order.reference, ProviderState.PAID, amount=order.amount, currency="TZS",
                              provider_ref="CP-77")

    async def callback(self, order: PaymentOrder) -> object:
        headers, body = self.provider.callback(self.paid(order))
        return await ReceivePaymentCallback(self.uow, self.clock, self.ids, self.provider)(
            "mobilemoney", headers, body)

    async def outcome(self, order: PaymentOrder) -> tuple[PaymentOrder, list[str], list[str], int]:
        """The order, its ledger references, its webhook event types, its notifications."""
        async with self.uow() as uow:
            found = await uow.payment_orders.get(ACCOUNT, order.id)
            entries = (await uow.ledger.history(ACCOUNT, 1, 100)).entries
            events = await uow.events.undispatched(100)
            _, notified = await uow.notifications.page(ACCOUNT, 1, 100)
        assert found is not None
        return found, [e.reference for e in entries], [e.type for e in events], notified


async def test_ten_concurrent_confirmations_grant_the_credits_once(pool: AsyncConnectionPool) -> None:
    world = Settling(pool, T0)
    order = await world.add(age=timedelta(minutes=2))
    world.provider.answers[order.reference] = world.paid(order)
    poll = PollPendingPayments(world.uow, world.clock, world.ids, world.provider)
    handed_over = ApplyPaymentResult(world.uow, world.clock, world.ids)
    confirm = ConfirmPaymentOrder(world.uow, world.clock, world.ids)
    racers = [world.callback(order), world.callback(order), world.callback(order), poll(), poll(), poll(),
              handed_over("mobilemoney", world.paid(order)), handed_over("mobilemoney", world.paid(order)),
              confirm(order.id, "asha"), confirm(order.id, "baraka")]
    await asyncio.gather(*racers)

    settled, references, events, notified = await world.outcome(order)
    assert settled.status is PaymentStatus.CONFIRMED
    assert references == [f"payment:{order.id}"]
    assert (events, notified) == (["payment.confirmed"], 1)
    async with world.uow() as uow:
        answers = await uow.provider_events.for_order(order.reference)
    outcomes = sorted(a.outcome for a in answers)
    assert outcomes.count("applied") <= 1 and set(outcomes) <= {"applied", "repeat"}
    assert len(answers) >= 5  # every provider answer recorded (a poll that found it settled asks nothing)


async def test_a_callback_holding_the_order_makes_the_expiry_wait_and_find_it_confirmed(
        pool: AsyncConnectionPool, clean_database: str) -> None:
    world = Settling(pool, T0)
    order = await world.add(age=timedelta(minutes=11))  # stale: the expiry would fail it
    expire = ExpireStalePaymentOrders(world.uow, world.clock, world.ids, world.provider)  # its final poll: nothing
    async with world.uow() as uow:  # a callback in flight holds the order
        held = await uow.payment_orders.lock_by_reference(order.reference)
        assert held is not None
        expiry = asyncio.create_task(expire())
        await until_a_session_waits_on_a_lock(clean_database)
        await SettlePayment(world.clock, world.ids).provider_answer_for(
            uow, held, "mobilemoney", "callback", world.paid(order), "{}")
        await uow.commit()
    assert await expiry == 0  # it found the order settled
    settled, references, events, _ = await world.outcome(order)
    assert (settled.status, settled.confirmed_late, references, events) == (
        PaymentStatus.CONFIRMED, False, [f"payment:{order.id}"], ["payment.confirmed"])


async def test_callbacks_racing_expiry_runs_end_confirmed_with_one_grant(pool: AsyncConnectionPool) -> None:
    world = Settling(pool, T0)
    order = await world.add(age=timedelta(minutes=11))
    expire = ExpireStalePaymentOrders(world.uow, world.clock, world.ids, world.provider)
    await asyncio.gather(expire(), world.callback(order), expire(), world.callback(order), expire())
    settled, references, events, notified = await world.outcome(order)
    # Whichever came first, the money is confirmed (late, if the expiry failed it first) and granted once.
    assert settled.status is PaymentStatus.CONFIRMED
    assert references == [f"payment:{order.id}"]
    assert events in (["payment.confirmed"], ["payment.failed", "payment.confirmed"])
    assert settled.confirmed_late == (events == ["payment.failed", "payment.confirmed"])
    assert notified == len(events)
