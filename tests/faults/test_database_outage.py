"""PostgreSQL stopped for 5 s in the middle of a burst of sends and a campaign, then started again.

Real processes on a PostgreSQL of the test's own: `ujumbe serve` with its in-process job worker,
and a standalone `ujumbe worker` beside it, sending through the gateway simulator and again through
a node-smpp SMSC peer (SMPP cannot tell a repeated submit, so what the carrier took must never be
submitted again by the other process's reconciler). While the database is away, sends answer 503
(nothing charged) or, when the database went away after the charge, 200 `pending`; readiness names
the job worker reconnecting. Once it is back, nobody restarts anything: the API answers, both
workers reconnect, the outcomes the gateway gave meanwhile are written by the process that got
them, the reconciler settles the rest, and the campaign finishes, every number once.
"""

from __future__ import annotations

import asyncio
import signal
import time
from collections import Counter
from pathlib import Path

import httpx
import pytest

from audit_support import assert_audit_clean
from campaigns_support import numbers, received, seed_list
from faults.conftest import (
    Burst,
    OwnPostgres,
    Processes,
    assert_each_message_settled_once,
    fault_env,
    rows,
    seed_customer,
    simulator_texts,
)
from smsc_peers import SmscPeer, missing_runtime
from tests_support import wait_until

pytestmark = pytest.mark.faults

OUTAGE_SECONDS = 12.0  # longer than transaction 2 is tried again in the process (3.5 s)
CAMPAIGN_NUMBERS = 4000  # several batches: the outage catches the run part-way


@pytest.mark.parametrize("gateway", ["simulator", "node-smpp"])
async def test_the_service_holds_through_a_database_outage_and_recovers_by_itself(
    gateway: str, own_postgres: OwnPostgres, processes_for: list[Processes], start_smsc: object, tmp_path: Path
) -> None:
    env = fault_env(own_postgres.url, tmp_path)
    peer: SmscPeer | None = None
    if gateway != "simulator":
        if reason := missing_runtime(gateway):
            pytest.skip(reason)
        peer = start_smsc(gateway)  # type: ignore[operator]
        env |= {"UJUMBE_GATEWAY": peer.url, "UJUMBE_ALLOW_SIMULATED_PAYMENTS": "1"}
    customer = await seed_customer(env, credits=10_000)
    processes = Processes(env, tmp_path)
    processes_for.append(processes)
    standalone = processes.worker()  # starting while the server does
    processes.serve()
    url = own_postgres.url
    wait_until(lambda: rows(url, "SELECT count(*) FROM procrastinate_workers")[0][0] >= 2, timeout=60)
    status, health = processes.health()
    assert (status, health["data"]["status"], health["data"]["worker"]) == (200, "ok", "running")

    list_id = seed_list(url, customer.account_id, [(phone, "Asha", "") for phone in numbers(CAMPAIGN_NUMBERS)])
    burst = Burst(processes.base_url, customer.api_key)
    sending = asyncio.create_task(burst.run())
    await asyncio.to_thread(wait_until, lambda: len(burst.answers) >= 20, 60)
    created = await asyncio.to_thread(
        httpx.post, f"{processes.base_url}/v1/campaigns/", headers={"X-API-Key": customer.api_key}, timeout=30,
        json={"name": "Ofa", "message": "Habari {first_name}", "contact_list_id": list_id})
    assert created.status_code == 201, created.text
    campaign_id = created.json()["data"]["id"]
    # The outage comes once the campaign's run is under way (part-way, on any machine this slow).
    await asyncio.to_thread(wait_until, lambda: rows(
        url, "SELECT batches_paid > 0 OR status = 'completed' FROM campaigns") == [(True,)], 60)
    last_worker_before = rows(url, "SELECT coalesce(max(id), 0) FROM procrastinate_workers")[0][0]
    stopped_at = time.monotonic()
    await asyncio.to_thread(own_postgres.stop)

    # The in-process worker is seen reconnecting at once, not minutes later.
    ready = await asyncio.to_thread(
        wait_until, lambda: (answer := processes.health("/health/ready"))[0] == 503
        and "job worker (reconnecting" in answer[1]["error"]["message"] and answer, 30)
    assert ready[1]["error"]["code"] == "service_unavailable"
    await asyncio.sleep(max(0.0, stopped_at + OUTAGE_SECONDS - time.monotonic()))  # the outage lasts its 5 s
    await asyncio.to_thread(own_postgres.start)

    # Nobody restarts anything: the API answers again, and both workers are back.
    await asyncio.to_thread(wait_until, lambda: (health := processes.health())[0] == 200
                            and health[1]["data"]["status"] == "ok" and health[1]["data"]["worker"] == "running", 30)
    assert standalone.poll() is None, processes.log(standalone)
    await asyncio.to_thread(wait_until, lambda: rows(
        url, "SELECT count(*) FROM procrastinate_workers WHERE id > %s", last_worker_before)[0][0] >= 2, 60)
    await sending
    after = httpx.post(f"{processes.base_url}/v1/sms/", headers={"X-API-Key": customer.api_key}, timeout=30,
                       json={"to": "+255754099999", "message": "After the outage"})
    assert after.status_code == 200 and after.json()["data"]["status"] == "sent", after.text

    # Every answer is one a client can act on: sent/failed/pending with a message id, or a 503.
    statuses = burst.statuses()
    assert set(statuses) <= {"sent", "pending", 503} and not burst.cut, (statuses, burst.cut)
    assert all(body["error"]["code"] == "service_unavailable" for status, body in burst.answers.values()
               if status == 503)
    wait_until(lambda: rows(url, "SELECT status FROM campaigns WHERE id = %s", campaign_id) == [("completed",)], 90)
    wait_until(lambda: rows(url, "SELECT count(*) FROM messages WHERE status = 'pending'") == [(0,)], 60)

    if peer is None:
        assert_each_message_settled_once(url, burst, simulator_texts(url))
        got = received(url, customer.account_id)
    else:  # counted at the carrier: by number, by text and by the carrier's message id
        at_carrier = peer.received()
        assert max(Counter(r.message_id for r in at_carrier).values()) == 1
        assert_each_message_settled_once(url, burst, Counter(r.text for r in at_carrier))
        got = ["+" + r.destination_addr for r in at_carrier]
    assert len(got) == len(set(got))  # nobody twice, campaign and burst alike
    assert set(numbers(CAMPAIGN_NUMBERS)) <= set(got)
    assert rows(url, "SELECT sent_count, failed_count FROM campaigns WHERE id = %s", campaign_id) == [
        (CAMPAIGN_NUMBERS, 0)]
    assert_audit_clean(env)


async def test_a_worker_waiting_for_its_database_stops_at_once_on_sigterm(
    own_postgres: OwnPostgres, processes_for: list[Processes], tmp_path: Path
) -> None:
    processes = Processes(fault_env(own_postgres.url, tmp_path), tmp_path)
    processes_for.append(processes)
    worker = processes.worker()
    wait_until(lambda: rows(own_postgres.url, "SELECT count(*) FROM procrastinate_workers")[0][0] == 1, timeout=60)
    own_postgres.stop()
    wait_until(lambda: "reconnecting to the database" in processes.log(worker), timeout=45)
    assert worker.poll() is None  # waiting for the database, not gone

    worker.send_signal(signal.SIGTERM)
    assert worker.wait(timeout=20) == 0, processes.log(worker)
