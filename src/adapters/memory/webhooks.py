"""Webhook endpoints, deliveries and attempts in memory."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from adapters.memory.store import MemoryStore
from application.ports import DeliveryHistory, WebhookAttempt, WebhookDelivery, WebhookEndpoint
from domain.webhook_deliveries import DeliveryStatus


class MemoryWebhooks:
    def __init__(self, store: MemoryStore) -> None:
        self._store = store

    def _endpoints(self) -> dict[tuple[str, str], WebhookEndpoint]:
        rows: dict[tuple[str, str], WebhookEndpoint] = self._store.table("webhook_endpoints")
        return rows

    def _deliveries(self) -> dict[tuple[str, str], WebhookDelivery]:
        rows: dict[tuple[str, str], WebhookDelivery] = self._store.table("webhook_deliveries")
        return rows

    def _attempts(self) -> dict[tuple[str, str, int], WebhookAttempt]:
        rows: dict[tuple[str, str, int], WebhookAttempt] = self._store.table("webhook_attempts")
        return rows

    async def add_endpoint(self, endpoint: WebhookEndpoint) -> None:
        self._endpoints()[(endpoint.account_id, endpoint.id)] = endpoint

    async def endpoint(self, account_id: str, endpoint_id: str) -> WebhookEndpoint | None:
        return self._endpoints().get((account_id, endpoint_id))

    async def endpoints(self, account_id: str) -> list[WebhookEndpoint]:
        found = [e for (account, _), e in self._endpoints().items() if account == account_id]
        return sorted(found, key=lambda e: (e.created_at, e.id))

    async def delete_endpoint(self, account_id: str, endpoint_id: str) -> bool:
        if self._endpoints().pop((account_id, endpoint_id), None) is None:
            return False
        gone = [key for key, d in self._deliveries().items()
                if d.account_id == account_id and d.endpoint_id == endpoint_id]
        for key in gone:
            del self._deliveries()[key]
        for attempt_key in [k for k in self._attempts() if (k[0], k[1]) in gone]:
            del self._attempts()[attempt_key]
        return True

    async def disable_endpoint(self, account_id: str, endpoint_id: str, reason: str) -> None:
        endpoint = self._endpoints()[(account_id, endpoint_id)]
        self._endpoints()[(account_id, endpoint_id)] = replace(endpoint, enabled=False, disabled_reason=reason)

    async def add_delivery(self, delivery: WebhookDelivery) -> bool:
        if any(d.account_id == delivery.account_id and d.endpoint_id == delivery.endpoint_id
               and d.event_id == delivery.event_id for d in self._deliveries().values()):
            return False
        self._deliveries()[(delivery.account_id, delivery.id)] = delivery
        return True

    async def delivery_for_update(self, account_id: str, delivery_id: str) -> WebhookDelivery | None:
        return self._deliveries().get((account_id, delivery_id))

    async def save_delivery(self, delivery: WebhookDelivery) -> None:
        key = (delivery.account_id, delivery.id)
        if key in self._deliveries():
            self._deliveries()[key] = delivery

    async def add_attempt(self, attempt: WebhookAttempt) -> None:
        self._attempts()[(attempt.account_id, attempt.delivery_id, attempt.attempt)] = attempt

    async def deliveries(
        self, account_id: str, endpoint_id: str, page: int, per_page: int
    ) -> tuple[list[DeliveryHistory], int]:
        found = [d for d in self._deliveries().values()
                 if d.account_id == account_id and d.endpoint_id == endpoint_id]
        found.sort(key=lambda d: (d.created_at, d.id), reverse=True)
        chosen = found[(page - 1) * per_page: page * per_page]
        history = [
            DeliveryHistory(d, sorted((a for a in self._attempts().values()
                                       if a.account_id == account_id and a.delivery_id == d.id),
                                      key=lambda a: a.attempt))
            for d in chosen
        ]
        return history, len(found)

    async def due_deliveries(self, due_by: datetime, limit: int) -> list[WebhookDelivery]:
        due = [d for d in self._deliveries().values()
               if d.status is DeliveryStatus.PENDING and d.next_attempt_at is not None and d.next_attempt_at <= due_by]
        return sorted(due, key=lambda d: (d.next_attempt_at or due_by, d.id))[:limit]
