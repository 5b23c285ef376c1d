"""Idempotency-Key: a retried request is answered once (decision: idempotency keys).

The first request with a key claims it, and the claim commits before the work runs, so a
concurrent duplicate sees it and gets `request_in_progress`. A successful response is stored
and replayed for 24 hours to every retry with the same request; a failure releases the claim
so a retry runs again, and so does an answer whose operation ended failed (a single send the
gateway rejected). Keys are scoped to (account, route).

A key stands for one operation (a message id, a batch id) and the claim carries its id. A
retry of the same request after a failure, or one that takes over a claim abandoned by a
crashed process, gets the same id, so the use case resumes that operation (perhaps paid for,
even submitted, before the failure) instead of running a second one. Another request under a
released or expired key starts a new operation.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from application.ports import Claim, Clock, IdempotencyRecord, IdGenerator, UnitOfWorkFactory
from domain.errors import IdempotencyKeyReused, RequestInProgress
from domain.idempotency import validate_idempotency_key

REPLAY_WINDOW = timedelta(hours=24)
# A claim this old belongs to a process that died mid-request. Generous on purpose: taking
# over a claim whose request is in fact still running would run it twice.
ABANDONED_AFTER = timedelta(minutes=5)


@dataclass(frozen=True, slots=True)
class Replay:
    """The stored answer of the request that used the key first."""

    status: int
    body: bytes


class IdempotencyGate:
    """What a send route calls around its use case: begin, then complete or release."""

    def __init__(
        self,
        uow: UnitOfWorkFactory,
        clock: Clock,
        ids: IdGenerator,
        *,
        window: timedelta = REPLAY_WINDOW,
        abandoned_after: timedelta = ABANDONED_AFTER,
    ) -> None:
        self._uow = uow
        self._clock = clock
        self._ids = ids
        self._window = window
        self._abandoned_after = abandoned_after

    async def begin(self, account_id: str, route: str, key: str, fingerprint: str) -> Claim | Replay:
        """A claim to run the request, or the stored answer to replay.

        Raises `IdempotencyKeyReused` for another request under the same key and
        `RequestInProgress` while the first request with this key is running.
        """
        validate_idempotency_key(key)
        now = self._clock.now()
        fresh = IdempotencyRecord(account_id, route, key, fingerprint, self._ids.new_id(), now,
                                  now + self._window)
        async with self._uow() as uow:
            if not await uow.idempotency_keys.claim(fresh):
                held = await uow.idempotency_keys.get_for_update(account_id, route, key)
                if held is None:  # purged as expired since our insert; a second miss is contention
                    if not await uow.idempotency_keys.claim(fresh):
                        raise RequestInProgress()
                else:
                    taken = self._take_over(held, fresh, now)
                    if isinstance(taken, Replay):
                        return taken
                    fresh = taken
                    await uow.idempotency_keys.replace(fresh)
            await uow.commit()
        return Claim(account_id, route, key, now, fresh.operation_id)

    def _take_over(self, held: IdempotencyRecord, fresh: IdempotencyRecord,
                   now: datetime) -> IdempotencyRecord | Replay:
        """The claim to write over the key's row, or its stored answer; raises when the key is
        busy (`RequestInProgress`) or another request's (`IdempotencyKeyReused`)."""
        released = held.claimed_at is None
        if held.expires_at <= now or (released and held.fingerprint != fresh.fingerprint):
            return fresh  # expired, or released by a failed request: free for a new operation
        if held.fingerprint != fresh.fingerprint:
            raise IdempotencyKeyReused(field="Idempotency-Key")
        if held.response_status is not None and held.response_body is not None:
            return Replay(held.response_status, held.response_body)
        if held.claimed_at is not None and held.claimed_at + self._abandoned_after > now:
            raise RequestInProgress()
        # The same request again after a failure, or after its process died: it resumes the same
        # operation, which the first attempt may have paid for or even submitted.
        return replace(fresh, operation_id=held.operation_id)

    async def complete(self, claim: Claim, status: int, body: bytes) -> None:
        """Store a successful (2xx) answer for replay; any other answer releases the key."""
        if not 200 <= status < 300:
            await self.release(claim)
            return
        async with self._uow() as uow:
            await uow.idempotency_keys.complete(claim, status, body, self._clock.now())
            await uow.commit()

    async def release(self, claim: Claim) -> None:
        """The request failed: free the key, so a retry runs again (resuming its operation)."""
        async with self._uow() as uow:
            await uow.idempotency_keys.release(claim)
            await uow.commit()

    async def forget(self, claim: Claim) -> None:
        """The request answered, but with an operation that ended failed (a send the gateway
        rejected, refunded): nothing is stored, and a retry runs again as a new operation
        (resuming the failed one would only answer its failure again)."""
        async with self._uow() as uow:
            await uow.idempotency_keys.forget(claim)
            await uow.commit()


class PurgeExpiredIdempotencyKeys:
    """Delete keys past their replay window, in batches (a scheduled job runs it)."""

    def __init__(self, uow: UnitOfWorkFactory, clock: Clock, *, batch_size: int = 1000) -> None:
        self._uow = uow
        self._clock = clock
        self._batch_size = batch_size

    async def __call__(self) -> int:
        now = self._clock.now()
        purged = 0
        while True:
            async with self._uow() as uow:
                deleted = await uow.idempotency_keys.purge_expired(now, self._batch_size)
                await uow.commit()
            purged += deleted
            if deleted < self._batch_size:
                return purged

