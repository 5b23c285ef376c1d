"""The credit ledger in memory: the domain aggregate over each account's entries."""

from __future__ import annotations

from datetime import datetime

from adapters.memory.store import MemoryStore
from application.ports import LedgerPage
from domain.ledger import Ledger, LedgerEntry, Posting


class MemoryLedger:
    def __init__(self, store: MemoryStore) -> None:
        self._store = store

    def _entries(self, account_id: str) -> list[LedgerEntry]:
        entries: dict[str, list[LedgerEntry]] = self._store.table("ledger_entries")
        return entries.setdefault(account_id, [])  # oldest first

    async def post(self, account_id: str, posting: Posting, entry_id: str, at: datetime) -> LedgerEntry:
        entries = self._entries(account_id)
        entry = Ledger(account_id, entries).post(posting, entry_id=entry_id, at=at)
        if entry.id == entry_id:
            entries.append(entry)
        return entry

    async def balance(self, account_id: str) -> int:
        return Ledger(account_id, self._entries(account_id)).balance

    async def history(self, account_id: str, page: int, per_page: int) -> LedgerPage:
        newest_first = self._entries(account_id)[::-1]
        start = (page - 1) * per_page
        return LedgerPage(entries=newest_first[start:start + per_page], total=len(newest_first))
