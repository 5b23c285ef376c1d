from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from domain.errors import DomainError, InsufficientCredits, ValidationError
from domain.ledger import (
    MAX_POSTING_CREDITS,
    EntryType,
    Ledger,
    LedgerEntry,
    Posting,
    next_balance,
)

T0 = datetime(2025, 1, 1, tzinfo=UTC)


def grant(credits: int, reference: str) -> Posting:
    return Posting(EntryType.GRANT, credits, "grant", reference)


def deduct(credits: int, reference: str) -> Posting:
    return Posting(EntryType.DEDUCT, credits, "send", reference)


def refund(credits: int, reference: str, of: str) -> Posting:
    return Posting(EntryType.REFUND, credits, "refund", reference, refunds=of)


def test_a_story_of_one_account() -> None:
    ledger = Ledger("acc")
    ledger.post(grant(10, "g1"), entry_id="e1", at=T0)
    ledger.post(Posting(EntryType.PURCHASE, 5, "package", "p1"), entry_id="e2", at=T0)
    sent = ledger.post(deduct(3, "m1"), entry_id="e3", at=T0)
    returned = ledger.post(refund(3, "r1", of="m1"), entry_id="e4", at=T0)
    assert [e.amount for e in ledger.entries] == [10, 5, -3, 3]
    assert [e.balance_after for e in ledger.entries] == [10, 15, 12, 15]
    assert ledger.balance == 15
    assert (sent.type, sent.account_id, sent.status) == (EntryType.DEDUCT, "acc", "completed")
    assert returned.refunds == "m1"
    assert ledger.refundable("m1") == 0


def test_a_repeated_reference_returns_the_first_entry() -> None:
    ledger = Ledger("acc")
    first = ledger.post(grant(10, "g1"), entry_id="e1", at=T0)
    again = ledger.post(grant(10, "g1"), entry_id="e2", at=T0 + timedelta(seconds=1))
    assert again is first
    assert ledger.balance == 10 and len(ledger.entries) == 1


def test_overdraft_is_refused_and_changes_nothing() -> None:
    ledger = Ledger("acc")
    ledger.post(grant(2, "g1"), entry_id="e1", at=T0)
    with pytest.raises(InsufficientCredits):
        ledger.post(deduct(3, "m1"), entry_id="e2", at=T0)
    assert ledger.balance == 2 and len(ledger.entries) == 1
    assert ledger.entry_for("m1") is None
    ledger.post(deduct(2, "m1"), entry_id="e2", at=T0)  # the reference is still free
    assert ledger.balance == 0


@pytest.mark.parametrize(
    "make",
    [
        lambda: Posting(EntryType.GRANT, 0, "nothing", "g"),
        lambda: Posting(EntryType.DEDUCT, -5, "negative", "d"),
        lambda: Posting(EntryType.REFUND, 1, "refund of nothing", "r"),
        lambda: Posting(EntryType.GRANT, 1, "grant naming a deduction", "g", refunds="m1"),
        lambda: Posting(EntryType.GRANT, 1, "no reference", ""),
        lambda: Posting(EntryType.GRANT, MAX_POSTING_CREDITS + 1, "too much", "g"),
        lambda: Posting(EntryType.PURCHASE, 99999999999999999999, "far too much", "p"),
    ],
)
def test_malformed_postings_cannot_be_made(make: object) -> None:
    with pytest.raises(ValidationError):
        make()  # type: ignore[operator]


@pytest.mark.parametrize("credits", [0, MAX_POSTING_CREDITS + 1, 2**31 - 1, 99999999999999999999])
def test_an_amount_out_of_range_names_the_amount(credits: int) -> None:
    with pytest.raises(ValidationError) as refused:
        grant(credits, "g")
    assert refused.value.field == "amount" and str(credits) in refused.value.message


def test_the_largest_posting_is_accepted() -> None:
    assert Ledger("acc").post(grant(MAX_POSTING_CREDITS, "g"), entry_id="e1", at=T0).balance_after == (
        MAX_POSTING_CREDITS)


def test_refunds_never_return_more_than_was_deducted() -> None:
    ledger = Ledger("acc")
    ledger.post(grant(10, "g1"), entry_id="e1", at=T0)
    ledger.post(deduct(4, "m1"), entry_id="e2", at=T0)
    ledger.post(refund(3, "r1", of="m1"), entry_id="e3", at=T0)
    with pytest.raises(ValidationError):
        ledger.post(refund(2, "r2", of="m1"), entry_id="e4", at=T0)
    with pytest.raises(ValidationError):
        ledger.post(refund(1, "r3", of="g1"), entry_id="e5", at=T0)  # not a deduction
    with pytest.raises(ValidationError):
        ledger.post(refund(1, "r4", of="nope"), entry_id="e6", at=T0)
    ledger.post(refund(1, "r2", of="m1"), entry_id="e4", at=T0)
    assert ledger.balance == 10 and ledger.refundable("m1") == 0


def test_a_ledger_resumes_from_stored_entries() -> None:
    stored = [
        LedgerEntry("e1", "acc", EntryType.GRANT, 5, 5, "grant", "g1", T0),
        LedgerEntry("e2", "acc", EntryType.DEDUCT, -2, 3, "send", "m1", T0),
    ]
    ledger = Ledger("acc", stored)
    assert ledger.balance == 3 and ledger.refundable("m1") == 2
    assert ledger.post(grant(5, "g1"), entry_id="x", at=T0) == stored[0]


@pytest.mark.parametrize(
    ("balance", "posting", "after"),
    [
        (0, grant(5, "g"), 5),
        (5, deduct(5, "d"), 0),
        (5, refund(2, "r", of="d"), 7),
        (1, Posting(EntryType.PURCHASE, 100, "package", "p"), 101),
    ],
)
def test_next_balance(balance: int, posting: Posting, after: int) -> None:
    assert next_balance(balance, posting) == after


def test_next_balance_refuses_to_go_negative() -> None:
    with pytest.raises(InsufficientCredits):
        next_balance(4, deduct(5, "d"))


def test_an_overdraft_of_one_credit_is_worded_in_the_singular() -> None:
    with pytest.raises(InsufficientCredits) as refused:
        next_balance(0, deduct(1, "d"))
    assert refused.value.message == "1 credit needed, 0 available."


def test_signed_amount() -> None:
    assert deduct(3, "d").signed_amount == -3
    assert grant(3, "g").signed_amount == 3
    assert refund(3, "r", of="d").signed_amount == 3


class LedgerMachine(RuleBasedStateMachine):
    """Random grants, sends, refunds and retries against the rules in the module docstring."""

    def __init__(self) -> None:
        super().__init__()
        self.ledger = Ledger("acc")
        self.clock = T0
        self.counter = 0
        self.deducted: dict[str, int] = {}  # model: deduction reference -> credits
        self.refunded: dict[str, int] = {}

    def _post(self, posting: Posting) -> LedgerEntry | None:
        before = self.ledger.entries
        self.counter += 1
        self.clock += timedelta(seconds=1)
        try:
            return self.ledger.post(posting, entry_id=f"e{self.counter}", at=self.clock)
        except DomainError:
            assert self.ledger.entries == before  # a refused posting changes nothing
            return None

    @rule(credits=st.integers(1, 50), kind=st.sampled_from([EntryType.GRANT, EntryType.PURCHASE]))
    def top_up(self, credits: int, kind: EntryType) -> None:
        entry = self._post(Posting(kind, credits, "top-up", f"t{self.counter}"))
        assert entry is not None and entry.amount == credits

    @rule(credits=st.integers(1, 60))
    def send(self, credits: int) -> None:
        reference = f"m{self.counter}"
        balance = self.ledger.balance
        entry = self._post(deduct(credits, reference))
        assert (entry is None) == (credits > balance)
        if entry is not None:
            self.deducted[reference] = credits

    @precondition(lambda self: bool(self.deducted))
    @rule(data=st.data())
    def refund_some(self, data: st.DataObject) -> None:
        of = data.draw(st.sampled_from(sorted(self.deducted)))
        credits = data.draw(st.integers(1, 60))
        left = self.deducted[of] - self.refunded.get(of, 0)
        entry = self._post(refund(credits, f"r{self.counter}", of=of))
        assert (entry is None) == (credits > left)
        if entry is not None:
            self.refunded[of] = self.refunded.get(of, 0) + credits

    @precondition(lambda self: bool(self.ledger.entries))
    @rule(data=st.data())
    def retry_an_old_reference(self, data: st.DataObject) -> None:
        old = data.draw(st.sampled_from(self.ledger.entries))
        before = self.ledger.entries
        kind = EntryType.GRANT if old.type == EntryType.REFUND else old.type
        again = self._post(Posting(kind, abs(old.amount), "retry", old.reference))
        assert again == old
        assert self.ledger.entries == before

    @invariant()
    def balance_is_sum_and_newest_and_never_negative(self) -> None:
        entries = self.ledger.entries
        total = sum(e.amount for e in entries)
        assert self.ledger.balance == total >= 0
        if entries:
            assert entries[-1].balance_after == total
        running = 0
        for entry in entries:
            running += entry.amount
            assert entry.balance_after == running >= 0

    @invariant()
    def references_are_unique_and_refunds_bounded(self) -> None:
        references = [e.reference for e in self.ledger.entries]
        assert len(references) == len(set(references))
        for of, credits in self.deducted.items():
            assert 0 <= self.ledger.refundable(of) == credits - self.refunded.get(of, 0)


TestLedgerMachine = LedgerMachine.TestCase
TestLedgerMachine.settings = settings(max_examples=60, stateful_step_count=30, deadline=None)
