"""Headers on every answer: `nosniff` and `Referrer-Policy`, errors and 404s included; no cache
keeps an answer that carries a token, key, secret or consent URL (nor any private answer: only
the public reference data chose its own caching); HSTS when browsers reach the service over
https."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

import httpx
import pytest
from dependency_injector import providers
from litestar.testing import AsyncTestClient

from entrypoints.container import Container
from entrypoints.http.app import create_app
from entrypoints.settings import Settings

Client = AsyncTestClient[Any]
MakeAccount = Any  # tests/http/conftest.py
Answer = Callable[[Client, Any], Awaitable[httpx.Response]]

# Every operation whose answer carries a credential, and how to get that answer.
CREDENTIAL_ANSWERS: dict[str, Answer] = {
    "login": lambda c, a: c.post("/v1/auth/login", json={"email": a.email, "password": a.password}),
    "refresh": lambda c, a: c.post("/v1/auth/refresh", json={"refresh_token": a.refresh_token}),
    "createApiKey": lambda c, a: c.post("/v1/api-keys", json={"name": "ci"}, headers=a.jwt_headers),
    "registerWebhook": lambda c, a: c.post("/v1/webhooks", json={"url": "https://hooks.example.com/sms"},
                                           headers=a.jwt_headers),
    "connectGoogleContacts": lambda c, a: c.get("/v1/contact-lists/google/connect", headers=a.jwt_headers),
    "changePassword": lambda c, a: c.post("/v1/auth/change-password", headers=a.jwt_headers,
                                          json={"current_password": a.password, "new_password": "a-new-password"}),
}
CREDENTIAL_FIELDS = {"access_token", "refresh_token", "key", "secret", "authorization_url"}


@pytest.fixture()
def settings(settings: Settings) -> Settings:
    return replace(settings, feature_google_contacts=True, google_client_id="client", google_client_secret="secret")


def _fields(schema: dict[str, Any], components: dict[str, Any]) -> set[str]:
    if "$ref" in schema:
        return _fields(components[schema["$ref"].rsplit("/", 1)[-1]], components)
    found = set(schema.get("properties", {}))
    nested = [*schema.get("properties", {}).values(), *schema.get("oneOf", []), *schema.get("anyOf", []),
              *([schema["items"]] if isinstance(schema.get("items"), dict) else [])]
    return found.union(*(_fields(part, components) for part in nested))


async def test_the_list_names_every_operation_whose_answer_carries_a_credential(client: Client) -> None:
    document = (await client.get("/schema/openapi.json")).json()
    components = document["components"]["schemas"]
    carrying = {operation["operationId"]
                for path in document["paths"].values() for operation in path.values()
                if isinstance(operation, dict) and "responses" in operation
                for status, response in operation["responses"].items() if status.startswith("2")
                for media in response.get("content", {}).values()
                if _fields(media.get("schema", {}), components) & CREDENTIAL_FIELDS}
    assert carrying == set(CREDENTIAL_ANSWERS)


@pytest.mark.parametrize("operation", CREDENTIAL_ANSWERS)
async def test_no_cache_keeps_an_answer_carrying_a_credential(client: Client, make_account: MakeAccount,
                                                               operation: str) -> None:
    answer = await CREDENTIAL_ANSWERS[operation](client, await make_account())
    assert answer.status_code in (200, 201), answer.text
    assert answer.headers["cache-control"] == "no-store"
    assert answer.headers["x-content-type-options"] == "nosniff"


async def test_every_answer_errors_included_carries_nosniff_and_no_referrer(
        client: Client, make_account: MakeAccount) -> None:
    account = await make_account()
    answers = [
        await client.get("/health"), await client.head("/health"), await client.get("/health/live"),
        await client.get("/health/ready"), await client.get("/health/detail"),  # 403: not loopback
        await client.get("/no/such/route"), await client.delete("/health"),
        await client.get("/schema/openapi.json"), await client.get("/schema/swagger"),
        await client.get("/metrics"), await client.get("/v1/auth/me"),
        await client.post("/v1/auth/login", json={"email": "nobody"}),
        await client.get("/v1/credits/balance", headers=account.key_headers),
        await client.get("/v1/packages"),
    ]
    assert {a.status_code for a in answers} >= {200, 400, 401, 403, 404, 405}
    for answer in answers:
        assert answer.headers["x-content-type-options"] == "nosniff", answer.request.url
        assert answer.headers["referrer-policy"] == "no-referrer", answer.request.url
        assert "strict-transport-security" not in answer.headers  # served over plain http
    private = [a for a in answers if a.request.url.path != "/v1/packages"]
    assert all(a.headers["cache-control"] == "no-store" for a in private)
    assert answers[-1].headers["cache-control"] == "public, max-age=300"  # public reference data keeps its own


async def test_https_public_url_adds_hsts(container: Container, settings: Settings) -> None:
    container.settings.override(providers.Object(replace(settings, public_url="https://sms.example.com")))
    async with AsyncTestClient(app=create_app(container)) as client:
        answers = [await client.get("/health"), await client.get("/no/such/route")]
    assert all(a.headers["strict-transport-security"] == "max-age=31536000" for a in answers)
