"""Customer webhooks: the endpoints an account registers, and the history of their deliveries.

How events reach the endpoints, signed and retried, is `application.webhook_deliveries`.
"""

from __future__ import annotations

import base64
import secrets
from dataclasses import dataclass
from urllib.parse import urlsplit

from application.ports import (
    Clock,
    DeliveryHistory,
    IdGenerator,
    UnitOfWorkFactory,
    WebhookEndpoint,
    WebhookSender,
)
from domain.errors import NotFound, ValidationError
from domain.rules import validate_paging
from domain.webhooks import EVENT_TYPES, STANDARD_SECRET_PREFIX

MAX_URL_LENGTH = 2048
MAX_ENDPOINTS_PER_ACCOUNT = 20
DEFAULT_PER_PAGE = 25
MAX_PER_PAGE = 100


@dataclass(frozen=True, slots=True)
class DeliveryPage:
    deliveries: list[DeliveryHistory]
    page: int
    per_page: int
    total: int


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
