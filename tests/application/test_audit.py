"""`AuditLedger`: every account read a batch at a time, progress told after each batch, the
violations of all batches in one report."""

from __future__ import annotations

from datetime import UTC, datetime

from adapters.memory.system import FrozenClock
from application.credits.audit import AuditLedger
from application.ports import AuditedBatch
from domain.audit import SETTLE_DEADLINE, AuditRule, Violation

T0 = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)


class RecordingAudit:
    """Accounts 'a00'..; every third one broken. Records each batch asked for."""

    def __init__(self, accounts: int) -> None:
        self.ids = [f"a{n:02d}" for n in range(accounts)]
        self.asked: list[tuple[str | None, int, datetime]] = []

    async def count_accounts(self) -> int:
        return len(self.ids)

    async def check_accounts(self, after: str | None, limit: int, settled_by: datetime) -> AuditedBatch:
        self.asked.append((after, limit, settled_by))
        batch = [i for i in self.ids if after is None or i > after][:limit]
        return AuditedBatch(batch, [Violation(i, f"{i}@x.tz", AuditRule.BALANCE_MATCHES_LEDGER, "off")
                                    for i in batch if int(i[1:]) % 3 == 0])


async def test_every_account_is_checked_a_batch_at_a_time_with_progress_after_each() -> None:
    audit, seen = RecordingAudit(7), list[tuple[int, int]]()
    report = await AuditLedger(audit, FrozenClock(T0), batch_size=3)(lambda done, total: seen.append((done, total)))

    assert report.accounts_checked == 7 and not report.clean
    assert [v.account_id for v in report.violations] == ["a00", "a03", "a06"]
    assert [after for after, _, _ in audit.asked] == [None, "a02", "a05"]
    assert {deadline for _, _, deadline in audit.asked} == {T0 - SETTLE_DEADLINE}
    assert seen == [(3, 7), (6, 7), (7, 7)]


async def test_a_full_last_batch_is_followed_by_an_empty_one_and_no_accounts_is_clean() -> None:
    audit = RecordingAudit(6)
    assert (await AuditLedger(audit, FrozenClock(T0), batch_size=3)()).accounts_checked == 6
    assert [after for after, _, _ in audit.asked] == [None, "a02", "a05"]
    assert (await AuditLedger(RecordingAudit(0), FrozenClock(T0))()).clean
