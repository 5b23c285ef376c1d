"""Text the database cannot store and paging past any sane bound are refused up front:
400 `validation_error` naming the field, never the generic database fallback."""

from __future__ import annotations

from domain.paging import MAX_PAGE
from typing import Any

import pytest
from litestar.testing import AsyncTestClient

from http_helpers import error_of

NUL, SURROGATE = "\u0000", "\ud800"


def _refused(response: Any, field: str) -> str:
    assert response.status_code == 400, response.text
    assert error_of(response) == ("validation_error", field)
    message: str = response.json()["error"]["message"]
    return message


@pytest.mark.parametrize(("route", "body", "field"), [
    ("/v1/sms/", {"to": "0712345678", "message": f"hi{NUL}"}, "message"),
    ("/v1/sms/", {"to": f"0712{NUL}345678", "message": "hi"}, "to"),
    ("/v1/sms/", {"to": "0712345678", "message": "hi", "from": f"SHOP{NUL}"}, "from"),
    ("/v1/sms/bulk", {"to": ["0712345678", f"07{NUL}"], "message": "hi"}, "to"),
    ("/v1/sms/quote", {"message": f"a{NUL}b"}, "message"),
])
async def test_a_nul_character_in_a_send_is_refused_naming_the_field(  # type: ignore[no-untyped-def]
        client: AsyncTestClient, make_account, route: str, body: dict[str, Any], field: str) -> None:  # type: ignore[type-arg]
    account = await make_account()
    message = _refused(await client.post(route, json=body, headers=account.key_headers), field)
    assert "NUL" in message


async def test_a_nul_in_a_webhook_url_is_refused_naming_url(  # type: ignore[no-untyped-def]
        client: AsyncTestClient, make_account) -> None:  # type: ignore[type-arg]
    account = await make_account()
    response = await client.post("/v1/webhooks", json={"url": f"https://example.com/{NUL}"},
                                 headers=account.jwt_headers)
    _refused(response, "url")


@pytest.mark.parametrize(("url", "field"), [
    ("/v1/sms/logs?search=ab%00cd", "search"),
    ("/v1/sms/inbound?page=1&junk=%00", "junk"),
    ("/v1/notifications/n%00x/read", "notification_id"),
    ("/v1/rates/T%00Z", "country"),
])
async def test_a_nul_in_a_query_or_path_parameter_is_refused_naming_it(  # type: ignore[no-untyped-def]
        client: AsyncTestClient, make_account, url: str, field: str) -> None:  # type: ignore[type-arg]
    account = await make_account()
    method = client.post if url.endswith("/read") else client.get
    _refused(await method(url, headers=account.key_headers), field)


async def test_a_lone_surrogate_in_a_json_body_is_refused_naming_the_field(  # type: ignore[no-untyped-def]
        client: AsyncTestClient, make_account) -> None:  # type: ignore[type-arg]
    account = await make_account()
    body = b'{"to": "0712345678", "message": "hi \\ud800 there"}'
    response = await client.post("/v1/sms/", content=body,
                                 headers={**account.key_headers, "content-type": "application/json"})
    assert "surrogate" in _refused(response, "message")


async def test_a_lone_surrogate_in_a_json_key_is_refused_printably(  # type: ignore[no-untyped-def]
        client: AsyncTestClient, make_account) -> None:  # type: ignore[type-arg]
    account = await make_account()
    body = b'{"to": ["0712345678"], "message": "hi", "\\ud800x": 1}'
    response = await client.post("/v1/sms/bulk", content=body,
                                 headers={**account.key_headers, "content-type": "application/json"})
    _refused(response, "\\ud800x")


async def test_a_lone_surrogate_decoded_into_a_body_is_refused_too() -> None:
    # msgspec refuses the escape itself; the rule also holds for any body built in-process.
    from domain.errors import ValidationError
    from entrypoints.http.controllers.sms import SendRequestBody

    with pytest.raises(ValidationError) as caught:
        SendRequestBody(to="0712345678", message=f"x{SURROGATE}")
    assert caught.value.field == "message"


@pytest.mark.parametrize("route", [
    "/v1/sms/logs", "/v1/credits/history", "/v1/notifications", "/v1/sms/inbound",
])
@pytest.mark.parametrize(("query", "field"), [
    (f"page={MAX_PAGE + 1}", "page"),
    ("page=0", "page"),
    ("per_page=100000", "per_page"),
    ("per_page=0", "per_page"),
])
async def test_paging_is_bounded_on_every_paginated_route(  # type: ignore[no-untyped-def]
        client: AsyncTestClient, make_account, route: str, query: str, field: str) -> None:  # type: ignore[type-arg]
    account = await make_account()
    _refused(await client.get(f"{route}?{query}", headers=account.key_headers), field)


async def test_paging_is_bounded_on_webhook_deliveries(  # type: ignore[no-untyped-def]
        client: AsyncTestClient, make_account) -> None:  # type: ignore[type-arg]
    account = await make_account()
    created = await client.post("/v1/webhooks", json={"url": "https://example.com/hook"},
                                headers=account.jwt_headers)
    webhook_id = created.json()["data"]["id"]
    response = await client.get(f"/v1/webhooks/{webhook_id}/deliveries?page={MAX_PAGE + 1}",
                                headers=account.jwt_headers)
    _refused(response, "page")


async def test_the_last_allowed_page_is_answered(  # type: ignore[no-untyped-def]
        client: AsyncTestClient, make_account) -> None:  # type: ignore[type-arg]
    account = await make_account()
    response = await client.get(f"/v1/sms/logs?page={MAX_PAGE}", headers=account.key_headers)
    assert response.status_code == 200
    assert response.json()["data"]["messages"] == []
