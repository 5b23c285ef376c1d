"""Payment-order repositories: memory = PostgreSQL; expiry on PostgreSQL, concurrent runs included."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import psycopg
import pytest

from adapters.memory.system import FrozenClock, SequentialIds
from application.payments.polling import EXPIRED, ExpireStalePaymentOrders
from application.ports import ProviderEvent
from domain.ids import NO_ID
from domain.payments import PaymentOrder, PaymentStatus
from mobile_money_fake import FakeMobileMoney
from tests_support import Backend, ids

ACCOUNT = ids(1)
OTHER = ids(2)
T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


@pytest.fixture()
async def store(backend: Backend) -> Backend:
    await backend.seed_account(ACCOUNT)
    await backend.seed_account(OTHER)
    return backend


def order(n: int, account: str = ACCOUNT, minutes: int = 0, **changes: object) -> PaymentOrder:
    created = T0 + timedelta(minutes=minutes)
    base = PaymentOrder(account_id=account, id=ids(100 + n), source="voucher", provider="airtel", amount=5_000,
                        credit_amount=140, checkout_message="Dial *150*60# to approve", payer_phone="+255682000001",
                        created_at=created, updated_at=created)
    return replace(base, **changes)  # type: ignore[arg-type]


async def add(backend: Backend, *orders: PaymentOrder) -> None:
    async with backend.uow() as uow:
        for o in orders:
            await uow.payment_orders.add(o)
        await uow.commit()


async def test_orders_are_stored_per_account(store: Backend) -> None:
    first = order(1, provider_ref="AIR-1")
    await add(store, first, order(2, OTHER))
    async with store.uow() as uow:
        assert await uow.payment_orders.get(ACCOUNT, first.id) == first
        assert await uow.payment_orders.get(OTHER, first.id) is None
        assert await uow.payment_orders.get(ACCOUNT, NO_ID) is None


async def test_pending_orders_are_listed_oldest_first_across_accounts(store: Backend) -> None:
    await add(store,
              order(1, minutes=5), order(2, OTHER, minutes=1), order(3, minutes=3),
              order(4, minutes=20),  # too young
              order(5, minutes=0, status=PaymentStatus.CONFIRMED, confirmed_at=T0))
    async with store.uow() as uow:
        found = await uow.payment_orders.pending_for_poll(T0 + timedelta(minutes=10), 10)
        assert [o.id for o in found] == [ids(102), ids(103), ids(101)]
        assert [o.id for o in await uow.payment_orders.pending_for_poll(T0 + timedelta(minutes=10), 2)] == [
            ids(102), ids(103)]
        assert await uow.payment_orders.pending_for_poll(T0 + timedelta(minutes=1), 10) == []


async def test_a_settlement_is_stored_and_leaves_the_pending_list(store: Backend) -> None:
    pending = order(1)
    await add(store, pending)
    at = T0 + timedelta(minutes=11)
    failed = replace(pending, status=PaymentStatus.FAILED, failure_reason=EXPIRED, failed_at=at, updated_at=at,
                     provider_ref="AIR-9")
    async with store.uow() as uow:
        await uow.payment_orders.record_settlement(failed)
        await uow.commit()
    async with store.uow() as uow:
        assert await uow.payment_orders.get(ACCOUNT, pending.id) == failed
        assert await uow.payment_orders.pending_for_poll(at, 10) == []


async def test_an_order_left_uncommitted_is_not_stored(store: Backend) -> None:
    async with store.uow() as uow:
        await uow.payment_orders.add(order(1))
    async with store.uow() as uow:
        assert await uow.payment_orders.get(ACCOUNT, ids(101)) is None


async def test_concurrent_expiry_runs_fail_each_order_once(store: Backend) -> None:
    await add(store, *(order(n, ACCOUNT if n % 2 else OTHER) for n in range(1, 21)))
    clock = FrozenClock(T0 + timedelta(minutes=15))
    expire = ExpireStalePaymentOrders(store.uow, clock, SequentialIds(), FakeMobileMoney())
    counts = await asyncio.gather(*(expire(batch_size=3) for _ in range(4)))
    assert sum(counts) == 20
    assert await expire() == 0
    async with store.uow() as uow:
        events = await uow.events.undispatched(100)
        assert sorted(e.data["order_id"] for e in events) == [ids(100 + n) for n in range(1, 21)]
        assert {e.type for e in events} == {"payment.failed"}
        assert (await uow.notifications.page(ACCOUNT, 1, 100))[1] == 10
        assert (await uow.notifications.page(OTHER, 1, 100))[1] == 10


def test_the_database_keeps_settlement_columns_consistent_with_the_status(clean_database: str) -> None:
    insert = ("INSERT INTO payment_orders (account_id, id, status, source, provider, amount, credit_amount,"
              " checkout_message, payer_phone, created_at, updated_at, failed_at, failure_reason)"
              " VALUES (%s, %s, %s, 'package', 'mpesa', 1000, 28, 'Approve', '+255712000001', now(), now(), %s, %s)")
    with psycopg.connect(clean_database, autocommit=True) as conn:
        conn.execute("INSERT INTO accounts (id, email, password_hash, created_at) VALUES (%s, 'a@x.tz', 'x', now())",
                     (ACCOUNT,))
        conn.execute(insert, (ACCOUNT, ids(1), "failed", T0, EXPIRED))
        for n, (status, failed_at, reason) in enumerate([("failed", T0, None), ("pending", T0, None),
                                                         ("pending", None, EXPIRED), ("lost", None, None)]):
            with pytest.raises(psycopg.errors.CheckViolation):
                conn.execute(insert, (ACCOUNT, ids(2 + n), status, failed_at, reason))


async def test_new_order_fields_round_trip_and_the_reference_is_the_id_without_dashes(store: Backend) -> None:
    sold = order(1, source="package", package_id=3, provider="mobilemoney",
                 rate_tzs_per_credit=None, leftover_tzs=0)
    voucher = order(2, rate_tzs_per_credit=Decimal("28.50"), leftover_tzs=14,
                    checkout_url="https://pay.example/c/1", provider="mobilemoney-session")
    await add(store, sold, voucher)
    assert sold.reference == sold.id.replace("-", "") and sold.reference.isalnum()
    async with store.uow() as uow:
        assert await uow.payment_orders.get(ACCOUNT, sold.id) == sold
        assert await uow.payment_orders.get(ACCOUNT, voucher.id) == voucher
        assert await uow.payment_orders.lock_by_reference(voucher.reference) == voucher
        assert await uow.payment_orders.lock_by_reference("nothere") is None
        assert await uow.payment_orders.lock(ACCOUNT, sold.id) == sold
        assert await uow.payment_orders.lock(OTHER, sold.id) is None
        assert await uow.payment_orders.find(voucher.id) == voucher
        assert await uow.payment_orders.find(NO_ID) is None


async def test_a_checkout_link_given_after_the_order_was_written_is_stored_and_nothing_else(store: Backend) -> None:
    placed = order(1, provider="mobilemoney-session", payer_phone=None, checkout_message="waiting for the link")
    await add(store, placed)
    at = T0 + timedelta(seconds=2)
    linked = replace(placed, checkout_url="https://pay.example/c/1", checkout_message="Open https://pay.example/c/1",
                     updated_at=at)
    async with store.uow() as uow:
        # Only the link, its message and updated_at are stored: a status here is ignored.
        await uow.payment_orders.record_checkout(replace(linked, status=PaymentStatus.CONFIRMED, amount=1))
        await uow.commit()
    async with store.uow() as uow:
        assert await uow.payment_orders.get(ACCOUNT, placed.id) == linked


async def test_a_late_confirmation_keeps_the_failure_it_overturned(store: Backend) -> None:
    placed = order(1)
    await add(store, placed)
    failed = replace(placed, status=PaymentStatus.FAILED, failed_at=T0, failure_reason="expired",
                     settled_by="expiry", updated_at=T0)
    late = replace(failed, status=PaymentStatus.CONFIRMED, confirmed_at=T0 + timedelta(minutes=12),
                   confirmed_late=True, settled_by="callback", provider_ref="CP-9", review_reason=None)
    for step in (failed, late):
        async with store.uow() as uow:
            await uow.payment_orders.record_settlement(step)
            await uow.commit()
    async with store.uow() as uow:
        assert await uow.payment_orders.get(ACCOUNT, placed.id) == late


async def test_pages_are_newest_first_per_account_and_status(store: Backend) -> None:
    await add(store, order(1, minutes=1), order(2, minutes=2),
              order(3, minutes=3, status=PaymentStatus.CONFIRMED, confirmed_at=T0), order(4, OTHER, minutes=4))
    async with store.uow() as uow:
        every = await uow.payment_orders.page(ACCOUNT, None, 1, 2)
        rest = await uow.payment_orders.page(ACCOUNT, None, 2, 2)
        pending = await uow.payment_orders.page(ACCOUNT, PaymentStatus.PENDING, 1, 10)
        across = await uow.payment_orders.operator_list(None, 10)
        confirmed = await uow.payment_orders.operator_list(PaymentStatus.CONFIRMED, 10)
    assert ([o.id for o in every.orders], every.total) == ([ids(103), ids(102)], 3)
    assert [o.id for o in rest.orders] == [ids(101)]
    assert ([o.id for o in pending.orders], pending.total) == ([ids(102), ids(101)], 2)
    assert [o.id for o in across] == [ids(104), ids(103), ids(102), ids(101)]
    assert [o.id for o in confirmed] == [ids(103)]


async def test_orders_to_poll_are_pending_ones_a_provider_holds(store: Backend) -> None:
    await add(store, order(1, minutes=2), order(2, minutes=1, provider="manual", payer_phone=None),
              order(3, OTHER, minutes=0), order(4, minutes=30),
              order(5, minutes=3, review_reason="the provider collected 500 TZS"))  # for an operator
    async with store.uow() as uow:
        found = await uow.payment_orders.pending_for_poll(T0 + timedelta(minutes=10), 10)
    assert [o.id for o in found] == [ids(103), ids(101)]


async def test_payer_phones_are_verified_per_account(store: Backend) -> None:
    async with store.uow() as uow:
        await uow.payer_phones.add(ACCOUNT, "+255712000001", T0)
        await uow.payer_phones.add(ACCOUNT, "+255712000001", T0 + timedelta(days=1))  # again: fine
        await uow.commit()
    async with store.uow() as uow:
        assert await uow.payer_phones.is_verified(ACCOUNT, "+255712000001")
        assert not await uow.payer_phones.is_verified(OTHER, "+255712000001")
        assert not await uow.payer_phones.is_verified(ACCOUNT, "+255712000002")


async def test_payer_phones_are_listed_per_account_the_latest_verified_first(store: Backend) -> None:
    async with store.uow() as uow:
        await uow.payer_phones.add(ACCOUNT, "+255712000001", T0)
        await uow.payer_phones.add(ACCOUNT, "+255712000002", T0 + timedelta(hours=1))
        await uow.payer_phones.add(OTHER, "+255712000003", T0 + timedelta(hours=2))
        await uow.payer_phones.add(ACCOUNT, "+255712000001", T0 + timedelta(days=1))  # verified again: newest
        await uow.commit()
    async with store.uow() as uow:
        assert await uow.payer_phones.all(ACCOUNT) == ["+255712000001", "+255712000002"]
        assert await uow.payer_phones.all(OTHER) == ["+255712000003"]
        assert await uow.payer_phones.all(ids(3)) == []


async def test_provider_answers_are_kept_per_order_oldest_first(store: Backend) -> None:
    placed = order(1)
    events = [ProviderEvent(id=ids(300 + n), provider="mobilemoney", channel=channel,
                            order_reference=placed.reference if n != 2 else "unknownref",
                            account_id=ACCOUNT if n != 2 else None, order_id=placed.id if n != 2 else None,
                            outcome=outcome, reason=reason, body='{"x": 1}', received_at=T0 + timedelta(seconds=10 - n))
              for n, channel, outcome, reason in [(1, "callback", "applied", None), (2, "callback", "refused", "bad"),
                                                  (3, "poll", "repeat", None)]]
    async with store.uow() as uow:
        for event in events:
            await uow.provider_events.add(event)
        await uow.commit()
    async with store.uow() as uow:
        assert await uow.provider_events.for_order(placed.reference) == [events[2], events[0]]
        assert await uow.provider_events.for_order("unknownref") == [events[1]]
