"""Settling payment orders exactly once, on memory adapters: callbacks, queued results, polls, the
expiry's final poll, late money and operators, with a recording fake provider."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

import pytest

from adapters.memory.store import MemoryStore
from adapters.memory.system import FrozenClock, SequentialIds
from adapters.memory.uow import MemoryUnitOfWork
from application.payments.operator import (
    ConfirmPaymentOrder,
    FailPaymentOrder,
    OperatorPaymentOrders,
    ShowPaymentOrder,
)
from application.payments.results import (
    APPLY_PAYMENT_RESULT,
    ApplyPaymentResult,
    PurgeUnverifiedCallbacks,
    QueuePaymentResults,
    ReceivePaymentCallback,
    result_from_job,
)
from application.payments.settlement import (
    EXPIRED,
    FAILED_BY_OPERATOR,
    KEPT_BODY,
    KEPT_UNVERIFIED_BODY,
    UNVERIFIED_CALLBACKS_KEPT,
    Settlement,
    storable_text,
)
from application.payments.polling import ExpireStalePaymentOrders, PollPendingPayments
from application.ports import (
    NotificationKind,
    ProviderEvent,
    ProviderResult,
    ProviderState,
    ProviderUnavailable,
)
from domain.errors import IllegalTransition, InvalidSignature, NotFound, ValidationError
from domain.ledger import EntryType
from domain.payments import PaymentOrder, PaymentStatus
from mobile_money_fake import FakeMobileMoney
from tests_support import ids

ACCOUNT = ids(1)
PAID, WAITING, FAILED, UNKNOWN = ProviderState.PAID, ProviderState.WAITING, ProviderState.FAILED, ProviderState.UNKNOWN


class World:
    def __init__(self) -> None:
        self.store = MemoryStore()
        self.clock = FrozenClock()
        self.ids = SequentialIds()
        self.provider = FakeMobileMoney()
        self.start = self.clock.now()

    def uow(self) -> MemoryUnitOfWork:
        return MemoryUnitOfWork(self.store)

    async def order(self, n: int = 1, *, age: timedelta = timedelta(0), **changes: Any) -> PaymentOrder:
        created = self.clock.now() - age
        order = replace(PaymentOrder(
            account_id=ACCOUNT, id=ids(100 + n), source="package", provider="mobilemoney", amount=10_000,
            credit_amount=300, checkout_message="Approve the prompt on your phone", payer_phone="+255712345678",
            created_at=created, updated_at=created, package_id=2), **changes)
        async with self.uow() as uow:
            await uow.payment_orders.add(order)
            await uow.commit()
        return order

    def result(self, order: PaymentOrder, state: ProviderState, **changes: Any) -> ProviderResult:
        paid = {"amount": order.amount, "currency": "TZS", "provider_ref": f"CP-{order.id[-3:]}"}
        return replace(ProviderResult(order.reference, state, **(paid if state is PAID else {})), **changes)

    async def callback(self, result: ProviderResult) -> Settlement:
        headers, body = self.provider.callback(result)
        return await ReceivePaymentCallback(self.uow, self.clock, self.ids, self.provider)("mobilemoney", headers, body)

    def expire(self) -> ExpireStalePaymentOrders:
        return ExpireStalePaymentOrders(self.uow, self.clock, self.ids, self.provider)

    def poll(self) -> PollPendingPayments:
        return PollPendingPayments(self.uow, self.clock, self.ids, self.provider)

    async def get(self, order: PaymentOrder) -> PaymentOrder:
        async with self.uow() as uow:
            found = await uow.payment_orders.get(order.account_id, order.id)
        assert found is not None
        return found

    async def answers(self, order: PaymentOrder) -> list[ProviderEvent]:
        async with self.uow() as uow:
            return await uow.provider_events.for_order(order.reference)

    async def granted(self) -> list[tuple[EntryType, int, str]]:
        async with self.uow() as uow:
            page = await uow.ledger.history(ACCOUNT, 1, 100)
        return [(e.type, e.amount, e.reference) for e in page.entries]

    async def told(self) -> tuple[list[str], list[tuple[str, str]]]:
        """The webhook event types and the (title, reason-or-status) of the payment notifications."""
        async with self.uow() as uow:
            events = await uow.events.undispatched(100)
            notes, _ = await uow.notifications.page(ACCOUNT, 1, 100)
        assert all(n.kind is NotificationKind.PAYMENT for n in notes)
        return [e.type for e in events], [(n.title, str(n.data.get("reason", n.data["status"]))) for n in notes]


@pytest.fixture()
def world() -> World:
    return World()


# --- the provider's answer, by callback ----------------------------------------------------

async def test_a_paid_callback_confirms_the_order_grants_its_credits_and_tells_the_account_once(world: World) -> None:
    order = await world.order()
    done = await world.callback(world.result(order, PAID))
    assert done.outcome == "applied"
    now = world.clock.now()
    assert await world.get(order) == replace(order, status=PaymentStatus.CONFIRMED, confirmed_at=now,
                                             updated_at=now, settled_by="callback", provider_ref="CP-065")
    assert await world.granted() == [(EntryType.PURCHASE, 300, f"payment:{order.id}")]
    assert await world.told() == (["payment.confirmed"], [("Payment received", "confirmed")])
    (answer,) = await world.answers(order)
    assert (answer.channel, answer.outcome, answer.order_id, answer.account_id) == ("callback", "applied",
                                                                                    order.id, ACCOUNT)
    assert '"state": "paid"' in answer.body  # the body as received


async def test_the_same_callback_again_is_a_recorded_repeat_that_grants_nothing(world: World) -> None:
    order = await world.order()
    for _ in range(3):
        await world.callback(world.result(order, PAID))
    assert len(await world.granted()) == 1
    assert (await world.told())[0] == ["payment.confirmed"]
    assert [a.outcome for a in await world.answers(order)] == ["applied", "repeat", "repeat"]


async def test_a_failed_callback_fails_the_order_with_the_providers_reason(world: World) -> None:
    order = await world.order()
    await world.callback(world.result(order, FAILED, reason="Insufficient balance"))
    failed = await world.get(order)
    assert (failed.status, failed.failure_reason, failed.settled_by) == (
        PaymentStatus.FAILED, "Insufficient balance", "callback")
    assert await world.granted() == []
    assert await world.told() == (["payment.failed"], [("Payment failed", "Insufficient balance")])


async def test_a_failure_without_a_reason_says_the_provider_declined(world: World) -> None:
    order = await world.order()
    await world.callback(world.result(order, FAILED))
    assert (await world.get(order)).failure_reason == "declined by the provider"


@pytest.mark.parametrize(("state", "reason"), [
    (WAITING, None), (UNKNOWN, "the provider holds no payment under this reference")])
async def test_an_answer_that_says_nothing_yet_is_recorded_as_waiting(world: World, state: ProviderState,
                                                                      reason: str | None) -> None:
    order = await world.order()
    assert (await world.callback(world.result(order, state))).outcome == "waiting"
    assert await world.get(order) == order
    assert [(a.outcome, a.reason) for a in await world.answers(order)] == [("waiting", reason)]


@pytest.mark.parametrize(("collected", "why"), [
    ({"amount": 9_999}, "the provider collected 9,999 TZS, the order is for 10,000"),
    ({"currency": "KES"}, "the provider collected KES, the order is in TZS"),
])
async def test_money_that_does_not_match_the_order_is_refused_and_flagged(world: World, collected: dict[str, Any],
                                                                          why: str) -> None:
    order = await world.order()
    done = await world.callback(world.result(order, PAID, **collected))
    assert (done.outcome, done.reason) == ("refused", why)
    assert await world.get(order) == replace(order, review_reason=why)
    assert await world.granted() == []
    assert await world.told() == ([], [])
    assert [(a.outcome, a.reason) for a in await world.answers(order)] == [("refused", why)]


@pytest.mark.parametrize(("amount", "currency"), [(None, None), (None, "TZS"), (5_000, None)])
async def test_a_paid_result_that_does_not_say_what_was_collected_proves_nothing(
        world: World, amount: int | None, currency: str | None) -> None:
    order = await world.order()
    done = await world.callback(world.result(order, PAID, amount=amount, currency=currency))
    why = "the provider reports the order paid without saying what it collected"
    assert (done.outcome, done.reason) == ("refused", why)
    held = await world.get(order)
    assert (held.status, held.review_reason) == (PaymentStatus.PENDING, why)  # flagged for an operator
    assert await world.granted() == []


async def test_a_callback_for_an_order_we_do_not_know_is_recorded_and_changes_nothing(world: World) -> None:
    done = await world.callback(ProviderResult("nosuchorder", PAID, amount=1_000, currency="TZS"))
    assert (done.outcome, done.reason, done.order) == ("refused", "no order has this reference", None)
    async with world.uow() as uow:
        (answer,) = await uow.provider_events.for_order("nosuchorder")
    assert (answer.account_id, answer.order_id, answer.outcome) == (None, None, "refused")


async def test_a_result_for_a_manual_order_is_refused(world: World) -> None:
    order = await world.order(provider="manual", payer_phone=None)
    assert (await world.callback(world.result(order, PAID))).outcome == "refused"
    assert (await world.get(order)).status is PaymentStatus.PENDING


async def test_a_callback_whose_signature_does_not_verify_is_refused_recorded_and_changes_nothing(
        world: World) -> None:
    order = await world.order()
    headers, body = world.provider.callback(world.result(order, PAID))
    receive = ReceivePaymentCallback(world.uow, world.clock, world.ids, world.provider)
    with pytest.raises(InvalidSignature, match="signature does not verify"):
        await receive("mobilemoney", headers, body.replace(b"10000", b"100000"))
    with pytest.raises(InvalidSignature):
        await receive("mobilemoney", {}, b"\x00\xff not json")
    assert await world.get(order) == order
    assert await world.answers(order) == []  # an unverified callback names no order
    stored: list[ProviderEvent] = world.store.table("payment_provider_events", list)
    assert [(e.outcome, e.order_reference, e.verified) for e in stored] == [("refused", None, False)] * 2
    assert "\x00" not in stored[1].body  # kept as text the database can hold
    with pytest.raises(InvalidSignature):
        await receive("mobilemoney", {}, b"x" * 10_000)
    assert len(stored[2].body.encode()) <= KEPT_UNVERIFIED_BODY  # anyone's post: kept short


async def test_callbacks_that_did_not_verify_are_purged_after_a_week_and_verified_ones_kept(world: World) -> None:
    order = await world.order()
    receive = ReceivePaymentCallback(world.uow, world.clock, world.ids, world.provider)
    with pytest.raises(InvalidSignature):
        await receive("mobilemoney", {}, b"old junk")
    await world.callback(world.result(order, PAID))  # verified: kept for the operator
    world.clock.advance(UNVERIFIED_CALLBACKS_KEPT.total_seconds() - 60)
    with pytest.raises(InvalidSignature):
        await receive("mobilemoney", {}, b"young junk")
    world.clock.advance(61)
    assert await PurgeUnverifiedCallbacks(world.uow, world.clock)() == 1
    stored: list[ProviderEvent] = world.store.table("payment_provider_events", list)
    assert sorted((e.verified, e.body) for e in stored)[0] == (False, "young junk")
    assert [e.verified for e in stored].count(True) == 1


async def test_a_callback_from_a_provider_we_do_not_take_is_not_found(world: World) -> None:
    with pytest.raises(NotFound):
        await ReceivePaymentCallback(world.uow, world.clock, world.ids, world.provider)("airtel", {}, b"{}")
    assert world.store.table("payment_provider_events", list) == []


# --- out of order, and late money -----------------------------------------------------------

async def test_a_failure_reported_after_the_payment_leaves_it_confirmed_and_flags_it(world: World) -> None:
    order = await world.order()
    await world.callback(world.result(order, PAID))
    done = await world.callback(world.result(order, FAILED, reason="Cancelled"))
    assert done.outcome == "refused"
    settled = await world.get(order)
    assert settled.status is PaymentStatus.CONFIRMED
    assert settled.review_reason == "the provider reports a failure (Cancelled) for a confirmed order"
    assert len(await world.granted()) == 1


async def test_money_reported_after_a_failure_confirms_the_order_late_and_grants_once(world: World) -> None:
    order = await world.order()
    await world.callback(world.result(order, FAILED, reason="Timed out"))
    world.clock.advance(minutes=3)
    assert (await world.callback(world.result(order, PAID))).outcome == "applied"
    assert (await world.callback(world.result(order, PAID))).outcome == "repeat"
    assert (await world.callback(world.result(order, FAILED, reason="Timed out"))).outcome == "refused"
    late = await world.get(order)
    assert (late.status, late.confirmed_late, late.failure_reason, late.settled_by) == (
        PaymentStatus.CONFIRMED, True, "Timed out", "callback")
    assert await world.granted() == [(EntryType.PURCHASE, 300, f"payment:{order.id}")]
    events, notes = await world.told()
    assert events == ["payment.failed", "payment.confirmed"]
    assert notes[0] == ("Payment received late", "confirmed")


# --- the poll, and the expiry's final poll --------------------------------------------------

async def test_the_poll_asks_about_pending_provider_orders_older_than_30_seconds(world: World) -> None:
    paid = await world.order(1, age=timedelta(seconds=31))
    waiting = await world.order(2, age=timedelta(minutes=2))
    young = await world.order(3, age=timedelta(seconds=10))
    manual = await world.order(4, age=timedelta(minutes=2), provider="manual", payer_phone=None)
    unreachable = await world.order(5, age=timedelta(minutes=3))
    world.provider.answers = {paid.reference: world.result(paid, PAID), waiting.reference: world.result(waiting, WAITING),
                              unreachable.reference: ProviderUnavailable("down")}
    assert await world.poll()() == 1
    assert sorted(world.provider.asked) == sorted([paid.reference, waiting.reference, unreachable.reference])
    assert (await world.get(paid)).settled_by == "poll"
    assert [a.outcome for a in await world.answers(waiting)] == ["waiting"]
    assert await world.answers(unreachable) == []  # it said nothing: asked again next time
    assert [await world.get(o) for o in (waiting, young, manual, unreachable)] == [waiting, young, manual, unreachable]


async def test_an_order_a_callback_settled_is_not_polled(world: World) -> None:
    order = await world.order(age=timedelta(minutes=1))
    world.provider.answers[order.reference] = world.result(order, PAID)
    await world.callback(world.result(order, PAID))
    assert await world.poll()() == 0
    assert world.provider.asked == []
    assert len(await world.granted()) == 1


@pytest.mark.parametrize(("answer", "status", "reason", "settled_by"), [
    (PAID, PaymentStatus.CONFIRMED, None, "poll"),
    (FAILED, PaymentStatus.FAILED, "Wrong PIN", "poll"),
    (WAITING, PaymentStatus.FAILED, EXPIRED, "expiry"),
    (UNKNOWN, PaymentStatus.FAILED, EXPIRED, "expiry"),
    (None, PaymentStatus.FAILED, EXPIRED, "expiry"),  # the provider cannot be reached
])
async def test_expiry_asks_the_provider_one_last_time(world: World, answer: ProviderState | None,
                                                      status: PaymentStatus, reason: str | None,
                                                      settled_by: str) -> None:
    order = await world.order(age=timedelta(minutes=10, seconds=1))
    world.provider.answers[order.reference] = (
        ProviderUnavailable("down") if answer is None
        else world.result(order, answer, reason="Wrong PIN" if answer is FAILED else None))
    assert await world.expire()() == 1
    settled = await world.get(order)
    assert (settled.status, settled.failure_reason, settled.settled_by) == (status, reason, settled_by)
    assert world.provider.asked == [order.reference]
    assert len(await world.granted()) == (1 if status is PaymentStatus.CONFIRMED else 0)
    assert [a.channel for a in await world.answers(order)] == ([] if answer is None else ["poll"])


async def test_expiry_leaves_an_order_whose_final_answer_does_not_match_pending_for_an_operator(
        world: World) -> None:
    order = await world.order(age=timedelta(minutes=11))
    world.provider.answers[order.reference] = world.result(order, PAID, amount=500)
    assert await world.expire()() == 0  # money may have moved: not "expired, nothing taken"
    flagged = await world.get(order)
    assert (flagged.status, flagged.review_reason) == (
        PaymentStatus.PENDING, "the provider collected 500 TZS, the order is for 10,000")
    assert await world.granted() == [] and (await world.told())[0] == []
    world.clock.advance(3600)  # neither the poll nor the expiry touches it again
    assert (await world.poll()(), await world.expire()()) == (0, 0)
    assert world.provider.asked == [order.reference]
    assert (await world.get(order)).status is PaymentStatus.PENDING


async def test_a_manual_order_never_expires_an_operator_settles_it(world: World) -> None:
    order = await world.order(age=timedelta(hours=5), provider="manual", payer_phone=None)
    assert await world.expire()() == 0
    assert world.provider.asked == []
    assert await world.get(order) == order


async def test_money_that_arrives_after_expiry_is_confirmed_late_once(world: World) -> None:
    order = await world.order(age=timedelta(minutes=11))
    await world.expire()()
    assert (await world.get(order)).failure_reason == EXPIRED
    world.clock.advance(minutes=5)
    for _ in range(2):
        await world.callback(world.result(order, PAID))
    world.provider.answers[order.reference] = world.result(order, PAID)
    assert await world.expire()() == 0  # failed orders are not pending: nothing to expire or poll
    assert await world.poll()() == 0
    late = await world.get(order)
    assert (late.status, late.confirmed_late, late.settled_by) == (PaymentStatus.CONFIRMED, True, "callback")
    assert await world.granted() == [(EntryType.PURCHASE, 300, f"payment:{order.id}")]
    assert (await world.told())[0] == ["payment.failed", "payment.confirmed"]


# --- results a provider hands over itself (the simulator) ----------------------------------

class RecordingJobs:
    def __init__(self) -> None:
        self.deferred: list[tuple[str, Mapping[str, Any], datetime | None]] = []

    async def defer(self, task: str, payload: Mapping[str, Any], *, at: datetime | None = None,
                    lock: str | None = None, queueing_lock: str | None = None) -> None:
        self.deferred.append((task, payload, at))

    async def defer_many(self, task: str, payloads: Sequence[Mapping[str, Any]], *,
                         at: datetime | None = None) -> None:
        raise AssertionError("one job per result")


async def test_a_handed_over_result_is_queued_for_its_moment_and_applied_as_a_callback(world: World) -> None:
    order = await world.order()
    jobs = RecordingJobs()
    due = world.clock.now() + timedelta(seconds=5)
    result = world.result(order, PAID)
    await QueuePaymentResults(jobs).payment_result("mobilemoney", result, due)
    ((task, payload, at),) = jobs.deferred
    assert (task, at) == (APPLY_PAYMENT_RESULT, due)
    assert result_from_job(payload) == ("mobilemoney", result)
    apply = ApplyPaymentResult(world.uow, world.clock, world.ids)
    assert (await apply(*result_from_job(payload))).outcome == "applied"
    assert (await apply(*result_from_job(payload))).outcome == "repeat"  # a retried job
    assert [a.channel for a in await world.answers(order)] == ["callback", "callback"]
    assert len(await world.granted()) == 1


# --- operators -------------------------------------------------------------------------------

async def test_an_operator_confirms_a_pending_order_once(world: World) -> None:
    order = await world.order(provider="manual", payer_phone=None)
    confirm = ConfirmPaymentOrder(world.uow, world.clock, world.ids)
    first = await confirm(order.id, "alice")
    again = await confirm(order.id, "bob")
    assert (first.changed, first.order.status, first.order.settled_by) == (True, PaymentStatus.CONFIRMED,
                                                                           "operator:alice")
    assert (again.changed, again.order) == (False, first.order)
    assert await world.granted() == [(EntryType.PURCHASE, 300, f"payment:{order.id}")]
    assert await world.answers(order) == []  # an operator is not the provider


async def test_an_operator_cannot_confirm_a_failed_order(world: World) -> None:
    order = await world.order(age=timedelta(minutes=11))
    await world.expire()()
    with pytest.raises(IllegalTransition, match="cannot confirm a failed order"):
        await ConfirmPaymentOrder(world.uow, world.clock, world.ids)(order.id, "alice")
    assert await world.granted() == []


async def test_an_operator_fails_a_pending_order_with_a_reason_or_the_default(world: World) -> None:
    first, second = await world.order(1), await world.order(2)
    fail = FailPaymentOrder(world.uow, world.clock, world.ids)
    assert (await fail(first.id, "alice", "payer called: wrong amount")).order.failure_reason == \
        "payer called: wrong amount"
    done = await fail(second.id, "alice")
    assert (done.order.failure_reason, done.order.settled_by) == (FAILED_BY_OPERATOR, "operator:alice")
    assert (await fail(second.id, "bob", "again")).changed is False
    assert (await world.told())[0] == ["payment.failed", "payment.failed"]


async def test_an_operator_cannot_fail_a_confirmed_order_nor_act_on_an_unknown_one(world: World) -> None:
    order = await world.order()
    await world.callback(world.result(order, PAID))
    with pytest.raises(IllegalTransition, match="cannot be failed"):
        await FailPaymentOrder(world.uow, world.clock, world.ids)(order.id, "alice")
    with pytest.raises(NotFound):
        await ConfirmPaymentOrder(world.uow, world.clock, world.ids)(ids(999), "alice")
    with pytest.raises(ValidationError):
        await ConfirmPaymentOrder(world.uow, world.clock, world.ids)(order.id, "  ")


async def test_the_operator_lists_orders_and_sees_one_with_every_provider_answer(world: World) -> None:
    first = await world.order(1, age=timedelta(minutes=2))
    second = await world.order(2, age=timedelta(minutes=1))
    await world.callback(world.result(first, WAITING))
    await world.callback(world.result(first, PAID))
    listed = OperatorPaymentOrders(world.uow)
    assert [o.id for o in await listed()] == [second.id, first.id]
    assert [o.id for o in await listed(PaymentStatus.CONFIRMED, 10)] == [first.id]
    with pytest.raises(ValidationError):
        await listed(limit=0)
    record = await ShowPaymentOrder(world.uow)(first.id)
    assert record.order.status is PaymentStatus.CONFIRMED
    assert [a.outcome for a in record.provider_events] == ["waiting", "applied"]
    with pytest.raises(NotFound):
        await ShowPaymentOrder(world.uow)("nope")


def test_a_callback_body_is_kept_as_text_and_cut_past_a_few_kilobytes() -> None:
    assert storable_text(b'{"a": "\xff\x00"}') == '{"a": "\ufffd\ufffd"}'
    kept = storable_text(b"x" * 100_000)
    assert kept.startswith("x" * (KEPT_BODY - 40)) and len(kept.encode()) == KEPT_BODY
    assert kept.endswith("(100,000 bytes)")
    for raw in (b"\xff" * 600, "ü".encode() * 600, b"x" * 513):  # what the cut keeps is measured as stored
        assert len(storable_text(raw, KEPT_UNVERIFIED_BODY).encode()) <= KEPT_UNVERIFIED_BODY
    assert storable_text(b"x" * 512, KEPT_UNVERIFIED_BODY) == "x" * 512
