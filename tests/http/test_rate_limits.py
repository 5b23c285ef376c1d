"""Plan budgets per account, 30 a minute per IP on the public auth routes, the headers, 429."""

from __future__ import annotations

import dataclasses
import os
import uuid

import pytest
from dependency_injector import providers
from litestar.testing import AsyncTestClient

from adapters.memory.system import FrozenClock
from adapters.ratelimit import LimitsRateLimiter
from entrypoints.container import Container
from entrypoints.http.app import create_app
from entrypoints.settings import Settings
from http_helpers import error_of

REDIS_URL = os.environ.get("UJUMBE_TEST_REDIS_URL")


def budget(response) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    return int(response.headers["x-ratelimit-limit"]), int(response.headers["x-ratelimit-remaining"])


def assert_429(response) -> None:  # type: ignore[no-untyped-def]
    assert response.status_code == 429, response.text
    assert error_of(response)[0] == "rate_limit_exceeded"
    assert 1 <= int(response.headers["retry-after"]) <= 60
    assert budget(response)[1] == 0


async def test_free_plan_allows_60_a_minute_then_429_with_retry_after(client: AsyncTestClient, make_account) -> None:  # type: ignore[no-untyped-def]
    account, neighbour = await make_account(), await make_account()
    for n in range(60):
        response = await client.get("/v1/auth/me", headers=account.key_headers if n % 2 else account.jwt_headers)
        assert response.status_code == 200
        assert budget(response) == (60, 59 - n)
    assert_429(await client.get("/v1/auth/me", headers=account.key_headers))
    assert_429(await client.get("/v1/api-keys", headers=account.jwt_headers))  # every route, one budget
    # The budget is the account's own.
    assert (await client.get("/v1/auth/me", headers=neighbour.key_headers)).status_code == 200


async def test_budget_follows_the_plan(client: AsyncTestClient, make_account) -> None:  # type: ignore[no-untyped-def]
    for plan, limit in (("free", 60), ("pro", 600), ("enterprise", 6000)):
        account = await make_account(plan=plan)
        response = await client.get("/v1/auth/me", headers=account.key_headers)
        assert budget(response) == (limit, limit - 1)


async def test_public_auth_routes_allow_30_a_minute_per_ip(client: AsyncTestClient, make_account) -> None:  # type: ignore[no-untyped-def]
    account = await make_account()
    for n in range(30):
        # register, login and refresh share one budget, whatever their outcome
        route, body = [
            ("/v1/auth/login", {"email": account.email, "password": "wrong-password"}),
            ("/v1/auth/register", {"email": "bad"}),
            ("/v1/auth/refresh", {"refresh_token": "nope"}),
        ][n % 3]
        response = await client.post(route, json=body)
        assert response.status_code in (400, 401)
        assert budget(response) == (30, 29 - n)
    response = await client.post("/v1/auth/login", json={"email": account.email, "password": account.password})
    assert_429(response)
    # Authenticated routes are charged to the account, not to the IP.
    assert (await client.get("/v1/auth/me", headers=account.key_headers)).status_code == 200


async def test_every_response_carries_the_headers(client: AsyncTestClient, make_account) -> None:  # type: ignore[no-untyped-def]
    account = await make_account()
    responses = [
        await client.get("/health"),
        await client.get("/schema/openapi.json"),
        await client.get("/v1/no-such-route"),
        await client.get("/v1/auth/me"),
        await client.get("/v1/api-keys", headers=account.key_headers),
        await client.post("/v1/auth/login", json={}),
    ]
    for response in responses:
        limit, remaining = budget(response)
        assert 0 <= remaining < limit, response.request.url


async def test_public_routes_spend_a_per_ip_budget_of_600(client: AsyncTestClient) -> None:
    first, second = await client.get("/health"), await client.get("/health")
    assert budget(first)[0] == budget(second)[0] == 600
    assert budget(second)[1] == budget(first)[1] - 1


async def test_failed_authentication_spends_the_ip_public_budget(client: AsyncTestClient) -> None:
    before = budget(await client.get("/health"))[1]
    response = await client.get("/v1/auth/me", headers={"X-API-Key": "uj_live_nope"})
    assert response.status_code == 401
    assert budget(response) == (600, before - 1)


def second_instance(settings: Settings, clock: FrozenClock) -> Container:
    """Another API process on the same database."""
    other = Container()
    other.settings.override(providers.Object(settings))
    other.clock.override(providers.Object(clock))
    return other


async def test_each_container_has_its_own_budgets(client: AsyncTestClient, settings: Settings,  # type: ignore[no-untyped-def]
                                                  clock: FrozenClock, make_account) -> None:
    account = await make_account()
    async with AsyncTestClient(app=create_app(second_instance(settings, clock))) as two:
        assert budget(await client.get("/v1/auth/me", headers=account.key_headers)) == (60, 59)
        assert budget(await two.get("/v1/auth/me", headers=account.key_headers)) == (60, 59)
        assert budget(await client.get("/v1/auth/me", headers=account.key_headers)) == (60, 58)


@pytest.mark.redis
@pytest.mark.skipif(not REDIS_URL, reason="UJUMBE_TEST_REDIS_URL is not set")
async def test_two_app_instances_share_one_budget_through_redis(client: AsyncTestClient, container: Container,  # type: ignore[no-untyped-def]
                                                                settings: Settings, clock: FrozenClock,
                                                                make_account) -> None:
    shared = dataclasses.replace(settings, redis_url=REDIS_URL)
    container.settings.override(providers.Object(shared))
    account = await make_account()
    async with AsyncTestClient(app=create_app(second_instance(shared, clock))) as two:
        for n in range(60):
            response = await (client if n % 2 else two).get("/v1/auth/me", headers=account.key_headers)
            assert response.status_code == 200
            assert budget(response) == (60, 59 - n)
        assert_429(await client.get("/v1/auth/me", headers=account.key_headers))
        assert_429(await two.get("/v1/auth/me", headers=account.key_headers))


@pytest.mark.redis
@pytest.mark.skipif(not REDIS_URL, reason="UJUMBE_TEST_REDIS_URL is not set")
async def test_redis_budgets_are_separate_per_key() -> None:
    assert REDIS_URL
    limiter = LimitsRateLimiter(REDIS_URL, key_prefix=f"ujumbe-test-{uuid.uuid4().hex}")
    for n in range(3):
        assert (await limiter.hit("a", 3)).remaining == 2 - n
    blocked = await limiter.hit("a", 3)
    assert not blocked.allowed and blocked.retry_after >= 1
    assert (await limiter.hit("b", 3)).allowed
