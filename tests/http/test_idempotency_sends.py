"""Idempotency-Key on the real send routes: single (K), dashboard (J) and bulk, on PostgreSQL."""

from __future__ import annotations

import psycopg
from litestar.testing import AsyncTestClient

from adapters.memory.system import FrozenClock
from application.credits.balance import Grant
from http_helpers import error_of


async def grant(container, account, credits: int) -> None:  # type: ignore[no-untyped-def]
    await container.grant_credits()(Grant(account.id, credits))


async def balance_of(client: AsyncTestClient, account) -> int:  # type: ignore[no-untyped-def]
    return (await client.get("/v1/credits/balance", headers=account.key_headers)).json()["data"]["balance"]


def submitted(database_url: str) -> int:
    with psycopg.connect(database_url) as conn:
        return conn.execute("SELECT count(*) FROM simulator_messages").fetchone()[0]  # type: ignore[index]


def with_key(headers: dict[str, str], key: str = "order-42") -> dict[str, str]:
    return {**headers, "Idempotency-Key": key}


SEND = {"to": "0712345678", "message": "Order 42 is ready"}


async def test_a_retried_single_send_is_sent_and_charged_once(client, container, make_account,
                                                              clean_database: str) -> None:
    account = await make_account()
    await grant(container, account, 10)
    first = await client.post("/v1/sms/", json=SEND, headers=with_key(account.key_headers))
    assert first.status_code == 200 and "idempotent-replay" not in first.headers
    for path in ("/v1/sms/", "/v1/sms"):
        again = await client.post(path, json=SEND, headers=with_key(account.key_headers))
        assert again.status_code == 200
        assert again.headers["idempotent-replay"] == "true"
        assert again.json() == first.json()  # same message_id, request_id and timestamp
    assert submitted(clean_database) == 1
    assert await balance_of(client, account) == 9


async def test_the_dashboard_send_replays_too_and_its_keys_are_its_own(
    client, container, make_account, clean_database: str
) -> None:
    account = await make_account()
    await grant(container, account, 10)
    api = await client.post("/v1/sms/", json=SEND, headers=with_key(account.key_headers))
    dashboard = await client.post("/v1/sms/send", json=SEND, headers=with_key(account.jwt_headers))
    assert dashboard.status_code == 200 and "idempotent-replay" not in dashboard.headers
    assert dashboard.json()["data"]["message_id"] != api.json()["data"]["message_id"]
    replay = await client.post("/v1/sms/send/", json=SEND, headers=with_key(account.jwt_headers))
    assert replay.headers["idempotent-replay"] == "true" and replay.json() == dashboard.json()
    assert submitted(clean_database) == 2
    assert await balance_of(client, account) == 8


async def test_a_retried_bulk_returns_the_stored_batch_result(client, container, make_account,
                                                              clean_database: str) -> None:
    account = await make_account()
    await grant(container, account, 10)
    bulk = {"to": ["0712345678", "0754000111", "not a number", "+255799000001"], "message": "Sale"}
    first = await client.post("/v1/sms/bulk", json=bulk, headers=with_key(account.jwt_headers))
    assert first.status_code == 200
    data = first.json()["data"]
    assert (data["total"], data["sent"], data["failed"]) == (4, 2, 2)
    again = await client.post("/v1/sms/bulk", json=bulk, headers=with_key(account.key_headers))
    assert again.headers["idempotent-replay"] == "true" and again.json() == first.json()
    assert submitted(clean_database) == 3  # the rejected number reached the gateway once
    assert await balance_of(client, account) == 8


async def test_the_same_key_with_another_message_is_422_and_nothing_is_sent(
    client, container, make_account, clean_database: str
) -> None:
    account = await make_account()
    await grant(container, account, 10)
    await client.post("/v1/sms/", json=SEND, headers=with_key(account.key_headers))
    changed = await client.post("/v1/sms/", json={**SEND, "message": "Order 43 is ready"},
                                headers=with_key(account.key_headers))
    assert changed.status_code == 422
    assert error_of(changed) == ("idempotency_key_reused", "Idempotency-Key")
    assert submitted(clean_database) == 1 and await balance_of(client, account) == 9


async def test_a_send_refused_for_credits_is_not_stored_and_the_retry_sends(
    client, container, make_account, clean_database: str
) -> None:
    account = await make_account()
    refused = await client.post("/v1/sms/", json=SEND, headers=with_key(account.key_headers))
    assert refused.status_code == 402 and error_of(refused)[0] == "insufficient_credits"
    await grant(container, account, 1)
    retried = await client.post("/v1/sms/", json=SEND, headers=with_key(account.key_headers))
    assert retried.status_code == 200 and "idempotent-replay" not in retried.headers
    assert retried.json()["data"]["status"] == "sent"
    assert submitted(clean_database) == 1 and await balance_of(client, account) == 0


async def test_a_send_the_gateway_refused_is_not_stored_and_the_retry_sends_anew(
    client, container, make_account, clean_database: str
) -> None:
    account = await make_account()
    await grant(container, account, 5)
    refused_number = {**SEND, "to": "+255799000001"}  # the simulator refuses it at submit (decision: simulators)
    first = await client.post("/v1/sms/", json=refused_number, headers=with_key(account.key_headers))
    assert first.status_code == 200 and first.json()["data"]["status"] == "failed"
    retried = await client.post("/v1/sms/", json=refused_number, headers=with_key(account.key_headers))
    assert retried.status_code == 200 and "idempotent-replay" not in retried.headers
    assert retried.json()["data"]["status"] == "failed"
    assert retried.json()["data"]["message_id"] != first.json()["data"]["message_id"]
    assert submitted(clean_database) == 2 and await balance_of(client, account) == 5  # both refunded
    # A bulk is stored whatever its recipients' fates (decision: idempotency keys).
    bulk = {"to": ["+255799000001"], "message": "Sale"}
    first_bulk = await client.post("/v1/sms/bulk", json=bulk, headers=with_key(account.key_headers))
    assert first_bulk.json()["data"]["failed"] == 1
    again = await client.post("/v1/sms/bulk", json=bulk, headers=with_key(account.key_headers))
    assert again.headers["idempotent-replay"] == "true" and again.json() == first_bulk.json()


async def test_the_bulk_refused_for_credits_runs_again_once_topped_up(
    client, container, make_account
) -> None:
    account = await make_account()
    await grant(container, account, 1)
    bulk = {"to": ["0712345678", "0754000111"], "message": "Sale"}
    refused = await client.post("/v1/sms/bulk", json=bulk, headers=with_key(account.key_headers))
    assert refused.status_code == 402
    await grant(container, account, 1)
    retried = await client.post("/v1/sms/bulk", json=bulk, headers=with_key(account.key_headers))
    assert retried.status_code == 200 and retried.json()["data"]["sent"] == 2


async def test_after_24_hours_the_key_sends_again(client, container, make_account, clock: FrozenClock,
                                                  clean_database: str) -> None:
    account = await make_account()
    await grant(container, account, 10)
    first = await client.post("/v1/sms/", json=SEND, headers=with_key(account.key_headers))
    clock.advance(hours=24)
    later = await client.post("/v1/sms/", json=SEND, headers=with_key(account.key_headers))
    assert later.status_code == 200 and "idempotent-replay" not in later.headers
    assert later.json()["data"]["message_id"] != first.json()["data"]["message_id"]
    assert submitted(clean_database) == 2


async def test_keys_of_two_accounts_never_meet(client, container, make_account) -> None:
    one, two = await make_account(), await make_account()
    await grant(container, one, 5)
    await grant(container, two, 5)
    a = await client.post("/v1/sms/", json=SEND, headers=with_key(one.key_headers))
    b = await client.post("/v1/sms/", json=SEND, headers=with_key(two.key_headers))
    assert "idempotent-replay" not in b.headers
    assert a.json()["data"]["message_id"] != b.json()["data"]["message_id"]


async def test_a_129_character_key_is_400_and_nothing_is_sent(client, container, make_account,
                                                              clean_database: str) -> None:
    account = await make_account()
    await grant(container, account, 5)
    for path, body in (("/v1/sms/", SEND), ("/v1/sms/bulk", {"to": ["0712345678"], "message": "x"})):
        response = await client.post(path, json=body, headers=with_key(account.key_headers, "k" * 129))
        assert response.status_code == 400
        assert error_of(response) == ("validation_error", "Idempotency-Key")
    assert submitted(clean_database) == 0 and await balance_of(client, account) == 5
