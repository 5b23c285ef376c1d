"""Housekeeping the worker schedules: expired phone codes are purged every 15 minutes."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta

import psycopg
import pytest

from adapters.memory.system import FrozenClock
from application.phone_verification import PhoneOtp
from entrypoints.container import Container
from entrypoints.worker import build_job_app
from tests_support import ids

ACCOUNT = ids(1)


@pytest.fixture()
async def opened(container: Container, clean_database: str) -> AsyncIterator[Container]:
    pool = container.pool()
    await pool.open(wait=True)
    with psycopg.connect(clean_database, autocommit=True) as conn:
        conn.execute("INSERT INTO accounts (id, email, password_hash, created_at) VALUES (%s, 'a@x.tz', 'x', now())",
                     (ACCOUNT,))
    try:
        yield container
    finally:
        await pool.close()


def test_the_phone_code_purge_is_scheduled_every_15_minutes(container: Container) -> None:
    periodic = build_job_app(container).periodic_registry.periodic_tasks
    assert periodic[("purge_expired_phone_otps", "")].cron == "*/15 * * * *"


async def test_the_scheduled_task_purges_codes_past_the_throttle_window(
        opened: Container, clock: FrozenClock) -> None:
    now = clock.now()
    old = PhoneOtp(account_id=ACCOUNT, phone="+255712000001", code_hash="c", attempts=0,
                   expires_at=now - timedelta(hours=2), sent_at=now - timedelta(hours=2, minutes=5),
                   window_started_at=now - timedelta(hours=2, minutes=5), sends_in_window=1)
    recent = PhoneOtp(account_id=ACCOUNT, phone="+255712000002", code_hash="c", attempts=0,
                      expires_at=now - timedelta(minutes=1), sent_at=now - timedelta(minutes=6),
                      window_started_at=now - timedelta(minutes=6), sends_in_window=1)
    async with opened.uow() as uow:
        await uow.phone_otps.save(old)
        await uow.phone_otps.save(recent)
        await uow.commit()

    task = build_job_app(opened).tasks["purge_expired_phone_otps"]
    assert await task.func() == 1  # type: ignore[call-arg]

    async with opened.uow() as uow:
        assert await uow.phone_otps.get(ACCOUNT, old.phone) is None
        assert await uow.phone_otps.get(ACCOUNT, recent.phone) == recent
