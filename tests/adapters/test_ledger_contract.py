"""The ledger repository keeps its rules (decision: ledger statement) in memory and in PostgreSQL alike."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from domain.errors import InsufficientCredits, ValidationError
from domain.ledger import MAX_POSTING_CREDITS, EntryType, Posting
from tests_support import ids

ACCOUNT = ids(1)
OTHER = ids(2)
T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def grant(credits: int, reference: str) -> Posting:
    return Posting(type=EntryType.GRANT, credits=credits, description="grant", reference=reference)


def deduct(credits: int, reference: str) -> Posting:
    return Posting(type=EntryType.DEDUCT, credits=credits, description="SMS", reference=reference)


def refund(credits: int, reference: str, of: str) -> Posting:
    return Posting(type=EntryType.REFUND, credits=credits, description="refund", reference=reference,
                   refunds=of)


async def post(backend, posting: Posting, n: int, account: str = ACCOUNT):
    async with backend.uow() as uow:
        entry = await uow.ledger.post(account, posting, ids(1000 + n), T0 + timedelta(seconds=n))
        await uow.commit()
    return entry


async def balance(backend, account: str = ACCOUNT) -> int:
    async with backend.uow() as uow:
        return await uow.ledger.balance(account)


@pytest.fixture(autouse=True)
async def accounts(backend) -> None:
    await backend.seed_account(ACCOUNT)
    await backend.seed_account(OTHER)


async def test_a_new_account_has_nothing(backend) -> None:
    assert await balance(backend) == 0
    async with backend.uow() as uow:
        page = await uow.ledger.history(ACCOUNT, 1, 50)
    assert page.entries == [] and page.total == 0


async def test_postings_move_the_balance_and_record_signed_amounts(backend) -> None:
    granted = await post(backend, grant(10, "g1"), 1)
    assert (granted.type, granted.amount, granted.balance_after, granted.status) == (
        EntryType.GRANT, 10, 10, "completed")
    spent = await post(backend, deduct(3, "d1"), 2)
    assert (spent.amount, spent.balance_after) == (-3, 7)
    back = await post(backend, refund(3, "r1", of="d1"), 3)
    assert (back.type, back.amount, back.balance_after, back.refunds) == (EntryType.REFUND, 3, 10, "d1")
    assert await balance(backend) == 10
    assert await balance(backend, OTHER) == 0


async def test_a_deduction_that_would_overdraw_is_refused_and_writes_nothing(backend) -> None:
    await post(backend, grant(2, "g1"), 1)
    with pytest.raises(InsufficientCredits):
        await post(backend, deduct(3, "d1"), 2)
    assert await balance(backend) == 2
    exact = await post(backend, deduct(2, "d2"), 3)
    assert exact.balance_after == 0


async def test_a_balance_goes_past_32_bits_and_a_refund_on_top_still_applies(backend) -> None:
    for n in range(3):
        await post(backend, grant(MAX_POSTING_CREDITS, f"g{n}"), n + 1)
    await post(backend, deduct(5, "d1"), 4)
    await post(backend, grant(MAX_POSTING_CREDITS, "g3"), 5)
    refunded = await post(backend, refund(5, "r1", of="d1"), 6)
    assert refunded.balance_after == 4 * MAX_POSTING_CREDITS > 2**31
    assert await balance(backend) == 4 * MAX_POSTING_CREDITS


async def test_deducting_from_an_account_never_credited_is_insufficient(backend) -> None:
    with pytest.raises(InsufficientCredits):
        await post(backend, deduct(1, "d1"), 1)


async def test_a_reference_posts_once_and_a_retry_returns_the_first_entry(backend) -> None:
    first = await post(backend, grant(5, "payment:42"), 1)
    again = await post(backend, grant(5, "payment:42"), 2)
    assert again == first
    await post(backend, deduct(1, "send:m1"), 3)
    assert (await post(backend, deduct(1, "send:m1"), 4)).id == ids(1003)
    assert await balance(backend) == 4


async def test_references_are_per_account(backend) -> None:
    await post(backend, grant(5, "g1"), 1, ACCOUNT)
    await post(backend, grant(7, "g1"), 2, OTHER)
    assert (await balance(backend), await balance(backend, OTHER)) == (5, 7)


async def test_a_refund_never_returns_more_than_its_deduction_took(backend) -> None:
    await post(backend, grant(10, "g1"), 1)
    await post(backend, deduct(4, "bulk:b1"), 2)
    await post(backend, refund(3, "refund:m1", of="bulk:b1"), 3)
    with pytest.raises(ValidationError):
        await post(backend, refund(2, "refund:m2", of="bulk:b1"), 4)
    await post(backend, refund(1, "refund:m2", of="bulk:b1"), 5)
    with pytest.raises(ValidationError):
        await post(backend, refund(1, "refund:x", of="no-such-deduction"), 6)
    assert await balance(backend) == 10


async def test_history_is_newest_first_paged_and_counts_every_entry(backend) -> None:
    for n in range(1, 6):
        await post(backend, grant(n, f"g{n}"), n)
    async with backend.uow() as uow:
        first = await uow.ledger.history(ACCOUNT, 1, 2)
        last = await uow.ledger.history(ACCOUNT, 3, 2)
        beyond = await uow.ledger.history(ACCOUNT, 4, 2)
    assert [e.reference for e in first.entries] == ["g5", "g4"]
    assert [e.balance_after for e in first.entries] == [15, 10]
    assert [e.reference for e in last.entries] == ["g1"]
    assert beyond.entries == []
    assert first.total == last.total == 5


async def test_a_rolled_back_posting_leaves_no_trace(backend) -> None:
    async with backend.uow() as uow:
        await uow.ledger.post(ACCOUNT, grant(5, "g1"), ids(1001), T0)
    assert await balance(backend) == 0
    assert (await post(backend, grant(5, "g1"), 2)).balance_after == 5
