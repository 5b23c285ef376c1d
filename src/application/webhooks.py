"""Customer webhooks: endpoints, signed deliveries, retries (DESIGN §6).

Every outbox event an endpoint subscribes to becomes one delivery row (endpoint + event),
whose event id stays the same across retries so receivers can de-duplicate. A delivery is
POSTed by a job; anything but 2xx is retried with backoff and jitter on the schedule in
`domain.webhooks` (`next_retry`) for 24 hours or more, then given up; a 410 disables the
endpoint (the receiver says it is gone).
"""

from __future__ import annotations

import base64
import json
import random
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any, Protocol
from urllib.parse import urlsplit

from application.ports import Clock, IdGenerator, JobQueue, OutboxEvent, UnitOfWork, UnitOfWorkFactory
from domain.errors import NotFound, ValidationError
from domain.rules import validate_paging
from domain.webhooks import EVENT_TYPES, STANDARD_SECRET_PREFIX, next_retry, sign, standard_webhooks_signature

DELIVER_WEBHOOK = "deliver_webhook"  # job: {"account_id", "delivery_id"}
REQUEST_TIMEOUT_SECONDS = 15.0
# A job may start a little before its attempt is due by our clock (the queue keeps the database's).
EARLY_GRACE = timedelta(seconds=2)
MAX_URL_LENGTH = 2048
MAX_ENDPOINTS_PER_ACCOUNT = 20
DEFAULT_PER_PAGE = 25
MAX_PER_PAGE = 100


class DeliveryStatus(StrEnum):
    PENDING = "pending"  # waiting for its next attempt
    SUCCEEDED = "succeeded"
    FAILED = "failed"  # given up: retries exhausted, or the endpoint is gone or disabled


@dataclass(frozen=True, slots=True)
class WebhookEndpoint:
    id: str
    account_id: str
    url: str
    events: tuple[str, ...]
    secret: str
    created_at: datetime
    enabled: bool = True
    disabled_reason: str | None = None


@dataclass(frozen=True, slots=True)
class WebhookDelivery:
    id: str
    account_id: str
    endpoint_id: str
    event_id: str
    event_type: str
    payload: Mapping[str, Any]  # the body: {id, type, created_at, data}
    created_at: datetime
    status: DeliveryStatus = DeliveryStatus.PENDING
    attempts: int = 0
    next_attempt_at: datetime | None = None
    last_status_code: int | None = None
    last_error: str | None = None
    completed_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class WebhookAttempt:
    delivery_id: str
    account_id: str
    attempt: int
    attempted_at: datetime
    status_code: int | None
    error: str | None
    duration_ms: int


@dataclass(frozen=True, slots=True)
class DeliveryHistory:
    delivery: WebhookDelivery
    attempts: list[WebhookAttempt]


@dataclass(frozen=True, slots=True)
class DeliveryPage:
    deliveries: list[DeliveryHistory]
    page: int
    per_page: int
    total: int


@dataclass(frozen=True, slots=True)
class WebhookResponse:
    """What one POST came to: a status code, or an error when there was no answer."""

    status_code: int | None
    error: str | None = None  # "timeout", "connection_error", "target_refused: ..."
    duration_ms: int = 0


class WebhookRepository(Protocol):
    async def add_endpoint(self, endpoint: WebhookEndpoint) -> None: ...

    async def endpoint(self, account_id: str, endpoint_id: str) -> WebhookEndpoint | None: ...

    async def endpoints(self, account_id: str) -> list[WebhookEndpoint]:
        """Oldest first."""
        ...

    async def delete_endpoint(self, account_id: str, endpoint_id: str) -> bool:
        """Removes the endpoint and its deliveries; False when there is no such endpoint."""
        ...

    async def disable_endpoint(self, account_id: str, endpoint_id: str, reason: str) -> None: ...

    async def add_delivery(self, delivery: WebhookDelivery) -> bool:
        """False (and nothing written) when the endpoint already has this event."""
        ...

    async def delivery_for_update(self, account_id: str, delivery_id: str) -> WebhookDelivery | None:
        """The delivery, locked until the transaction ends."""
        ...

    async def save_delivery(self, delivery: WebhookDelivery) -> None: ...

    async def add_attempt(self, attempt: WebhookAttempt) -> None: ...

    async def deliveries(
        self, account_id: str, endpoint_id: str, page: int, per_page: int
    ) -> tuple[list[DeliveryHistory], int]:
        """Newest first, each with its attempts (oldest first)."""
        ...

    async def due_deliveries(self, now: datetime, limit: int) -> list[WebhookDelivery]:
        """Pending deliveries whose next attempt is due, across accounts, oldest due first."""
        ...


class WebhookSender(Protocol):
    async def refusal(self, url: str) -> str | None:
        """Why the service will not POST to `url` (a private or loopback address), or None."""
        ...

    async def post(self, url: str, body: bytes, headers: Mapping[str, str]) -> WebhookResponse:
        """One attempt; never raises for network failures (they come back as `error`)."""
        ...


# --- rules -----------------------------------------------------------------------------


def validate_url(url: str) -> str:
    url = url.strip()
    parts = urlsplit(url)
    if (
        len(url) > MAX_URL_LENGTH
        or parts.scheme not in ("http", "https")
        or not parts.hostname
        or any(c.isspace() for c in url)
    ):
        raise ValidationError("The url must be an absolute http(s) URL.", field="url")
    return url


def validate_events(events: list[str] | None) -> tuple[str, ...]:
    """The event types an endpoint takes; all of them when none are named."""
    if events is None:
        return tuple(sorted(EVENT_TYPES))
    unknown = [e for e in events if e not in EVENT_TYPES]
    if not events or unknown:
        raise ValidationError(
            f"events is a non-empty list of: {', '.join(sorted(EVENT_TYPES))}"
            + (f" (unknown: {', '.join(unknown)})" if unknown else ""),
            field="events",
        )
    return tuple(sorted(set(events)))


def new_secret() -> str:
    """`whsec_` + base64 of 32 random bytes: Standard Webhooks' form, usable by its libraries."""
    return STANDARD_SECRET_PREFIX + base64.b64encode(secrets.token_bytes(32)).decode("ascii")


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


# --- use cases -------------------------------------------------------------------------


class RegisterWebhook:
    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, ids: IdGenerator, sender: WebhookSender) -> None:
        self._uow, self._clock, self._ids, self._sender = uow, clock, ids, sender

    async def __call__(self, account_id: str, url: str, events: list[str] | None = None) -> WebhookEndpoint:
        url = validate_url(url)
        endpoint = WebhookEndpoint(
            id=self._ids.new_id(), account_id=account_id, url=url, events=validate_events(events),
            secret=new_secret(), created_at=self._clock.now(),
        )
        if refusal := await self._sender.refusal(url):
            raise ValidationError(f"The url is refused: {refusal}.", field="url")
        async with self._uow() as uow:
            if len(await uow.webhooks.endpoints(account_id)) >= MAX_ENDPOINTS_PER_ACCOUNT:
                raise ValidationError(
                    f"An account has at most {MAX_ENDPOINTS_PER_ACCOUNT} webhooks.", field="url"
                )
            await uow.webhooks.add_endpoint(endpoint)
            await uow.commit()
        return endpoint


class ListWebhooks:
    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self, account_id: str) -> list[WebhookEndpoint]:
        async with self._uow() as uow:
            return await uow.webhooks.endpoints(account_id)


class DeleteWebhook:
    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self, account_id: str, endpoint_id: str) -> None:
        async with self._uow() as uow:
            if not await uow.webhooks.delete_endpoint(account_id, endpoint_id):
                raise NotFound("No such webhook.")
            await uow.commit()


class ListWebhookDeliveries:
    def __init__(self, uow: UnitOfWorkFactory) -> None:
        self._uow = uow

    async def __call__(self, account_id: str, endpoint_id: str, page: int = 1,
                       per_page: int = DEFAULT_PER_PAGE) -> DeliveryPage:
        validate_paging(page, per_page, max_per_page=MAX_PER_PAGE)
        async with self._uow() as uow:
            if await uow.webhooks.endpoint(account_id, endpoint_id) is None:
                raise NotFound("No such webhook.")
            deliveries, total = await uow.webhooks.deliveries(account_id, endpoint_id, page, per_page)
        return DeliveryPage(deliveries, page, per_page, total)


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
    """One attempt of one delivery, then its outcome: done, retry later, or give up.

    The POST happens outside any transaction; the outcome commits afterwards. A worker that
    dies in between leaves the delivery pending and due, so the attempt is made again
    (at-least-once: receivers de-duplicate by event id).
    """

    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, sender: WebhookSender, jobs: JobQueue,
                 jitter: Callable[[], float] = random.random) -> None:
        self._uow, self._clock, self._sender, self._jobs, self._jitter = uow, clock, sender, jobs, jitter

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
        response = await self._sender.post(
            endpoint.url, body, signed_headers(endpoint.secret, delivery.event_id, timestamp, body)
        )
        outcome = self._outcome(delivery, response)
        async with self._uow() as uow:
            current = await uow.webhooks.delivery_for_update(account_id, delivery_id)
            if current is None or current.status is not DeliveryStatus.PENDING:
                return current  # deleted, or finished by another attempt meanwhile
            await uow.webhooks.add_attempt(WebhookAttempt(
                delivery_id=delivery.id, account_id=account_id, attempt=outcome.attempts,
                attempted_at=now, status_code=response.status_code, error=response.error,
                duration_ms=response.duration_ms,
            ))
            await uow.webhooks.save_delivery(outcome)
            if response.status_code == 410:
                await uow.webhooks.disable_endpoint(account_id, endpoint.id, "receiver answered 410 Gone")
            await uow.commit()
        if outcome.status is DeliveryStatus.PENDING:
            await schedule_delivery(self._jobs, outcome)
        return outcome

    def _outcome(self, delivery: WebhookDelivery, response: WebhookResponse) -> WebhookDelivery:
        now = self._clock.now()
        attempted = replace(delivery, attempts=delivery.attempts + 1,
                            last_status_code=response.status_code, last_error=response.error)
        code = response.status_code
        if code is not None and 200 <= code < 300:
            return replace(attempted, status=DeliveryStatus.SUCCEEDED, next_attempt_at=None,
                           completed_at=now)
        wait = next_retry(attempted.attempts, now - delivery.created_at, self._jitter())
        if code == 410 or wait is None:
            return replace(attempted, status=DeliveryStatus.FAILED, next_attempt_at=None, completed_at=now)
        return replace(attempted, next_attempt_at=now + wait)


class DeliverDueWebhooks:
    """Re-queues due deliveries whose job went missing (a crash between commit and defer)."""

    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, jobs: JobQueue) -> None:
        self._uow, self._clock, self._jobs = uow, clock, jobs

    async def __call__(self, limit: int = 500) -> int:
        async with self._uow() as uow:
            due = await uow.webhooks.due_deliveries(self._clock.now(), limit)
        for delivery in due:
            await schedule_delivery(self._jobs, delivery)
        return len(due)
