"""Reading the ledger's invariants over every account (`domain.audit`), a batch of accounts at a time."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from domain.audit import Violation


@dataclass(frozen=True, slots=True)
class AuditedBatch:
    account_ids: list[str]  # the accounts checked, in id order
    violations: list[Violation]


class LedgerAudit(Protocol):
    async def count_accounts(self) -> int:
        """How many accounts there are to check (for progress)."""
        ...

    async def check_accounts(self, after: str | None, limit: int, settled_by: datetime) -> AuditedBatch:
        """The next `limit` accounts by id after `after` (from the first when None), each checked
        against every rule as of one consistent moment. A paid message written before `settled_by`
        should be settled."""
        ...
