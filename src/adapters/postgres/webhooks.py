"""Webhook endpoints, deliveries and attempts in PostgreSQL."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from psycopg import AsyncConnection, Connection
from psycopg.types.json import Jsonb

from adapters.postgres.rows import dict_rows
from application.ports import (
    DeliveryHistory,
    SecretBox,
    WebhookAttempt,
    WebhookDelivery,
    WebhookEndpoint,
)
from domain.webhook_deliveries import DeliveryStatus
from domain.webhooks import STANDARD_SECRET_PREFIX

_ENDPOINT = (
    "SELECT id::text, account_id::text, url, events, sealed_secret, created_at, enabled, disabled_reason"
    " FROM webhook_endpoints"
)
_DELIVERY = (
    "SELECT id::text, account_id::text, endpoint_id::text, event_id::text, event_type, payload,"
    " created_at, status, attempts, next_attempt_at, last_status_code, last_error, completed_at"
    " FROM webhook_deliveries"
)


def _endpoint(row: dict[str, Any]) -> WebhookEndpoint:
    return WebhookEndpoint(**{**row, "events": tuple(row["events"])})


def _delivery(row: dict[str, Any]) -> WebhookDelivery:
    return WebhookDelivery(**{**row, "status": DeliveryStatus(row["status"])})


class PostgresWebhooks:
    def __init__(self, conn: AsyncConnection) -> None:
        self._conn = conn

    async def add_endpoint(self, endpoint: WebhookEndpoint) -> None:
        await self._conn.execute(
            "INSERT INTO webhook_endpoints (account_id, id, url, events, sealed_secret, enabled,"
            " disabled_reason, created_at) VALUES (%s, %s, %s, %s, %s, %s, %s, %s)",
            (endpoint.account_id, endpoint.id, endpoint.url, list(endpoint.events), endpoint.sealed_secret,
             endpoint.enabled, endpoint.disabled_reason, endpoint.created_at),
        )

    async def endpoint(self, account_id: str, endpoint_id: str) -> WebhookEndpoint | None:
        rows = await dict_rows(self._conn, f"{_ENDPOINT} WHERE account_id = %s AND id = %s", (account_id, endpoint_id))
        return _endpoint(rows[0]) if rows else None

    async def endpoints(self, account_id: str) -> list[WebhookEndpoint]:
        rows = await dict_rows(self._conn, f"{_ENDPOINT} WHERE account_id = %s ORDER BY created_at, id", (account_id,))
        return [_endpoint(row) for row in rows]

    async def delete_endpoint(self, account_id: str, endpoint_id: str) -> bool:
        cur = await self._conn.execute(
            "DELETE FROM webhook_endpoints WHERE account_id = %s AND id = %s", (account_id, endpoint_id)
        )
        return cur.rowcount > 0

    async def disable_endpoint(self, account_id: str, endpoint_id: str, reason: str) -> None:
        await self._conn.execute(
            "UPDATE webhook_endpoints SET enabled = false, disabled_reason = %s"
            " WHERE account_id = %s AND id = %s",
            (reason, account_id, endpoint_id),
        )

    async def add_delivery(self, delivery: WebhookDelivery) -> bool:
        cur = await self._conn.execute(
            "INSERT INTO webhook_deliveries (account_id, id, endpoint_id, event_id, event_type, payload,"
            " status, attempts, next_attempt_at, last_status_code, last_error, created_at, completed_at)"
            " VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"
            " ON CONFLICT (account_id, endpoint_id, event_id) DO NOTHING",
            (delivery.account_id, delivery.id, delivery.endpoint_id, delivery.event_id,
             delivery.event_type, Jsonb(dict(delivery.payload)), delivery.status.value, delivery.attempts,
             delivery.next_attempt_at, delivery.last_status_code, delivery.last_error,
             delivery.created_at, delivery.completed_at),
        )
        return cur.rowcount > 0

    async def delivery_for_update(self, account_id: str, delivery_id: str) -> WebhookDelivery | None:
        rows = await dict_rows(
            self._conn,
            f"{_DELIVERY} WHERE account_id = %s AND id = %s FOR UPDATE", (account_id, delivery_id)
        )
        return _delivery(rows[0]) if rows else None

    async def save_delivery(self, delivery: WebhookDelivery) -> None:
        await self._conn.execute(
            "UPDATE webhook_deliveries SET status = %s, attempts = %s, next_attempt_at = %s,"
            " last_status_code = %s, last_error = %s, completed_at = %s"
            " WHERE account_id = %s AND id = %s",
            (delivery.status.value, delivery.attempts, delivery.next_attempt_at,
             delivery.last_status_code, delivery.last_error, delivery.completed_at,
             delivery.account_id, delivery.id),
        )

    async def add_attempt(self, attempt: WebhookAttempt) -> None:
        await self._conn.execute(
            "INSERT INTO webhook_attempts (account_id, delivery_id, attempt, attempted_at, status_code,"
            " error, duration_ms) VALUES (%s, %s, %s, %s, %s, %s, %s)",
            (attempt.account_id, attempt.delivery_id, attempt.attempt, attempt.attempted_at,
             attempt.status_code, attempt.error, attempt.duration_ms),
        )

    async def deliveries(
        self, account_id: str, endpoint_id: str, page: int, per_page: int
    ) -> tuple[list[DeliveryHistory], int]:
        rows = await dict_rows(
            self._conn,
            f"{_DELIVERY} WHERE account_id = %s AND endpoint_id = %s"
            " ORDER BY created_at DESC, id DESC LIMIT %s OFFSET %s",
            (account_id, endpoint_id, per_page, (page - 1) * per_page),
        )
        count = await dict_rows(
            self._conn,
            "SELECT count(*) AS n FROM webhook_deliveries WHERE account_id = %s AND endpoint_id = %s",
            (account_id, endpoint_id),
        )
        attempts: dict[str, list[WebhookAttempt]] = {row["id"]: [] for row in rows}
        if attempts:
            for row in await dict_rows(
                self._conn,
                "SELECT delivery_id::text, account_id::text, attempt, attempted_at, status_code, error,"
                " duration_ms FROM webhook_attempts WHERE account_id = %s AND delivery_id = ANY(%s::uuid[])"
                " ORDER BY attempt",
                (account_id, list(attempts)),
            ):
                attempts[row["delivery_id"]].append(WebhookAttempt(**row))
        history = [DeliveryHistory(_delivery(row), attempts[row["id"]]) for row in rows]
        return history, int(count[0]["n"])

    async def due_deliveries(self, due_by: datetime, limit: int) -> list[WebhookDelivery]:
        rows = await dict_rows(
            self._conn,
            f"{_DELIVERY} WHERE status = 'pending' AND next_attempt_at <= %s"
            " ORDER BY next_attempt_at LIMIT %s",
            (due_by, limit),
        )
        return [_delivery(row) for row in rows]


def seal_plain_secrets(conn: Connection, box: SecretBox | None) -> int:
    """Seal the signing secrets stored in the clear before they were sealed at rest (in the
    caller's transaction); how many. Without the box, any such secret is an error: the step
    must not pass as done while one is left."""
    plain = conn.execute(
        "SELECT account_id::text, id, sealed_secret FROM webhook_endpoints WHERE starts_with(sealed_secret, %s)",
        (STANDARD_SECRET_PREFIX,),
    ).fetchall()
    if not plain:
        return 0
    if box is None:
        raise RuntimeError(f"{len(plain)} webhook signing secret(s) to seal: migrate with the service's secret key"
                           " (ujumbe migrate, or ujumbe serve)")
    for account_id, endpoint_id, secret in plain:
        conn.execute("UPDATE webhook_endpoints SET sealed_secret = %s WHERE account_id = %s AND id = %s",
                     (box.seal(secret, account_id), account_id, endpoint_id))
    return len(plain)
