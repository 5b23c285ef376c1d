"""Auditing the ledger (`ujumbe audit`): every account checked against `domain.audit`'s rules.

Accounts are read a batch at a time, each batch as of one moment, so the audit runs on a large
live database without holding one snapshot open for the whole of it.
"""

from __future__ import annotations

from collections.abc import Callable

from application.ports import Clock, LedgerAudit
from domain.audit import AuditReport, Violation, settled_by

ACCOUNTS_PER_BATCH = 500


def _quiet(checked: int, total: int) -> None:
    pass


class AuditLedger:
    def __init__(self, audit: LedgerAudit, clock: Clock, batch_size: int = ACCOUNTS_PER_BATCH) -> None:
        self._audit, self._clock, self._batch_size = audit, clock, batch_size

    async def __call__(self, on_progress: Callable[[int, int], None] = _quiet) -> AuditReport:
        """The report; `on_progress(checked, total)` after each batch."""
        total = await self._audit.count_accounts()
        deadline = settled_by(self._clock.now())
        checked, after, violations = 0, None, list[Violation]()
        while True:
            batch = await self._audit.check_accounts(after, self._batch_size, deadline)
            checked += len(batch.account_ids)
            violations += batch.violations
            on_progress(checked, max(total, checked))
            if len(batch.account_ids) < self._batch_size:
                return AuditReport(accounts_checked=checked, violations=tuple(violations))
            after = batch.account_ids[-1]
