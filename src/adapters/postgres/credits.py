"""The credit ledger in PostgreSQL (decision: ledger statement).

A posting is one statement: the balance row is moved only if it stays >= 0 and the reference is
new and, in the same statement, the entry is appended (`WITH d AS (UPDATE ...) INSERT ...`). The
row lock serialises an account's postings, so no interleaving can overdraw it, and
`CHECK (balance >= 0)` stands behind that. Every posting, a deduction too, first takes that lock
in a statement of its own, so its idempotency and refund checks (a new snapshot) see every entry
committed before it: within the one statement, a posting that waited on the lock would still see
the reference as new and fail on it (one batch paid for twice at once, as a form posted twice).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from psycopg import AsyncConnection
from psycopg.rows import dict_row

from application.ports import LedgerPage
from domain.errors import InsufficientCredits, ValidationError
from domain.ledger import EntryType, LedgerEntry, Posting, next_balance
from domain.pricing import cost_text

_ENTRY = (
    "id::text, account_id::text, type, amount, balance_after, description, reference,"
    " created_at, refunds, status"
)

_APPEND = (
    "INSERT INTO ledger_entries (account_id, id, seq, type, amount, balance_after, description,"
    " reference, refunds, created_at)"
    " SELECT %(account_id)s, %(id)s, d.entries, %(type)s, %(amount)s, d.balance, %(description)s,"
    " %(reference)s, %(refunds)s, %(at)s FROM d"
    f" RETURNING {_ENTRY}"
)

_NOT_POSTED_YET = (
    "NOT EXISTS (SELECT 1 FROM ledger_entries"
    " WHERE account_id = %(account_id)s AND reference = %(reference)s)"
)

# Any posting once the balance row exists (every posting locks or creates it first).
_MOVE = (
    "WITH d AS (UPDATE credit_balances"
    " SET balance = balance + %(amount)s, entries = entries + 1, updated_at = %(at)s"
    " WHERE account_id = %(account_id)s AND balance + %(amount)s >= 0"
    f" AND {_NOT_POSTED_YET} {{condition}} RETURNING balance, entries) "
) + _APPEND

_APPLY = _MOVE.format(condition="")

# A refund returns at most what its deduction has not had back yet.
_REFUND = _MOVE.format(
    condition=(
        "AND (SELECT -amount FROM ledger_entries WHERE account_id = %(account_id)s"
        " AND reference = %(refunds)s AND type = 'deduct')"
        " - (SELECT coalesce(sum(amount), 0) FROM ledger_entries"
        " WHERE account_id = %(account_id)s AND refunds = %(refunds)s) >= %(credits)s"
    )
)

_LOCK_BALANCE = (
    "INSERT INTO credit_balances AS b (account_id, balance, entries, updated_at)"
    " VALUES (%(account_id)s, 0, 0, %(at)s)"
    " ON CONFLICT (account_id) DO UPDATE SET entries = b.entries"
)

def _entry(row: dict[str, Any]) -> LedgerEntry:
    return LedgerEntry(**{**row, "type": EntryType(row["type"])})


class PostgresLedger:
    def __init__(self, conn: AsyncConnection) -> None:
        self._conn = conn
        self.posted: list[Posting] = []  # appended in this transaction (counted once it commits)

    async def post(self, account_id: str, posting: Posting, entry_id: str, at: datetime) -> LedgerEntry:
        params = {
            "account_id": account_id, "id": entry_id, "type": posting.type.value,
            "amount": posting.signed_amount, "credits": posting.credits,
            "description": posting.description, "reference": posting.reference,
            "refunds": posting.refunds, "at": at,
        }
        async with self._conn.cursor(row_factory=dict_row) as cur:
            # Lock the balance row, creating it if this is the account's first posting, so the
            # statement below (a new snapshot) sees every entry committed before it: two racing
            # postings under one reference (first grants, a batch's deductions) then apply once,
            # not fail on the unique reference. A deduction pays this round trip once a batch.
            await cur.execute(_LOCK_BALANCE, {"account_id": account_id, "at": at})
            await cur.execute(_REFUND if posting.type == EntryType.REFUND else _APPLY, params)
            row = await cur.fetchone()
        if row is not None:
            self.posted.append(posting)
            return _entry(row)
        return await self.why_not_posted(account_id, posting)

    async def why_not_posted(self, account_id: str, posting: Posting) -> LedgerEntry:
        """The statement appended nothing: an earlier posting of the reference, or a refused one."""
        async with self._conn.cursor(row_factory=dict_row) as cur:
            await cur.execute(
                f"SELECT {_ENTRY} FROM ledger_entries WHERE account_id = %s AND reference = %s",
                (account_id, posting.reference),
            )
            existing = await cur.fetchone()
        if existing is not None:
            return _entry(existing)
        if posting.type == EntryType.REFUND:
            raise ValidationError(
                "A refund cannot return more than its deduction took.", field="refunds"
            )
        next_balance(await self.balance(account_id), posting)  # raises with the domain's wording
        # A grant committed between the statement and the read above; the statement's verdict stands.
        raise InsufficientCredits(f"{cost_text(posting.credits)} needed.", field="credits")

    async def balance(self, account_id: str) -> int:
        cur = await self._conn.execute(
            "SELECT balance FROM credit_balances WHERE account_id = %s", (account_id,)
        )
        row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def history(self, account_id: str, page: int, per_page: int) -> LedgerPage:
        async with self._conn.cursor(row_factory=dict_row) as cur:
            await cur.execute(
                f"SELECT {_ENTRY} FROM ledger_entries WHERE account_id = %s"
                " ORDER BY seq DESC LIMIT %s OFFSET %s",
                (account_id, per_page, (page - 1) * per_page),
            )
            entries = [_entry(row) for row in await cur.fetchall()]
        total = await self._conn.execute(
            "SELECT entries FROM credit_balances WHERE account_id = %s", (account_id,)
        )
        row = await total.fetchone()
        return LedgerPage(entries=entries, total=int(row[0]) if row else 0)
