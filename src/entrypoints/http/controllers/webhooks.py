"""/v1/webhooks: register a delivery-update URL (secret shown once), list, delete, deliveries."""

from __future__ import annotations

from datetime import UTC, datetime

import msgspec
from litestar import Controller, delete, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath, FromQuery, JSONBody

from application.ports import DeliveryHistory, WebhookEndpoint
from application.webhooks import (
    DEFAULT_PER_PAGE,
    DeleteWebhook,
    ListWebhookDeliveries,
    ListWebhooks,
    RegisterWebhook,
)
from entrypoints.http.auth import Principal, authenticated
from entrypoints.http.dependencies import from_container
from entrypoints.http.envelope import Envelope, ok
from entrypoints.http.validation import RequestBody


def _utc(moment: datetime | None) -> datetime | None:
    return moment.astimezone(UTC) if moment else None


class RegisterWebhookRequest(RequestBody, kw_only=True):
    url: str
    events: list[str] | None = None


class WebhookBody(msgspec.Struct, kw_only=True):
    id: str
    url: str
    events: list[str]
    enabled: bool
    disabled_reason: str | None
    created_at: datetime

    @classmethod
    def of(cls, endpoint: WebhookEndpoint) -> WebhookBody:
        return cls(id=endpoint.id, url=endpoint.url, events=list(endpoint.events), enabled=endpoint.enabled,
                   disabled_reason=endpoint.disabled_reason, created_at=endpoint.created_at.astimezone(UTC))


class CreatedWebhookBody(msgspec.Struct, kw_only=True):
    id: str
    url: str
    events: list[str]
    secret: str
    enabled: bool
    created_at: datetime


class WebhookList(msgspec.Struct, kw_only=True):
    webhooks: list[WebhookBody]


class AttemptBody(msgspec.Struct, kw_only=True):
    attempt: int
    attempted_at: datetime
    status_code: int | None
    error: str | None
    duration_ms: int


class DeliveryBody(msgspec.Struct, kw_only=True):
    id: str
    event_id: str
    event_type: str
    status: str
    attempts: int
    last_status_code: int | None
    last_error: str | None
    next_retry_at: datetime | None
    created_at: datetime
    completed_at: datetime | None
    history: list[AttemptBody]

    @classmethod
    def of(cls, found: DeliveryHistory) -> DeliveryBody:
        d = found.delivery
        return cls(
            id=d.id, event_id=d.event_id, event_type=d.event_type, status=d.status.value, attempts=d.attempts,
            last_status_code=d.last_status_code, last_error=d.last_error, next_retry_at=_utc(d.next_attempt_at),
            created_at=d.created_at.astimezone(UTC), completed_at=_utc(d.completed_at),
            history=[AttemptBody(attempt=a.attempt, attempted_at=a.attempted_at.astimezone(UTC),
                                 status_code=a.status_code, error=a.error, duration_ms=a.duration_ms)
                     for a in found.attempts],
        )


class DeliveryList(msgspec.Struct, kw_only=True):
    deliveries: list[DeliveryBody]
    page: int
    per_page: int
    total: int


class WebhooksController(Controller):
    path = "/v1/webhooks"
    tags = ["webhooks"]
    dependencies = {"principal": authenticated("J")}

    @post("/", operation_id="registerWebhook", status_code=201,
          dependencies={"register_webhook": from_container("register_webhook")})
    async def register(self, principal: NamedDependency[Principal], register_webhook: NamedDependency[RegisterWebhook],
                       data: JSONBody[RegisterWebhookRequest]) -> Envelope[CreatedWebhookBody]:
        """Register a URL for delivery updates; its signing secret is in this response only."""
        endpoint = await register_webhook(principal.account_id, data.url, data.events)
        return ok(CreatedWebhookBody(id=endpoint.id, url=endpoint.url, events=list(endpoint.events),
                                     secret=endpoint.secret, enabled=endpoint.enabled,
                                     created_at=endpoint.created_at.astimezone(UTC)))

    @get("/", operation_id="listWebhooks", dependencies={"list_webhooks": from_container("list_webhooks")})
    async def list_webhooks(
        self,
        principal: NamedDependency[Principal],
        list_webhooks: NamedDependency[ListWebhooks],
    ) -> Envelope[WebhookList]:
        """The account's webhooks (never their secrets)."""
        return ok(WebhookList(webhooks=[WebhookBody.of(e) for e in await list_webhooks(principal.account_id)]))

    @delete("/{webhook_id:str}", operation_id="deleteWebhook", status_code=200,
            dependencies={"delete_webhook": from_container("delete_webhook")})
    async def delete_webhook(self, principal: NamedDependency[Principal], webhook_id: FromPath[str],
                             delete_webhook: NamedDependency[DeleteWebhook]) -> Envelope[None]:
        """Delete a webhook; nothing more is delivered to it."""
        await delete_webhook(principal.account_id, webhook_id)
        return ok(None)

    @get("/{webhook_id:str}/deliveries", operation_id="listWebhookDeliveries",
         dependencies={"list_webhook_deliveries": from_container("list_webhook_deliveries")})
    async def deliveries(self, principal: NamedDependency[Principal], webhook_id: FromPath[str],
                         list_webhook_deliveries: NamedDependency[ListWebhookDeliveries], page: FromQuery[int] = 1,
                         per_page: FromQuery[int] = DEFAULT_PER_PAGE) -> Envelope[DeliveryList]:
        """Deliveries to a webhook, newest first: attempts, status codes, next retry."""
        found = await list_webhook_deliveries(principal.account_id, webhook_id, page, per_page)
        return ok(DeliveryList(deliveries=[DeliveryBody.of(d) for d in found.deliveries], page=found.page,
                               per_page=found.per_page, total=found.total))
