"""Idempotency keys in memory (the unit of work's lock makes the claim atomic)."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from adapters.memory.store import MemoryStore
from application.ports import Claim, IdempotencyRecord

_Key = tuple[str, str, str]


class MemoryIdempotencyKeys:
    def __init__(self, store: MemoryStore) -> None:
        self._store = store

    def _rows(self) -> dict[_Key, IdempotencyRecord]:
        rows: dict[_Key, IdempotencyRecord] = self._store.table("idempotency_keys")
        return rows

    def _held(self, claim: Claim) -> IdempotencyRecord | None:
        """The row, if it is still the claim's and not completed yet."""
        record = self._rows().get((claim.account_id, claim.route, claim.key))
        if record is None or record.claimed_at != claim.claimed_at or record.response_status is not None:
            return None
        return record

    async def claim(self, record: IdempotencyRecord) -> bool:
        key = (record.account_id, record.route, record.key)
        if key in self._rows():
            return False
        self._rows()[key] = record
        return True

    async def get_for_update(self, account_id: str, route: str, key: str) -> IdempotencyRecord | None:
        return self._rows().get((account_id, route, key))

    async def replace(self, record: IdempotencyRecord) -> None:
        self._rows()[(record.account_id, record.route, record.key)] = record

    async def complete(self, claim: Claim, status: int, body: bytes, at: datetime) -> None:
        record = self._held(claim)
        if record is not None:
            self._rows()[(claim.account_id, claim.route, claim.key)] = replace(
                record, response_status=status, response_body=body
            )

    async def release(self, claim: Claim) -> None:
        record = self._held(claim)
        if record is not None:
            self._rows()[(claim.account_id, claim.route, claim.key)] = replace(record, claimed_at=None)

    async def forget(self, claim: Claim) -> None:
        if self._held(claim) is not None:
            del self._rows()[(claim.account_id, claim.route, claim.key)]

    async def purge_expired(self, now: datetime, limit: int) -> int:
        rows = self._rows()
        expired = sorted((r for r in rows.values() if r.expires_at <= now), key=lambda r: r.expires_at)
        for record in expired[:limit]:
            del rows[(record.account_id, record.route, record.key)]
        return len(expired[:limit])
