"""Customer webhooks: the endpoints an account registers, the history of their deliveries, and a
test event sent to one.

How events reach the endpoints, signed and retried, is `application.webhooks.deliveries`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from application.ports import (
    Clock,
    DeliveryHistory,
    IdGenerator,
    JobQueue,
    OutboxEvent,
    SecretBox,
    Secrets,
    UnitOfWorkFactory,
    WebhookDelivery,
    WebhookEndpoint,
    WebhookSender,
)
from application.webhooks.deliveries import event_payload, schedule_delivery
from domain.errors import NotFound, ValidationError
from domain.paging import DEFAULT_PER_PAGE, MAX_PER_PAGE, validate_paging
from domain.webhooks import MAX_ENDPOINTS_PER_ACCOUNT, TEST_EVENT_TYPE, validate_events, validate_url


@dataclass(frozen=True, slots=True)
class DeliveryPage:
    deliveries: list[DeliveryHistory]
    page: int
    per_page: int
    total: int


@dataclass(frozen=True, slots=True)
class RegisteredWebhook:
    """A new endpoint as its owner sees it, this once: with its signing secret in the clear."""

    id: str
    url: str
    events: tuple[str, ...]
    secret: str
    enabled: bool
    created_at: datetime


class RegisterWebhook:
    """A new endpoint with a new signing secret, stored sealed: a copy of the database alone
    cannot sign (forge) a delivery."""

    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, ids: IdGenerator, secrets: Secrets,
                 sender: WebhookSender, box: SecretBox) -> None:
        self._uow, self._clock, self._ids, self._secrets, self._sender = uow, clock, ids, secrets, sender
        self._box = box

    async def __call__(self, account_id: str, url: str, events: list[str] | None = None) -> RegisteredWebhook:
        url = validate_url(url)
        secret = self._secrets.webhook_secret()
        endpoint = WebhookEndpoint(
            id=self._ids.new_id(), account_id=account_id, url=url, events=validate_events(events),
            sealed_secret=self._box.seal(secret, account_id), created_at=self._clock.now(),
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
        return RegisteredWebhook(endpoint.id, endpoint.url, endpoint.events, secret, endpoint.enabled,
                                 endpoint.created_at)


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


class SendTestEvent:
    """A `webhook.test` event to one endpoint, whatever events it takes: a delivery like any
    other (signed, attempted and retried by `DeliverWebhook`, listed with the endpoint's
    deliveries), so its owner sees what their receiver makes of one."""

    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, ids: IdGenerator, jobs: JobQueue) -> None:
        self._uow, self._clock, self._ids, self._jobs = uow, clock, ids, jobs

    async def __call__(self, account_id: str, endpoint_id: str) -> WebhookDelivery:
        now = self._clock.now()
        event = OutboxEvent(id=self._ids.new_id(), account_id=account_id, type=TEST_EVENT_TYPE,
                            data={"webhook_id": endpoint_id}, created_at=now)
        delivery = WebhookDelivery(id=self._ids.new_id(), account_id=account_id, endpoint_id=endpoint_id,
                                   event_id=event.id, event_type=event.type, payload=event_payload(event),
                                   created_at=now, next_attempt_at=now)
        async with self._uow() as uow:
            if await uow.webhooks.endpoint(account_id, endpoint_id) is None:
                raise NotFound("No such webhook.")
            await uow.webhooks.add_delivery(delivery)
            await uow.commit()
        await schedule_delivery(self._jobs, delivery)
        return delivery
