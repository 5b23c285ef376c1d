"""For the account's developers: API keys and webhooks, each secret shown once, as the API's
`/v1/api-keys` and `/v1/webhooks` show it; a webhook's deliveries, and a test event to it.

A new key or signing secret is on the page that answers the form and nowhere else (neither in
a redirect nor in the session): reloading or coming back shows only its prefix, or nothing.
Revoking a key or deleting a webhook asks first, in a disclosure (`<details>`) that needs no
script.
"""

from __future__ import annotations

from typing import Annotated, Any
from uuid import UUID

from litestar import Controller, Request, Response, get, post
from litestar.di import NamedDependency
from litestar.params import FromPath, QueryParameter
from litestar.response import Redirect, Template

from application.accounts.api_keys import CreateApiKey, CreatedApiKey, ListApiKeys, RevokeApiKey
from application.webhooks.endpoints import (
    DeleteWebhook,
    ListWebhookDeliveries,
    ListWebhooks,
    RegisteredWebhook,
    RegisterWebhook,
    SendTestEvent,
)
from domain.accounts import MAX_KEY_NAME_LENGTH
from domain.errors import DomainError, NotFound
from domain.webhook_deliveries import DeliveryStatus
from domain.webhooks import MAX_URL_LENGTH, WebhookEventType
from entrypoints.web.i18n import _
from entrypoints.web.pages import form_of, refusal, use_cases
from entrypoints.web.sessions import Viewer
from entrypoints.web.templating import page

API_REFERENCE = "/schema/swagger"  # the API document, rendered (the app's OpenAPI config)
DELIVERIES_PER_PAGE = 20
EVENT_LABELS = {
    WebhookEventType.MESSAGE_SENT: _("a message went out to the network"),
    WebhookEventType.MESSAGE_DELIVERED: _("a message reached the phone"),
    WebhookEventType.MESSAGE_FAILED: _("a message could not be delivered"),
    WebhookEventType.PAYMENT_CONFIRMED: _("a payment was received"),
    WebhookEventType.PAYMENT_FAILED: _("a payment failed"),
    WebhookEventType.CAMPAIGN_COMPLETED: _("a campaign finished"),
    WebhookEventType.CAMPAIGN_FAILED: _("a campaign stopped"),
}
DELIVERY_STATUSES = {DeliveryStatus.PENDING: _("Waiting"), DeliveryStatus.SUCCEEDED: _("Delivered"),
                     DeliveryStatus.FAILED: _("Failed")}


class DeveloperPages(Controller):
    path = "/developers"

    async def _page(self, request: Request[Any, Any, Any], viewer: Viewer, *, status_code: int = 200,
                    created_key: CreatedApiKey | None = None, created_webhook: RegisteredWebhook | None = None,
                    key_name: str = "", url: str = "", events: list[str] | None = None,
                    error: str | None = None, error_field: str | None = None) -> Template:
        container = use_cases(request)
        list_keys: ListApiKeys = container.list_api_keys()
        list_webhooks: ListWebhooks = container.list_webhooks()
        return page(request, "developers.html", status_code=status_code, viewer=viewer,
                    keys=await list_keys(viewer.account_id), webhooks=await list_webhooks(viewer.account_id),
                    created_key=created_key, created_webhook=created_webhook, key_name=key_name, url=url,
                    chosen_events=events or [], event_types=sorted(EVENT_LABELS), event_labels=EVENT_LABELS,
                    api_reference=API_REFERENCE, max_key_name=MAX_KEY_NAME_LENGTH, max_url=MAX_URL_LENGTH,
                    done=request.query_params.get("done"), error=error, error_field=error_field)

    @get("/")
    async def developers(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer]) -> Template:
        return await self._page(request, viewer)

    @post("/api-keys")
    async def create_key(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer]) -> Template:
        """A new key, on this answer only."""
        name = (await form_of(request)).get("name", "")
        create: CreateApiKey = use_cases(request).create_api_key()
        try:
            created = await create(viewer.account_id, name)
        except DomainError as exc:
            status, message = refusal(exc)
            return await self._page(request, viewer, status_code=status, key_name=name, error=message,
                                    error_field="name")
        return await self._page(request, viewer, status_code=201, created_key=created)

    @post("/api-keys/{key_id:uuid}/revoke")
    async def revoke_key(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer],
                         key_id: FromPath[UUID]) -> Redirect:
        """The key stops working at once; another account's key is not found."""
        revoke: RevokeApiKey = use_cases(request).revoke_api_key()
        await revoke(viewer.account_id, str(key_id))
        return Redirect(path="/developers?done=revoked", status_code=303)

    @post("/webhooks")
    async def register_webhook(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer]) -> Template:
        """A new webhook and its signing secret, on this answer only. No event ticked: every event,
        as the API's `events` left out."""
        form = await request.form()  # `events` is sent once per ticked box
        url = (await form_of(request)).get("url", "")
        events = [event for event in form.getall("events", []) if isinstance(event, str)]
        register: RegisterWebhook = use_cases(request).register_webhook()
        try:
            created = await register(viewer.account_id, url, events or None)
        except DomainError as exc:
            status, message = refusal(exc)
            return await self._page(request, viewer, status_code=status, url=url, events=events, error=message,
                                    error_field=exc.field)
        return await self._page(request, viewer, status_code=201, created_webhook=created)

    @post("/webhooks/{webhook_id:uuid}/delete")
    async def delete_webhook(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer],
                             webhook_id: FromPath[UUID]) -> Redirect:
        delete: DeleteWebhook = use_cases(request).delete_webhook()
        await delete(viewer.account_id, str(webhook_id))
        return Redirect(path="/developers?done=deleted", status_code=303)

    @get("/webhooks/{webhook_id:uuid}")
    async def deliveries(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer],
                         webhook_id: FromPath[UUID],
                         page_number: Annotated[int, QueryParameter(name="page")] = 1) -> Response[Any]:
        """The webhook's deliveries, newest first, each with its attempts; while one waits, htmx
        asks again every few seconds for the list alone (`_deliveries.html`)."""
        container = use_cases(request)
        list_deliveries: ListWebhookDeliveries = container.list_webhook_deliveries()
        found = await list_deliveries(viewer.account_id, str(webhook_id), page_number, DELIVERIES_PER_PAGE)
        list_webhooks: ListWebhooks = container.list_webhooks()
        webhook = next((w for w in await list_webhooks(viewer.account_id) if w.id == str(webhook_id)), None)
        if webhook is None:  # deleted between the two reads
            raise NotFound("No such webhook.")
        waiting = any(d.delivery.status is DeliveryStatus.PENDING for d in found.deliveries)
        fragment = request.headers.get("hx-request") == "true" and request.headers.get("hx-target") == "deliveries"
        return page(request, "_deliveries.html" if fragment else "webhook.html", viewer=viewer, webhook=webhook,
                    found=found, waiting=waiting, statuses=DELIVERY_STATUSES,
                    tested=request.query_params.get("sent") == "test")

    @post("/webhooks/{webhook_id:uuid}/test")
    async def send_test_event(self, request: Request[Any, Any, Any], viewer: NamedDependency[Viewer],
                              webhook_id: FromPath[UUID]) -> Redirect:
        """A `webhook.test` delivery, attempted at once by the job worker as any other."""
        send: SendTestEvent = use_cases(request).send_test_event()
        await send(viewer.account_id, str(webhook_id))
        return Redirect(path=f"/developers/webhooks/{webhook_id}?sent=test", status_code=303)
