"""`/health/ready` names each part that fails: the database; the job queue when a due job has
waited minutes for a worker; the mobile-money provider — the real ClickPesa adapter against the
fake provider over loopback (tests/fake_clickpesa.py) — when it refuses our credentials or is
not there at all."""

from __future__ import annotations

from collections.abc import Iterator

import uuid
from typing import Any

import pytest
from dependency_injector import providers
from litestar.testing import AsyncTestClient
from psycopg_pool import AsyncConnectionPool

from adapters.memory.system import FrozenClock
from adapters.mobilemoney.clickpesa import ClickPesa
from application.webhooks.deliveries import DELIVER_WEBHOOK
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


async def test_not_ready_names_the_job_queue_when_a_due_job_waits_minutes_for_a_worker(
        client: AsyncTestClient[Any], container: Container) -> None:
    await container.job_queue().defer(DELIVER_WEBHOOK, {"account_id": str(uuid.uuid4()),
                                                        "delivery_id": str(uuid.uuid4())})
    assert (await client.get("/health/ready")).status_code == 200  # just deferred: a worker has time
    async with container.pool().connection() as conn:  # nobody took it for six minutes
        await conn.execute("UPDATE procrastinate_events SET at = at - interval '6 minutes' WHERE type = 'deferred'")

    ready = await client.get("/health/ready")

    assert ready.status_code == 503, ready.text
    message = ready.json()["error"]["message"]
    assert "job queue" in message and "webhooks 36" in message and "database" not in message
    assert (await client.get("/health")).status_code == 200


async def test_not_ready_names_the_database_when_it_does_not_answer(
        client: AsyncTestClient[Any], container: Container) -> None:
    nowhere = AsyncConnectionPool(f"postgresql://ujumbe@127.0.0.1:{free_port()}/ujumbe", open=False)
    with container.pool.override(providers.Object(nowhere)):
        ready = await client.get("/health/ready")
        health = await client.get("/health")
    assert ready.status_code == 503, ready.text
    assert "database" in ready.json()["error"]["message"]
    assert health.status_code == 503


async def test_a_job_waiting_behind_a_running_job_of_its_lock_is_not_a_stalled_queue(
        client: AsyncTestClient[Any], container: Container) -> None:
    """A long campaign run holds its lock; its next run, queued behind it, waits for that run, not
    for a worker."""
    for _ in range(2):
        await container.job_queue().defer(DELIVER_WEBHOOK, {"account_id": str(uuid.uuid4()),
                                                            "delivery_id": str(uuid.uuid4())}, lock="campaign-1")
    async with container.pool().connection() as conn:  # the first runs; the second has waited six minutes
        await conn.execute("UPDATE procrastinate_jobs SET status = 'doing'"
                           " WHERE id = (SELECT min(id) FROM procrastinate_jobs)")
        await conn.execute("UPDATE procrastinate_events SET at = at - interval '6 minutes' WHERE type = 'deferred'")

    ready = await client.get("/health/ready")

    assert ready.status_code == 200, ready.text
