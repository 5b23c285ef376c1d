"""Every response, errors included, is the envelope with a request id (decision: response envelope)."""

from __future__ import annotations

import uuid
from datetime import datetime

from litestar import get
from litestar.testing import AsyncTestClient

from entrypoints.container import Container
from entrypoints.http.app import create_app


def assert_envelope(body: dict, *, success: bool) -> None:
    assert set(body) >= {"success", "data", "error", "request_id", "timestamp"}
    assert body["success"] is success
    uuid.UUID(body["request_id"])
    datetime.fromisoformat(body["timestamp"].replace("Z", "+00:00"))
    if success:
        assert body["error"] is None
    else:
        assert body["data"] is None
        assert isinstance(body["error"]["code"], str) and body["error"]["message"]


async def test_health_is_ok_and_checks_the_database(client: AsyncTestClient) -> None:
    response = await client.get("/health")
    assert response.status_code == 200
    body = response.json()
    assert_envelope(body, success=True)
    assert body["data"]["status"] == "ok"
    assert response.headers["x-request-id"] == body["request_id"]


async def test_routes_answer_with_and_without_trailing_slash(client: AsyncTestClient) -> None:
    assert (await client.get("/health/")).status_code == 200
    assert (await client.get("/health")).status_code == 200


async def test_each_request_gets_a_fresh_request_id(client: AsyncTestClient) -> None:
    first = (await client.get("/health")).json()["request_id"]
    second = (await client.get("/health")).json()["request_id"]
    assert first != second


async def test_unknown_route_is_a_404_envelope(client: AsyncTestClient) -> None:
    response = await client.get("/v1/no-such-thing")
    assert response.status_code == 404
    body = response.json()
    assert_envelope(body, success=False)
    assert body["error"]["code"] == "not_found"
    assert response.headers["x-request-id"] == body["request_id"]


async def test_wrong_method_is_a_405_envelope(client: AsyncTestClient) -> None:
    response = await client.delete("/health")
    assert response.status_code == 405
    assert_envelope(response.json(), success=False)
    assert response.json()["error"]["code"] == "method_not_allowed"


async def test_unexpected_failure_is_a_500_envelope_without_internals(container: Container) -> None:
    @get("/boom", sync_to_thread=False)
    def boom() -> None:
        raise KeyError("secret-internal-detail")

    async with AsyncTestClient(app=create_app(container, extra_route_handlers=[boom])) as client:
        response = await client.get("/boom")
    assert response.status_code == 500
    body = response.json()
    assert_envelope(body, success=False)
    assert body["error"]["code"] == "internal_error"
    assert body["request_id"] in body["error"]["message"]
    assert "secret-internal-detail" not in response.text
    assert "Traceback" not in response.text


async def test_openapi_document_lists_the_routes(client: AsyncTestClient) -> None:
    response = await client.get("/schema/openapi.json")
    assert response.status_code == 200
    document = response.json()
    assert document["openapi"].startswith("3.1")
    assert "/health" in document["paths"]


async def test_liveness_and_readiness_with_the_simulator(client: AsyncTestClient) -> None:  # type: ignore[type-arg]
    live = await client.get("/health/live")
    ready = await client.get("/health/ready")
    assert (live.status_code, live.json()["data"]) == (200, {"status": "ok"})
    assert ready.status_code == 200, ready.text
    assert ready.json()["data"] == {"status": "ready", "database": "ok", "jobs": "ok", "mobile_money": "ok",
                                    "gateway": {"status": "ok", "bound": 0, "binds": 0}}
