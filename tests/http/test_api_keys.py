"""/v1/api-keys and the X-API-Key scheme over the whole app on PostgreSQL."""

from __future__ import annotations

import re

from litestar.testing import AsyncTestClient

from adapters.memory.system import FrozenClock
from http_helpers import error_of

KEY = re.compile(r"uj_live_[0-9A-Za-z]{43}")


async def test_create_shows_the_full_key_once_and_list_never_does(client: AsyncTestClient, make_account,  # type: ignore[no-untyped-def]
                                                                  clock: FrozenClock) -> None:
    account = await make_account()
    clock.advance(1)
    response = await client.post("/v1/api-keys", json={"name": "shop backend"}, headers=account.jwt_headers)
    assert response.status_code == 201
    created = response.json()["data"]
    assert KEY.fullmatch(created["key"])
    assert created["key"].startswith(created["prefix"]) and len(created["prefix"]) < len(created["key"])
    assert created["name"] == "shop backend"

    listed = await client.get("/v1/api-keys", headers=account.jwt_headers)
    assert listed.status_code == 200
    keys = listed.json()["data"]["api_keys"]
    assert [k["id"] for k in keys] == [created["id"], account.api_key_id]  # newest first
    assert set(keys[0]) == {"id", "prefix", "name", "created_at", "last_used_at"}
    assert keys[0]["prefix"] == created["prefix"]
    assert created["key"] not in listed.text and account.api_key not in listed.text

    me = await client.get("/v1/auth/me", headers={"X-API-Key": created["key"]})
    assert me.status_code == 200 and me.json()["data"]["id"] == account.id


async def test_create_without_a_body_makes_an_unnamed_key(client: AsyncTestClient, make_account) -> None:  # type: ignore[no-untyped-def]
    account = await make_account()
    response = await client.post("/v1/api-keys/", headers=account.jwt_headers)
    assert response.status_code == 201
    assert response.json()["data"]["name"] == ""


async def test_revoked_key_is_401_at_once(client: AsyncTestClient, make_account) -> None:  # type: ignore[no-untyped-def]
    account = await make_account()
    assert (await client.get("/v1/auth/me", headers=account.key_headers)).status_code == 200
    revoked = await client.delete(f"/v1/api-keys/{account.api_key_id}", headers=account.jwt_headers)
    assert revoked.status_code == 200 and revoked.json()["success"] is True
    response = await client.get("/v1/auth/me", headers=account.key_headers)
    assert response.status_code == 401
    assert error_of(response) == ("unauthorized", "X-API-Key")
    listed = (await client.get("/v1/api-keys", headers=account.jwt_headers)).json()["data"]["api_keys"]
    assert listed == []
    again = await client.delete(f"/v1/api-keys/{account.api_key_id}", headers=account.jwt_headers)
    assert again.status_code == 404


async def test_another_accounts_key_cannot_be_revoked_or_seen(client: AsyncTestClient, make_account) -> None:  # type: ignore[no-untyped-def]
    owner, other = await make_account(), await make_account()
    response = await client.delete(f"/v1/api-keys/{owner.api_key_id}", headers=other.jwt_headers)
    assert response.status_code == 404
    assert error_of(response)[0] == "not_found"
    assert (await client.delete("/v1/api-keys/not-a-uuid", headers=other.jwt_headers)).status_code == 404
    assert (await client.get("/v1/auth/me", headers=owner.key_headers)).status_code == 200
    listed = (await client.get("/v1/api-keys", headers=other.jwt_headers)).json()["data"]["api_keys"]
    assert [k["id"] for k in listed] == [other.api_key_id]


async def test_unknown_and_empty_keys_are_401(client: AsyncTestClient, make_account) -> None:  # type: ignore[no-untyped-def]
    account = await make_account()
    for key in ("uj_live_" + "0" * 43, account.api_key[:-1], "", "x"):
        response = await client.get("/v1/auth/me", headers={"X-API-Key": key})
        assert response.status_code == 401, key
        assert error_of(response) == ("unauthorized", "X-API-Key")


async def test_last_used_at_is_written_at_most_once_a_minute(client: AsyncTestClient, make_account,  # type: ignore[no-untyped-def]
                                                            clock: FrozenClock) -> None:
    account = await make_account()

    async def last_used() -> str | None:
        keys = (await client.get("/v1/api-keys", headers=account.jwt_headers)).json()["data"]["api_keys"]
        return keys[0]["last_used_at"]

    assert await last_used() is None
    await client.get("/v1/auth/me", headers=account.key_headers)
    first = await last_used()
    assert first == "2026-01-05T09:00:00Z"
    clock.advance(30)
    await client.get("/v1/auth/me", headers=account.key_headers)
    assert await last_used() == first
    clock.advance(30)
    await client.get("/v1/auth/me", headers=account.key_headers)
    assert await last_used() == "2026-01-05T09:01:00Z"


async def test_key_name_too_long_is_a_validation_error(client: AsyncTestClient, make_account) -> None:  # type: ignore[no-untyped-def]
    account = await make_account()
    response = await client.post("/v1/api-keys", json={"name": "n" * 101}, headers=account.jwt_headers)
    assert response.status_code == 400
    assert error_of(response) == ("validation_error", "name")


async def test_the_openapi_document_names_the_prefix_keys_really_have(client: AsyncTestClient, make_account) -> None:  # type: ignore[no-untyped-def]
    account = await make_account()
    schema = (await client.get("/schema/openapi.json")).json()
    described = re.search(r"`([a-z_]+)\.\.\.`", schema["components"]["securitySchemes"]["ApiKey"]["description"])
    assert described is not None and account.api_key.startswith(described.group(1))
