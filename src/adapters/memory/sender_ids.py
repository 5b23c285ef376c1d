"""Sender IDs in memory."""

from __future__ import annotations

from adapters.memory.store import MemoryStore
from application.ports import SenderId


class MemorySenderIds:
    def __init__(self, store: MemoryStore) -> None:
        self._store = store

    def _rows(self) -> dict[tuple[str, str], SenderId]:
        rows: dict[tuple[str, str], SenderId] = self._store.table("sender_ids")
        return rows

    async def add(self, account_id: str, sender: SenderId) -> bool:
        return self._rows().setdefault((account_id, sender.sender_id), sender) is sender

    async def remove(self, account_id: str, sender_id: str) -> bool:
        return self._rows().pop((account_id, sender_id), None) is not None

    async def list(self, account_id: str) -> list[SenderId]:
        return sorted((s for (owner, _), s in self._rows().items() if owner == account_id),
                      key=lambda s: s.sender_id)

    async def is_registered(self, account_id: str, sender_id: str) -> bool:
        return (account_id, sender_id) in self._rows()
