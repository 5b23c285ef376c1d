"""Webhooks on memory adapters: registration rules, fan-out, signing, the retry schedule, 410."""

from __future__ import annotations

import base64
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

import pytest

from adapters.memory.store import MemoryStore
from adapters.memory.system import FrozenClock, SequentialIds
from adapters.memory.uow import MemoryUnitOfWork
from adapters.security import AesGcmSecretBox, RandomSecrets
from application.notifications import CheckLowBalance
from application.outbox import DispatchOutbox
from application.ports import OutboxEvent, WebhookResponse
from application.webhooks.deliveries import (
    DELIVER_WEBHOOK,
    MISSING_AFTER,
    SECRET_UNREADABLE,
    DeliverDueWebhooks,
    DeliverWebhook,
    FanOutEvent,
)
from application.webhooks.endpoints import (
    DeleteWebhook,
    ListWebhookDeliveries,
    ListWebhooks,
    RegisterWebhook,
    SendTestEvent,
)
from domain.errors import NotFound, ValidationError
from domain.webhook_deliveries import DeliveryStatus
from domain.webhooks import EVENT_TYPES, RETRY_DELAYS, retry_delay, verify
from tests_support import ids

ACCOUNT = ids(1)
OTHER = ids(2)
SERVICE_KEY = "k" * 48


@dataclass
class Deferred:
    task: str
    payload: dict[str, Any]
    at: datetime | None
    lock: str | None
    queueing_lock: str | None


class RecordingJobs:
    """The JobQueue port, keeping what was deferred; queueing locks behave as procrastinate's."""

    def __init__(self) -> None:
        self.waiting: list[Deferred] = []
        self.deferred: list[Deferred] = []

    async def defer(self, task: str, payload: Mapping[str, Any], *, at: datetime | None = None,
                    lock: str | None = None, queueing_lock: str | None = None) -> None:
        job = Deferred(task, dict(payload), at, lock, queueing_lock)
        self.deferred.append(job)
        if queueing_lock is None or all(w.queueing_lock != queueing_lock for w in self.waiting):
            self.waiting.append(job)

    async def defer_many(self, task: str, payloads: Sequence[Mapping[str, Any]], *,
                         at: datetime | None = None) -> None:
        for payload in payloads:
            await self.defer(task, payload, at=at)

    def take_due(self, now: datetime) -> list[Deferred]:
        due = [j for j in self.waiting if j.at is None or j.at <= now]
        self.waiting = [j for j in self.waiting if j not in due]
        return due


@dataclass
class ScriptedSender:
    """Answers each POST with the next scripted status (200 once the script runs out)."""

    statuses: list[int] = field(default_factory=list)
    refuse: str | None = None
    posts: list[tuple[str, bytes, dict[str, str]]] = field(default_factory=list)

    async def refusal(self, url: str) -> str | None:
        return self.refuse

    async def post(self, url: str, body: bytes, headers: Mapping[str, str]) -> WebhookResponse:
        self.posts.append((url, body, dict(headers)))
        return WebhookResponse(status_code=self.statuses.pop(0) if self.statuses else 200, duration_ms=3)


class World:
    def __init__(self) -> None:
        self.store = MemoryStore()
        self.clock = FrozenClock()
        self.ids = SequentialIds()
        self.jobs = RecordingJobs()
        self.sender = ScriptedSender()
        self.box = AesGcmSecretBox(SERVICE_KEY)
        for account in (ACCOUNT, OTHER):
            self.store.table("account_ids", set).add(account)

    def uow(self) -> MemoryUnitOfWork:
        return MemoryUnitOfWork(self.store)

    def register(self) -> RegisterWebhook:
        return RegisterWebhook(self.uow, self.clock, self.ids, RandomSecrets(SERVICE_KEY), self.sender, self.box)

    def dispatch(self) -> DispatchOutbox:
        return DispatchOutbox(self.uow, self.clock, self.jobs, FanOutEvent(self.ids),
                              CheckLowBalance(self.clock, self.ids))

    def deliver(self) -> DeliverWebhook:
        return DeliverWebhook(self.uow, self.clock, self.sender, self.jobs, self.box, jitter=lambda: 0.5)

    async def emit(self, event_type: str = "message.sent", account: str = ACCOUNT) -> OutboxEvent:
        event = OutboxEvent(id=self.ids.new_id(), account_id=account, type=event_type,
                            data={"message_id": "m-1", "status": "sent"}, created_at=self.clock.now())
        async with self.uow() as uow:
            await uow.events.add(event)
            await uow.commit()
        return event

    async def run_due_jobs(self) -> int:
        """What a worker does at the clock's now: run every delivery job that is due."""
        ran = 0
        for job in self.jobs.take_due(self.clock.now()):
            assert job.task == DELIVER_WEBHOOK
            await self.deliver()(**job.payload)
            ran += 1
        return ran


@pytest.fixture()
def world() -> World:
    return World()


async def test_registering_gives_a_standard_secret_once_and_all_events_by_default(world: World) -> None:
    endpoint = await world.register()(ACCOUNT, "https://shop.example.com/hooks")
    assert set(endpoint.events) == EVENT_TYPES
    assert endpoint.secret.startswith("whsec_")
    assert len(base64.b64decode(endpoint.secret.removeprefix("whsec_"))) == 32
    assert endpoint.secret != (await world.register()(ACCOUNT, "https://shop.example.com/b")).secret
    assert [e.id for e in await ListWebhooks(world.uow)(ACCOUNT)][0] == endpoint.id
    assert await ListWebhooks(world.uow)(OTHER) == []


async def test_the_signing_secret_is_kept_sealed_for_its_account_and_shown_in_the_clear_only_at_registration(
    world: World,
) -> None:
    shown = await world.register()(ACCOUNT, "https://shop.example.com/hooks")
    [kept] = await ListWebhooks(world.uow)(ACCOUNT)
    assert kept.sealed_secret != shown.secret and shown.secret.removeprefix("whsec_") not in kept.sealed_secret
    assert world.box.open(kept.sealed_secret, ACCOUNT) == shown.secret
    with pytest.raises(ValueError):
        world.box.open(kept.sealed_secret, OTHER)


async def test_a_secret_that_no_longer_opens_sends_nothing_unsigned_and_the_delivery_is_retried(
    world: World,
) -> None:
    endpoint = await world.register()(ACCOUNT, "https://a.example.com/")
    await world.emit()
    await world.dispatch()()
    sealed_under = world.box
    world.box = AesGcmSecretBox("another-service-secret-key-of-48-bytes-or-so!!!")  # the key was changed
    await world.run_due_jobs()
    async with world.uow() as uow:
        [found], _ = await uow.webhooks.deliveries(ACCOUNT, endpoint.id, 1, 10)
    assert world.sender.posts == []
    assert found.delivery.status is DeliveryStatus.PENDING and found.delivery.last_error == SECRET_UNREADABLE

    world.box = sealed_under  # the operator put the key back
    world.clock.advance(RETRY_DELAYS[0].total_seconds())
    await world.run_due_jobs()
    [(_, body, headers)] = world.sender.posts
    assert verify(endpoint.secret, headers["X-Service-Signature"], body, now=int(headers["webhook-timestamp"]))


@pytest.mark.parametrize("url", ["ftp://example.com/x", "example.com/hooks", "https://", "http://a b.com/"])
async def test_only_absolute_http_urls_register(world: World, url: str) -> None:
    with pytest.raises(ValidationError) as raised:
        await world.register()(ACCOUNT, url)
    assert raised.value.field == "url"


@pytest.mark.parametrize("events", [[], ["message.sent", "message.exploded"], ["MESSAGE.SENT"]])
async def test_events_must_be_known_types(world: World, events: list[str]) -> None:
    with pytest.raises(ValidationError) as raised:
        await world.register()(ACCOUNT, "https://shop.example.com/hooks", events)
    assert raised.value.field == "events"


async def test_a_refused_target_is_a_validation_error_on_url(world: World) -> None:
    world.sender.refuse = "127.0.0.1 is a private or loopback address"
    with pytest.raises(ValidationError) as raised:
        await world.register()(ACCOUNT, "http://127.0.0.1:9/hooks")
    assert raised.value.field == "url" and "private" in raised.value.message


async def test_each_event_goes_once_to_each_subscribed_endpoint(world: World) -> None:
    everything = await world.register()(ACCOUNT, "https://a.example.com/")
    failures_only = await world.register()(ACCOUNT, "https://b.example.com/", ["message.failed"])
    await world.register()(OTHER, "https://c.example.com/")
    sent = await world.emit("message.sent")
    failed = await world.emit("message.failed")

    assert await world.dispatch()() == 2
    assert await world.dispatch()() == 0  # dispatched events are not fanned out again

    pairs = sorted((j.payload["delivery_id"], j.lock) for j in world.jobs.deferred)
    assert len(pairs) == 3 and all(lock == f"webhook:{d}" for d, lock in pairs)
    async with world.uow() as uow:
        to_a, _ = await uow.webhooks.deliveries(ACCOUNT, everything.id, 1, 10)
        to_b, _ = await uow.webhooks.deliveries(ACCOUNT, failures_only.id, 1, 10)
    assert sorted(d.delivery.event_id for d in to_a) == sorted([sent.id, failed.id])
    assert [d.delivery.event_id for d in to_b] == [failed.id]


async def test_a_delivery_is_signed_over_the_exact_body_with_a_stable_event_id(world: World) -> None:
    endpoint = await world.register()(ACCOUNT, "https://a.example.com/")
    event = await world.emit()
    await world.dispatch()()
    world.sender.statuses = [503]
    await world.run_due_jobs()
    world.clock.advance(RETRY_DELAYS[0].total_seconds())
    await world.run_due_jobs()

    assert len(world.sender.posts) == 2
    bodies = [json.loads(body) for _, body, _ in world.sender.posts]
    assert bodies[0] == bodies[1] == {
        "id": event.id, "type": "message.sent", "created_at": "2026-01-05T09:00:00Z",
        "data": {"message_id": "m-1", "status": "sent"},
    }
    for url, body, headers in world.sender.posts:
        assert url == "https://a.example.com/"
        assert headers["webhook-id"] == event.id
        timestamp = int(headers["webhook-timestamp"])
        assert headers["X-Service-Signature"].startswith(f"t={timestamp},v1=")
        assert verify(endpoint.secret, headers["X-Service-Signature"], body, now=timestamp)


def test_the_retry_schedule_is_the_documented_one_with_bounded_jitter() -> None:
    expected = [5, 300, 1800, 7200, 18000, 36000, 36000, 36000]
    assert [retry_delay(n, 0.5).total_seconds() for n in range(1, 9)] == expected
    assert retry_delay(1, 0.0) == timedelta(seconds=4.5)
    assert retry_delay(1, 0.999999).total_seconds() == pytest.approx(5.5, abs=1e-4)


async def test_a_dead_receiver_is_retried_on_schedule_for_a_day_then_given_up(world: World) -> None:
    endpoint = await world.register()(ACCOUNT, "https://a.example.com/")
    await world.emit()
    await world.dispatch()()
    world.sender.statuses = [500] * 100
    start = world.clock.now()

    await world.run_due_jobs()
    waits = []
    while world.jobs.waiting:
        (job,) = world.jobs.waiting
        assert job.at is not None
        waits.append((job.at - world.clock.now()).total_seconds())
        assert await world.run_due_jobs() == 0  # not due yet: nothing runs early
        world.clock.set(job.at)
        assert await world.run_due_jobs() == 1

    assert waits == [5, 300, 1800, 7200, 18000, 36000, 36000]
    assert world.clock.now() - start >= timedelta(hours=24)
    page = await ListWebhookDeliveries(world.uow)(ACCOUNT, endpoint.id)
    (history,) = page.deliveries
    assert history.delivery.status is DeliveryStatus.FAILED
    assert history.delivery.attempts == len(history.attempts) == 8
    assert [a.status_code for a in history.attempts] == [500] * 8
    assert history.delivery.next_attempt_at is None


async def test_500_twice_then_200_delivers_once_more_and_stops(world: World) -> None:
    endpoint = await world.register()(ACCOUNT, "https://a.example.com/")
    await world.emit()
    await world.dispatch()()
    world.sender.statuses = [500, 500]
    for _ in range(3):
        await world.run_due_jobs()
        world.clock.advance(hours=1)
    world.clock.advance(days=2)
    await DeliverDueWebhooks(world.uow, world.clock, world.jobs)()
    await world.run_due_jobs()

    assert len(world.sender.posts) == 3
    (history,) = (await ListWebhookDeliveries(world.uow)(ACCOUNT, endpoint.id)).deliveries
    assert history.delivery.status is DeliveryStatus.SUCCEEDED
    assert [a.status_code for a in history.attempts] == [500, 500, 200]


async def test_410_gone_disables_the_endpoint(world: World) -> None:
    endpoint = await world.register()(ACCOUNT, "https://a.example.com/")
    await world.emit()
    await world.emit()
    await world.dispatch()()
    world.sender.statuses = [410]
    await world.run_due_jobs()

    (listed,) = await ListWebhooks(world.uow)(ACCOUNT)
    assert listed.enabled is False and "410" in (listed.disabled_reason or "")
    deliveries = (await ListWebhookDeliveries(world.uow)(ACCOUNT, endpoint.id)).deliveries
    assert sorted(d.delivery.status for d in deliveries) == [DeliveryStatus.FAILED, DeliveryStatus.FAILED]
    assert len(world.sender.posts) == 1  # the second delivery was not even tried
    await world.emit()
    await world.dispatch()()
    assert len((await ListWebhookDeliveries(world.uow)(ACCOUNT, endpoint.id)).deliveries) == 2


async def test_an_early_duplicate_job_does_not_attempt_before_time(world: World) -> None:
    await world.register()(ACCOUNT, "https://a.example.com/")
    await world.emit()
    await world.dispatch()()
    world.sender.statuses = [500]
    (first,) = world.jobs.take_due(world.clock.now())
    await world.deliver()(**first.payload)
    await world.deliver()(**first.payload)  # the same job again, before the retry is due
    assert len(world.sender.posts) == 1


async def test_deliveries_lost_between_commit_and_defer_are_requeued_once_overdue(world: World) -> None:
    await world.register()(ACCOUNT, "https://a.example.com/")
    await world.emit()
    await world.dispatch()()
    world.jobs.waiting.clear()  # the worker died before the delivery job was queued
    sweep = DeliverDueWebhooks(world.uow, world.clock, world.jobs)
    assert await sweep() == 0  # just due: its job may be running right now
    world.clock.advance(seconds=MISSING_AFTER.total_seconds())
    assert await sweep() == 1
    assert await sweep() == 1  # queued again, but the queueing lock keeps one copy waiting
    assert await world.run_due_jobs() == 1
    assert len(world.sender.posts) == 1
    assert await sweep() == 0


async def test_deleting_an_endpoint_stops_its_deliveries_and_hides_it(world: World) -> None:
    endpoint = await world.register()(ACCOUNT, "https://a.example.com/")
    await world.emit()
    await world.dispatch()()
    with pytest.raises(NotFound):
        await DeleteWebhook(world.uow)(OTHER, endpoint.id)
    await DeleteWebhook(world.uow)(ACCOUNT, endpoint.id)
    assert await world.run_due_jobs() == 1
    assert world.sender.posts == []
    with pytest.raises(NotFound):
        await ListWebhookDeliveries(world.uow)(ACCOUNT, endpoint.id)
    with pytest.raises(NotFound):
        await DeleteWebhook(world.uow)(ACCOUNT, endpoint.id)


async def test_a_test_event_goes_to_that_webhook_alone_signed_and_retried_like_any_other(world: World) -> None:
    tried = await world.register()(ACCOUNT, "https://a.example.com/", ["payment.failed"])
    other = await world.register()(ACCOUNT, "https://b.example.com/")
    world.sender.statuses = [503]
    sent = await SendTestEvent(world.uow, world.clock, world.ids, world.jobs)(ACCOUNT, tried.id)
    assert sent.event_type == "webhook.test" and sent.payload["data"] == {"webhook_id": tried.id}
    await world.run_due_jobs()
    world.clock.advance(RETRY_DELAYS[0].total_seconds())
    await world.run_due_jobs()
    assert [url for url, _, _ in world.sender.posts] == ["https://a.example.com/"] * 2  # not `other`
    _, body, headers = world.sender.posts[-1]
    assert json.loads(body)["type"] == "webhook.test"
    assert verify(tried.secret, headers["X-Service-Signature"], body, now=int(headers["webhook-timestamp"]))
    found = await ListWebhookDeliveries(world.uow)(ACCOUNT, tried.id)
    assert [(d.delivery.status, [a.status_code for a in d.attempts]) for d in found.deliveries] == [
        (DeliveryStatus.SUCCEEDED, [503, 200])]
    assert (await ListWebhookDeliveries(world.uow)(ACCOUNT, other.id)).deliveries == []


async def test_a_test_event_to_another_accounts_webhook_is_not_found(world: World) -> None:
    theirs = await world.register()(OTHER, "https://b.example.com/")
    with pytest.raises(NotFound):
        await SendTestEvent(world.uow, world.clock, world.ids, world.jobs)(ACCOUNT, theirs.id)
    assert world.jobs.deferred == []
