"""Group commit of single sends: concurrent `add_paid` and `record_sent` calls share
one statement and one commit on PostgreSQL, and each caller still gets exactly the verdict it
would get if the calls ran one after another. The same assertions run on the memory adapter."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import psycopg
import pytest

from adapters.postgres.database import create_pool
from adapters.postgres.group_commit import group_commits
from adapters.postgres.sending.grouped_sends import pay_in_order
from adapters.postgres.uow import PostgresUnitOfWork
from application.ports import OutboxEvent, SenderId
from domain.errors import InsufficientCredits
from domain.ledger import EntryType, Posting
from domain.messages import Message, MessageStatus, SubmitOutcome
from tests_support import ids, pending_message, until

ONE, TWO = ids(1), ids(2)
T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def message(n: int, account: str = ONE, credits: int = 1) -> Message:
    return pending_message(ids(1000 + n), account=account, at=T0, credits=credits, body=f"Habari {n}")


def deduction(m: Message) -> Posting:
    return Posting(type=EntryType.DEDUCT, credits=m.credits_used, description=f"SMS to {m.to}",
                   reference=m.deduction_reference)


async def grant(backend: Any, account: str, credits: int) -> None:
    async with backend.uow() as uow:
        await uow.ledger.post(account, Posting(type=EntryType.GRANT, credits=credits, description="grant",
                                               reference=f"grant:{account}"), ids(9000), T0)
        await uow.commit()


async def pay(backend: Any, m: Message) -> bool:
    """True when paid, False when refused for want of credits."""
    try:
        async with backend.uow() as uow:
            await uow.messages.add_paid(m, deduction(m), ids(5000 + uuid.UUID(m.id).int), T0)
            await uow.commit()
    except InsufficientCredits:
        return False
    return True


async def ledger_of(backend: Any, account: str) -> tuple[int, list[Any]]:
    async with backend.uow() as uow:
        return await uow.ledger.balance(account), (await uow.ledger.history(account, 1, 1000)).entries


def assert_ledger_consistent(balance: int, entries: Sequence[Any]) -> None:
    """Balance = sum of amounts = newest balance_after; each balance_after is the running sum."""
    running = 0
    for entry in reversed(entries):  # oldest first
        running += entry.amount
        assert entry.balance_after == running >= 0
    assert balance == running == entries[0].balance_after


@pytest.fixture
async def two_accounts(backend: Any) -> Any:
    await backend.seed_account(ONE)
    await backend.seed_account(TWO)
    return backend


async def test_fifty_concurrent_paid_messages_on_a_balance_for_ten(two_accounts: Any) -> None:
    backend = two_accounts
    await grant(backend, ONE, 10)
    paid = await asyncio.gather(*(pay(backend, message(n)) for n in range(50)))
    assert sum(paid) == 10
    balance, entries = await ledger_of(backend, ONE)
    assert balance == 0 and len(entries) == 11
    assert_ledger_consistent(balance, entries)
    async with backend.uow() as uow:
        stored = [await uow.messages.get(ONE, message(n).id) is not None for n in range(50)]
    assert stored == paid


async def test_a_group_across_accounts_judges_each_account_on_its_own_balance(two_accounts: Any) -> None:
    backend = two_accounts
    await grant(backend, ONE, 7)
    await grant(backend, TWO, 3)
    # interleaved, with two-credit messages, so a refused item can be followed by one that fits
    sends = [message(n, ONE if n % 2 else TWO, credits=1 + n % 3 // 2) for n in range(30)]
    paid = await asyncio.gather(*(pay(backend, m) for m in sends))
    for account, granted in ((ONE, 7), (TWO, 3)):
        balance, entries = await ledger_of(backend, account)
        spent = sum(m.credits_used for m, ok in zip(sends, paid) if ok and m.account_id == account)
        assert balance == granted - spent >= 0
        assert balance < 2 if any(not ok and m.account_id == account for m, ok in zip(sends, paid)) else True
        assert_ledger_consistent(balance, entries)
        assert len(entries) == 1 + sum(1 for m, ok in zip(sends, paid) if ok and m.account_id == account)


def sent(m: Message) -> SubmitOutcome:
    return SubmitOutcome(m.id, MessageStatus.SENT, f"ref-{m.id}", None, m.credits_used, m.cost)


def event(m: Message, n: int) -> OutboxEvent:
    return OutboxEvent(id=ids(7000 + n), account_id=m.account_id, type="message.sent",
                       data={"message_id": m.id}, created_at=T0)


async def test_concurrent_outcomes_move_each_message_once_with_one_event(two_accounts: Any) -> None:
    backend = two_accounts
    messages = [message(n, ONE if n % 2 else TWO) for n in range(20)]
    async with backend.uow() as uow:
        await uow.messages.add_many([m for m in messages if m.account_id == ONE])
        await uow.messages.add_many([m for m in messages if m.account_id == TWO])
        await uow.commit()

    async def record(m: Message, n: int) -> list[str]:
        async with backend.uow() as uow:
            moved: list[str] = await uow.messages.record_sent(m.account_id, [sent(m)], {m.id: event(m, n)}, T0)
            await uow.commit()
        return moved

    # every message twice (a send and a reconciler racing): each moves once, with one event
    calls = [record(m, n) for n, m in enumerate(messages)] + [record(m, 100 + n) for n, m in enumerate(messages)]
    moved = await asyncio.gather(*calls)
    assert sorted(i for ids_moved in moved for i in ids_moved) == sorted(m.id for m in messages)
    async with backend.uow() as uow:
        events = await uow.events.undispatched(100)
        stored = [await uow.messages.get(m.account_id, m.id) for m in messages]
    assert sorted(e.data["message_id"] for e in events) == sorted(m.id for m in messages)
    assert all(s is not None and s.status == MessageStatus.SENT for s in stored)


# --- PostgreSQL only: the groups really form, and one item's failure stays its own ----------

@pytest.fixture
async def pool(clean_database: str) -> Any:
    pool = create_pool(clean_database, min_size=1, max_size=16)
    await pool.open(wait=True)
    async with pool.connection() as conn:
        for account in (ONE, TWO):
            await conn.execute("INSERT INTO accounts (id, email, password_hash, created_at)"
                               " VALUES (%s, %s, 'x', %s)", (account, f"{account}@example.test", T0))
    try:
        yield pool
    finally:
        await pool.close()


class Recording:
    """Wraps a group commit's statement to see the groups it runs."""

    def __init__(self, group_commit: Any, *, first_waits_for: int = 0) -> None:
        self.sizes: list[int] = []
        self._group = group_commit
        self._statement = group_commit._statement
        self._first_waits_for = first_waits_for  # callers queued behind the first statement before it runs
        group_commit._statement = self

    async def __call__(self, conn: Any, items: Sequence[Any]) -> Any:
        if self._first_waits_for and not self.sizes:  # on a busy machine the callers may otherwise come one by one
            await until(lambda: len(self._group._waiting) >= self._first_waits_for, timeout=10)
        self.sizes.append(len(items))
        return await self._statement(conn, items)


async def paid_in_postgres(pool: Any, m: Message, entry: str) -> bool | str:
    try:
        async with PostgresUnitOfWork(pool) as uow:
            appended: bool = await uow.messages.add_paid(m, deduction(m), entry, T0)
            await uow.commit()
    except InsufficientCredits:
        return "refused"
    except psycopg.Error as exc:
        return type(exc).__name__
    return appended


async def test_concurrent_sends_share_statements_and_a_reference_posted_before_is_not_paid_twice(pool: Any) -> None:
    recording = Recording(group_commits(pool).of(pay_in_order))
    async with PostgresUnitOfWork(pool) as uow:
        await uow.ledger.post(ONE, Posting(type=EntryType.GRANT, credits=100, description="grant",
                                           reference="grant:1"), ids(9000), T0)
        await uow.commit()
    # message 0 twice in one group: paid once, the repeat is "posted before"
    verdicts = await asyncio.gather(*(paid_in_postgres(pool, message(n % 12), ids(5000 + n)) for n in range(13)))
    assert sorted(map(str, verdicts)) == ["False"] + ["True"] * 12
    assert max(recording.sizes) > 1 and sum(recording.sizes) == 13
    async with PostgresUnitOfWork(pool) as uow:
        assert await uow.ledger.balance(ONE) == 88
        entries = (await uow.ledger.history(ONE, 1, 100)).entries
    assert [e.balance_after for e in entries] == list(range(88, 101))
    async with pool.connection() as conn:
        seqs = await (await conn.execute("SELECT seq FROM ledger_entries WHERE account_id = %s ORDER BY seq",
                                         (ONE,))).fetchall()
    assert [s for (s,) in seqs] == list(range(1, 14))


async def test_an_item_that_fails_its_group_fails_alone(pool: Any) -> None:
    async with PostgresUnitOfWork(pool) as uow:
        await uow.ledger.post(ONE, Posting(type=EntryType.GRANT, credits=10, description="grant",
                                           reference="grant:1"), ids(9000), T0)
        await uow.messages.add_many([message(3)])  # message 3's id is taken: its insert must fail
        await uow.commit()
    clash = Message(**{**{f: getattr(message(3), f) for f in Message.__dataclass_fields__}, "body": "again"})
    items = [message(1), message(2), message(4)]
    verdicts = await asyncio.gather(
        *(paid_in_postgres(pool, m, ids(5000 + n)) for n, m in enumerate(items)),
        paid_in_postgres(pool, clash, ids(5100)),
    )
    assert verdicts == [True, True, True, "UniqueViolation"]
    async with PostgresUnitOfWork(pool) as uow:
        assert await uow.ledger.balance(ONE) == 7
        assert (await uow.messages.get(ONE, message(3).id)).body == "Habari 3"


async def test_a_unit_of_work_with_an_open_transaction_pays_inside_it(pool: Any) -> None:
    recording = Recording(group_commits(pool).of(pay_in_order))
    async with PostgresUnitOfWork(pool) as uow:
        await uow.ledger.post(ONE, Posting(type=EntryType.GRANT, credits=1, description="grant",
                                           reference="grant:1"), ids(9000), T0)
        assert await uow.messages.add_paid(message(1), deduction(message(1)), ids(5001), T0)
        with pytest.raises(InsufficientCredits):
            await uow.messages.add_paid(message(2), deduction(message(2)), ids(5002), T0)
        await uow.rollback()
    assert recording.sizes == []  # no group: the statements ran in the transaction
    async with PostgresUnitOfWork(pool) as uow:
        assert await uow.ledger.balance(ONE) == 0  # the grant went with the rollback
        assert await uow.messages.get(ONE, message(1).id) is None


async def test_concurrent_key_lookups_share_a_select_and_a_revoked_key_is_refused_at_once(pool: Any) -> None:
    from adapters.postgres.accounts.accounts import PostgresApiKeyLookup, keys_by_hash
    from application.ports import ApiKey

    recording = Recording(group_commits(pool).of(keys_by_hash))
    keys = [ApiKey(id=ids(300 + n), account_id=ONE if n % 2 else TWO, name=f"k{n}", prefix="uj_live_x",
                   key_hash=f"hash-{n}", created_at=T0) for n in range(6)]
    async with PostgresUnitOfWork(pool) as uow:
        for key in keys:
            await uow.api_keys.add(key)
        await uow.commit()

    lookup = PostgresApiKeyLookup(pool).by_hash
    borrowed_before = pool.get_stats().get("requests_num", 0)
    found = await asyncio.gather(*(lookup(f"hash-{n % 7}") for n in range(14)))
    assert [f.key if f else None for f in found] == [keys[n % 7] if n % 7 < 6 else None for n in range(14)]
    assert [f.plan for f in found if f] == ["free"] * 12
    assert max(recording.sizes) > 1
    # Only each group's leader borrowed a connection, for its statement.
    assert pool.get_stats().get("requests_num", 0) - borrowed_before == len(recording.sizes)
    async with PostgresUnitOfWork(pool) as uow:
        assert await uow.api_keys.revoke(ONE, keys[1].id, T0)
        await uow.commit()
    again = await asyncio.gather(*(lookup(f"hash-{n}") for n in range(6)))
    assert [f.key.revoked_at is not None for f in again if f] == [n == 1 for n in range(6)]


async def test_sends_under_a_registered_sender_still_share_statements(pool: Any) -> None:
    # The sender check comes first in a send's unit of work; it must leave no transaction open,
    # or the debit after it would run alone (most real sends name a registered sender).
    recording = Recording(group_commits(pool).of(pay_in_order))
    async with PostgresUnitOfWork(pool) as uow:
        await uow.ledger.post(ONE, Posting(type=EntryType.GRANT, credits=10, description="grant",
                                           reference="grant:1"), ids(9000), T0)
        await uow.senders.add(ONE, SenderId("DUKA", T0))
        await uow.commit()

    async def send(n: int) -> bool:
        async with PostgresUnitOfWork(pool) as uow:
            assert await uow.senders.is_registered(ONE, "DUKA")
            appended: bool = await uow.messages.add_paid(message(n), deduction(message(n)), ids(5000 + n), T0)
            await uow.commit()
        return appended

    assert await asyncio.gather(*(send(n) for n in range(8))) == [True] * 8
    assert max(recording.sizes) > 1 and sum(recording.sizes) == 8
