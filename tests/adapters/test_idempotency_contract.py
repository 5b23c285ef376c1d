"""Idempotency keys behave alike in memory and in PostgreSQL; the claim is race-free."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from adapters.memory.system import FrozenClock, SequentialIds
from application.idempotency import IdempotencyGate, Replay
from application.ports import Claim, IdempotencyRecord
from domain.errors import RequestInProgress
from tests_support import ids

ACCOUNT, OTHER = ids(1), ids(2)
ROUTE = "POST /v1/sms"
OPERATION = ids(100)
T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def record(key: str = "k1", *, account: str = ACCOUNT, route: str = ROUTE, fingerprint: str = "fp1",
           operation: str = OPERATION, at: datetime = T0,
           expires: timedelta = timedelta(hours=24)) -> IdempotencyRecord:
    return IdempotencyRecord(account, route, key, fingerprint, operation, at, at + expires)


def claim_of(r: IdempotencyRecord) -> Claim:
    return Claim(r.account_id, r.route, r.key, r.claimed_at, r.operation_id)


@pytest.fixture()
async def seeded(backend):
    await backend.seed_account(ACCOUNT)
    await backend.seed_account(OTHER)
    return backend


async def test_a_key_is_claimed_once_per_account_and_route(seeded) -> None:
    async with seeded.uow() as uow:
        assert await uow.idempotency_keys.claim(record()) is True
        assert await uow.idempotency_keys.claim(record(fingerprint="other")) is False
        assert await uow.idempotency_keys.claim(record(account=OTHER)) is True
        assert await uow.idempotency_keys.claim(record(route="POST /v1/sms/bulk")) is True
        await uow.commit()
    async with seeded.uow() as uow:
        assert await uow.idempotency_keys.get_for_update(ACCOUNT, ROUTE, "k1") == record()
        assert await uow.idempotency_keys.get_for_update(ACCOUNT, ROUTE, "nope") is None


async def test_completion_stores_the_response_bytes_for_the_holder_only(seeded) -> None:
    body = '{"data":{"to":"+255712345678","message":"Habari — ✓"}}'.encode()
    async with seeded.uow() as uow:
        await uow.idempotency_keys.claim(record())
        stale = Claim(ACCOUNT, ROUTE, "k1", T0 - timedelta(minutes=10), OPERATION)
        await uow.idempotency_keys.complete(stale, 200, b"stale", T0)
        await uow.idempotency_keys.release(stale)
        assert await uow.idempotency_keys.get_for_update(ACCOUNT, ROUTE, "k1") == record()
        await uow.idempotency_keys.complete(claim_of(record()), 201, body, T0)
        await uow.commit()
    async with seeded.uow() as uow:
        stored = await uow.idempotency_keys.get_for_update(ACCOUNT, ROUTE, "k1")
        assert stored is not None
        assert (stored.response_status, stored.response_body) == (201, body)
        # A completed answer is never released (only failed claims are).
        await uow.idempotency_keys.release(claim_of(record()))
        assert await uow.idempotency_keys.get_for_update(ACCOUNT, ROUTE, "k1") == stored


async def test_release_frees_the_key_but_keeps_its_operation(seeded) -> None:
    async with seeded.uow() as uow:
        await uow.idempotency_keys.claim(record())
        await uow.idempotency_keys.release(claim_of(record()))
        await uow.commit()
    async with seeded.uow() as uow:
        released = await uow.idempotency_keys.get_for_update(ACCOUNT, ROUTE, "k1")
        assert released == replace(record(), claimed_at=None)
        # Nothing holds it: completing or releasing under the old claim changes nothing.
        await uow.idempotency_keys.complete(claim_of(record()), 200, b"late", T0)
        assert await uow.idempotency_keys.get_for_update(ACCOUNT, ROUTE, "k1") == released


async def test_forget_deletes_the_row_of_the_claim_still_held_only(seeded) -> None:
    async with seeded.uow() as uow:
        await uow.idempotency_keys.claim(record())
        await uow.idempotency_keys.claim(record("k2"))
        await uow.idempotency_keys.complete(claim_of(record("k2")), 200, b"done", T0)
        await uow.idempotency_keys.forget(Claim(ACCOUNT, ROUTE, "k1", T0 - timedelta(minutes=10), OPERATION))
        await uow.idempotency_keys.forget(claim_of(record("k2")))  # completed: stays
        assert await uow.idempotency_keys.get_for_update(ACCOUNT, ROUTE, "k1") == record()
        await uow.idempotency_keys.forget(claim_of(record()))
        await uow.commit()
    async with seeded.uow() as uow:
        assert await uow.idempotency_keys.get_for_update(ACCOUNT, ROUTE, "k1") is None
        assert await uow.idempotency_keys.get_for_update(ACCOUNT, ROUTE, "k2") is not None
        assert await uow.idempotency_keys.claim(record(operation=ids(101))) is True  # a new operation


async def test_replace_takes_over_a_row_as_a_fresh_claim(seeded) -> None:
    later = record(fingerprint="fp2", at=T0 + timedelta(days=1))
    async with seeded.uow() as uow:
        await uow.idempotency_keys.claim(record())
        await uow.idempotency_keys.complete(claim_of(record()), 200, b"old", T0)
        await uow.idempotency_keys.replace(later)
        await uow.commit()
    async with seeded.uow() as uow:
        assert await uow.idempotency_keys.get_for_update(ACCOUNT, ROUTE, "k1") == later


async def test_purge_removes_expired_rows_up_to_the_limit(seeded) -> None:
    async with seeded.uow() as uow:
        for n in range(3):
            await uow.idempotency_keys.claim(record(f"old{n}", expires=timedelta(hours=n)))
        await uow.idempotency_keys.claim(record("fresh", expires=timedelta(hours=30)))
        await uow.commit()
    now = T0 + timedelta(hours=24)
    async with seeded.uow() as uow:
        assert await uow.idempotency_keys.purge_expired(now, 2) == 2
        assert await uow.idempotency_keys.purge_expired(now, 2) == 1
        assert await uow.idempotency_keys.purge_expired(now, 2) == 0
        await uow.commit()
    async with seeded.uow() as uow:
        assert await uow.idempotency_keys.get_for_update(ACCOUNT, ROUTE, "fresh") is not None
        for n in range(3):
            assert await uow.idempotency_keys.get_for_update(ACCOUNT, ROUTE, f"old{n}") is None


async def test_nothing_is_kept_without_commit(seeded) -> None:
    async with seeded.uow() as uow:
        await uow.idempotency_keys.claim(record())
    async with seeded.uow() as uow:
        assert await uow.idempotency_keys.get_for_update(ACCOUNT, ROUTE, "k1") is None


async def test_racing_requests_with_one_key_let_exactly_one_run(seeded) -> None:
    gate = IdempotencyGate(seeded.uow, FrozenClock(T0), SequentialIds())

    async def attempt() -> str:
        try:
            outcome = await gate.begin(ACCOUNT, ROUTE, "race", "fp1")
        except RequestInProgress:
            return "in progress"
        assert isinstance(outcome, Claim)
        return "claimed"

    outcomes = await asyncio.gather(*(attempt() for _ in range(20)))
    assert sorted(outcomes) == ["claimed"] + ["in progress"] * 19


async def test_racing_takeovers_of_an_abandoned_claim_let_exactly_one_run(seeded) -> None:
    clock = FrozenClock(T0)
    gate = IdempotencyGate(seeded.uow, clock, SequentialIds())
    abandoned = await gate.begin(ACCOUNT, ROUTE, "race", "fp1")
    assert isinstance(abandoned, Claim)
    clock.advance(hours=1)

    async def attempt() -> object:
        try:
            return await gate.begin(ACCOUNT, ROUTE, "race", "fp1")
        except RequestInProgress as exc:
            return exc.code

    outcomes = await asyncio.gather(*(attempt() for _ in range(10)))
    claims = [o for o in outcomes if isinstance(o, Claim)]
    assert len(claims) == 1 and outcomes.count("request_in_progress") == 9
    assert claims[0].operation_id == abandoned.operation_id  # the same send, resumed
    await gate.complete(claims[0], 200, b"done")
    assert await gate.begin(ACCOUNT, ROUTE, "race", "fp1") == Replay(200, b"done")
