"""The ledger audit in PostgreSQL (`domain.audit`'s rules), a batch of accounts at a time.

Each batch is one read-only REPEATABLE READ transaction, so its queries see one moment: a send
that commits between two of them cannot look like a balance that disagrees with its ledger.
Every query is set-based over the batch's accounts (`account_id = ANY(...)`, the first column of
every tenant table's keys). The rules that match rows of several tables (refunds, deductions,
payments, stuck messages) are decided in SQL, which returns only what breaks them, at most a few
examples per account and how many there were; the per-account and per-campaign summaries are
decided by the domain's functions.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import datetime
from typing import Any

from psycopg import AsyncConnection
from psycopg_pool import AsyncConnectionPool

from application.ports import AuditedBatch
from domain.audit import (
    AccountLedger,
    AuditRule,
    CampaignTally,
    Violation,
    balance_breaks,
    campaign_count_break,
)
from domain.campaigns import CampaignStatus

EXAMPLES = 3  # of one rule's breaks in one account, the rest counted

# The ledger reference of the deduction that paid for message `m` (`Message.deduction_reference`).
_PAID_BY = ("CASE WHEN m.campaign_id IS NOT NULL AND m.campaign_batch IS NOT NULL"
            " THEN 'campaign:' || m.campaign_id || ':' || m.campaign_batch"
            " WHEN m.batch_id IS NOT NULL THEN 'bulk:' || m.batch_id ELSE 'send:' || m.id END")
# A campaign's messages are written before they are paid for, a batch at a time (`batches_paid`).
_CAMPAIGN = "LEFT JOIN campaigns c ON c.account_id = m.account_id AND c.id = m.campaign_id"
_CHARGED = "(m.campaign_id IS NULL OR m.campaign_batch <= c.batches_paid)"
_UUID = "'^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'"

_ACCOUNTS = ("SELECT id::text, email FROM accounts WHERE %(after)s::uuid IS NULL OR id > %(after)s::uuid"
             " ORDER BY id LIMIT %(limit)s")

_LEDGERS = """
SELECT a.id::text, b.balance, b.entries, coalesce(l.total, 0), coalesce(l.n, 0), l.newest_seq, l.lowest,
       coalesce(l.off_chain, 0), l.first_off_chain
FROM unnest(%(ids)s::uuid[]) AS a(id)
LEFT JOIN credit_balances b ON b.account_id = a.id
LEFT JOIN LATERAL (
    SELECT sum(e.amount) AS total, count(*) AS n, max(e.seq) AS newest_seq, min(e.balance_after) AS lowest,
           count(*) FILTER (WHERE e.balance_after <> e.running) AS off_chain,
           min(e.seq) FILTER (WHERE e.balance_after <> e.running) AS first_off_chain
    FROM (SELECT seq, amount, balance_after, sum(amount) OVER (ORDER BY seq) AS running
          FROM ledger_entries WHERE account_id = a.id) AS e
) AS l ON true
"""

_CAMPAIGNS = """
SELECT c.account_id::text, c.id::text, c.status, c.total_contacts, c.sent_count, c.delivered_count, c.failed_count,
       s.total, s.sent, s.delivered, s.failed
FROM campaigns c CROSS JOIN LATERAL (
    SELECT count(*) AS total, count(*) FILTER (WHERE m.sent_at IS NOT NULL OR m.status = 'delivered') AS sent,
           count(*) FILTER (WHERE m.status = 'delivered') AS delivered,
           count(*) FILTER (WHERE m.status = 'failed') AS failed
    FROM messages m WHERE m.account_id = c.account_id AND m.campaign_id = c.id
) AS s
WHERE c.account_id = ANY(%(ids)s::uuid[])
ORDER BY c.account_id, c.created_at, c.id
"""

# Each query below returns (account_id, detail) for every break of its rule, in a stable order.
_MATCHED: dict[AuditRule, str] = {
    AuditRule.REFUND_MATCHES_DEDUCTION: f"""
SELECT account_id, CASE
    WHEN target_type IS NULL THEN format('%%s returns %%s, which is not in the ledger', reference, refunds)
    WHEN target_type <> 'deduct' THEN format('%%s returns %%s, a %%s', reference, refunds, target_type)
    WHEN returned > deducted THEN format('refunds of %%s return %%s credits, it took %%s', refunds, returned, deducted)
    WHEN key_status IS NULL THEN format('%%s is keyed by no message in the log', reference)
    WHEN key_status <> 'failed' THEN format('%%s is keyed by a %%s message', reference, key_status)
    ELSE format('%%s is keyed by a message paid by %%s, not %%s', reference, key_paid_by, refunds) END
FROM (
    SELECT l.account_id, l.reference, l.refunds, d.type AS target_type, -d.amount AS deducted,
           sum(l.amount) OVER (PARTITION BY l.account_id, l.refunds) AS returned,
           m.status AS key_status, {_PAID_BY} AS key_paid_by
    FROM ledger_entries l
    LEFT JOIN ledger_entries d ON d.account_id = l.account_id AND d.reference = l.refunds
    LEFT JOIN messages m ON m.account_id = l.account_id
        AND m.id = CASE WHEN substr(l.reference, 8) ~ {_UUID} THEN substr(l.reference, 8)::uuid END
    WHERE l.account_id = ANY(%(ids)s::uuid[]) AND l.type = 'refund'
) AS r
WHERE target_type IS DISTINCT FROM 'deduct' OR returned > deducted OR key_status IS DISTINCT FROM 'failed'
   OR key_paid_by IS DISTINCT FROM refunds
ORDER BY account_id, reference
""",
    AuditRule.DEDUCTION_MATCHES_MESSAGES: f"""
WITH kept AS (
    SELECT m.account_id, {_PAID_BY} AS reference, sum(m.credits_used) AS kept, count(*) AS messages
    FROM messages m {_CAMPAIGN}
    WHERE m.account_id = ANY(%(ids)s::uuid[]) AND {_CHARGED}
    GROUP BY 1, 2
), deducted AS (
    SELECT account_id, reference, -amount AS deducted FROM ledger_entries
    WHERE account_id = ANY(%(ids)s::uuid[]) AND type = 'deduct'
), refunded AS (
    SELECT account_id, refunds AS reference, sum(amount) AS refunded FROM ledger_entries
    WHERE account_id = ANY(%(ids)s::uuid[]) AND type = 'refund'
    GROUP BY 1, 2
)
SELECT account_id, format('%%s took %%s credits; its %%s messages keep %%s, refunds returned %%s',
                          reference, coalesce(deducted, 0), coalesce(messages, 0), coalesce(kept, 0),
                          coalesce(refunded, 0))
FROM deducted FULL JOIN kept USING (account_id, reference) LEFT JOIN refunded USING (account_id, reference)
WHERE coalesce(deducted, 0) <> coalesce(kept, 0) + coalesce(refunded, 0)
ORDER BY account_id, reference
""",
    AuditRule.MESSAGE_SETTLED_IN_TIME: f"""
SELECT m.account_id, format('message %%s pending since %%s', m.id, m.created_at)
FROM messages m {_CAMPAIGN}
WHERE m.account_id = ANY(%(ids)s::uuid[]) AND m.status = 'pending' AND m.created_at < %(settled_by)s
  AND {_CHARGED}
ORDER BY m.account_id, m.created_at, m.id
""",
    AuditRule.PAYMENT_GRANTED_ONCE: """
SELECT account_id, detail FROM (
    SELECT o.account_id, o.created_at, o.id::text AS key, CASE
        WHEN o.status <> 'confirmed' THEN format('%%s order %%s was granted %%s credits', o.status, o.id, l.amount)
        WHEN l.type IS NULL THEN format('confirmed order %%s was never granted its credits', o.id)
        ELSE format('confirmed order %%s: a %%s of %%s credits for its %%s', o.id, l.type, l.amount, o.credit_amount)
        END AS detail
    FROM payment_orders o
    LEFT JOIN ledger_entries l ON l.account_id = o.account_id AND l.reference = 'payment:' || o.id
    WHERE o.account_id = ANY(%(ids)s::uuid[])
      AND CASE WHEN o.status = 'confirmed' THEN l.type IS DISTINCT FROM 'purchase' OR l.amount <> o.credit_amount
               ELSE l.reference IS NOT NULL END
    UNION ALL
    SELECT l.account_id, l.created_at, l.reference,
           format('purchase %%s of %%s credits belongs to no confirmed order', l.reference, l.amount)
    FROM ledger_entries l
    WHERE l.account_id = ANY(%(ids)s::uuid[]) AND l.type = 'purchase'
      AND NOT EXISTS (SELECT 1 FROM payment_orders o WHERE o.account_id = l.account_id AND o.status = 'confirmed'
                      AND 'payment:' || o.id = l.reference)
) AS p
ORDER BY account_id, created_at, key
""",
}


def _first_per_account(query: str) -> str:
    """`query`'s first few rows per account, each with how many there were in all."""
    return (f"SELECT account_id::text, detail, n FROM (SELECT q.account_id, q.detail,"
            f" row_number() OVER (PARTITION BY q.account_id ORDER BY q.detail) AS i,"
            f" count(*) OVER (PARTITION BY q.account_id) AS n"
            f" FROM ({query.strip()}) AS q(account_id, detail)) AS f WHERE i <= {EXAMPLES} ORDER BY account_id, i")


class _Findings:
    """What broke, by account and rule: the first few details, and how many there were in all."""

    def __init__(self) -> None:
        self._details: dict[tuple[str, AuditRule], list[str]] = defaultdict(list)
        self._total: dict[tuple[str, AuditRule], int] = defaultdict(int)

    def add(self, account_id: str, rule: AuditRule, detail: str, total: int = 0) -> None:
        details = self._details[account_id, rule]
        details.append(detail)
        self._total[account_id, rule] = max(self._total[account_id, rule], total, len(details))

    def violations(self, emails: dict[str, str]) -> list[Violation]:
        """One per account and rule broken, in account order, then the rules' order."""
        found = []
        for account_id, email in emails.items():
            for rule in AuditRule:
                if details := self._details.get((account_id, rule)):
                    more = self._total[account_id, rule] - min(len(details), EXAMPLES)
                    detail = "; ".join(details[:EXAMPLES]) + (f"; and {more} more" if more > 0 else "")
                    found.append(Violation(account_id, email, rule, detail))
        return found


class PostgresLedgerAudit:
    def __init__(self, pool: AsyncConnectionPool) -> None:
        self._pool = pool

    async def count_accounts(self) -> int:
        async with self._pool.connection() as conn:
            row = await (await conn.execute("SELECT count(*) FROM accounts")).fetchone()
        return int(row[0]) if row else 0

    async def check_accounts(self, after: str | None, limit: int, settled_by: datetime) -> AuditedBatch:
        found = _Findings()
        async with self._pool.connection() as conn, conn.transaction():
            await conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            cur = await conn.execute(_ACCOUNTS, {"after": after, "limit": limit})
            emails: dict[str, str] = dict(await cur.fetchall())
            params = {"ids": list(emails), "settled_by": settled_by}
            await self._ledgers(conn, params, found)
            for rule, query in _MATCHED.items():
                cur = await conn.execute(_first_per_account(query), params)
                for account_id, detail, total in await cur.fetchall():
                    found.add(account_id, rule, detail, total)
            await self._campaigns(conn, params, found)
        return AuditedBatch(account_ids=list(emails), violations=found.violations(emails))

    async def _ledgers(self, conn: AsyncConnection, params: dict[str, Any], found: _Findings) -> None:
        for account_id, *summary in await (await conn.execute(_LEDGERS, params)).fetchall():
            for rule, detail in balance_breaks(AccountLedger(*summary)):
                found.add(account_id, rule, detail)

    async def _campaigns(self, conn: AsyncConnection, params: dict[str, Any], found: _Findings) -> None:
        cur = await conn.execute(_CAMPAIGNS, params)
        for account_id, campaign_id, status, *counts in await cur.fetchall():
            counters, messages = CampaignTally(*counts[:4]), CampaignTally(*counts[4:])
            detail = campaign_count_break(CampaignStatus(status), counters, messages)
            if detail is not None:
                found.add(account_id, AuditRule.CAMPAIGN_COUNTS_MATCH_MESSAGES,
                          f"campaign {campaign_id} ({status}): {detail}")
