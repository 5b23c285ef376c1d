"""The home page's sending figures: today and this month in East Africa Time, and the delivery
rate of the month's messages whose fate is known."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from adapters.memory.store import MemoryStore
from adapters.memory.system import FrozenClock
from adapters.memory.uow import MemoryUnitOfWork
from application.sending.figures import GetSendingFigures, SendingFigures
from domain.messages import MessageStatus
from tests_support import ids, pending_message

ACCOUNT = ids(1)


async def figures_at(now: datetime, *sent: tuple[datetime, MessageStatus]) -> SendingFigures:
    store = MemoryStore()
    async with MemoryUnitOfWork(store) as uow:
        await uow.messages.add_many([pending_message(ids(100 + n), account=ACCOUNT, at=at, status=status)
                                     for n, (at, status) in enumerate(sent)])
        await uow.commit()
    return await GetSendingFigures(lambda: MemoryUnitOfWork(store), FrozenClock(now))(ACCOUNT)


async def test_today_and_this_month_begin_at_midnight_in_dar_es_salaam() -> None:
    now = datetime(2026, 2, 1, 0, 30, tzinfo=UTC)  # 03:30 on 1 February in East Africa Time
    found = await figures_at(
        now,
        (datetime(2026, 1, 31, 21, 0, tzinfo=UTC), MessageStatus.DELIVERED),  # 00:00 on 1 February, EAT
        (datetime(2026, 1, 31, 20, 59, tzinfo=UTC), MessageStatus.DELIVERED),  # 23:59 on 31 January, EAT
        (datetime(2026, 1, 31, 22, 0, tzinfo=UTC), MessageStatus.SENT),
    )
    assert (found.today, found.this_month) == (2, 2)


async def test_the_month_holds_the_days_before_today() -> None:
    now = datetime(2026, 1, 20, 9, 0, tzinfo=UTC)
    found = await figures_at(
        now,
        (now, MessageStatus.PENDING),
        (now - timedelta(days=3), MessageStatus.DELIVERED),
        (datetime(2025, 12, 31, 21, 0, tzinfo=UTC), MessageStatus.FAILED),  # 1 January, EAT
        (datetime(2025, 12, 31, 20, 0, tzinfo=UTC), MessageStatus.FAILED),  # December, EAT
    )
    assert (found.today, found.this_month, found.delivered, found.failed) == (1, 3, 1, 1)


async def test_the_delivery_rate_counts_only_messages_whose_fate_is_known() -> None:
    now = datetime(2026, 1, 20, 9, 0, tzinfo=UTC)
    statuses = [MessageStatus.DELIVERED] * 3 + [MessageStatus.FAILED, MessageStatus.SENT, MessageStatus.PENDING]
    found = await figures_at(now, *((now, status) for status in statuses))
    assert found.delivery_rate == 0.75
    assert (await figures_at(now, (now, MessageStatus.SENT))).delivery_rate is None
    assert (await figures_at(now)).delivery_rate is None
