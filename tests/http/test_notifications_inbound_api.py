"""/v1/notifications and /v1/sms/inbound over the whole app on PostgreSQL."""

from __future__ import annotations

import pytest
from litestar.testing import AsyncTestClient

from adapters.memory.system import FrozenClock
from application.credits.balance import Grant
from application.ports import InboundSms
from entrypoints.container import Container
from http_helpers import error_of
from jobs_support import drain, without_periodic_jobs


@pytest.fixture(autouse=True)
def _jobs_drained_by_hand(container: Container) -> None:
    without_periodic_jobs(container)


async def test_notifications_newest_first_with_unread_count_for_key_and_jwt(
    client: AsyncTestClient, make_account, container: Container, clock: FrozenClock  # type: ignore[no-untyped-def]
) -> None:
    account, other = await make_account(), await make_account()
    for text in ("Maintenance tonight", "New rates"):
        await container.announce()(text)
        clock.advance(1)

    for headers in (account.key_headers, account.jwt_headers):
        response = await client.get("/v1/notifications", headers=headers)
        assert response.status_code == 200
        data = response.json()["data"]
        assert (data["unread"], data["page"], data["total"]) == (2, 1, 2)
        assert [(n["type"], n["message"], n["read"]) for n in data["notifications"]] == [
            ("announcement", "New rates", False), ("announcement", "Maintenance tonight", False)]

    newest = data["notifications"][0]
    read = await client.post(f"/v1/notifications/{newest['id']}/read", headers=account.key_headers)
    assert read.status_code == 200
    assert read.json()["data"]["read"] is True and read.json()["data"]["read_at"]
    data = (await client.get("/v1/notifications/?per_page=1&page=2", headers=account.jwt_headers)).json()["data"]
    assert (data["unread"], data["total"], len(data["notifications"])) == (1, 2, 1)
    assert data["notifications"][0]["message"] == "Maintenance tonight"

    missing = await client.post(f"/v1/notifications/{newest['id']}/read", headers=other.jwt_headers)
    assert missing.status_code == 404 and error_of(missing)[0] == "not_found"
    assert (await client.get("/v1/notifications")).status_code == 401
    bad = await client.get("/v1/notifications?per_page=500", headers=account.jwt_headers)
    assert bad.status_code == 400 and error_of(bad) == ("validation_error", "per_page")


async def test_sends_that_cross_the_threshold_notify_low_balance_once(
    client: AsyncTestClient, make_account, container: Container  # type: ignore[no-untyped-def]
) -> None:
    account = await make_account()
    await container.grant_credits()(Grant(account_id=account.id, credits=102))
    for _ in range(4):  # 101, 100, 99, 98
        response = await client.post("/v1/sms/", json={"to": "0712345678", "message": "Ofa"},
                                     headers=account.key_headers)
        assert response.json()["data"]["status"] == "sent"
        await drain(container)
    data = (await client.get("/v1/notifications", headers=account.key_headers)).json()["data"]
    assert [(n["type"], n["data"]) for n in data["notifications"]] == [
        ("low_balance", {"balance": 99, "threshold": 100})]


async def test_replies_are_listed_and_stop_opts_the_number_out(
    client: AsyncTestClient, make_account, container: Container, clock: FrozenClock  # type: ignore[no-untyped-def]
) -> None:
    account, other = await make_account(), await make_account()
    await container.grant_credits()(Grant(account_id=account.id, credits=10))
    await client.post("/v1/sms/", json={"to": "0712345678", "message": "Ofa leo"}, headers=account.key_headers)
    await container.receive_inbound_sms()(InboundSms(from_number="+255712345678", text=" Stop "))
    clock.advance(1)
    await container.receive_inbound_sms()(InboundSms(from_number="0712345678", text="Asante"))

    for headers in (account.key_headers, account.jwt_headers):
        response = await client.get("/v1/sms/inbound", headers=headers)
        assert response.status_code == 200
        data = response.json()["data"]
        assert data["total"] == 2
        assert [(m["from"], m["message"], m["action"]) for m in data["messages"]] == [
            ("+255712345678", "Asante", None), ("+255712345678", "Stop", "stop")]
    assert await container.is_opted_out()(account.id, "0712345678") is True
    assert (await client.get("/v1/sms/inbound/", headers=other.key_headers)).json()["data"]["total"] == 0


async def test_an_inbound_job_from_the_gateway_is_received(
    client: AsyncTestClient, make_account, container: Container  # type: ignore[no-untyped-def]
) -> None:
    account = await make_account()
    await container.grant_credits()(Grant(account_id=account.id, credits=10))
    await client.post("/v1/sms/", json={"to": "0712345678", "message": "Ofa"}, headers=account.key_headers)
    await container.gateway_listener().inbound_sms(InboundSms(from_number="0712345678", text="ACHA", to="UJUMBE"))
    await drain(container)
    (message,) = (await client.get("/v1/sms/inbound", headers=account.key_headers)).json()["data"]["messages"]
    assert (message["action"], message["to"]) == ("stop", "UJUMBE")
