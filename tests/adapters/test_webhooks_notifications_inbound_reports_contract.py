"""Webhook, notification, inbound, opt-out and delivery-report repositories: memory = PostgreSQL."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from application.ports import (
    DeliveryReport,
    InboundMessage,
    Notification,
    NotificationKind,
    WebhookAttempt,
    WebhookDelivery,
    WebhookEndpoint,
)
from domain.ids import NO_ID
from domain.inbound import OptOutAction
from domain.messages import Message, MessageEvent, MessageStatus, SubmitOutcome
from domain.webhook_deliveries import DeliveryStatus
from tests_support import ids, pending_message

ACCOUNT = ids(1)
OTHER = ids(2)
T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
PHONE = "+255712345678"


@pytest.fixture(autouse=True)
async def accounts(backend) -> None:
    await backend.seed_account(ACCOUNT)
    await backend.seed_account(OTHER)


def endpoint(n: int, account: str = ACCOUNT, events: tuple[str, ...] = ("message.sent",)) -> WebhookEndpoint:
    return WebhookEndpoint(id=ids(10 + n), account_id=account, url=f"https://h{n}.example.com/", events=events,
                           sealed_secret=f"v1.sealed-{n}", created_at=T0 + timedelta(seconds=n))


def delivery(n: int, endpoint_n: int = 1, event_n: int = 1) -> WebhookDelivery:
    return WebhookDelivery(id=ids(100 + n), account_id=ACCOUNT, endpoint_id=ids(10 + endpoint_n),
                           event_id=ids(200 + event_n), event_type="message.sent",
                           payload={"id": ids(200 + event_n), "type": "message.sent", "data": {"a": [1]}},
                           created_at=T0 + timedelta(seconds=n), next_attempt_at=T0 + timedelta(seconds=n))


def message(n: int, account: str = ACCOUNT, sender: str = "UJUMBE", to: str = PHONE) -> Message:
    return pending_message(ids(300 + n), account=account, at=T0 + timedelta(minutes=n), to=to, sender=sender)


async def send(backend, msg: Message, ref: str) -> None:
    async with backend.uow() as uow:
        await uow.messages.add_many([msg])
        await uow.messages.record_outcomes(
            msg.account_id, [SubmitOutcome(msg.id, MessageStatus.SENT, ref, None, 1, "1 credit")], msg.created_at)
        await uow.commit()


# --- webhooks ----------------------------------------------------------------------------


async def test_endpoints_are_per_account_and_can_be_disabled_and_deleted(backend) -> None:
    async with backend.uow() as uow:
        await uow.webhooks.add_endpoint(endpoint(1))
        await uow.webhooks.add_endpoint(endpoint(2, events=("message.sent", "message.failed")))
        await uow.webhooks.add_endpoint(endpoint(3, account=OTHER))
        await uow.commit()
    async with backend.uow() as uow:
        assert await uow.webhooks.endpoints(ACCOUNT) == [endpoint(1), endpoint(2, events=("message.sent",
                                                                                        "message.failed"))]
        assert await uow.webhooks.endpoint(OTHER, ids(11)) is None
        assert await uow.webhooks.endpoint(ACCOUNT, NO_ID) is None
        await uow.webhooks.disable_endpoint(ACCOUNT, ids(12), "gone")
        assert (await uow.webhooks.endpoint(ACCOUNT, ids(12))) == replace(
            endpoint(2, events=("message.sent", "message.failed")), enabled=False, disabled_reason="gone")
        assert await uow.webhooks.delete_endpoint(OTHER, ids(11)) is False
        assert await uow.webhooks.delete_endpoint(ACCOUNT, NO_ID) is False


async def test_deliveries_are_unique_per_endpoint_and_event_and_keep_their_attempts(backend) -> None:
    async with backend.uow() as uow:
        await uow.webhooks.add_endpoint(endpoint(1))
        assert await uow.webhooks.add_delivery(delivery(1)) is True
        assert await uow.webhooks.add_delivery(delivery(2)) is False  # same endpoint and event
        assert await uow.webhooks.add_delivery(delivery(3, event_n=2)) is True
        await uow.commit()
    async with backend.uow() as uow:
        found = await uow.webhooks.delivery_for_update(ACCOUNT, ids(101))
        assert found == delivery(1)
        retried = replace(delivery(1), attempts=1, last_status_code=500, next_attempt_at=T0 + timedelta(hours=1))
        await uow.webhooks.save_delivery(retried)
        await uow.webhooks.add_attempt(WebhookAttempt(ids(101), ACCOUNT, 1, T0, 500, None, 12))
        await uow.commit()
    async with backend.uow() as uow:
        due = await uow.webhooks.due_deliveries(T0 + timedelta(minutes=1), 10)
        assert [d.id for d in due] == [ids(103)]
        page, total = await uow.webhooks.deliveries(ACCOUNT, ids(11), 1, 10)
        assert total == 2 and [h.delivery.id for h in page] == [ids(103), ids(101)]
        assert page[1].delivery == retried
        assert page[1].attempts == [WebhookAttempt(ids(101), ACCOUNT, 1, T0, 500, None, 12)]
        done = replace(retried, status=DeliveryStatus.SUCCEEDED, next_attempt_at=None, completed_at=T0)
        await uow.webhooks.save_delivery(done)
        assert await uow.webhooks.delete_endpoint(ACCOUNT, ids(11)) is True
        assert await uow.webhooks.delivery_for_update(ACCOUNT, ids(101)) is None
        assert await uow.webhooks.deliveries(ACCOUNT, ids(11), 1, 10) == ([], 0)


# --- notifications -----------------------------------------------------------------------


def notification(n: int, account: str = ACCOUNT) -> Notification:
    return Notification(id=ids(400 + n), account_id=account, kind=NotificationKind.PAYMENT, title=f"T{n}",
                        message=f"M{n}", created_at=T0 + timedelta(seconds=n), data={"order_id": n})


async def test_notifications_page_newest_first_and_read_once(backend) -> None:
    async with backend.uow() as uow:
        await uow.notifications.add(notification(1))
        await uow.notifications.add_many([notification(2), notification(3), notification(4, OTHER)])
        await uow.commit()
    async with backend.uow() as uow:
        page, total = await uow.notifications.page(ACCOUNT, 1, 2)
        assert (page, total) == ([notification(3), notification(2)], 3)
        read = await uow.notifications.mark_read(ACCOUNT, ids(402), T0)
        assert read == replace(notification(2), read_at=T0)
        assert await uow.notifications.mark_read(ACCOUNT, ids(402), T0 + timedelta(1)) == read
        assert await uow.notifications.mark_read(OTHER, ids(401), T0) is None
        assert await uow.notifications.mark_read(ACCOUNT, NO_ID, T0) is None
        assert await uow.notifications.unread_count(ACCOUNT) == 2


async def test_low_balance_threshold_and_alert_state(backend) -> None:
    async with backend.uow() as uow:
        assert await uow.notifications.low_balance_threshold(ACCOUNT) == 100
        assert await uow.notifications.set_low_balance_threshold(ACCOUNT, 25) is True
        assert await uow.notifications.set_low_balance_threshold(ids(99), 25) is False
        assert await uow.notifications.low_balance_notified(ACCOUNT) is False
        await uow.notifications.set_low_balance_notified(ACCOUNT, True, T0)
        await uow.commit()
    async with backend.uow() as uow:
        assert await uow.notifications.low_balance_threshold(ACCOUNT) == 25
        assert await uow.notifications.low_balance_notified(ACCOUNT) is True
        await uow.notifications.set_low_balance_notified(ACCOUNT, False, T0)
        assert await uow.notifications.low_balance_notified(ACCOUNT) is False


# --- inbound and opt-outs -----------------------------------------------------------------


async def test_inbound_routes_to_the_latest_send_among_many_accounts_and_messages(backend) -> None:
    """The latest send to the number wins whichever account sent it, and however the accounts'
    ids and their sends interleave (PostgreSQL finds each account's latest, then the newest)."""
    third = ids(3)
    await backend.seed_account(third)
    sends = [(OTHER, "DUKA", 1), (third, "UJUMBE", 2), (ACCOUNT, "UJUMBE", 3), (OTHER, "UJUMBE", 4),
             (ACCOUNT, "DUKA", 5), (third, "DUKA", 6), (third, "UJUMBE", 7), (ACCOUNT, "UJUMBE", 8)]
    for account, sender, n in sends:
        await send(backend, message(n, account, sender=sender), f"ref-{n}")
    async with backend.uow() as uow:
        assert await uow.inbound.route(PHONE, None) == ACCOUNT  # 8
        assert await uow.inbound.route(PHONE, "duka") == third  # 6
        assert await uow.inbound.route(PHONE, "Ujumbe") == ACCOUNT
    await send(backend, message(9, OTHER, sender="DUKA"), "ref-9")
    async with backend.uow() as uow:
        assert await uow.inbound.route(PHONE, "duka") == OTHER
        assert await uow.inbound.route(PHONE, "SHOP") is None


async def test_inbound_routes_to_the_latest_sender_and_pages_newest_first(backend) -> None:
    await send(backend, message(1, OTHER, sender="DUKA"), "ref-1")
    await send(backend, message(2), "ref-2")
    async with backend.uow() as uow:
        assert await uow.inbound.route(PHONE, None) == ACCOUNT
        assert await uow.inbound.route(PHONE, "duka") == OTHER
        assert await uow.inbound.route("+255700000000", None) is None
        first = InboundMessage(ids(501), ACCOUNT, PHONE, None, "STOP", OptOutAction.STOP, T0, "in-1")
        second = InboundMessage(ids(502), ACCOUNT, PHONE, "UJUMBE", "hello", None, T0 + timedelta(1))
        stray = InboundMessage(ids(503), None, "+255700000000", None, "hi", None, T0)
        for m in (first, second, stray):
            await uow.inbound.add(m)
        await uow.commit()
    async with backend.uow() as uow:
        assert await uow.inbound.page(ACCOUNT, 1, 10) == ([second, first], 2)
        assert await uow.inbound.page(OTHER, 1, 10) == ([], 0)


async def test_opt_outs_keep_the_first_time_and_start_removes_them(backend) -> None:
    async with backend.uow() as uow:
        await uow.opt_outs.opt_out(ACCOUNT, PHONE, T0)
        await uow.opt_outs.opt_out(ACCOUNT, PHONE, T0 + timedelta(1))
        await uow.commit()
    async with backend.uow() as uow:
        assert await uow.opt_outs.is_opted_out(ACCOUNT, PHONE) is True
        assert await uow.opt_outs.is_opted_out(OTHER, PHONE) is False
        assert await uow.opt_outs.opted_out_among(ACCOUNT, [PHONE, "+255700000000"]) == {PHONE: T0}
        await uow.opt_outs.opt_in(ACCOUNT, PHONE)
        assert await uow.opt_outs.opted_out_among(ACCOUNT, [PHONE]) == {}


# --- delivery reports -------------------------------------------------------------------


async def test_messages_are_found_by_gateway_reference_and_move(backend) -> None:
    await send(backend, message(1), "ref-1")
    await send(backend, message(2), "ref-2")
    async with backend.uow() as uow:
        found = await uow.delivery_reports.messages_by_gateway_refs(["ref-1", "ref-x", "ref-2", "ref-1"], limit=2)
        assert {ref: [(m.id, m.status) for m in messages] for ref, messages in found.items()} == {
            "ref-1": [(ids(301), MessageStatus.SENT)], "ref-2": [(ids(302), MessageStatus.SENT)]}
        assert await uow.delivery_reports.messages_by_gateway_refs(["ref-x"], limit=2) == {}
        await uow.delivery_reports.record_statuses([
            replace(found["ref-1"][0], status=MessageStatus.DELIVERED, delivered_at=T0, updated_at=T0 + timedelta(1)),
            replace(found["ref-2"][0], status=MessageStatus.FAILED, error="absent_subscriber", updated_at=T0)])
        await uow.commit()
    async with backend.uow() as uow:
        delivered, failed = await uow.messages.get(ACCOUNT, ids(301)), await uow.messages.get(ACCOUNT, ids(302))
        assert delivered is not None and failed is not None
        assert (delivered.status, delivered.delivered_at, delivered.updated_at) == (MessageStatus.DELIVERED, T0,
                                                                                     T0 + timedelta(1))
        assert (failed.status, failed.error, failed.delivered_at) == (MessageStatus.FAILED, "absent_subscriber", None)


async def test_a_reference_two_messages_share_finds_both_up_to_the_limit(backend) -> None:
    await send(backend, message(1), "ref-1")
    await send(backend, message(2, account=OTHER), "ref-1")
    async with backend.uow() as uow:
        both = await uow.delivery_reports.messages_by_gateway_refs(["ref-1"], limit=2)
        assert sorted(m.id for m in both["ref-1"]) == [ids(301), ids(302)]
        assert len((await uow.delivery_reports.messages_by_gateway_refs(["ref-1"], limit=1))["ref-1"]) == 1


async def test_unmatched_reports_are_kept_until_matched(backend) -> None:
    report = DeliveryReport("ref-9", MessageEvent.UNDELIVERABLE, T0, "absent_subscriber")
    async with backend.uow() as uow:
        await uow.delivery_reports.add_unmatched(report, T0)
        await uow.delivery_reports.add_unmatched(replace(report, gateway_ref="ref-old"), T0 - timedelta(days=2))
        await uow.commit()
    async with backend.uow() as uow:
        (found,) = await uow.delivery_reports.unmatched(T0 - timedelta(days=1), 10)
        assert (found.report, found.received_at) == (report, T0)
        await uow.delivery_reports.mark_matched(found.id, T0)
        await uow.commit()
    async with backend.uow() as uow:
        assert await uow.delivery_reports.unmatched(T0 - timedelta(days=1), 10) == []


async def test_received_reports_are_taken_when_due_oldest_first_once_and_can_be_put_back(backend) -> None:
    due = [DeliveryReport(f"ref-{n}", MessageEvent.DELIVERED, T0 + timedelta(seconds=n)) for n in range(3)]
    later = DeliveryReport("ref-later", MessageEvent.UNDELIVERABLE, T0 + timedelta(minutes=5), "absent_subscriber")
    await backend.received_reports.put([due[2], later, due[0]], T0)
    await backend.received_reports.put([due[1]], T0 + timedelta(seconds=1))

    async with backend.uow() as uow:
        taken = await uow.delivery_reports.take_received(T0 + timedelta(seconds=2), 2)
        assert [r.report for r in taken] == due[:2]
        await uow.rollback()  # not applied: they stay
    async with backend.uow() as uow:
        taken = await uow.delivery_reports.take_received(T0 + timedelta(seconds=2), 10)
        assert [r.report for r in taken] == due
        assert [r.received_at for r in taken] == [T0, T0 + timedelta(seconds=1), T0]  # as the caller's clock said
        assert await uow.delivery_reports.next_received() == later.reported_at
        await uow.delivery_reports.receive_again(taken[:1], T0 + timedelta(minutes=1))  # its message not found yet
        await uow.commit()
    async with backend.uow() as uow:
        assert await uow.delivery_reports.take_received(T0 + timedelta(seconds=2), 10) == []  # taken once
        assert await uow.delivery_reports.next_received() == T0 + timedelta(minutes=1)
        assert await uow.delivery_reports.take_received(T0 + timedelta(minutes=1), 10) == taken[:1]  # as received
        assert [r.report for r in await uow.delivery_reports.take_received(T0 + timedelta(minutes=5), 10)] == [later]
        assert await uow.delivery_reports.next_received() is None
        await uow.commit()
