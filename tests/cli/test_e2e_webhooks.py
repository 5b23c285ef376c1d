"""Webhooks end to end over real HTTP between processes: a send's events reach a receiver, signed.

`ujumbe serve` runs in its own process (API + in-process job worker + gateway simulator); a
receiver listens on 127.0.0.1 in this one. A user registers, is granted credits by the
operator CLI, registers a webhook, sends an SMS, and receives signed `message.sent` and
`message.delivered` events that verify with the secret shown at registration.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from standardwebhooks import Webhook

from domain.webhooks import verify
from running_app import serving
from tests_support import ujumbe
from webhook_receiver import WebhookReceiver


@pytest.fixture()
def server(clean_database: str, tmp_path: Path) -> Iterator[tuple[str, dict[str, str]]]:
    env = {"UJUMBE_DATABASE_URL": clean_database, "UJUMBE_DATA_DIR": str(tmp_path),
           "UJUMBE_WEBHOOKS_ALLOW_PRIVATE": "1", "UJUMBE_SIMULATOR_DLR_DELAY": "0.2"}
    with serving(env, tmp_path) as base:
        yield base, env


def test_a_user_receives_signed_sent_and_delivered_events_for_an_sms(server: tuple[str, dict[str, str]]) -> None:
    base, env = server
    with httpx.Client(base_url=base, timeout=10) as api, WebhookReceiver() as receiver:
        assert api.post("/v1/auth/register", json={"email": "duka@example.com", "password": "s3cret-pass"}
                        ).status_code == 201
        granted = ujumbe("credits", "grant", "duka@example.com", "10", env=env)
        assert granted.returncode == 0, granted.stderr
        token = api.post("/v1/auth/login", json={"email": "duka@example.com", "password": "s3cret-pass"}
                         ).json()["data"]["access_token"]
        jwt = {"Authorization": f"Bearer {token}"}

        registered = api.post("/v1/webhooks", json={"url": receiver.url}, headers=jwt)
        assert registered.status_code == 201, registered.text
        secret = registered.json()["data"]["secret"]
        sent = api.post("/v1/sms/send", json={"to": "0712345678", "message": "Habari ya leo"}, headers=jwt)
        assert sent.status_code == 200 and sent.json()["data"]["status"] == "sent", sent.text
        message_id = sent.json()["data"]["message_id"]

        got = receiver.wait_for(lambda got: {r.json["type"] for r in got} >= {"message.sent", "message.delivered"},
                                timeout=30)

        for received in got:
            assert received.json["data"]["message_id"] == message_id
            assert verify(secret, received.headers["x-service-signature"], received.body, now=int(time.time()))
            Webhook(secret).verify(received.body, received.headers)
        logs = api.get("/v1/sms/logs", headers=jwt).json()["data"]["messages"]
        assert logs[0]["status"] == "delivered"
