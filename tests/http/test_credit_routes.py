"""GET /v1/credits/balance and /v1/credits/history over the whole app."""

from __future__ import annotations

import pytest

from application.credits.balance import Grant
from http_helpers import error_of


async def test_balance_with_either_scheme(client, container, make_account) -> None:
    account = await make_account()
    await container.grant_credits()(Grant(account.id, 42))
    for headers in (account.key_headers, account.jwt_headers):
        response = await client.get("/v1/credits/balance", headers=headers)
        assert response.status_code == 200
        assert response.json()["data"] == {"account_id": account.id, "balance": 42}
    assert (await client.get("/v1/credits/balance")).status_code == 401


async def test_history_is_newest_first_with_the_spec_fields(client, container, make_account) -> None:
    account = await make_account()
    other = await make_account()
    await container.grant_credits()(Grant(account.id, 5, description="Welcome"))
    await container.grant_credits()(Grant(other.id, 7))
    await client.post("/v1/sms/", json={"to": "0712345678", "message": "a" * 200}, headers=account.key_headers)
    response = await client.get("/v1/credits/history", headers=account.jwt_headers)
    assert response.status_code == 200
    data = response.json()["data"]
    assert (data["page"], data["per_page"], data["total"]) == (1, 50, 2)
    newest, oldest = data["transactions"]
    assert set(newest) == {"id", "type", "status", "amount", "balance_after", "description", "created_at"}
    assert (newest["type"], newest["status"], newest["amount"], newest["balance_after"]) == (
        "deduct", "completed", -2, 3)
    assert (oldest["type"], oldest["amount"], oldest["description"]) == ("grant", 5, "Welcome")
    assert oldest["created_at"].endswith("Z")


async def test_history_pages(client, container, make_account) -> None:
    account = await make_account()
    for n in range(1, 6):
        await container.grant_credits()(Grant(account.id, n))
    page = (await client.get("/v1/credits/history?page=2&per_page=2", headers=account.key_headers)).json()["data"]
    assert [t["amount"] for t in page["transactions"]] == [3, 2]
    assert (page["page"], page["per_page"], page["total"]) == (2, 2, 5)


@pytest.mark.parametrize("query", ["page=0", "per_page=0", "per_page=101", "page=abc", "per_page=-1"])
async def test_bad_paging_is_400(client, make_account, query: str) -> None:
    account = await make_account()
    response = await client.get(f"/v1/credits/history?{query}", headers=account.key_headers)
    assert response.status_code == 400
    assert error_of(response)[0] == "validation_error"
