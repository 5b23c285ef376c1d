"""/v1/webhooks: register a delivery-update URL (secret shown once), list, delete, deliveries."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

import msgspec
from litestar import Controller, delete, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath, JSONBody

from application.ports import DeliveryHistory
from application.webhooks.endpoints import (
    DeleteWebhook,
    ListWebhookDeliveries,
    ListWebhooks,
    RegisterWebhook,
)
from domain.errors import NotFound
from domain.ids import lookup_id
from domain.paging import DEFAULT_PER_PAGE, MAX_PER_PAGE
from domain.webhook_deliveries import DeliveryStatus
from domain.webhooks import EVENT_TYPES, MAX_URL_LENGTH, URL_PATTERN
from entrypoints.container import Container
from entrypoints.http.auth import JWT, Principal, authenticated
from entrypoints.http.dependencies import provide
from entrypoints.http.envelope import Envelope, ResponseBody, body_of, ok
from entrypoints.http.validation import RequestBody, documented, page_parameters

PAGE, PER_PAGE = page_parameters(MAX_PER_PAGE)


class RegisterWebhookRequest(RequestBody, kw_only=True):
    url: Annotated[str, documented(maxLength=MAX_URL_LENGTH, pattern=URL_PATTERN)]
    # Litestar reads a field's own Meta only, so the items' rule is stated on the list.
    events: Annotated[list[str], documented(minItems=1, items={"type": "string", "enum": sorted(EVENT_TYPES)})] | None = None


class WebhookBody(ResponseBody, kw_only=True):
    id: str
    url: str
    events: list[str]
    enabled: bool
    disabled_reason: str | None
    created_at: datetime


class CreatedWebhookBody(ResponseBody, kw_only=True):
    id: str
    url: str
    events: list[str]
    secret: str
    enabled: bool
    created_at: datetime


class WebhookList(ResponseBody, kw_only=True):
    webhooks: list[WebhookBody]


class AttemptBody(ResponseBody, kw_only=True):
    attempt: int
    attempted_at: datetime
    status_code: int | None
    error: str | None
    duration_ms: int


class _DeliveryRecordBody(ResponseBody, kw_only=True):
    """What a delivery answers of its own record; `DeliveryBody` adds its attempts."""

    id: str
    event_id: str
    event_type: str
    status: DeliveryStatus
    attempts: int
    last_status_code: int | None
    last_error: str | None
    next_attempt_at: datetime | None = msgspec.field(name="next_retry_at")
    created_at: datetime
    completed_at: datetime | None


class DeliveryBody(_DeliveryRecordBody, kw_only=True):
    history: list[AttemptBody]

    @classmethod
    def of(cls, found: DeliveryHistory) -> DeliveryBody:
        record = msgspec.structs.asdict(body_of(found.delivery, _DeliveryRecordBody))
        return cls(**record, history=[body_of(attempt, AttemptBody) for attempt in found.attempts])


class DeliveryList(ResponseBody, kw_only=True):
    deliveries: list[DeliveryBody]
    page: int
    per_page: int
    total: int


class WebhooksController(Controller):
    path = "/v1/webhooks"
    tags = ["webhooks"]
    dependencies = {"principal": authenticated(JWT)}

    @post("/", operation_id="registerWebhook", status_code=201,
          dependencies={"register_webhook": provide(Container.register_webhook)})
    async def register(self, principal: NamedDependency[Principal], register_webhook: NamedDependency[RegisterWebhook],
                       data: JSONBody[RegisterWebhookRequest]) -> Envelope[CreatedWebhookBody]:
        """Register a URL for delivery updates; its signing secret is in this response only."""
        return ok(body_of(await register_webhook(principal.account_id, data.url, data.events), CreatedWebhookBody))

    @get("/", operation_id="listWebhooks", dependencies={"list_webhooks": provide(Container.list_webhooks)})
    async def list_webhooks(
        self,
        principal: NamedDependency[Principal],
        list_webhooks: NamedDependency[ListWebhooks],
    ) -> Envelope[WebhookList]:
        """The account's webhooks (never their secrets)."""
        endpoints = await list_webhooks(principal.account_id)
        return ok(WebhookList(webhooks=[body_of(endpoint, WebhookBody) for endpoint in endpoints]))

    @delete("/{webhook_id:str}", operation_id="deleteWebhook", status_code=200, opt={"errors": (NotFound,)},
            dependencies={"delete_webhook": provide(Container.delete_webhook)})
    async def delete_webhook(self, principal: NamedDependency[Principal], webhook_id: FromPath[str],
                             delete_webhook: NamedDependency[DeleteWebhook]) -> Envelope[None]:
        """Delete a webhook; nothing more is delivered to it."""
        await delete_webhook(principal.account_id, lookup_id(webhook_id))
        return ok(None)

    @get("/{webhook_id:str}/deliveries", operation_id="listWebhookDeliveries", opt={"errors": (NotFound,)},
         dependencies={"list_webhook_deliveries": provide(Container.list_webhook_deliveries)})
    async def deliveries(self, principal: NamedDependency[Principal], webhook_id: FromPath[str],
                         list_webhook_deliveries: NamedDependency[ListWebhookDeliveries], page: Annotated[int, PAGE] = 1,
                         per_page: Annotated[int, PER_PAGE] = DEFAULT_PER_PAGE) -> Envelope[DeliveryList]:
        """Deliveries to a webhook, newest first: attempts, status codes, next retry."""
        found = await list_webhook_deliveries(principal.account_id, lookup_id(webhook_id), page, per_page)
        return ok(DeliveryList(deliveries=[DeliveryBody.of(d) for d in found.deliveries],
                               page=found.page, per_page=found.per_page, total=found.total))
