"""`ujumbe audit`: the ledger's invariants checked over the live database."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Callable

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from domain.audit import AuditReport
from entrypoints.cli.base import cli, services
from entrypoints.cli.output import command, emit, stderr_console


@contextmanager
def _progress() -> Iterator[Callable[[int, int], None]]:
    """A bar over the accounts checked, on stderr when it is a terminal (nothing otherwise)."""
    console = stderr_console()
    if not console.is_terminal:
        yield lambda checked, total: None
        return
    bar = Progress(TextColumn("auditing accounts"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                   console=console, transient=True)
    with bar:
        task = bar.add_task("accounts", total=None)
        yield lambda checked, total: bar.update(task, completed=checked, total=total)


def _text(report: AuditReport) -> str:
    if report.clean:
        return f"ledger clean: {report.accounts_checked} accounts checked"
    lines = [f"{v.email} ({v.account_id}): {v.rule} — {v.detail}" for v in report.violations]
    accounts = len({v.account_id for v in report.violations})
    return "\n".join([*lines, f"{len(report.violations)} violation(s) in {accounts} of "
                                f"{report.accounts_checked} accounts"])


@command(cli, "audit")
async def audit() -> None:
    """Check the ledger's invariants over every account: balances against their entries, refunds
    against deductions, every charged message's outcome, payment orders' credits, campaign
    counters. Exit code 1 when any is broken, naming each account and rule.

    \b
    Examples:
      ujumbe audit
      ujumbe audit --json | jq '.violations[] | [.email, .rule] | @tsv'
    """
    async with services() as c:
        with _progress() as on_progress:
            report = await c.audit_ledger()(on_progress)
    emit({"clean": report.clean, "accounts_checked": report.accounts_checked,
          "violations": [{"account_id": v.account_id, "email": v.email, "rule": v.rule, "detail": v.detail}
                         for v in report.violations]},
         _text(report))
    if not report.clean:
        raise SystemExit(1)
