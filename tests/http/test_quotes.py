"""POST /v1/sms/quote over the whole app: priced, never sent or charged."""

from __future__ import annotations

import psycopg
from litestar.testing import AsyncTestClient

from application.credits.balance import Grant
from http_helpers import error_of


def written_rows(database_url: str) -> dict[str, int]:
    """Rows in the tables a send would write."""
    with psycopg.connect(database_url) as conn:
        return {
            table: conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]  # type: ignore[index]
            for table in ("messages", "ledger_entries", "credit_balances", "simulator_messages",
                          "outbox_events", "idempotency_keys")
        }


async def test_a_quote_reports_parts_segments_and_credits(client: AsyncTestClient, make_account, container,
                                                          clean_database: str) -> None:
    account = await make_account()
    await container.grant_credits()(Grant(account.id, 5))
    before = written_rows(clean_database)
    text = "Habari \u201crafiki\u201d! " + "a" * 150  # 167 characters, UCS-2 because of the quotes
    for headers in (account.key_headers, account.jwt_headers):
        response = await client.post("/v1/sms/quote", json={"to": "0712 345 678", "message": text},
                                     headers=headers)
        assert response.status_code == 200, response.text
        quote = response.json()["data"]
        assert quote == {
            "to": "+255712345678", "country": "TZ", "encoding": "UCS-2", "characters": 167,
            "units": 167, "parts": 3, "segments": 3, "non_gsm_characters": ["\u201c", "\u201d"],
            "credits": 3, "sendable": True, "reason": None,
            "smart_encoded": {
                "message": 'Habari "rafiki"! ' + "a" * 150, "encoding": "GSM-7", "characters": 167,
                "parts": 2, "segments": 2, "credits": 2,
                "replaced": [{"original": "\u201c", "replacement": '"'},
                             {"original": "\u201d", "replacement": '"'}],
            },
        }
    assert written_rows(clean_database) == before
    balance = await client.get("/v1/credits/balance", headers=account.key_headers)
    assert balance.json()["data"]["balance"] == 5
    history = await client.get("/v1/credits/history", headers=account.key_headers)
    assert [t["type"] for t in history.json()["data"]["transactions"]] == ["grant"]


async def test_a_smart_encoding_longer_than_a_send_allows_is_not_offered(
    client: AsyncTestClient, make_account
) -> None:
    account = await make_account()
    text = "\u2026" * 1600  # as GSM-7 "..." it would be 4800 characters and 30 parts, not 23
    response = await client.post("/v1/sms/quote", json={"message": text}, headers=account.key_headers)
    assert response.status_code == 200, response.text
    quote = response.json()["data"]
    assert (quote["encoding"], quote["parts"], quote["credits"]) == ("UCS-2", 23, 23)
    assert quote["smart_encoded"] == {
        "message": text, "encoding": "UCS-2", "characters": 1600, "parts": 23, "segments": 24,
        "credits": 23, "replaced": [],
    }


async def test_a_quote_abroad_is_priced_from_the_rate_card_and_not_sendable(
    client: AsyncTestClient, make_account
) -> None:
    account = await make_account()
    response = await client.post("/v1/sms/quote/", json={"to": "+254712345678", "message": "Jambo",
                                                          "from": "DUKA"}, headers=account.key_headers)
    assert response.status_code == 200
    quote = response.json()["data"]
    assert (quote["country"], quote["parts"], quote["credits"]) == ("KE", 1, 2)
    assert quote["sendable"] is False and quote["reason"] == "not_tanzanian"


async def test_without_to_the_quote_is_for_tanzania(client: AsyncTestClient, make_account) -> None:
    account = await make_account()
    response = await client.post("/v1/sms/quote", json={"message": "a" * 161}, headers=account.key_headers)
    assert response.status_code == 200
    assert {k: response.json()["data"][k] for k in ("to", "parts", "credits", "sendable")} == {
        "to": None, "parts": 2, "credits": 2, "sendable": True}


async def test_bad_input(client: AsyncTestClient, make_account) -> None:
    account = await make_account()
    cases = [
        ({"to": "not a number", "message": "hi"}, 403, "invalid_phone_number", "to"),
        ({"to": "+33612345678", "message": "hi"}, 404, "country_not_supported", "to"),
        ({"message": ""}, 400, "validation_error", "message"),
        ({"message": "a" * 1601}, 400, "validation_error", "message"),
        ({"to": "0712345678"}, 400, "validation_error", "message"),
        ({"message": "hi", "from": "not valid!"}, 400, "validation_error", "from"),
    ]
    for body, status, code, field in cases:
        response = await client.post("/v1/sms/quote", json=body, headers=account.key_headers)
        assert response.status_code == status, body
        assert error_of(response) == (code, field), body


async def test_a_quote_needs_credentials(client: AsyncTestClient) -> None:
    response = await client.post("/v1/sms/quote", json={"message": "hi"})
    assert response.status_code == 401
    assert error_of(response)[0] == "unauthorized"
