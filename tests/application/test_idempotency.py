"""The Idempotency-Key gate: the whole matrix, on the memory adapters with a controlled clock."""

from __future__ import annotations

from datetime import timedelta

import pytest

from adapters.memory.store import MemoryStore
from adapters.memory.system import FrozenClock, SequentialIds
from adapters.memory.uow import MemoryUnitOfWork
from application.idempotency import (
    ABANDONED_AFTER,
    REPLAY_WINDOW,
    IdempotencyGate,
    PurgeExpiredIdempotencyKeys,
    Replay,
)
from application.ports import Claim
from domain.errors import IdempotencyKeyReused, RequestInProgress, ValidationError
from tests_support import ids

ACCOUNT, OTHER_ACCOUNT = ids(1), ids(2)
SEND, BULK = "POST /v1/sms", "POST /v1/sms/bulk"
BODY = b'{"success":true,"data":{"message_id":"m1","status":"sent"}}'


@pytest.fixture()
def store() -> MemoryStore:
    return MemoryStore()


@pytest.fixture()
def clock() -> FrozenClock:
    return FrozenClock()


@pytest.fixture()
def gate(store: MemoryStore, clock: FrozenClock) -> IdempotencyGate:
    return IdempotencyGate(lambda: MemoryUnitOfWork(store), clock, SequentialIds())


async def claim(gate: IdempotencyGate, key: str = "k1", fingerprint: str = "fp1", *,
                account: str = ACCOUNT, route: str = SEND) -> Claim:
    outcome = await gate.begin(account, route, key, fingerprint)
    assert isinstance(outcome, Claim)
    return outcome


async def test_a_new_key_is_claimed_then_its_success_is_replayed(gate: IdempotencyGate) -> None:
    first = await claim(gate)
    await gate.complete(first, 200, BODY)
    assert await gate.begin(ACCOUNT, SEND, "k1", "fp1") == Replay(200, BODY)
    assert await gate.begin(ACCOUNT, SEND, "k1", "fp1") == Replay(200, BODY)


async def test_the_stored_status_is_replayed_as_it_was(gate: IdempotencyGate) -> None:
    await gate.complete(await claim(gate), 201, BODY)
    assert await gate.begin(ACCOUNT, SEND, "k1", "fp1") == Replay(201, BODY)


async def test_the_same_key_while_the_first_is_in_flight_is_in_progress(gate: IdempotencyGate) -> None:
    await claim(gate)
    with pytest.raises(RequestInProgress) as raised:
        await gate.begin(ACCOUNT, SEND, "k1", "fp1")
    assert raised.value.code == "request_in_progress"


async def test_the_same_key_with_a_different_request_is_refused(gate: IdempotencyGate) -> None:
    await gate.complete(await claim(gate), 200, BODY)
    with pytest.raises(IdempotencyKeyReused) as raised:
        await gate.begin(ACCOUNT, SEND, "k1", "fp2")
    assert raised.value.code == "idempotency_key_reused"
    assert raised.value.field == "Idempotency-Key"


async def test_a_different_request_under_an_in_flight_key_is_refused_too(gate: IdempotencyGate) -> None:
    await claim(gate)
    with pytest.raises(IdempotencyKeyReused):
        await gate.begin(ACCOUNT, SEND, "k1", "fp2")


@pytest.mark.parametrize("status", [400, 402, 403, 409, 429, 500, 503])
async def test_a_failed_original_is_not_stored_and_a_retry_runs_again(
    gate: IdempotencyGate, status: int
) -> None:
    await gate.complete(await claim(gate), status, b'{"success":false}')
    retry = await claim(gate)
    await gate.complete(retry, 200, BODY)
    assert await gate.begin(ACCOUNT, SEND, "k1", "fp1") == Replay(200, BODY)


async def test_a_released_key_can_even_carry_another_request(gate: IdempotencyGate) -> None:
    await gate.release(await claim(gate))
    await claim(gate, fingerprint="fp2")


async def test_a_stored_answer_is_replayed_for_24_hours_then_the_key_is_free(
    gate: IdempotencyGate, clock: FrozenClock
) -> None:
    await gate.complete(await claim(gate), 200, BODY)
    clock.advance((REPLAY_WINDOW - timedelta(seconds=1)).total_seconds())
    assert await gate.begin(ACCOUNT, SEND, "k1", "fp1") == Replay(200, BODY)
    clock.advance(1)
    renewed = await claim(gate, fingerprint="fp2")
    assert renewed.claimed_at == clock.now()


async def test_each_claim_names_a_new_operation_and_an_expired_key_starts_a_new_one(
    gate: IdempotencyGate, clock: FrozenClock
) -> None:
    first = await claim(gate)
    other = await claim(gate, key="k2")
    assert first.operation_id != other.operation_id
    await gate.complete(first, 200, BODY)
    clock.advance(REPLAY_WINDOW.total_seconds())
    assert (await claim(gate)).operation_id not in {first.operation_id, other.operation_id}


async def test_a_retry_after_a_failure_resumes_the_same_operation(gate: IdempotencyGate) -> None:
    # The first attempt may have paid for its message before it failed (a 500 after the debit):
    # its retry must finish that message, not pay for and send a second one.
    failed = await claim(gate)
    await gate.release(failed)
    retry = await claim(gate)
    assert retry.operation_id == failed.operation_id
    await gate.release(retry)
    other_request = await claim(gate, fingerprint="fp2")
    assert other_request.operation_id != failed.operation_id


async def test_a_claim_abandoned_by_a_crash_is_taken_over(
    gate: IdempotencyGate, clock: FrozenClock
) -> None:
    crashed = await claim(gate)
    clock.advance((ABANDONED_AFTER - timedelta(seconds=1)).total_seconds())
    with pytest.raises(RequestInProgress):
        await gate.begin(ACCOUNT, SEND, "k1", "fp1")
    clock.advance(1)
    retry = await claim(gate)
    # The retry resumes the crashed request's operation (its message may be paid for, even sent).
    assert retry.operation_id == crashed.operation_id
    # The original, if it was only slow, can no longer overwrite or free the new claim.
    await gate.complete(crashed, 200, b"stale")
    await gate.release(crashed)
    with pytest.raises(RequestInProgress):
        await gate.begin(ACCOUNT, SEND, "k1", "fp1")
    await gate.complete(retry, 200, BODY)
    assert await gate.begin(ACCOUNT, SEND, "k1", "fp1") == Replay(200, BODY)


async def test_a_completed_answer_is_never_taken_over_as_abandoned(
    gate: IdempotencyGate, clock: FrozenClock
) -> None:
    await gate.complete(await claim(gate), 200, BODY)
    clock.advance(hours=2)
    assert await gate.begin(ACCOUNT, SEND, "k1", "fp1") == Replay(200, BODY)


async def test_keys_are_scoped_per_account_and_per_route(gate: IdempotencyGate) -> None:
    await gate.complete(await claim(gate), 200, BODY)
    other_account = await claim(gate, account=OTHER_ACCOUNT, fingerprint="fp-other")
    other_route = await claim(gate, route=BULK, fingerprint="fp-bulk")
    await gate.complete(other_account, 200, b"other account")
    await gate.complete(other_route, 200, b"bulk")
    assert await gate.begin(ACCOUNT, SEND, "k1", "fp1") == Replay(200, BODY)
    assert await gate.begin(OTHER_ACCOUNT, SEND, "k1", "fp-other") == Replay(200, b"other account")
    assert await gate.begin(ACCOUNT, BULK, "k1", "fp-bulk") == Replay(200, b"bulk")


@pytest.mark.parametrize("key", ["", "x" * 129, "ключ", "tab\tinside", "line\nbreak", "   "])
async def test_a_key_that_is_not_1_to_128_printable_ascii_is_a_validation_error(
    gate: IdempotencyGate, store: MemoryStore, key: str
) -> None:
    with pytest.raises(ValidationError) as raised:
        await gate.begin(ACCOUNT, SEND, key, "fp1")
    assert raised.value.field == "Idempotency-Key"
    assert not store.table("idempotency_keys")


async def test_a_128_character_key_is_accepted(gate: IdempotencyGate) -> None:
    await claim(gate, key="k" * 127 + "~")


async def test_purge_deletes_expired_keys_only_in_batches(
    store: MemoryStore, clock: FrozenClock, gate: IdempotencyGate
) -> None:
    for n in range(5):
        await gate.complete(await claim(gate, key=f"old-{n}"), 200, BODY)
    await claim(gate, key="old-in-flight")
    clock.advance(hours=23)
    await gate.complete(await claim(gate, key="recent"), 200, BODY)
    clock.advance(hours=1)
    purge = PurgeExpiredIdempotencyKeys(lambda: MemoryUnitOfWork(store), clock, batch_size=2)
    assert await purge() == 6
    assert [key for (_, _, key) in store.table("idempotency_keys")] == ["recent"]
    assert await purge() == 0
    assert await gate.begin(ACCOUNT, SEND, "recent", "fp1") == Replay(200, BODY)
