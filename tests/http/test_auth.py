"""/v1/auth over the whole app on PostgreSQL: register, log in, refresh, me."""

from __future__ import annotations

import jwt
from litestar.testing import AsyncTestClient

from adapters.memory.system import FrozenClock
from adapters.security import ACCESS_TOKEN_KEY, derive_key
from http_helpers import error_of

PROFILE_FIELDS = {"id", "email", "business_name", "plan", "email_verified", "phone_verified", "phone", "created_at"}


async def register(client: AsyncTestClient, email: str = "shop@example.com",  # type: ignore[type-arg]
                   password: str = "s3cret-pass", **extra: str) -> dict:
    response = await client.post("/v1/auth/register", json={"email": email, "password": password, **extra})
    assert response.status_code == 201, response.text
    return response.json()["data"]


async def login(client: AsyncTestClient, email: str = "shop@example.com",  # type: ignore[type-arg]
                password: str = "s3cret-pass") -> dict:
    response = await client.post("/v1/auth/login", json={"email": email, "password": password})
    assert response.status_code == 200, response.text
    return response.json()["data"]


async def test_register_returns_the_account_without_secrets(client: AsyncTestClient) -> None:
    response = await client.post(
        "/v1/auth/register",
        json={"email": "Shop@Example.com", "password": "s3cret-pass", "business_name": "Duka"},
    )
    assert response.status_code == 201
    body = response.json()
    assert body["success"] is True
    account = body["data"]
    assert set(account) == PROFILE_FIELDS
    assert account["email"] == "shop@example.com"
    assert account["business_name"] == "Duka"
    assert account["plan"] == "free"
    assert account["email_verified"] is False and account["phone_verified"] is False
    assert account["phone"] is None
    assert account["created_at"] == "2026-01-05T09:00:00Z"
    assert "password" not in response.text and "argon2" not in response.text


async def test_register_answers_without_a_trailing_slash_too(client: AsyncTestClient) -> None:
    response = await client.post("/v1/auth/register/", json={"email": "a@example.com", "password": "12345678"})
    assert response.status_code == 201


async def test_register_refuses_bad_input_naming_the_field(client: AsyncTestClient) -> None:
    cases = [
        ({"email": "not-an-email", "password": "s3cret-pass"}, "email"),
        ({"email": "a@example.com", "password": "short"}, "password"),
        ({"password": "s3cret-pass"}, "email"),
        ({"email": "a@example.com"}, "password"),
        ({"email": "a@example.com", "password": 12345678}, "password"),
        ({"email": "a@example.com", "password": "s3cret-pass", "business_name": 3}, "business_name"),
    ]
    for body, field in cases:
        response = await client.post("/v1/auth/register", json=body)
        assert response.status_code == 400, body
        assert error_of(response) == ("validation_error", field), body


async def test_malformed_json_names_the_body(client: AsyncTestClient) -> None:
    response = await client.post("/v1/auth/login", content=b"{not json",
                                 headers={"content-type": "application/json"})
    assert response.status_code == 400
    assert error_of(response) == ("validation_error", "body")


async def test_duplicate_email_is_409_email_taken_whatever_the_case(client: AsyncTestClient) -> None:
    await register(client, "shop@example.com")
    response = await client.post("/v1/auth/register", json={"email": "SHOP@example.com", "password": "another-pass"})
    assert response.status_code == 409
    assert error_of(response)[0] == "email_taken"


async def test_login_returns_a_token_pair(client: AsyncTestClient, clock: FrozenClock, settings) -> None:  # type: ignore[no-untyped-def]
    account = await register(client)
    pair = await login(client, "SHOP@example.com")
    assert pair["expires_in"] == 900
    assert pair["refresh_token"] and pair["refresh_token"] != pair["access_token"]
    claims = jwt.decode(pair["access_token"], derive_key(settings.secret_key, ACCESS_TOKEN_KEY), algorithms=["HS256"],
                        options={"verify_exp": False})
    assert claims["sub"] == account["id"]
    assert claims["type"] == "access"
    assert claims["exp"] - int(clock.now().timestamp()) == 900


async def test_wrong_password_and_unknown_email_get_the_same_answer(client: AsyncTestClient) -> None:
    await register(client)
    wrong_password = await client.post("/v1/auth/login", json={"email": "shop@example.com", "password": "nope-nope"})
    unknown_email = await client.post("/v1/auth/login", json={"email": "who@example.com", "password": "nope-nope"})
    assert wrong_password.status_code == unknown_email.status_code == 401
    assert wrong_password.json()["error"] == unknown_email.json()["error"]
    assert error_of(wrong_password)[0] == "invalid_credentials"


async def test_me_with_a_fresh_access_token(client: AsyncTestClient) -> None:
    account = await register(client, business_name="Duka")
    pair = await login(client)
    response = await client.get("/v1/auth/me", headers={"Authorization": f"Bearer {pair['access_token']}"})
    assert response.status_code == 200
    assert response.json()["data"] == account


async def test_me_with_an_api_key(client: AsyncTestClient, make_account) -> None:  # type: ignore[no-untyped-def]
    account = await make_account(plan="pro")
    response = await client.get("/v1/auth/me", headers=account.key_headers)
    assert response.status_code == 200
    assert response.json()["data"]["id"] == account.id
    assert response.json()["data"]["plan"] == "pro"


async def test_access_token_expires_after_900_seconds(client: AsyncTestClient, clock: FrozenClock) -> None:
    await register(client)
    headers = {"Authorization": f"Bearer {(await login(client))['access_token']}"}
    clock.advance(899)
    assert (await client.get("/v1/auth/me", headers=headers)).status_code == 200
    clock.advance(1)
    response = await client.get("/v1/auth/me", headers=headers)
    assert response.status_code == 401
    assert error_of(response)[0] == "unauthorized"


async def test_refresh_rotates_and_the_new_pair_works(client: AsyncTestClient, clock: FrozenClock) -> None:
    await register(client)
    first = await login(client)
    clock.advance(1000)  # the access token has expired; the refresh token has not
    response = await client.post("/v1/auth/refresh", json={"refresh_token": first["refresh_token"]})
    assert response.status_code == 200
    second = response.json()["data"]
    assert second["expires_in"] == 900
    assert second["refresh_token"] != first["refresh_token"]
    me = await client.get("/v1/auth/me", headers={"Authorization": f"Bearer {second['access_token']}"})
    assert me.status_code == 200
    third = await client.post("/v1/auth/refresh", json={"refresh_token": second["refresh_token"]})
    assert third.status_code == 200


async def test_reusing_a_rotated_refresh_token_revokes_the_whole_family(client: AsyncTestClient) -> None:
    await register(client)
    stolen = (await login(client))["refresh_token"]
    owner = (await client.post("/v1/auth/refresh", json={"refresh_token": stolen})).json()["data"]

    replay = await client.post("/v1/auth/refresh", json={"refresh_token": stolen})
    assert replay.status_code == 401
    assert error_of(replay) == ("unauthorized", "refresh_token")
    # The legitimate holder's newer token belongs to the same family: it is dead too.
    after = await client.post("/v1/auth/refresh", json={"refresh_token": owner["refresh_token"]})
    assert after.status_code == 401
    # Another login starts a new family, unaffected.
    fresh = await login(client)
    assert (await client.post("/v1/auth/refresh", json={"refresh_token": fresh["refresh_token"]})).status_code == 200


async def test_refresh_token_lasts_seven_days(client: AsyncTestClient, clock: FrozenClock) -> None:
    await register(client)
    early = (await login(client))["refresh_token"]
    late = (await login(client))["refresh_token"]
    clock.advance(days=7, seconds=-1)
    assert (await client.post("/v1/auth/refresh", json={"refresh_token": early})).status_code == 200
    clock.advance(1)
    response = await client.post("/v1/auth/refresh", json={"refresh_token": late})
    assert response.status_code == 401


async def test_unknown_or_malformed_refresh_token_is_401(client: AsyncTestClient) -> None:
    response = await client.post("/v1/auth/refresh", json={"refresh_token": "made-up"})
    assert response.status_code == 401
    assert error_of(response) == ("unauthorized", "refresh_token")
    response = await client.post("/v1/auth/refresh", json={})
    assert response.status_code == 400
    assert error_of(response) == ("validation_error", "refresh_token")


async def test_tampered_or_foreign_tokens_are_401(client: AsyncTestClient, make_account) -> None:  # type: ignore[no-untyped-def]
    account = await make_account()
    header, payload, signature = account.access_token.split(".")
    forged = jwt.encode({"sub": account.id, "type": "access", "exp": 4102444800}, "another-key-of-sufficient-length",
                        algorithm="HS256")
    unsigned = jwt.encode({"sub": account.id, "type": "access", "exp": 4102444800}, None, algorithm="none")
    for token in (f"{header}.{payload}.{signature[::-1]}", forged, unsigned, "garbage"):
        response = await client.get("/v1/auth/me", headers={"Authorization": f"Bearer {token}"})
        assert response.status_code == 401, token
        assert error_of(response) == ("unauthorized", "Authorization")
    for value in (f"Token {account.access_token}", "Bearer", "Bearer "):
        response = await client.get("/v1/auth/me", headers={"Authorization": value})
        assert response.status_code == 401, value
        assert error_of(response) == ("unauthorized", "Authorization")


async def test_refresh_token_is_not_an_access_token(client: AsyncTestClient, make_account) -> None:  # type: ignore[no-untyped-def]
    account = await make_account()
    response = await client.get("/v1/auth/me", headers={"Authorization": f"Bearer {account.refresh_token}"})
    assert response.status_code == 401
