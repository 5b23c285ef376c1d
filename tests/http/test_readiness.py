"""`/health/ready` asks the mobile-money provider: the real ClickPesa adapter against the fake
provider over loopback (tests/fake_clickpesa.py). Ready when it answers and takes our
credentials; 503 naming mobile money when it refuses them or is not there at all."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from dependency_injector import providers
from litestar.testing import AsyncTestClient

from adapters.memory.system import FrozenClock
from adapters.mobilemoney.clickpesa import ClickPesa
from entrypoints.container import Container
from entrypoints.http.app import create_app
from fake_clickpesa import API_KEY, CHECKSUM_KEY, CLIENT_ID, FakeClickPesa, fake_clickpesa
from running_app import free_port


@pytest.fixture()
def fake() -> Iterator[FakeClickPesa]:
    with fake_clickpesa() as provider:
        yield provider


def _provider(container: Container, clock: FrozenClock, base_url: str, api_key: str = API_KEY) -> None:
    adapter = ClickPesa(base_url, CLIENT_ID, api_key, CHECKSUM_KEY, clock=clock, initial_wait=0.01, max_wait=0.05)
    container.mobile_money.override(providers.Object(adapter))


async def test_ready_when_the_provider_answers_with_our_credentials(
        container: Container, clock: FrozenClock, fake: FakeClickPesa) -> None:
    _provider(container, clock, fake.base_url)
    async with AsyncTestClient(app=create_app(container)) as client:
        first = await client.get("/health/ready")
        again = await client.get("/health/ready")
    assert first.status_code == 200, first.text
    assert first.json()["data"]["mobile_money"] == "ok"
    assert again.status_code == 200
    assert fake.tokens_issued == 1  # probes seconds apart ask the provider once


@pytest.mark.parametrize("case", ["wrong credentials", "nobody listening"])
async def test_not_ready_names_mobile_money(container: Container, clock: FrozenClock, fake: FakeClickPesa,
                                            case: str) -> None:
    if case == "wrong credentials":
        _provider(container, clock, fake.base_url, api_key="not-our-key")
    else:
        _provider(container, clock, f"http://127.0.0.1:{free_port()}")
    async with AsyncTestClient(app=create_app(container)) as client:
        ready = await client.get("/health/ready")
        health = await client.get("/health")
    assert ready.status_code == 503, ready.text
    error = ready.json()["error"]
    assert error["code"] == "service_unavailable"
    assert "mobile money" in error["message"] and "database" not in error["message"]
    assert health.status_code == 200  # sends still work: only buying credits waits for the provider
    assert fake.tokens_issued == 0
