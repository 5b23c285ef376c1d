"""The account's Google connection and its consents under way, in memory."""

from __future__ import annotations

from datetime import datetime

from adapters.memory.store import MemoryStore
from application.ports import GoogleConnection


class MemoryGoogleConnections:
    def __init__(self, store: MemoryStore) -> None:
        self._store = store

    def _connections(self) -> dict[str, GoogleConnection]:
        rows: dict[str, GoogleConnection] = self._store.table("google_connections")
        return rows

    def _states(self) -> dict[tuple[str, str], datetime]:
        rows: dict[tuple[str, str], datetime] = self._store.table("google_oauth_states")
        return rows

    async def get(self, account_id: str) -> GoogleConnection | None:
        return self._connections().get(account_id)

    async def save(self, connection: GoogleConnection) -> None:
        self._connections()[connection.account_id] = connection

    async def update(self, connection: GoogleConnection) -> bool:
        if connection.account_id not in self._connections():
            return False
        self._connections()[connection.account_id] = connection
        return True

    async def delete(self, account_id: str) -> bool:
        return self._connections().pop(account_id, None) is not None

    async def add_state(self, account_id: str, state_digest: str, created_at: datetime,
                        expires_at: datetime) -> None:
        states = self._states()
        for key in [key for key, expiry in states.items() if key[0] == account_id and expiry <= created_at]:
            del states[key]
        states[(account_id, state_digest)] = expires_at

    async def take_state(self, account_id: str, state_digest: str, now: datetime) -> bool:
        expires_at = self._states().pop((account_id, state_digest), None)
        return expires_at is not None and expires_at > now
