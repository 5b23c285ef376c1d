"""The ledger's invariants, as an audit of a live database checks them (`ujumbe audit`).

Each rule is named by what must hold; a violation names the account and the rule it breaks.

- `balance_matches_ledger`: the balance is the sum of the account's entries, each entry's
  `balance_after` is the sum of the amounts up to it (so the newest one's is the balance), and
  the balance's entry counter is the newest entry's number.
- `balance_not_negative`: neither the balance nor any entry's `balance_after` is below zero.
- `refund_matches_deduction`: a refund returns a deduction of its account, the refunds of one
  deduction never add up to more than it took, and the message a refund is keyed by failed and
  was paid for by that deduction.
- `deduction_matches_messages`: every charged message has one outcome. A deduction took exactly
  what its messages keep (`credits_used`: a failed-at-submit message keeps nothing) plus what was
  refunded to it. So no message is charged twice or for free, a sent or delivered one is not
  refunded, and a failed one that was charged is refunded once.
- `message_settled_in_time`: a paid message is not `pending` past the reconciler's deadline
  (younger ones may be waiting for a gateway's answer).
- `payment_granted_once`: a confirmed order has one `purchase` entry of its credits under its
  reference; a pending or failed order has none; every purchase belongs to a confirmed order.
- `campaign_counts_match_messages`: an ended campaign's counters are its messages' counts; a
  running one's never run ahead of them (they are added after each batch's outcomes commit, and
  recounted when it ends).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum

from domain.campaigns import CampaignStatus
from domain.submits import GIVE_UP_AFTER

# The reconciler gives a message up `GIVE_UP_AFTER` after it was written and runs every minute on
# messages untouched for five; an unfinished campaign run is retried at most 12 minutes apart. Past
# this, a paid message still pending is one nobody is settling.
SETTLE_DEADLINE = GIVE_UP_AFTER + timedelta(minutes=15)


class AuditRule(StrEnum):
    BALANCE_MATCHES_LEDGER = "balance_matches_ledger"
    BALANCE_NOT_NEGATIVE = "balance_not_negative"
    REFUND_MATCHES_DEDUCTION = "refund_matches_deduction"
    DEDUCTION_MATCHES_MESSAGES = "deduction_matches_messages"
    MESSAGE_SETTLED_IN_TIME = "message_settled_in_time"
    PAYMENT_GRANTED_ONCE = "payment_granted_once"
    CAMPAIGN_COUNTS_MATCH_MESSAGES = "campaign_counts_match_messages"


@dataclass(frozen=True, slots=True)
class Violation:
    account_id: str
    email: str
    rule: AuditRule
    detail: str


@dataclass(frozen=True, slots=True)
class AuditReport:
    accounts_checked: int
    violations: tuple[Violation, ...]

    @property
    def clean(self) -> bool:
        return not self.violations


def settled_by(now: datetime) -> datetime:
    """A paid message written before this should no longer be pending."""
    return now - SETTLE_DEADLINE


@dataclass(frozen=True, slots=True)
class AccountLedger:
    """One account's balance row and what its entries add up to."""

    balance: int | None  # None: no balance row
    entries_counter: int | None
    total: int  # sum of amounts
    entries: int
    newest_seq: int | None
    lowest_balance_after: int | None
    off_chain: int  # entries whose balance_after is not the running sum
    first_off_chain: int | None  # the seq of the first of them


def balance_breaks(ledger: AccountLedger) -> list[tuple[AuditRule, str]]:
    """The balance rules `ledger` breaks, each with what was found."""
    breaks: list[tuple[AuditRule, str]] = []
    balance = ledger.balance if ledger.balance is not None else 0
    if ledger.balance is None and ledger.entries:
        breaks.append((AuditRule.BALANCE_MATCHES_LEDGER, f"no balance row for {ledger.entries} ledger entries"))
    elif balance != ledger.total:
        breaks.append((AuditRule.BALANCE_MATCHES_LEDGER,
                       f"balance {balance} but the {ledger.entries} ledger entries add up to {ledger.total}"))
    if ledger.off_chain:
        breaks.append((AuditRule.BALANCE_MATCHES_LEDGER,
                       f"{ledger.off_chain} entries' balance_after is not the sum so far"
                       f" (first: entry {ledger.first_off_chain})"))
    if ledger.balance is not None and (ledger.entries_counter or 0) != (ledger.newest_seq or 0):
        breaks.append((AuditRule.BALANCE_MATCHES_LEDGER,
                       f"entry counter {ledger.entries_counter} but the newest entry is {ledger.newest_seq or 0}"))
    lowest = min(balance, ledger.lowest_balance_after if ledger.lowest_balance_after is not None else 0)
    if lowest < 0:
        breaks.append((AuditRule.BALANCE_NOT_NEGATIVE, f"balance {balance}, lowest balance_after {lowest}"))
    return breaks


@dataclass(frozen=True, slots=True)
class CampaignTally:
    total: int
    sent: int
    delivered: int
    failed: int


def campaign_count_break(status: CampaignStatus, counters: CampaignTally, messages: CampaignTally) -> str | None:
    """What is wrong with a campaign's counters given its messages' counts, or None.

    A campaign with no messages (a draft, a scheduled one, or one failed before it started) counts
    its recipients in `total`, and nothing else."""
    shown = f"counters {_tally(counters)}, messages {_tally(messages)}"
    if messages.total == 0:
        return None if counters.sent == counters.delivered == counters.failed == 0 else shown
    if counters.total != messages.total:
        return shown
    if status is CampaignStatus.RUNNING:
        behind = (counters.sent <= messages.sent and counters.failed <= messages.failed
                  and counters.delivered <= messages.delivered)
        return None if behind else shown
    return None if counters == messages else shown


def _tally(t: CampaignTally) -> str:
    return f"{t.total} total, {t.sent} sent, {t.delivered} delivered, {t.failed} failed"
