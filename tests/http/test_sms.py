"""Sending over the whole app on PostgreSQL: single, dashboard and bulk sends, billing, senders."""

from __future__ import annotations

import psycopg
import pytest
from litestar.testing import AsyncTestClient

from application.credits.balance import Grant
from http_helpers import error_of

REJECTED = "+255799000001"


async def grant(container, account, credits: int) -> None:
    await container.grant_credits()(Grant(account.id, credits))


async def balance_of(client: AsyncTestClient, account) -> int:  # type: ignore[type-arg]
    response = await client.get("/v1/credits/balance", headers=account.key_headers)
    assert response.status_code == 200, response.text
    return response.json()["data"]["balance"]


def simulator_rows(database_url: str) -> list[tuple[str, str, str]]:
    with psycopg.connect(database_url) as conn:
        return conn.execute(
            "SELECT message_id, to_number, sender FROM simulator_messages ORDER BY seq"
        ).fetchall()


async def test_a_single_send_is_charged_submitted_and_logged(client, container, make_account,
                                                             clean_database: str) -> None:
    account = await make_account()
    await grant(container, account, 10)
    response = await client.post("/v1/sms/", json={"to": "0712 345 678", "message": "Habari"},
                                 headers=account.key_headers)
    assert response.status_code == 200, response.text
    data = response.json()["data"]
    assert data["status"] == "sent" and data["credits_used"] == 1 and data["cost"] == "1 credit"
    assert (data["to"], data["from"], data["requested_from"]) == ("+255712345678", "UJUMBE", None)
    assert (data["sms_parts"], data["encoding"]) == (1, "GSM-7")
    assert simulator_rows(clean_database) == [(data["message_id"], "+255712345678", "UJUMBE")]
    assert await balance_of(client, account) == 9
    with psycopg.connect(clean_database) as conn:
        logged = conn.execute("SELECT status, sms_parts, encoding, credits_used, cost, carrier,"
                              " gateway_ref IS NOT NULL FROM messages WHERE id = %s",
                              (data["message_id"],)).fetchone()
    assert logged == ("sent", 1, "GSM-7", 1, "1 credit", "Yas", True)


async def test_the_routes_answer_with_and_without_trailing_slash(client, container, make_account) -> None:
    account = await make_account()
    await grant(container, account, 10)
    for path, headers in (("/v1/sms", account.key_headers), ("/v1/sms/send/", account.jwt_headers),
                          ("/v1/sms/bulk/", account.key_headers)):
        body = {"to": ["0712345678"] if "bulk" in path else "0712345678", "message": "Habari"}
        assert (await client.post(path, json=body, headers=headers)).status_code == 200, path
    for path in ("/v1/credits/balance/", "/v1/credits/history/", "/v1/sender-ids"):
        assert (await client.get(path, headers=account.jwt_headers)).status_code == 200, path


async def test_each_send_route_takes_its_scheme(client, container, make_account) -> None:
    account = await make_account()
    await grant(container, account, 10)
    body = {"to": "0712345678", "message": "Habari"}
    assert error_of(await client.post("/v1/sms/", json=body, headers=account.jwt_headers))[0] == "forbidden"
    assert error_of(await client.post("/v1/sms/send", json=body, headers=account.key_headers))[0] == "forbidden"
    dashboard = await client.post("/v1/sms/send", json=body, headers=account.jwt_headers)
    assert dashboard.status_code == 200 and dashboard.json()["data"]["status"] == "sent"
    assert await balance_of(client, account) == 9


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"message": "Habari"}, "to"),
        ({"to": "0712345678"}, "message"),
        ({"to": "0712345678", "message": ""}, "message"),
        ({"to": "0712345678", "message": "a" * 1601}, "message"),
        ({"to": "0712345678", "message": "Habari", "from": "TWELVECHARSX"}, "from"),
        ({"to": "0712345678", "message": "Habari", "from": "MY SHOP"}, "from"),
    ],
)
async def test_invalid_sends_are_400_naming_the_field(client, container, make_account, body, field) -> None:
    account = await make_account()
    await grant(container, account, 10)
    response = await client.post("/v1/sms/", json=body, headers=account.key_headers)
    assert response.status_code == 400
    assert error_of(response) == ("validation_error", field)
    assert await balance_of(client, account) == 10


@pytest.mark.parametrize("route", ["/v1/sms/", "/v1/sms/send"])
@pytest.mark.parametrize("to", ["+254712345678", "0221234567", "07123", "hello"])
async def test_a_number_that_is_not_a_tanzanian_mobile_is_403_naming_to(client, container, make_account,
                                                                        to, route) -> None:
    account = await make_account()
    await grant(container, account, 10)
    headers = account.key_headers if route == "/v1/sms/" else account.jwt_headers
    response = await client.post(route, json={"to": to, "message": "Habari"}, headers=headers)
    assert response.status_code == 403
    assert error_of(response) == ("invalid_phone_number", "to")
    assert await balance_of(client, account) == 10


async def test_too_few_credits_is_402_and_nothing_is_sent(client, container, make_account,
                                                         clean_database: str) -> None:
    account = await make_account()
    response = await client.post("/v1/sms/", json={"to": "0712345678", "message": "Habari"},
                                 headers=account.key_headers)
    assert response.status_code == 402
    assert error_of(response)[0] == "insufficient_credits"
    assert simulator_rows(clean_database) == []


async def test_a_gateway_rejection_is_failed_and_refunded(client, container, make_account) -> None:
    account = await make_account()
    await grant(container, account, 3)
    response = await client.post("/v1/sms/", json={"to": REJECTED, "message": "Habari"},
                                 headers=account.key_headers)
    assert response.status_code == 200
    data = response.json()["data"]
    assert (data["status"], data["error"], data["credits_used"]) == ("failed", "rejected_by_gateway", 0)
    assert await balance_of(client, account) == 3
    history = (await client.get("/v1/credits/history", headers=account.key_headers)).json()["data"]
    assert [(t["type"], t["amount"], t["balance_after"]) for t in history["transactions"]] == [
        ("refund", 1, 3), ("deduct", -1, 2), ("grant", 3, 3)]


async def test_an_unregistered_sender_falls_back_to_the_default_and_says_so(
    client, container, make_account, clean_database: str
) -> None:
    account = await make_account()
    await grant(container, account, 10)
    await container.add_sender_id()(account.id, "DUKA")
    mine = (await client.post("/v1/sms/", json={"to": "0712345678", "message": "a", "from": "DUKA"},
                              headers=account.key_headers)).json()["data"]
    other = (await client.post("/v1/sms/", json={"to": "0712345678", "message": "b", "from": "SOKO"},
                               headers=account.key_headers)).json()["data"]
    assert (mine["from"], mine["requested_from"]) == ("DUKA", None)
    assert (other["from"], other["requested_from"]) == ("UJUMBE", "SOKO")
    assert [sender for _, _, sender in simulator_rows(clean_database)] == ["DUKA", "UJUMBE"]
    listed = (await client.get("/v1/sender-ids", headers=account.key_headers)).json()["data"]
    assert [s["sender_id"] for s in listed["sender_ids"]] == ["DUKA"]
    assert listed["default_sender"] == "UJUMBE"


# Billing (decision: billing units): 160 GSM-7 / 70 UCS-2 per part, extension characters count 2,
# characters outside the BMP count 2 UCS-2 units; one credit per part.
BILLING = [
    ("a" * 160, "GSM-7", 1),
    ("a" * 161, "GSM-7", 2),
    ("a" * 320, "GSM-7", 2),
    ("a" * 321, "GSM-7", 3),
    ("€" * 80, "GSM-7", 1),
    ("€" * 81, "GSM-7", 2),
    ("a" * 159 + "[", "GSM-7", 2),
    ("ж" * 70, "UCS-2", 1),
    ("ж" * 71, "UCS-2", 2),
    ("😀" * 35, "UCS-2", 1),
    ("😀" * 36, "UCS-2", 2),
    ("Habari 👋", "UCS-2", 1),
    ("Habari za asubuhi! Mkutano wa wanakijiji utafanyika kesho saa nne kamili, ukumbini.", "GSM-7", 1),
    ("Ndugu mteja, malipo yako ya TSh 25,000 yamepokelewa. Asante kwa kutumia huduma zetu. "
     "Kwa maswali piga 0800 110 011 bila malipo, saa 24 kila siku. Karibu tena!", "GSM-7", 1),
    ("Karibu Dar es Salaam — safari njema!", "UCS-2", 1),
]


async def test_the_billing_table(client, container, make_account) -> None:
    account = await make_account(plan="pro")
    await grant(container, account, 100)
    spent = 0
    for text, encoding, credits in BILLING:
        data = (await client.post("/v1/sms/", json={"to": "0712345678", "message": text},
                                  headers=account.key_headers)).json()["data"]
        assert (data["encoding"], data["sms_parts"], data["credits_used"]) == (encoding, credits, credits), text
        spent += credits
    assert await balance_of(client, account) == 100 - spent


async def test_bulk_reports_each_recipient_and_debits_once(client, container, make_account,
                                                           clean_database: str) -> None:
    account = await make_account()
    await grant(container, account, 10)
    response = await client.post("/v1/sms/bulk", headers=account.jwt_headers, json={
        "to": ["0712345678", "+255712345678", "0754 000 111", "12345", REJECTED], "message": "Habari"})
    assert response.status_code == 200, response.text
    data = response.json()["data"]
    assert (data["total"], data["sent"], data["failed"]) == (4, 2, 2)
    sent, second, invalid, rejected = data["results"]
    assert set(sent) == {"to", "status", "message_id", "credits_used"}
    assert (sent["to"], sent["status"], sent["credits_used"]) == ("+255712345678", "sent", 1)
    assert second["to"] == "+255754000111"
    assert invalid == {"to": "12345", "status": "failed", "error": "invalid_phone_number"}
    assert (rejected["status"], rejected["error"]) == ("failed", "rejected_by_gateway")
    assert len(simulator_rows(clean_database)) == 3
    history = (await client.get("/v1/credits/history", headers=account.key_headers)).json()["data"]
    assert [(t["type"], t["amount"]) for t in history["transactions"]] == [
        ("refund", 1), ("deduct", -3), ("grant", 10)]
    assert await balance_of(client, account) == 8


async def test_bulk_without_enough_credits_is_402_and_nothing_is_written(client, container, make_account,
                                                                        clean_database: str) -> None:
    account = await make_account()
    await grant(container, account, 1)
    response = await client.post("/v1/sms/bulk", headers=account.key_headers,
                                 json={"to": ["0712345678", "0754000111"], "message": "Habari"})
    assert response.status_code == 402
    assert error_of(response)[0] == "insufficient_credits"
    assert simulator_rows(clean_database) == []
    with psycopg.connect(clean_database) as conn:
        assert conn.execute("SELECT count(*) FROM messages").fetchone() == (0,)


@pytest.mark.parametrize("count", [0, 1001])
async def test_bulk_takes_1_to_1000_recipients(client, make_account, count: int) -> None:
    account = await make_account()
    response = await client.post("/v1/sms/bulk", headers=account.key_headers,
                                 json={"to": [f"0712{n:06d}" for n in range(count)], "message": "Habari"})
    assert response.status_code == 400
    assert error_of(response) == ("validation_error", "to")


async def test_bulk_of_1000_recipients(client, container, make_account, clean_database: str) -> None:
    account = await make_account()
    await grant(container, account, 1000)
    numbers = [f"0712{n:06d}" for n in range(1000)]
    response = await client.post("/v1/sms/bulk", headers=account.key_headers,
                                 json={"to": numbers, "message": "Habari"})
    assert response.status_code == 200
    assert (response.json()["data"]["sent"], await balance_of(client, account)) == (1000, 0)
    assert len(simulator_rows(clean_database)) == 1000
