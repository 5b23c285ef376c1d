"""Customer webhooks: endpoints, deliveries with their attempts, and the POST that makes one."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from domain.webhook_deliveries import DeliveryStatus


@dataclass(frozen=True, slots=True)
class WebhookEndpoint:
    id: str
    account_id: str
    url: str
    events: tuple[str, ...]
    sealed_secret: str  # the signing secret, sealed (see `SecretBox`): its owner saw it in the clear once
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
class WebhookResponse:
    """What one POST came to: a status code, or an error when there was no answer. The status
    decides; of the body only the first bytes are read (`body`, at most a few KiB)."""

    status_code: int | None
    error: str | None = None  # "timeout: ...", "connection_error: ...", "target_refused: ..."
    duration_ms: int = 0
    body: bytes = b""


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

    async def due_deliveries(self, due_by: datetime, limit: int) -> list[WebhookDelivery]:
        """Pending deliveries whose next attempt was due by `due_by`, across accounts, oldest due first."""
        ...


class WebhookSender(Protocol):
    async def refusal(self, url: str) -> str | None:
        """Why the service will not POST to `url` (a private or loopback address), or None."""
        ...

    async def post(self, url: str, body: bytes, headers: Mapping[str, str]) -> WebhookResponse:
        """One attempt; never raises for network failures (they come back as `error`)."""
        ...
