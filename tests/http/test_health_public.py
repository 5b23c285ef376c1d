"""The health routes are public: a client anywhere learns each part's state, never where the SMSC
is, which system_id binds to it, or what the SMSC or the payment provider last said. The detail
is the operator's, answered as GET /metrics is (loopback, or the metrics token)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from dataclasses import replace
from typing import Any

import httpx
import pytest
from dependency_injector import providers
from litestar.testing import AsyncTestClient

from adapters.memory.system import FrozenClock
from adapters.mobilemoney.clickpesa import ClickPesa
from application.ports import ProviderUnavailable
from entrypoints.container import Container
from entrypoints.http.app import create_app
from entrypoints.settings import Settings
from fake_clickpesa import CHECKSUM_KEY, CLIENT_ID, FakeClickPesa, fake_clickpesa
from running_app import free_port
from tests_support import until

Client = AsyncTestClient[Any]
SYSTEM_ID = "dukasys7"
TOKEN = "metrics-token-for-the-operator"


@pytest.fixture()
def smsc_port() -> int:
    return free_port()  # nobody listens: the bind goes down with the connection's error


@pytest.fixture()
def settings(settings: Settings, smsc_port: int) -> Settings:
    return replace(settings, gateway=f"smpp://{SYSTEM_ID}:secret@127.0.0.1:{smsc_port}", metrics_token=TOKEN)


@pytest.fixture()
def fake() -> Iterator[FakeClickPesa]:
    with fake_clickpesa() as provider:
        yield provider


@pytest.fixture()
async def refused_provider(container: Container, clock: FrozenClock, fake: FakeClickPesa) -> str:
    """The real adapter with a key the provider refuses; what it says about it."""
    adapter = ClickPesa(fake.base_url, CLIENT_ID, "not-our-key", CHECKSUM_KEY, clock=clock,
                        initial_wait=0.01, max_wait=0.05)
    container.mobile_money.override(providers.Object(adapter))
    with pytest.raises(ProviderUnavailable) as refused:
        await adapter.reachable()
    return str(refused.value)


@pytest.fixture()
async def remote(container: Container, refused_provider: str) -> AsyncIterator[Client]:
    """A client from elsewhere (the test client's address is not loopback), once the bind is down."""
    async with AsyncTestClient(app=create_app(container)) as client:
        await until(lambda: all(bind.last_error for bind in container.smpp_gateway().status()))
        yield client


def secrets_of(container: Container, provider_error: str) -> list[str]:
    [bind] = container.smpp_gateway().status()
    assert bind.last_error and bind.address
    return [SYSTEM_ID, "127.0.0.1", str(bind.address), bind.last_error, provider_error]


async def test_health_and_readiness_say_states_only(remote: Client, container: Container, refused_provider: str,
                                                    smsc_port: int) -> None:
    health = await remote.get("/health")
    ready = await remote.get("/health/ready")

    assert health.status_code == 200 and ready.status_code == 503
    assert health.json()["data"] == {"status": "ok", "database": "ok", "worker": "off",
                                     "gateway": {"status": "degraded", "bound": 0, "binds": 1}}
    assert "gateway" in ready.json()["error"]["message"] and "mobile money" in ready.json()["error"]["message"]
    for body in (health.text, ready.text):
        for secret in secrets_of(container, refused_provider):
            assert secret not in body
        assert str(smsc_port) not in body


async def test_the_detail_is_the_operators(remote: Client, container: Container) -> None:
    refused = await remote.get("/health/detail")
    wrong = await remote.get("/health/detail", headers={"Authorization": "Bearer guess"})
    detail = await remote.get("/health/detail", headers={"Authorization": f"Bearer {TOKEN}"})

    assert (refused.status_code, wrong.status_code) == (401, 401)
    assert SYSTEM_ID not in refused.text + wrong.text
    assert detail.status_code == 200, detail.text
    [bind] = detail.json()["data"]["gateway"]["binds"]
    assert (bind["system_id"], bind["state"]) == (SYSTEM_ID, "down") and bind["last_error"]
    assert detail.json()["data"]["jobs"] == {"todo": 0, "doing": 0, "failed": 0}


async def test_without_a_token_the_detail_answers_loopback_clients_only(
        container: Container, settings: Settings) -> None:
    container.settings.override(providers.Object(replace(settings, metrics_token=None)))
    async with AsyncTestClient(app=create_app(container)) as elsewhere:
        refused = await elsewhere.get("/health/detail")
        transport = httpx.ASGITransport(app=elsewhere.app, client=("127.0.0.1", 41000))  # type: ignore[arg-type]
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as here:
            answer = await here.get("/health/detail")
            proxied = await here.get("/health/detail", headers={"X-Forwarded-For": "127.0.0.1"})
    assert (refused.status_code, proxied.status_code) == (403, 403)
    assert answer.status_code == 200, answer.text
