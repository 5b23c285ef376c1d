"""Delivering webhook events: one delivery per subscribed endpoint, signed, retried (decision: webhooks).

Every outbox event an endpoint subscribes to becomes one delivery row (endpoint + event),
whose event id stays the same across retries so receivers can de-duplicate. A delivery is
POSTed by a job; what its answer decides (delivered, retry later, give up, disable the
endpoint on 410) is `domain.webhook_deliveries.after_attempt`.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from application.ports import (
    Clock,
    IdGenerator,
    JobQueue,
    Metrics,
    NO_METRICS,
    OutboxEvent,
    SecretBox,
    UnitOfWork,
    UnitOfWorkFactory,
    WebhookAttempt,
    WebhookDelivery,
    WebhookEndpoint,
    WebhookResponse,
    WebhookSender,
)
from domain.webhook_deliveries import DeliveryStatus, after_attempt
from domain.webhooks import sign, standard_webhooks_signature

DELIVER_WEBHOOK = "deliver_webhook"  # job: {"account_id", "delivery_id"}
REQUEST_TIMEOUT_SECONDS = 15.0
# A job may start a little before its attempt is due by our clock (the queue keeps the database's).
EARLY_GRACE = timedelta(seconds=2)
# A delivery this overdue has most likely lost its job. An attempt rarely takes this long; a copy
# queued beside one that does waits on its lock (`webhook:<id>`), then finds the delivery done.
MISSING_AFTER = timedelta(minutes=1)
# The endpoint's secret does not open (the service secret key changed): nothing goes out unsigned.
SECRET_UNREADABLE = "signing_secret_unreadable"


def event_payload(event: OutboxEvent) -> dict[str, Any]:
    created_at = event.created_at.isoformat().replace("+00:00", "Z")
    return {"id": event.id, "type": event.type, "created_at": created_at, "data": dict(event.data)}


def encode_body(payload: Mapping[str, Any]) -> bytes:
    return json.dumps(payload, separators=(",", ":"), ensure_ascii=False, sort_keys=True).encode()


def signed_headers(secret: str, event_id: str, timestamp: int, body: bytes) -> dict[str, str]:
    """Our signature and the Standard Webhooks trio, over the exact bytes sent."""
    return {
        "Content-Type": "application/json",
        "X-Service-Signature": sign(secret, timestamp, body),
        "webhook-id": event_id,
        "webhook-timestamp": str(timestamp),
        "webhook-signature": standard_webhooks_signature(secret, event_id, timestamp, body),
    }


class FanOutEvent:
    """One delivery per enabled endpoint of the account that takes the event's type, inside
    the dispatching transaction (`endpoints`: the account's, read once per batch)."""

    def __init__(self, ids: IdGenerator) -> None:
        self._ids = ids

    async def __call__(self, uow: UnitOfWork, event: OutboxEvent, endpoints: Sequence[WebhookEndpoint],
                       now: datetime) -> list[WebhookDelivery]:
        created: list[WebhookDelivery] = []
        for endpoint in endpoints:
            if not endpoint.enabled or event.type not in endpoint.events:
                continue
            delivery = WebhookDelivery(
                id=self._ids.new_id(), account_id=event.account_id, endpoint_id=endpoint.id,
                event_id=event.id, event_type=event.type, payload=event_payload(event),
                created_at=now, next_attempt_at=now,
            )
            if await uow.webhooks.add_delivery(delivery):
                created.append(delivery)
        return created


async def schedule_delivery(jobs: JobQueue, delivery: WebhookDelivery) -> None:
    """A job for the delivery's next attempt (one queued job per delivery at most)."""
    await jobs.defer(
        DELIVER_WEBHOOK, {"account_id": delivery.account_id, "delivery_id": delivery.id},
        at=delivery.next_attempt_at, lock=f"webhook:{delivery.id}", queueing_lock=f"webhook:{delivery.id}",
    )


class DeliverWebhook:
    """One attempt of one delivery, then what its answer decides (`domain.webhook_deliveries`):
    delivered, tried again later, or given up.

    The POST happens outside any transaction; the outcome commits afterwards. A worker that
    dies in between leaves the delivery pending and due, so the attempt is made again
    (at-least-once: receivers de-duplicate by event id).
    """

    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, sender: WebhookSender, jobs: JobQueue, box: SecretBox,
                 jitter: Callable[[], float] = random.random, metrics: Metrics = NO_METRICS) -> None:
        self._uow, self._clock, self._sender, self._jobs, self._jitter = uow, clock, sender, jobs, jitter
        self._box, self._metrics = box, metrics

    async def __call__(self, account_id: str, delivery_id: str) -> WebhookDelivery | None:
        async with self._uow() as uow:
            delivery = await uow.webhooks.delivery_for_update(account_id, delivery_id)
            if delivery is None or delivery.status is not DeliveryStatus.PENDING:
                return delivery
            if (delivery.next_attempt_at is not None
                    and delivery.next_attempt_at - EARLY_GRACE > self._clock.now()):
                return delivery  # an early duplicate job: the attempt's own job comes at its time
            endpoint = await uow.webhooks.endpoint(account_id, delivery.endpoint_id)
            if endpoint is None or not endpoint.enabled:
                finished = replace(delivery, status=DeliveryStatus.FAILED, next_attempt_at=None,
                                   last_error="endpoint_disabled", completed_at=self._clock.now())
                await uow.webhooks.save_delivery(finished)
                await uow.commit()
                return finished
        now = self._clock.now()
        timestamp = int(now.timestamp())
        body = encode_body(delivery.payload)
        try:
            secret = self._box.open(endpoint.sealed_secret, account_id)
        except ValueError:
            # Counted as an attempt without an answer: the retries go on, and succeed once the
            # service runs with the key the secret was sealed under again.
            response = WebhookResponse(status_code=None, error=SECRET_UNREADABLE)
        else:
            headers = signed_headers(secret, delivery.event_id, timestamp, body)
            response = await self._sender.post(endpoint.url, body, headers)
        done = self._clock.now()
        attempts = delivery.attempts + 1
        step = after_attempt(attempts, response.status_code, done - delivery.created_at, self._jitter)
        attempted = replace(
            delivery, attempts=attempts, last_status_code=response.status_code, last_error=response.error,
            status=step.status, next_attempt_at=done + step.retry_in if step.retry_in is not None else None,
            completed_at=None if step.status is DeliveryStatus.PENDING else done,
        )
        async with self._uow() as uow:
            current = await uow.webhooks.delivery_for_update(account_id, delivery_id)
            if current is None or current.status is not DeliveryStatus.PENDING:
                return current  # deleted, or finished by another attempt meanwhile
            await uow.webhooks.add_attempt(WebhookAttempt(
                delivery_id=delivery.id, account_id=account_id, attempt=attempted.attempts,
                attempted_at=now, status_code=response.status_code, error=response.error,
                duration_ms=response.duration_ms,
            ))
            await uow.webhooks.save_delivery(attempted)
            if step.disable_endpoint:
                await uow.webhooks.disable_endpoint(account_id, endpoint.id, "receiver answered 410 Gone")
            await uow.commit()
        self._metrics.webhook_attempted("retrying" if attempted.status is DeliveryStatus.PENDING
                                        else attempted.status.value, response.duration_ms / 1000)
        if attempted.status is DeliveryStatus.PENDING:
            await schedule_delivery(self._jobs, attempted)
        return attempted


class DeliverDueWebhooks:
    """Re-queues deliveries whose job went missing (a crash between commit and defer): those
    overdue by `MISSING_AFTER`. One just due has its job waiting, or running; a copy queued
    beside a running job would only wait for it and find the delivery done."""

    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, jobs: JobQueue) -> None:
        self._uow, self._clock, self._jobs = uow, clock, jobs

    async def __call__(self, limit: int = 500) -> int:
        async with self._uow() as uow:
            due = await uow.webhooks.due_deliveries(self._clock.now() - MISSING_AFTER, limit)
        for delivery in due:
            await schedule_delivery(self._jobs, delivery)
        return len(due)
