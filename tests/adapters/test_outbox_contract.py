"""The unit of work and the event outbox behave alike in memory and in PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from application.ports import OutboxEvent
from tests_support import ids

ACCOUNT = ids(1)
T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def event(n: int) -> OutboxEvent:
    return OutboxEvent(id=ids(100 + n), account_id=ACCOUNT, type="message.sent",
                       data={"message_id": f"m{n}"}, created_at=T0 + timedelta(seconds=n))


async def test_committed_events_are_listed_oldest_first_until_dispatched(backend) -> None:
    await backend.seed_account(ACCOUNT)
    async with backend.uow() as uow:
        await uow.events.add(event(2))
        await uow.events.add(event(1))
        await uow.commit()
    async with backend.uow() as uow:
        listed = await uow.events.undispatched(limit=10)
        assert [e.data["message_id"] for e in listed] == ["m1", "m2"]
        assert listed[0] == event(1)
        await uow.events.mark_dispatched(ACCOUNT, event(1).id, T0)
        await uow.commit()
    async with backend.uow() as uow:
        assert [e.id for e in await uow.events.undispatched(limit=10)] == [event(2).id]


async def test_events_are_marked_dispatched_together(backend) -> None:
    await backend.seed_account(ACCOUNT)
    async with backend.uow() as uow:
        await uow.events.add_many([event(1), event(2), event(3)])
        await uow.commit()
    async with backend.uow() as uow:
        await uow.events.mark_all_dispatched([event(1), event(3)], T0)
        await uow.events.mark_all_dispatched([], T0)
        await uow.commit()
    async with backend.uow() as uow:
        assert [e.id for e in await uow.events.undispatched(limit=10)] == [event(2).id]


async def test_leaving_without_commit_writes_nothing(backend) -> None:
    await backend.seed_account(ACCOUNT)
    async with backend.uow() as uow:
        await uow.events.add(event(1))
    async with backend.uow() as uow:
        assert await uow.events.undispatched(limit=10) == []


async def test_an_exception_rolls_back_the_whole_block(backend) -> None:
    await backend.seed_account(ACCOUNT)
    with pytest.raises(RuntimeError):
        async with backend.uow() as uow:
            await uow.events.add(event(1))
            raise RuntimeError("use case failed")
    async with backend.uow() as uow:
        assert await uow.events.undispatched(limit=10) == []


async def test_explicit_rollback_undoes_work_since_the_last_commit(backend) -> None:
    await backend.seed_account(ACCOUNT)
    async with backend.uow() as uow:
        await uow.events.add(event(1))
        await uow.commit()
        await uow.events.add(event(2))
        await uow.rollback()
    async with backend.uow() as uow:
        assert [e.id for e in await uow.events.undispatched(limit=10)] == [event(1).id]


async def test_add_many_records_every_event_in_the_transaction(backend) -> None:
    await backend.seed_account(ACCOUNT)
    async with backend.uow() as uow:
        await uow.events.add_many([event(n) for n in range(1, 4)])
        await uow.commit()
    async with backend.uow() as uow:
        await uow.events.add_many([event(9)])  # rolled back: never committed
    async with backend.uow() as uow:
        assert await uow.events.undispatched(limit=10) == [event(1), event(2), event(3)]
