"""The app as a whole: its OpenAPI document declares how each route authenticates, HEAD /health
answers probes, and no route is declared in a way Litestar 3 will drop."""

from __future__ import annotations

import warnings
from typing import Any

import pytest
from litestar import Litestar
from litestar._kwargs import KwargsModel
from litestar.exceptions import LitestarDeprecationWarning
from litestar.routes import HTTPRoute
from litestar.testing import AsyncTestClient

from entrypoints.container import Container
from entrypoints.http.app import create_app
from entrypoints.http.auth import OPENAPI_SCHEME_NAMES, Authenticated

METHODS = ("get", "put", "post", "delete", "patch", "head", "options")


def _accepted_schemes(app: Litestar) -> dict[str, list[str]]:
    """operationId -> the OpenAPI scheme names its `principal` takes ([] for public routes)."""
    found: dict[str, list[str]] = {}
    for route in app.routes:
        for handler in getattr(route, "route_handlers", ()):
            if handler.operation_id is None:
                continue
            provider = handler.resolve_dependencies().get("principal")
            schemes = provider.schemes if isinstance(provider, Authenticated) else ()
            found[str(handler.operation_id)] = sorted(OPENAPI_SCHEME_NAMES[s] for s in schemes)
    return found


async def test_every_operation_lists_exactly_the_security_it_accepts(
        client: AsyncTestClient, container: Container) -> None:  # type: ignore[type-arg]
    response = await client.get("/schema/openapi.json")
    assert response.status_code == 200
    schema: dict[str, Any] = response.json()
    assert schema["openapi"].startswith("3.1")
    assert schema["components"]["securitySchemes"] == {
        "ApiKey": {"type": "apiKey", "name": "X-API-Key", "in": "header",
                   "description": schema["components"]["securitySchemes"]["ApiKey"]["description"]},
        "BearerJWT": {"type": "http", "scheme": "bearer", "bearerFormat": "JWT",
                      "description": schema["components"]["securitySchemes"]["BearerJWT"]["description"]},
    }
    assert "security" not in schema  # no global requirement: public routes stay public

    expected = _accepted_schemes(create_app(container))
    seen = 0
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            if method not in METHODS:
                continue
            listed = sorted(name for requirement in operation.get("security", []) for name in requirement)
            assert listed == expected[operation["operationId"]], (method, path)
            for requirement in operation.get("security", []):
                assert all(name in schema["components"]["securitySchemes"] for name in requirement)
            for response in operation["responses"].values():  # OpenAPI 3.1: a header has a schema
                assert all("schema" in h or "content" in h for h in response.get("headers", {}).values())
            seen += 1
    assert seen >= 25
    assert expected["sendSms"] == ["ApiKey"] and expected["sendSmsFromDashboard"] == ["BearerJWT"]
    assert expected["sendBulkSms"] == ["ApiKey", "BearerJWT"]
    assert expected["register"] == [] and expected["health"] == [] and expected["listCountryRates"] == []


async def test_a_public_route_has_no_security_and_a_key_route_requires_the_key(
        client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    paths = (await client.get("/schema/openapi.json")).json()["paths"]
    assert "security" not in paths["/v1/auth/login"]["post"]
    assert paths["/v1/sms"]["post"]["security"] == [{"ApiKey": []}]
    assert paths["/v1/sms/bulk"]["post"]["security"] == [{"ApiKey": []}, {"BearerJWT": []}]


async def test_head_health_answers_200_without_a_body(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    response = await client.head("/health")
    assert response.status_code == 200
    assert response.content == b""
    assert (await client.head("/health/")).status_code == 200


def test_no_route_uses_a_style_litestar_3_removes(container: Container) -> None:
    # Inferred dependencies, untyped `data`, inferred query/path parameters, Parameter(header=...).
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        create_app(container)
    assert [str(w.message) for w in caught if issubclass(w.category, LitestarDeprecationWarning)] == []


def test_the_job_queues_own_line_per_job_is_held_back_unless_asked_ours_is_not(container: Container) -> None:
    import logging
    from dataclasses import replace

    from dependency_injector import providers

    from entrypoints.settings import Settings

    assert Settings.from_env({}).log_level == "WARNING"
    assert Settings.from_env({"UJUMBE_LOG_LEVEL": "info"}).log_level == "INFO"
    assert Settings.from_env({"UJUMBE_LOG_LEVEL": "loud"}).log_level == "WARNING"
    try:
        create_app(container)
        assert not logging.getLogger("procrastinate.worker").isEnabledFor(logging.INFO)
        assert logging.getLogger("procrastinate.worker").isEnabledFor(logging.WARNING)
        assert logging.getLogger("ujumbe.worker").isEnabledFor(logging.INFO)  # our own lines stay
        assert logging.getLogger("ujumbe.jobs").isEnabledFor(logging.INFO)  # the "job run" line

        container.settings.override(providers.Object(replace(container.settings(), log_level="INFO")))
        create_app(container)
        assert logging.getLogger("procrastinate.worker").isEnabledFor(logging.INFO)
    finally:
        logging.getLogger("procrastinate").setLevel(logging.WARNING)
        logging.getLogger("httpx").setLevel(logging.WARNING)


@pytest.mark.parametrize(("path", "allow"), [
    ("/v1/webhooks", "GET, OPTIONS, POST"),
    ("/v1/api-keys", "GET, OPTIONS, POST"),
    ("/v1/webhooks/some-id", "DELETE, OPTIONS"),
    ("/v1/sms/logs", "GET, OPTIONS"),
    ("/v1/contact-lists/some-id/contacts", "GET, OPTIONS, POST"),  # a path with a parameter, shared by two controllers
    ("/v1/contact-lists/some-id/import", "OPTIONS, POST"),
])
async def test_options_allows_every_method_of_the_path(client: AsyncTestClient, path: str,  # type: ignore[type-arg]
                                                       allow: str) -> None:
    response = await client.options(path)
    assert response.status_code == 204
    assert response.headers["allow"] == allow
    refused = await client.put(path)
    assert refused.status_code == 405
    assert refused.headers["allow"] == allow  # the same list, in the same order


async def test_new_password_hashes_take_the_configured_cost_and_a_bad_one_stops_the_start(
        container: Container) -> None:
    from adapters.security import ARGON2_COST
    from entrypoints.settings import Settings

    assert Settings.from_env({}).password_hash_cost == ARGON2_COST
    assert Settings.from_env({"UJUMBE_PASSWORD_HASH_COST": "m=2048,t=2,p=1"}).password_hash_cost == "m=2048,t=2,p=1"
    with pytest.raises(ValueError, match=r"^UJUMBE_PASSWORD_HASH_COST: 'm=2048' is not an argon2 cost"):
        Settings.from_env({"UJUMBE_PASSWORD_HASH_COST": "m=2048"})
    cost = container.settings().password_hash_cost
    assert cost != ARGON2_COST and f"${cost}$" in await container.password_hasher().hash("s3cret-pass")


def test_every_route_resolves_its_dependencies_one_after_another(container: Container) -> None:
    """`resolve_one_at_a_time` rewrites what Litestar reads when it resolves a route's dependencies
    (`KwargsModel.dependency_batches`, not public): if an upgrade renames or reshapes it, this fails
    rather than the app quietly going back to a task group per request."""
    app = create_app(container)
    models = [model for route in app.routes if isinstance(route, HTTPRoute)
              for _, model in route.route_handler_map.values()]
    assert all(isinstance(model, KwargsModel) and "dependency_batches" in model.__slots__ for model in models)
    batches = [batch for model in models for batch in model.dependency_batches]
    assert batches and all(len(batch) == 1 for batch in batches)
    send = next(model for route in app.routes if isinstance(route, HTTPRoute) and route.path == "/v1/sms"
                for method, (_, model) in route.route_handler_map.items() if method == "POST")
    assert len(send.dependency_batches) > 1  # principal and the use case, each in a batch of its own
