"""Idempotency keys: a request's claim on its key, and the answer kept for replay."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Protocol


@dataclass(frozen=True, slots=True)
class IdempotencyRecord:
    account_id: str
    route: str
    key: str
    fingerprint: str  # of the request that claimed the key (method, path, body)
    operation_id: str  # what the request creates under this key (message id, batch id)
    claimed_at: datetime | None  # None once released: no request holds the key
    expires_at: datetime
    response_status: int | None = None  # set once the request succeeded
    response_body: bytes | None = None


@dataclass(frozen=True, slots=True)
class Claim:
    """The right to run the request; handed back to `complete` or `release`."""

    account_id: str
    route: str
    key: str
    claimed_at: datetime
    operation_id: str  # the id the use case gives what it creates; the same on a takeover


class IdempotencyKeys(Protocol):
    async def claim(self, record: IdempotencyRecord) -> bool:
        """Take the key unless it is taken already (one of two concurrent claims wins); True when
        this claim took it."""
        ...

    async def get_for_update(self, account_id: str, route: str, key: str) -> IdempotencyRecord | None:
        """The key's record, held by this unit of work until it ends (no other may change it)."""
        ...

    async def replace(self, record: IdempotencyRecord) -> None:
        """Put a new claim (operation id included) in place of a held expired or abandoned one."""
        ...

    async def complete(self, claim: Claim, status: int, body: bytes, at: datetime) -> None:
        """Store the response, if the claim is still the one held."""
        ...

    async def release(self, claim: Claim) -> None:
        """Free the key (its record and operation id stay), if the claim is still the one held."""
        ...

    async def forget(self, claim: Claim) -> None:
        """Forget the key, if the claim is still the one held: the next request under the
        key starts a new operation."""
        ...

    async def purge_expired(self, now: datetime, limit: int) -> int:
        """Forget up to `limit` keys expired at `now`; how many went."""
        ...
