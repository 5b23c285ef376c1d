"""Webhook signing secrets at rest: kept sealed, and those an earlier release stored in the clear
sealed by `ujumbe migrate` (a real CLI process on real PostgreSQL), each still signing with the
secret its owner was shown."""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path

import psycopg
import pytest
from dependency_injector import providers
from standardwebhooks import Webhook

from adapters.postgres.migrate import bundled_migrations, migrate
from domain.webhooks import verify, webhook_secret
from entrypoints.container import Container
from entrypoints.settings import Settings
from tests_support import applied_versions, ids, ujumbe
from webhook_receiver import WebhookReceiver

SEALING = "0025_sealed_webhook_secrets"
SERVICE_KEY = "webhook-secrets-at-rest-service-key-of-48-bytes!"
ACCOUNT, ENDPOINT, DELIVERY, EVENT = ids(1), ids(2), ids(3), ids(4)


def migrated_before_sealing(url: str) -> None:
    migrate(url, [m for m in bundled_migrations() if m.version < SEALING])


def stored_the_old_way(url: str, target: str) -> str:
    """An account with an endpoint and a due delivery, written as the release before sealing
    wrote them: the secret in the clear. The secret its owner was shown."""
    secret = webhook_secret(os.urandom(32))
    now = datetime.now(UTC)
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("INSERT INTO accounts (id, email, password_hash, created_at) VALUES (%s, 'a@x.tz', 'x', %s)",
                     (ACCOUNT, now))
        conn.execute("INSERT INTO webhook_endpoints (account_id, id, url, events, secret, created_at)"
                     " VALUES (%s, %s, %s, ARRAY['message.sent'], %s, %s)", (ACCOUNT, ENDPOINT, target, secret, now))
        conn.execute(
            "INSERT INTO webhook_deliveries (account_id, id, endpoint_id, event_id, event_type, payload, status,"
            " attempts, next_attempt_at, created_at) VALUES (%s, %s, %s, %s, 'message.sent', %s, 'pending', 0, %s, %s)",
            (ACCOUNT, DELIVERY, ENDPOINT, EVENT, psycopg.types.json.Jsonb(
                {"id": EVENT, "type": "message.sent", "created_at": "2026-01-05T09:00:00Z", "data": {}}), now, now),
        )
    return secret


async def test_ujumbe_migrate_seals_secrets_kept_in_the_clear_and_each_still_signs_with_the_one_shown(
    empty_database: str, tmp_path: Path
) -> None:
    migrated_before_sealing(empty_database)
    with WebhookReceiver() as receiver:
        secret = stored_the_old_way(empty_database, receiver.url)

        done = ujumbe("--json", "migrate", env={"UJUMBE_DATABASE_URL": empty_database,
                                                "UJUMBE_SECRET_KEY": SERVICE_KEY, "UJUMBE_DATA_DIR": str(tmp_path)})
        assert done.returncode == 0, done.stderr
        assert SEALING in done.stdout

        with psycopg.connect(empty_database) as conn:
            [(sealed, whole_row)] = conn.execute("SELECT sealed_secret, e::text FROM webhook_endpoints e").fetchall()
            assert not sealed.startswith("whsec_") and secret.removeprefix("whsec_") not in whole_row
            with pytest.raises(psycopg.errors.CheckViolation):  # nor can one be written in the clear again
                conn.execute("UPDATE webhook_endpoints SET sealed_secret = %s", (secret,))

        container = Container()
        container.settings.override(providers.Object(Settings(
            database_url=empty_database, data_dir=tmp_path, secret_key=SERVICE_KEY, webhooks_allow_private=True)))
        await container.pool().open(wait=True)
        try:
            await container.deliver_webhook()(ACCOUNT, DELIVERY)
        finally:
            await container.pool().close()

    [received] = receiver.received
    timestamp = int(received.headers["webhook-timestamp"])
    assert verify(secret, received.headers["x-service-signature"], received.body, now=timestamp)
    Webhook(secret).verify(received.body, received.headers)  # as the owner's Standard Webhooks library does


def test_without_the_secret_box_a_database_holding_plain_secrets_is_left_as_it_was(
    empty_database: str, tmp_path: Path
) -> None:
    migrated_before_sealing(empty_database)
    secret = stored_the_old_way(empty_database, "https://shop.example.com/hooks")

    with pytest.raises(RuntimeError, match="1 webhook signing secret"):
        migrate(empty_database)  # no box: a runner that cannot seal must not record the step as done

    assert SEALING not in applied_versions(empty_database)
    with psycopg.connect(empty_database) as conn:
        assert conn.execute("SELECT secret FROM webhook_endpoints").fetchall() == [(secret,)]
