"""Input the database or the JSON decoder cannot take is a 400 `validation_error`, never a 500."""

from __future__ import annotations

import pytest
from litestar.testing import AsyncTestClient

from http_helpers import error_of


async def test_nul_character_in_a_stored_text_is_a_validation_error(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    response = await client.post("/v1/auth/register", json={
        "email": "nul@example.com", "password": "s3cret-pass", "business_name": "Du\u0000ka"})
    assert response.status_code == 400
    assert error_of(response)[0] == "validation_error"
    assert "NUL" in response.json()["error"]["message"]


async def test_nul_character_in_a_login_email_is_not_a_server_error(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    response = await client.post("/v1/auth/login", json={"email": "a\u0000@example.com", "password": "whatever1"})
    assert response.status_code == 400
    assert error_of(response)[0] == "validation_error"


async def test_nul_character_in_an_api_key_name_is_a_validation_error(  # type: ignore[no-untyped-def]
        client: AsyncTestClient, make_account) -> None:  # type: ignore[type-arg]
    account = await make_account()
    response = await client.post("/v1/api-keys", json={"name": "a\u0000b"}, headers=account.jwt_headers)
    assert response.status_code == 400
    assert error_of(response)[0] == "validation_error"


async def test_a_page_number_past_what_the_database_counts_is_a_validation_error(  # type: ignore[no-untyped-def]
        client: AsyncTestClient, make_account) -> None:  # type: ignore[type-arg]
    account = await make_account()
    response = await client.get("/v1/credits/history?page=99999999999999999999", headers=account.key_headers)
    assert response.status_code == 400
    assert error_of(response)[0] == "validation_error"


async def test_json_nested_too_deeply_is_a_validation_error(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    body = b'{"a":' * 2000 + b"1" + b"}" * 2000  # deeper than msgspec goes, inside the body limit
    response = await client.post("/v1/auth/register", content=body, headers={"content-type": "application/json"})
    assert response.status_code == 400
    assert error_of(response) == ("validation_error", "body")


async def test_every_429_carries_retry_after(client: AsyncTestClient, make_account) -> None:  # type: ignore[no-untyped-def,type-arg]
    account = await make_account()
    for expected in (200, 429):
        response = await client.post("/v1/auth/send-phone-otp", json={"phone": "0712345678"},
                                     headers=account.jwt_headers)
        assert response.status_code == expected
    assert error_of(response)[0] == "otp_throttled"
    assert int(response.headers["retry-after"]) >= 1


NOT_AN_OBJECT = [b"", b"null", b"[]", b'[{"to": "0712345678"}]', b"42", b'"text"']
BODY_ROUTES = ["/v1/auth/login", "/v1/sms/", "/v1/sms/quote", "/v1/webhooks", "/v1/api-keys"]


@pytest.mark.parametrize(("route", "body"), [
    (route, body) for route in BODY_ROUTES for body in NOT_AN_OBJECT
    if not (route == "/v1/api-keys" and body in (b"", b"null"))  # its body is optional
])
async def test_a_body_that_is_not_a_json_object_names_the_body(  # type: ignore[no-untyped-def]
        client: AsyncTestClient, make_account, route: str, body: bytes) -> None:  # type: ignore[type-arg]
    account = await make_account()
    headers = {**(account.key_headers if route.startswith("/v1/sms") else account.jwt_headers),
               "content-type": "application/json"}
    response = await client.post(route, content=body, headers=headers)
    assert response.status_code == 400, response.text
    assert error_of(response) == ("validation_error", "body")
    assert response.json()["error"]["message"] == "The request body must be a JSON object."
