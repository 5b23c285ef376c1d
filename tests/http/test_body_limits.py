"""Request bodies past a route's limit are refused (413 `payload_too_large`) before they are read
whole or parsed: by their Content-Length, or while they stream without one."""

from __future__ import annotations

import json
from typing import Any

from litestar.testing import AsyncTestClient

from domain.accounts import MAX_BUSINESS_NAME_LENGTH, MAX_PASSWORD_LENGTH
from domain.bulk import MAX_BULK_RECIPIENTS
from domain.segments import MAX_MESSAGE_LENGTH
from entrypoints.http.validation import BODY_LIMIT, SEND_BODY_LIMIT

FIVE_MB = 5 * 1024 * 1024
CHUNK = 16 * 1024


async def _call(app: Any, path: str, headers: dict[str, str], chunks: int,
                content_length: int | None) -> tuple[int, dict[str, Any], int]:
    """POST `chunks` chunks of JSON-ish bytes straight through ASGI: (status, body, chunks read)."""
    read = 0

    async def receive() -> dict[str, Any]:
        nonlocal read
        read += 1
        return {"type": "http.request", "body": b" " * CHUNK, "more_body": read < chunks}

    sent: list[dict[str, Any]] = []

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    raw_headers = [(k.lower().encode(), v.encode()) for k, v in headers.items()]
    raw_headers.append((b"content-type", b"application/json"))
    if content_length is not None:
        raw_headers.append((b"content-length", str(content_length).encode()))
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
             "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": b"",
             "root_path": "", "headers": raw_headers, "client": ("127.0.0.1", 50000),
             "server": ("testserver", 80)}
    await app(scope, receive, send)
    status = next(m["status"] for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return status, json.loads(body), read


async def test_a_5_mb_send_announced_by_its_length_is_refused_before_a_byte_is_read(  # type: ignore[no-untyped-def]
        client: AsyncTestClient, make_account) -> None:  # type: ignore[type-arg]
    account = await make_account()
    status, body, read = await _call(client.app, "/v1/sms/", account.key_headers, FIVE_MB // CHUNK, FIVE_MB)
    assert status == 413
    assert body["success"] is False and body["error"]["code"] == "payload_too_large"
    assert read == 0


async def test_a_5_mb_send_streamed_without_a_length_is_refused_once_past_the_limit(  # type: ignore[no-untyped-def]
        client: AsyncTestClient, make_account) -> None:  # type: ignore[type-arg]
    account = await make_account()
    status, body, read = await _call(client.app, "/v1/sms/", account.key_headers, FIVE_MB // CHUNK, None)
    assert status == 413
    assert body["error"]["code"] == "payload_too_large"
    assert read == SEND_BODY_LIMIT // CHUNK + 1  # stopped at the first chunk past the limit


async def test_other_routes_take_the_small_default(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    status, body, read = await _call(client.app, "/v1/auth/login", {}, 4, 4 * CHUNK)
    assert 4 * CHUNK > BODY_LIMIT
    assert (status, body["error"]["code"], read) == (413, "payload_too_large", 0)
    document = (await client.get("/schema/openapi.json")).json()
    example = document["paths"]["/v1/auth/login"]["post"]["responses"]["413"]["content"]["application/json"]
    assert body["error"]["message"] == example["examples"]["payload_too_large"]["value"]["error"]["message"]
    assert body["error"]["message"] == f"The request body is over {BODY_LIMIT} bytes."


def test_the_largest_register_body_fits_the_default_however_it_is_written() -> None:
    # The longest address and business name, the longest password of astral characters (each
    # \ud83d\ude00 when escaped), pretty-printed.
    register = {"email": "a" * 64 + "@" + "b" * 185 + ".com", "password": "\U0001F600" * MAX_PASSWORD_LENGTH,
                "business_name": "\U0001F600" * MAX_BUSINESS_NAME_LENGTH}
    assert len(json.dumps(register, indent=4, ensure_ascii=True).encode()) < BODY_LIMIT // 2


def test_the_largest_bulk_fits_the_send_limit_however_it_is_written() -> None:
    # Every character an astral one (\ud83d\ude00 when escaped), the numbers written out in full.
    bulk = {"to": ["+255 712 345 678"] * MAX_BULK_RECIPIENTS, "message": "\U0001F600" * MAX_MESSAGE_LENGTH,
            "from": "ABCDEFGHIJK"}
    assert len(json.dumps(bulk, indent=4, ensure_ascii=True).encode()) < SEND_BODY_LIMIT


async def test_a_bulk_of_1000_with_a_1600_character_message_is_taken(  # type: ignore[no-untyped-def]
        client: AsyncTestClient, make_account) -> None:  # type: ignore[type-arg]
    account = await make_account()
    body = json.dumps({"to": ["0712 345 678"] * MAX_BULK_RECIPIENTS, "message": "\U0001F600" * MAX_MESSAGE_LENGTH},
                      indent=2, ensure_ascii=True)
    response = await client.post("/v1/sms/bulk", content=body, headers={**account.key_headers,
                                                                         "content-type": "application/json"})
    assert response.status_code != 413, response.text
    assert response.json()["error"]["code"] == "insufficient_credits"  # read and parsed: only the money is short
