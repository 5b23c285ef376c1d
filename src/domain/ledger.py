"""The append-only credit ledger of one account.

Rules: the balance never goes below zero; a posting moves 1 to `MAX_POSTING_CREDITS` credits;
an idempotency reference is posted at most once, so a retried grant, refund or payment
confirmation cannot apply twice; a refund names the deduction it returns and never returns more
than was deducted. Balance = newest `balance_after` = sum of amounts.

`Ledger` is these rules as an aggregate, and only the memory fake posts through it
(`adapters/memory/credits.py`, and `adapters/memory/messages.py` for paid messages). In
production PostgreSQL enforces each rule itself, in the statement that appends the entry
(`adapters/postgres/credits.py`) or the function that debits single sends in groups
(`debit_in_order`, migration 0009, redefined for bigint in 0011, called by
`adapters/postgres/sending/grouped_sends.py`), with constraints of migration 0003 standing behind them:

- Never overdrawn: `_MOVE` debits the balance row only `WHERE balance + amount >= 0` (the row
  lock it takes serialises an account's postings); `debit_in_order` refuses an item the balance
  at its turn does not cover; `CHECK (balance >= 0)` on `credit_balances` and
  `CHECK (balance_after >= 0)` on `ledger_entries` (0003) refuse anything else. `next_balance`
  words the refusal (`PostgresLedger.why_not_posted`).
- 1 to `MAX_POSTING_CREDITS` credits: `Posting` checks it before either store sees it;
  `CHECK (amount <> 0)` and `CHECK ((amount < 0) = (type = 'deduct'))` on `ledger_entries`.
- Each reference once: `_NOT_POSTED_YET` in `_MOVE` (other postings lock the balance row first,
  `_LOCK_BALANCE`, so the check sees every entry committed before), `debit_in_order`'s `posted`
  verdict, and `UNIQUE (account_id, reference)` on `ledger_entries` (0003); a repeat returns the
  first entry (`why_not_posted`).
- Refund cap: `_REFUND` appends a refund only while its deduction's amount less what refunds of
  it returned covers it (under the balance row's lock); no constraint stands behind that one.
  `CHECK ((type = 'refund') = (refunds IS NOT NULL))` (0003) keeps "only a refund names a
  deduction".
- Append-only: the `ledger_entries_append_only` trigger (0003) and `ledger_entries_no_truncate`
  (0010); `seq` and `credit_balances.entries` order the entries, so "newest" is exact.

What keeps the two together: `tests/adapters/test_ledger_contract.py` runs one set of assertions
per rule on the memory ledger and on PostgreSQL alike; `tests/adapters/test_send_fast_paths.py`
does the same for paid messages (`add_paid`). PostgreSQL's own guarantees under concurrency,
which the memory fake cannot show, are `tests/adapters/test_ledger_postgres.py` (constraints,
parallel debits, references and refunds) and `tests/adapters/test_group_commit.py`
(`debit_in_order`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from domain.errors import InsufficientCredits, ValidationError
from domain.pricing import cost_text

# Far above any real grant or purchase (a typo's guard), and small enough that an amount always
# fits the ledger's integer amount column (balances are bigint).
MAX_POSTING_CREDITS = 1_000_000_000
# An account is told its balance is low below this many credits (the operator may set another
# threshold per account): about a hundred SMS left, time enough to top up before sends are refused.
DEFAULT_LOW_BALANCE_THRESHOLD = 100


# What each entry ujumbe makes says (its `description`, in English, as the API shows it), filled
# in with `str.format`. The dashboard reads a description back by these to say it in the reader's
# language (`entrypoints.web.ledger_texts`); an entry written before one of them changed is shown
# as it was written, and so is an operator's own description of a grant.
SMS_TO = "SMS to {to}"
BULK_SMS = "Bulk SMS to {count} recipients"
CAMPAIGN_SMS = "Campaign {name}: {count} SMS (batch {batch})"
REFUND_ONE = "Refund: SMS to {to} failed"
REFUND_MANY = "Refund: {count} SMS failed"
PACKAGE_PURCHASE = "Package purchase: {amount} {currency} by {provider}"  # the amount with thousands commas
VOUCHER_PURCHASE = "Voucher purchase: {amount} {currency} by {provider}"
GRANTED = "Credits granted"


class EntryType(StrEnum):
    PURCHASE = "purchase"
    DEDUCT = "deduct"
    REFUND = "refund"
    GRANT = "grant"


@dataclass(frozen=True, slots=True)
class LedgerEntry:
    id: str
    account_id: str
    type: EntryType
    amount: int  # signed: deductions are negative
    balance_after: int
    description: str
    reference: str  # idempotency reference, unique per account
    created_at: datetime
    refunds: str | None = None  # reference of the deduction a refund returns
    status: str = "completed"  # pending payments live in payment orders, never here


@dataclass(frozen=True, slots=True)
class Posting:
    """A movement asked for, before the ledger accepts it."""

    type: EntryType
    credits: int  # magnitude; the type gives the sign
    description: str
    reference: str
    refunds: str | None = None

    def __post_init__(self) -> None:
        if not 0 < self.credits <= MAX_POSTING_CREDITS:
            raise ValidationError(
                f"The amount must be 1 to {MAX_POSTING_CREDITS:,} credits, not {self.credits}.",
                field="amount",
            )
        if not self.reference:
            raise ValidationError("A posting needs an idempotency reference.", field="reference")
        if (self.type == EntryType.REFUND) != (self.refunds is not None):
            raise ValidationError("Only a refund names the deduction it returns.", field="refunds")

    @property
    def signed_amount(self) -> int:
        return -self.credits if self.type == EntryType.DEDUCT else self.credits


def next_balance(balance: int, posting: Posting) -> int:
    """The balance after `posting`, shared by the aggregate and the SQL repositories."""
    after = balance + posting.signed_amount
    if after < 0:
        raise InsufficientCredits(
            f"{cost_text(posting.credits)} needed, {balance} available.", field="credits"
        )
    return after


class Ledger:
    def __init__(self, account_id: str, entries: Sequence[LedgerEntry] = ()) -> None:
        self.account_id = account_id
        self._entries: list[LedgerEntry] = []
        self._by_reference: dict[str, LedgerEntry] = {}
        self._refunded: dict[str, int] = {}  # deduction reference -> credits returned so far
        for entry in entries:
            self._remember(entry)

    @property
    def entries(self) -> tuple[LedgerEntry, ...]:
        return tuple(self._entries)

    @property
    def balance(self) -> int:
        return self._entries[-1].balance_after if self._entries else 0

    def entry_for(self, reference: str) -> LedgerEntry | None:
        return self._by_reference.get(reference)

    def refundable(self, deduction_reference: str) -> int:
        """Credits of a deduction not yet returned (0 if it is not a deduction here)."""
        deduction = self._by_reference.get(deduction_reference)
        if deduction is None or deduction.type != EntryType.DEDUCT:
            return 0
        return -deduction.amount - self._refunded.get(deduction_reference, 0)

    def post(self, posting: Posting, *, entry_id: str, at: datetime) -> LedgerEntry:
        """Append `posting`, or return the entry already posted under its reference."""
        existing = self._by_reference.get(posting.reference)
        if existing is not None:
            return existing
        if posting.refunds is not None and posting.credits > self.refundable(posting.refunds):
            raise ValidationError(
                "A refund cannot return more than its deduction took.", field="refunds"
            )
        entry = LedgerEntry(
            id=entry_id,
            account_id=self.account_id,
            type=posting.type,
            amount=posting.signed_amount,
            balance_after=next_balance(self.balance, posting),
            description=posting.description,
            reference=posting.reference,
            created_at=at,
            refunds=posting.refunds,
        )
        self._remember(entry)
        return entry

    def _remember(self, entry: LedgerEntry) -> None:
        self._entries.append(entry)
        self._by_reference[entry.reference] = entry
        if entry.refunds is not None:
            self._refunded[entry.refunds] = self._refunded.get(entry.refunds, 0) + entry.amount
