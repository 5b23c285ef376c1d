"""GET /v1/sms/logs over the whole app, after real sends."""

from __future__ import annotations

import pytest
from litestar.testing import AsyncTestClient

from adapters.memory.system import FrozenClock
from application.credits.balance import Grant
from http_helpers import error_of

LOG_FIELDS = {"message_id", "to", "from", "status", "cost", "credits_used", "sms_parts", "encoding",
              "created_at", "delivered_at"}


@pytest.fixture()
async def sent(client: AsyncTestClient, container, make_account, clock: FrozenClock):  # type: ignore[no-untyped-def]
    """An account that sent four messages a minute apart (one rejected by the gateway), and
    another account that sent one."""
    account, other = await make_account(), await make_account()
    await container.grant_credits()(Grant(account.id, 20))
    await container.grant_credits()(Grant(other.id, 5))
    ids = []
    for to, message in (("0712345678", "Habari ya asubuhi"), ("0754000111", "Bei \u201cnafuu\u201d leo"),
                        ("+255799000001", "Rejected"), ("0712345678", "a" * 161)):
        response = await client.post("/v1/sms/", json={"to": to, "message": message},
                                     headers=account.key_headers)
        assert response.status_code == 200, response.text
        ids.append(response.json()["data"]["message_id"])
        clock.advance(minutes=1)
    await client.post("/v1/sms/", json={"to": "0712345678", "message": "Habari"}, headers=other.key_headers)
    return account, ids[::-1]  # newest first


async def logs(client: AsyncTestClient, account, **params):  # type: ignore[no-untyped-def]
    response = await client.get("/v1/sms/logs", params=params, headers=account.key_headers)
    assert response.status_code == 200, response.text
    return response.json()["data"]


async def test_the_log_lists_the_accounts_sends_newest_first(client: AsyncTestClient, sent) -> None:  # type: ignore[no-untyped-def]
    account, newest_first = sent
    data = await logs(client, account)
    assert (data["page"], data["per_page"], data["total"]) == (1, 25, 4)
    assert [m["message_id"] for m in data["messages"]] == newest_first
    long, rejected, quoted, first = data["messages"]
    assert LOG_FIELDS <= set(first)
    assert first == {
        "message_id": newest_first[3], "to": "+255712345678", "from": "UJUMBE", "requested_from": None,
        "status": "sent", "message": "Habari ya asubuhi", "cost": "1 credit", "credits_used": 1,
        "sms_parts": 1, "segments": 1, "encoding": "GSM-7", "carrier": "Yas", "error": None,
        "batch_id": None, "created_at": "2026-01-05T09:00:00Z", "delivered_at": None,
    }
    assert (quoted["encoding"], quoted["created_at"]) == ("UCS-2", "2026-01-05T09:01:00Z")
    assert (rejected["status"], rejected["credits_used"]) == ("failed", 0) and rejected["error"]
    assert (long["sms_parts"], long["segments"], long["credits_used"], long["cost"]) == (2, 2, 2, "2 credits")


async def test_the_dashboard_reads_the_same_log(client: AsyncTestClient, sent) -> None:  # type: ignore[no-untyped-def]
    account, newest_first = sent
    response = await client.get("/v1/sms/logs/", headers=account.jwt_headers)
    assert [m["message_id"] for m in response.json()["data"]["messages"]] == newest_first


async def test_paging_and_filters(client: AsyncTestClient, sent) -> None:  # type: ignore[no-untyped-def]
    account, newest_first = sent
    page2 = await logs(client, account, page=2, per_page=3)
    assert ([m["message_id"] for m in page2["messages"]], page2["total"]) == (newest_first[3:], 4)
    failed = await logs(client, account, status="failed")
    assert [m["message_id"] for m in failed["messages"]] == [newest_first[1]]
    by_number = await logs(client, account, search="0712 345 678")
    assert [m["message_id"] for m in by_number["messages"]] == [newest_first[0], newest_first[3]]
    by_text = await logs(client, account, search="habari")
    assert [m["message_id"] for m in by_text["messages"]] == [newest_first[3]]
    recent = await logs(client, account, date_from="2026-01-05T09:02:00Z")
    assert [m["message_id"] for m in recent["messages"]] == newest_first[:2]
    assert (await logs(client, account, date_from="2026-01-06"))["total"] == 0


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"per_page": 101}, "per_page"),
        ({"per_page": 0}, "per_page"),
        ({"page": 0}, "page"),
        ({"page": "two"}, "page"),
        ({"status": "queued"}, "status"),
        ({"date_from": "last week"}, "date_from"),
    ],
)
async def test_bad_parameters_are_400_naming_the_parameter(client: AsyncTestClient, make_account,
                                                           params: dict, field: str) -> None:
    account = await make_account()
    response = await client.get("/v1/sms/logs", params=params, headers=account.key_headers)
    assert response.status_code == 400
    assert error_of(response) == ("validation_error", field)


async def test_the_log_needs_credentials(client: AsyncTestClient) -> None:
    response = await client.get("/v1/sms/logs")
    assert response.status_code == 401
