"""The ledger: credits bought, granted, spent and refunded."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from domain.ledger import LedgerEntry, Posting


@dataclass(frozen=True, slots=True)
class LedgerPage:
    entries: list[LedgerEntry]  # newest first
    total: int


class LedgerRepository(Protocol):
    async def post(self, account_id: str, posting: Posting, entry_id: str, at: datetime) -> LedgerEntry:
        """Append `posting` so the balance never goes below zero, or return the entry already
        posted under its reference. Raises `InsufficientCredits` (and `ValidationError` for a
        refund larger than what its deduction has left)."""
        ...

    async def balance(self, account_id: str) -> int:
        """The newest entry's `balance_after` (0 before the first entry)."""
        ...

    async def history(self, account_id: str, page: int, per_page: int) -> LedgerPage: ...
