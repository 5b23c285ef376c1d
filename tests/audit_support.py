"""The ledger audit a fault test ends with: the ledger's invariants over the database it ran on.

An interim body reading the ledger with SQL; `ujumbe audit --json` (exit 0 when clean) is to take
its place, with the same signature, so every caller keeps working.
"""

from __future__ import annotations

import psycopg

# One row per broken rule: (account, what broke).
_BROKEN_SQL = """
WITH sums AS (
    SELECT account_id, sum(amount) AS total FROM ledger_entries GROUP BY account_id
), newest AS (
    SELECT DISTINCT ON (account_id) account_id, balance_after FROM ledger_entries
    ORDER BY account_id, seq DESC
)
SELECT b.account_id::text, format('balance %s, sum of entries %s, newest balance_after %s',
                                  b.balance, coalesce(s.total, 0), coalesce(n.balance_after, 0))
FROM credit_balances b
LEFT JOIN sums s USING (account_id)
LEFT JOIN newest n USING (account_id)
WHERE b.balance <> coalesce(s.total, 0) OR b.balance <> coalesce(n.balance_after, 0) OR b.balance < 0
UNION ALL
SELECT r.account_id::text, format('refund %s returns %s, which is no deduction', r.reference, r.refunds)
FROM ledger_entries r
WHERE r.type = 'refund' AND NOT EXISTS (
    SELECT 1 FROM ledger_entries d
    WHERE d.account_id = r.account_id AND d.reference = r.refunds AND d.type = 'deduct')
UNION ALL
SELECT d.account_id::text, format('deduction %s of %s refunded %s', d.reference, -d.amount, sum(r.amount))
FROM ledger_entries d
JOIN ledger_entries r ON r.account_id = d.account_id AND r.refunds = d.reference AND r.type = 'refund'
WHERE d.type = 'deduct'
GROUP BY d.account_id, d.reference, d.amount
HAVING sum(r.amount) > -d.amount
"""


def assert_audit_clean(env: dict[str, str]) -> None:
    """Per account: balance = sum of its ledger entries = newest balance_after >= 0; every refund
    returns a deduction of the same account, never more than was deducted."""
    with psycopg.connect(env["UJUMBE_DATABASE_URL"]) as conn:
        broken = conn.execute(_BROKEN_SQL).fetchall()
    assert broken == [], "the ledger audit found:\n" + "\n".join(f"{account}: {what}" for account, what in broken)
