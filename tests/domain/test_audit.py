"""The audit's per-account and per-campaign rules: what any ledger the domain builds passes, and
what any tampering breaks."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

from hypothesis import assume, given
from hypothesis import strategies as st

from domain.audit import (
    SETTLE_DEADLINE,
    AccountLedger,
    AuditReport,
    AuditRule,
    CampaignTally,
    Violation,
    balance_breaks,
    campaign_count_break,
    settled_by,
)
from domain.campaigns import CampaignStatus
from domain.errors import DomainError
from domain.ledger import EntryType, Ledger, LedgerEntry, Posting
from domain.submits import GIVE_UP_AFTER

T0 = datetime(2026, 1, 5, tzinfo=UTC)

postings = st.lists(st.tuples(st.sampled_from([EntryType.GRANT, EntryType.PURCHASE, EntryType.DEDUCT]),
                              st.integers(1, 50)), max_size=25)


def _ledger(moves: Sequence[tuple[EntryType, int]]) -> Ledger:
    """What the domain lets through of `moves` (a deduction the balance does not cover is refused)."""
    ledger = Ledger("acc")
    for n, (kind, credits) in enumerate(moves):
        try:
            ledger.post(Posting(kind, credits, "move", f"ref-{n}"), entry_id=f"e{n}", at=T0)
        except DomainError:
            pass
    return ledger


def _summary(entries: Sequence[LedgerEntry], balance: int | None, counter: int | None = None) -> AccountLedger:
    """What the database reads of an account: its balance row and its entries (numbered 1, 2, ...)."""
    running, off = 0, []
    for seq, entry in enumerate(entries, start=1):
        running += entry.amount
        if entry.balance_after != running:
            off.append(seq)
    return AccountLedger(
        balance=balance, entries_counter=len(entries) if counter is None and balance is not None else counter,
        total=sum(e.amount for e in entries), entries=len(entries), newest_seq=len(entries) or None,
        lowest_balance_after=min((e.balance_after for e in entries), default=None),
        off_chain=len(off), first_off_chain=off[0] if off else None)


@given(postings)
def test_every_ledger_the_domain_builds_passes_the_balance_rules(moves: list[tuple[EntryType, int]]) -> None:
    ledger = _ledger(moves)
    assert balance_breaks(_summary(ledger.entries, ledger.balance)) == []


@given(postings, st.integers(-1000, 1000))
def test_a_balance_moved_apart_from_its_entries_breaks_the_ledger_rule(
        moves: list[tuple[EntryType, int]], by: int) -> None:
    assume(by != 0)
    ledger = _ledger(moves)
    rules = {rule for rule, _ in balance_breaks(_summary(ledger.entries, ledger.balance + by))}
    assert AuditRule.BALANCE_MATCHES_LEDGER in rules
    assert (AuditRule.BALANCE_NOT_NEGATIVE in rules) == (ledger.balance + by < 0)


@given(postings.filter(lambda moves: len(moves) > 0), st.data())
def test_an_entry_off_the_running_balance_breaks_the_ledger_rule(moves: list[tuple[EntryType, int]],
                                                                 data: st.DataObject) -> None:
    entries = list(_ledger(moves).entries)
    assume(entries)
    at = data.draw(st.integers(0, len(entries) - 1))
    shifted = entries[at]
    entries[at] = LedgerEntry(**{**{f: getattr(shifted, f) for f in shifted.__dataclass_fields__},
                                 "balance_after": shifted.balance_after + 1})
    breaks = balance_breaks(_summary(entries, sum(e.amount for e in entries)))
    assert [rule for rule, _ in breaks] == [AuditRule.BALANCE_MATCHES_LEDGER]
    assert f"first: entry {at + 1}" in breaks[0][1]


def test_entries_without_a_balance_row_and_a_stale_entry_counter_break_the_ledger_rule() -> None:
    entries = _ledger([(EntryType.GRANT, 5)]).entries
    assert balance_breaks(_summary(entries, None)) == [
        (AuditRule.BALANCE_MATCHES_LEDGER, "no balance row for 1 ledger entries")]
    assert balance_breaks(_summary(entries, 5, counter=0)) == [
        (AuditRule.BALANCE_MATCHES_LEDGER, "entry counter 0 but the newest entry is 1")]
    assert balance_breaks(_summary((), None)) == []  # an account that never moved a credit


def _messages(pending: int, sent: int, delivered: int, failed_on_air: int, never_sent: int) -> CampaignTally:
    """The tally of a campaign's messages, by what became of each."""
    return CampaignTally(total=pending + sent + delivered + failed_on_air + never_sent,
                         sent=sent + delivered + failed_on_air, delivered=delivered,
                         failed=failed_on_air + never_sent)


tallies = st.builds(_messages, *[st.integers(0, 20)] * 5)
ended = st.sampled_from([CampaignStatus.COMPLETED, CampaignStatus.FAILED])


@given(tallies, ended)
def test_an_ended_campaign_counts_exactly_its_messages(messages: CampaignTally, status: CampaignStatus) -> None:
    assert campaign_count_break(status, messages, messages) is None


@given(tallies, tallies, ended)
def test_an_ended_campaign_whose_counters_differ_from_its_messages_is_named(
        counters: CampaignTally, messages: CampaignTally, status: CampaignStatus) -> None:
    assume(counters != messages and messages.total > 0)
    detail = campaign_count_break(status, counters, messages)
    assert detail is not None and f"messages {messages.total} total" in detail


@given(tallies, st.integers(0, 5), st.integers(0, 5), st.integers(0, 5))
def test_a_running_campaigns_counters_may_lag_its_messages_but_never_lead(
        messages: CampaignTally, sent_lag: int, delivered_lag: int, failed_lag: int) -> None:
    assume(messages.total > 0)
    behind = CampaignTally(messages.total, max(0, messages.sent - sent_lag),
                           max(0, messages.delivered - delivered_lag), max(0, messages.failed - failed_lag))
    assert campaign_count_break(CampaignStatus.RUNNING, behind, messages) is None
    ahead = CampaignTally(messages.total, messages.sent + 1, messages.delivered, messages.failed)
    assert campaign_count_break(CampaignStatus.RUNNING, ahead, messages) is not None


@given(st.integers(0, 100), st.sampled_from(list(CampaignStatus)))
def test_a_campaign_without_messages_counts_recipients_only(recipients: int, status: CampaignStatus) -> None:
    none = CampaignTally(0, 0, 0, 0)
    assert campaign_count_break(status, CampaignTally(recipients, 0, 0, 0), none) is None
    assert campaign_count_break(status, CampaignTally(recipients, 0, 0, 1), none) is not None


def test_a_pending_message_is_overdue_once_the_reconciler_should_have_given_it_up() -> None:
    assert SETTLE_DEADLINE > GIVE_UP_AFTER
    assert settled_by(T0) == T0 - SETTLE_DEADLINE
    assert settled_by(T0) < T0 - GIVE_UP_AFTER - timedelta(minutes=5)  # a run every minute, after 5 untouched


def test_a_report_is_clean_without_violations() -> None:
    assert AuditReport(3, ()).clean
    assert not AuditReport(3, (Violation("a", "a@x.tz", AuditRule.BALANCE_NOT_NEGATIVE, "balance -1"),)).clean
