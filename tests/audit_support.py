"""The ledger audit a fault test ends with: every account's books balance.

Interim: the invariants checked in SQL here (balance = sum of its ledger entries = the newest entry's
`balance_after`, never below zero) until `ujumbe audit --json` takes this over."""

from __future__ import annotations

import psycopg


def assert_audit_clean(env: dict[str, str]) -> None:
    """Fails naming every account whose balance, ledger sum and newest `balance_after` disagree."""
    with psycopg.connect(env["UJUMBE_DATABASE_URL"]) as conn:
        broken = conn.execute(
            "SELECT a.account_id, a.balance, coalesce(s.total, 0), n.balance_after FROM credit_balances a"
            " LEFT JOIN (SELECT account_id, sum(amount) AS total FROM ledger_entries GROUP BY account_id) s"
            "   ON s.account_id = a.account_id"
            " LEFT JOIN LATERAL (SELECT balance_after FROM ledger_entries e WHERE e.account_id = a.account_id"
            "   ORDER BY e.seq DESC LIMIT 1) n ON true"
            " WHERE a.balance <> coalesce(s.total, 0) OR a.balance <> coalesce(n.balance_after, 0) OR a.balance < 0"
        ).fetchall()
    assert not broken, f"ledger audit: (account, balance, sum of entries, newest balance_after) {broken}"
