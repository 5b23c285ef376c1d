"""A worker killed mid-job (kill -9) loses nothing and duplicates nothing: real worker processes.

Worker 1 takes a webhook delivery and dies while the receiver has not answered. Its heartbeat
stops; worker 2's stalled-job recovery puts the job back, and worker 2 delivers it. The
delivery ends succeeded with exactly one recorded attempt (the dead worker's never committed).

Worker 1 runs a campaign and dies part-way (some numbers sent, most not): worker 2 picks the run
up and finishes it, every number sent exactly once and charged exactly once.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path

import psycopg
import pytest

from application.campaigns.creation import CampaignRequest
from application.credits.balance import Grant
from application.ports import OutboxEvent
from campaigns_support import charged_for_sent, ledger, numbers, received, seed_list
from entrypoints.container import Container
from entrypoints.settings import Settings
from running_app import stop
from tests_support import ids, wait_until
from webhook_receiver import WebhookReceiver


@pytest.fixture()
def worker_env(clean_database: str, tmp_path: Path, settings: Settings) -> dict[str, str]:
    # the key this test's container seals webhook secrets under, as every process of one service shares it
    return {**os.environ, "UJUMBE_DATABASE_URL": clean_database, "UJUMBE_DATA_DIR": str(tmp_path),
            "UJUMBE_SECRET_KEY": str(settings.secret_key),
            "UJUMBE_WEBHOOKS_ALLOW_PRIVATE": "1", "UJUMBE_JOBS_HEARTBEAT": "0.5",
            "UJUMBE_JOBS_STALLED_AFTER": "5"}  # 10 missed beats: a loaded machine is not a dead worker


@pytest.fixture()
def workers(worker_env: dict[str, str], tmp_path: Path) -> Iterator[Callable[[], subprocess.Popen[bytes]]]:
    started: list[subprocess.Popen[bytes]] = []

    def start() -> subprocess.Popen[bytes]:
        log = open(tmp_path / f"worker{len(started)}.log", "wb")  # noqa: SIM115 (closed with the process)
        proc = subprocess.Popen([sys.executable, "-m", "entrypoints.cli.main", "worker"], env=worker_env,
                                stdout=log, stderr=log)
        started.append(proc)
        return proc

    yield start
    for proc in started:
        if proc.poll() is None:
            stop(proc)


@pytest.fixture()
async def services(container: Container) -> AsyncIterator[Container]:
    pool = container.pool()
    await pool.open(wait=True)
    await container.job_app().open_async()
    try:
        yield container
    finally:
        await container.job_app().close_async()
        await pool.close()


def rows(url: str, query: str) -> list[tuple]:  # type: ignore[type-arg]
    with psycopg.connect(url) as conn:
        return conn.execute(query).fetchall()


async def test_a_job_whose_worker_is_killed_is_run_again_by_another_worker_once(
    services: Container, clean_database: str, workers: Callable[[], subprocess.Popen[bytes]]
) -> None:
    account = ids(1)
    with psycopg.connect(clean_database, autocommit=True) as conn:
        conn.execute("INSERT INTO accounts (id, email, password_hash, created_at) VALUES (%s, 'a@x.tz', 'x', now())",
                     (account,))
    with WebhookReceiver(hang_first=True) as receiver:
        await services.register_webhook()(account, receiver.url, ["message.sent"])
        async with services.uow() as uow:  # committing the event queues its dispatch
            await uow.events.add(OutboxEvent(id=ids(50), account_id=account, type="message.sent",
                                             data={"message_id": "m-1"}, created_at=services.clock().now()))
            await uow.commit()

        first = workers()
        receiver.wait_for(lambda got: len(got) == 1)  # worker 1 is mid-POST, the receiver holds on
        assert rows(clean_database, "SELECT status::text FROM procrastinate_jobs"
                                    " WHERE task_name = 'deliver_webhook'") == [("doing",)]
        first.kill()  # SIGKILL: no clean-up, no goodbye to the queue
        first.wait()

        workers()
        got = receiver.wait_for(lambda got: len(got) >= 2, timeout=40)
        wait_until(lambda: rows(clean_database, "SELECT status FROM webhook_deliveries") == [("succeeded",)])

    assert len(got) == 2 and got[0].headers["webhook-id"] == got[1].headers["webhook-id"] == ids(50)
    assert rows(clean_database, "SELECT attempts, last_status_code FROM webhook_deliveries") == [(1, 200)]
    assert rows(clean_database, "SELECT attempt, status_code FROM webhook_attempts") == [(1, 200)]
    assert rows(clean_database, "SELECT status::text FROM procrastinate_jobs"
                                " WHERE task_name = 'deliver_webhook'") == []  # succeeded jobs are removed


CAMPAIGN_NUMBERS = 10_000  # ten batches: the run is caught part-way, whatever the machine's speed


async def test_a_campaign_whose_worker_is_killed_mid_run_is_finished_by_another_worker_once(
    services: Container, clean_database: str, workers: Callable[[], subprocess.Popen[bytes]]
) -> None:
    account = ids(1)
    with psycopg.connect(clean_database, autocommit=True) as conn:
        conn.execute("INSERT INTO accounts (id, email, password_hash, created_at) VALUES (%s, 'a@x.tz', 'x', now())",
                     (account,))
    await services.grant_credits()(Grant(account, CAMPAIGN_NUMBERS))
    list_id = seed_list(clean_database, account, [(phone, "Asha", "") for phone in numbers(CAMPAIGN_NUMBERS)])
    campaign = await services.create_campaign()(CampaignRequest(account, "Ofa", "Habari {first_name}", list_id))
    progress = f"SELECT status, batches_paid FROM campaigns WHERE id = '{campaign.id}'"

    first = workers()
    wait_until(lambda: len(received(clean_database, account)) > 0, timeout=60)  # the run is under way
    with psycopg.connect(clean_database) as holder:  # the run needs the campaign row for its next batch
        holder.execute("SELECT 1 FROM campaigns WHERE id = %s FOR UPDATE", (campaign.id,))
        sent_before = len(received(clean_database, account))
        assert rows(clean_database, progress)[0][0] == "running" and 0 < sent_before < CAMPAIGN_NUMBERS
        first.kill()  # SIGKILL mid-run: whatever it held is rolled back, nothing said to the queue
        first.wait()
        holder.rollback()

    workers()
    wait_until(lambda: rows(clean_database, progress)[0][0] == "completed", timeout=90)
    got = received(clean_database, account)
    assert len(got) == len(set(got)) == CAMPAIGN_NUMBERS  # nobody twice, nobody skipped
    entries = ledger(clean_database, account)
    assert entries["deduct"] - entries.get("refund", 0) == charged_for_sent(clean_database, campaign.id)
    assert charged_for_sent(clean_database, campaign.id) == CAMPAIGN_NUMBERS
    assert rows(clean_database, f"SELECT sent_count, failed_count FROM campaigns WHERE id = '{campaign.id}'") == [
        (CAMPAIGN_NUMBERS, 0)]
