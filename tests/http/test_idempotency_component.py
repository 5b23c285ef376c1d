"""The Idempotency-Key component over HTTP, around a use case that counts its runs.

The real send routes are covered in test_idempotency_sends.py; this one pins the component's
own behaviour (in flight, failures, expiry) with a use case the test controls.
"""

from __future__ import annotations

import hashlib
from collections.abc import AsyncIterator
from datetime import timedelta
from typing import Any

import psycopg
import pytest
from litestar import Request, Response, post
from litestar.di import NamedDependency
from litestar.params import JSONBody
from litestar.testing import AsyncTestClient

from adapters.memory.system import FrozenClock
from application.idempotency import IdempotencyGate
from domain.errors import InsufficientCredits
from entrypoints.container import Container
from entrypoints.http.app import create_app
from entrypoints.http.auth import API_KEY, JWT, Principal, authenticated
from entrypoints.http.dependencies import provide
from entrypoints.http.envelope import Envelope
from entrypoints.http.idempotency import idempotent
from http_helpers import error_of


OPERATION = "00000000-0000-4000-8000-0000000000aa"


class Probe:
    """What the route's use case does: counts runs, fails on demand."""

    def __init__(self) -> None:
        self.runs = 0
        self.fail = False
        self.outcome = "done"  # what the run answers; "failed" is an operation that ended failed
        self.operations: list[str | None] = []  # the operation id each run was given

    async def __call__(self, data: dict[str, Any], operation_id: str | None) -> dict[str, Any]:
        self.runs += 1
        self.operations.append(operation_id)
        if self.fail:
            raise InsufficientCredits()
        return {"run": self.runs, "echo": data, "outcome": self.outcome}


@pytest.fixture()
def probe() -> Probe:
    return Probe()


@pytest.fixture()
async def client(container: Container, probe: Probe) -> AsyncIterator[AsyncTestClient]:  # type: ignore[type-arg]
    @post("/probe", status_code=201, dependencies={
        "principal": authenticated(API_KEY, JWT), "idempotency": provide(Container.idempotency)})
    async def probe_route(request: Request[Any, Any, Any], principal: NamedDependency[Principal],
                          idempotency: NamedDependency[IdempotencyGate],
                          data: JSONBody[dict[str, Any]]) -> Response[Envelope[dict[str, Any]]]:
        return await idempotent(request, principal, idempotency, lambda operation_id: probe(data, operation_id),
                                status_code=201, failed=lambda result: result["outcome"] == "failed")

    async with AsyncTestClient(app=create_app(container, extra_route_handlers=[probe_route])) as test_client:
        yield test_client


def keyed(account, key: str = "key-1") -> dict[str, str]:  # type: ignore[no-untyped-def]
    return {**account.key_headers, "Idempotency-Key": key}


async def test_without_a_key_every_request_runs(client: AsyncTestClient, make_account, probe: Probe) -> None:
    account = await make_account()
    for _ in range(2):
        response = await client.post("/probe", json={"a": 1}, headers=account.key_headers)
        assert response.status_code == 201 and "idempotent-replay" not in response.headers
    assert probe.runs == 2
    assert probe.operations == [None, None]  # the use case makes its own ids


async def test_a_replay_returns_the_stored_envelope_byte_for_byte(
    client: AsyncTestClient, make_account, probe: Probe
) -> None:
    account = await make_account()
    first = await client.post("/probe", json={"a": 1}, headers=keyed(account))
    assert first.status_code == 201 and "idempotent-replay" not in first.headers
    assert first.json()["data"] == {"run": 1, "echo": {"a": 1}, "outcome": "done"}
    again = await client.post("/probe/", json={"a": 1}, headers=keyed(account))
    assert again.status_code == 201
    assert again.headers["idempotent-replay"] == "true"
    assert again.content == first.content  # the original request_id and timestamp included
    assert again.headers["content-type"].startswith("application/json")
    assert probe.runs == 1


async def test_the_same_key_with_another_body_is_422(client: AsyncTestClient, make_account, probe: Probe) -> None:
    account = await make_account()
    await client.post("/probe", json={"a": 1}, headers=keyed(account))
    response = await client.post("/probe", json={"a": 2}, headers=keyed(account))
    assert response.status_code == 422
    assert error_of(response) == ("idempotency_key_reused", "Idempotency-Key")
    assert probe.runs == 1


async def test_the_same_key_while_the_first_is_in_flight_is_409_until_it_is_abandoned(
    client: AsyncTestClient, make_account, probe: Probe, clock: FrozenClock, clean_database: str
) -> None:
    # The test client serves one request at a time, so the first request's claim is written
    # the way the gate writes it (a request that started and has not finished).
    account = await make_account()
    body = b'{"a":1}'
    fingerprint = hashlib.sha256(b"POST /probe\n" + body).hexdigest()
    with psycopg.connect(clean_database) as conn:
        conn.execute(
            "INSERT INTO idempotency_keys (account_id, route, idempotency_key, fingerprint,"
            " operation_id, claimed_at, expires_at) VALUES (%s, 'POST /probe', 'key-1', %s, %s, %s, %s)",
            (account.id, fingerprint, OPERATION, clock.now(), clock.now() + timedelta(hours=24)),
        )
    headers = {**keyed(account), "Content-Type": "application/json"}
    second = await client.post("/probe", content=body, headers=headers)
    assert second.status_code == 409
    assert error_of(second)[0] == "request_in_progress"
    other_body = await client.post("/probe", content=b'{"a":2}', headers=headers)
    assert error_of(other_body)[0] == "idempotency_key_reused"
    assert probe.runs == 0
    clock.advance(minutes=5)  # the first request's process died: its claim is abandoned
    retried = await client.post("/probe", content=body, headers=headers)
    assert retried.status_code == 201 and probe.runs == 1
    assert probe.operations == [OPERATION]  # the abandoned request's operation, resumed
    replayed = await client.post("/probe", content=body, headers=headers)
    assert replayed.headers["idempotent-replay"] == "true" and replayed.content == retried.content


async def test_a_failed_original_is_not_stored_and_the_retry_runs(
    client: AsyncTestClient, make_account, probe: Probe
) -> None:
    account = await make_account()
    probe.fail = True
    failed = await client.post("/probe", json={"a": 1}, headers=keyed(account))
    assert failed.status_code == 402 and error_of(failed)[0] == "insufficient_credits"
    probe.fail = False
    retried = await client.post("/probe", json={"a": 1}, headers=keyed(account))
    assert retried.status_code == 201 and "idempotent-replay" not in retried.headers
    assert retried.json()["data"]["run"] == 2


async def test_an_answer_whose_operation_failed_is_not_stored_and_the_retry_is_a_new_operation(
    client: AsyncTestClient, make_account, probe: Probe
) -> None:
    account = await make_account()
    probe.outcome = "failed"
    first = await client.post("/probe", json={"a": 1}, headers=keyed(account))
    assert first.status_code == 201 and first.json()["data"]["outcome"] == "failed"
    probe.outcome = "done"
    retried = await client.post("/probe", json={"a": 1}, headers=keyed(account))
    assert retried.status_code == 201 and "idempotent-replay" not in retried.headers
    assert probe.runs == 2 and probe.operations[0] != probe.operations[1]  # not a resume of the failed one
    replayed = await client.post("/probe", json={"a": 1}, headers=keyed(account))
    assert replayed.headers["idempotent-replay"] == "true" and replayed.content == retried.content


async def test_the_same_json_written_another_way_is_the_same_request(
    client: AsyncTestClient, make_account, probe: Probe
) -> None:
    account = await make_account()
    headers = {**keyed(account), "Content-Type": "application/json"}
    first = await client.post("/probe", content=rb'{"to": "0712345678", "message": "Habari \u00e9"}', headers=headers)
    assert first.status_code == 201
    same = await client.post("/probe", content='{\n  "message":"Habari é",\n  "to":"0712345678"\n}'.encode(),
                             headers=headers)
    assert same.headers["idempotent-replay"] == "true" and same.content == first.content
    other = await client.post("/probe", content=b'{"to": "0712345678", "message": "Habari e"}', headers=headers)
    assert other.status_code == 422 and error_of(other) == ("idempotency_key_reused", "Idempotency-Key")
    assert probe.runs == 1


async def test_a_stored_answer_expires_after_24_hours(
    client: AsyncTestClient, make_account, probe: Probe, clock: FrozenClock
) -> None:
    account = await make_account()
    await client.post("/probe", json={"a": 1}, headers=keyed(account))
    clock.advance(hours=23, minutes=59)
    assert (await client.post("/probe", json={"a": 1}, headers=keyed(account))).headers.get(
        "idempotent-replay") == "true"
    clock.advance(minutes=1)
    fresh = await client.post("/probe", json={"a": 2}, headers=keyed(account))
    assert fresh.status_code == 201 and "idempotent-replay" not in fresh.headers
    assert probe.runs == 2


async def test_keys_are_scoped_per_account(client: AsyncTestClient, make_account, probe: Probe) -> None:
    one, two = await make_account(), await make_account()
    await client.post("/probe", json={"a": 1}, headers=keyed(one))
    other = await client.post("/probe", json={"b": 2}, headers=keyed(two))
    assert other.status_code == 201 and "idempotent-replay" not in other.headers
    assert probe.runs == 2


@pytest.mark.parametrize("key", ["x" * 129, "", "  ", "caf\u00e9".encode()])
async def test_a_bad_key_is_400_naming_the_header(client: AsyncTestClient, make_account, probe: Probe,
                                                   key: str | bytes) -> None:
    account = await make_account()
    headers = {**account.key_headers, "Idempotency-Key": key}
    response = await client.post("/probe", json={"a": 1}, headers=headers)
    assert response.status_code == 400
    assert error_of(response) == ("validation_error", "Idempotency-Key")
    assert probe.runs == 0


async def test_a_128_character_key_is_fine(client: AsyncTestClient, make_account) -> None:
    account = await make_account()
    response = await client.post("/probe", json={"a": 1}, headers=keyed(account, "k" * 128))
    assert response.status_code == 201


async def test_an_answer_the_database_could_not_store_is_still_answered_and_a_retry_resumes_it(
    client: AsyncTestClient, make_account, probe: Probe, clock: FrozenClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    account = await make_account()

    async def database_gone(*args: object) -> None:
        raise psycopg.OperationalError("server closed the connection unexpectedly")

    with monkeypatch.context() as patch:
        patch.setattr(IdempotencyGate, "complete", database_gone)
        first = await client.post("/probe", json={"a": 1}, headers=keyed(account))
    assert first.status_code == 201 and first.json()["data"]["run"] == 1  # done: answered, not a 5xx
    clock.advance(minutes=5)  # the claim was never completed: a retry takes it over
    retried = await client.post("/probe", json={"a": 1}, headers=keyed(account))
    assert retried.status_code == 201 and probe.operations == [probe.operations[0]] * 2  # resumed, same operation
