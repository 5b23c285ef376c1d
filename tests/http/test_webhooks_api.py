"""/v1/webhooks over the whole app on PostgreSQL, and signed events reaching a real receiver."""

from __future__ import annotations

import base64
import hashlib
import hmac
from datetime import UTC, datetime

import pytest
from dependency_injector import providers
from litestar.testing import AsyncTestClient
from standardwebhooks import Webhook

from adapters.jobs import queue_depth, totals
from adapters.memory.system import FrozenClock
from adapters.webhooks import HttpxWebhookSender
from application.credits.balance import Grant
from domain.webhooks import EVENT_TYPES
from entrypoints.container import Container
from http_helpers import error_of
from jobs_support import drain, without_periodic_jobs
from webhook_receiver import Received, WebhookReceiver


@pytest.fixture(autouse=True)
def _jobs_drained_by_hand(container: Container) -> None:
    without_periodic_jobs(container)


def our_signature_checks(secret: str, received: Received) -> bool:
    """X-Service-Signature (decision: webhooks), written out independently of the service."""
    parts = dict(item.split("=", 1) for item in received.headers["x-service-signature"].split(","))
    expected = hmac.new(secret.encode(), f"{parts['t']}.".encode() + received.body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(parts["v1"], expected)


def standard_signature_checks(secret: str, received: Received) -> bool:
    """The Standard Webhooks scheme, also by hand: base64 HMAC of "id.timestamp.body"."""
    key = base64.b64decode(secret.removeprefix("whsec_"))
    signed = f"{received.headers['webhook-id']}.{received.headers['webhook-timestamp']}.".encode() + received.body
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
    return received.headers["webhook-signature"] == f"v1,{expected}"


async def test_register_shows_the_secret_once_and_list_never_does(client: AsyncTestClient, make_account,  # type: ignore[no-untyped-def]
                                                                  clock: FrozenClock) -> None:
    account = await make_account()
    response = await client.post("/v1/webhooks", json={"url": "https://shop.example.com/hooks",
                                                       "events": ["message.delivered"]},
                                 headers=account.jwt_headers)
    assert response.status_code == 201
    created = response.json()["data"]
    assert set(created) >= {"id", "url", "events", "secret", "created_at"}
    assert created["events"] == ["message.delivered"] and created["secret"].startswith("whsec_")

    clock.advance(1)
    everything = (await client.post("/v1/webhooks/", json={"url": "https://shop.example.com/all"},
                                    headers=account.jwt_headers)).json()["data"]
    assert set(everything["events"]) == EVENT_TYPES

    listed = await client.get("/v1/webhooks", headers=account.jwt_headers)
    assert listed.status_code == 200
    hooks = listed.json()["data"]["webhooks"]
    assert [h["id"] for h in hooks] == [created["id"], everything["id"]]
    assert all("secret" not in h for h in hooks) and created["secret"] not in listed.text


async def test_webhooks_are_jwt_only_and_per_account(client: AsyncTestClient, make_account) -> None:  # type: ignore[no-untyped-def]
    owner, other = await make_account(), await make_account()
    assert (await client.get("/v1/webhooks")).status_code == 401
    response = await client.post("/v1/webhooks", json={"url": "https://a.example.com/"}, headers=owner.key_headers)
    assert response.status_code == 403 and error_of(response)[0] == "forbidden"
    hook = (await client.post("/v1/webhooks", json={"url": "https://a.example.com/"},
                              headers=owner.jwt_headers)).json()["data"]
    assert (await client.get("/v1/webhooks", headers=other.jwt_headers)).json()["data"]["webhooks"] == []
    assert (await client.delete(f"/v1/webhooks/{hook['id']}", headers=other.jwt_headers)).status_code == 404
    assert (await client.get(f"/v1/webhooks/{hook['id']}/deliveries", headers=other.jwt_headers)).status_code == 404
    assert (await client.delete("/v1/webhooks/not-an-id", headers=owner.jwt_headers)).status_code == 404
    deleted = await client.delete(f"/v1/webhooks/{hook['id']}", headers=owner.jwt_headers)
    assert deleted.status_code == 200 and deleted.json()["success"] is True
    assert (await client.get("/v1/webhooks", headers=owner.jwt_headers)).json()["data"]["webhooks"] == []


@pytest.mark.parametrize(("body", "field"), [
    ({"url": "not a url"}, "url"),
    ({"url": "https://a.example.com/", "events": ["message.sent", "sms.exploded"]}, "events"),
    ({"url": "https://a.example.com/", "events": []}, "events"),
    ({"events": ["message.sent"]}, "url"),
])
async def test_bad_registrations_are_400_naming_the_field(client: AsyncTestClient, make_account,  # type: ignore[no-untyped-def]
                                                          body: dict, field: str) -> None:
    account = await make_account()
    response = await client.post("/v1/webhooks", json=body, headers=account.jwt_headers)
    assert response.status_code == 400
    assert error_of(response) == ("validation_error", field)


async def _register_where_private_targets_are_refused(  # type: ignore[no-untyped-def]
        client: AsyncTestClient, make_account, container: Container, url: str):  # type: ignore[type-arg]
    container.webhook_sender.override(providers.Singleton(HttpxWebhookSender, allow_private=False))
    account = await make_account()
    return await client.post("/v1/webhooks", json={"url": url}, headers=account.jwt_headers)


@pytest.mark.parametrize("url", ["http://127.0.0.1:8080/hooks", "http://localhost/hooks", "http://10.1.2.3/",
                                 "http://192.168.0.10/", "http://[::1]/", "http://169.254.169.254/latest"])
async def test_private_and_loopback_targets_are_refused_unless_allowed(
    client: AsyncTestClient, make_account, container: Container, url: str  # type: ignore[no-untyped-def]
) -> None:
    response = await _register_where_private_targets_are_refused(client, make_account, container, url)
    assert response.status_code == 400
    assert error_of(response) == ("validation_error", "url")
    assert "private or loopback" in response.json()["error"]["message"]


@pytest.mark.parametrize("url", ["http://example.com:99999/", "http://example.com:0/", "http://example.com:x/"])
async def test_a_port_no_connection_can_use_is_400_where_private_targets_are_refused(
    client: AsyncTestClient, make_account, container: Container, url: str  # type: ignore[no-untyped-def]
) -> None:
    response = await _register_where_private_targets_are_refused(client, make_account, container, url)
    assert response.status_code == 400
    assert error_of(response) == ("validation_error", "url")


async def test_a_sent_sms_reaches_the_receiver_as_signed_sent_and_delivered_events(
    client: AsyncTestClient, make_account, container: Container, clock: FrozenClock  # type: ignore[no-untyped-def]
) -> None:
    clock.set(datetime.now(UTC))  # Standard Webhooks verifiers check the timestamp against real time
    account = await make_account()
    await container.grant_credits()(Grant(account_id=account.id, credits=10))
    with WebhookReceiver() as receiver:
        hook = (await client.post("/v1/webhooks", json={"url": receiver.url},
                                  headers=account.jwt_headers)).json()["data"]
        sent = (await client.post("/v1/sms/", json={"to": "0712345678", "message": "Habari"},
                                  headers=account.key_headers)).json()["data"]
        await drain(container)
        got = receiver.snapshot()

    # One of each; receivers must not rely on order (both events may be dispatched together).
    assert sorted(r.json["type"] for r in got) == ["message.delivered", "message.sent"]
    for received in got:
        assert received.json["data"]["message_id"] == sent["message_id"]
        assert received.headers["webhook-id"] == received.json["id"]
        assert our_signature_checks(hook["secret"], received)
        assert standard_signature_checks(hook["secret"], received)
        Webhook(hook["secret"]).verify(received.body, received.headers)  # the library, as a receiver would
        assert not our_signature_checks("whsec_" + base64.b64encode(b"x" * 32).decode(), received)
    assert len({r.json["id"] for r in got}) == 2

    logs = (await client.get("/v1/sms/logs", headers=account.key_headers)).json()["data"]["messages"]
    assert logs[0]["status"] == "delivered" and logs[0]["delivered_at"]
    deliveries = (await client.get(f"/v1/webhooks/{hook['id']}/deliveries",
                                   headers=account.jwt_headers)).json()["data"]
    assert deliveries["total"] == 2
    assert {(d["event_type"], d["status"], d["attempts"], d["last_status_code"], d["next_retry_at"])
            for d in deliveries["deliveries"]} == {("message.sent", "succeeded", 1, 200, None),
                                                   ("message.delivered", "succeeded", 1, 200, None)}
    depth = totals(await queue_depth(container.job_app()))
    assert (depth["todo"], depth["doing"], depth["failed"]) == (0, 0, 0)


async def test_a_receiver_answering_500_twice_then_200_gets_the_event_exactly_once_more(
    client: AsyncTestClient, make_account, container: Container, clock: FrozenClock  # type: ignore[no-untyped-def]
) -> None:
    account = await make_account()
    await container.grant_credits()(Grant(account_id=account.id, credits=10))

    async def deliveries() -> list[dict]:  # type: ignore[type-arg]
        token = (await container.log_in()(account.email, account.password)).access_token  # the clock moves on
        response = await client.get(f"/v1/webhooks/{hook['id']}/deliveries",
                                    headers={"Authorization": f"Bearer {token}"})
        return response.json()["data"]["deliveries"]  # type: ignore[no-any-return]

    with WebhookReceiver(statuses=[500, 500]) as receiver:
        hook = (await client.post("/v1/webhooks", json={"url": receiver.url, "events": ["message.sent"]},
                                  headers=account.jwt_headers)).json()["data"]
        await client.post("/v1/sms/", json={"to": "0712345678", "message": "Habari"}, headers=account.key_headers)
        await drain(container)  # the first attempt; the retry is due in 5 s by the service's clock
        (delivery,) = await deliveries()
        assert (delivery["status"], delivery["attempts"], delivery["last_status_code"]) == ("pending", 1, 500)
        retry_at = datetime.fromisoformat(delivery["next_retry_at"].replace("Z", "+00:00"))
        assert 4.5 <= (retry_at - clock.now()).total_seconds() <= 5.5

        for wait in (6, 6 * 60, 2 * 86400):  # past each retry, then long after: the sweep finds nothing
            clock.advance(wait)
            await container.deliver_due_webhooks()()
            await drain(container)
        got = receiver.snapshot()

    assert [r.json["type"] for r in got] == ["message.sent"] * 3
    assert len({r.body for r in got}) == 1 and len({r.headers["webhook-id"] for r in got}) == 1
    (delivery,) = await deliveries()
    assert (delivery["status"], delivery["attempts"], delivery["next_retry_at"]) == ("succeeded", 3, None)
    assert [(a["attempt"], a["status_code"]) for a in delivery["history"]] == [(1, 500), (2, 500), (3, 200)]


async def test_the_simulator_reports_every_accepted_message_of_a_bulk_send(
    client: AsyncTestClient, make_account, container: Container  # type: ignore[no-untyped-def]
) -> None:
    account = await make_account()
    await container.grant_credits()(Grant(account_id=account.id, credits=10))
    numbers = ["0712345678", "0713345678", "+255799000002", "+255799000001"]
    bulk = await client.post("/v1/sms/bulk", json={"to": numbers, "message": "Ofa"}, headers=account.key_headers)
    assert (bulk.json()["data"]["sent"], bulk.json()["data"]["failed"]) == (3, 1)
    await drain(container)
    logs = (await client.get("/v1/sms/logs?per_page=10", headers=account.key_headers)).json()["data"]["messages"]
    assert sorted((m["to"], m["status"]) for m in logs) == [
        ("+255712345678", "delivered"), ("+255713345678", "delivered"),
        ("+255799000001", "failed"), ("+255799000002", "failed")]
    assert all(m["delivered_at"] for m in logs if m["status"] == "delivered")


async def test_an_uppercase_scheme_and_userinfo_are_taken_as_the_document_says(  # type: ignore[no-untyped-def]
        client: AsyncTestClient, make_account) -> None:
    account = await make_account()
    for url in ("HTTPS://shop.example.com/hooks", "https://user:pass@shop.example.com/hooks"):
        response = await client.post("/v1/webhooks", json={"url": url}, headers=account.jwt_headers)
        assert response.status_code == 201, response.text
        assert response.json()["data"]["url"] == url
