"""Payment-order expiry on memory adapters: pending orders nobody answered fail after 10 minutes
(the final poll before it is tested with the rest of settlement, in test_payment_settlement.py)."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest

from adapters.memory.store import MemoryStore
from adapters.memory.system import FrozenClock, SequentialIds
from adapters.memory.uow import MemoryUnitOfWork
from application.payments.polling import EXPIRED, ExpireStalePaymentOrders
from application.ports import NotificationKind
from domain.payments import PaymentOrder, PaymentStatus
from mobile_money_fake import FakeMobileMoney
from tests_support import ids

ACCOUNT = ids(1)
OTHER = ids(2)


class World:
    def __init__(self) -> None:
        self.store = MemoryStore()
        self.clock = FrozenClock()
        self.ids = SequentialIds()
        self.start = self.clock.now()
        self.mobile_money = FakeMobileMoney()  # knows no payment: every final poll finds nothing

    def uow(self) -> MemoryUnitOfWork:
        return MemoryUnitOfWork(self.store)

    def order(self, n: int, *, account: str = ACCOUNT, age: timedelta = timedelta(0),
              status: PaymentStatus = PaymentStatus.PENDING) -> PaymentOrder:
        created = self.start - age
        return PaymentOrder(
            account_id=account, id=ids(100 + n), source="package", provider="mpesa", amount=10_000,
            credit_amount=300, checkout_message="Approve the prompt on your phone", payer_phone="+255712345678",
            created_at=created, updated_at=created, status=status,
            confirmed_at=created if status is PaymentStatus.CONFIRMED else None,
        )

    async def add(self, *orders: PaymentOrder) -> None:
        async with self.uow() as uow:
            for order in orders:
                await uow.payment_orders.add(order)
            await uow.commit()

    def expire(self) -> ExpireStalePaymentOrders:
        return ExpireStalePaymentOrders(self.uow, self.clock, self.ids, self.mobile_money)

    async def get(self, order: PaymentOrder) -> PaymentOrder:
        async with self.uow() as uow:
            found = await uow.payment_orders.get(order.account_id, order.id)
        assert found is not None
        return found


@pytest.fixture()
def world() -> World:
    return World()


async def test_a_pending_order_fails_once_it_is_older_than_10_minutes(world: World) -> None:
    order = world.order(1)
    await world.add(order)

    world.clock.advance(minutes=10)
    assert await world.expire()() == 0  # exactly 10 minutes old: still waiting
    assert (await world.get(order)).status is PaymentStatus.PENDING

    now = world.clock.advance(seconds=1)
    assert await world.expire()() == 1
    assert await world.get(order) == replace(order, status=PaymentStatus.FAILED, failure_reason=EXPIRED,
                                             failed_at=now, updated_at=now, settled_by="expiry")


async def test_expiry_raises_a_payment_failed_event_and_a_payment_notification(world: World) -> None:
    order = world.order(1, age=timedelta(minutes=11))
    await world.add(order)
    await world.expire()()

    async with world.uow() as uow:
        (event,) = await uow.events.undispatched(10)
        notifications, total = await uow.notifications.page(ACCOUNT, 1, 10)
    assert (event.account_id, event.type, event.created_at) == (ACCOUNT, "payment.failed", world.clock.now())
    assert event.data == {"order_id": order.id, "status": "failed", "source": "package", "provider": "mpesa",
                          "amount": 10_000, "currency": "TZS", "credit_amount": 300, "failure_reason": EXPIRED}
    assert total == 1
    (notification,) = notifications
    assert notification.kind is NotificationKind.PAYMENT
    assert notification.data == {"order_id": order.id, "status": "failed", "reason": EXPIRED, "amount": 10_000,
                                 "currency": "TZS", "credit_amount": 300}  # the dashboard's figures
    assert "10,000 TZS" in notification.message and "10 minutes" in notification.message


async def test_settled_and_young_orders_are_left_alone(world: World) -> None:
    young = world.order(1, age=timedelta(minutes=9))
    confirmed = world.order(2, age=timedelta(hours=1), status=PaymentStatus.CONFIRMED)
    stale = world.order(3, age=timedelta(minutes=30), account=OTHER)
    await world.add(young, confirmed, stale)

    assert await world.expire()() == 1
    assert await world.get(young) == young
    assert await world.get(confirmed) == confirmed
    assert (await world.get(stale)).status is PaymentStatus.FAILED


async def test_running_it_again_changes_nothing_and_tells_nobody_twice(world: World) -> None:
    await world.add(world.order(1, age=timedelta(minutes=20)), world.order(2, age=timedelta(minutes=15)))
    assert await world.expire()() == 2
    world.clock.advance(minutes=5)
    assert await world.expire()() == 0
    async with world.uow() as uow:
        assert len(await uow.events.undispatched(10)) == 2
        assert (await uow.notifications.page(ACCOUNT, 1, 10))[1] == 2


async def test_every_stale_order_is_expired_whatever_the_batch_size(world: World) -> None:
    orders = [world.order(n, age=timedelta(minutes=10 + n)) for n in range(1, 6)]
    await world.add(*orders)
    assert await world.expire()(batch_size=2) == 5
    assert [(await world.get(o)).status for o in orders] == [PaymentStatus.FAILED] * 5
